"""The game as a library, tried as a python-chess user would: actions found by their
notation, copies."""

from __future__ import annotations

import json

from loveletter import Game, build_view, export_record, parse_action


def test_dealing_on_a_copy_of_an_undealt_game_leaves_the_game_alone() -> None:
    game = Game("classic", 2, seed=1, start=False)
    copy = game.copy()
    copy.next_round()
    assert (game.history, game.round_logs) == ([], [])
    game.next_round()
    assert len(export_record(game)["rounds"]) == 1


def four_players() -> Game:
    """Classic, 4 players, a stacked deck: Ana holds the Guard and the Handmaid."""
    game = Game("classic", ["Ana", "Bruno", "Chloé", "David"], start=False)
    deck = ["guard", "guard", "priest", "baron", "prince", "handmaid", "king", "guard"]
    deck += ["countess", "prince", "baron", "guard", "princess", "priest", "guard", "handmaid"]
    game.next_round(deck=deck, first=0)
    return game


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
    assert {action: "hit"}["guard 1 priest"] == "hit"
    assert action in build_view(game, 0)["legal_actions"]  # texts
    assert json.loads(json.dumps({"action": action})) == {"action": "guard 1 priest"}
    # Only the canonical notation is equal; apply() and is_legal() parse the others.
    assert action != "Guard  1 priest"
    assert game.is_legal("Guard  1 priest")
    assert parse_action("cardinal 3 1") == "cardinal 1 3"
