"""A server stopped by SIGTERM after its bots have played, or while they play, leaves
nothing behind: no warning from its worker processes (multiprocessing's leaked
semaphores), no move failing on a closed database, and it exits 0."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from .harness import Client, ServerProcess, create_table, finished, is_state, start


def stopped_cleanly(
    tmp_path: Path, scenario: Callable[[ServerProcess], Coroutine[Any, Any, None]], *extra: str
) -> None:
    """Run ``scenario`` against a server, then stop it with SIGTERM: it must exit 0
    having logged nothing."""
    log = tmp_path / "server.log"
    server = ServerProcess(f"sqlite:///{tmp_path / 'loveletter.db'}", log, *extra).start()
    try:
        asyncio.run(scenario(server))
    finally:
        server.stop()
    assert server.process is not None
    assert server.process.returncode == 0
    assert log.read_text() == ""


def test_sigterm_after_bots_played_warns_of_nothing(tmp_path: Path) -> None:
    async def watch(server: ServerProcess) -> None:
        created = create_table(
            server.url,
            seats=[{"kind": "bot", "level": "hard"}, {"kind": "bot", "level": "medium"}],
            options={"tokens_to_win": 2},
        )
        spectator = await Client.open(server.ws_url, created["table"])
        start(server.url, created)
        await spectator.until(finished)
        await spectator.close()

    stopped_cleanly(tmp_path, watch, "--bot-workers", "2")


def test_sigterm_while_bots_play_leaves_no_move_half_done(tmp_path: Path) -> None:
    """The moves the bots are committing when the server stops are committed (or
    dropped) before the database closes, and none is planned after."""

    async def watch(server: ServerProcess) -> None:
        tables = [
            create_table(
                server.url,
                seats=[{"kind": "bot", "level": "easy"}] * 4,
                options={"tokens_to_win": 99},
            )
            for _ in range(8)
        ]
        spectator = await Client.open(server.ws_url, tables[-1]["table"])
        for created in tables:
            start(server.url, created)
        await spectator.until(lambda message: is_state(message) and message["version"] > 200)
        await spectator.close()

    stopped_cleanly(tmp_path, watch)
