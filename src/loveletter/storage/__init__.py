"""Storage of tables, seats, rounds, actions and finished records (SQLAlchemy 2)."""

from .models import SCHEMA_VERSION
from .repository import (
    Commit,
    GameSummary,
    NewAction,
    Repository,
    RoundData,
    SchemaVersionError,
    SeatData,
    StoredTable,
    TableData,
)

__all__ = [
    "SCHEMA_VERSION",
    "Commit",
    "GameSummary",
    "NewAction",
    "Repository",
    "RoundData",
    "SchemaVersionError",
    "SeatData",
    "StoredTable",
    "TableData",
]
