"""CPU per state change of a table, in the server's own process, without sockets.

For each change of 4-player Classic tables played at random (the commands the
service applies, then ``settle``), it renders every seat's state message as a client
connection does, half in French and half in English, and prints the CPU time per
change of each part (one core), and the mean size of a message.

    python benchmarks/render_cost.py
    python benchmarks/render_cost.py --games 200 --runs 5
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from loveletter import tables
from loveletter.engine import Options
from loveletter.server.clock import SystemClock
from loveletter.server.connections import Connection, ConnectionManager
from loveletter.tables import TableState

NAMES = ["Ana", "Bruno", "Chloé", "Dario"]
LANGS = ["fr", "en", "fr", "en"]


class OneTable:
    """The part of the service connections read: the table's latest state (and a
    hub with no chat, and a clock)."""

    def __init__(self) -> None:
        self.state: TableState | None = None
        self.hub = self
        self.clock = SystemClock()

    def cached(self, table_id: str) -> TableState | None:
        return self.state

    def listen_chat(self, listener: object) -> None:
        pass


class Listener:
    """Stands for the WebSocket: a connection here only renders, it never sends."""


def client(manager: ConnectionManager, table_id: str, seat: int) -> Connection:
    """A connection that said hello to ``table_id`` as ``seat``."""
    connection = Connection(Listener(), manager)  # type: ignore[arg-type]
    connection.table_id, connection.seat, connection.lang = table_id, seat, LANGS[seat]
    connection.token_hash = f"token{seat}"
    return connection


def started_table(number: int, rng: random.Random) -> TableState:
    spec = tables.TableSpec("classic", (None,) * 4, Options(), "medium", 60.0)
    state = tables.new_table(spec, f"table{number}", "host", 0.0)
    for seat, name in enumerate(NAMES):
        state = tables.join(state, name, seat, f"token{seat}", 0.0)
    new = tables.start(state, random.Random(rng.random()), 0.0, rematch=False)
    return tables.settle(state, new, 0.0)[0]


def run(games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` games; the CPU per change of the command and of the rendering."""
    rng = random.Random(seed)
    service = OneTable()
    manager = ConnectionManager(service)  # type: ignore[arg-type]
    command = render = 0.0
    changes = size = 0
    for number in range(games):
        state = started_table(number, rng)
        clients = [client(manager, state.id, seat) for seat in range(4)]
        while state.status == "playing":
            began = time.process_time()
            state, _ = tables.settle(state, tables.random_change(state, rng), 0.0)
            rendered = time.process_time()
            service.state = state
            for connection in clients:
                text = connection.render()
                size += len(text or "")
            ended = time.process_time()
            command += rendered - began
            render += ended - rendered
            changes += 1
    return {
        "command_us": command / changes * 1e6,
        "render_us": render / changes * 1e6,
        "message_bytes": size / changes / 4,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per run")
    parser.add_argument("--runs", type=int, default=3, help="runs, the first one warming up")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for number in range(args.runs):
        figures = run(args.games, args.seed)
        print(
            f"run {number + 1}: act and settle {figures['command_us']:.0f} µs, "
            f"four state messages {figures['render_us']:.0f} µs per change; "
            f"a message {figures['message_bytes']:.0f} bytes",
            flush=True,
        )


if __name__ == "__main__":
    main()
