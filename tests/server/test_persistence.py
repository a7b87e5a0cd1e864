"""Crash safety: a server killed with SIGKILL at any moment loses no accepted action.

A spectator and a player watch games between bots (which play as fast as they can);
the server is killed right after the n-th broadcast; a new server on the same
database rebuilds the tables by replay and plays them to the end. Every position a
client saw before the kill must be on the finished game's path, with the same view.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from .harness import (
    Client,
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


@pytest.mark.parametrize("kill_after", [3, 12])
def test_a_killed_server_resumes_every_table(db_url: str, tmp_path: Path, kill_after: int) -> None:
    asyncio.run(killed_and_resumed(db_url, tmp_path / "server.log", kill_after))


async def killed_and_resumed(db_url: str, log: Path, kill_after: int) -> None:
    server = ServerProcess(db_url, log).start()
    try:
        bots = create_table(
            server.url,
            edition="2019",
            seats=[{"kind": "bot", "level": "easy"} for _ in range(4)],
            options={"tokens_to_win": 3},
        )
        human = create_table(
            server.url,
            edition="classic",
            seats=[{"kind": "open"}, {"kind": "bot", "level": "medium"}],
            options={"tokens_to_win": 2, "first_player": 0},
        )
        ana = join(server.url, human["table"], "Ana")
        before = [
            await Client.open(server.ws_url, bots["table"]),
            await Client.open(server.ws_url, human["table"], ana["token"], seat=0),
        ]
        start(server.url, human)
        start(server.url, bots)
        # Ana plays one action; its broadcast means it was committed.
        turn = await before[1].until(my_turn)
        await before[1].send(action_message(turn["view"]["legal_actions"][0], turn["position"]))
        await before[1].until(lambda m: is_state(m) and m["position"] != turn["position"])
        for _ in range(kill_after):
            await before[0].until(is_state)
        server.kill()
        for client in before:
            await client.close()

        server = ServerProcess(db_url, log).start()
        spectator = await Client.open(server.ws_url, bots["table"])
        again = await Client.open(server.ws_url, human["table"], ana["token"], seat=0)
        seen = before[0].messages[-1]["position"]
        resumed = await spectator.until(is_state)
        assert resumed["position"]["round"] >= seen["round"]
        await asyncio.gather(spectator.until(finished), play_randomly(again, random.Random(5)))
        for table, clients in ((bots, [before[0], spectator]), (human, [before[1], again])):
            oracle = Oracle({1: record(server.url, table["table"])})
            for client in clients:
                assert oracle.check(client) > 0  # every view seen is on the final path
            await clients[-1].close()
    finally:
        server.stop()
