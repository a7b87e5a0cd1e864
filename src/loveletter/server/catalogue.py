"""The editions and their cards as a browser shows them: names and effects per language,
and how each card is played.

Built from the engine's data (``Edition.card_name``, ``effect_text``, ``CARD_KINDS``),
so the UI never spells a card's name or effect, nor keeps its own list of which cards
choose whom.
"""

from __future__ import annotations

from functools import cache
from typing import Literal, TypedDict

from ..engine import CARD_KINDS, EDITIONS, Edition, Rules
from ..playing_cards import playing_cards


class CardInfo(TypedDict):
    """One card of a deck: its text in one language and how it is played."""

    id: str
    value: int
    count: int
    name: str
    phrase: str  # the name with its article, as a sentence says it: "the Guard", "la Servante"
    effect: str
    chooses: str  # a Choice value: nobody, other, any, others, two
    seats: list[int]  # how many seats an action of it may name
    names: Literal["card", "value"] | None
    step: Literal["chancellor", "cardinal", "bishop"] | None


class PlayingCard(TypedDict):
    """The ordinary playing cards that stand for one card (``given``: by the sources,
    else completed as in the Premium deck)."""

    card: str
    cards: str
    given: bool


class DeckInfo(TypedDict):
    """The deck of an edition for a range of player counts."""

    players: list[int]
    guard_names_value: bool
    cards: list[CardInfo]
    playing_cards: list[PlayingCard]


class EditionInfo(TypedDict):
    """An edition as ``/api/editions`` gives it."""

    id: str
    name: str
    players: list[int]
    tokens_to_win: dict[str, int]
    decks: list[DeckInfo]


@cache
def editions(lang: str) -> list[EditionInfo]:
    """Every edition with its decks, in ``lang`` (``en`` or ``fr``)."""
    return [edition_info(edition, lang) for edition in EDITIONS.values()]


def edition_info(edition: Edition, lang: str) -> EditionInfo:
    """One edition with its decks, in ``lang``: one of :data:`EDITIONS` or a variant."""
    ranges = [(edition.min_players, min(edition.max_players, edition.large_from - 1))]
    if edition.large_deck:
        ranges.append((edition.large_from, edition.max_players))
    return {
        "id": edition.id,
        "name": edition.name(lang),
        "players": [edition.min_players, edition.max_players],
        "tokens_to_win": {str(n): edition.tokens_to_win(n) for n in edition.tokens},
        "decks": [_deck(edition, low, high, lang) for low, high in ranges],
    }


def _deck(edition: Edition, low: int, high: int, lang: str) -> DeckInfo:
    rules = Rules.settle(edition, low)
    return {
        "players": [low, high],
        "guard_names_value": rules.guard_names_value,
        "cards": [
            {
                "id": card.id,
                "value": card.value,
                "count": card.count,
                "name": edition.card_name(card.id, lang),
                "phrase": edition.card_phrase(card.id, lang),
                "effect": edition.effect_text(card.id, low, lang),
                "chooses": CARD_KINDS[card.id].chooses.value,
                "seats": list(CARD_KINDS[card.id].seat_counts),
                "names": rules.naming(card.id),
                "step": CARD_KINDS[card.id].step,
            }
            for card in edition.deck(low)
        ],
        "playing_cards": [
            {"card": stand.card, "cards": stand.text(lang), "given": stand.given}
            for stand in playing_cards(edition.id, low)
        ],
    }
