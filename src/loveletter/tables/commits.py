"""Between states and records: what a change stores, and a state rebuilt from storage.

:func:`settle` turns a command's result into the :class:`~.records.Commit` that
stores it and the final state (its version incremented); :func:`rebuild` replays a
stored table's game from its rounds.
"""

from __future__ import annotations

import dataclasses
import random

from ..engine import RECORD_FORMAT, Game, export_record, load_record
from .errors import DamagedDataError
from .records import Commit, NewAction, RoundData, StoredTable
from .state import TableState
from .stored import check_stored


def settle(old: TableState, new: TableState, now: float) -> tuple[TableState, Commit]:
    """The final new state (next version) and the commit that stores the change."""
    awaiting = new.awaiting()  # (what the game waits for: not the version or time)
    deadline = _deadline(old, new, awaiting, now)
    data = dataclasses.replace(
        new.data, version=old.version + 1, updated_at=now, awaiting=awaiting, deadline=deadline
    )
    final = TableState(data, new.seats, new.game)
    pairs = zip(new.seats, old.seats, strict=True)
    seats = tuple(s for s, before in pairs if s is not before and s != before)
    game = new.game
    new_game: tuple[str, ...] | None = None
    rounds: tuple[RoundData, ...] = ()
    actions: tuple[NewAction, ...] = ()
    record = None
    if game is not None and game is not old.game:
        fresh = data.game_number != old.data.game_number
        before = None if fresh else old.game
        if fresh:
            new_game = tuple(game.players)
        known_rounds = len(before.history) if before else 0
        rounds = tuple(
            RoundData(number, r.deck, r.first)
            for number, r in enumerate(game.history[known_rounds:], start=known_rounds + 1)
        )
        actions = _new_actions(game, _action_count(before) if before else 0)
        if game.is_over:
            record = export_record(game)
            record["meta"] = {
                "table": data.id,
                "game": data.game_number,
                "seats": [
                    {"kind": s.kind, "level": s.level} if s.kind == "bot" else {"kind": s.kind}
                    for s in new.seats
                ],
            }
    commit = Commit(
        expected=old.version,
        table=data,
        seats=seats,
        new_game=new_game,
        rounds=rounds,
        actions=actions,
        record=record,
        winners=tuple(game.winners) if game is not None and record is not None else (),
        accounts_played=record is not None and any(s.account_id for s in new.seats),
    )
    return final, commit


def _deadline(old: TableState, new: TableState, awaiting: str | None, now: float) -> float | None:
    """When the decision awaited after this change runs out: a new decision (the game
    moved, or a human's turn began) gets the whole timer, an unchanged one keeps it."""
    timer = new.data.turn_timer
    if not timer or awaiting != "human":
        return None
    if new.game is old.game and old.data.awaiting == "human" and old.data.deadline is not None:
        return old.data.deadline
    return now + timer


def rebuild(stored: StoredTable, rng: random.Random) -> TableState:
    """A table rebuilt from storage, its game replayed from its rounds (no RNG needed).

    DamagedDataError (one line) if its rows are not a table: values of the wrong kind,
    a game that does not replay (a deck not the edition's, an unknown card…)."""
    try:
        check_stored(stored)
        return _rebuilt(stored, rng)
    except (ValueError, TypeError, KeyError, IndexError) as error:  # RecordError too
        raise DamagedDataError.of(f"table {stored.table.id}", error) from error


def _rebuilt(stored: StoredTable, rng: random.Random) -> TableState:
    game = None
    if stored.table.game_number:
        record = {
            "format": RECORD_FORMAT,
            "edition": stored.table.edition,
            "options": stored.table.options,
            "players": list(stored.players),
            "rounds": [
                {"deck": list(r.deck), "first": r.first, "actions": list(r.actions)}
                for r in stored.rounds
            ],
        }
        game = load_record(record, rng=rng, check_result=False)
    return TableState(stored.table, stored.seats, game)


def _action_count(game: Game) -> int:
    return sum(len(r.actions) for r in game.history)


def _new_actions(game: Game, known: int) -> tuple[NewAction, ...]:
    """The game's actions from the ``known``-th on (numbered from 0 in the game, with
    their round's number), skipping the rounds before them unread."""
    new: list[NewAction] = []
    seq = 0
    for number, r in enumerate(game.history, start=1):
        if seq + len(r.actions) > known:
            skip = max(known - seq, 0)
            new += (
                NewAction(seq + skip + i, number, action.text)
                for i, action in enumerate(r.actions[skip:])
            )
        seq += len(r.actions)
    return tuple(new)
