"""Databases as the server left them before Alembic (schema versions 1 to 3), made from
today's by taking away what came after."""

from __future__ import annotations

from sqlalchemy import Connection, text

#: What schema version 5 added, taken away in the reverse order.
VERSION_5 = (
    "DROP TABLE ll_turn_mails",
    "ALTER TABLE ll_accounts DROP COLUMN turn_mail",
    "DROP INDEX ix_ll_tables_lobby",
    "ALTER TABLE ll_tables DROP COLUMN seat_count",
    "ALTER TABLE ll_tables DROP COLUMN lang",
    "ALTER TABLE ll_tables DROP COLUMN public",
)

#: What schema version 4 added.
VERSION_4 = (
    "DROP TABLE ll_mail_tokens",
    "DROP TABLE ll_account_cards",
    "DROP TABLE ll_ratings",
    "DROP TABLE ll_account_games",
    "DROP TABLE ll_sessions",
    "DROP TABLE ll_accounts",
    "DROP INDEX ix_ll_games_rated",
    "ALTER TABLE ll_games DROP COLUMN rated",
    "DROP INDEX ix_ll_seats_account_id",
    "ALTER TABLE ll_seats DROP COLUMN account_id",
)

#: What schema version 3 added.
VERSION_3 = ("ALTER TABLE ll_tables DROP COLUMN hints",)

#: What schema version 2 added.
VERSION_2 = (
    "ALTER TABLE ll_tables DROP COLUMN turn_timer",
    "ALTER TABLE ll_tables DROP COLUMN deadline",
    "ALTER TABLE ll_tables DROP COLUMN standin_marks",
    "ALTER TABLE ll_tables DROP COLUMN host_seat",
    "ALTER TABLE ll_tables DROP COLUMN spectator_chat",
    "ALTER TABLE ll_seats DROP COLUMN timeouts",
)


def before_alembic(db: Connection, version: int) -> None:
    """Make the database on ``db`` (today's schema) one of schema ``version``, as the
    server wrote it before Alembic: no ``alembic_version``, its version in ``ll_meta``."""
    statements = [
        *VERSION_5,
        *VERSION_4,
        *(VERSION_3 if version < 3 else ()),
        *(VERSION_2 if version < 2 else ()),
    ]
    for statement in ["DROP TABLE alembic_version", *statements]:
        db.execute(text(statement))
    db.execute(text(f"UPDATE ll_meta SET value = '{version}' WHERE key = 'schema_version'"))
