"""The arena and ``simulate --bots``: deterministic for a seed, via the CLI too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from loveletter.arena import rotation, run_arena, wilson
from loveletter.cli.main import app
from loveletter.engine import load_record
from loveletter.simulation import match_spec, play_match, simulate

runner = CliRunner()
TIMING = ("seconds", "ms_per_decision_median")


def untimed(data: dict[str, Any]) -> dict[str, Any]:
    """The arena's JSON without its timing fields."""
    return {
        key: [{k: v for k, v in bot.items() if k not in TIMING} for bot in value]
        if key == "bots"
        else value
        for key, value in data.items()
        if key not in TIMING
    }


def arena_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["arena", *args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return data


def test_the_arena_is_deterministic_for_a_seed() -> None:
    args = ("--bots", "hard,heuristic,random", "--games", "6", "--seed", "4")
    first = arena_json(*args)
    assert untimed(first) == untimed(arena_json(*args))
    spread = arena_json(*args, "--jobs", "2")  # bots learn from game to game: per process
    assert untimed(spread) == untimed(arena_json(*args, "--jobs", "2"))
    names = [bot["name"] for bot in first["bots"]]
    assert names == ["hard", "heuristic", "random"]
    for bot in first["bots"]:
        assert set(bot) >= {
            "name",
            "games",
            "games_won",
            "rounds",
            "rounds_won",
            "round_win_rate",
            "round_ci95",
            "rating",
            "decisions",
            "ms_per_decision_median",
        }
        low, high = bot["round_ci95"]
        assert low <= bot["round_win_rate"] <= high
        assert bot["games"] == 4  # three bots, two seats: each sits out one game in three


def test_a_different_seed_gives_different_games() -> None:
    one = arena_json("--bots", "heuristic,random", "--games", "4", "--seed", "1")
    two = arena_json("--bots", "heuristic,random", "--games", "4", "--seed", "2")
    assert untimed(one) != untimed(two)


def test_seats_rotate() -> None:
    lineup = rotation(4, 3)
    assert [lineup(index) for index in range(3)] == [(0, 1, 2, 0), (1, 2, 0, 1), (2, 0, 1, 2)]


def test_joint_wins_count_for_every_bot_and_rates_stay_in_bounds() -> None:
    result = run_arena("2019", 4, ["heuristic", "random"], 4, seed=9)
    for bot in result.bots:
        assert bot.games == 4
        assert 0 <= bot.rounds_won <= bot.rounds
    assert sum(bot.games_won for bot in result.bots) >= 4
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(50, 100)
    assert 0.40 < low < 0.5 < high < 0.60


def test_a_bot_seated_twice_is_numbered_in_the_game() -> None:
    spec = match_spec(
        "2019", 4, 1, bots=["heuristic", "random"], names=["heuristic", "random"], records=True
    )
    (outcome,) = play_match(spec)
    assert outcome.record is not None
    assert outcome.record["players"] == ["heuristic", "random", "heuristic 2", "random 2"]


def test_the_arena_table_plot_and_records(tmp_path: Path) -> None:
    plot = tmp_path / "arena.png"
    records = tmp_path / "records"
    options = ["-e", "premium", "-p", "5", "-b", "heuristic,easy", "-g", "2", "--seed", "3"]
    files = ["--plot", str(plot), "--save", str(records)]
    result = runner.invoke(app, ["arena", *options, *files])
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.stdout
    assert "easy" in result.stdout
    assert plot.read_bytes().startswith(b"\x89PNG")
    saved = sorted(records.iterdir())
    assert [file.name for file in saved] == ["game-1.json", "game-2.json"]
    for file in saved:
        record = json.loads(file.read_text(encoding="utf-8"))
        assert record["meta"]["bots"][0] in ("heuristic", "easy")
        load_record(record)  # replays and checks its result


def test_the_arena_refuses_bad_input() -> None:
    result = runner.invoke(app, ["arena", "--bots", "grandmaster"])
    assert result.exit_code == 2
    assert "unknown bot" in result.output
    result = runner.invoke(app, ["arena", "--players", "9"])
    assert result.exit_code == 2
    result = runner.invoke(app, ["arena", "--bots", "random"])
    assert result.exit_code == 2
    assert "an arena compares 2-16 bots, not 1" in result.output


def test_simulate_takes_bots_and_keeps_its_json() -> None:
    result = runner.invoke(
        app, ["simulate", "--bots", "heuristic,random", "-g", "20", "--seed", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) >= {"games", "rounds", "rounds_per_second", "game_wins", "round_wins"}
    assert data["round_wins"][0] > data["round_wins"][1]  # the heuristic bot sits in seat 0


def test_simulate_is_deterministic_with_or_without_bots() -> None:
    for bots in (None, ["heuristic", "random", "easy"]):
        first = simulate("classic", 3, 10, seed=5, bots=bots)
        second = simulate("classic", 3, 10, seed=5, bots=bots)
        assert (first.game_wins, first.round_wins) == (second.game_wins, second.round_wins)
