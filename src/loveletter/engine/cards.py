"""Cards and editions as data: how each kind of card is played, and per edition its
values, counts, names and effect texts.

Card ids are the stable English ids used in code, notation and records. Everything a
player reads (names, effect texts) is data here, per language and per theme, so the
rules code never spells a card's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Literal

from .grammar import Gender, definite, number_word, plural, typeset_all

LANGUAGES = ("en", "fr")


class Choice(StrEnum):
    """Whom a card chooses when it is played."""

    NOBODY = "nobody"
    OTHER = "other"  # one other player
    ANY = "any"  # one player, the player included (R12)
    OTHERS = "others"  # one or two other players (the Baroness, R33)
    TWO = "two"  # two players, the player may be one (the Cardinal, R32)


#: How many seats an action names, for each way of choosing (besides none: R11).
_SEAT_COUNTS: Mapping[Choice, tuple[int, ...]] = {
    Choice.NOBODY: (),
    Choice.OTHER: (1,),
    Choice.ANY: (1,),
    Choice.OTHERS: (1, 2),
    Choice.TWO: (2,),
}


@dataclass(frozen=True, slots=True)
class CardKind:
    """How a kind of card is played, in every edition: whom it chooses, what it names,
    and the second step its effect may open.

    - ``names``: ``card`` for a card id (the Guard; a value instead where the rules
      say so, R14), ``value`` for a value (the Bishop, R38), None for nothing.
    - ``step``: the phase its effect may lead to (``chancellor``, ``cardinal``,
      ``bishop``: a :class:`~loveletter.engine.Phase` value), None if none.
    """

    id: str
    chooses: Choice = Choice.NOBODY
    names: Literal["card", "value"] | None = None
    step: Literal["chancellor", "cardinal", "bishop"] | None = None

    @property
    def chooses_players(self) -> bool:
        """Whether playing it chooses players when some can be chosen (R11)."""
        return self.chooses is not Choice.NOBODY

    @property
    def may_choose_self(self) -> bool:
        """Whether the player may be among the chosen (R12, R32)."""
        return self.chooses is Choice.ANY or self.chooses is Choice.TWO

    @property
    def seat_counts(self) -> tuple[int, ...]:
        """How many seats an action of this card may name, when it names any."""
        return _SEAT_COUNTS[self.chooses]


def _kinds(*kinds: CardKind) -> Mapping[str, CardKind]:
    return {kind.id: kind for kind in kinds}


#: Every kind of card of every edition, by id.
CARD_KINDS: Mapping[str, CardKind] = _kinds(
    CardKind("spy"),
    CardKind("guard", Choice.OTHER, names="card"),
    CardKind("priest", Choice.OTHER),
    CardKind("baron", Choice.OTHER),
    CardKind("handmaid"),
    CardKind("prince", Choice.ANY),
    CardKind("chancellor", step="chancellor"),
    CardKind("king", Choice.OTHER),
    CardKind("countess"),
    CardKind("princess"),
    CardKind("assassin"),
    CardKind("jester", Choice.OTHER),
    CardKind("cardinal", Choice.TWO, step="cardinal"),
    CardKind("baroness", Choice.OTHERS),
    CardKind("sycophant", Choice.ANY),
    CardKind("count"),
    CardKind("constable"),
    CardKind("dowager_queen", Choice.OTHER),
    CardKind("bishop", Choice.OTHER, names="value", step="bishop"),
)


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One kind of card in a deck: its id, printed value and number of copies."""

    id: str
    value: int
    count: int


def _deck(*entries: tuple[str, int, int]) -> tuple[CardSpec, ...]:
    return tuple(CardSpec(card, value, count) for card, value, count in entries)


CLASSIC_DECK = _deck(
    ("guard", 1, 5),
    ("priest", 2, 2),
    ("baron", 3, 2),
    ("handmaid", 4, 2),
    ("prince", 5, 2),
    ("king", 6, 1),
    ("countess", 7, 1),
    ("princess", 8, 1),
)

DECK_2019 = _deck(
    ("spy", 0, 2),
    ("guard", 1, 6),  # R0: the seed says 5, the 21-card deck needs 6
    ("priest", 2, 2),
    ("baron", 3, 2),
    ("handmaid", 4, 2),
    ("prince", 5, 2),
    ("chancellor", 6, 2),
    ("king", 7, 1),
    ("countess", 8, 1),
    ("princess", 9, 1),
)

DECK_2019_CLASSIC = _deck(
    ("guard", 1, 5),
    ("priest", 2, 2),
    ("baron", 3, 2),
    ("handmaid", 4, 2),
    ("prince", 5, 2),
    ("king", 7, 1),
    ("countess", 8, 1),
    ("princess", 9, 1),
)

PREMIUM_DECK = _deck(
    ("assassin", 0, 1),
    ("jester", 0, 1),
    ("guard", 1, 8),
    ("priest", 2, 2),
    ("cardinal", 2, 2),
    ("baron", 3, 2),
    ("baroness", 3, 2),
    ("handmaid", 4, 2),
    ("sycophant", 4, 2),
    ("prince", 5, 2),
    ("count", 5, 2),
    ("king", 6, 1),
    ("constable", 6, 1),
    ("countess", 7, 1),
    ("dowager_queen", 7, 1),
    ("princess", 8, 1),
    ("bishop", 9, 1),
)


# --- names ---------------------------------------------------------------------------

_STANDARD_EN = {
    "spy": "Spy",
    "guard": "Guard",
    "priest": "Priest",
    "baron": "Baron",
    "handmaid": "Handmaid",
    "prince": "Prince",
    "chancellor": "Chancellor",
    "king": "King",
    "countess": "Countess",
    "princess": "Princess",
    "assassin": "Assassin",
    "jester": "Jester",
    "cardinal": "Cardinal",
    "baroness": "Baroness",
    "sycophant": "Sycophant",
    "count": "Count",
    "constable": "Constable",
    "dowager_queen": "Dowager Queen",
    "bishop": "Bishop",
}

_STANDARD_FR = {
    "spy": "Espionne",
    "guard": "Garde",
    "priest": "Prêtre",
    "baron": "Baron",
    "handmaid": "Servante",
    "prince": "Prince",
    "chancellor": "Chancelier",
    "king": "Roi",
    "countess": "Comtesse",
    "princess": "Princesse",
    "assassin": "Assassin",
    "jester": "Bouffon",
    "cardinal": "Cardinal",
    "baroness": "Baronne",
    "sycophant": "Flagorneur",
    "count": "Comte",
    "constable": "Connétable",
    "dowager_queen": "Reine douairière",
    "bishop": "Évêque",
}

_CLASSIC_FR = {
    **_STANDARD_FR,
    "guard": "Garde (Odette)",
    "priest": "Prêtre (Tomas)",
    "baron": "Baron (Talus)",
    "handmaid": "Servante (Susannah)",
    "prince": "Prince (Arnaud)",
    "king": "Roi (Arnaud IV)",
    "countess": "Comtesse (Wilhelmina)",
    "princess": "Princesse (Annette)",
}

_PRINCESS_EN = {
    **_STANDARD_EN,
    "spy": "Claire the Spy",
    "priest": "The King's Advisors",
    "baron": "The Palace Librarian",
    "handmaid": "Oliver the Dragon",
    "prince": "Prince Vladric",
    "chancellor": "Princess Amira / Sadie",
    "king": "The Ghost King",
    "countess": "Celeste the Unicorn",
    "princess": "The Ogre",
}

_PRINCESS_FR = {
    **_STANDARD_FR,
    "spy": "Claire l'espionne",
    "priest": "Conseillers du roi",
    "baron": "Bibliothécaire du palais",
    "handmaid": "Oliver le dragon",
    "prince": "Prince Vladric",
    "chancellor": "Princesse Amira / Sadie",
    "king": "Roi fantôme",
    "countess": "Céleste la licorne",
    "princess": "Ogre",
}

#: Display names per theme, then per language, then per card id.
THEMES: Mapping[str, Mapping[str, Mapping[str, str]]] = {
    "classic": {"en": _STANDARD_EN, "fr": _CLASSIC_FR},
    "standard": {"en": _STANDARD_EN, "fr": _STANDARD_FR},
    "princess": {"en": _PRINCESS_EN, "fr": _PRINCESS_FR},
}


# --- effect texts -----------------------------------------------------------------------
# Templates: {name_of_<card>} is replaced by that card's name in the edition's theme.

_EFFECTS_EN = {
    "spy": "No effect when played or discarded. At the end of the round, if you are the "
    "only player still in the round with a Spy in your discard pile, gain 1 token "
    "(only one, even with both).",
    "guard": "Choose another player and name a card other than {the_guard}. If that player "
    "holds it, they are out of the round.",
    "guard_numbers": "Choose another player and name a number other than 1. If that "
    "player's card has that value, they are out of the round.",
    "priest": "Choose another player and look at their hand in secret.",
    "baron": "Choose another player and compare hands in secret. The lower value is out of "
    "the round; on a tie nothing happens.",
    "handmaid": "Until the start of your next turn, other players' cards cannot choose you.",
    "prince": "Choose any player, yourself included. They discard their hand without its "
    "effect and draw a new card (the set-aside card if the deck is empty). Discarding "
    "{the_princess} knocks them out.",
    "chancellor": "Draw 2 cards. Keep one of the cards in your hand and put the others "
    "under the deck in the order you choose. With an empty deck, no effect.",
    "chancellor_twins": "Draw 2 cards. Keep one of the cards in your hand and put the "
    "others under the deck in the order you choose. At the end of the round, if you and "
    "exactly one other player still in the round have each played or discarded a "
    "Princess, you each gain 1 token.",
    "king": "Choose another player and trade hands with them.",
    "countess": "No effect when played. You must play this card if your other card is "
    "{the_king} or {the_prince}.",
    "princess": "If you play or discard this card for any reason, you are out of the round.",
    "assassin": "While in your hand: a player who chooses you with {the_guard} is out "
    "instead; reveal and discard the Assassin, then draw a new card. No effect when "
    "played.",
    "jester": "Choose another player and give them the Jester token. If they win this "
    "round, you gain 1 token.",
    "cardinal": "Choose two players (you may be one); they trade hands. Then you may look "
    "at one of those two hands.",
    "baroness": "Choose one or two other players and look at their hands in secret.",
    "sycophant": "Choose any player. The next card played that chooses players must choose them.",
    "count": "No effect when played. At the showdown, each Count in your discard pile "
    "adds 1 to the value of your hand.",
    "constable": "No effect when played. If you are knocked out with the Constable in "
    "your discard pile, gain 1 token.",
    "dowager_queen": "Choose another player and compare hands in secret. The higher value "
    "is out of the round; on a tie nothing happens.",
    "bishop": "Choose another player and name a number other than 1. If their card has "
    "that value, gain 1 token; they may then discard their hand and draw a new one. "
    "The Princess beats the Bishop at the showdown.",
}

_EFFECTS_FR = {
    "spy": "Aucun effet quand elle est jouée ou défaussée. À la fin de la manche, si vous "
    "êtes le seul joueur encore en lice à avoir une Espionne dans votre défausse, gagnez "
    "1 jeton (un seul, même avec les deux).",
    "guard": "Choisissez un autre joueur et nommez une carte autre que {the_guard}. S'il "
    "l'a en main, il quitte la manche.",
    "guard_numbers": "Choisissez un autre joueur et nommez un nombre autre que 1. Si sa "
    "carte a cette valeur, il quitte la manche.",
    "priest": "Choisissez un autre joueur et regardez sa main en secret.",
    "baron": "Choisissez un autre joueur et comparez vos mains en secret. La plus faible "
    "valeur quitte la manche ; en cas d'égalité, rien ne se passe.",
    "handmaid": "Jusqu'au début de votre prochain tour, les cartes des autres joueurs ne "
    "peuvent pas vous choisir.",
    "prince": "Choisissez un joueur, vous compris. Il défausse sa main sans effet et "
    "pioche une nouvelle carte (la carte écartée si la pioche est vide). Défausser "
    "{the_princess} l'élimine.",
    "chancellor": "Piochez 2 cartes. Gardez une des cartes de votre main et placez les "
    "autres sous la pioche dans l'ordre de votre choix. Pioche vide : aucun effet.",
    "chancellor_twins": "Piochez 2 cartes. Gardez une des cartes de votre main et placez "
    "les autres sous la pioche dans l'ordre de votre choix. À la fin de la manche, si "
    "vous et exactement un autre joueur encore en lice avez joué ou défaussé une "
    "Princesse, vous gagnez chacun 1 jeton.",
    "king": "Choisissez un autre joueur et échangez vos mains.",
    "countess": "Aucun effet quand cette carte est jouée. Vous devez la jouer si votre autre "
    "carte est {the_king} ou {the_prince}.",
    "princess": "Si vous jouez ou défaussez cette carte, pour quelque raison que ce soit, "
    "vous quittez la manche.",
    "assassin": "Tant qu'il est dans votre main : le joueur qui vous choisit avec "
    "{the_guard} quitte la manche à votre place ; révélez et défaussez l'Assassin, puis "
    "piochez une carte. Aucun effet quand il est joué.",
    "jester": "Choisissez un autre joueur et donnez-lui le jeton Bouffon. S'il gagne "
    "cette manche, vous gagnez 1 jeton.",
    "cardinal": "Choisissez deux joueurs (vous pouvez en être) ; ils échangent leurs "
    "mains. Vous pouvez ensuite regarder l'une de ces deux mains.",
    "baroness": "Choisissez un ou deux autres joueurs et regardez leur main en secret.",
    "sycophant": "Choisissez un joueur. La prochaine carte jouée qui choisit des joueurs "
    "doit le choisir.",
    "count": "Aucun effet quand il est joué. Lors de la révélation finale, chaque Comte "
    "de votre défausse ajoute 1 à la valeur de votre main.",
    "constable": "Aucun effet quand il est joué. Si vous quittez la manche avec le "
    "Connétable dans votre défausse, gagnez 1 jeton.",
    "dowager_queen": "Choisissez un autre joueur et comparez vos mains en secret. La plus "
    "forte valeur quitte la manche ; en cas d'égalité, rien ne se passe.",
    "bishop": "Choisissez un autre joueur et nommez un nombre autre que 1. Si sa carte a "
    "cette valeur, gagnez 1 jeton ; il peut alors défausser sa main et en piocher une "
    "nouvelle. La Princesse bat l'Évêque lors de la révélation finale.",
}

# Whether a card's name takes a definite article, and its French gender: "m", "f",
# "p" (plural), or None for a name said without article ("Claire l'espionne").
_EN_NO_ARTICLE = {
    "Claire the Spy",
    "Oliver the Dragon",
    "Prince Vladric",
    "Celeste the Unicorn",
    "Princess Amira / Sadie",
}
_FR_GENDERS: Mapping[str, Gender | None] = {
    "spy": "f",
    "guard": "m",
    "priest": "m",
    "baron": "m",
    "handmaid": "f",
    "prince": "m",
    "chancellor": "m",
    "king": "m",
    "countess": "f",
    "princess": "f",
    "assassin": "m",
    "jester": "m",
    "cardinal": "m",
    "baroness": "f",
    "sycophant": "m",
    "count": "m",
    "constable": "m",
    "dowager_queen": "f",
    "bishop": "m",
}
_FR_PRINCESS_GENDERS: Mapping[str, Gender | None] = {
    **_FR_GENDERS,
    "spy": None,
    "priest": "p",
    "baron": "f",
    "handmaid": None,
    "chancellor": "f",
    "countess": None,
    "princess": "m",
}


EFFECT_TEXTS: Mapping[str, Mapping[str, str]] = {
    "en": _EFFECTS_EN,
    "fr": typeset_all(_EFFECTS_FR, "fr"),
}


@dataclass(frozen=True, slots=True)
class Edition:
    """An edition of the game: which deck, thresholds and bonus rules it uses.

    Premium with 2-4 players is the Classic game in every respect (docs/rules.md §1); its
    large deck and Premium rules apply from 5 players.
    """

    id: str
    names: Mapping[str, str]
    min_players: int
    max_players: int
    theme: str
    discard_tiebreak: bool  # R7: classic and premium compare discard totals
    twins_bonus: bool  # R27: Princesse Princesse only
    small_deck: tuple[CardSpec, ...]
    tokens: Mapping[int, int]
    large_deck: tuple[CardSpec, ...] = ()  # Premium, used from `large_from` players
    large_from: int = 99

    def deck(self, players: int) -> tuple[CardSpec, ...]:
        """The card kinds and counts used with this many players."""
        self.check_players(players)
        return self.large_deck if players >= self.large_from else self.small_deck

    def cards(self, players: int) -> tuple[str, ...]:
        """The deck with this many players as card ids, each copy once, in canonical order.

        Reorder it to stack a deck for ``Game.next_round(deck)``.
        """
        return tuple(spec.id for spec in self.deck(players) for _ in range(spec.count))

    def is_large(self, players: int) -> bool:
        """Whether this player count uses the Premium 32-card game."""
        return players >= self.large_from

    def tokens_to_win(self, players: int) -> int:
        """Tokens a player needs to win the game (docs/rules.md §1)."""
        self.check_players(players)
        return self.tokens[players]

    def check_players(self, players: int) -> None:
        """Raise ValueError unless this edition can seat that many players."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"the {self.id} edition is for {self.min_players}-{self.max_players} "
                f"players, not {players}"
            )

    def name(self, lang: str = "en") -> str:
        """The edition's display name."""
        return self.names[lang]

    def card_name(self, card: str, lang: str = "en") -> str:
        """A card's display name in this edition's theme."""
        return THEMES[self.theme][lang][card]

    def effect_text(self, card: str, players: int, lang: str = "en") -> str:
        """The effect of a card as a short text, in this edition and language."""
        key = card
        if card == "guard" and self.is_large(players):
            key = "guard_numbers"
        elif card == "chancellor" and self.twins_bonus:
            key = "chancellor_twins"
        phrases = {f"the_{card}": self.card_phrase(card, lang) for card in THEMES[self.theme][lang]}
        return EFFECT_TEXTS[lang][key].format_map(phrases)

    def card_phrase(self, card: str, lang: str = "en") -> str:
        """A card's short name with its definite article: "the Guard", "l'Espionne"."""
        return _card_phrase(self.theme, card, lang)

    def cards_phrase(self, card: str, number: int, lang: str = "en") -> str:
        """Several copies of a card: "two Guards", "deux Gardes"; a theme's proper
        name is counted in cards ("two Prince Vladric cards", "deux cartes Prince
        Vladric"). One copy is :meth:`card_phrase`."""
        if number == 1:
            return self.card_phrase(card, lang)
        name = self.card_name(card, lang).split(" (")[0]
        words = number_word(number, lang)
        if self.theme == "princess" and name != THEMES["standard"][lang][card]:
            name = name.removeprefix("The ")
            return f"{words} {name} cards" if lang == "en" else f"{words} cartes {name}"
        return f"{words} {plural(name, lang)}"


@cache  # every log line names cards: the phrases are made once
def _card_phrase(theme: str, card: str, lang: str) -> str:
    name = THEMES[theme][lang][card].split(" (")[0]
    if lang == "en":
        if name.startswith("The "):
            return "the " + name[4:]
        return name if name in _EN_NO_ARTICLE else "the " + name
    genders = _FR_PRINCESS_GENDERS if theme == "princess" else _FR_GENDERS
    gender = genders[card]
    return name if gender is None else definite(name, gender, lang)


EDITIONS: Mapping[str, Edition] = {
    edition.id: edition
    for edition in (
        Edition(
            id="classic",
            names={"en": "Classic (2012)", "fr": "Classique (2012)"},
            min_players=2,
            max_players=4,
            theme="classic",
            discard_tiebreak=True,
            twins_bonus=False,
            small_deck=CLASSIC_DECK,
            tokens={2: 7, 3: 5, 4: 4},
        ),
        Edition(
            id="2019",
            names={"en": "2019 edition", "fr": "Édition 2019"},
            min_players=2,
            max_players=6,
            theme="standard",
            discard_tiebreak=False,
            twins_bonus=False,
            small_deck=DECK_2019,
            tokens={2: 6, 3: 5, 4: 4, 5: 3, 6: 3},
        ),
        Edition(
            id="2019-classic",
            names={"en": "2019 box, classic version", "fr": "Boîte 2019, version classique"},
            min_players=2,
            max_players=4,
            theme="standard",
            discard_tiebreak=False,
            twins_bonus=False,
            small_deck=DECK_2019_CLASSIC,
            tokens={2: 6, 3: 5, 4: 4},
        ),
        Edition(
            id="premium",
            names={"en": "Premium (2015)", "fr": "Premium (2015)"},
            min_players=2,
            max_players=8,
            theme="standard",
            discard_tiebreak=True,
            twins_bonus=False,
            small_deck=CLASSIC_DECK,
            large_deck=PREMIUM_DECK,
            large_from=5,
            tokens={2: 7, 3: 5, 4: 4, 5: 4, 6: 4, 7: 4, 8: 4},
        ),
        Edition(
            id="princess",
            names={"en": "Princesse Princesse", "fr": "Princesse Princesse"},
            min_players=2,
            max_players=6,
            theme="princess",
            discard_tiebreak=False,
            twins_bonus=True,
            small_deck=DECK_2019,
            tokens={2: 6, 3: 5, 4: 4, 5: 3, 6: 3},
        ),
    )
}

_ALIASES = {
    "2012": "classic",
    "classique": "classic",
    "2019classic": "2019-classic",
    "2019-classique": "2019-classic",
    "princesse": "princess",
    "princesse-princesse": "princess",
}


#: Variants known by id besides EDITIONS (register_edition), e.g. reduced decks for research.
_VARIANTS: dict[str, Edition] = {}


def register_edition(edition: Edition) -> Edition:
    """Make a variant edition known to :func:`get_edition` (and so to views, bots and
    records) by its id; EDITIONS, the editions players choose from, is unchanged.

    Registering the same edition again does nothing; raises ValueError if the id is
    an edition's, an alias or another variant's.
    """
    known = _VARIANTS.get(edition.id)
    if known == edition:
        return edition
    if known is not None or edition.id in EDITIONS or edition.id in _ALIASES:
        raise ValueError(f"the edition id {edition.id!r} is taken")
    _VARIANTS[edition.id] = edition
    return edition


def get_edition(edition: str | Edition) -> Edition:
    """Look up an edition by id (or a common alias, or a registered variant's id);
    raise ValueError if unknown."""
    if isinstance(edition, Edition):
        return edition
    key = edition.strip().lower()
    key = _ALIASES.get(key, key)
    try:
        return EDITIONS[key] if key in EDITIONS else _VARIANTS[key]
    except KeyError:
        known = ", ".join(EDITIONS)
        raise ValueError(f"unknown edition {edition!r}; known editions: {known}") from None
