"""The players' pages at scale: a profile with 10,000 games, a leaderboard of 100,000
accounts.

Fills a database (a new SQLite file unless ``--db``) with ``--accounts`` accounts
rated in the 2019 family and one of them with ``--games`` finished games (their
results and cards, as the server writes them), starts ``loveletter serve`` on it, and
prints the server's time for a profile (``/api/players/{id}``), the first page of
its games and the first page of the leaderboard: the median and the slowest of
``--repeat`` requests, each timed from the request sent to the answer read on
loopback (so a little over the server's own time).

    python benchmarks/player_pages.py
    python benchmarks/player_pages.py --db postgresql+psycopg://postgres@127.0.0.1:5432/test
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
from sqlalchemy import insert

from loveletter.storage import Repository
from loveletter.storage.models import AccountCardRow, AccountGameRow, AccountRow, RatingRow

CARDS = ["spy", "guard", "priest", "baron", "handmaid", "prince", "chancellor", "king"]
EDITIONS = ["2019", "princess"]
BATCH = 5000


def fill(repository: Repository, accounts: int, games: int, rng: random.Random) -> str:
    """The accounts, their ratings, and one account's games; returns that account's id."""
    with repository.engine.begin() as db:
        for start in range(0, accounts, BATCH):
            ids = [f"acct{n:08d}" for n in range(start, min(accounts, start + BATCH))]
            db.execute(
                insert(AccountRow),
                [
                    {
                        "id": i,
                        "name": f"Player {i[4:]}",
                        "name_key": i,
                        "password_hash": "x",
                        "created_at": 1.7e9,
                    }
                    for i in ids
                ],
            )
            ratings = []
            for i in ids:
                mu, sigma = rng.gauss(25, 4), rng.uniform(1.5, 8.3)
                ratings.append(
                    {
                        "account_id": i,
                        "family": "2019",
                        "mu": mu,
                        "sigma": sigma,
                        "ordinal": mu - 3 * sigma,
                        "games": rng.randrange(0, 60),
                    }
                )
            db.execute(insert(RatingRow), ratings)
        player = "acct00000000"
        for start in range(0, games, BATCH):
            rows = []
            for n in range(start, min(games, start + BATCH)):
                before = rng.uniform(-5, 30)
                rows.append(
                    {
                        "account_id": player,
                        "table_id": f"t{n:08d}",
                        "game": 1,
                        "seat": n % 4,
                        "edition": EDITIONS[n % 2],
                        "family": "2019",
                        "players": 4,
                        "finished_at": 1.7e9 + n * 600,
                        "won": n % 4 == 0,
                        "tokens": n % 5,
                        "rounds_won": n % 6,
                        "rank": 1 + n % 4,
                        "rating_before": before,
                        "rating_after": before + rng.uniform(-1, 1),
                    }
                )
            db.execute(insert(AccountGameRow), rows)
        db.execute(
            insert(AccountCardRow),
            [
                {"account_id": player, "card": card, "won": games // 8, "out": games // 9}
                for card in CARDS
            ],
        )
    return player


def timed(client: httpx.Client, path: str, repeat: int) -> tuple[float, float]:
    """The median and the slowest time of ``repeat`` requests, in milliseconds."""
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        answer = client.get(path)
        answer.raise_for_status()
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="a SQLAlchemy URL (default: a new SQLite file)")
    parser.add_argument("--accounts", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="ll-players-"))
    url = args.db or f"sqlite:///{folder / 'players.db'}"
    repository = Repository(url)
    repository.create_schema()
    began = time.perf_counter()
    player = fill(repository, args.accounts, args.games, random.Random(1))
    repository.close()
    print(
        f"filled {args.accounts} accounts and {args.games} games in "
        f"{time.perf_counter() - began:.1f} s ({url.split(':')[0]})"
    )
    process, base = serving.start_server(["--db", url], folder / "server.log")
    try:
        with httpx.Client(base_url=base, timeout=60) as client:
            client.get(f"/api/players/{player}").raise_for_status()  # warm up
            for label, path in (
                ("profile (10,000 games)", f"/api/players/{player}"),
                ("its games, first page", f"/api/players/{player}/games"),
                ("leaderboard, first page", "/api/leaderboard/2019"),
                ("leaderboard, page 100", "/api/leaderboard/2019?offset=5000"),
            ):
                median, slowest = timed(client, path, args.repeat)
                print(f"{label:28} median {median:6.1f} ms   slowest {slowest:6.1f} ms")
    finally:
        process.terminate()
        process.wait(30)


if __name__ == "__main__":
    main()
