"""The schema's migrations: Alembic brings any database the server has ever made up to
date when it starts (the revisions are in ``migrations/versions``, one per schema
version). A database from before Alembic says its version in ``ll_meta``; it is
stamped with the revision of that version first. A database of a revision this server
does not know, or of a newer version, is refused."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect, select

from ..tables.errors import StorageError
from .models import SCHEMA_VERSION, MetaRow

#: Where the revisions are (and Alembic's environment, and the ini file for writing one).
MIGRATIONS = Path(__file__).with_name("migrations")

#: The revision of each schema version ``ll_meta`` names in a database from before Alembic.
REVISION_OF_VERSION = {1: "0001", 2: "0002", 3: "0003"}


class SchemaVersionError(StorageError):
    """The database was made by another version of the schema."""


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


@cache
def _script() -> ScriptDirectory:
    return ScriptDirectory.from_config(_config())


def upgrade(connection: Connection, where: str) -> None:
    """Bring the database on ``connection`` to the head revision, in its transaction;
    SchemaVersionError if it was made by a schema this server does not know."""
    migration = MigrationContext.configure(connection)
    current = migration.get_current_revision()
    if inspect(connection).has_table(MetaRow.__tablename__):
        version = _version(connection)
        known = version is not None and version.isdigit() and 0 < int(version) <= SCHEMA_VERSION
        if not known or (current is not None and current not in _revisions()):
            raise SchemaVersionError(
                f"{where} has schema version {version}; this server needs {SCHEMA_VERSION}"
            )
        if current is None:  # made before Alembic: its version says its revision
            current = REVISION_OF_VERSION[int(str(version))]
            migration.stamp(_script(), current)
    if current == _script().get_current_head():
        return
    config = _config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


@cache
def _revisions() -> frozenset[str]:
    return frozenset(revision.revision for revision in _script().walk_revisions())


def _version(connection: Connection) -> str | None:
    return connection.scalar(select(MetaRow.value).where(MetaRow.key == "schema_version"))


def head_revision() -> str:
    """The revision that ``upgrade`` brings a database to."""
    head = _script().get_current_head()
    assert head is not None  # the revisions ship with the package
    return head
