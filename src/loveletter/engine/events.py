"""Events: what happened, and what of it each seat may see (RULES.md R50-R52).

The game appends compact tuples to its log, ``(type, field, ...)``, in the order of
:data:`FIELDS`. :func:`event_dict` turns one into JSON data for a viewer, hiding
every card that viewer may not know (the field is then ``None``). Everything a view,
a log line or a client sees of the events passes through this redaction.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .actions import Action

#: Field names of each event type, in tuple order.
FIELDS: Mapping[str, tuple[str, ...]] = {
    "round": ("number", "first", "face_up"),
    "deal": ("seat", "card"),
    "turn": ("seat", "card"),
    "play": ("seat", "action"),
    "guard": ("seat", "target", "guess", "hit"),
    "assassin": ("seat", "guard"),
    "look": ("seat", "target", "card"),
    "compare": ("seat", "target", "seat_card", "target_card", "loser"),
    "trade": ("seat", "first", "second", "first_card", "second_card"),
    "discard": ("seat", "card", "cause"),
    "draw": ("seat", "card", "set_aside"),
    "out": ("seat", "cards"),
    "chancellor_draw": ("seat", "cards"),
    "chancellor_return": ("seat", "cards"),
    "bishop": ("seat", "target", "value", "hit"),
    "reply": ("seat", "discard"),
    "token": ("seat", "reason"),
    "showdown": ("hands",),
    "round_end": ("ending", "winners"),
    "game_end": ("winners",),
}

#: Private events: (hidden fields, fields naming the seats that may see them).
PRIVATE: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "deal": (("card",), ("seat",)),
    "turn": (("card",), ("seat",)),
    "draw": (("card",), ("seat",)),
    "look": (("card",), ("seat",)),  # R51: Priest, Baroness, Cardinal
    "compare": (("seat_card", "target_card"), ("seat", "target")),  # R17, R37
    "trade": (("first_card", "second_card"), ("first", "second")),  # R20, R32
    "chancellor_draw": (("cards",), ("seat",)),  # R51
    "chancellor_return": (("cards",), ("seat",)),
}

#: A viewer that sees everything: for reviews of finished games and debugging.
EVERYONE = -1


def may_see(event: tuple[Any, ...], viewer: int | None) -> bool:
    """Whether ``viewer`` (a seat, None for a spectator) sees the event's hidden cards."""
    kind = event[0]
    private = PRIVATE.get(kind)
    if private is None or viewer == EVERYONE:
        return True
    if viewer is None:
        return False
    names = FIELDS[kind]
    return any(event[1 + names.index(name)] == viewer for name in private[1])


def event_dict(event: tuple[Any, ...], viewer: int | None) -> dict[str, Any]:
    """One event as JSON data, as ``viewer`` may see it (R50-R52).

    ``viewer`` is a seat, None for a spectator, or :data:`EVERYONE`.
    """
    kind = event[0]
    data: dict[str, Any] = {"type": kind}
    for name, value in zip(FIELDS[kind], event[1:], strict=True):
        data[name] = _jsonable(value)
    if kind == "play":
        action: Action = event[2]
        data["card"] = action.word
        data["targets"] = list(action.seats)
        data["guess"] = action.guess
    elif kind in ("chancellor_draw", "chancellor_return"):
        data["count"] = len(event[2])  # R50: how many is public
    elif kind == "showdown":
        data["hands"] = [{"seat": seat, "card": card} for seat, card in event[1]]
    if not may_see(event, viewer):
        for name in PRIVATE[kind][0]:
            data[name] = None
    return data


def events_for(events: Iterable[tuple[Any, ...]], viewer: int | None) -> list[dict[str, Any]]:
    """Several events as ``viewer`` may see them."""
    return [event_dict(event, viewer) for event in events]


def _jsonable(value: Any) -> Any:
    if isinstance(value, Action):
        return value.text
    if isinstance(value, tuple):
        return [_jsonable(item) for item in value]
    return value
