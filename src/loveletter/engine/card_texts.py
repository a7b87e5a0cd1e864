"""What players read of each card: its names in each theme and language, how its
French name takes an article, and its effect text in each language; the phrases made
of them ("the Guard", "l'Espionne", "two Guards").

Everything about one card is its :class:`CardTexts` in :data:`CARD_TEXTS`, by card id.
The rules data (values, decks, editions) is in :mod:`.cards`, whose
:class:`~loveletter.engine.Edition` asks this module for the texts of its theme.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from .grammar import Gender, definite, number_word, plural, typeset

#: The languages of every text.
LANGUAGES = ("en", "fr")
#: The theme every other theme falls back to for the names it does not give.
STANDARD_THEME = "standard"

#: When an effect text has a variant: ``names_value``, the card names a value at this
#: table instead of a card (the Guard with 5-8 Premium players, R14); ``twins_bonus``,
#: the edition has the twin-princess bonus (R27).
Variant = Literal["names_value", "twins_bonus"]


@dataclass(frozen=True, slots=True)
class Name:
    """A card's name in one language and theme, and how it takes the definite article.

    In French ``gender`` ("m", "f", "p" for a plural) chooses the article; English
    says "the" ("The Ogre" keeps its own: "the Ogre"). A proper name has no article
    (``article=False``): "Claire the Spy", "Claire l'espionne".
    """

    text: str
    gender: Gender | None = None
    article: bool = True

    @property
    def short(self) -> str:
        """The name without the character in brackets: "Garde" for "Garde (Odette)"."""
        return self.text.split(" (")[0]

    def phrase(self, lang: str) -> str:
        """The short name with its definite article: "the Guard", "l'Espionne"."""
        short = self.short
        if not self.article:
            return short
        if lang == "en":
            return "the " + short.removeprefix("The ")
        if self.gender is None:
            raise ValueError(f"the name {self.text!r} needs its gender for an article")
        return definite(short, self.gender, lang)


def en(text: str, *, article: bool = True) -> Name:
    """An English name."""
    return Name(text, None, article)


def fr(text: str, gender: Gender | None) -> Name:
    """A French name and its gender; None for a proper name, said without article."""
    return Name(text, gender, gender is not None)


@dataclass(frozen=True, slots=True)
class CardTexts:
    """Everything a player reads of one card.

    - ``names[theme][lang]``: its name; a theme that does not give one uses the
      standard theme's.
    - ``effects[lang]``: its effect, a template in which ``{the_<card id>}`` is that
      card's name with its article, in the edition's theme.
    - ``variants[variant][lang]``: the effect instead, where that :data:`Variant` holds.
    """

    names: Mapping[str, Mapping[str, Name]]
    effects: Mapping[str, str]
    variants: Mapping[Variant, Mapping[str, str]] = field(default_factory=dict)

    def name(self, theme: str, lang: str) -> Name:
        """Its name in ``theme`` and ``lang``."""
        own = self.names.get(theme, {}).get(lang)
        return own if own is not None else self.names[STANDARD_THEME][lang]

    def effect(self, lang: str, variants: Collection[Variant] = ()) -> str:
        """Its effect template in ``lang``: the first of its variants that holds, or
        the plain one."""
        for variant, texts in self.variants.items():
            if variant in variants:
                return texts[lang]
        return self.effects[lang]


_TEXTS: dict[str, CardTexts] = {
    "spy": CardTexts(
        names={
            "standard": {"en": en("Spy"), "fr": fr("Espionne", "f")},
            "princess": {
                "en": en("Claire the Spy", article=False),
                "fr": fr("Claire l'espionne", None),
            },
        },
        effects={
            "en": "No effect when played or discarded. At the end of the round, if you are "
            "the only player still in the round with a copy of this card in your discard "
            "pile, gain 1 token (only one, even with both).",
            "fr": "Aucun effet quand elle est jouée ou défaussée. À la fin de la manche, si "
            "vous êtes le seul joueur encore en lice à avoir un exemplaire de cette carte "
            "dans votre défausse, gagnez 1 jeton (un seul, même avec les deux).",
        },
    ),
    "guard": CardTexts(
        names={
            "standard": {"en": en("Guard"), "fr": fr("Garde", "m")},
            "classic": {"fr": fr("Garde (Odette)", "m")},
        },
        effects={
            "en": "Choose another player and name a card other than {the_guard}. If that "
            "player holds it, they are out of the round.",
            "fr": "Choisissez un autre joueur et nommez une carte autre que {the_guard}. "
            "S'il l'a en main, il quitte la manche.",
        },
        variants={
            "names_value": {
                "en": "Choose another player and name a number other than 1. If that "
                "player's card has that value, they are out of the round.",
                "fr": "Choisissez un autre joueur et nommez un nombre autre que 1. Si sa "
                "carte a cette valeur, il quitte la manche.",
            },
        },
    ),
    "priest": CardTexts(
        names={
            "standard": {"en": en("Priest"), "fr": fr("Prêtre", "m")},
            "classic": {"fr": fr("Prêtre (Tomas)", "m")},
            "princess": {"en": en("The King's Advisors"), "fr": fr("Conseillers du roi", "p")},
        },
        effects={
            "en": "Choose another player and look at their hand in secret.",
            "fr": "Choisissez un autre joueur et regardez sa main en secret.",
        },
    ),
    "baron": CardTexts(
        names={
            "standard": {"en": en("Baron"), "fr": fr("Baron", "m")},
            "classic": {"fr": fr("Baron (Talus)", "m")},
            "princess": {
                "en": en("The Palace Librarian"),
                "fr": fr("Bibliothécaire du palais", "f"),
            },
        },
        effects={
            "en": "Choose another player and compare hands in secret. The lower value is "
            "out of the round; on a tie nothing happens.",
            "fr": "Choisissez un autre joueur et comparez vos mains en secret. La plus "
            "faible valeur quitte la manche ; en cas d'égalité, rien ne se passe.",
        },
    ),
    "handmaid": CardTexts(
        names={
            "standard": {"en": en("Handmaid"), "fr": fr("Servante", "f")},
            "classic": {"fr": fr("Servante (Susannah)", "f")},
            "princess": {
                "en": en("Oliver the Dragon", article=False),
                "fr": fr("Oliver le dragon", None),
            },
        },
        effects={
            "en": "Until the start of your next turn, other players' cards cannot choose you.",
            "fr": "Jusqu'au début de votre prochain tour, les cartes des autres joueurs ne "
            "peuvent pas vous choisir.",
        },
    ),
    "prince": CardTexts(
        names={
            "standard": {"en": en("Prince"), "fr": fr("Prince", "m")},
            "classic": {"fr": fr("Prince (Arnaud)", "m")},
            "princess": {
                "en": en("Prince Vladric", article=False),
                "fr": fr("Prince Vladric", "m"),
            },
        },
        effects={
            "en": "Choose any player, yourself included. They discard their hand without "
            "its effect and draw a new card (the set-aside card if the deck is empty). "
            "Discarding {the_princess} knocks them out.",
            "fr": "Choisissez un joueur, vous compris. Il défausse sa main sans effet et "
            "pioche une nouvelle carte (la carte écartée si la pioche est vide). "
            "Défausser {the_princess} l'élimine.",
        },
    ),
    "chancellor": CardTexts(
        names={
            "standard": {"en": en("Chancellor"), "fr": fr("Chancelier", "m")},
            "princess": {
                # One Amira and one Sadie, the same card: the rulebook calls
                # either "une Princesse", and so does the game.
                "en": en("Princess"),
                "fr": fr("Princesse", "f"),
            },
        },
        effects={
            "en": "Draw 2 cards. Keep one of the cards in your hand and put the others "
            "under the deck in the order you choose. With an empty deck, no effect.",
            "fr": "Piochez 2 cartes. Gardez une des cartes de votre main et placez les "
            "autres sous la pioche dans l'ordre de votre choix. Pioche vide : aucun effet.",
        },
        variants={
            "twins_bonus": {
                "en": "Draw 2 cards. Keep one of the cards in your hand and put the others "
                "under the deck in the order you choose. At the end of the round, if you "
                "and exactly one other player still in the round have each played or "
                "discarded a Princess, you each gain 1 token.",
                "fr": "Piochez 2 cartes. Gardez une des cartes de votre main et placez les "
                "autres sous la pioche dans l'ordre de votre choix. À la fin de la manche, "
                "si vous et exactement un autre joueur encore en lice avez joué ou "
                "défaussé une Princesse, vous gagnez chacun 1 jeton.",
            },
        },
    ),
    "king": CardTexts(
        names={
            "standard": {"en": en("King"), "fr": fr("Roi", "m")},
            "classic": {"fr": fr("Roi (Arnaud IV)", "m")},
            "princess": {"en": en("The Ghost King"), "fr": fr("Roi fantôme", "m")},
        },
        effects={
            "en": "Choose another player and trade hands with them.",
            "fr": "Choisissez un autre joueur et échangez vos mains.",
        },
    ),
    "countess": CardTexts(
        names={
            "standard": {"en": en("Countess"), "fr": fr("Comtesse", "f")},
            "classic": {"fr": fr("Comtesse (Wilhelmina)", "f")},
            "princess": {
                "en": en("Celeste the Unicorn", article=False),
                "fr": fr("Céleste la licorne", None),
            },
        },
        effects={
            "en": "No effect when played. You must play this card if your other card is "
            "{the_king} or {the_prince}.",
            "fr": "Aucun effet quand cette carte est jouée. Vous devez la jouer si votre "
            "autre carte est {the_king} ou {the_prince}.",
        },
    ),
    "princess": CardTexts(
        names={
            "standard": {"en": en("Princess"), "fr": fr("Princesse", "f")},
            "classic": {"fr": fr("Princesse (Annette)", "f")},
            "princess": {"en": en("The Ogre"), "fr": fr("Ogre", "m")},
        },
        effects={
            "en": "If you play or discard this card for any reason, you are out of the round.",
            "fr": "Si vous jouez ou défaussez cette carte, pour quelque raison que ce soit, "
            "vous quittez la manche.",
        },
    ),
    "assassin": CardTexts(
        names={"standard": {"en": en("Assassin"), "fr": fr("Assassin", "m")}},
        effects={
            "en": "While in your hand: a player who chooses you with {the_guard} is out "
            "instead; reveal and discard the Assassin, then draw a new card. No effect "
            "when played.",
            "fr": "Tant qu'il est dans votre main : le joueur qui vous choisit avec "
            "{the_guard} quitte la manche à votre place ; révélez et défaussez "
            "l'Assassin, puis piochez une carte. Aucun effet quand il est joué.",
        },
    ),
    "jester": CardTexts(
        names={"standard": {"en": en("Jester"), "fr": fr("Bouffon", "m")}},
        effects={
            "en": "Choose another player and give them the Jester token. If they win this "
            "round, you gain 1 token.",
            "fr": "Choisissez un autre joueur et donnez-lui le jeton Bouffon. S'il gagne "
            "cette manche, vous gagnez 1 jeton.",
        },
    ),
    "cardinal": CardTexts(
        names={"standard": {"en": en("Cardinal"), "fr": fr("Cardinal", "m")}},
        effects={
            "en": "Choose two players (you may be one); they trade hands. Then you may "
            "look at one of those two hands.",
            "fr": "Choisissez deux joueurs (vous pouvez en être) ; ils échangent leurs "
            "mains. Vous pouvez ensuite regarder l'une de ces deux mains.",
        },
    ),
    "baroness": CardTexts(
        names={"standard": {"en": en("Baroness"), "fr": fr("Baronne", "f")}},
        effects={
            "en": "Choose one or two other players and look at their hands in secret.",
            "fr": "Choisissez un ou deux autres joueurs et regardez leur main en secret.",
        },
    ),
    "sycophant": CardTexts(
        names={"standard": {"en": en("Sycophant"), "fr": fr("Flagorneur", "m")}},
        effects={
            "en": "Choose any player. The next card played that chooses players must choose them.",
            "fr": "Choisissez un joueur. La prochaine carte jouée qui choisit des joueurs "
            "doit le choisir.",
        },
    ),
    "count": CardTexts(
        names={"standard": {"en": en("Count"), "fr": fr("Comte", "m")}},
        effects={
            "en": "No effect when played. At the showdown, each Count in your discard pile "
            "adds 1 to the value of your hand.",
            "fr": "Aucun effet quand il est joué. Lors de la révélation finale, chaque "
            "Comte de votre défausse ajoute 1 à la valeur de votre main.",
        },
    ),
    "constable": CardTexts(
        names={"standard": {"en": en("Constable"), "fr": fr("Connétable", "m")}},
        effects={
            "en": "No effect when played. If you are knocked out with the Constable in "
            "your discard pile, gain 1 token.",
            "fr": "Aucun effet quand il est joué. Si vous quittez la manche avec le "
            "Connétable dans votre défausse, gagnez 1 jeton.",
        },
    ),
    "dowager_queen": CardTexts(
        names={"standard": {"en": en("Dowager Queen"), "fr": fr("Reine douairière", "f")}},
        effects={
            "en": "Choose another player and compare hands in secret. The higher value is "
            "out of the round; on a tie nothing happens.",
            "fr": "Choisissez un autre joueur et comparez vos mains en secret. La plus "
            "forte valeur quitte la manche ; en cas d'égalité, rien ne se passe.",
        },
    ),
    "bishop": CardTexts(
        names={"standard": {"en": en("Bishop"), "fr": fr("Évêque", "m")}},
        effects={
            "en": "Choose another player and name a number other than 1. If their card has "
            "that value, gain 1 token; they may then discard their hand and draw a new "
            "one. The Princess beats the Bishop at the showdown.",
            "fr": "Choisissez un autre joueur et nommez un nombre autre que 1. Si sa carte "
            "a cette valeur, gagnez 1 jeton ; il peut alors défausser sa main et en "
            "piocher une nouvelle. La Princesse bat l'Évêque lors de la révélation finale.",
        },
    ),
}

#: Every card's texts, by card id (:func:`~loveletter.engine.register_card` adds some).
CARD_TEXTS: Mapping[str, CardTexts] = _TEXTS


def add_card_texts(card: str, texts: CardTexts) -> None:
    """Add a card's texts to :data:`CARD_TEXTS`: :func:`~loveletter.engine.register_card`
    does it, with the card's kind and effect, after checking them."""
    _TEXTS[card] = texts


def card_name(theme: str, card: str, lang: str) -> str:
    """A card's display name in a theme: "Garde (Odette)", "The Ogre"."""
    return CARD_TEXTS[card].name(theme, lang).text


@cache  # every log line names cards: the phrases are made once
def card_phrase(theme: str, card: str, lang: str) -> str:
    """A card's short name with its definite article: "the Guard", "l'Espionne"."""
    return CARD_TEXTS[card].name(theme, lang).phrase(lang)


def cards_phrase(theme: str, card: str, number: int, lang: str) -> str:
    """Several copies of a card: "two Guards", "deux Gardes"; a theme's own name
    is counted in cards ("two Prince Vladric cards", "deux cartes Prince Vladric").
    One copy is :func:`card_phrase`."""
    if number == 1:
        return card_phrase(theme, card, lang)
    texts = CARD_TEXTS[card]
    name = texts.name(theme, lang).short
    words = number_word(number, lang)
    if name != texts.name(STANDARD_THEME, lang).short:
        name = name.removeprefix("The ")
        return f"{words} {name} cards" if lang == "en" else f"{words} cartes {name}"
    return f"{words} {plural(name, lang)}"


def effect_text(theme: str, card: str, lang: str, variants: Collection[Variant] = ()) -> str:
    """A card's effect in words, naming cards as ``theme`` does; the text of the
    first of its ``variants`` that it has, else its plain one."""
    template = typeset(CARD_TEXTS[card].effect(lang, variants), lang)
    phrases = {f"the_{other}": card_phrase(theme, other, lang) for other in CARD_TEXTS}
    return template.format_map(phrases)
