"""The search ends early on a clear lead, judged on paired differences, and chooses as
it would have with its whole budget."""

from __future__ import annotations

import random

import pytest

from loveletter.bots import SearchBot
from loveletter.bots.inference import infer
from loveletter.bots.levels import EXPERT_BUDGET
from loveletter.bots.search import LEAD_WORLDS, Search
from loveletter.engine import Action, View, build_view, parse_action

from .conftest import positions

GUARD, PRIEST = parse_action("guard 1 priest"), parse_action("priest 1")


def search_of(view: View) -> Search:
    return Search(view, infer(view), random.Random(0), {})


@pytest.fixture(scope="module")
def view() -> View:
    game = next(game for game in positions(seed=4, per_table=3) if game.seat_count == 2)
    return build_view(game, game.to_move)


def test_a_lead_counts_in_standard_errors_of_the_paired_difference(view: View) -> None:
    search = search_of(view)
    worlds = LEAD_WORLDS
    # Each value swings from -2 to 3, but the Guard always does 0.5 better in the
    # same world: a clear lead, however noisy each value.
    swings = [float(world % 6 - 2) for world in range(worlds)]
    search.values = {GUARD: [v + 0.5 for v in swings], PRIEST: swings}
    assert search.leader([GUARD, PRIEST], 2.0) is GUARD
    # The same averages, unpaired (the gap changes sign from world to world): no lead.
    search.values = {GUARD: [v + 0.5 for v in swings], PRIEST: swings[::-1]}
    assert search.leader([GUARD, PRIEST], 2.0) is None
    # Values equal in every world: either will do, so the search may stop.
    search.values = {GUARD: swings, PRIEST: swings}
    assert search.leader([GUARD, PRIEST], 2.0) is GUARD
    # Equal on average but not world by world: no lead.
    search.values = {GUARD: swings, PRIEST: swings[::-1]}
    assert search.leader([GUARD, PRIEST], 2.0) is None
    # No lead on fewer than LEAD_WORLDS worlds.
    search.values = {GUARD: [1.0] * (worlds - 1), PRIEST: [0.0] * (worlds - 1)}
    assert search.leader([GUARD, PRIEST], 2.0) is None


def test_a_lead_saves_most_of_the_budget_and_changes_no_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    games = positions(seed=8, per_table=12)
    views = [build_view(game, game.to_move) for game in games if game.seat_count == 2]
    played: list[int] = []
    run = Search.run

    def counted(
        search: Search, candidates: list[Action], budget: int, lead: float | None
    ) -> Action:
        best = run(search, candidates, budget, lead)
        played.append(sum(len(values) for values in search.values.values()))
        return best

    monkeypatch.setattr(Search, "run", counted)
    chosen = {}
    for lead in (None, 2.0):
        bot = SearchBot(EXPERT_BUDGET, lead=lead)
        chosen[lead] = [bot.choose(view, random.Random(index)) for index, view in enumerate(views)]
    searches = len(played) // 2
    differ = sum(a != b for a, b in zip(chosen[None], chosen[2.0], strict=True))
    assert searches > 30
    assert differ <= searches // 20
    assert sum(played[searches:]) < 0.7 * sum(played[:searches])
