"""When two display names are the same name: what looks alike counts as alike.

Names are compared by their *skeleton*: compatibility-decomposed (NFKD: "Ana" in
fullwidth letters is "Ana", "Zoé" is "Zoe" and a combining accent), without the
characters drawn as nothing (variation selectors, the combining grapheme joiner…),
the letters drawn as a blank (the Braille blank, the Hangul fillers) read as spaces,
Cyrillic and Greek letters that look like Latin ones replaced by them ("Ana" with a
Cyrillic capital A is "Ana", and a Cyrillic "ё" is a Latin "ë": its letter is
replaced, its accent kept), composed again (NFKC), then case-folded.
The table below is this project's own short list of such letters, not Unicode's
whole confusables list (UTS #39), which would need a data file: it covers the
letters of those two scripts that are drawn like Latin letters in common fonts.
"""

from __future__ import annotations

import unicodedata

#: Latin letters, and the Cyrillic and Greek letters drawn like them (by Unicode name).
_LOOKALIKES = {
    "A": ("CYRILLIC CAPITAL LETTER A", "GREEK CAPITAL LETTER ALPHA"),
    "B": ("CYRILLIC CAPITAL LETTER VE", "GREEK CAPITAL LETTER BETA"),
    "C": ("CYRILLIC CAPITAL LETTER ES", "GREEK CAPITAL LUNATE SIGMA SYMBOL"),
    "E": ("CYRILLIC CAPITAL LETTER IE", "GREEK CAPITAL LETTER EPSILON"),
    "H": ("CYRILLIC CAPITAL LETTER EN", "GREEK CAPITAL LETTER ETA"),
    "I": (
        "CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I",
        "CYRILLIC LETTER PALOCHKA",
        "GREEK CAPITAL LETTER IOTA",
    ),
    "J": ("CYRILLIC CAPITAL LETTER JE",),
    "K": ("CYRILLIC CAPITAL LETTER KA", "GREEK CAPITAL LETTER KAPPA"),
    "M": ("CYRILLIC CAPITAL LETTER EM", "GREEK CAPITAL LETTER MU"),
    "N": ("GREEK CAPITAL LETTER NU",),
    "O": ("CYRILLIC CAPITAL LETTER O", "GREEK CAPITAL LETTER OMICRON"),
    "P": ("CYRILLIC CAPITAL LETTER ER", "GREEK CAPITAL LETTER RHO"),
    "Q": ("CYRILLIC CAPITAL LETTER QA",),
    "S": ("CYRILLIC CAPITAL LETTER DZE",),
    "T": ("CYRILLIC CAPITAL LETTER TE", "GREEK CAPITAL LETTER TAU"),
    "W": ("CYRILLIC CAPITAL LETTER WE",),
    "X": ("CYRILLIC CAPITAL LETTER HA", "GREEK CAPITAL LETTER CHI"),
    "Y": (
        "CYRILLIC CAPITAL LETTER U",
        "CYRILLIC CAPITAL LETTER STRAIGHT U",
        "GREEK CAPITAL LETTER UPSILON",
    ),
    "Z": ("GREEK CAPITAL LETTER ZETA",),
    "a": ("CYRILLIC SMALL LETTER A", "GREEK SMALL LETTER ALPHA"),
    "c": ("CYRILLIC SMALL LETTER ES", "GREEK LUNATE SIGMA SYMBOL"),
    "d": ("CYRILLIC SMALL LETTER KOMI DE",),
    "e": ("CYRILLIC SMALL LETTER IE",),
    "h": ("CYRILLIC SMALL LETTER SHHA",),
    "i": ("CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I", "GREEK SMALL LETTER IOTA"),
    "j": ("CYRILLIC SMALL LETTER JE", "GREEK LETTER YOT"),
    "k": ("GREEK SMALL LETTER KAPPA",),
    "l": ("CYRILLIC SMALL LETTER PALOCHKA",),
    "o": ("CYRILLIC SMALL LETTER O", "GREEK SMALL LETTER OMICRON"),
    "p": ("CYRILLIC SMALL LETTER ER", "GREEK SMALL LETTER RHO"),
    "q": ("CYRILLIC SMALL LETTER QA",),
    "s": ("CYRILLIC SMALL LETTER DZE",),
    "u": ("GREEK SMALL LETTER UPSILON",),
    "v": ("GREEK SMALL LETTER NU",),
    "w": ("CYRILLIC SMALL LETTER WE", "GREEK SMALL LETTER OMEGA"),
    "x": ("CYRILLIC SMALL LETTER HA", "GREEK SMALL LETTER CHI"),
    "y": (
        "CYRILLIC SMALL LETTER U",
        "CYRILLIC SMALL LETTER STRAIGHT U",
        "GREEK SMALL LETTER GAMMA",
    ),
}
#: Characters drawn as nothing that a name may hold (format characters, category Cf,
#: are refused in names): the combining grapheme joiner, the Khmer inherent vowels,
#: the Mongolian variation selectors and the variation selectors.
_INVISIBLE = [
    "\u034f",
    "\u17b4",
    "\u17b5",
    *map(chr, range(0x180B, 0x1810)),
    *map(chr, range(0xFE00, 0xFE10)),
    *map(chr, range(0xE0100, 0xE01F0)),
]
#: Letters drawn as a blank: the Braille blank and the Hangul fillers.
BLANKS = "\u2800\u3164\u115f\u1160\uffa0"
_TO_LATIN = {
    unicodedata.lookup(name): latin for latin, names in _LOOKALIKES.items() for name in names
}
_TO_SKELETON = str.maketrans(
    {
        **_TO_LATIN,
        **dict.fromkeys(_INVISIBLE),
        **dict.fromkeys(BLANKS, " "),
    }
)


def name_key(name: str) -> str:
    """The skeleton of a display name: names with the same key look the same."""
    skeleton = unicodedata.normalize("NFKD", name).translate(_TO_SKELETON)
    return unicodedata.normalize("NFKC", " ".join(skeleton.split())).casefold()
