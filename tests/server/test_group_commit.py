"""Group commit on a real SQLite database: changes of different tables that arrive
together share transactions, each is still checked alone, and a change that fails
fails alone."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from sqlalchemy import Connection, event
from sqlalchemy.exc import IntegrityError

from loveletter.engine import Options
from loveletter.server.group_commit import GroupCommit
from loveletter.server.hub import LocalHub
from loveletter.server.service import TableService
from loveletter.storage import Repository
from loveletter.tables import Commit, NewAction, TableSpec, TableState, new_table, settle, start

SPEC = TableSpec(
    edition="classic",
    seats=(None, "easy"),
    options=Options(tokens_to_win=2),
    bot_level="medium",
    disconnect_timeout=60.0,
)


@pytest.fixture
def repository(tmp_path: Path) -> Iterator[Repository]:
    repository = Repository(f"sqlite:///{tmp_path / 'loveletter.db'}")
    repository.create_schema()
    yield repository
    repository.close()


def writes(repository: Repository) -> list[Connection]:
    """A list that grows at each writing transaction the repository commits."""
    committed: list[Connection] = []

    def count(connection: Connection) -> None:
        if connection.get_execution_options().get("write"):
            committed.append(connection)

    event.listen(repository.engine, "commit", count)
    return committed


def lobby(repository: Repository, table_id: str) -> TableState:
    state = new_table(SPEC, table_id, "host-hash", 1000.0)
    repository.create_table(state.data, state.seats)
    return state


def started(state: TableState, seed: int) -> Commit:
    return settle(state, start(state, random.Random(seed), 1001.0, rematch=False), 1001.0)[1]


def test_changes_arriving_together_share_transactions(repository: Repository) -> None:
    async def main() -> None:
        hub = LocalHub()
        service = TableService(repository, hub)
        created = [(await service.create(SPEC))[0] for _ in range(40)]
        committed = writes(repository)
        joined = await asyncio.gather(
            *(service.join(state.id, f"Player {n}", None) for n, state in enumerate(created))
        )
        assert len(joined) == 40
        for state in created:
            stored = repository.load_table(state.id)
            assert stored is not None
            assert stored.table.version == state.version + 1
            assert stored.seats[0].name is not None
        assert 1 <= len(committed) < 40
        service.close()

    asyncio.run(main())


def test_a_failing_change_fails_alone_and_a_stale_one_is_told(repository: Repository) -> None:
    async def main() -> None:
        good, stale, broken = (lobby(repository, name) for name in ("a", "b", "c"))
        stale_commit = started(stale, 2)
        assert repository.commit(stale_commit)
        first = started(broken, 3)
        twice = NewAction(0, 1, "guard 1 priest")  # the same action number twice
        broken_commit = Commit(
            expected=first.expected,
            table=first.table,
            new_game=first.new_game,
            rounds=first.rounds,
            actions=(twice, twice),
        )
        batches: list[int] = []

        async def write_many(changes: Sequence[Commit]) -> list[bool]:
            batches.append(len(changes))
            return await asyncio.to_thread(repository.commit_many, changes)

        async def write_one(change: Commit) -> bool:
            return await asyncio.to_thread(repository.commit, change)

        group = GroupCommit(write_many, write_one)
        outcomes = await asyncio.gather(
            group.commit(started(good, 1)),
            group.commit(stale_commit),
            group.commit(broken_commit),
            return_exceptions=True,
        )
        assert batches == [3]  # tried together, then each alone
        assert list(outcomes[:2]) == [True, False]
        assert isinstance(outcomes[2], IntegrityError)
        versions = {}
        for name in ("a", "b", "c"):
            stored = repository.load_table(name)
            assert stored is not None
            versions[name] = stored.table.version
        assert versions == {"a": 1, "b": 1, "c": 0}

    asyncio.run(main())
