"""Schema version 3: the hints option (tables).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "ll_tables", sa.Column("hints", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.execute(sa.text("UPDATE ll_meta SET value = '3' WHERE key = 'schema_version'"))
