"""SQLAlchemy models of the server's tables (SQLite and PostgreSQL).

Times are seconds since the epoch (floats): the same on every database, no time
zones. Card data lives only in ``rounds.deck`` and in finished games' records, which
the server never sends to a client before the game is over.
"""

from __future__ import annotations

from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    String,
    Text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: The schema's version, written in ``ll_meta``: one Alembic revision each
#: (``migrations/versions``), which the server runs when it starts (``schema.py``).
SCHEMA_VERSION = 5


class Base(DeclarativeBase):
    """The declarative base of every model."""

    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, list[Any]: JSON}


class MetaRow(Base):
    """Key-value facts about the database itself, such as its schema version."""

    __tablename__ = "ll_meta"

    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class TableRow(Base):
    """A table: its settings, its status and the version every change increments."""

    __tablename__ = "ll_tables"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    edition: Mapped[str] = mapped_column(String(20))
    options: Mapped[dict[str, Any]]
    bot_level: Mapped[str] = mapped_column(String(20))
    disconnect_timeout: Mapped[float] = mapped_column(Float)
    host_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(10), index=True)  # lobby, playing, finished
    game_number: Mapped[int] = mapped_column(Integer)  # 0 before the first game
    awaiting: Mapped[str | None] = mapped_column(String(10), index=True)  # human, bot, round
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float, index=True)
    turn_timer: Mapped[float] = mapped_column(Float, default=0.0)  # 0: no turn timer
    deadline: Mapped[float | None] = mapped_column(Float)  # the awaited decision runs out
    standin_marks: Mapped[list[Any] | None]  # [round, log index, seat, why] of bots' decisions
    host_seat: Mapped[int | None] = mapped_column(Integer)  # once the host sits
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=False)  # may they write
    hints: Mapped[bool] = mapped_column(Boolean, default=False)  # schema version 3
    public: Mapped[bool] = mapped_column(Boolean, default=False)  # in the lobby; version 5
    lang: Mapped[str] = mapped_column(String(2), default="en")  # version 5
    seat_count: Mapped[int] = mapped_column(Integer, default=0)  # its seats; version 5

    __table_args__ = (Index("ix_ll_tables_lobby", "status", "public", "created_at"),)


class SeatRow(Base):
    """One seat of a table: open, a human (with the hash of its token) or a bot."""

    __tablename__ = "ll_seats"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("ll_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))  # open, human, bot
    level: Mapped[str | None] = mapped_column(String(20))
    name: Mapped[str | None] = mapped_column(String(40))
    token_hash: Mapped[str | None] = mapped_column(String(64))
    online: Mapped[bool] = mapped_column(Boolean)
    standin: Mapped[bool] = mapped_column(Boolean)  # a bot plays for an absent human
    seen_at: Mapped[float] = mapped_column(Float)
    timeouts: Mapped[int] = mapped_column(Integer, default=0)  # the turn timer's, in a row
    account_id: Mapped[str | None] = mapped_column(String(24), index=True)  # version 4


class GameRow(Base):
    """One game at a table (a rematch is the next number); its record once finished."""

    __tablename__ = "ll_games"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("ll_tables.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    edition: Mapped[str] = mapped_column(String(20))
    players: Mapped[list[Any]]
    status: Mapped[str] = mapped_column(String(10))  # playing, finished
    winners: Mapped[list[Any] | None]
    record: Mapped[dict[str, Any] | None]
    created_at: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float, index=True)
    rated: Mapped[bool] = mapped_column(Boolean, default=False, index=True)  # results written


_GAME = ["ll_games.table_id", "ll_games.number"]


class RoundRow(Base):
    """One dealt round: its whole deck (top first) and first seat, so replay needs no RNG."""

    __tablename__ = "ll_rounds"
    __table_args__ = (ForeignKeyConstraint(["table_id", "game"], _GAME, ondelete="CASCADE"),)

    table_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    deck: Mapped[list[Any]]
    first: Mapped[int] = mapped_column(Integer)


class ActionRow(Base):
    """One accepted decision, in notation; ``seq`` counts the game's actions from 0."""

    __tablename__ = "ll_actions"
    __table_args__ = (ForeignKeyConstraint(["table_id", "game"], _GAME, ondelete="CASCADE"),)

    table_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    round: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)


class AccountRow(Base):
    """An account: its display name, that name's key (lookalikes share it) and the
    hash of its password (argon2)."""

    __tablename__ = "ll_accounts"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(160), unique=True, index=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[float] = mapped_column(Float)
    email: Mapped[str | None] = mapped_column(String(254), index=True)  # never shown to others
    email_verified: Mapped[bool] = mapped_column(Boolean, default=False)
    turn_mail: Mapped[bool] = mapped_column(Boolean, default=True)  # version 5


class SessionRow(Base):
    """A signed-in browser: the hash of its cookie's id, never the id itself."""

    __tablename__ = "ll_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        ForeignKey("ll_accounts.id", ondelete="CASCADE"), index=True
    )
    csrf: Mapped[str] = mapped_column(String(64))  # the token a changing request carries
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float, index=True)


class AccountGameRow(Base):
    """A finished game of an account: its result there, and its rating around it."""

    __tablename__ = "ll_account_games"
    __table_args__ = (Index("ix_ll_account_games_history", "account_id", "finished_at"),)

    account_id: Mapped[str] = mapped_column(
        ForeignKey("ll_accounts.id", ondelete="CASCADE"), primary_key=True
    )
    table_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    edition: Mapped[str] = mapped_column(String(20))
    family: Mapped[str] = mapped_column(String(20))
    players: Mapped[int] = mapped_column(Integer)
    finished_at: Mapped[float] = mapped_column(Float)
    won: Mapped[bool] = mapped_column(Boolean)
    tokens: Mapped[int] = mapped_column(Integer)
    rounds_won: Mapped[int] = mapped_column(Integer)
    rank: Mapped[int] = mapped_column(Integer)
    rating_before: Mapped[float | None] = mapped_column(Float)  # None: not rated (one account)
    rating_after: Mapped[float | None] = mapped_column(Float)


class RatingRow(Base):
    """An account's rating in a family of editions (openskill's mu and sigma, and the
    ordinal that ranks it)."""

    __tablename__ = "ll_ratings"
    __table_args__ = (Index("ix_ll_ratings_board", "family", "ordinal"),)

    account_id: Mapped[str] = mapped_column(
        ForeignKey("ll_accounts.id", ondelete="CASCADE"), primary_key=True
    )
    family: Mapped[str] = mapped_column(String(20), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class AccountCardRow(Base):
    """How often an account won a round holding a card, and went out holding it."""

    __tablename__ = "ll_account_cards"

    account_id: Mapped[str] = mapped_column(
        ForeignKey("ll_accounts.id", ondelete="CASCADE"), primary_key=True
    )
    card: Mapped[str] = mapped_column(String(20), primary_key=True)
    won: Mapped[int] = mapped_column(Integer)
    out: Mapped[int] = mapped_column(Integer)


class MailTokenRow(Base):
    """A link sent by mail (to verify an address, to reset a password): the hash of
    its token, used once before it expires."""

    __tablename__ = "ll_mail_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        ForeignKey("ll_accounts.id", ondelete="CASCADE"), index=True
    )
    purpose: Mapped[str] = mapped_column(String(10))  # verify, reset
    email: Mapped[str] = mapped_column(String(254))  # the address it was sent to
    expires_at: Mapped[float] = mapped_column(Float)


class TurnMailRow(Base):
    """The last mail that told an account it was its turn at a table: which turn
    (``turn``: the game, round and action it waited on) and when (schema version 5)."""

    __tablename__ = "ll_turn_mails"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("ll_tables.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[str] = mapped_column(
        ForeignKey("ll_accounts.id", ondelete="CASCADE"), primary_key=True
    )
    turn: Mapped[str] = mapped_column(String(40))
    sent_at: Mapped[float] = mapped_column(Float)
