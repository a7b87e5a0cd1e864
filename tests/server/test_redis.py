"""Two server processes sharing one database fan out through Redis.

Players on different processes play one game; each process renders its own clients'
views; the same action sent through both processes at once is applied once (the
table row's version decides).
"""

from __future__ import annotations

import asyncio
import os
import random
from pathlib import Path

import pytest

from .conftest import POSTGRES, REDIS
from .harness import (
    Client,
    Message,
    Oracle,
    ServerProcess,
    create_table,
    finished,
    is_state,
    join,
    my_turn,
    play_randomly,
    record,
    start,
)

pytestmark = pytest.mark.redis


@pytest.fixture
def shared_db(tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """PostgreSQL when configured (the real deployment), else one SQLite file."""
    if os.environ.get(POSTGRES):
        url: str = request.getfixturevalue("postgres_url")
        return url
    return f"sqlite:///{tmp_path / 'shared.db'}"


def played(message: Message) -> bool:
    return bool(message["position"] and message["position"]["actions"] >= 1)


def test_two_processes_play_one_game_through_redis(shared_db: str, tmp_path: Path) -> None:
    asyncio.run(two_processes(shared_db, tmp_path))


async def two_processes(db_url: str, tmp_path: Path) -> None:
    redis = os.environ[REDIS]
    one = ServerProcess(db_url, tmp_path / "one.log", "--redis", redis).start()
    two = ServerProcess(db_url, tmp_path / "two.log", "--redis", redis).start()
    try:
        created = create_table(
            one.url,
            edition="2019",
            seats=[{"kind": "open"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}],
            options={"tokens_to_win": 2, "first_player": 0},
        )
        table = created["table"]
        bruno = join(two.url, table, "Bruno", seat=1)  # through the other process
        ana = join(one.url, table, "Ana", seat=0)  # then two must learn of Ana's seat
        ana_one = await Client.open(one.ws_url, table, ana["token"], seat=0)
        ana_two = await Client.open(two.ws_url, table, ana["token"], seat=0)
        bruno_two = await Client.open(two.ws_url, table, bruno["token"], seat=1)
        spectator = await Client.open(two.ws_url, table)
        start(one.url, created)

        # Ana's first decision, sent through both processes at once: applied once.
        turn = await ana_one.until(my_turn)
        await ana_two.until(lambda m: my_turn(m) and m["position"] == turn["position"])
        action = {"type": "action", "action": turn["view"]["legal_actions"][0]}
        await asyncio.gather(ana_one.send(action), ana_two.send(action))
        errors = [
            e for found in await asyncio.gather(ana_one.sync(), ana_two.sync()) for e in found
        ]
        assert len(errors) == 1  # out of turn, or illegal in the second step (Chancellor)
        assert errors[0]["code"] in ("not_your_turn", "illegal_action")
        moved = await spectator.until(lambda m: is_state(m) and played(m))
        assert moved["position"]["round"] == 1
        await ana_two.close()

        await asyncio.gather(
            play_randomly(ana_one, random.Random(6)),
            play_randomly(bruno_two, random.Random(7)),
            spectator.until(finished),
        )
        data = record(two.url, table)
        assert data["rounds"][0]["actions"][0] == action["action"]
        oracle = Oracle({1: data})
        for client in (ana_one, ana_two, bruno_two, spectator):
            oracle.check(client)
        for client in (ana_one, bruno_two, spectator):
            await client.close()
    finally:
        one.stop()
        two.stop()
