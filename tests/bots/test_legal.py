"""Every bot makes only legal moves, in positions of every edition and player count."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from loveletter.bots import LEVELS, HeuristicBot, RandomBot, SearchBot, make_bot
from loveletter.bots.base import BaseBot
from loveletter.engine import Game, build_view
from loveletter.simulation import play_game

from .conftest import TABLES, positions

ROOT = Path(__file__).resolve().parents[2]
#: Prints a search bot's decisions on positions of every table.
DECISIONS = """
import random
from loveletter.bots import SearchBot
from loveletter.engine import build_view
from tests.bots.conftest import positions
for game in positions(seed=11, per_table=8):
    view = build_view(game, game.to_move)
    print(SearchBot(budget=30, replays=100, replies=True).choose(view, random.Random(3)))
"""


@pytest.mark.parametrize(
    "bot",
    [RandomBot(), HeuristicBot(), SearchBot(budget=6), SearchBot(budget=6, replies=True)],
    ids=["random", "heuristic", "search", "search-with-replies"],
)
def test_bots_choose_legal_actions_everywhere(bot: BaseBot) -> None:
    per_table = 60 if isinstance(bot, SearchBot) else 150
    rng = random.Random(1)
    steps = {"play": 0, "chancellor": 0, "cardinal": 0, "bishop": 0}
    for game in positions(seed=7, per_table=per_table):
        view = build_view(game, game.to_move)
        action = bot.choose(view, rng)
        assert action in view["legal_actions"], (view["phase"], action)
        steps[view["phase"]] += 1
    assert all(steps.values()), steps  # the two-step decisions were met too


def test_bots_play_whole_games_of_every_table() -> None:
    for edition, players in TABLES:
        kinds = [HeuristicBot(), SearchBot(budget=4), RandomBot()]
        seats: list[BaseBot | None] = [kinds[seat % 3] for seat in range(players)]
        rngs = [random.Random(seat) for seat in range(players)]
        times: list[list[float]] = [[] for _ in range(players)]
        game = play_game(Game(edition, players, seed=players), seats, rngs, times)
        assert game.is_over
        assert any(times)


def test_the_registry_knows_every_level() -> None:
    for spec in (*LEVELS, "random", "heuristic", "search"):
        assert make_bot(spec).name in (spec, "search")
    assert isinstance(make_bot("expert"), SearchBot)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")


def test_search_is_reproducible_from_its_rng() -> None:
    game = next(positions(seed=3, per_table=1))
    view = build_view(game, game.to_move)
    first = SearchBot(budget=40).choose(view, random.Random(5))
    second = SearchBot(budget=40).choose(view, random.Random(5))
    assert first == second


def test_search_decides_the_same_in_every_process() -> None:
    """A decision depends on the view and the RNG only, not on the order in which a
    process's sets of cards iterate (string hashing differs between processes)."""
    printed = [
        subprocess.run(
            [sys.executable, "-c", DECISIONS],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in ("1", "2")
    ]
    assert printed[0].count("\n") > 100
    assert printed[0] == printed[1]
