"""Events: what happened, and what of it each seat may see (docs/rules.md R50-R52).

The game appends compact tuples to its log, ``(type, field, ...)``, in the order of
:data:`FIELDS`. :func:`event_dict` turns one into JSON data for a viewer, hiding
every card that viewer may not know (the field is then ``None``). Everything a view,
a log line or a client sees of the events passes through this redaction.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .actions import Action
from .schema import EventDict

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

#: Tuple positions of the seats that see each private event's hidden fields.
_SEER_INDEXES: Mapping[str, tuple[int, ...]] = {
    kind: tuple(1 + FIELDS[kind].index(name) for name in seers)
    for kind, (_, seers) in PRIVATE.items()
}
#: Tuple positions of each private event's hidden fields.
_HIDDEN_INDEXES: Mapping[str, frozenset[int]] = {
    kind: frozenset(1 + FIELDS[kind].index(name) for name in hidden)
    for kind, (hidden, _) in PRIVATE.items()
}
#: Fields held as tuples in the log and given as lists in JSON.
_LIST_FIELDS: Mapping[str, tuple[str, ...]] = {
    "round": ("face_up",),
    "out": ("cards",),
    "chancellor_draw": ("cards",),
    "chancellor_return": ("cards",),
    "round_end": ("winners",),
    "game_end": ("winners",),
}

#: A viewer that sees everything: for reviews of finished games and debugging.
EVERYONE = -1


def may_see(event: tuple[Any, ...], viewer: int | None) -> bool:
    """Whether ``viewer`` (a seat, None for a spectator) sees the event's hidden cards."""
    seers = _SEER_INDEXES.get(event[0])
    if seers is None or viewer == EVERYONE:
        return True
    if viewer is None:
        return False
    return any(event[index] == viewer for index in seers)


def event_dict(event: tuple[Any, ...], viewer: int | None) -> EventDict:
    """One event as JSON data, as ``viewer`` may see it (R50-R52).

    ``viewer`` is a seat, None for a spectator, or :data:`EVERYONE`.
    """
    kind = event[0]
    # One of EventDict's types, built field by field from FIELDS (the tests check it).
    data: Any = dict(zip(FIELDS[kind], event[1:], strict=True))
    data["type"] = kind
    if kind == "play":
        action: Action = event[2]
        data["action"] = action.text
        data["card"] = action.word
        data["targets"] = list(action.seats)
        data["guess"] = action.guess
    elif kind == "showdown":
        data["hands"] = [{"seat": seat, "card": card} for seat, card in event[1]]
    else:
        for name in _LIST_FIELDS.get(kind, ()):
            data[name] = list(data[name])
        if kind in ("chancellor_draw", "chancellor_return"):
            data["count"] = len(event[2])  # R50: how many is public
    seers = _SEER_INDEXES.get(kind)
    if (
        seers is not None
        and viewer != EVERYONE
        and (viewer is None or all(event[index] != viewer for index in seers))
    ):
        for name in PRIVATE[kind][0]:
            data[name] = None
    typed: EventDict = data  # no cast(): a call per event, on the way to every view
    return typed


def redact(event: tuple[Any, ...], viewer: int | None) -> tuple[Any, ...]:
    """The log tuple ``event`` as ``viewer`` may see it: the cards it may not know
    are None (a key for what a seat has seen, cheaper than :func:`event_dict`)."""
    if may_see(event, viewer):
        return event
    hidden = _HIDDEN_INDEXES[event[0]]
    return tuple(None if index in hidden else field for index, field in enumerate(event))


def events_for(events: Iterable[tuple[Any, ...]], viewer: int | None) -> list[EventDict]:
    """Several events as ``viewer`` may see them."""
    return [event_dict(event, viewer) for event in events]
