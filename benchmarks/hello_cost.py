"""Work before authentication: the server CPU a refused or anonymous ``hello`` costs.

Starts ``loveletter serve`` in a subprocess (its own SQLite file unless ``--db``; with
``--redis`` as one of several processes), sets up two tables, and opens many
WebSocket connections to each, one at a time, each saying one ``hello`` and closing
once answered:

- a fresh table (two players joined, the game just started, nobody connected);
- a table with a long game (``--rounds`` rounds played against a bot, the game
  waiting on its human);
- a table whose long game is over (two random bots played it to 99 tokens, some 200
  rounds), which nobody watches.

For each table it measures a ``hello`` with a wrong seat token (refused:
``bad_token``) and a spectator's ``hello`` (answered with the state), and a baseline
connection that only pings. It prints the server's CPU per connection (from
/proc, Linux), and per hello once the baseline is taken off.

    python benchmarks/hello_cost.py --hellos 1000 --rounds 90
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import serving  # benchmarks/serving.py: run as a script, this folder is on the path
from websockets.asyncio.client import connect


def start_server(db_url: str, redis: str | None, log: Path) -> tuple[subprocess.Popen[str], str]:
    """``loveletter serve`` on a free port; returns the process and its URL."""
    options = ["--db", db_url, "--bot-delay", "0", "--round-pause", "0"]
    return serving.start_server([*options, *(["--redis", redis] if redis else [])], log)


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def fresh_table(http: httpx.Client) -> str:
    """Two players joined, the game started, nobody connected."""
    created = http.post("/api/tables", json={"seats": [{"kind": "open"}] * 2}).json()
    table: str = created["table"]
    for name in ("Ana", "Bruno"):
        http.post(f"/api/tables/{table}/join", json={"name": name}).raise_for_status()
    http.post(f"/api/tables/{table}/start", json={"host_token": created["host_token"]})
    return table


def finished_table(http: httpx.Client) -> tuple[str, int]:
    """Two random bots play a game to 99 tokens; the table and its rounds, once over."""
    created = http.post(
        "/api/tables",
        json={"seats": [{"kind": "bot", "level": "random"}] * 2, "options": {"tokens_to_win": 99}},
    ).json()
    table: str = created["table"]
    http.post(f"/api/tables/{table}/start", json={"host_token": created["host_token"]})
    while http.get(f"/api/tables/{table}").json()["status"] != "finished":
        time.sleep(0.2)
    return table, len(http.get(f"/api/tables/{table}/games/1/record").json()["rounds"])


async def long_table(http: httpx.Client, ws_url: str, rounds: int) -> tuple[str, int]:
    """Ana plays ``rounds`` rounds against a bot at random, then leaves on her turn;
    returns the table and the actions played."""
    created = http.post(
        "/api/tables",
        json={
            "seats": [{"kind": "open"}, {"kind": "bot", "level": "easy"}],
            "options": {"tokens_to_win": 99},
            "disconnect_timeout": 86400,
        },
    ).json()
    table: str = created["table"]
    token = http.post(f"/api/tables/{table}/join", json={"name": "Ana"}).json()["token"]
    http.post(f"/api/tables/{table}/start", json={"host_token": created["host_token"]})
    rng = random.Random(1)
    acted: set[tuple[int, int]] = set()
    async with connect(ws_url, max_size=None) as websocket:
        await websocket.send(json.dumps({"type": "hello", "table": table, "token": token}))
        while True:
            message = json.loads(await websocket.recv())
            if message["type"] == "error":
                raise SystemExit(f"the long game failed: {message}")
            view, position = message.get("view"), message.get("position")
            if message["type"] != "state" or not view or not view["legal_actions"]:
                continue
            key = (position["round"], position["actions"])
            if key in acted:
                continue
            if position["round"] > rounds:
                break
            acted.add(key)
            await asyncio.sleep(0.1)  # within the connection's 10 messages per second
            action = rng.choice(view["legal_actions"])
            answer = {"type": "action", "action": action, "position": position}
            await websocket.send(json.dumps(answer))
    return table, len(acted)


async def connections(ws_url: str, count: int, first: dict[str, Any]) -> None:
    """``count`` connections in turn, each sending ``first`` and closing once answered."""
    for _ in range(count):
        async with connect(ws_url, max_size=None) as websocket:
            await websocket.send(json.dumps(first))
            answer = json.loads(await websocket.recv())
            if answer["type"] == "error" and answer["code"] != "bad_token":
                raise SystemExit(f"unexpected answer: {answer}")


async def measure(pid: int, ws_url: str, count: int, first: dict[str, Any]) -> tuple[float, float]:
    """Server CPU seconds and wall seconds per connection."""
    await connections(ws_url, 20, first)  # warm up (and load the table)
    cpu, wall = cpu_seconds(pid), time.perf_counter()
    await connections(ws_url, count, first)
    return (cpu_seconds(pid) - cpu) / count, (time.perf_counter() - wall) / count


async def run(args: argparse.Namespace, url: str, pid: int) -> None:
    ws_url = "ws" + url[4:] + "/ws"
    with httpx.Client(base_url=url, timeout=60) as http:
        fresh = fresh_table(http)
        began = time.perf_counter()
        long, actions = await long_table(http, ws_url, args.rounds)
        played = time.perf_counter() - began
        over, rounds = finished_table(http)
    print(f"long game: {args.rounds} rounds, {actions} of Ana's decisions (in {played:.0f} s)")
    print(f"game over: {rounds} rounds")
    wrong = "W" * 32
    baseline, _ = await measure(pid, ws_url, args.hellos, {"type": "ping"})
    print(f"baseline (connect, ping, close): {baseline * 1e3:.2f} ms of server CPU")
    for name, table in (("fresh table", fresh), ("long game", long), ("game over", over)):
        for kind, hello in (
            ("wrong token", {"type": "hello", "table": table, "token": wrong}),
            ("spectator", {"type": "hello", "table": table}),
        ):
            cpu, wall = await measure(pid, ws_url, args.hellos, hello)
            print(
                f"{name:12} {kind:12}: {cpu * 1e3:6.2f} ms of server CPU per connection, "
                f"{(cpu - baseline) * 1e3:6.2f} ms per hello; {wall * 1e3:.1f} ms wall"
            )
    print(f"machine load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hellos", type=int, default=1000, help="connections per case")
    parser.add_argument("--rounds", type=int, default=90, help="rounds of the long game (< 99)")
    parser.add_argument("--db", help="SQLAlchemy URL (default: a new SQLite file)")
    parser.add_argument("--redis", help="Redis URL: the server runs as one of several processes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db_url = args.db or f"sqlite:///{Path(folder) / 'hello.db'}"
        process, url = start_server(db_url, args.redis, Path(folder) / "server.log")
        try:
            asyncio.run(run(args, url, process.pid))
        finally:
            process.terminate()
            process.wait(30)


if __name__ == "__main__":
    main()
