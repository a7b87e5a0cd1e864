"""Soak: mixed traffic with faults, for minutes, on two server processes.

Starts two ``loveletter serve`` processes sharing one database (PostgreSQL with
``--db``, else a SQLite file) and, with ``--redis``, fanning out through Redis
(without it, one process). Seats tables of two humans (random WebSocket clients, on
different processes) and two bots; the host asks for a rematch at each game's end.
While they play, a fault strikes every few seconds, drawn at random:

- a client drop: a player's connection is cut without a close frame; the player
  comes back after a moment with its seat token;
- a kill: a server process is killed with SIGKILL and started again (its clients
  reconnect to the new one);
- a Redis drop (with ``--redis``): every Redis connection of one process, or of
  every process (as a restart of Redis would do; the Redis server itself, maybe
  shared, is left running), is killed with ``CLIENT KILL``.

A client drop is drawn twice as often as the others; ``--faults`` chooses among
them. Every ``--every`` seconds it prints the actions and games so far, the errors the
clients were sent (by code) and the faults, and each server process's memory (RSS).
At the end, every table must still be playing or finished and answer.

    python benchmarks/soak.py --minutes 30 --db postgresql+psycopg://… --redis redis://…
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import signal
import subprocess
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import serving  # benchmarks/serving.py: run as a script, this folder is on the path
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from loveletter.server.hub import kill_redis_connections

#: Errors a client may be sent in normal play with faults (a move raced by a
#: reconnection, a table busy while a killed process's changes are sorted out).
EXPECTED = {"stale_action", "not_your_turn", "busy"}


class Server:
    """One ``loveletter serve`` process, restartable (on a new port)."""

    def __init__(self, db_url: str, redis: str | None, log: Path) -> None:
        self.options = [
            "--db",
            db_url,
            "--bot-delay",
            "0.2",
            "--round-pause",
            "0.5",
            "--bot-workers",
            "1",
            "--create-burst",
            "1000000",
            *(["--redis", redis] if redis else []),
        ]
        self.log = log
        self.process: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> None:
        self.process, self.url = serving.start_server(self.options, self.log)

    @property
    def ws_url(self) -> str:
        return "ws" + self.url[4:] + "/ws"

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(30)

    def rss_mib(self) -> float:
        """Resident memory of the server process (not its bot workers), MiB; 0 while
        it is down (killed, not yet started again)."""
        assert self.process is not None
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except FileNotFoundError:
            return 0.0
        found = re.search(r"VmRSS:\s+(\d+) kB", status)
        return int(found.group(1)) / 1024 if found else 0.0


@dataclass
class Tally:
    """What the clients and the faults counted."""

    actions: int = 0
    games: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    faults: Counter[str] = field(default_factory=Counter)
    reconnections: int = 0


class Player:
    """A human seat played at random by a WebSocket client that always comes back."""

    def __init__(
        self, servers: list[Server], home: int, table: str, token: str, host: str | None
    ) -> None:
        self.servers = servers
        self.home = home
        self.table = table
        self.token = token
        self.host_token = host
        self.websocket: ClientConnection | None = None
        self.rng = random.Random()

    async def run(self, tally: Tally) -> None:
        while True:
            try:
                async with connect(self.servers[self.home].ws_url, open_timeout=10) as ws:
                    self.websocket = ws
                    hello = {"type": "hello", "table": self.table, "token": self.token}
                    await ws.send(json.dumps(hello))
                    await self._play(ws, tally)
            except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError):
                pass
            self.websocket = None
            tally.reconnections += 1
            await asyncio.sleep(0.5)

    async def _play(self, ws: ClientConnection, tally: Tally) -> None:
        acted: set[tuple[int, int, int]] = set()
        rematched: set[int] = set()
        async for text in ws:
            message: dict[str, Any] = json.loads(text)
            if message["type"] == "error":
                tally.errors[message["code"]] += 1
                continue
            if message["type"] != "state":
                continue
            table, position, view = message["table"], message["position"], message["view"]
            game = table["game"]
            if table["status"] == "finished" and self.host_token and game not in rematched:
                rematched.add(game)
                tally.games += 1
                rematch = {"type": "rematch", "host_token": self.host_token}
                await ws.send(json.dumps(rematch))
            if table["status"] != "playing" or not view or not view["legal_actions"]:
                continue
            key = (position["game"], position["round"], position["actions"])
            if key in acted:
                continue
            acted.add(key)
            await asyncio.sleep(self.rng.uniform(0.2, 0.6))
            action = self.rng.choice(view["legal_actions"])
            await ws.send(json.dumps({"type": "action", "action": action, "position": position}))
            tally.actions += 1

    def drop(self) -> bool:
        """Cut the connection without a close frame."""
        if self.websocket is None:
            return False
        self.websocket.transport.abort()
        return True


async def faults(
    args: argparse.Namespace,
    servers: list[Server],
    players: list[Player],
    tally: Tally,
    restarts: list[asyncio.Future[None]],
) -> None:
    """Draw a fault every ``--fault-every`` seconds or so; a killed server's start
    again goes on in ``restarts`` when this is cancelled."""
    rng = random.Random(args.seed)
    kinds = [kind for kind in args.faults.split(",") if kind != "redis" or args.redis]
    kinds = [kind for kind in kinds for _ in range(2 if kind == "drop" else 1)]
    if not kinds:
        return
    while True:
        await asyncio.sleep(rng.uniform(0.5, 1.5) * args.fault_every)
        kind = rng.choice(kinds)
        if kind == "drop":
            if rng.choice(players).drop():
                tally.faults["client drop"] += 1
        elif kind == "kill":
            server = rng.choice(servers)
            server.kill()
            restarts.append(asyncio.ensure_future(asyncio.to_thread(server.start)))
            await asyncio.shield(restarts[-1])
            tally.faults["server kill"] += 1
        else:  # one process's connections, or every process's (as a restart of Redis)
            hit = rng.choice([[server] for server in servers] + [servers])
            pids = [server.process.pid for server in hit if server.process is not None]
            killed = [await asyncio.to_thread(kill_redis_connections, args.redis, p) for p in pids]
            if any(killed):
                tally.faults["redis drop" if len(hit) == 1 else "redis restart"] += 1


def seat_tables(servers: list[Server], count: int) -> list[Player]:
    players = []
    for index in range(count):
        first, second = servers[index % len(servers)], servers[(index + 1) % len(servers)]
        seats = [{"kind": "open"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}]
        seats.append({"kind": "bot", "level": "medium"})
        created = httpx.post(
            f"{first.url}/api/tables", json={"seats": seats, "disconnect_timeout": 30}
        ).json()
        table = created["table"]
        tokens = [
            httpx.post(f"{server.url}/api/tables/{table}/join", json={"name": name}).json()
            for server, name in ((first, "Ana"), (second, "Bruno"))
        ]
        players.append(
            Player(servers, servers.index(first), table, tokens[0]["token"], created["host_token"])
        )
        players.append(Player(servers, servers.index(second), table, tokens[1]["token"], None))
        httpx.post(
            f"{first.url}/api/tables/{table}/start", json={"host_token": created["host_token"]}
        ).raise_for_status()
    return players


async def run(args: argparse.Namespace, servers: list[Server]) -> int:
    tally = Tally()
    players = seat_tables(servers, args.tables)
    tasks = [asyncio.create_task(p.run(tally)) for p in players]
    restarts: list[asyncio.Future[None]] = []
    tasks.append(asyncio.create_task(faults(args, servers, players, tally, restarts)))
    began = time.monotonic()
    print("minute  actions  games  reconnections  faults  errors  memory (MiB)")
    while time.monotonic() - began < args.minutes * 60:
        await asyncio.sleep(min(args.every, args.minutes * 60 - (time.monotonic() - began)))
        memory = ", ".join(f"{s.rss_mib():.0f}" for s in servers)
        print(
            f"{(time.monotonic() - began) / 60:6.1f}  {tally.actions:7}  {tally.games:5}"
            f"  {tally.reconnections:13}  {dict(tally.faults)}  {dict(tally.errors)}  {memory}",
            flush=True,
        )
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.gather(*restarts)  # every server up again before the tables are read
    broken = 0
    for player in players[::2]:
        answer = httpx.get(f"{servers[0].url}/api/tables/{player.table}")
        if answer.status_code != 200 or answer.json()["status"] not in ("playing", "finished"):
            broken += 1
    unexpected = {code: n for code, n in tally.errors.items() if code not in EXPECTED}
    print(f"tables: {args.tables}, none broken" if not broken else f"broken tables: {broken}")
    print(f"unexpected errors: {unexpected or 'none'}")
    return 1 if broken or unexpected else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--fault-every", type=float, default=5.0, help="seconds, on average")
    parser.add_argument("--every", type=float, default=30.0, help="seconds between reports")
    parser.add_argument("--db", help="SQLAlchemy URL (default: a new SQLite file)")
    parser.add_argument("--redis", help="Redis URL: two processes (else one)")
    parser.add_argument(
        "--faults",
        default="drop,kill,redis",
        help="the faults to draw from (drop, kill, redis); without kill, memory is"
        " followed over the processes' whole life",
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if set(args.faults.split(",")) - {"drop", "kill", "redis", ""}:
        parser.error("--faults takes drop, kill and redis, comma-separated")
    with tempfile.TemporaryDirectory() as folder:
        db_url = args.db or f"sqlite:///{Path(folder) / 'soak.db'}"
        count = 2 if args.redis else 1
        servers = [
            Server(db_url, args.redis, Path(folder) / f"server{i}.log") for i in range(count)
        ]
        for server in servers:
            server.start()
        try:
            status = asyncio.run(run(args, servers))
        finally:
            for server in servers:
                server.stop()
            for server in servers:
                logged = server.log.read_text()
                tracebacks = logged.count("Traceback")
                print(
                    f"{server.log.name}: {len(logged.splitlines())} lines, {tracebacks} tracebacks"
                )
                if tracebacks:  # the first one whole, to read before the folder goes
                    start = logged.index("Traceback")
                    print(logged[logged.rfind("\n", 0, start - 1) + 1 :][:4000])
        raise SystemExit(status)


if __name__ == "__main__":
    main()
