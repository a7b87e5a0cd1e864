"""Schema version 4: accounts (a name, its key for lookalikes, a password's hash, an
optional address for mail and the links sent there),
their sessions (stored by the hash of their id, with their cross-site request token),
the account a seat belongs to, and the accounts' games, ratings and cards (the games
finished before are marked as rated: they had no accounts).

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
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("email_verified", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_ll_accounts_name_key", "ll_accounts", ["name_key"], unique=True)
    op.create_index("ix_ll_accounts_email", "ll_accounts", ["email"])
    op.create_table(
        "ll_mail_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(24), _account(), nullable=False),
        sa.Column("purpose", sa.String(10), nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_ll_mail_tokens_account_id", "ll_mail_tokens", ["account_id"])
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
    op.add_column(
        "ll_games", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.execute(sa.text("UPDATE ll_games SET rated = TRUE WHERE status = 'finished'"))
    op.create_index("ix_ll_games_rated", "ll_games", ["rated"])
    op.create_table(
        "ll_account_games",
        sa.Column("account_id", sa.String(24), _account(), primary_key=True),
        sa.Column("table_id", sa.String(24), primary_key=True),
        sa.Column("game", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("edition", sa.String(20), nullable=False),
        sa.Column("family", sa.String(20), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("finished_at", sa.Float(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("tokens", sa.Integer(), nullable=False),
        sa.Column("rounds_won", sa.Integer(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("rating_before", sa.Float(), nullable=True),
        sa.Column("rating_after", sa.Float(), nullable=True),
    )
    op.create_index(
        "ix_ll_account_games_history", "ll_account_games", ["account_id", "finished_at"]
    )
    op.create_table(
        "ll_ratings",
        sa.Column("account_id", sa.String(24), _account(), primary_key=True),
        sa.Column("family", sa.String(20), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("ordinal", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
    )
    op.create_index("ix_ll_ratings_board", "ll_ratings", ["family", "ordinal"])
    op.create_table(
        "ll_account_cards",
        sa.Column("account_id", sa.String(24), _account(), primary_key=True),
        sa.Column("card", sa.String(20), primary_key=True),
        sa.Column("won", sa.Integer(), nullable=False),
        sa.Column("out", sa.Integer(), nullable=False),
    )
    op.execute(sa.text("UPDATE ll_meta SET value = '4' WHERE key = 'schema_version'"))


def _account() -> sa.ForeignKey:
    return sa.ForeignKey("ll_accounts.id", ondelete="CASCADE")
