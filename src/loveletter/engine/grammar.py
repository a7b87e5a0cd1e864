"""The grammar of what players read, in English and French.

Sentences are templates written in the third person whose fields are :class:`Person`
and :class:`Group` values: a person knows whether they are the reader, and the
template asks it for the words that depend on that (``{p}`` "Ana" or "you",
``{p[plays]}`` "plays" or "play", ``{p:their}`` "their" or "your", ``{p:de}``
"d'Ana"). The functions below give the rest: French elision and contractions,
articles, a/an, plurals with counts, lists, and French typography. Nothing here
patches a finished sentence: names and cards are never rewritten.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

#: The space French puts before ``: ; ! ?`` and inside ``« »``: a no-break space, so
#: that a line never starts with the mark.
NBSP = "\u00a0"

Gender = Literal["m", "f", "p"]  # masculine, feminine, plural

_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüÿœæ")
_ELIDED = frozenset({"de", "que", "le", "la", "ne", "se", "jusque"})


def vowel_sound(word: str) -> bool:
    """Whether a French word starts with a vowel sound (a mute h counts; "Yann" does not)."""
    first = word[:1].lower()
    if first == "y":
        return len(word) < 2 or word[1].lower() not in _VOWELS
    return first == "h" or first in _VOWELS


def elide(word: str, following: str, lang: str = "fr") -> str:
    """``word`` then ``following``, elided in French: "de" + "Ana" is "d'Ana"."""
    if lang == "fr" and word.lower() in _ELIDED and vowel_sound(following):
        return f"{word[:-1]}'{following}"
    return f"{word} {following}"


def definite(name: str, gender: Gender, lang: str) -> str:
    """A name with its definite article: "the Guard", "le Garde", "l'Espionne"."""
    if lang == "en":
        return "the " + name
    return elide({"m": "le", "f": "la", "p": "les"}[gender], name)


_CONTRACTIONS = {("à", "le"): "au", ("à", "les"): "aux", ("de", "le"): "du", ("de", "les"): "des"}


def contract(preposition: str, phrase: str, lang: str = "fr") -> str:
    """A preposition before a noun phrase: "à" + "le Bouffon" is "au Bouffon"."""
    article, _, rest = phrase.partition(" ")
    merged = _CONTRACTIONS.get((preposition, article)) if lang == "fr" else None
    if merged is not None and rest:
        return f"{merged} {rest}"
    return elide(preposition, phrase, lang)


def indefinite(word: str, lang: str, gender: Gender = "m") -> str:
    """A word with its indefinite article: "a 7", "an 8", "an Assassin", "un 8"."""
    if lang == "fr":
        return ("une " if gender == "f" else "un ") + word
    return ("an " if _an(word) else "a ") + word


def _an(word: str) -> bool:
    """Whether English says "an" before this word, as it is spoken."""
    if word[:1].isdigit():  # eight, eleven, eighteen, eighty...
        return word.startswith("8") or word in ("11", "18")
    lower = word.lower()
    if lower.startswith(("uni", "use", "usu", "eu", "one", "once")):
        return False
    return lower[:1] in "aeiou" or lower.startswith(("hour", "honest", "honour", "heir"))


def is_singular(number: int, lang: str) -> bool:
    """Whether a noun after ``number`` is singular: 1 in English, 0 and 1 in French."""
    return number == 1 or (lang == "fr" and number == 0)


def count(number: int, singular: str, lang: str, plural: str | None = None) -> str:
    """A number and its noun: "1 token", "2 tokens", "0 jeton"."""
    return f"{number} {singular if is_singular(number, lang) else plural or singular + 's'}"


_NUMBER_WORDS = {
    "en": ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight"),
    "fr": ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit"),
}


def number_word(number: int, lang: str) -> str:
    """A small number in words ("two", "trois"); digits from nine on."""
    words = _NUMBER_WORDS[lang]
    return words[number] if 0 <= number < len(words) else str(number)


def plural(noun: str, lang: str) -> str:
    """A noun's plural by the regular rules: "Spies", "Countesses", "Cardinaux";
    each word of a noun and its adjective agrees ("Reines douairières")."""
    if lang == "fr":
        return " ".join(_plural_fr(word) for word in noun.split(" "))
    if noun.endswith(("s", "sh", "ch", "x", "z")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1].lower() not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def _plural_fr(word: str) -> str:
    if word.endswith(("s", "x", "z")):
        return word
    if word.endswith("al"):
        return word[:-2] + "aux"
    if word.endswith(("au", "eu")):
        return word + "x"
    return word + "s"


def join(items: Iterable[str], lang: str) -> str:
    """A list in words: "Ana", "Ana and Bruno", "Ana, Bruno and Chloé"."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + (" and " if lang == "en" else " et ") + words[-1]


def capitalize(text: str) -> str:
    """A sentence starting with a capital letter: "you win" is "You win"."""
    return text[:1].upper() + text[1:]


_FIELD = re.compile(r"(\{[^{}]*\})")
_BEFORE_MARK = re.compile(r"[ \u00a0]*([;!?»]|:(?!//))")  # not the colon of "https://"
_AFTER_GUILLEMET = re.compile(r"«[ \u00a0]*")


def typeset(template: str, lang: str) -> str:
    """A template with French spacing: a no-break space before ``: ; ! ? »`` and after
    ``«`` (its ``{fields}`` are left alone). English is unchanged."""
    if lang != "fr":
        return template
    parts = _FIELD.split(template)
    for index in range(0, len(parts), 2):  # the text between fields
        text = _BEFORE_MARK.sub(NBSP + r"\1", parts[index])
        parts[index] = _AFTER_GUILLEMET.sub("«" + NBSP, text)
    return "".join(parts)


def typeset_all(templates: Mapping[str, str], lang: str) -> dict[str, str]:
    """Every template of a table typeset for ``lang``."""
    return {key: typeset(text, lang) for key, text in templates.items()}


# --- persons -----------------------------------------------------------------------------

_EN_VERBS = {"is": "are", "has": "have", "does": "do", "was": "were"}
_EN_READER_WORDS = {
    "they": "you",
    "them": "you",
    "their": "your",
    "themselves": "yourself",
}
#: French verbs, third person (singular or plural) -> second person plural.
_FR_VERBS = {
    "a": "avez",
    "choisit": "choisissez",
    "compare": "comparez",
    "défausse": "défaussez",
    "donne": "donnez",
    "échange": "échangez",
    "échangent": "échangez",
    "est": "êtes",
    "gagne": "gagnez",
    "garde": "gardez",
    "joue": "jouez",
    "nomme": "nommez",
    "perd": "perdez",
    "peut": "pouvez",
    "pioche": "piochez",
    "place": "placez",
    "prend": "prenez",
    "quitte": "quittez",
    "reçoit": "recevez",
    "regarde": "regardez",
    "remporte": "remportez",
    "remportent": "remportez",
    "révèle": "révélez",
    "voit": "voyez",
}
_FR_READER_WORDS = {"sa": "votre", "son": "votre", "ses": "vos", "se": "vous", "lui": "vous"}


def _en_base(verb: str) -> str:
    """An English verb's plain form from its third person singular: "plays" -> "play"."""
    if verb in _EN_VERBS:
        return _EN_VERBS[verb]
    if verb.endswith("es") and verb[:-2].endswith(("ch", "sh", "ss", "x", "zz", "o")):
        return verb[:-2]
    if verb.endswith("s"):
        return verb[:-1]
    raise ValueError(f"not a verb in the third person singular: {verb!r}")


class Person:
    """A player in a sentence: named, or "you" when they are the reader.

    In a template: ``{p}`` the name or "you"/"vous"; ``{p[plays]}``, ``{p[joue]}`` a
    verb given in the third person, agreeing with the person; ``{p:their}``,
    ``{p:themselves}``, ``{p:sa}``, ``{p:se}``... a third-person pronoun or
    possessive, or the reader's; ``{p:'s}`` "Ana's" or "your"; ``{p:hand}`` "Ana's
    hand", "votre main", "la main d'Ana"; ``{p:other_hand}`` a second hand after a
    first one: "Ana's", "yours", "celle d'Ana", "la vôtre"; ``{p:de}``, ``{p:que}``
    "d'Ana", "qu'Ana".
    """

    __slots__ = ("lang", "name", "reader")

    def __init__(self, name: str, lang: str, *, reader: bool = False) -> None:
        self.name = name
        self.lang = lang
        self.reader = reader

    def __str__(self) -> str:
        return format(self)

    def __format__(self, spec: str) -> str:
        english = self.lang == "en"
        if not spec:
            return ("you" if english else "vous") if self.reader else self.name
        if spec == "'s" and english:
            return "your" if self.reader else f"{self.name}'s"
        if spec == "hand":
            if english:
                return "your hand" if self.reader else f"{self.name}'s hand"
            return "votre main" if self.reader else "la main " + format(self, "de")
        if spec == "other_hand":
            if english:
                return "yours" if self.reader else f"{self.name}'s"
            return "la vôtre" if self.reader else "celle " + format(self, "de")
        if spec in ("de", "que") and not english:
            return elide(spec, format(self))
        words = _EN_READER_WORDS if english else _FR_READER_WORDS
        if spec in words:
            return words[spec] if self.reader else spec
        raise ValueError(f"unknown person form {spec!r} in {self.lang!r}")

    def __getitem__(self, verb: str) -> str:
        """``verb``, given in the third person singular, agreeing with this person."""
        if not self.reader:
            return verb
        return _en_base(verb) if self.lang == "en" else _FR_VERBS[verb]


class Group:
    """Several players as one subject: "Ana and Bruno", "Bruno et vous".

    ``{g[trade]}``, ``{g[échangent]}`` a verb in the third person plural, agreeing
    (in French, "vous" among them makes it second person); ``{g:their}``,
    ``{g:leurs}`` their possessive.
    """

    __slots__ = ("lang", "members")

    def __init__(self, members: Sequence[Person], lang: str) -> None:
        self.members = list(members)
        self.lang = lang

    @property
    def has_reader(self) -> bool:
        """Whether the reader is one of them."""
        return any(member.reader for member in self.members)

    def __str__(self) -> str:
        return format(self)

    def __format__(self, spec: str) -> str:
        if not spec:
            return join(map(format, self.members), self.lang)
        second = {"their": "your", "leurs": "vos", "leur": "votre"}
        if spec in second:
            return second[spec] if self.has_reader else spec
        raise ValueError(f"unknown group form {spec!r} in {self.lang!r}")

    def __getitem__(self, verb: str) -> str:
        """``verb``, given in the third person plural, agreeing with the group."""
        if self.lang == "fr" and self.has_reader:
            return _FR_VERBS[verb]
        return verb
