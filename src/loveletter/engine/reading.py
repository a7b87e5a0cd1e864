"""Actions as people type them: in the notation, but with the card names of their
language and of the edition's theme ("garde 1 prêtre", "Oliver le dragon"), in any
case, with or without accents.

:func:`read_action` is for interfaces where a person types; it gives the same
interned :class:`~loveletter.engine.Action` as the canonical notation, which is what
is shown and stored. Records and programs use the strict
:func:`~loveletter.engine.parse_action`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping
from functools import cache

from .actions import Action, parse_action
from .card_texts import STANDARD_THEME, card_name, card_phrase
from .cards import CARD_KINDS, Edition
from .errors import NotationError
from .explain import notation_error

#: The second steps' words in French, besides the notation's own.
_STEP_WORDS = {
    "garder": "keep",
    "regarder": "look",
    "defausser": "discard",
    "aucun": "none",
    "aucune": "none",
}


def read_action(text: str, edition: Edition, lang: str = "en") -> Action:
    """The action a person typed; raise NotationError if it is not one.

    Card names of ``lang`` and of the edition's theme are read as their ids (the
    longest name wins: "roi fantôme" before "roi"); every other word is
    read as in the notation. A name the player reads outranks an id: in Princesse
    Princesse, "princess" is the 6 and "ogre" the 9.
    """
    aliases = _aliases(edition.theme, lang, tuple(CARD_KINDS))
    longest = max(len(words) for words in aliases)
    typed = text.split()
    plain = [_plain(word) for word in typed]
    canonical: list[str] = []
    spoken: dict[str, str] = {}  # a word of the notation -> the words typed for it
    index = 0
    while index < len(typed):
        for size in range(min(longest, len(typed) - index), 0, -1):
            card = aliases.get(tuple(plain[index : index + size]))
            if card is not None:
                canonical.append(card)
                spoken.setdefault(card, " ".join(typed[index : index + size]))
                index += size
                break
        else:
            canonical.append(typed[index])
            index += 1
    try:
        return parse_action(" ".join(canonical))
    except NotationError as error:  # told with the words typed, not the notation's
        details = {
            name: spoken.get(value, value) if isinstance(value, str) else value
            for name, value in error.details.items()
        }
        if details == error.details:
            raise
        raise notation_error(error.reason, **details) from None


def _plain(text: str) -> str:
    """A word as it is compared: lower case, without accents, straight apostrophes."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().replace("\u2019", "'"))
    return "".join(char for char in decomposed if not unicodedata.combining(char))


@cache
def _aliases(theme: str, lang: str, cards: tuple[str, ...]) -> Mapping[tuple[str, ...], str]:
    """Every name one of ``cards`` (every card known: a key of the cache, which
    grows when a card is registered) may be typed by in this theme and language, as
    plain words.

    The first owner of a name keeps it: the theme's names in ``lang`` (what the
    player reads), then card ids, then the theme's names in English, then the
    standard names of ``lang`` and of English.
    """
    aliases: dict[tuple[str, ...], str] = {}

    def add(name: str, word: str) -> None:
        aliases.setdefault(tuple(_plain(name).split()), word)

    for card in cards:  # what the player reads first: "Princess" is a 6 in its theme
        for name in _names(theme, lang, card):
            add(name, card)
    for card in cards:
        add(card, card)
        add(card.replace("_", " "), card)
    for word, step in _STEP_WORDS.items():
        add(word, step)
    for names_theme, names_lang in ((theme, "en"), (STANDARD_THEME, lang), (STANDARD_THEME, "en")):
        for card in cards:
            for name in _names(names_theme, names_lang, card):
                add(name, card)
    return aliases


def _names(theme: str, lang: str, card: str) -> Iterator[str]:
    """The ways to say a card's name in a theme: "Garde (Odette)", "Garde", "Odette",
    "le Garde"."""
    full = card_name(theme, card, lang)
    short, _, character = full.partition(" (")
    yield full
    yield short
    if character:
        yield character.rstrip(")")
    yield card_phrase(theme, card, lang)
