"""The small values the game and its satellites share: phases, events, round summaries,
a game's outcome.

A leaf of the engine: the game core (:mod:`.game`) and the modules built on it
(views, records, states) import these from here, so none of them needs another.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from .actions import Action
from .schema import RoundOutcome

#: One entry of a game's log: ``(type, field, ...)`` (see :mod:`.events`).
Event = tuple[Any, ...]


class Phase(StrEnum):
    """What the game waits for."""

    PLAY = "play"  # the active player plays one of their two cards
    CHANCELLOR = "chancellor"  # the active player keeps one card, returns the others
    CARDINAL = "cardinal"  # the active player may look at one of the traded hands
    BISHOP = "bishop"  # the Bishop's target discards their hand or keeps it
    ROUND_OVER = "round_over"  # between rounds: call next_round()
    GAME_OVER = "game_over"


class RoundResult(NamedTuple):
    """How a round ended, and its review (R52: every hand and the set-aside card).

    ``ending`` is ``last_standing``, ``showdown`` or ``game_won`` (a Bishop or
    Constable token reached the threshold mid-round, R9: no winners). ``hands`` holds
    each seat's hand at the end (empty for players who were out); ``bonuses`` lists
    every token gained in the round as ``(seat, reason)``.
    """

    number: int
    ending: str
    winners: tuple[int, ...]
    tokens: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    set_aside: str | None
    bonuses: tuple[tuple[int, str], ...]
    tied: tuple[int, ...]  # R2: who may start the next round

    def as_result(self) -> RoundOutcome:
        """This round in the ``result`` schema of a record (docs/records.md)."""
        return {"winners": list(self.winners), "tokens": list(self.tokens)}


class RoundRecord(NamedTuple):
    """What a record keeps of one round: its deck (top first), first seat, actions."""

    deck: tuple[str, ...]
    first: int
    actions: list[Action]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended (:meth:`Game.outcome`), as python-chess's ``Outcome``.

    ``winners``: the seats that reached the tokens to win (several on a tie, R9);
    ``tokens``: every seat's tokens; ``rounds``: how many rounds were dealt;
    ``ending``: how the last round ended, as :attr:`RoundResult.ending` (``game_won``:
    a token gained mid-round, a Bishop's or a Constable's, won the game), None for a
    game restored at its end from a state, which does not know its rounds.
    """

    winners: tuple[int, ...]
    tokens: tuple[int, ...]
    rounds: int
    ending: str | None
