"""Every reader of a round's events declares what it does with each event type.

A reader finds its handlers in a table: every event type of ``events.FIELDS`` has a
handler there, or is in the reader's set of events ignored on purpose, never both,
and no table names a type the engine does not have. Each handler takes the event of
its own type: the TypedDict of ``engine/schema.py`` (readers of views' events), or a
log tuple of that type's shape (readers of the engine's log). The heuristic bot's
scorers cover every card the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Set
from types import UnionType
from typing import Any, Union, get_args, get_origin, get_type_hints

import pytest

from loveletter.bots import heuristic, inference, rollout
from loveletter.engine import CARD_KINDS, Action, EventDict, threads, views
from loveletter.engine.events import FIELDS
from loveletter.engine.narrate import EVENT_HANDLERS as NARRATED
from loveletter.engine.narrate import IGNORED_EVENTS as NOT_NARRATED

Table = Mapping[str, Callable[..., Any]]

#: Readers of the events of views (TypedDicts): their handlers and ignored events.
EVENT_READERS: dict[str, tuple[Table, Set[str]]] = {
    "engine.threads (worlds)": (threads.EVENT_HANDLERS, threads.IGNORED_EVENTS),
    "engine.narrate": (NARRATED, NOT_NARRATED),
    "bots.inference": (inference.EVENT_HANDLERS, inference.IGNORED_EVENTS),
}
#: Readers of the engine's log (tuples in the order of FIELDS).
LOG_READERS: dict[str, tuple[Table, Set[str]]] = {
    "engine.views.known_hands": (views.KNOWING_HANDLERS, views.KNOWING_IGNORED),
    "bots.rollout.Memory": (rollout.LEARNERS, rollout.IGNORED_EVENTS),
}
READERS = {**EVENT_READERS, **LOG_READERS}

#: Each event type's TypedDict, by its ``type``.
EVENT_TYPES: dict[str, type] = {
    get_args(get_type_hints(event)["type"])[0]: event for event in get_args(EventDict)
}


def coverage_faults(table: Mapping[str, object], ignored: Set[str], names: Set[str]) -> list[str]:
    """What is wrong with a table and its ignored set, for these ``names``."""
    handled = set(table)
    faults = [f"no handler and not ignored: {name}" for name in sorted(names - handled - ignored)]
    faults += [f"handled and ignored: {name}" for name in sorted(handled & ignored)]
    faults += [f"not a name there is: {name}" for name in sorted((handled | ignored) - names)]
    return faults


def test_the_schema_has_one_event_type_per_type_of_the_log() -> None:
    assert set(EVENT_TYPES) == set(FIELDS)


@pytest.mark.parametrize("reader", READERS)
def test_every_event_type_is_handled_or_ignored_on_purpose(reader: str) -> None:
    handlers, ignored = READERS[reader]
    assert coverage_faults(handlers, ignored, set(FIELDS)) == []


def test_a_handler_left_out_or_listed_twice_is_found() -> None:
    ignored = {"token"}
    handlers = {kind: print for kind in FIELDS if kind not in ignored}
    assert coverage_faults(handlers, ignored, set(FIELDS)) == []
    del handlers["bishop"]
    assert coverage_faults(handlers, ignored, set(FIELDS)) == ["no handler and not ignored: bishop"]
    handlers["bishop"] = print
    assert coverage_faults(handlers, ignored | {"guard", "tokens"}, set(FIELDS)) == [
        "handled and ignored: guard",
        "not a name there is: tokens",
    ]


@pytest.mark.parametrize("reader", EVENT_READERS)
def test_each_handler_takes_the_event_of_its_type(reader: str) -> None:
    handlers, _ = EVENT_READERS[reader]
    for kind, handler in handlers.items():
        taken = [hint for hint in get_type_hints(handler).values() if hint in EVENT_TYPES.values()]
        assert taken == [EVENT_TYPES[kind]], (reader, kind)


def logged(hint: Any) -> object:
    """A field's type in the schema as the log holds it, comparable: never None there
    (a card a viewer may not see is hidden on the way out), a list as a tuple's
    items ("many", item), and a union as the set of its members."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, UnionType):
        members = frozenset(logged(arg) for arg in args if arg is not type(None))
        return next(iter(members)) if len(members) == 1 else members
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        return ("many", logged(args[0]))
    return hint


def tuple_faults(kind: str, shape: Any) -> list[str]:
    """How a log handler's tuple type differs from the ``kind`` event's fields."""
    fields = get_type_hints(EVENT_TYPES[kind])
    wanted = [str, *(logged(fields[name]) for name in FIELDS[kind])]
    if kind == "play":
        wanted = [str, int, Action]
    got = [logged(arg) for arg in get_args(shape)]
    if len(got) != len(wanted):
        return [f"{kind}: {len(got)} fields, not {len(wanted)}"]
    return [
        f"{kind}[{i}]: {g} is not {w}"
        for i, (g, w) in enumerate(zip(got, wanted, strict=True))
        if g != w
    ]


@pytest.mark.parametrize("reader", LOG_READERS)
def test_each_log_handler_takes_a_tuple_of_its_type_s_shape(reader: str) -> None:
    handlers, _ = LOG_READERS[reader]
    for kind, handler in handlers.items():
        assert tuple_faults(kind, get_type_hints(handler)["event"]) == [], reader


def test_a_log_handler_of_another_event_s_shape_is_found() -> None:
    look = get_type_hints(views.KNOWING_HANDLERS["look"])["event"]
    discard = get_type_hints(views.KNOWING_HANDLERS["discard"])["event"]
    assert tuple_faults("look", look) == []
    assert tuple_faults("look", discard) == ["look[2]: <class 'str'> is not <class 'int'>"]


def test_the_heuristic_scores_every_card_or_says_it_does_not() -> None:
    scored = heuristic.CARD_SCORERS
    assert coverage_faults(scored, heuristic.UNSCORED_CARDS, set(CARD_KINDS)) == []
