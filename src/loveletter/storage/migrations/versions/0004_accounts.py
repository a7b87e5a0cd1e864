"""Schema version 4: accounts (a name, its key for lookalikes, a password's hash),
their sessions (stored by the hash of their id, with their cross-site request token),
and the account a seat belongs to.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ll_accounts",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_ll_accounts_name_key", "ll_accounts", ["name_key"], unique=True)
    op.create_table(
        "ll_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id",
            sa.String(24),
            sa.ForeignKey("ll_accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_ll_sessions_account_id", "ll_sessions", ["account_id"])
    op.create_index("ix_ll_sessions_expires_at", "ll_sessions", ["expires_at"])
    op.add_column("ll_seats", sa.Column("account_id", sa.String(24), nullable=True))
    op.create_index("ix_ll_seats_account_id", "ll_seats", ["account_id"])
    op.execute(sa.text("UPDATE ll_meta SET value = '4' WHERE key = 'schema_version'"))
