"""The game server's domain: tables and seats, the commands that change them, and
the records a repository stores.

It sits on the engine alone (no storage, web framework or JSON encoding): the
server's service layer applies these commands and commits what they return,
``loveletter.storage`` stores these records, and the entry points translate
requests and answers. See docs/server.md.
"""

from .commands import (
    LANGUAGES,
    NAME_LENGTH,
    Decider,
    Lang,
    TableSpec,
    act,
    back,
    chat_policy,
    hand_host,
    hint_view,
    join,
    new_table,
    next_round,
    presence,
    random_change,
    remove,
    stand_in,
    start,
)
from .commits import rebuild, settle
from .errors import (
    ConflictError,
    ForbiddenError,
    InvalidError,
    NotFoundError,
    StaleError,
    StorageError,
    TableError,
)
from .names import BLANKS, name_key
from .records import (
    AWAY_AFTER,
    AccountData,
    Awaiting,
    Commit,
    GameStatus,
    GameSummary,
    NewAction,
    RoundData,
    SeatData,
    SeatKind,
    SessionData,
    StoredTable,
    TableData,
    TableStatus,
)
from .state import TableState

__all__ = [
    "AWAY_AFTER",
    "BLANKS",
    "LANGUAGES",
    "NAME_LENGTH",
    "AccountData",
    "Awaiting",
    "Commit",
    "ConflictError",
    "Decider",
    "ForbiddenError",
    "GameStatus",
    "GameSummary",
    "InvalidError",
    "Lang",
    "NewAction",
    "NotFoundError",
    "RoundData",
    "SeatData",
    "SeatKind",
    "SessionData",
    "StaleError",
    "StorageError",
    "StoredTable",
    "TableData",
    "TableError",
    "TableSpec",
    "TableState",
    "TableStatus",
    "act",
    "back",
    "chat_policy",
    "hand_host",
    "hint_view",
    "join",
    "name_key",
    "new_table",
    "next_round",
    "presence",
    "random_change",
    "rebuild",
    "remove",
    "settle",
    "stand_in",
    "start",
]
