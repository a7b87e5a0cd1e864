"""Storage of tables, seats, rounds, actions and finished records (SQLAlchemy 2).

The records it reads and writes are the domain's (``loveletter.tables.records``).
"""

from .models import SCHEMA_VERSION
from .repository import Repository
from .schema import SchemaVersionError

__all__ = ["SCHEMA_VERSION", "Repository", "SchemaVersionError"]
