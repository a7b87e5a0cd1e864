"""A server stopped by SIGTERM after its bots have played leaves nothing behind: no
warning from its worker processes (multiprocessing's leaked semaphores), and it
exits 0."""

from __future__ import annotations

import asyncio
from pathlib import Path

from .harness import Client, ServerProcess, create_table, finished, is_state, start


def test_sigterm_after_bots_played_warns_of_nothing(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    server = ServerProcess(f"sqlite:///{tmp_path / 'bots.db'}", log, "--bot-workers", "2")
    server.start()
    try:
        created = create_table(
            server.url,
            seats=[{"kind": "bot", "level": "hard"}, {"kind": "bot", "level": "medium"}],
            options={"tokens_to_win": 2},
        )

        async def watch() -> None:
            spectator = await Client.open(server.ws_url, created["table"])
            start(server.url, created)
            await spectator.until(finished)
            await spectator.close()

        asyncio.run(watch())
    finally:
        server.stop()
    assert server.process is not None
    assert server.process.returncode == 0
    assert log.read_text() == ""


def test_sigterm_while_bots_play_leaves_no_move_half_done(tmp_path: Path) -> None:
    """The moves the bots are committing when the server stops are committed (or
    dropped) before the database closes: no move fails on a closed database."""
    log = tmp_path / "server.log"
    server = ServerProcess(f"sqlite:///{tmp_path / 'busy.db'}", log)
    server.start()
    try:
        tables = [
            create_table(
                server.url,
                seats=[{"kind": "bot", "level": "easy"}] * 4,
                options={"tokens_to_win": 99},
            )
            for _ in range(8)
        ]

        async def watch() -> None:
            spectator = await Client.open(server.ws_url, tables[-1]["table"])
            for created in tables:
                start(server.url, created)
            await spectator.until(lambda message: is_state(message) and message["version"] > 200)
            await spectator.close()

        asyncio.run(watch())
    finally:
        server.stop()
    assert server.process is not None
    assert server.process.returncode == 0
    assert log.read_text() == ""
