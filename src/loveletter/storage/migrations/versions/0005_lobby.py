"""Schema version 5: public tables for the lobby, the language a table was created in
and its number of seats (tables), whether an account is mailed when it is its turn
(accounts), and the last such mail per table and account (turn mails).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "ll_tables", sa.Column("public", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column("ll_tables", sa.Column("lang", sa.String(2), nullable=False, server_default="en"))
    op.add_column(
        "ll_tables", sa.Column("seat_count", sa.Integer(), nullable=False, server_default="0")
    )
    op.execute(
        sa.text(
            "UPDATE ll_tables SET seat_count ="
            " (SELECT count(*) FROM ll_seats WHERE ll_seats.table_id = ll_tables.id)"
        )
    )
    op.create_index("ix_ll_tables_lobby", "ll_tables", ["status", "public", "created_at"])
    op.add_column(
        "ll_accounts",
        sa.Column("turn_mail", sa.Boolean(), nullable=False, server_default=sa.true()),
    )
    op.create_table(
        "ll_turn_mails",
        sa.Column(
            "table_id",
            sa.String(24),
            sa.ForeignKey("ll_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "account_id",
            sa.String(24),
            sa.ForeignKey("ll_accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("turn", sa.String(40), nullable=False),
        sa.Column("sent_at", sa.Float(), nullable=False),
    )
    op.execute(sa.text("UPDATE ll_meta SET value = '5' WHERE key = 'schema_version'"))
