"""Schema version 1: tables, seats, games, rounds and actions.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

GAME = ["ll_games.table_id", "ll_games.number"]


def upgrade() -> None:
    meta = op.create_table(
        "ll_meta",
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )
    op.create_table(
        "ll_tables",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("edition", sa.String(20), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("bot_level", sa.String(20), nullable=False),
        sa.Column("disconnect_timeout", sa.Float(), nullable=False),
        sa.Column("host_hash", sa.String(64), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("game_number", sa.Integer(), nullable=False),
        sa.Column("awaiting", sa.String(10), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )
    for column in ("status", "awaiting", "updated_at"):
        op.create_index(f"ix_ll_tables_{column}", "ll_tables", [column])
    op.create_table(
        "ll_seats",
        sa.Column(
            "table_id",
            sa.String(24),
            sa.ForeignKey("ll_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("level", sa.String(20), nullable=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("online", sa.Boolean(), nullable=False),
        sa.Column("standin", sa.Boolean(), nullable=False),
        sa.Column("seen_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "ll_games",
        sa.Column(
            "table_id",
            sa.String(24),
            sa.ForeignKey("ll_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("edition", sa.String(20), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("winners", sa.JSON(), nullable=True),
        sa.Column("record", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("finished_at", sa.Float(), nullable=True),
    )
    op.create_index("ix_ll_games_finished_at", "ll_games", ["finished_at"])
    op.create_table(
        "ll_rounds",
        sa.Column("table_id", sa.String(24), primary_key=True),
        sa.Column("game", sa.Integer(), primary_key=True),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("deck", sa.JSON(), nullable=False),
        sa.Column("first", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["table_id", "game"], GAME, ondelete="CASCADE"),
    )
    op.create_table(
        "ll_actions",
        sa.Column("table_id", sa.String(24), primary_key=True),
        sa.Column("game", sa.Integer(), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["table_id", "game"], GAME, ondelete="CASCADE"),
    )
    op.bulk_insert(meta, [{"key": "schema_version", "value": "1"}])
