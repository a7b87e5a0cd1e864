"""Every bot makes only legal moves, in positions of every edition and player count."""

from __future__ import annotations

import random

import pytest

from loveletter.bots import LEVELS, HeuristicBot, RandomBot, SearchBot, make_bot
from loveletter.bots.base import BaseBot
from loveletter.engine import Game, build_view
from loveletter.simulation import play_game

from .conftest import TABLES, positions


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
