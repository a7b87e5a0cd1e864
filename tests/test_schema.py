"""The engine's JSON data is what its types say (``loveletter.engine.schema``).

mypy checks every key a reader looks up against the TypedDicts; this checks the other
half, at run time: in whole games of every table, every view, every event as each
viewer sees it, every game state and every record has exactly the keys its TypedDict
declares (the required ones present, no other) and values of the declared types. The
docs name the same keys.
"""

from __future__ import annotations

import json
import random
import re
import types
from collections import Counter
from dataclasses import fields
from functools import cache
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

from loveletter.engine import (
    EDITIONS,
    EVERYONE,
    EventDict,
    Game,
    GameState,
    OptionChanges,
    Options,
    Pending,
    Record,
    TableOptions,
    View,
    build_view,
    event_dict,
    export_record,
    game_state,
)

DOCS = Path(__file__).resolve().parents[1] / "docs"

#: Every (edition, players) table the editions allow.
TABLES = [
    (edition.id, players)
    for edition in EDITIONS.values()
    for players in range(edition.min_players, edition.max_players + 1)
]
#: Options that all differ from the defaults, for every other game.
CHANGED: OptionChanges = {
    "tokens_to_win": 2,
    "tie_rule": "nobody",
    "face_up": False,
    "first_player": 1,
    "constable_when_knocked_out": True,
    "princess_beats_bishop": False,
}


# --------------------------------------------------------------------------- the checker


@cache
def _hints(typed_dict: Any) -> dict[str, Any]:
    return get_type_hints(typed_dict)


@cache
def _parts(hint: Any) -> tuple[Any, tuple[Any, ...]]:
    """A type's origin and arguments, with unions under one origin."""
    origin = get_origin(hint)
    return (Union if origin is types.UnionType else origin), get_args(hint)


@cache
def _tags(union: Any) -> list[tuple[Any, dict[str, tuple[Any, ...]]]]:
    """The TypedDicts of a union, each with its Literal keys (``type``, ``step``)."""
    return [
        (
            member,
            {
                key: get_args(hint)
                for key, hint in _hints(member).items()
                if _parts(hint)[0] is Literal
            },
        )
        for member in get_args(union)
        if is_typeddict(member)
    ]


def _tagged_member(value: object, union: Any) -> Any:
    """The TypedDict of ``union`` whose Literal keys ``value`` has, if any."""
    if isinstance(value, dict):
        for member, tags in _tags(union):
            if tags and all(value.get(key) in allowed for key, allowed in tags.items()):
                return member
    return None


def mismatches(value: object, hint: Any, where: str = "") -> list[str]:
    """Where ``value`` differs from the type ``hint``; empty when it conforms."""
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object ({hint.__name__})"]
        missing = hint.__required_keys__ - value.keys()
        unknown = value.keys() - hint.__required_keys__ - hint.__optional_keys__
        if missing or unknown:
            return [f"{where}: {hint.__name__} misses {sorted(missing)}, has {sorted(unknown)}"]
        hints = _hints(hint)
        return [
            problem
            for key, item in value.items()
            for problem in mismatches(item, hints[key], f"{where}.{key}")
        ]
    origin, arguments = _parts(hint)
    if origin is Union:
        member = _tagged_member(value, hint)
        if member is not None:
            return mismatches(value, member, where)
        if any(not mismatches(value, option, where) for option in arguments):
            return []
        return [f"{where}: {value!r} is not {hint}"]
    if origin is Literal:
        return [] if value in arguments else [f"{where}: {value!r} is not in {hint}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        return [
            problem
            for index, item in enumerate(value)
            for problem in mismatches(item, arguments[0], f"{where}[{index}]")
        ]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        key_hint, item_hint = arguments
        return [
            problem
            for key, item in value.items()
            for problem in (
                *mismatches(key, key_hint, f"{where} key"),
                *mismatches(item, item_hint, f"{where}[{key!r}]"),
            )
        ]
    if hint is object:
        return []
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not null"]
    if hint in (bool, int, str):  # exactly: a bool is no int here, as in JSON
        return [] if type(value) is hint else [f"{where}: {value!r} is not {hint.__name__}"]
    raise TypeError(f"{where}: the checker knows no type {hint!r}")


def _tag(member: Any, key: str) -> str:
    """The value of a union member's Literal key: its event type or pending step."""
    (tag,) = get_args(_hints(member)[key])
    return str(tag)


def check(value: object, hint: Any, what: str) -> None:
    problems = mismatches(value, hint, what)
    assert not problems, "\n".join(problems[:10])


# --------------------------------------------------------------------------- the checker's own test


def test_the_checker_finds_missing_unknown_and_mistyped_keys() -> None:
    view = build_view(Game("2019", 3, seed=1), 0)
    check(view, View, "view")
    assert mismatches({**view, "extra": 1}, View) == [": View misses [], has ['extra']"]
    without = dict(view)
    del without["hand"]
    assert mismatches(without, View) == [": View misses ['hand'], has []"]
    assert mismatches({**view, "round": True}, View) == [".round: True is not int"]
    assert mismatches({**view, "phase": "dance"}, View)
    event = {"type": "deal", "seat": 0, "card": 3}
    assert mismatches(event, EventDict) == [".card: 3 is not str | None"]
    assert mismatches({"type": "dance"}, EventDict)
    assert mismatches({"step": "bishop", "seat": 1, "bishop": 0}, Pending)
    record: dict[str, Any] = {
        "format": "f",
        "edition": "e",
        "options": {},
        "players": [],
        "rounds": [],
    }
    assert mismatches(record, Record) == []
    assert mismatches({**record, "options": {"face_up": 1}}, Record)


# --------------------------------------------------------------------------- whole games


def _choose(game: Game, rng: random.Random) -> str:
    """A uniform card (or step word) among the legal ones, then a uniform way to play it."""
    legal = game.legal_actions()
    word = rng.choice(list(dict.fromkeys(action.word for action in legal)))
    return rng.choice([action.text for action in legal if action.word == word])


def _play_and_check(edition: str, players: int, seed: int, seen: Counter[str]) -> None:
    """Play a game at random, checking every view, event, state and record on the way;
    count in ``seen`` the event types, phases and second steps met."""
    options = Options(**CHANGED) if seed % 2 else Options()
    game = Game(edition, players, options=options, seed=seed)
    rng = random.Random(seed)
    viewers = (None, *range(players))
    told = 0
    while True:
        for viewer in viewers:
            view = build_view(game, viewer)
            check(view, View, f"{edition}/{players} view({viewer})")
            seen.update(f"event {event['type']}" for event in view["events"])
            seen[f"phase {view['phase']}"] += 1
            if view["pending"] is not None:
                seen[f"pending {view['pending']['step']}"] += 1
        log = game.log
        for event in log[told:]:
            for viewer in (EVERYONE, *viewers):
                check(event_dict(event, viewer), EventDict, f"{edition}/{players} {event[0]}")
        told = len(log)
        check(game_state(game), GameState, f"{edition}/{players} state")
        if game.is_over:
            break
        if game.to_move is None:
            game.next_round()
            told = 0
            check(export_record(game, with_result=False), Record, f"{edition}/{players} record")
        else:
            game.apply(_choose(game, rng), seat=game.to_move)
    record = export_record(game)
    check(record, Record, f"{edition}/{players} record")
    check(json.loads(json.dumps(record)), Record, "record through JSON")
    seen["options changed"] += bool(record["options"])


def test_every_view_event_state_and_record_of_whole_games_has_its_type() -> None:
    seen: Counter[str] = Counter()
    for seed, (edition, players) in enumerate(TABLES):
        _play_and_check(edition, players, seed, seen)
    # Every member of the unions was met: none of the types above went unchecked.
    expected = {f"event {_tag(member, 'type')}" for member in get_args(EventDict)}
    expected |= {f"pending {_tag(member, 'step')}" for member in get_args(Pending)}
    expected |= {f"phase {phase}" for phase in get_args(_hints(View)["phase"])}
    expected.add("options changed")
    assert expected - set(seen) == set()


# --------------------------------------------------------------------------- options and docs


def test_the_options_types_name_every_option() -> None:
    names = {field.name for field in fields(Options)}
    assert TableOptions.__required_keys__ == names
    assert OptionChanges.__optional_keys__ == names
    check(Options(**CHANGED).changed(), OptionChanges, "changed options")
    assert Options(**CHANGED).changed().keys() == CHANGED.keys()


def _table_rows(text: str) -> list[list[str]]:
    """The cells of a Markdown table's body rows."""
    rows = [
        line.strip().strip("|").split("|") for line in text.splitlines() if line.startswith("|")
    ]
    return [[cell.strip() for cell in row] for row in rows[2:]]


def _names(cell: str) -> set[str]:
    """The key names in backquotes in a cell, leaving out examples in parentheses."""
    cell = re.sub(r"\([^)]*\)", "", cell)
    return {name for name in re.findall(r"`([^`]+)`", cell) if re.fullmatch(r"[a-z_]+", name)}


def test_docs_views_name_every_key_of_a_view_and_of_each_event() -> None:
    keys, events = (DOCS / "views.md").read_text(encoding="utf-8").split("## Events")
    documented = set().union(*(_names(row[0]) for row in _table_rows(keys)))
    assert documented == View.__required_keys__
    fields_of: dict[str, set[str]] = {}
    for row in _table_rows(events):
        for kind in _names(row[0]):
            fields_of[kind] = _names(row[1]) | {"type"}
    declared = {_tag(member, "type"): member.__required_keys__ for member in get_args(EventDict)}
    assert fields_of == declared


def test_docs_records_example_is_a_record() -> None:
    text = (DOCS / "records.md").read_text(encoding="utf-8")
    example = re.search(r"```json\n(.*?)```", text, re.DOTALL)
    assert example is not None
    check(json.loads(example.group(1)), Record, "records.md")
