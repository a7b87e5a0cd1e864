"""``game_state`` and ``restore_game`` around a card's second step (Cardinal, Bishop):
the step is restored whole, and a state whose step does not fit its phase is refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import pytest

from loveletter import (
    Game,
    GameState,
    LoveLetterError,
    build_view,
    game_state,
    load_record,
    restore_game,
)

SCENARIOS = Path(__file__).parent / "scenarios"


def scenario_state(name: str, phase: str) -> dict[str, Any]:
    """The state at the end of a rules scenario, in ``phase``."""
    record = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    state: dict[str, Any] = dict(game_state(load_record(record)))
    assert state["phase"] == phase
    return state


def restore(state: dict[str, Any], **changes: Any) -> Game:
    """``restore_game`` on ``state`` with ``changes``, as a program's data may say."""
    return restore_game(cast(GameState, {**state, **changes}))


def bishop_step() -> dict[str, Any]:
    """Seat 0's Bishop named 5, seat 1's value: seat 1 decides whether to discard (R38)."""
    state = scenario_state("R38_bishop_hit_gains_a_token_then_the_target_decides", "bishop")
    assert (state["active"], state["pending"], state["hands"][1]) == (0, [1], ["count"])
    return state


def test_the_bishop_step_is_restored_with_the_value_named() -> None:
    restored = restore(json.loads(json.dumps(bishop_step())))
    for seat in (None, 0, 1, 2):
        assert build_view(restored, seat)["pending"] == {
            "step": "bishop",
            "seat": 1,
            "bishop": 0,
            "value": 5,
        }
    assert [str(action) for action in restored.legal_actions()] == ["discard", "keep"]


@pytest.mark.parametrize(
    ("changes", "match"),
    [
        ({"pending": []}, "'pending' must hold 1 seat still in the round in the bishop phase"),
        ({"pending": [1, 2]}, "'pending' must hold 1 seat still in the round"),
        ({"pending": [9]}, "'pending' must hold 1 seat still in the round"),
        ({"pending": ["1"]}, "'pending' must hold 1 seat still in the round"),
    ],
)
def test_a_bishop_step_that_does_not_fit_is_refused(changes: dict[str, Any], match: str) -> None:
    with pytest.raises(LoveLetterError, match=match):
        restore(bishop_step(), **changes)


@pytest.mark.parametrize(
    ("changes", "match"),
    [
        ({"pending": [1]}, "'pending' must hold 2 seats still in the round in the cardinal"),
        ({"pending": [1, 1]}, "'pending' must hold 2 seats still in the round"),
        ({"pending": [[1], [2]]}, "'pending' must hold 2 seats still in the round"),
    ],
)
def test_a_cardinal_step_that_does_not_fit_is_refused(changes: dict[str, Any], match: str) -> None:
    state = scenario_state("R32_cardinal_chooses_two_players_who_trade_then_may_look", "cardinal")
    restore(state)
    with pytest.raises(LoveLetterError, match=match):
        restore(state, **changes)


def test_no_second_step_is_pending_in_the_play_phase() -> None:
    state = dict(game_state(Game("classic", 2, seed=1)))
    restore(state)
    with pytest.raises(LoveLetterError, match="'pending' must be empty in the play phase"):
        restore(state, pending=[0])
