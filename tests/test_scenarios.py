"""Rules scenarios: one replayable game record per ruling of docs/rules.md.

Every file in ``tests/scenarios/`` is a game record (docs/records.md) with a stacked
deck; ``loveletter replay FILE`` replays it. Its name starts with the ruling it
stages (``R18_prince_discarding_princess_is_out.json``). A record whose last round
is unfinished is a *position*: the checks then look at what is legal there.

The expectations live in the record's free ``meta`` object::

    "meta": {
      "rulings": ["R18", "R22"],   # the first one names the file; the others are also staged
      "title": "one line",
      "why": "optional: how the round goes, and why the expected values follow",
      "expect": {...}              # checks after replay (below), or instead:
      "refused": {"round": 2, "action": null, "match": "R2"}
    }

``refused``: replaying the record must raise ``RecordError``; ``round`` and
``action`` (1-based, null for "not about a step") must be the error's, and
``match`` a part of its message.

Otherwise ``load_record`` replays the record, checks its ``result`` (required as
soon as one round is finished), and then every key of ``expect``:

- ``to_move``: the seat that must decide (null between rounds or after the game).
- ``state``: a subset of :func:`loveletter.game_state`, compared key by key
  (``phase``, ``hands``, ``discards``, ``out``, ``protected``, ``tokens``,
  ``round_tokens``, ``deck`` top first, ``set_aside``, ``face_up``, ``jester``,
  ``sycophant``, ``pending``, ``next_first``, ``round``...).
- ``legal``: exactly these actions, in notation, order ignored;
  ``legal_include`` / ``legal_exclude``: these are / are not among them.
- ``refuse``: actions that must be refused at the end position, each
  ``{"action", "error": "IllegalActionError" | "NotationError", "seat"?, "match"?}``
  (``seat`` is passed to ``Game.apply``). A refusal must change nothing: the
  game's state, log and legal actions are compared before and after.
- ``views``: checks of ``build_view(game, seat)`` (``seat`` null: a spectator) at a
  dotted ``path`` (list indexes may be negative; no path: the whole view), with
  one or more of ``equals`` (the exact value), ``includes`` / ``excludes``
  (members of a list, or keys of an object), ``matches`` (each pattern, an
  object, is a sub-object of some item of the list), ``no_match`` (no item of
  the list has that sub-object), ``absent`` (none of these texts is a string
  anywhere in the value, object keys aside: a card id that must not leak).
- ``review``: a sub-object of the last finished round's review, as every seat and
  a spectator see it in ``view(...)["results"][-1]`` (R52); ``bonuses`` are given
  as ``[seat, reason]`` pairs.
- ``composition`` / ``values``: the table's deck (card id: copies) and card values.

Every scenario also checks that its record is canonical (each action is its own
notation, ``export`` gives the record back), that views offer the legal actions
to the seat to move only, and that a game restored from its ``game_state`` is at the
same position.

What no record can stage: randomness (R1's shuffle, R2's random first player and
random choice among tied winners: records fix the deck and ``first``); R2's previous
winner having left the table (web games); a violation of R23 (no legal sequence makes
a second draw from an empty deck: the scenarios stage the one draw it allows); and
R34's "a discard forced by an effect is not played", since no forced discard can
come between a Sycophant and the next card played.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import loveletter
from loveletter import (
    Game,
    IllegalActionError,
    NotationError,
    RecordError,
    build_view,
    export_record,
)

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"))
RULES = Path(__file__).parents[1] / "docs" / "rules.md"

#: Every numbered ruling of docs/rules.md, read from its anchors ``<a id="r21"></a>``
#: (R0 is the deck ruling of §1).
RULINGS = frozenset(
    f"R{number}" for number in re.findall(r'<a id="r(\d+)"></a>', RULES.read_text("utf-8"))
)

#: The rulings this suite claims to stage: each has at least one file named after it
#: (parts that no record can stage are listed in the module docstring).
COVERED = RULINGS

ERRORS: Mapping[str, type[loveletter.LoveLetterError]] = {
    "IllegalActionError": IllegalActionError,
    "NotationError": NotationError,
}

META_KEYS = {"rulings", "title", "why", "expect", "refused"}
EXPECT_KEYS = {
    "to_move",
    "state",
    "legal",
    "legal_include",
    "legal_exclude",
    "refuse",
    "views",
    "review",
    "composition",
    "values",
}
VIEW_OPS = {"equals", "includes", "excludes", "matches", "no_match", "absent"}

Json = Any


def _load(path: Path) -> dict[str, Json]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), "a scenario is a JSON object"
    return data


def _meta(path: Path, record: Mapping[str, Json]) -> dict[str, Json]:
    meta = record.get("meta")
    assert isinstance(meta, dict), "a scenario needs a 'meta' object"
    assert set(meta) <= META_KEYS, f"unknown meta keys {sorted(set(meta) - META_KEYS)}"
    rulings = meta.get("rulings")
    assert isinstance(rulings, list), "meta.rulings lists the rulings staged"
    assert rulings, "meta.rulings lists the rulings staged"
    assert set(rulings) <= RULINGS, f"unknown rulings {sorted(set(rulings) - RULINGS)}"
    assert path.stem.startswith(f"{rulings[0]}_"), "the file is named after its first ruling"
    assert isinstance(meta.get("title"), str), "meta.title is required"
    assert meta["title"], "meta.title is required"
    assert ("expect" in meta) != ("refused" in meta), "a scenario has 'expect' or 'refused'"
    return meta


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_scenario(path: Path) -> None:
    record = _load(path)
    meta = _meta(path, record)
    _check_notation(record)
    if "refused" in meta:
        _check_refused_record(record, meta["refused"])
        return
    expect = meta["expect"]
    assert isinstance(expect, dict), "meta.expect is an object"
    assert expect, "meta.expect must check something"
    assert set(expect) <= EXPECT_KEYS, f"unknown expectations {sorted(set(expect) - EXPECT_KEYS)}"
    game = loveletter.load_record(record)
    if game.results:
        assert "result" in record, "a record with a finished round states its result"
    _check_export(game, record)
    _check_views_offer_legal_actions(game)
    _check_restored_state(game)
    checks = {
        "to_move": _check_to_move,
        "state": _check_state,
        "legal": _check_legal,
        "legal_include": _check_legal_include,
        "legal_exclude": _check_legal_exclude,
        "refuse": _check_refuse,
        "views": _check_views,
        "review": _check_review,
        "composition": _check_composition,
        "values": _check_values,
    }
    for key, check in checks.items():
        if key in expect:
            check(game, expect[key], record)


def test_every_claimed_ruling_has_a_scenario() -> None:
    named = {_load(path)["meta"]["rulings"][0] for path in FILES}
    missing = sorted(COVERED - named, key=lambda ruling: int(ruling[1:]))
    assert not missing, f"no scenario named after {missing}"


def test_scenario_files_are_all_scenarios() -> None:
    others = sorted(path.name for path in SCENARIOS.iterdir() if path.suffix != ".json")
    assert not others, f"unexpected files in tests/scenarios: {others}"
    assert len(FILES) >= len(COVERED)


# ---------------------------------------------------------------------- records


def _check_notation(record: Mapping[str, Json]) -> None:
    for number, round_data in enumerate(record.get("rounds", []), start=1):
        for index, text in enumerate(round_data.get("actions", []), start=1):
            canonical = str(loveletter.parse_action(text))
            assert canonical == text, f"round {number}, action {index}: write {canonical!r}"


def _check_refused_record(record: Mapping[str, Json], refused: Mapping[str, Json]) -> None:
    assert set(refused) == {"round", "action", "match"}, "refused: round, action, match"
    with pytest.raises(RecordError) as info:
        loveletter.load_record(record)
    error = info.value
    assert error.round == refused["round"], str(error)
    assert error.action == refused["action"], str(error)
    assert refused["match"] in str(error)


def _check_export(game: Game, record: Mapping[str, Json]) -> None:
    exported = export_record(game, with_result="result" in record)
    expected = {key: value for key, value in record.items() if key != "meta"}
    assert exported == expected, "the record is not what the engine exports for it"


def _check_views_offer_legal_actions(game: Game) -> None:
    legal = [str(action) for action in game.legal_actions()]
    for seat in [None, *range(game.seat_count)]:
        view = build_view(game, seat)
        offered = view["legal_actions"]
        assert offered == (legal if seat is not None and seat == game.to_move else []), seat
    assert build_view(game, None)["hand"] is None


#: What a view tells from the game's history, which a state does not hold.
HISTORY_KEYS = ("events", "learned", "known_hands", "results")


def _check_restored_state(game: Game) -> None:
    """A game restored from its state is at the same position: same state, same legal
    actions, same views but for what they tell from history."""
    state = loveletter.game_state(game)
    restored = loveletter.restore_game(json.loads(json.dumps(state)))
    assert loveletter.game_state(restored) == state
    assert _legal(restored) == _legal(game)
    for seat in [None, *range(game.seat_count)]:
        view, again = build_view(game, seat).items(), build_view(restored, seat).items()
        expected = {key: value for key, value in view if key not in HISTORY_KEYS}
        assert {key: value for key, value in again if key not in HISTORY_KEYS} == expected


# ---------------------------------------------------------------------- checks


def _check_to_move(game: Game, expected: Json, record: Mapping[str, Json]) -> None:
    assert game.to_move == expected


def _check_state(game: Game, expected: Json, record: Mapping[str, Json]) -> None:
    state: Mapping[str, Json] = loveletter.game_state(game)
    assert set(expected) <= set(state), f"unknown state keys {sorted(set(expected) - set(state))}"
    for key, value in expected.items():
        assert state[key] == value, f"state[{key!r}]"


def _legal(game: Game) -> list[str]:
    return [str(action) for action in game.legal_actions()]


def _check_legal(game: Game, expected: Json, record: Mapping[str, Json]) -> None:
    legal = _legal(game)
    assert len(legal) == len(set(legal)), "legal actions are listed once each"
    assert sorted(legal) == sorted(expected)


def _check_legal_include(game: Game, expected: Json, record: Mapping[str, Json]) -> None:
    legal = set(_legal(game))
    missing = [action for action in expected if action not in legal]
    assert not missing, f"not legal: {missing}"


def _check_legal_exclude(game: Game, expected: Json, record: Mapping[str, Json]) -> None:
    legal = set(_legal(game))
    present = [action for action in expected if action in legal]
    assert not present, f"legal but should not be: {present}"


def _check_refuse(game: Game, expected: Json, record: Mapping[str, Json]) -> None:
    for item in expected:
        assert set(item) <= {"action", "error", "seat", "match"}, item
        error_type = ERRORS[item["error"]]
        before = (loveletter.game_state(game), len(game.log), _legal(game))
        with pytest.raises(loveletter.LoveLetterError) as info:
            game.apply(item["action"], seat=item.get("seat"))
        assert type(info.value) is error_type, f"{item['action']!r}: {info.value!r}"
        if "match" in item:
            assert item["match"] in str(info.value), f"{item['action']!r}: {info.value}"
        after = (loveletter.game_state(game), len(game.log), _legal(game))
        assert after == before, f"refusing {item['action']!r} changed the game"


def _walk(value: Json, path: str) -> Json:
    for part in path.split(".") if path else []:
        if isinstance(value, list):
            value = value[int(part)]
        else:
            assert isinstance(value, dict), f"{part!r} of path {path!r} is not in an object"
            assert part in value, f"no {part!r} in path {path!r}"
            value = value[part]
    return value


def _strings(value: Json) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


def _sub(pattern: Mapping[str, Json], item: Json) -> bool:
    return isinstance(item, dict) and all(
        key in item and item[key] == value for key, value in pattern.items()
    )


def _check_views(game: Game, expected: Json, record: Mapping[str, Json]) -> None:
    for check in expected:
        assert set(check) <= {"seat", "path"} | VIEW_OPS, check
        assert set(check) & VIEW_OPS, check
        seat = check["seat"]
        path = check.get("path", "")
        where = f"view({seat})[{path!r}]"
        value = _walk(build_view(game, seat), path)
        if "equals" in check:
            assert value == check["equals"], where
        members: Sequence[Json] | Mapping[str, Json] = (
            value if isinstance(value, list | dict) else []
        )
        for item in check.get("includes", []):
            assert item in members, f"{where} lacks {item!r}"
        for item in check.get("excludes", []):
            assert item not in members, f"{where} has {item!r}"
        if "matches" in check or "no_match" in check:
            assert isinstance(value, list), f"{where} is not a list"
        for pattern in check.get("matches", []):
            assert any(_sub(pattern, item) for item in value), f"{where}: nothing matches {pattern}"
        for pattern in check.get("no_match", []):
            assert not any(_sub(pattern, item) for item in value), f"{where}: {pattern} matches"
        strings = set(_strings(value))
        for text in check.get("absent", []):
            assert text not in strings, f"{where} shows {text!r}"


def _check_review(game: Game, expected: Json, record: Mapping[str, Json]) -> None:
    assert game.results, "no finished round to review"
    review: dict[str, Json]  # a round review, its bonuses rewritten as pairs below
    for seat in [None, *range(game.seat_count)]:
        review = dict(build_view(game, seat)["results"][-1])
        review["bonuses"] = [[bonus["seat"], bonus["reason"]] for bonus in review["bonuses"]]
        for key, value in expected.items():
            assert key in review, f"no {key!r} in a round review"
            assert review[key] == value, f"view({seat}) review[{key!r}]"


def _check_composition(game: Game, expected: Json, record: Mapping[str, Json]) -> None:
    assert Counter(game.rules.deck) == Counter(expected)
    for round_data in record["rounds"]:
        assert Counter(round_data["deck"]) == Counter(expected)


def _check_values(game: Game, expected: Json, record: Mapping[str, Json]) -> None:
    assert set(game.rules.values) == set(expected)
    for card, value in expected.items():
        assert game.value(card) == value, card
