"""The game as a library, tried as a python-chess user would: copies, positions
restored field by field."""

from __future__ import annotations

from loveletter import Game, export_record


def test_dealing_on_a_copy_of_an_undealt_game_leaves_the_game_alone() -> None:
    game = Game("classic", 2, seed=1, start=False)
    copy = game.copy()
    copy.next_round()
    assert (game.history, game.round_logs) == ([], [])
    game.next_round()
    assert len(export_record(game)["rounds"]) == 1
