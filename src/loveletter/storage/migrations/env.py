"""Alembic's environment: migrations run on the connection the repository hands over
(in its writing transaction, under its lock), or, from the ``alembic`` command, on the
database that ``LOVELETTER_DB`` names."""

from __future__ import annotations

import os

from alembic import context
from sqlalchemy import create_engine

from loveletter.storage.models import Base

connection = context.config.attributes.get("connection")
if connection is not None:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()
else:
    url = os.environ.get("LOVELETTER_DB", "sqlite:///loveletter-dev.db")
    with create_engine(url).begin() as own:
        context.configure(connection=own, target_metadata=Base.metadata)
        with context.begin_transaction():
            context.run_migrations()
