"""The game as a library, tried as a python-chess user would: actions found by their
notation, the view, record and outcome as methods, undo of the last action, copies."""

from __future__ import annotations

import json
import random
from dataclasses import FrozenInstanceError
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from loveletter import (
    EDITIONS,
    Action,
    Game,
    LoveLetterError,
    Options,
    Outcome,
    build_view,
    export_record,
    game_state,
    load_record,
    parse_action,
    restore_game,
)

CONFIGS = [
    (edition.id, players)
    for edition in EDITIONS.values()
    for players in range(edition.min_players, edition.max_players + 1)
]


def four_players() -> Game:
    """Classic, 4 players, a stacked deck: Ana holds the Guard and the Handmaid."""
    game = Game("classic", ["Ana", "Bruno", "Chloé", "David"], start=False)
    deck = ["guard", "guard", "priest", "baron", "prince", "handmaid", "king", "guard"]
    deck += ["countess", "prince", "baron", "guard", "princess", "priest", "guard", "handmaid"]
    game.next_round(deck=deck, first=0)
    return game


def choose(game: Game, rng: random.Random) -> Action:
    """A uniform card (or step word) among the legal ones, then a uniform way to play
    it, so that rare cards are played as often as common ones."""
    legal = game.legal_actions()
    word = rng.choice(list(dict.fromkeys(action.word for action in legal)))
    return rng.choice([action for action in legal if action.word == word])


def test_an_actions_notation_is_in_the_legal_actions() -> None:
    game = four_players()
    legal = game.legal_actions()
    assert "guard 1 priest" in legal
    assert "guard 1 guard" not in legal  # well-formed, not legal
    assert "dance" not in legal


def test_an_action_equals_and_hashes_as_its_canonical_notation() -> None:
    game = four_players()
    action = parse_action("guard 1 priest")
    assert action == "guard 1 priest"
    assert hash(action) == hash("guard 1 priest")
    by_text: dict[str, str] = {action: "hit"}
    assert by_text["guard 1 priest"] == "hit"
    assert action in build_view(game, 0)["legal_actions"]  # texts
    assert json.loads(json.dumps({"action": action})) == {"action": "guard 1 priest"}
    # Only the canonical notation is equal; apply() and is_legal() parse the others.
    assert action != "Guard  1 priest"
    assert game.is_legal("Guard  1 priest")
    assert parse_action("cardinal 3 1") == "cardinal 1 3"


def test_a_seats_view_the_record_and_the_outcome_are_the_games_own() -> None:
    game = Game("classic", 2, seed=5)
    for name in ("view", "record", "outcome", "undo", "legal_actions"):
        assert name in dir(game)
    assert game.view(0) == build_view(game, 0)
    assert game.view(None) == build_view(game, None)
    with pytest.raises(ValueError, match="no seat 2"):
        game.view(2)
    assert game.outcome() is None
    rng = random.Random(5)
    while not game.is_over:
        if game.to_move is None:
            game.next_round()
        else:
            game.apply(choose(game, rng))
    assert game.record() == export_record(game)
    assert game.record(with_result=False) == export_record(game, with_result=False)
    outcome = game.outcome()
    assert outcome == Outcome(
        winners=tuple(game.winners),
        tokens=tuple(game.tokens),
        rounds=game.round,
        ending=game.results[-1].ending,
    )
    assert max(outcome.tokens) == game.rules.tokens_to_win
    with pytest.raises(FrozenInstanceError):
        outcome.rounds = 0  # type: ignore[misc]  # the point: it is frozen


def test_a_game_restored_over_has_an_outcome_without_its_ending() -> None:
    game = Game("classic", 2, seed=5, options=Options(tokens_to_win=1))
    rng = random.Random(1)
    while not game.is_over:
        game.apply(choose(game, rng))
    restored = restore_game(game_state(game))
    assert restored.outcome() == Outcome(
        winners=tuple(game.winners), tokens=tuple(game.tokens), rounds=1, ending=None
    )


def test_undo_returns_the_action_and_stops_at_the_deal() -> None:
    game = four_players()
    with pytest.raises(IndexError, match="round 1 has no action to undo"):
        game.undo()
    game.apply("handmaid")
    game.apply("priest 2")
    assert game.undo() is parse_action("priest 2")
    assert game.to_move == 1
    assert game.undo() == "handmaid"
    assert game.legal_actions() == four_players().legal_actions()
    with pytest.raises(IndexError):
        game.undo()


def test_undo_reopens_a_round_and_a_game_that_the_action_ended() -> None:
    game = Game("classic", 2, seed=3, options=Options(tokens_to_win=2))
    rng = random.Random(3)
    while not game.is_over:
        if game.to_move is None:
            game.next_round()
            continue
        before = snapshot(game)
        action = choose(game, rng)
        game.apply(action)
        if game.to_move is None:  # the round (or the game) ended with it
            assert game.undo() is action
            assert snapshot(game) == before
            game.apply(action)
    assert game.outcome() is not None


def test_a_game_with_no_round_dealt_has_no_action_to_undo() -> None:
    with pytest.raises(IndexError, match="no round has been dealt"):
        Game("classic", 2, start=False).undo()


def test_a_game_restored_from_a_state_has_no_action_to_undo() -> None:
    game = restore_game(game_state(four_players()))
    game.apply("handmaid")
    with pytest.raises(IndexError, match="restored from a state"):
        game.undo()


def snapshot(game: Game) -> dict[str, Any]:
    """Everything a program sees of a game: its state, every view, its record, its logs."""
    seats: list[int | None] = [None, *range(game.seat_count)]
    return {
        "state": game_state(game),
        "views": [game.view(seat) for seat in seats],
        "record": game.record(),
        "logs": [list(log) for log in game.round_logs],
        "legal": game.legal_actions(),
        "outcome": game.outcome(),
    }


@settings(max_examples=40, deadline=None, derandomize=True)
@example(config=("premium", 8), seed=0, short=True)
@example(config=("princess", 4), seed=0, short=False)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1), short=st.booleans())
def test_apply_then_undo_gives_back_the_same_game(
    config: tuple[str, int], seed: int, short: bool
) -> None:
    """At every step of a random game, any legal action applied then undone leaves a
    game equal to the one before, in its state, every view, its record and logs; the
    game then goes on as if nothing happened."""
    edition, players = config
    options = Options(tokens_to_win=2) if short else None
    game = Game(edition, players, options=options, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        if game.to_move is None:
            game.next_round()
            continue
        before = snapshot(game)
        tried = rng.choice(game.legal_actions())
        game.apply(tried)
        after = snapshot(game)
        assert game.undo() is tried
        assert snapshot(game) == before
        game.apply(tried)
        assert snapshot(game) == after
        game.undo()
        game.apply(choose(game, rng))
    assert load_record(game.record()).result == game.result


def test_dealing_on_a_copy_of_an_undealt_game_leaves_the_game_alone() -> None:
    game = Game("classic", 2, seed=1, start=False)
    copy = game.copy()
    copy.next_round()
    assert (game.history, game.round_logs) == ([], [])
    game.next_round()
    assert len(export_record(game)["rounds"]) == 1


def test_a_restored_game_has_no_record() -> None:
    with pytest.raises(LoveLetterError, match="restored from a state"):
        restore_game(game_state(four_players())).record()
