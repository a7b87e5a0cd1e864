"""The repository on every backend: schema, versioned commits, replayable rounds.

The tests that speak only the ``TableRepository`` protocol also run on the memory
repository: it must keep the same promises as the databases.
"""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest
from sqlalchemy import text

from loveletter import tables
from loveletter.engine import Game, Options, export_record
from loveletter.server.repository import TableRepository
from loveletter.storage import Repository, SchemaVersionError
from loveletter.storage.models import SCHEMA_VERSION
from loveletter.tables import Commit, NewAction, RoundData, SeatData, TableData, TableSpec

from .legacy import before_alembic


@pytest.fixture
def database(db_url: str) -> Iterator[Repository]:
    database = Repository(db_url)
    database.create_schema()
    yield database
    database.close()


def lobby(repository: TableRepository, table_id: str = "table-1") -> tables.TableState:
    spec = TableSpec(
        edition="2019",
        seats=(None, "easy", None),
        options=Options(tokens_to_win=2),
        bot_level="medium",
        disconnect_timeout=60.0,
    )
    state = tables.new_table(spec, table_id, "host-hash", 1000.0)
    repository.create_table(state.data, state.seats)
    return state


def change(
    repository: TableRepository, old: tables.TableState, new: tables.TableState, now: float
) -> tables.TableState:
    state, commit = tables.settle(old, new, now)
    assert repository.commit(commit)
    return state


def test_schema_is_created_once_and_its_version_checked(database: Repository) -> None:
    database.create_schema()  # again: nothing to do
    with database.engine.begin() as db:
        db.execute(text("UPDATE ll_meta SET value = '999' WHERE key = 'schema_version'"))
    with pytest.raises(SchemaVersionError, match="999"):
        database.create_schema()


def test_a_version_2_schema_gains_the_hints_option_off(database: Repository) -> None:
    state = lobby(database)
    with database.engine.begin() as db:
        before_alembic(db, 2)
    database.create_schema()
    with database.engine.begin() as db:
        version = db.scalar(text("SELECT value FROM ll_meta WHERE key = 'schema_version'"))
    assert version == str(SCHEMA_VERSION)
    stored = database.load_table(state.id)
    assert stored is not None
    assert stored.table == state.data
    assert stored.table.hints is False


def test_a_game_is_stored_and_rebuilt_by_replay(repository: TableRepository) -> None:
    state = lobby(repository)
    state = change(repository, state, tables.join(state, "Ana", None, "hash-a", 1001.0), 1001.0)
    state = change(
        repository, state, tables.start(state, random.Random(1), 1002.0, rematch=False), 1002.0
    )
    rng = random.Random(2)
    now = 1003.0
    while state.status == "playing":
        assert state.game is not None
        if state.game.to_move is None:
            new = tables.next_round(state)
        else:
            seat = state.game.to_move
            new = tables.act(state, seat, rng.choice(state.view(seat)["legal_actions"]))
        now += 1
        state = change(repository, state, new, now)
        stored = repository.load_table(state.id)
        assert stored is not None
        rebuilt = tables.rebuild(stored, random.Random())
        assert rebuilt.data == state.data
        assert rebuilt.seats == state.seats
        assert rebuilt.view(0) == state.view(0)  # the same game, from stored rounds
    found = repository.record(state.id, 1)
    assert found is not None
    assert found[0] == "finished"
    assert state.game is not None
    assert found[1] is not None
    assert found[1]["rounds"] == export_record(state.game)["rounds"]
    [summary] = repository.games(state.id)
    assert summary.winners == tuple(state.game.winners)
    assert repository.finished_games(10)[0].table_id == state.id


def test_an_unfinished_game_has_no_record(repository: TableRepository) -> None:
    state = lobby(repository)
    change(repository, state, tables.start(state, random.Random(1), 1.0, rematch=False), 2.0)
    assert repository.record(state.id, 1) == ("playing", None)
    assert repository.record(state.id, 2) is None
    assert repository.record("nope", 1) is None


def test_a_commit_at_a_stale_version_writes_nothing(repository: TableRepository) -> None:
    state = lobby(repository)
    started = tables.start(state, random.Random(1), 1.0, rematch=False)
    _, commit = tables.settle(state, started, 2.0)
    assert repository.commit(commit)
    assert not repository.commit(commit)  # the same version again: refused whole
    stored = repository.load_table(state.id)
    assert stored is not None
    assert stored.table.version == 1
    assert len(stored.rounds) == 1


def test_changes_of_several_tables_are_written_together_each_checked_alone(
    repository: TableRepository,
) -> None:
    states = [lobby(repository, f"table-{n}") for n in (1, 2, 3)]
    commits = [
        tables.settle(state, tables.start(state, random.Random(n), 1.0, rematch=False), 2.0)[1]
        for n, state in enumerate(states)
    ]
    assert repository.commit(commits[2])  # table 3 moves on before the batch
    # Out of table-id order: the answers follow the order of the changes.
    assert repository.commit_many([commits[1], commits[2], commits[0]]) == [True, False, True]
    for state in states:
        stored = repository.load_table(state.id)
        assert stored is not None
        assert stored.table.version == 1
        assert len(stored.rounds) == 1


def test_a_batch_may_move_one_table_twice_and_is_written_in_its_order(
    repository: TableRepository,
) -> None:
    lobby_state = lobby(repository)
    started, start = tables.settle(
        lobby_state, tables.start(lobby_state, random.Random(1), 1.0, rematch=False), 2.0
    )
    assert started.game is not None
    seat = started.game.to_move
    assert seat is not None
    action = started.view(seat)["legal_actions"][0]
    played, move = tables.settle(started, tables.act(started, seat, action), 3.0)
    # The move needs the game and round the start writes; the start again is stale.
    assert repository.commit_many([start, move, start]) == [True, True, False]
    stored = repository.load_table(lobby_state.id)
    assert stored is not None
    assert stored.table == played.data
    assert stored.rounds[0].actions == (action,)


def test_two_writers_at_the_same_version_cannot_both_win(db_url: str) -> None:
    first, second = Repository(db_url), Repository(db_url)
    first.create_schema()
    state = lobby(first)
    game = Game("2019", 3, rng=random.Random(3))
    data = dataclasses.replace(state.data, status="playing", game_number=1)
    commits = [
        Commit(
            expected=state.version,
            table=dataclasses.replace(data, version=state.version + 1),
            new_game=("a", "b", "c"),
            rounds=(RoundData(1, game.history[0].deck, game.history[0].first),),
            actions=(NewAction(0, 1, action),),
        )
        for action in ("guard 1 priest", "handmaid")
    ]
    results: list[bool] = []
    barrier = threading.Barrier(2)

    def write(repository: Repository, commit: Commit) -> None:
        barrier.wait()
        results.append(repository.commit(commit))

    threads = [
        threading.Thread(target=write, args=pair)
        for pair in zip((first, second), commits, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, True]
    stored = first.load_table(state.id)
    assert stored is not None
    assert len(stored.rounds[0].actions) == 1
    first.close()
    second.close()


def test_processes_started_together_on_a_new_database_all_start(db_url: str) -> None:
    # Each creates the schema (as `loveletter serve` does first): SQLite refused the
    # one whose snapshot another's tables had made stale ("database is locked"), and
    # PostgreSQL the one whose tables another had just created.
    create = (
        "import sys; from loveletter.server.repository import prepare_store; "
        "prepare_store(sys.argv[1])"
    )
    started = [
        subprocess.Popen([sys.executable, "-c", create, db_url], stderr=subprocess.PIPE, text=True)
        for _ in range(4)
    ]
    errors = [process.communicate(timeout=60)[1] for process in started]
    assert [process.returncode for process in started] == [0] * 4, errors
    database = Repository(db_url)
    database.create_schema()  # and the schema is whole
    database.close()


def test_presence_queries(repository: TableRepository) -> None:
    state = lobby(repository)
    state = change(repository, state, tables.join(state, "Ana", 0, "hash-a", 10.0), 10.0)
    state = change(
        repository, state, tables.start(state, random.Random(1), 20.0, rematch=False), 20.0
    )
    timeout = state.data.disconnect_timeout
    assert repository.absent_seats(20.0 + timeout - 1, offline_only=False) == []
    assert repository.absent_seats(20.0 + timeout + 1, offline_only=False) == [(state.id, 0)]
    repository.heartbeat([(state.id, 0)], 100.0)
    assert repository.absent_seats(20.0 + timeout + 1, offline_only=False) == []
    online = tables.presence(state, 0, online=True, now=30.0)
    assert online is not None
    state = change(repository, state, online, 30.0)
    later = 100.0 + timeout + 1
    # Another process may hold that seat, or may have died holding it: listed.
    assert repository.absent_seats(later, offline_only=False) == [(state.id, 0)]
    # This process alone: a seat online is held by one of its own clients.
    assert repository.absent_seats(later, offline_only=True) == []
    assert repository.tables_in_play() == [state.id]
    awaiting = state.data.awaiting
    stalled = repository.stalled_tables(state.data.updated_at + 1)
    assert stalled == ([state.id] if awaiting in ("bot", "round") else [])


def test_tables_data_round_trips(repository: TableRepository) -> None:
    state = lobby(repository, "table-2")
    stored = repository.load_table("table-2")
    assert stored is not None
    assert stored.table == state.data
    assert stored.seats == state.seats
    assert isinstance(stored.table, TableData)
    assert repository.load_table("table-3") is None


def test_grace_after_a_start_covers_the_humans_of_games_under_way(
    repository: TableRepository,
) -> None:
    states = []
    for table_id in ("table-1", "table-2"):
        state = lobby(repository, table_id)
        state = change(repository, state, tables.join(state, "Ana", 0, "hash-a", 10.0), 10.0)
        online = tables.presence(state, 0, online=True, now=11.0)
        assert online is not None
        states.append(change(repository, state, online, 11.0))
    started = tables.start(states[0], random.Random(1), 20.0, rematch=False)
    timeout = change(repository, states[0], started, 20.0).data.disconnect_timeout
    repository.grant_grace(500.0, offline=True)
    assert repository.absent_seats(500.0 + timeout - 1, offline_only=False) == []
    assert repository.absent_seats(500.0 + timeout + 1, offline_only=False) == [("table-1", 0)]
    playing, waiting = seats_of(repository, "table-1"), seats_of(repository, "table-2")
    assert not any(seat.online for seat in playing + waiting)
    assert (playing[0].seen_at, waiting[0].seen_at) == (500.0, 11.0)


def seats_of(repository: TableRepository, table_id: str) -> tuple[SeatData, ...]:
    stored = repository.load_table(table_id)
    assert stored is not None
    return stored.seats


def test_the_history_lists_games_in_order(repository: TableRepository) -> None:
    states = [lobby(repository, "table-1"), lobby(repository, "table-2")]
    rng = random.Random(4)
    now = 10.0
    for _game in range(2):
        for i, state in enumerate(states):
            rematch = state.status == "finished"
            state = change(repository, state, tables.start(state, rng, now, rematch=rematch), now)
            while state.status == "playing":
                assert state.game is not None
                now += 1
                if state.game.to_move is None:
                    new = tables.next_round(state)
                else:
                    seat = state.game.to_move
                    new = tables.act(state, seat, rng.choice(state.view(seat)["legal_actions"]))
                state = change(repository, state, new, now)
            states[i] = state
    games = repository.games("table-2")
    assert [(g.table_id, g.number, g.status) for g in games] == [
        ("table-2", 1, "finished"),
        ("table-2", 2, "finished"),
    ]
    finished = repository.finished_games(3)
    assert [(g.table_id, g.number) for g in finished] == [
        ("table-2", 2),
        ("table-1", 2),
        ("table-2", 1),
    ]
    assert [(g.table_id, g.number) for g in repository.finished_games(2, 2)] == [
        ("table-2", 1),
        ("table-1", 1),
    ]
    assert all(g.finished_at is not None and g.created_at < g.finished_at for g in finished)
    assert repository.games("table-3") == []
