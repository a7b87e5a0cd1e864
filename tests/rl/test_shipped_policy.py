"""The shipped policy (docs/ppo_classic_2p.npz): it plays a whole game in the terminal
game, through the bot protocol or loaded as ``policy:FILE``, and in the arena; the
commands refuse it at another table."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from loveletter.arena import run_arena
from loveletter.bots import make_bot
from loveletter.cli.main import app as cli
from loveletter.rl.policy_bot import load_policy
from loveletter.tui.session import SeatSetup
from loveletter.tui.texts import level_name
from tui.helpers import (  # tests/ is on the path, as for .helpers
    assert_fits,
    make_app,
    play_to_end,
    screen_text,
    settle,
)

POLICY = Path(__file__).resolve().parents[2] / "docs" / "ppo_classic_2p.npz"
SPEC = f"exec:{sys.executable} -m loveletter.rl.policy_bot {POLICY}"
LOADED = f"policy:{POLICY}"


@pytest.fixture
def anyio_backend() -> str:
    """Textual runs on asyncio."""
    return "asyncio"


def test_the_shipped_policy_is_small_and_says_what_it_is() -> None:
    assert POLICY.stat().st_size < 1_000_000
    bot = load_policy(POLICY)
    assert bot.relative
    assert (bot.meta["edition"], bot.meta["players"]) == ("classic", 2)


@pytest.mark.anyio
@pytest.mark.parametrize("spec", [SPEC, LOADED], ids=["exec", "policy"])
async def test_the_shipped_policy_plays_a_game_in_the_terminal_game(spec: str) -> None:
    app = make_app((SeatSetup("Ana"), SeatSetup("Policy", spec)), tokens=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        end = await play_to_end(pilot)
        game = end.session.game
        assert game.is_over
        assert any(seat == 1 for log in game.round_logs for seat in _players(log))
        bot = end.session.bots[1]
        assert bot.faults == 0


def _players(log: list[tuple[object, ...]]) -> list[object]:
    return [event[1] for event in log if event[0] == "play"]


def test_the_shipped_policy_plays_in_the_arena() -> None:
    result = run_arena("classic", 2, [SPEC, "random"], games=4, seed=1)
    assert [line.faults for line in result.bots] == [0, 0]


def test_a_policy_spec_loads_the_file_and_names_the_bot_after_it() -> None:
    bot = make_bot(LOADED)
    assert bot.name == "ppo_classic_2p"
    assert bot.table == ("classic", 2)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("policy:nowhere.npz", "no saved policy at 'nowhere.npz'"),
        (f"policy:{Path(__file__)}", "is not a saved policy"),
    ],
)
def test_a_bad_policy_spec_is_refused_in_one_line(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec)


@pytest.mark.parametrize(
    "command",
    [
        ["arena", "-e", "2019", "-p", "4", "-g", "2", "-b", f"heuristic,{LOADED}"],
        ["simulate", "-p", "3", "-g", "2", "-b", LOADED],
        ["play", "-p", "3", "-b", LOADED],
    ],
    ids=["arena", "simulate", "play"],
)
def test_the_commands_refuse_a_policy_at_another_table(command: list[str]) -> None:
    result = CliRunner().invoke(cli, command)
    assert result.exit_code == 2
    assert "ppo_classic_2p was trained for classic with 2 players, not" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("lang", "label"), [("en", "policy ppo_classic_2p"), ("fr", "stratégie ppo_classic_2p")]
)
def test_the_terminal_game_names_a_policy_seat_by_its_file(lang: str, label: str) -> None:
    assert level_name(lang, LOADED) == label


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("lang", "label"), [("en", "[policy ppo_classic_2p]"), ("fr", "[stratégie ppo_classic_2p]")]
)
async def test_the_seats_show_the_policy_whole_beside_a_long_name(lang: str, label: str) -> None:
    app = make_app((SeatSetup("Maximilienne de la Tour"), SeatSetup("Bot", LOADED)), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert_fits(pilot)
        text = screen_text(pilot)
        assert f"Bot {label}" in text
        assert "Maximilienne de la Tour" in text
