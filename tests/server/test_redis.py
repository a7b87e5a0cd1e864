"""Two server processes sharing one database fan out through Redis.

Players on different processes play one game; each process renders its own clients'
views; the same action sent through both processes at once is applied once (the
table row's version decides).
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from loveletter.server.hub import kill_redis_connections

from .conftest import POSTGRES, REDIS
from .harness import (
    Client,
    Message,
    Oracle,
    ServerProcess,
    action_message,
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


#: Two server processes on one database, fanning out through Redis.
Servers = tuple[ServerProcess, ServerProcess]


@pytest.fixture
def servers(shared_db: str, tmp_path: Path) -> Iterator[Servers]:
    """Two server processes on ``shared_db`` and Redis, logging to one.log and two.log."""
    redis = os.environ[REDIS]
    one = ServerProcess(shared_db, tmp_path / "one.log", "--redis", redis)
    two = ServerProcess(shared_db, tmp_path / "two.log", "--redis", redis)
    try:
        yield one.start(), two.start()
    finally:
        one.stop()
        two.stop()


def played(message: Message) -> bool:
    return bool(message["position"] and message["position"]["actions"] >= 1)


def test_two_processes_play_one_game_through_redis(servers: Servers) -> None:
    asyncio.run(two_processes(*servers))


async def two_processes(one: ServerProcess, two: ServerProcess) -> None:
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
    sent = action_message(turn["view"]["legal_actions"][0], turn["position"])
    await asyncio.gather(ana_one.send(sent), ana_two.send(sent))
    errors = [e for found in await asyncio.gather(ana_one.sync(), ana_two.sync()) for e in found]
    assert [error["code"] for error in errors] == ["stale_action"]
    moved = await spectator.until(lambda m: is_state(m) and played(m))
    assert moved["position"]["round"] == 1
    await ana_two.close()

    await asyncio.gather(
        play_randomly(ana_one, random.Random(6)),
        play_randomly(bruno_two, random.Random(7)),
        spectator.until(finished),
    )
    data = record(two.url, table)
    assert data["rounds"][0]["actions"][0] == sent["action"]
    oracle = Oracle({1: data})
    for client in (ana_one, ana_two, bruno_two, spectator):
        oracle.check(client)
    for client in (ana_one, bruno_two, spectator):
        await client.close()


def test_a_process_that_loses_redis_subscribes_again_and_catches_up(servers: Servers) -> None:
    asyncio.run(redis_drop(*servers))


async def redis_drop(one: ServerProcess, two: ServerProcess) -> None:
    redis = os.environ[REDIS]
    created = create_table(
        one.url,
        edition="classic",
        seats=[{"kind": "open"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}],
        options={"tokens_to_win": 3},
    )
    table = created["table"]
    ana = join(one.url, table, "Ana", seat=0)
    bruno = join(two.url, table, "Bruno", seat=1)
    ana_one = await Client.open(one.ws_url, table, ana["token"], seat=0)
    bruno_two = await Client.open(two.ws_url, table, bruno["token"], seat=1)
    watch_one = await Client.open(one.ws_url, table)
    watch_two = await Client.open(two.ws_url, table)
    start(two.url, created)

    async def drop_mid_game() -> None:
        await watch_one.until(lambda m: is_state(m) and played(m))
        assert one.process is not None
        assert kill_redis_connections(redis, one.process.pid) >= 1

    async with asyncio.timeout(90):
        await asyncio.gather(
            drop_mid_game(),
            play_randomly(ana_one, random.Random(1)),
            play_randomly(bruno_two, random.Random(2)),
        )
        for watcher in (watch_one, watch_two):
            if not any(finished(m) for m in watcher.messages):
                await watcher.until(finished)
    final = max(
        m["version"]
        for c in (ana_one, bruno_two, watch_one, watch_two)
        for m in c.messages
        if is_state(m)
    )
    for client in (ana_one, bruno_two, watch_one, watch_two):
        last = [m for m in client.messages if is_state(m)][-1]
        assert (last["version"], last["table"]["status"]) == (final, "finished")
    assert "catching up from the database" in one.log.read_text()
    oracle = Oracle({1: record(two.url, table)})
    for client in (ana_one, bruno_two, watch_one, watch_two):
        oracle.check(client)
        await client.close()


def test_a_chat_line_reaches_the_clients_of_every_process(servers: Servers) -> None:
    asyncio.run(chat_across(*servers))


async def chat_across(one: ServerProcess, two: ServerProcess) -> None:
    created = create_table(one.url, seats=[{"kind": "open"}, {"kind": "open"}])
    table = created["table"]
    ana = join(one.url, table, "Ana")
    ana_one = await Client.open(one.ws_url, table, ana["token"], seat=0)
    watcher_two = await Client.open(two.ws_url, table)
    await ana_one.until(is_state)
    await watcher_two.until(is_state)
    await ana_one.send({"type": "chat", "text": "<i>hello</i> from one"})
    line = await watcher_two.until(lambda m: m["type"] == "chat")
    assert (line["name"], line["text"]) == ("Ana", "<i>hello</i> from one")
    mine = await ana_one.until(lambda m: m["type"] == "chat")
    assert mine == line  # the sender's process delivers it once, not its echo too
    await ana_one.sync()
    assert [m for m in ana_one.messages if m["type"] == "chat"] == [line]
    await ana_one.close()
    await watcher_two.close()
