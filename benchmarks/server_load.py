"""Server load: many 4-player tables of bot clients over real WebSockets on loopback.

Starts ``loveletter serve`` in a subprocess (its own SQLite file unless ``--db``),
creates the tables, seats four WebSocket clients at each and starts the games. Each
client answers its own decisions with a random legal action after a think time, and
asks for a rematch when a game ends, so the load stays constant. Prints the tables
and clients held, actions per second, and the latency from an action sent to its
broadcast received back (50th and 99th percentiles), and every error seen. With
``--processes N --redis URL`` (and ``--db`` PostgreSQL) it starts N server processes
sharing the database and spreads the tables over them, each table's clients on its
process. With ``--signed-in``, two seats of each table are signed-in accounts' (a
pool of ``--accounts``, each with a seat at many tables), joined and played with the
session's cookie instead of a token, and each game's end is rated.

    python benchmarks/server_load.py --tables 500 --duration 60
    python benchmarks/server_load.py --tables 1000 --duration 30 --signed-in --tokens 1
    python benchmarks/server_load.py --tables 1000 --processes 2 --db URL --redis URL
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import resource
import statistics
import subprocess
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import serving  # benchmarks/serving.py: run as a script, this folder is on the path
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed


@dataclass
class Figures:
    """What the clients measured."""

    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    states: int = 0  # state messages the clients received while measuring
    errors: Counter[str] = field(default_factory=Counter)
    connected: int = 0
    measuring: bool = False


def start_server(
    db_url: str, round_pause: float, log: Path, redis: str | None = None
) -> tuple[subprocess.Popen[str], str]:
    """``loveletter serve`` on a free port (one of several with ``redis``); returns the
    process and its URL."""
    options = [
        "--db",
        db_url,
        "--round-pause",
        str(round_pause),
        "--create-burst",  # every table is created from this one address
        "1000000",
        "--max-connections",  # and every client connects from it
        "0",
        "--request-timeout",  # setting up thousands of tables queues requests
        "120",
        "--signin-burst",  # every account signs up from this one address
        "1000000",
    ]
    return serving.start_server([*options, *(["--redis", redis] if redis else [])], log)


@dataclass(frozen=True)
class Account:
    """A signed-in account: its session's cookie and the token its changes carry."""

    cookie: str
    csrf: str


async def sign_up(url: str, number: int) -> Account:
    """A new account on the server at ``url``, signed in."""
    async with httpx.AsyncClient(timeout=120) as browser:
        body = {"name": f"Player {number}", "password": "correct horse battery"}
        answer = await browser.post(f"{url}/api/account", json=body)
        answer.raise_for_status()
        return Account(f"ll_session={browser.cookies['ll_session']}", answer.json()["csrf"])


async def seat_table(
    http: httpx.AsyncClient,
    url: str,
    gate: asyncio.Semaphore,
    accounts: list[Account],
    options: dict[str, Any],
) -> tuple[dict[str, Any], list[tuple[int, ClientConnection]]]:
    """Create a table of four open seats on the server at ``url``, join and connect
    four clients to it: the first ``len(accounts)`` signed in (their seats are their
    accounts', played with the session's cookie and no token), the others guests."""
    ws_url = "ws" + url[4:] + "/ws"
    async with gate:
        created = (
            await http.post(
                f"{url}/api/tables",
                json={"edition": "classic", "seats": [{"kind": "open"}] * 4, **options},
            )
        ).json()
        table = created["table"]
        clients = []
        for index in range(4):
            account = accounts[index] if index < len(accounts) else None
            headers = {"Cookie": account.cookie, "X-CSRF-Token": account.csrf} if account else {}
            joined = (
                await http.post(
                    f"{url}/api/tables/{table}/join", json={"name": f"P{index}"}, headers=headers
                )
            ).json()
            # No keepalive pings from the clients: browsers send none, the server pings.
            websocket = await connect(
                ws_url,
                max_size=None,
                open_timeout=60,
                ping_interval=None,
                additional_headers={"Cookie": account.cookie} if account else None,
            )
            hello = {"type": "hello", "table": table}
            if account is None:
                hello["token"] = joined["token"]
            await websocket.send(orjson.dumps(hello).decode())
            clients.append((joined["seat"], websocket))
        return created, clients


@dataclass(frozen=True)
class Seen:
    """What a client keeps of a state message: the whole message is let go at once, so
    thousands of clients waiting do not hold thousands of parsed views for the
    collector to scan."""

    position: tuple[int, int, int] | None
    status: str
    game: int
    legal_actions: list[str]


def read_state(message: dict[str, Any]) -> Seen:
    position, view, table = message["position"], message["view"], message["table"]
    return Seen(
        None if position is None else (position["game"], position["round"], position["actions"]),
        table["status"],
        table["game"],
        view["legal_actions"] if view else [],
    )


async def play(
    websocket: ClientConnection,
    host_token: str | None,
    think: tuple[float, float],
    rng: random.Random,
    figures: Figures,
) -> None:
    """Answer this client's decisions after a think time; the host asks for rematches."""
    loop = asyncio.get_running_loop()
    pending: tuple[tuple[int, int, int], float] | None = None  # position acted at, when
    acted: set[tuple[int, int, int]] = set()
    rematched: set[int] = set()
    figures.connected += 1
    try:
        async for text in websocket:
            message = orjson.loads(text)
            if message["type"] == "error":
                figures.errors[message["code"]] += 1
                continue
            if message["type"] != "state":
                continue
            seen = read_state(message)
            del message
            if figures.measuring:
                figures.states += 1
            if pending is not None and seen.position != pending[0]:
                if figures.measuring:
                    figures.latencies.append(loop.time() - pending[1])
                    figures.actions += 1
                pending = None
            if seen.status == "finished" and host_token and seen.game not in rematched:
                rematched.add(seen.game)
                rematch = {"type": "rematch", "host_token": host_token}
                await websocket.send(orjson.dumps(rematch).decode())
            if seen.status != "playing" or seen.position is None or not seen.legal_actions:
                continue
            if seen.position in acted:
                continue
            acted.add(seen.position)
            await asyncio.sleep(rng.uniform(*think))
            action = rng.choice(seen.legal_actions)
            pending = (seen.position, loop.time())
            game, round_number, actions = seen.position
            at = {"game": game, "round": round_number, "actions": actions}
            sent = {"type": "action", "action": action, "position": at}
            await websocket.send(orjson.dumps(sent).decode())
    except ConnectionClosed:
        figures.errors["connection closed"] += 1
    finally:
        figures.connected -= 1


async def loop_lag(seconds: float, tick: float = 0.01) -> list[float]:
    """How late this event loop wakes a task up, every ``tick`` for ``seconds``: the
    part of the measured latencies that is the clients' own queueing."""
    loop = asyncio.get_running_loop()
    lags = []
    end = loop.time() + seconds
    while loop.time() < end:
        before = loop.time()
        await asyncio.sleep(tick)
        lags.append(max(0.0, loop.time() - before - tick))
    return lags


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(args: argparse.Namespace, urls: list[str], pids: list[int]) -> None:
    figures = Figures()
    rng = random.Random(args.seed)
    gate = asyncio.Semaphore(32)
    began = time.perf_counter()
    limits = httpx.Limits(max_keepalive_connections=0)  # no idle connection to lose
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        homes = [urls[index % len(urls)] for index in range(args.tables)]  # spread tables
        pool = [await sign_up(urls[0], n) for n in range(args.accounts if args.signed_in else 0)]
        seated = await asyncio.gather(
            *(
                seat_table(
                    http,
                    home,
                    gate,
                    [pool[(2 * index + k) % len(pool)] for k in range(2)] if pool else [],
                    {"options": {"tokens_to_win": args.tokens}} if args.tokens else {},
                )
                for index, home in enumerate(homes)
            )
        )
        players = [
            asyncio.create_task(
                play(
                    websocket,
                    created["host_token"] if seat == 0 else None,
                    (args.think_min, args.think_max),
                    random.Random(rng.random()),
                    figures,
                )
            )
            for created, clients in seated
            for seat, websocket in clients
        ]

        async def start(home: str, created: dict[str, Any]) -> None:
            async with gate:
                response = await http.post(
                    f"{home}/api/tables/{created['table']}/start",
                    json={"host_token": created["host_token"]},
                )
            response.raise_for_status()

        async def started(home: str, created: dict[str, Any]) -> bool:
            async with gate:
                info = (await http.get(f"{home}/api/tables/{created['table']}")).json()
            return bool(info["status"] != "lobby")

        tables = list(zip(homes, (created for created, _ in seated), strict=True))
        await asyncio.gather(*(start(home, created) for home, created in tables))
        ready = time.perf_counter() - began
        # The thousands of connections set up live on: keep the collector's full scans
        # of them from stalling every client (the latencies would measure the harness).
        gc.collect()
        gc.freeze()
        gc.set_threshold(20_000, 50, 1000)
        await asyncio.sleep(args.warmup)
        figures.measuring = True
        measured, own = time.perf_counter(), time.process_time()
        cpu = [cpu_seconds(pid) for pid in pids]
        lag = asyncio.create_task(loop_lag(args.duration))
        await asyncio.sleep(args.duration)
        figures.measuring = False
        elapsed = time.perf_counter() - measured
        loads = [(cpu_seconds(pid) - used) / elapsed for pid, used in zip(pids, cpu, strict=True)]
        clients_load = (time.process_time() - own) / elapsed
        lags = sorted(await lag)
        held_tables = sum(await asyncio.gather(*(started(home, c) for home, c in tables)))
        held_clients = figures.connected
        for task in players:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)
        await asyncio.gather(*(ws.close() for _, clients in seated for _, ws in clients))
    latencies = sorted(figures.latencies)
    if not latencies:
        raise SystemExit("no action was measured")
    p50 = statistics.quantiles(latencies, n=100)[49] * 1000
    p99 = statistics.quantiles(latencies, n=100)[98] * 1000
    print(f"tables held: {held_tables} of {args.tables} (4 clients each); set up in {ready:.1f} s")
    print(f"clients held: {held_clients} of {4 * args.tables}")
    print(f"think time: {args.think_min}-{args.think_max} s; measured {elapsed:.0f} s")
    print(f"actions: {figures.actions} ({figures.actions / elapsed:.0f} per second)")
    worst = latencies[-1] * 1000
    print(f"latency action -> broadcast: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {worst:.1f} ms")
    servers = ", ".join(f"{load:.0%}" for load in loads)
    print(f"CPU: server {servers} of one core, clients {clients_load:.0%} (one process)")
    per_action = sum(loads) * elapsed / max(figures.actions, 1) * 1000
    per_state = sum(loads) * elapsed / max(figures.states, 1) * 1e6
    print(
        f"server CPU per action: {per_action:.2f} ms; state messages: {figures.states} "
        f"({figures.states / max(figures.actions, 1):.1f} per action, {per_state:.0f} µs each)"
    )
    lag_p99 = statistics.quantiles(lags, n=100)[98] * 1000
    print(f"clients' event loop late by: p99 {lag_p99:.1f} ms, max {lags[-1] * 1000:.1f} ms")
    print(f"machine load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"errors: {dict(figures.errors) or 'none'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds before measuring")
    parser.add_argument("--think-min", type=float, default=1.0)
    parser.add_argument("--think-max", type=float, default=3.0)
    parser.add_argument("--round-pause", type=float, default=2.0)
    parser.add_argument("--db", help="SQLAlchemy URL (default: a new SQLite file)")
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes (more than 1: needs --redis)"
    )
    parser.add_argument("--redis", help="Redis URL, for several processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--signed-in",
        action="store_true",
        help="two seats of each table signed in (accounts' seats, played with a cookie)",
    )
    parser.add_argument("--accounts", type=int, default=64, help="accounts, with --signed-in")
    parser.add_argument(
        "--tokens", type=int, help="tokens to win (1: a game a round, many games end and are rated)"
    )
    args = parser.parse_args()
    if args.processes > 1 and not args.redis:
        parser.error("several processes share their tables through Redis: give --redis")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))
    with tempfile.TemporaryDirectory() as folder:
        db_url = args.db or f"sqlite:///{Path(folder) / 'load.db'}"
        logs = [Path(folder) / f"server{i}.log" for i in range(args.processes)]
        started = [start_server(db_url, args.round_pause, log, args.redis) for log in logs]
        urls, pids = [url for _, url in started], [process.pid for process, _ in started]
        try:
            try:
                import uvloop

                uvloop.run(run(args, urls, pids))
            except ImportError:
                asyncio.run(run(args, urls, pids))
        finally:
            for process, _ in started:
                process.terminate()
                process.wait(30)
            for log in logs:
                errors = log.read_text().strip()
                if errors:
                    print(f"{log.name}:\n" + errors[-2000:])


if __name__ == "__main__":
    main()
