"""The repository: every read and write of the server's data, on SQLite or PostgreSQL.

Its methods are synchronous (the server calls them from worker threads) and speak in
the domain's records (``loveletter.tables.records``), so nothing above this module
sees SQLAlchemy. A change is one :class:`~loveletter.tables.Commit`, written in one
transaction only if the table is still at the version the change was computed from:
two processes can never both apply a change to the same version of a table. A failure
of the database itself (a full disk, a damaged file, a server out of reach) comes out
as the domain's :class:`~loveletter.tables.StorageError`, in one line.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    Text,
    and_,
    bindparam,
    case,
    cast,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import (
    DatabaseError,
    DBAPIError,
    IntegrityError,
    InterfaceError,
    OperationalError,
)

from ..engine import Record
from ..tables.errors import DamagedDataError, StorageError
from ..tables.records import (
    TURN_BASED,
    AccountData,
    AccountGame,
    CardCount,
    Commit,
    EditionStats,
    FinishedGame,
    GameStatus,
    GameSummary,
    LobbyEntry,
    LobbyPage,
    LobbyQuery,
    MailToken,
    Rater,
    RatingData,
    RoundData,
    SeatData,
    SessionData,
    StoredTable,
    TableData,
)
from ..tables.results import family_of, former_player
from .models import (
    AccountCardRow,
    AccountGameRow,
    AccountRow,
    ActionRow,
    GameRow,
    MailTokenRow,
    RatingRow,
    RoundRow,
    SeatRow,
    SessionRow,
    TableRow,
    TurnMailRow,
)
from .schema import upgrade

#: A game's columns that hold JSON lists, in the history's summaries.
_JSON_LISTS = ("players", "winners")

#: The PostgreSQL advisory lock that processes creating the schema take in turn.
SCHEMA_LOCK = 0x4C4C5343  # "LLSC"


@dataclass
class Repository:
    """Reads and writes the server's data through one SQLAlchemy engine."""

    url: str
    engine: Engine = field(init=False)

    def __post_init__(self) -> None:
        parsed = make_url(self.url)
        if parsed.get_backend_name() == "sqlite":
            if parsed.database and parsed.database != ":memory:":
                Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
            self.engine = create_engine(
                self.url, connect_args={"check_same_thread": False, "timeout": 30}
            )
            event.listen(self.engine, "connect", _sqlite_pragmas)
            event.listen(self.engine, "begin", _sqlite_begin)
        else:
            self.engine = create_engine(self.url, pool_pre_ping=True, pool_size=8)

    @property
    def is_sqlite(self) -> bool:
        """Whether the database is SQLite (one writer at a time)."""
        return self.engine.dialect.name == "sqlite"

    @property
    def single_writer(self) -> bool:
        """Whether writes queue for one lock anyway (SQLite): one calling thread is enough."""
        return self.is_sqlite

    @property
    def where(self) -> str:
        """The database, as a message names it (no password)."""
        return database_where(self.url)

    @contextmanager
    def _failures(self) -> Iterator[None]:
        """Turn a failure of the database itself into a one-line StorageError."""
        try:
            yield
        except DBAPIError as error:
            # IntegrityError, ProgrammingError…: a bug of ours, not a failing store.
            if not isinstance(error, OperationalError | InterfaceError) and (
                type(error) is not DatabaseError
            ):
                raise
            lines = str(error.orig).strip().splitlines()
            reason = lines[0] if lines else type(error.orig).__name__
            raise StorageError(f"{self.where}: {reason}") from error
        except UnicodeDecodeError as error:  # SQLite's message quotes a scribbled schema
            raise StorageError(f"{self.where}: damaged text ({error.reason})") from error
        except json.JSONDecodeError as error:  # a JSON column holds something else
            raise DamagedDataError(f"{self.where}: a stored value is not JSON ({error})") from error

    @contextmanager
    def _begin(self, *, write: bool = False) -> Iterator[Connection]:
        """A transaction; a reading one sees one consistent snapshot of the database."""
        with self._failures(), self.engine.connect() as connection:
            if write:
                connection.execution_options(write=True)
            elif not self.is_sqlite:
                connection.execution_options(isolation_level="REPEATABLE READ")
            with connection.begin():
                yield connection

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    # ---------------------------------------------------------------- schema

    def create_schema(self) -> None:
        """Create the schema or bring it up to date (SchemaVersionError if it is of
        another), in one writing transaction: processes started together take their
        turns (SQLite refused the one whose snapshot another's tables had made stale)."""
        with self._begin(write=True) as db:
            if db.dialect.name == "postgresql":  # DDL takes no lock before it looks
                # Each statement after the lock sees what the process before created.
                db.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL READ COMMITTED")
                db.exec_driver_sql(f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})")
            upgrade(db, self.where)

    # ---------------------------------------------------------------- tables

    def create_table(self, table: TableData, seats: Sequence[SeatData]) -> None:
        """Store a new table and its seats."""
        with self._begin(write=True) as db:
            db.execute(insert(TableRow).values(**_table_values(table), seat_count=len(seats)))
            db.execute(insert(SeatRow), [{"table_id": table.id, **_seat_values(s)} for s in seats])

    def load_table(self, table_id: str) -> StoredTable | None:
        """A table with its seats and its current game's rounds, or None;
        DamagedDataError if its rows cannot be read (a JSON column that holds no JSON,
        or not the list it stores)."""
        try:
            return self._load_table(table_id)
        except DamagedDataError as error:
            if table_id in str(error):
                raise
            raise DamagedDataError(f"table {table_id}: {error}") from error

    def _load_table(self, table_id: str) -> StoredTable | None:
        with self._begin() as db:
            row = db.execute(select(TableRow.__table__).where(TableRow.id == table_id)).first()
            if row is None:
                return None
            table = _table(row)
            seats = tuple(
                _seat(seat)
                for seat in db.execute(
                    select(SeatRow.__table__)
                    .where(SeatRow.table_id == table_id)
                    .order_by(SeatRow.seat)
                )
            )
            if table.game_number == 0:
                return StoredTable(table, seats)
            game = (table_id, table.game_number)
            players = db.scalar(
                select(GameRow.players).where(
                    GameRow.table_id == table_id, GameRow.number == game[1]
                )
            )
            actions: dict[int, list[str]] = {}
            for number, text in db.execute(
                select(ActionRow.round, ActionRow.text)
                .where(ActionRow.table_id == table_id, ActionRow.game == game[1])
                .order_by(ActionRow.seq)
            ):
                actions.setdefault(number, []).append(text)
            rounds = tuple(
                RoundData(number, _listed(deck, "a deck"), first, tuple(actions.get(number, ())))
                for number, deck, first in db.execute(
                    select(RoundRow.number, RoundRow.deck, RoundRow.first)
                    .where(RoundRow.table_id == table_id, RoundRow.game == game[1])
                    .order_by(RoundRow.number)
                )
            )
            return StoredTable(table, seats, _listed(players or [], "the players"), rounds)

    def token_hashes(self, table_id: str) -> list[str]:
        """The token hashes of a table's seats (one read of its seats alone)."""
        with self._begin() as db:
            return list(
                db.scalars(
                    select(SeatRow.token_hash).where(
                        SeatRow.table_id == table_id, SeatRow.token_hash.is_not(None)
                    )
                )
            )

    def commit(self, change: Commit) -> bool:
        """Write one change in one transaction; False if the table moved on meanwhile."""
        return self.commit_many([change])[0]

    def commit_many(self, changes: Sequence[Commit]) -> list[bool]:
        """Write changes of different tables in one transaction, each checked alone
        against its table's version (False for one whose table moved on).

        Each change moves its table's row if it is still at the expected version (the
        rows are locked in table-id order, whatever the order of the changes): all of
        them with one statement when none moved on, else one by one. The seats and
        actions of all the changes that apply are then written together.
        """
        ordered = sorted(range(len(changes)), key=lambda i: changes[i].table.id)
        batch = _Batch()
        with self._begin(write=True) as db:
            if len(changes) > 1 and _move_tables(db, [changes[i] for i in ordered]):
                written = [True] * len(changes)
            else:
                written = [False] * len(changes)
                for i in ordered:
                    written[i] = _move_table(db, changes[i])
            for i in ordered:
                if written[i]:
                    batch.add(db, changes[i])
            batch.write(db)
        return written

    # ---------------------------------------------------------------- sweeping

    def tables_in_play(self) -> list[str]:
        """The ids of every table with a game under way."""
        with self._begin() as db:
            return list(db.scalars(select(TableRow.id).where(TableRow.status == "playing")))

    def stalled_tables(self, before: float) -> list[str]:
        """Tables waiting on a bot or the next round since before ``before``, or on a
        human whose turn timer ran out before it."""
        with self._begin() as db:
            return list(
                db.scalars(
                    select(TableRow.id).where(
                        TableRow.status == "playing",
                        or_(
                            and_(
                                TableRow.awaiting.in_(("bot", "round")),
                                TableRow.updated_at < before,
                            ),
                            and_(TableRow.awaiting == "human", TableRow.deadline < before),
                        ),
                    )
                )
            )

    def absent_seats(self, now: float, *, offline_only: bool) -> list[tuple[str, int]]:
        """The seats a bot should stand in for at ``now`` (online ones too unless
        ``offline_only``), found by the database: the query says what
        :meth:`~loveletter.tables.TableState.standin_due` says, the instant a seat is
        gone included (tests/server/test_presence.py holds them together)."""
        query = (
            select(SeatRow.table_id, SeatRow.seat)
            .join(TableRow, TableRow.id == SeatRow.table_id)
            .where(
                TableRow.status == "playing",
                SeatRow.kind == "human",
                SeatRow.standin.is_(False),
                TableRow.turn_timer < TURN_BASED,  # absence hands no turn-based seat
                SeatRow.seen_at + TableRow.disconnect_timeout <= now,
            )
        )
        if offline_only:
            query = query.where(SeatRow.online.is_(False))
        with self._begin() as db:
            return [(table_id, seat) for table_id, seat in db.execute(query)]

    def heartbeat(self, seats: Sequence[tuple[str, int]], now: float) -> None:
        """Mark seats connected to this process as seen now (not a table change)."""
        if not seats:
            return
        statement = (
            update(SeatRow)
            .where(SeatRow.table_id == bindparam("t"), SeatRow.seat == bindparam("s"))
            .values(seen_at=now)
            .execution_options(synchronize_session=False)
        )
        with self._begin(write=True) as db:
            db.execute(statement, [{"t": table_id, "s": seat} for table_id, seat in seats])

    def grant_grace(self, now: float, *, offline: bool) -> None:
        """After a start: every human of a game under way has a full timeout to return.

        ``offline`` also marks every seat offline (right when this is the only process).
        """
        playing = select(TableRow.id).where(TableRow.status == "playing")
        with self._begin(write=True) as db:
            db.execute(
                update(SeatRow)
                .where(SeatRow.kind == "human", SeatRow.table_id.in_(playing))
                .values(seen_at=now)
            )
            if offline:
                db.execute(update(SeatRow).where(SeatRow.online.is_(True)).values(online=False))

    # ---------------------------------------------------------------- history

    def games(self, table_id: str) -> list[GameSummary]:
        """Every game of a table, oldest first."""
        with self._begin() as db:
            rows = db.execute(
                select(*_SUMMARY).where(GameRow.table_id == table_id).order_by(GameRow.number)
            )
            return [_summary(row) for row in rows]

    def finished_games(self, limit: int, offset: int = 0) -> list[GameSummary]:
        """Finished games, most recent first."""
        with self._begin() as db:
            rows = db.execute(
                select(*_SUMMARY)
                .where(GameRow.status == "finished")
                .order_by(GameRow.finished_at.desc(), GameRow.table_id, GameRow.number)
                .limit(limit)
                .offset(offset)
            )
            return [_summary(row) for row in rows]

    def record(self, table_id: str, number: int) -> tuple[GameStatus, Record | None] | None:
        """A game's status and, once it is finished, its record; None if no such game."""
        with self._begin() as db:
            row = db.execute(
                select(GameRow.status, GameRow.record).where(
                    GameRow.table_id == table_id, GameRow.number == number
                )
            ).first()
            if row is None:
                return None
            status, record = row
            return status, record if status == "finished" else None

    # ---------------------------------------------------------------- lobby

    def lobby(
        self,
        query: LobbyQuery,
        now: float,
        limit: int,
        offset: int = 0,
        *,
        oldest_first: bool = False,
    ) -> LobbyPage:
        """The public tables waiting for players at ``now`` that fit the query, newest
        first (or oldest first), with their hosts' ratings: the query says what
        :meth:`~loveletter.tables.TableState.waiting_in_lobby` says."""
        seat = SeatRow.table_id == TableRow.id
        present = or_(
            TableRow.turn_timer >= TURN_BASED,
            SeatRow.online.is_(True),
            SeatRow.seen_at + TableRow.disconnect_timeout > now,
        )
        fits = [
            TableRow.status == "lobby",
            TableRow.public.is_(True),
            select(SeatRow.seat).where(seat, SeatRow.kind == "open").exists(),
            select(SeatRow.seat).where(seat, SeatRow.kind == "human", present).exists(),
        ]
        if query.edition is not None:
            fits.append(TableRow.edition == query.edition)
        if query.turn_timer is not None:
            fits.append(TableRow.turn_timer == query.turn_timer)
        if query.players is not None:
            fits.append(TableRow.seat_count == query.players)
        order = (TableRow.created_at, TableRow.id)
        with self._begin() as db:
            total = db.scalar(select(func.count()).select_from(TableRow).where(*fits)) or 0
            rows = db.execute(
                select(TableRow.__table__)
                .where(*fits)
                .order_by(*(order if oldest_first else (o.desc() for o in order)))
                .limit(limit)
                .offset(offset)
            ).all()
            tables = [_table(row) for row in rows]
            seats_of: dict[str, list[SeatData]] = {t.id: [] for t in tables}
            if tables:
                for row in db.execute(
                    select(SeatRow.__table__)
                    .where(SeatRow.table_id.in_(list(seats_of)))
                    .order_by(SeatRow.table_id, SeatRow.seat)
                ):
                    seats_of[row.table_id].append(_seat(row))
            hosts = {
                t.id: seats_of[t.id][t.host_seat].account_id
                for t in tables
                if t.host_seat is not None and 0 <= t.host_seat < len(seats_of[t.id])
            }  # (a host seat out of range is damage: the service leaves that table out)
            ratings = {
                (r.account_id, r.family): r.ordinal
                for r in db.execute(
                    select(RatingRow.account_id, RatingRow.family, RatingRow.ordinal).where(
                        RatingRow.account_id.in_([a for a in hosts.values() if a])
                    )
                )
            }
        return LobbyPage(
            total,
            tuple(
                LobbyEntry(
                    t,
                    tuple(seats_of[t.id]),
                    ratings.get((hosts.get(t.id) or "", family_of(t.edition))),
                )
                for t in tables
            ),
        )

    def account_tables(self, account_id: str, limit: int) -> list[str]:
        """The tables not finished where the account holds a seat, latest change first."""
        with self._begin() as db:
            return list(
                db.scalars(
                    select(TableRow.id)
                    .join(SeatRow, SeatRow.table_id == TableRow.id)
                    .where(SeatRow.account_id == account_id, TableRow.status != "finished")
                    .order_by(TableRow.updated_at.desc(), TableRow.id)
                    .limit(limit)
                )
            )

    def claim_turn_mail(
        self, table_id: str, account_id: str, turn: str, now: float, spacing: float
    ) -> bool:
        """Take the right to mail the account that it is its turn ``turn`` at the table
        (once a turn, ``spacing`` seconds after the table's last mail): one statement
        decides, so two processes never both send it."""
        key = (TurnMailRow.table_id == table_id, TurnMailRow.account_id == account_id)
        values = {"turn": turn, "sent_at": now}
        try:
            with self._begin(write=True) as db:
                moved = db.execute(
                    update(TurnMailRow)
                    .where(*key, TurnMailRow.turn != turn, TurnMailRow.sent_at <= now - spacing)
                    .values(values)
                )
                if moved.rowcount == 1:
                    return True
                if db.scalar(select(TurnMailRow.turn).where(*key)) is not None:
                    return False
                db.execute(
                    insert(TurnMailRow).values(table_id=table_id, account_id=account_id, **values)
                )
        except IntegrityError:  # another process took it first
            return False
        return True

    def turn_mailed(self, table_id: str, account_id: str) -> tuple[str, float] | None:
        """The turn of the last mail to the account about the table, and when."""
        with self._begin() as db:
            row = db.execute(
                select(TurnMailRow.turn, TurnMailRow.sent_at).where(
                    TurnMailRow.table_id == table_id, TurnMailRow.account_id == account_id
                )
            ).first()
        return None if row is None else (row.turn, row.sent_at)

    # ---------------------------------------------------------------- accounts

    def create_account(self, account: AccountData) -> bool:
        """Store a new account; False if its name's key is taken."""
        try:
            with self._begin(write=True) as db:
                db.execute(insert(AccountRow).values(**dataclasses.asdict(account)))
        except IntegrityError:
            return False
        return True

    def account(self, account_id: str) -> AccountData | None:
        """An account by its id, or None."""
        return self._account(AccountRow.id == account_id)

    def account_named(self, name_key: str) -> AccountData | None:
        """The account whose name has this key, or None."""
        return self._account(AccountRow.name_key == name_key)

    def _account(self, where: Any) -> AccountData | None:
        with self._begin() as db:
            row = db.execute(select(AccountRow.__table__).where(where)).first()
            return None if row is None else AccountData(**row._mapping)

    def set_password(self, account_id: str, password_hash: str) -> None:
        """Change an account's password hash."""
        with self._begin(write=True) as db:
            db.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(password_hash=password_hash)
            )

    def delete_account(self, account_id: str) -> None:
        """Delete an account, its sessions, its games' results, ratings and cards (the
        foreign keys cascade); its finished games stay, its name in them replaced."""
        with self._begin(write=True) as db:
            played = db.execute(
                select(AccountGameRow.table_id, AccountGameRow.game, AccountGameRow.seat).where(
                    AccountGameRow.account_id == account_id
                )
            ).all()
            for table_id, number, seat in played:
                where = (GameRow.table_id == table_id, GameRow.number == number)
                row = db.execute(select(GameRow.players, GameRow.record).where(*where)).one()
                players = list(row.players)
                players[seat] = former_player(seat)
                record = None if row.record is None else {**row.record, "players": players}
                db.execute(update(GameRow).where(*where).values(players=players, record=record))
            db.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            db.execute(delete(MailTokenRow).where(MailTokenRow.account_id == account_id))
            db.execute(delete(AccountRow).where(AccountRow.id == account_id))

    def create_session(self, session: SessionData) -> None:
        """Store a new session."""
        with self._begin(write=True) as db:
            db.execute(insert(SessionRow).values(**dataclasses.asdict(session)))

    def session(self, id_hash: str, now: float) -> tuple[SessionData, AccountData] | None:
        """A session not ended at ``now`` and its account, or None."""
        with self._begin() as db:
            row = db.execute(
                select(SessionRow.__table__, AccountRow.__table__)
                .join(AccountRow, AccountRow.id == SessionRow.account_id)
                .where(SessionRow.id_hash == id_hash, SessionRow.expires_at > now)
            ).first()
            if row is None:
                return None
            values = tuple(row)
            session = SessionData(*values[: len(_SESSION_FIELDS)])
            return session, AccountData(*values[len(_SESSION_FIELDS) :])

    def end_sessions(self, account_id: str, *, keep: str | None = None) -> None:
        """End an account's sessions (all but the one whose hash is ``keep``)."""
        with self._begin(write=True) as db:
            db.execute(
                delete(SessionRow).where(
                    SessionRow.account_id == account_id, SessionRow.id_hash != (keep or "")
                )
            )

    def end_session(self, id_hash: str) -> None:
        """End one session (nothing if there is none)."""
        with self._begin(write=True) as db:
            db.execute(delete(SessionRow).where(SessionRow.id_hash == id_hash))

    def set_email(self, account_id: str, email: str | None, *, verified: bool) -> None:
        """Change an account's address and whether it is verified."""
        with self._begin(write=True) as db:
            db.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(email=email, email_verified=verified)
            )

    def set_turn_mail(self, account_id: str, on: bool) -> None:
        """Whether the account is mailed when it is its turn at a turn-based table."""
        with self._begin(write=True) as db:
            db.execute(update(AccountRow).where(AccountRow.id == account_id).values(turn_mail=on))

    def account_with_email(self, email: str) -> AccountData | None:
        """The account whose verified address this is, if any."""
        return self._account(and_(AccountRow.email == email, AccountRow.email_verified.is_(True)))

    def create_mail_token(self, token: MailToken) -> None:
        """Store a link sent by mail."""
        with self._begin(write=True) as db:
            db.execute(insert(MailTokenRow).values(**dataclasses.asdict(token)))

    def take_mail_token(self, token_hash: str, purpose: str, now: float) -> MailToken | None:
        """The link with this hash and purpose, not expired, used up with its kin."""
        with self._begin(write=True) as db:
            row = db.execute(
                select(MailTokenRow.__table__).where(
                    MailTokenRow.token_hash == token_hash,
                    MailTokenRow.purpose == purpose,
                    MailTokenRow.expires_at > now,
                )
            ).first()
            if row is None:
                return None
            token = MailToken(**row._mapping)
            used = db.execute(
                delete(MailTokenRow).where(
                    MailTokenRow.account_id == token.account_id, MailTokenRow.purpose == purpose
                )
            )
            return token if used.rowcount else None

    # ---------------------------------------------------------------- history, ratings

    def rate_game(self, table_id: str, number: int, rate: Rater) -> bool:
        """Write what a finished game gives its accounts (``rate`` computes it from the
        game and their ratings in its family), once: False if it was done already or
        the game is not finished. One transaction: claimed, read and written whole."""
        with self._begin(write=True) as db:
            return _rate_game(db, table_id, number, rate)

    def rate_games(self, games: Sequence[tuple[str, int]], rate: Rater) -> list[bool]:
        """Rate finished games in one transaction, each as :meth:`rate_game` would."""
        with self._begin(write=True) as db:
            return [_rate_game(db, table_id, number, rate) for table_id, number in games]

    def unrated_games(self, limit: int) -> list[tuple[str, int]]:
        """Finished games whose accounts' results are not written yet (a process that
        stopped between finishing a game and writing them)."""
        with self._begin() as db:
            rows = db.execute(
                select(GameRow.table_id, GameRow.number)
                .where(GameRow.status == "finished", GameRow.rated.is_(False))
                .limit(limit)
            )
            return [(row.table_id, row.number) for row in rows]

    def account_games(self, account_id: str, limit: int, offset: int = 0) -> list[AccountGame]:
        """An account's finished games, most recent first."""
        with self._begin() as db:
            rows = db.execute(
                select(AccountGameRow.__table__)
                .where(AccountGameRow.account_id == account_id)
                .order_by(AccountGameRow.finished_at.desc(), AccountGameRow.table_id.desc())
                .limit(limit)
                .offset(offset)
            )
            return [AccountGame(**row._mapping) for row in rows]

    def game_results(self, table_id: str, number: int) -> list[AccountGame]:
        """The accounts' results of one finished game, by seat."""
        with self._begin() as db:
            rows = db.execute(
                select(AccountGameRow.__table__)
                .where(AccountGameRow.table_id == table_id, AccountGameRow.game == number)
                .order_by(AccountGameRow.seat)
            )
            return [AccountGame(**row._mapping) for row in rows]

    def account_stats(self, account_id: str) -> list[EditionStats]:
        """An account's games, wins and rounds won, by edition."""
        with self._begin() as db:
            rows = db.execute(
                select(
                    AccountGameRow.edition,
                    func.count(),
                    func.sum(case((AccountGameRow.won, 1), else_=0)),
                    func.sum(AccountGameRow.rounds_won),
                )
                .where(AccountGameRow.account_id == account_id)
                .group_by(AccountGameRow.edition)
                .order_by(AccountGameRow.edition)
            )
            return [EditionStats(e, int(g), int(w or 0), int(r or 0)) for e, g, w, r in rows]

    def account_cards(self, account_id: str) -> list[CardCount]:
        """How often an account won a round and went out holding each card."""
        with self._begin() as db:
            rows = db.execute(
                select(AccountCardRow.__table__)
                .where(AccountCardRow.account_id == account_id)
                .order_by(AccountCardRow.card)
            )
            return [CardCount(**row._mapping) for row in rows]

    def account_ratings(self, account_id: str) -> list[RatingData]:
        """An account's ratings, one per family it played rated games in."""
        with self._begin() as db:
            rows = db.execute(
                select(RatingRow.__table__)
                .where(RatingRow.account_id == account_id)
                .order_by(RatingRow.family)
            )
            return [RatingData(**row._mapping) for row in rows]

    def leaderboard(
        self, family: str, min_games: int, limit: int, offset: int = 0
    ) -> list[tuple[str, RatingData]]:
        """The best ratings of a family (each with its account's name), best first,
        among the accounts with at least ``min_games`` rated games."""
        with self._begin() as db:
            rows = db.execute(
                select(AccountRow.name, RatingRow.__table__)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(RatingRow.family == family, RatingRow.games >= min_games)
                .order_by(RatingRow.ordinal.desc(), RatingRow.account_id)
                .limit(limit)
                .offset(offset)
            )
            return [(row.name, RatingData(*tuple(row)[1:])) for row in rows]


_SESSION_FIELDS = dataclasses.fields(SessionData)

#: What a change of a table may change in its row (the rest is fixed at creation).
_MOVING = (
    "status",
    "game_number",
    "awaiting",
    "version",
    "updated_at",
    "deadline",
    "host_hash",
    "standin_marks",
    "host_seat",
    "spectator_chat",
)

# Statements of the busiest path, built once (SQLAlchemy then reuses their compiled form).
_MOVE_TABLE = (
    update(TableRow)
    .where(TableRow.id == bindparam("t"), TableRow.version == bindparam("expected"))
    .values({key: bindparam(key) for key in _MOVING})
)
_UPDATE_SEAT = (
    update(SeatRow)
    .where(SeatRow.table_id == bindparam("t"), SeatRow.seat == bindparam("s"))
    .values({key: bindparam(key) for key in SeatData.__slots__ if key != "seat"})
)
_INSERT_ACTION = insert(ActionRow)


@dataclass
class _Batch:
    """The seats and actions of a batch of changes, written with one statement each."""

    seats: list[dict[str, Any]] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)

    def add(self, db: Connection, change: Commit) -> None:
        """Write the game's own rows of a change whose table moved, and keep its seats
        and actions."""
        table = change.table
        self.seats += [{"t": table.id, "s": s.seat, **_seat_values(s)} for s in change.seats]
        game = table.game_number
        # The game's own rows, rarer, are written at once: its actions come after them.
        if change.new_game is not None:
            db.execute(
                insert(GameRow).values(
                    table_id=table.id,
                    number=game,
                    edition=table.edition,
                    players=list(change.new_game),
                    status="playing",
                    created_at=table.updated_at,
                )
            )
        if change.rounds:
            db.execute(
                insert(RoundRow),
                [
                    {
                        "table_id": table.id,
                        "game": game,
                        "number": r.number,
                        "deck": list(r.deck),
                        "first": r.first,
                    }
                    for r in change.rounds
                ],
            )
        self.actions += [
            {
                "table_id": table.id,
                "game": game,
                "seq": a.seq,
                "round": a.round,
                "text": a.text,
                "created_at": table.updated_at,
            }
            for a in change.actions
        ]
        if change.record is not None:
            db.execute(
                update(GameRow)
                .where(GameRow.table_id == table.id, GameRow.number == game)
                .values(
                    status="finished",
                    record=change.record,
                    winners=list(change.winners),
                    finished_at=table.updated_at,
                    rated=not change.accounts_played,
                )
            )

    def write(self, db: Connection) -> None:
        """Write the seats and actions kept, in the order their changes were added."""
        if self.seats:
            db.execute(_UPDATE_SEAT, self.seats)
        if self.actions:
            db.execute(_INSERT_ACTION, self.actions)


#: The statements of a rating, built once (a game's end runs them all).
_CLAIM_GAME = (
    update(GameRow)
    .where(
        GameRow.table_id == bindparam("t"),
        GameRow.number == bindparam("n"),
        GameRow.status == "finished",
        GameRow.rated.is_(False),
    )
    .values(rated=True)
)
_FINISHED_GAME = select(GameRow.edition, GameRow.record, GameRow.finished_at).where(
    GameRow.table_id == bindparam("t"), GameRow.number == bindparam("n")
)
_SEAT_ACCOUNTS = (
    select(SeatRow.account_id).where(SeatRow.table_id == bindparam("t")).order_by(SeatRow.seat)
)
_RATINGS_OF = select(RatingRow.__table__).where(
    RatingRow.family == bindparam("f"), RatingRow.account_id.in_(bindparam("a", expanding=True))
)
_DELETE_RATING = delete(RatingRow).where(
    RatingRow.account_id == bindparam("ra"), RatingRow.family == bindparam("rf")
)
_CARDS_OF = select(AccountCardRow.__table__).where(
    AccountCardRow.account_id.in_(bindparam("a", expanding=True))
)
_UPDATE_CARD = (
    update(AccountCardRow)
    .where(AccountCardRow.account_id == bindparam("ca"), AccountCardRow.card == bindparam("cc"))
    .values(won=bindparam("w"), out=bindparam("o"))
)


def _rate_game(db: Connection, table_id: str, number: int, rate: Rater) -> bool:
    """Claim a finished game for rating and write what ``rate`` gives its accounts."""
    if db.execute(_CLAIM_GAME, {"t": table_id, "n": number}).rowcount != 1:
        return False
    row = db.execute(_FINISHED_GAME, {"t": table_id, "n": number}).one()
    accounts = tuple(db.scalars(_SEAT_ACCOUNTS, {"t": table_id}))
    players = sorted({account for account in accounts if account})
    if not players:
        return True
    game = FinishedGame(table_id, number, row.edition, row.finished_at, row.record, accounts)
    found = db.execute(_RATINGS_OF, {"f": family_of(row.edition), "a": players})
    ratings = {r.account_id: RatingData(**r._mapping) for r in found}
    results = rate(game, ratings)
    if results.games:
        db.execute(insert(AccountGameRow), [dataclasses.asdict(g) for g in results.games])
    if results.ratings:
        gone = [{"ra": r.account_id, "rf": r.family} for r in results.ratings]
        db.execute(_DELETE_RATING, gone)
        db.execute(insert(RatingRow), [dataclasses.asdict(r) for r in results.ratings])
    if results.cards:
        counted = {(c.account_id, c.card): c for c in db.execute(_CARDS_OF, {"a": players})}
        added = [c for c in results.cards if (c.account_id, c.card) not in counted]
        grown = [
            {"ca": c.account_id, "cc": c.card, "w": before.won + c.won, "o": before.out + c.out}
            for c in results.cards
            if (before := counted.get((c.account_id, c.card))) is not None
        ]
        if added:
            db.execute(insert(AccountCardRow), [dataclasses.asdict(c) for c in added])
        if grown:
            db.execute(_UPDATE_CARD, grown)
    return True


def _move_tables(db: Connection, changes: Sequence[Commit]) -> bool:
    """Move the tables of all the changes with one statement if each is still at the
    version its change was computed from; if one is not, move none."""
    with db.begin_nested() as savepoint:
        moved = db.execute(_MOVE_TABLE, [_move_values(change) for change in changes])
        if moved.rowcount == len(changes):
            return True
        savepoint.rollback()
    return False


def _move_table(db: Connection, change: Commit) -> bool:
    """Move the change's table if it is still at the version it was computed from."""
    return db.execute(_MOVE_TABLE, _move_values(change)).rowcount == 1


def _move_values(change: Commit) -> dict[str, Any]:
    """The parameters of _MOVE_TABLE for a change."""
    table = change.table
    return {
        "t": table.id,
        "expected": change.expected,
        **{key: getattr(table, key) for key in _MOVING},
    }


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL: readers never block the writer, and a commit survives a killed process.

    The driver's own transaction handling is turned off: :func:`_sqlite_begin` opens
    each transaction itself.
    """
    connection.isolation_level = None
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    """Writers take the write lock at once (waiting for it), so their snapshot is never
    stale; readers get one snapshot for the whole transaction."""
    write = connection.get_execution_options().get("write", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def _table(row: Any) -> TableData:
    """A table's row as the domain's record."""
    table = TableData(**{key: getattr(row, key) for key in TableData.__slots__})
    # Marks stored before they said why were a stand-in's ("bot").
    try:
        marks = tuple(
            (m[0], m[1], m[2], m[3] if len(m) > 3 else "bot") for m in row.standin_marks or ()
        )
    except (TypeError, IndexError, KeyError) as error:
        raise DamagedDataError(f"table {table.id}: damaged stand-in marks ({error})") from None
    return dataclasses.replace(table, standin_marks=marks)


def _listed(value: Any, what: str) -> tuple[Any, ...]:
    """A JSON list read from a row, as a tuple; DamagedDataError if it is no list."""
    if not isinstance(value, list):
        raise DamagedDataError(f"{what} is stored as {type(value).__name__}, not a list")
    return tuple(value)


def _seat(row: Any) -> SeatData:
    """A seat's row as the domain's record."""
    return SeatData(**{key: getattr(row, key) for key in SeatData.__slots__})


def _table_values(table: TableData) -> dict[str, Any]:
    return {key: getattr(table, key) for key in TableData.__slots__}


def _seat_values(seat: SeatData) -> dict[str, Any]:
    return {key: getattr(seat, key) for key in SeatData.__slots__}


#: The columns of a game as the history lists it (not its record, which may be large);
#: its JSON lists read as text, decoded row by row: one damaged row spoils no list.
_SUMMARY = [
    *(GameRow.__table__.c[key] for key in GameSummary.__slots__ if key not in _JSON_LISTS),
    *(cast(GameRow.__table__.c[key], Text).label(key) for key in _JSON_LISTS),
]


def _summary(row: Any) -> GameSummary:
    """A game's row as the history lists it (its lists as tuples; a damaged value as
    stored, for the service to leave the game out)."""
    fields = {key: getattr(row, key) for key in GameSummary.__slots__}
    for key in _JSON_LISTS:
        fields[key] = _tuple_if_list(_decoded(fields[key]))
    return GameSummary(**fields)


def database_where(url: str) -> str:
    """The database at ``url``, as a message names it (no password): "the database file
    x.db", "the database postgresql://..."."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return f"the database file {parsed.database or ':memory:'}"
    return f"the database {parsed.render_as_string(hide_password=True)}"


def _decoded(text: str | None) -> Any:
    """The value of a JSON column read as text; the text itself if it holds no JSON."""
    try:
        return None if text is None else json.loads(text)
    except json.JSONDecodeError:
        return text


def _tuple_if_list(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
