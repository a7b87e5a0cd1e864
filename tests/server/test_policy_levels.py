"""Trained policies as bot levels (``loveletter serve --policy``), over real sockets:
a policy seat plays a whole game, and tables it does not fit are refused."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from loveletter.engine import Game, Options, build_view, load_record
from loveletter.rl.policy_bot import load_policy
from loveletter.server.policies import PolicyLevel
from loveletter.server.repository import MEMORY

from .harness import (
    TIMEOUT,
    Client,
    Message,
    ServerLog,
    ServerThread,
    create_table,
    fast_settings,
    join,
    play_randomly,
    record,
    start,
)

POLICY = Path(__file__).resolve().parents[2] / "docs" / "ppo_classic_2p.npz"
PPO = PolicyLevel("ppo", str(POLICY), "classic", 2)


@pytest.fixture(scope="module")
def policy_server() -> Iterator[ServerThread]:
    """A server offering the shipped policy as the level ``ppo`` (Classic, 2 players)."""
    with ServerThread(fast_settings(MEMORY, policies=(PPO,))) as server:
        yield server


def policy_choices(data: Message, seat: int) -> list[tuple[str, str]]:
    """Each action ``seat`` took in a game record, beside the policy's own choice."""
    bot = load_policy(POLICY)
    game = Game(
        data["edition"], data["players"], options=Options.from_dict(data["options"]), start=False
    )
    pairs = []
    for round_data in data["rounds"]:
        game.next_round(round_data["deck"], round_data["first"])
        for action in round_data["actions"]:
            view = build_view(game, seat)
            if view["legal_actions"]:
                pairs.append((action, bot.choose(view, random.Random(0))))
            game.apply(action)
    return pairs


def test_the_levels_endpoint_lists_the_policies_and_the_tables_they_fit(
    policy_server: ServerThread,
) -> None:
    levels = httpx.get(f"{policy_server.url}/api/levels", timeout=TIMEOUT).json()
    assert levels["policies"] == [{"name": "ppo", "edition": "classic", "players": 2}]
    assert {"easy", "medium", "hard", "expert"} <= set(levels["builtin"])


def test_a_policy_seat_plays_a_whole_game_to_the_end(policy_server: ServerThread) -> None:
    async def scenario() -> Message:
        created = create_table(
            policy_server.url,
            edition="classic",
            seats=[{"kind": "open"}, {"kind": "bot", "level": "ppo"}],
            bot_level="ppo",
            options={"tokens_to_win": 3},
        )
        joined = join(policy_server.url, created["table"], "Ana")
        client = await Client.open(policy_server.ws_url, created["table"], joined["token"], seat=0)
        info = start(policy_server.url, created)
        assert info["seats"][1]["level"] == "ppo"
        end = await play_randomly(client, random.Random(14))
        await client.close()
        return end

    with ServerLog() as log:
        end = asyncio.run(scenario())
        table = end["table"]["id"]
        assert end["view"]["winners"]
        data = record(policy_server.url, table)
    load_record(data)  # replays and checks the result
    assert not [r.getMessage() for r in log.records if r.levelno >= logging.ERROR]
    choices = policy_choices(data, seat=1)  # no random stand-in: the policy chose each
    assert choices
    assert all(taken == chosen for taken, chosen in choices)


@pytest.mark.parametrize(
    ("spec", "code"),
    [
        (
            {"edition": "premium", "seats": [{"kind": "open"}, {"kind": "bot", "level": "ppo"}]},
            "level_unfit",
        ),
        (
            {"edition": "classic", "seats": [{"kind": "open"}] * 3, "bot_level": "ppo"},
            "level_unfit",
        ),
        ({"seats": [{"kind": "open"}, {"kind": "bot", "level": "alphazero"}]}, "unknown_level"),
    ],
)
def test_a_level_that_does_not_fit_the_table_is_refused(
    policy_server: ServerThread, spec: dict[str, Any], code: str
) -> None:
    response = httpx.post(f"{policy_server.url}/api/tables", json=spec, timeout=TIMEOUT)
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["code"] == code
    name = "ppo" if code == "level_unfit" else "alphazero"
    assert f"'{name}'" in error["message"]


def test_a_server_without_policies_refuses_a_policy_level(server: ServerThread) -> None:
    spec = {"seats": [{"kind": "open"}, {"kind": "bot", "level": "ppo"}]}
    response = httpx.post(f"{server.url}/api/tables", json=spec, timeout=TIMEOUT)
    assert (response.status_code, response.json()["error"]["code"]) == (422, "unknown_level")
    levels = httpx.get(f"{server.url}/api/levels", timeout=TIMEOUT).json()
    assert levels["policies"] == []
