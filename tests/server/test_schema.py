"""The schema's migrations (loveletter.storage.schema, Alembic), on SQLite and PostgreSQL.

A database made by release 0.1.0 (schema version 3, before Alembic) is frozen in
``fixtures/``: the DDL its ``create_all`` emitted on each database and its rows, a
finished game with its record and a table in the middle of a game (made by the
domain's commands at that release). The server brings it up to date; its finished
game still replays to its result, and its unfinished table resumes to the end.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import MetaData, create_engine, insert, text

from loveletter import tables
from loveletter.engine import load_record
from loveletter.storage import Repository, SchemaVersionError
from loveletter.storage.models import SCHEMA_VERSION, Base
from loveletter.storage.schema import REVISION_OF_VERSION, _script

FIXTURES = Path(__file__).parent / "fixtures"


def release_3_database(url: str) -> None:
    """Make the database at ``url`` what release 0.1.0 left: its schema and its rows."""
    engine = create_engine(url)
    ddl = (FIXTURES / f"schema3.{engine.dialect.name}.sql").read_text()
    rows: dict[str, list[dict[str, Any]]] = json.loads((FIXTURES / "schema3.rows.json").read_text())
    with engine.begin() as db:
        for statement in ddl.split(";\n"):
            if statement.strip():
                db.exec_driver_sql(statement)
        reflected = MetaData()
        reflected.reflect(db)
        for name, table_rows in rows.items():
            if table_rows:
                db.execute(insert(reflected.tables[name]), table_rows)
    engine.dispose()


@pytest.fixture
def database(db_url: str) -> Iterator[Repository]:
    database = Repository(db_url)
    yield database
    database.close()


def test_a_database_of_release_0_1_0_is_upgraded_and_its_games_replay_and_resume(
    db_url: str, database: Repository
) -> None:
    release_3_database(db_url)
    database.create_schema()
    with database.engine.connect() as db:
        version = db.scalar(text("SELECT value FROM ll_meta WHERE key = 'schema_version'"))
        revision = MigrationContext.configure(db).get_current_revision()
    assert version == str(SCHEMA_VERSION)
    assert revision == _script().get_current_head()
    with database.engine.connect() as db:  # version 5 counted each table's seats
        counted = db.execute(
            text(
                "SELECT id, seat_count, (SELECT count(*) FROM ll_seats s WHERE s.table_id = t.id)"
                " FROM ll_tables t"
            )
        ).all()
    assert counted
    assert all(seats == real > 0 for _, seats, real in counted)

    status, record = database.record("finished-table", 1) or ("missing", None)
    assert status == "finished"
    assert record is not None
    game = load_record(record)  # checks the record's own result too
    [summary] = database.games("finished-table")
    assert summary.winners == tuple(game.winners)

    stored = database.load_table("playing-table")
    assert stored is not None
    state = tables.rebuild(stored, random.Random())
    assert state.status == "playing"
    rng = random.Random(5)
    now = 5000.0
    while state.status == "playing":
        assert state.game is not None
        if state.game.to_move is None:
            new = tables.next_round(state)
        else:
            seat = state.game.to_move
            new = tables.act(state, seat, rng.choice(state.view(seat)["legal_actions"]))
        now += 1
        state, commit = tables.settle(state, new, now)
        assert database.commit(commit)
    status, record = database.record("playing-table", 1) or ("missing", None)
    assert status == "finished"
    assert record is not None
    assert load_record(record).winners == state.game.winners


def test_the_migrations_build_the_schema_the_models_describe(database: Repository) -> None:
    # A new database is made by the revisions alone: they must agree with the models
    # the repository reads and writes (a column added to one and not the other fails).
    database.create_schema()
    with database.engine.connect() as db:
        differences = compare_metadata(MigrationContext.configure(db), Base.metadata)
    assert differences == []


def test_a_database_of_release_0_1_0_upgraded_matches_the_models(
    db_url: str, database: Repository
) -> None:
    release_3_database(db_url)
    database.create_schema()
    with database.engine.connect() as db:
        differences = compare_metadata(MigrationContext.configure(db), Base.metadata)
    assert differences == []


def test_creating_the_schema_again_changes_nothing(database: Repository) -> None:
    database.create_schema()
    database.create_schema()
    with database.engine.connect() as db:
        assert db.scalar(text("SELECT count(*) FROM alembic_version")) == 1
        assert db.scalar(text("SELECT count(*) FROM ll_meta")) == 1


def test_a_database_of_an_unknown_revision_is_refused_and_left_alone(database: Repository) -> None:
    # A newer server's revision: this one cannot know what it changed.
    database.create_schema()
    with database.engine.begin() as db:
        db.execute(text("UPDATE alembic_version SET version_num = 'f00d'"))
    with pytest.raises(SchemaVersionError, match=f"this server needs {SCHEMA_VERSION}"):
        database.create_schema()
    with database.engine.connect() as db:
        assert db.scalar(text("SELECT version_num FROM alembic_version")) == "f00d"


def test_the_revisions_are_one_line_one_per_schema_version() -> None:
    script = _script()
    assert len(script.get_heads()) == 1
    revisions = list(script.walk_revisions())
    assert len(revisions) == SCHEMA_VERSION
    # Each version a database made before Alembic may name has its revision.
    assert {script.get_revision(r).revision for r in REVISION_OF_VERSION.values()} == set(
        REVISION_OF_VERSION.values()
    )
