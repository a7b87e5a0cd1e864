"""Schema version 2: the turn timer and its deadline, stand-ins' marks, the host's
seat and the spectators' chat (tables); the turn timer's count of timeouts (seats).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "ll_tables", sa.Column("turn_timer", sa.Float(), nullable=False, server_default="0")
    )
    op.add_column("ll_tables", sa.Column("deadline", sa.Float(), nullable=True))
    op.add_column(
        "ll_seats", sa.Column("timeouts", sa.Integer(), nullable=False, server_default="0")
    )
    op.add_column("ll_tables", sa.Column("standin_marks", sa.JSON(), nullable=True))
    op.add_column("ll_tables", sa.Column("host_seat", sa.Integer(), nullable=True))
    op.add_column(
        "ll_tables",
        sa.Column("spectator_chat", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.execute(sa.text("UPDATE ll_meta SET value = '2' WHERE key = 'schema_version'"))
