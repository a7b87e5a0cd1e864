"""Checks of a table read from storage, before it is rebuilt: stored rows someone
tampered with (or a damaged file) are refused in one line instead of failing later,
anywhere, with a traceback."""

from __future__ import annotations

import dataclasses
import math
import types
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

from ..engine import Options, get_edition
from .commands import LANGUAGES
from .records import GameSummary, SeatData, StoredTable, TableData

#: The types of the stored records' fields.
_HINTS = {kind: get_type_hints(kind) for kind in (TableData, SeatData, GameSummary)}

#: The most seats a table has (the largest edition's).
MAX_SEATS = 8


def check_stored(stored: StoredTable) -> None:
    """Raise ValueError naming the first stored value of the wrong kind or out of place."""
    table = stored.table
    _check_fields(table, "table")
    for seat in stored.seats:
        _check_fields(seat, "a seat")
    Options.from_dict(table.options)  # unknown options, wrong kinds: a LoveLetterError
    if get_edition(table.edition).id != table.edition:  # an unknown one: a ValueError
        raise ValueError(f"its edition {table.edition!r} is no edition's id")
    if table.lang not in LANGUAGES:
        raise ValueError(f"its language {table.lang!r} is none of {', '.join(LANGUAGES)}")
    count = len(stored.seats)
    if not 2 <= count <= MAX_SEATS or [s.seat for s in stored.seats] != list(range(count)):
        raise ValueError(f"its {count} seats are not numbered 0 to {count - 1} (2-{MAX_SEATS})")
    seats = range(count)
    if table.host_seat is not None and table.host_seat not in seats:
        raise ValueError(f"its host seat {table.host_seat} is not one of its seats")
    if any(mark[2] not in seats for mark in table.standin_marks):
        raise ValueError("a stand-in mark names no seat of the table")
    if table.game_number and len(stored.players) != count:
        raise ValueError(f"its game has {len(stored.players)} players for {count} seats")


def check_summary(game: GameSummary) -> None:
    """Raise ValueError naming the first stored value of a listed game that is wrong."""
    _check_fields(game, f"game {game.number}")
    if get_edition(game.edition).id != game.edition:
        raise ValueError(f"its edition {game.edition!r} is no edition's id")


def _check_fields(record: TableData | SeatData | GameSummary, what: str) -> None:
    hints = _HINTS[type(record)]
    for field in dataclasses.fields(record):
        value = getattr(record, field.name)
        if not _fits(value, hints[field.name]):
            shown = repr(value) if len(repr(value)) <= 40 else f"{repr(value)[:40]}…"
            raise ValueError(f"{what}'s {field.name} is {shown}")


def _fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the (simple) annotated type ``hint``."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any:
        return True
    if origin is Literal:
        return isinstance(value, str) and value in args
    if origin is Union or origin is types.UnionType:
        return any(_fits(value, arg) for arg in args)
    if origin is tuple:
        return isinstance(value, tuple) and _items_fit(value, args)
    if is_typeddict(hint):
        return isinstance(value, dict)
    if hint is float:
        return type(value) in (int, float) and math.isfinite(value)
    if hint in (int, bool, str, type(None)):
        return type(value) is hint
    return isinstance(value, origin or hint)


def _items_fit(items: tuple[Any, ...], args: tuple[Any, ...]) -> bool:
    if len(args) == 2 and args[1] is Ellipsis:
        return all(_fits(item, args[0]) for item in items)
    return len(items) == len(args) and all(map(_fits, items, args))
