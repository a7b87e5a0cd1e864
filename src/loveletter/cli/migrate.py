"""``loveletter migrate``: bring the database's schema up to date, then exit."""

from __future__ import annotations

from typing import Annotated

import typer

from .common import given_as, tell, usage_error
from .serve import database_errors, database_place


def migrate(
    ctx: typer.Context,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            envvar="LOVELETTER_DB",
            help="SQLAlchemy URL of the database (default: the SQLite file of loveletter"
            " serve, in your data folder).",
        ),
    ] = None,
) -> None:
    """Bring the database's schema up to date, print its version and exit.

    What loveletter serve does when it starts, run once before a deployment's server
    processes start. A database already up to date is left as it is; one of a newer
    version is refused, unchanged."""
    from ..server.settings import default_db_url
    from ..storage import SCHEMA_VERSION, Repository
    from ..storage.schema import head_revision

    url = db or default_db_url()
    option = given_as(ctx, "db")
    if url == "memory":
        usage_error(
            tell(
                "{option} memory keeps nothing: there is no schema to bring up to date",
                "{option} memory ne garde rien : il n'y a pas de schéma à mettre à jour",
                option=option,
            )
        )
    with database_errors(url, option, option):
        repository = Repository(url)
        try:
            repository.create_schema()
        finally:
            repository.close()
    told = tell(
        "{place} is at schema version {version} (Alembic revision {revision})",
        "{place} est à la version {version} du schéma (révision Alembic {revision})",
        place=database_place(url),
        version=SCHEMA_VERSION,
        revision=head_revision(),
    )
    print(told[0].upper() + told[1:])
