"""The small variants and their exact solving: registered editions, the exported
tree, OpenSpiel's CFR converging, bots made policies."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pyspiel
import pytest
from open_spiel.python.algorithms import expected_game_score
from open_spiel.python.policy import UniformRandomPolicy

from loveletter.bots import make_bot
from loveletter.engine import (
    CardSpec,
    Edition,
    Game,
    Options,
    build_view,
    get_edition,
    register_edition,
)
from loveletter.rl import VARIANTS, solve
from loveletter.rl.policy_bot import TableBot


def test_variants_are_editions_the_engine_and_the_bots_know() -> None:
    variant = VARIANTS["mini6"]
    assert get_edition("mini6") is variant.edition
    assert register_edition(variant.edition) is variant.edition  # again: nothing happens
    with pytest.raises(ValueError, match="taken"):
        register_edition(Edition("classic", {}, 2, 2, "classic", True, False, (), {2: 1}))
    spec = (CardSpec("guard", 1, 6),)
    with pytest.raises(ValueError, match="taken"):
        register_edition(Edition("mini6", {}, 2, 2, "classic", True, False, spec, {2: 1}))
    rng = random.Random(0)
    for seed in range(20):
        game = Game("mini6", 2, options=variant.options, seed=seed)
        assert sorted(game.rules.deck) == sorted(variant.edition.cards(2))
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            bot = make_bot("heuristic" if seat else "random")
            game.apply(bot.choose(build_view(game, seat), rng))
        assert game.round == 1


@pytest.fixture(scope="module")
def mini5() -> tuple[pyspiel.Game, solve.Tree, pyspiel.Game]:
    game = pyspiel.load_game("python_loveletter", VARIANTS["mini5"].params())
    tree = solve.export_tree(game)
    return game, tree, solve.load_tree(tree)


def test_the_exported_tree_is_the_game(
    mini5: tuple[pyspiel.Game, solve.Tree, pyspiel.Game],
) -> None:
    game, tree, solved = mini5
    assert (tree.histories, tree.terminals) == (715, 486)
    assert (tree.infosets(0), tree.infosets(1)) == (13, 36)
    assert solved.num_players() == 2
    # a uniform policy is worth the same in both games (exact chance probabilities)
    values = [
        expected_game_score.policy_value(one.new_initial_state(), [UniformRandomPolicy(one)] * 2)
        for one in (game, solved)
    ]
    assert values[0] == pytest.approx(values[1])


def test_cfr_converges_and_bots_are_exploitable(
    mini5: tuple[pyspiel.Game, solve.Tree, pyspiel.Game],
) -> None:
    _, tree, solved = mini5
    curve = [value for _, value, _ in solve.cfr_curve(solved, 100, points=6)]
    assert curve == sorted(curve, reverse=True)
    assert curve[-1] < 0.02 < 0.5 < curve[0]
    random_bot = solve.bot_policy(solved, tree, "random", seeds=4)
    for row in random_bot.action_probability_array:
        assert row.sum() == pytest.approx(1.0)
    heuristic = solve.nash_conv(solved, solve.bot_policy(solved, tree, "heuristic", seeds=2))
    assert curve[-1] < heuristic < solve.nash_conv(solved, random_bot)


def test_the_random_bot_policy_is_exactly_openspiel_uniform_random(
    mini5: tuple[pyspiel.Game, solve.Tree, pyspiel.Game],
) -> None:
    _, tree, solved = mini5
    uniform = solve.nash_conv(solved, UniformRandomPolicy(solved))
    assert uniform == pytest.approx(0.8278, abs=1e-4)
    for spec in ("random", "easy"):  # one decision per information set: no sampling left
        assert solve.nash_conv(solved, solve.bot_policy(solved, tree, spec, 1)) == uniform


def test_a_known_policy_is_what_the_bot_samples(
    mini5: tuple[pyspiel.Game, solve.Tree, pyspiel.Game],
) -> None:
    from loveletter.bots import KnownPolicy
    from loveletter.bots.heuristic import NOISE, TIED, HeuristicBot

    _, tree, _ = mini5
    draws = 300
    for spec in ("random", "heuristic"):
        for state in tree.states.values():
            view = build_view(state.engine, state.current_player())
            if len(view["legal_actions"]) < 2:
                continue
            bot = make_bot(spec)
            assert isinstance(bot, KnownPolicy)
            exact = bot.distribution(view)
            assert sum(exact.values()) == pytest.approx(1.0)
            chosen = Counter(bot.choose(view, random.Random(seed)) for seed in range(draws))
            assert set(chosen) == set(exact)  # the same support
            for text, p in exact.items():  # 5 standard deviations of a binomial count
                assert abs(chosen[text] - draws * p) <= 5 * (draws * p * (1 - p)) ** 0.5 + 1
            if isinstance(bot, HeuristicBot):  # no score within the noise that breaks ties
                scores = sorted(score for score, _ in bot.scores(view))
                best = scores[-1]
                assert all(best - s <= TIED or best - s > NOISE for s in scores)


def test_a_searching_bot_has_an_interval_and_the_exact_ones_none(
    mini5: tuple[pyspiel.Game, solve.Tree, pyspiel.Game],
) -> None:
    _, tree, solved = mini5
    heuristic, _ = solve.bot_nash_conv(solved, tree, "heuristic", seeds=2)
    assert heuristic.exact
    assert heuristic.low == heuristic.value == heuristic.high
    assert heuristic.value == pytest.approx(0.1)
    hard, policy = solve.bot_nash_conv(solved, tree, "hard", seeds=2, resamples=3)
    assert not hard.exact
    assert hard.seeds == 2
    assert 0.0 < hard.low <= hard.high < 2.0
    assert hard.value == solve.nash_conv(solved, policy)
    once, _ = solve.bot_nash_conv(solved, tree, "hard", seeds=1, resamples=3)
    assert once.low == once.value == once.high  # one decision: no interval to draw
    # sampling a stochastic bot makes it look more deterministic, so more exploitable
    sampled = solve.shares(solve.sample_decisions(solved, tree, "random", 1))
    assert solve.nash_conv(solved, solve.tabular(solved, sampled)) > 0.95


def test_the_size_estimate_finds_the_exact_size(
    mini5: tuple[pyspiel.Game, solve.Tree, pyspiel.Game],
) -> None:
    game, tree, _ = mini5
    histories, terminals = solve.estimate_size(game, samples=3000, seed=2)
    assert histories == pytest.approx(tree.histories, rel=0.08)
    assert terminals == pytest.approx(tree.terminals, rel=0.08)


def test_a_cfr_solution_plays_as_a_table_bot(
    mini5: tuple[pyspiel.Game, solve.Tree, pyspiel.Game],
) -> None:
    _, tree, solved = mini5
    for _, _, average in solve.cfr_curve(solved, 20, points=2):
        table = solve.policy_table(solved, tree, average)
    assert len(table) == tree.infosets(0) + tree.infosets(1)
    bot = TableBot(table)
    rng = random.Random(0)
    for state in tree.states.values():  # the bot finds every information state's row
        player = state.current_player()
        view = build_view(state.engine, player)
        row = table[state.information_state_string(player)]
        assert sum(row.values()) == pytest.approx(1.0)
        assert set(row) == set(view["legal_actions"])
        assert bot.choose(view, rng) in row
    game = Game("classic", 2, seed=1)
    while game.round == 1:
        if game.to_move is None:
            game.next_round()
        else:
            game.apply(rng.choice(game.legal_actions()))
    with pytest.raises(ValueError, match="one-round"):
        bot.choose(build_view(game, game.to_move or 0), rng)


def test_a_best_response_wins_at_least_what_any_policy_wins(
    mini5: tuple[pyspiel.Game, solve.Tree, pyspiel.Game],
) -> None:
    _, tree, solved = mini5
    heuristic = solve.bot_policy(solved, tree, "heuristic", seeds=2)
    others = [heuristic, solve.bot_policy(solved, tree, "random", seeds=4)]
    others.append(UniformRandomPolicy(solved))
    gains = []
    for seat in (0, 1):
        best = solve.best_response_value(solved, heuristic, seat)
        values = [solve.value_against(solved, other, heuristic, seat) for other in others]
        assert all(-1.0 <= value <= best <= 1.0 for value in values)
        gains.append(best - values[0])
    # NashConv sums what a best response gains over the policy in each seat
    assert sum(gains) == pytest.approx(solve.nash_conv(solved, heuristic))
    assert sum(gains) > 0.05


def test_the_example_script_reports_what_a_best_response_wins(tmp_path: Path) -> None:
    script = Path(__file__).resolve().parents[2] / "examples" / "solve_small_variants.py"
    output = tmp_path / "mini5.json"
    command = [sys.executable, str(script), "--variants", "mini5", "--iterations", "0"]
    command += ["--bots", "heuristic", "hard", "--seeds", "2", "--resamples", "2"]
    command += ["--against", "heuristic", "--json", str(output)]
    printed = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    assert "best response" in printed
    assert "heuristic: NashConv 0.1000, exact" in printed
    assert "hard: NashConv" in printed
    assert "95% bootstrap" in printed
    (result,) = json.loads(output.read_text(encoding="utf-8"))
    assert result["cfr"] == []
    assert result["bots"]["heuristic"]["exact"]
    assert not result["bots"]["hard"]["exact"]
    low, high = result["bots"]["hard"]["interval"]
    assert low <= high
    assert result["bots"]["hard"]["seeds"] == 2
    returns = result["against"]["returns"]
    assert result["against"]["bot"] == "heuristic"
    # the heuristic against itself: what one seat wins the other loses
    assert returns["heuristic"][0] == pytest.approx(-returns["heuristic"][1])
    assert all(b >= h for b, h in zip(returns["best response"], returns["heuristic"], strict=True))


def test_the_example_script_asks_the_bot_it_plays_against_as_often_as_the_others(
    tmp_path: Path,
) -> None:
    script = Path(__file__).resolve().parents[2] / "examples" / "solve_small_variants.py"
    best = []
    for bots in (["heuristic"], ["random"]):  # the bot played against listed, or not
        output = tmp_path / f"{bots[0]}.json"
        command = [sys.executable, str(script), "--variants", "mini5", "--iterations", "0"]
        command += ["--bots", *bots, "--seeds", "1", "--against", "heuristic"]
        subprocess.run([*command, "--json", str(output)], capture_output=True, check=True)
        (result,) = json.loads(output.read_text(encoding="utf-8"))
        best.append(result["against"]["returns"]["best response"])
    assert best[0] == best[1]  # one decision of the heuristic bot per information set


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_variant_plays_by_name_everywhere(name: str) -> None:
    import gymnasium

    from loveletter.rl import loveletter_v0
    from loveletter.rl.batch import BatchEnv

    game = Game(name, 2, seed=1)  # its own options, without being given them
    assert game.rules.options == VARIANTS[name].options
    assert game.rules.face_up == 0
    assert game.active == 0
    env = gymnasium.make("loveletter/LoveLetter-v0", edition=name)
    _, info = env.reset(seed=1)
    assert info["action_mask"].sum() > 0
    aec = loveletter_v0.env(edition=name)
    aec.reset(seed=1)
    assert aec.agents == ["player_0", "player_1"]
    batch = BatchEnv(name, 2, games=3, seed=0)
    _, masks, _ = batch.reset()
    batch.step(batch.sample(masks))
    spiel = pyspiel.load_game("python_loveletter", {"edition": name})
    pyspiel.random_sim_test(spiel, num_sims=2, serialize=True, verbose=False)


def test_a_bad_variant_table_names_what_is_allowed() -> None:
    import gymnasium

    with pytest.raises(ValueError, match="2-2 players, not 3"):
        Game("mini6", 3)
    with pytest.raises(ValueError, match="fixes option first_player to 0, not 1"):
        Game("mini6", 2, options=Options(first_player=1))
    with pytest.raises(ValueError, match="fixes option tokens_to_win to 1, not 3"):
        gymnasium.make("loveletter/LoveLetter-v0", edition="mini5", options={"tokens_to_win": 3})
    with pytest.raises(ValueError, match="mini7 edition fixes option first_player"):
        pyspiel.load_game("python_loveletter", {"edition": "mini7", "first_player": 1})
    with pytest.raises(ValueError, match="unknown edition 'mini8'"):
        Game("mini8", 2)
