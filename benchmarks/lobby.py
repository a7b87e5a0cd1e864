"""The public lobby at scale: 10,000 tables waiting for players.

Fills a database (a new SQLite file unless ``--db``) with ``--tables`` public tables in
the lobby, of every edition and size, real-time and turn-based, each with its host
seated (an account rated in the edition's family for a third of them), starts
``loveletter serve`` on it, and prints the time of the lobby's first page, of a page
filtered by edition and size, of a page far down, and of a quick match (which joins
the table waiting longest that fits): the median and the slowest of ``--repeat``
requests, each timed from the request sent to the answer read on loopback (so a
little over the server's own time).

    python benchmarks/lobby.py
    python benchmarks/lobby.py --db postgresql+psycopg://postgres@127.0.0.1:5432/test
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

import httpx
import serving  # benchmarks/serving.py: run as a script, this folder is on the path
from sqlalchemy import insert, text

from loveletter.storage import Repository
from loveletter.storage.models import AccountRow, RatingRow, SeatRow, TableRow
from loveletter.tables.results import family_of

#: Editions and the table sizes they seat, as the lobby is filled with them.
SIZES = {"classic": (2, 3, 4), "2019": (2, 3, 4, 5, 6), "premium": (5, 6, 7, 8)}
TIMERS = (0.0, 60.0, 3600.0, 86400.0)
BATCH = 2000


def fill(repository: Repository, tables: int, rng: random.Random) -> None:
    """The public tables in the lobby, their seats, and their hosts' accounts."""
    now = time.time()
    with repository.engine.begin() as db:
        for start in range(0, tables, BATCH):
            rows, seats, accounts, ratings = [], [], [], []
            for n in range(start, min(tables, start + BATCH)):
                edition = rng.choice(sorted(SIZES))
                size = rng.choice(SIZES[edition])
                table_id = f"lobby{n:08d}"
                account = f"host{n:08d}" if n % 3 == 0 else None
                rows.append(
                    {
                        "id": table_id,
                        "edition": edition,
                        "options": {},
                        "bot_level": "medium",
                        "disconnect_timeout": 86400.0,  # its host counts as there
                        "host_hash": "h" * 64,
                        "status": "lobby",
                        "game_number": 0,
                        "awaiting": None,
                        "version": 1,
                        "created_at": now - n,
                        "updated_at": now - n,
                        "turn_timer": rng.choice(TIMERS),
                        "host_seat": 0,
                        "public": True,
                        "lang": rng.choice(("en", "fr")),
                        "seat_count": size,
                    }
                )
                taken = rng.randrange(1, size)
                for seat in range(size):
                    human = seat < taken
                    seats.append(
                        {
                            "table_id": table_id,
                            "seat": seat,
                            "kind": "human" if human else "open",
                            "name": f"Player {n}-{seat}" if human else None,
                            "online": False,
                            "standin": False,
                            "seen_at": now,
                            "timeouts": 0,
                            "account_id": account if seat == 0 else None,
                        }
                    )
                if account is not None:
                    accounts.append(
                        {
                            "id": account,
                            "name": f"Host {n}",
                            "name_key": account,
                            "password_hash": "x",
                            "created_at": now,
                        }
                    )
                    mu, sigma = rng.gauss(25, 4), rng.uniform(1.5, 8.3)
                    ratings.append(
                        {
                            "account_id": account,
                            "family": family_of(edition),
                            "mu": mu,
                            "sigma": sigma,
                            "ordinal": mu - 3 * sigma,
                            "games": 10,
                        }
                    )
            db.execute(insert(TableRow), rows)
            db.execute(insert(SeatRow), seats)
            if accounts:
                db.execute(insert(AccountRow), accounts)
                db.execute(insert(RatingRow), ratings)
    if repository.engine.dialect.name == "postgresql":
        # The statistics autovacuum gathers after such a load (without them the planner
        # guesses, and the first page takes seconds until it has run).
        with repository.engine.connect() as db:
            db.execute(text("ANALYZE"))
            db.commit()


def timed(client: httpx.Client, method: str, path: str, repeat: int, **body: object) -> list[float]:
    """The times of ``repeat`` requests, in milliseconds."""
    times = []
    for n in range(repeat):
        began = time.perf_counter()
        if method == "GET":
            answer = client.get(path)
        else:
            answer = client.post(path, json={**body, "name": f"Guest {n}"})
        answer.raise_for_status()
        times.append((time.perf_counter() - began) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="a SQLAlchemy URL (default: a new SQLite file)")
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="ll-lobby-"))
    url = args.db or f"sqlite:///{folder / 'lobby.db'}"
    repository = Repository(url)
    repository.create_schema()
    began = time.perf_counter()
    fill(repository, args.tables, random.Random(1))
    repository.close()
    print(
        f"filled {args.tables} public tables in the lobby in "
        f"{time.perf_counter() - began:.1f} s ({url.split(':')[0]})"
    )
    options = ["--db", url, "--create-burst", "100000"]
    process, base = serving.start_server(options, folder / "server.log")
    try:
        with httpx.Client(base_url=base, timeout=60) as client:
            total = client.get("/api/lobby").json()["total"]  # warm up
            print(f"the lobby lists {total} tables")
            for label, method, path, body in (
                ("first page (50)", "GET", "/api/lobby", {}),
                ("2019, 4 players", "GET", "/api/lobby?edition=2019&players=4", {}),
                ("1 day a move", "GET", "/api/lobby?turn_timer=86400", {}),
                ("page 100", "GET", "/api/lobby?offset=4950", {}),
                (
                    "quick match",
                    "POST",
                    "/api/quickmatch",
                    {"edition": "premium", "players": 8, "turn_timer": 60},
                ),
            ):
                times = timed(client, method, path, args.repeat, **body)
                print(
                    f"{label:18} median {statistics.median(times):6.1f} ms"
                    f"   slowest {max(times):6.1f} ms"
                )
    finally:
        process.terminate()
        process.wait(30)


if __name__ == "__main__":
    main()
