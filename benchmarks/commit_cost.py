"""CPU per change written by the repository, in batches as group commit makes them.

    python benchmarks/commit_cost.py                         # SQLite, batches of 1, 4, 40
    python benchmarks/commit_cost.py --db postgresql+psycopg://postgres@127.0.0.1/test

Tables of four seats (one human, three bots) play random legal actions; each batch
holds one change of as many different tables, and the figure is this process's CPU
time (the client's side: SQLAlchemy, the driver and, for SQLite, the database itself)
per change written.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
import uuid

from loveletter import tables
from loveletter.engine import Options
from loveletter.server.repository import TableRepository, make_repository
from loveletter.tables import TableSpec, TableState

TABLES = 400


def playing_tables(repository: TableRepository) -> list[TableState]:
    """Tables with a game under way, stored under new ids (the database may hold
    those of earlier runs)."""
    spec = TableSpec(
        edition="classic",
        seats=(None, "easy", "easy", "easy"),
        options=Options(),
        bot_level="medium",
        disconnect_timeout=60.0,
    )
    run = uuid.uuid4().hex[:12]
    states = []
    for n in range(TABLES):
        state = tables.new_table(spec, f"bench-{run}-{n}", "host", 1000.0)
        repository.create_table(state.data, state.seats)
        state, change = tables.settle(state, tables.join(state, "Ana", None, "h", 1001.0), 1001.0)
        assert repository.commit(change)
        started = tables.start(state, random.Random(n), 1002.0, rematch=False)
        state, change = tables.settle(state, started, 1002.0)
        assert repository.commit(change)
        states.append(state)
    return states


def cost_per_change(repository: TableRepository, batch: int, changes: int) -> float:
    """Microseconds of CPU per change written in batches of ``batch``."""
    states = playing_tables(repository)
    rng = random.Random(3)
    now, spent, written = 1003.0, 0.0, 0
    while written < changes:
        commits = []
        for i in rng.sample(range(len(states)), batch):
            state = states[i]
            if state.status != "playing":
                continue
            assert state.game is not None
            seat = state.game.to_move
            if seat is None:
                new = tables.next_round(state)
            else:
                new = tables.act(state, seat, rng.choice(state.view(seat)["legal_actions"]))
            now += 0.01
            states[i], change = tables.settle(state, new, now)
            commits.append(change)
        began = time.process_time()
        assert all(repository.commit_many(commits))
        spent += time.process_time() - began
        written += len(commits)
    return 1e6 * spent / written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="SQLAlchemy URL (default: a new SQLite file)")
    parser.add_argument("--batches", type=int, nargs="+", default=[1, 4, 40])
    parser.add_argument("--changes", type=int, default=4000, help="changes per batch size")
    args = parser.parse_args()
    for batch in args.batches:
        url = args.db or f"sqlite:///{tempfile.mkdtemp()}/commit_cost.db"
        repository = make_repository(url)
        repository.create_schema()
        try:
            cost = cost_per_change(repository, batch, args.changes)
        finally:
            repository.close()
        print(f"batch of {batch}: {cost:.0f} µs of CPU per change")


if __name__ == "__main__":
    main()
