"""The shipped policy (docs/ppo_classic_2p.npz): it plays a whole game in the terminal
game through the bot protocol, and in the arena."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from loveletter.arena import run_arena
from loveletter.rl.policy_bot import load_policy
from loveletter.tui.session import SeatSetup
from tui.helpers import make_app, play_to_end, settle  # tests/ is on the path, as for .helpers

POLICY = Path(__file__).resolve().parents[2] / "docs" / "ppo_classic_2p.npz"
SPEC = f"exec:{sys.executable} -m loveletter.rl.policy_bot {POLICY}"


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
async def test_the_shipped_policy_plays_a_game_in_the_terminal_game() -> None:
    app = make_app((SeatSetup("Ana"), SeatSetup("Policy", SPEC)), tokens=2)
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
