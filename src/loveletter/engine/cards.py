"""Cards and editions as data: how each kind of card is played, and per edition its
deck (values and counts), thresholds and theme.

Card ids are the stable English ids used in code, notation and records. What a
player reads of a card (names per theme and language, effect texts) is data of
:mod:`.card_texts`, so the rules code never spells a card's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

from .card_texts import Variant, card_name, card_phrase, cards_phrase, effect_text


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
    - ``loses``: for a card that compares hands, which value is out: ``lower`` (the
      Baron, R17) or ``higher`` (the Dowager Queen, R37); None for the others.
    """

    id: str
    chooses: Choice = Choice.NOBODY
    names: Literal["card", "value"] | None = None
    step: Literal["chancellor", "cardinal", "bishop"] | None = None
    loses: Literal["lower", "higher"] | None = None

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


def _kinds(*kinds: CardKind) -> dict[str, CardKind]:
    return {kind.id: kind for kind in kinds}


_KINDS = _kinds(
    CardKind("spy"),
    CardKind("guard", Choice.OTHER, names="card"),
    CardKind("priest", Choice.OTHER),
    CardKind("baron", Choice.OTHER, loses="lower"),
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
    CardKind("dowager_queen", Choice.OTHER, loses="higher"),
    CardKind("bishop", Choice.OTHER, names="value", step="bishop"),
)
#: Every kind of card, by id: the editions' and those :func:`~loveletter.engine.register_card`
#: adds.
CARD_KINDS: Mapping[str, CardKind] = _KINDS


def add_card_kind(kind: CardKind) -> None:
    """Add a kind of card to :data:`CARD_KINDS`: :func:`~loveletter.engine.register_card`
    does it, with the card's texts and effect, after checking its id is free."""
    _KINDS[kind.id] = kind


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
    #: Table options this edition fixes (:class:`~loveletter.engine.Options` fields), e.g.
    #: a small deck that removes no cards face up: ``Rules.settle`` applies them.
    fixed_options: Mapping[str, Any] = field(default_factory=dict)

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
        return card_name(self.theme, card, lang)

    def effect_text(self, card: str, players: int, lang: str = "en") -> str:
        """The effect of a card as a short text, in this edition and language, with
        this many players."""
        variants: list[Variant] = []
        if CARD_KINDS[card].names == "card" and self.is_large(players):
            variants.append("names_value")  # R14
        if self.twins_bonus:
            variants.append("twins_bonus")
        return effect_text(self.theme, card, lang, variants)

    def card_phrase(self, card: str, lang: str = "en") -> str:
        """A card's short name with its definite article: "the Guard", "l'Espionne"."""
        return card_phrase(self.theme, card, lang)

    def cards_phrase(self, card: str, number: int, lang: str = "en") -> str:
        """Several copies of a card: "two Guards", "deux Gardes"; a theme's proper
        name is counted in cards ("two Prince Vladric cards", "deux cartes Prince
        Vladric"). One copy is :meth:`card_phrase`."""
        return cards_phrase(self.theme, card, number, lang)


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
    an edition's, an alias or another variant's, if its decks hold a card no one
    registered (:func:`~loveletter.engine.register_card`), or if it gives no tokens to
    win for one of its player counts.
    """
    known = _VARIANTS.get(edition.id)
    if known == edition:
        return edition
    if known is not None or edition.id in EDITIONS or edition.id in _ALIASES:
        raise ValueError(f"the edition id {edition.id!r} is taken")
    unknown = sorted({spec.id for spec in (*edition.small_deck, *edition.large_deck)} - set(_KINDS))
    if unknown:
        raise ValueError(f"the edition {edition.id!r} deals unknown cards: {unknown}")
    seats = range(edition.min_players, edition.max_players + 1)
    if any(players not in edition.tokens for players in seats):
        raise ValueError(
            f"the edition {edition.id!r} needs tokens to win for {list(seats)} players"
        )
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
