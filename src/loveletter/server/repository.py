"""Where tables and accounts are kept: the :class:`TableRepository` and
:class:`AccountRepository` interfaces and their implementations.

The service layer speaks only to this interface, in the domain's records
(``loveletter.tables.records``). :class:`~loveletter.storage.Repository` keeps the
tables in SQLite or PostgreSQL (the source of truth, shared between processes);
:class:`MemoryRepository` keeps them in this process's memory, for a server that
stores nothing and for tests of the service without a database.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..engine import Record
from ..storage import Repository
from ..tables import (
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
    NewAction,
    Rater,
    RatingData,
    RoundData,
    SeatData,
    SessionData,
    StoredTable,
    TableData,
    TableState,
)
from ..tables.results import family_of, former_player

#: The database "URL" of a server that keeps its tables in memory only.
MEMORY = "memory"


class TableRepository(Protocol):
    """Every read and write of the server's data, as plain records.

    The methods are synchronous: the service calls them from worker threads. A change
    is one :class:`~loveletter.tables.Commit`, written whole and only if the table is
    still at the version the change was computed from.
    """

    @property
    def single_writer(self) -> bool:
        """Whether writes queue for one lock anyway: one calling thread is enough."""

    def create_schema(self) -> None:
        """Prepare the store; refuse one made by another version of the schema."""

    def close(self) -> None:
        """Release every connection."""

    def create_table(self, table: TableData, seats: Sequence[SeatData]) -> None:
        """Store a new table and its seats."""

    def load_table(self, table_id: str) -> StoredTable | None:
        """A table with its seats and its current game's rounds, or None."""

    def token_hashes(self, table_id: str) -> list[str]:
        """The token hashes of a table's seats (a cheap read, whatever its history)."""

    def commit(self, change: Commit) -> bool:
        """Write one change whole; False if the table moved on meanwhile."""

    def commit_many(self, changes: Sequence[Commit]) -> list[bool]:
        """Write changes of different tables together, each whole and checked alone
        (False for one whose table moved on); all or none if the store fails."""

    def tables_in_play(self) -> list[str]:
        """The ids of every table with a game under way."""

    def stalled_tables(self, before: float) -> list[str]:
        """Tables waiting on a bot or the next round since before ``before``."""

    def absent_seats(self, now: float, *, offline_only: bool) -> list[tuple[str, int]]:
        """The seats a bot should stand in for at ``now``, as
        :meth:`~loveletter.tables.TableState.standin_due` says; ``offline_only`` leaves
        out the seats marked online (right when this is the only process: its clients'
        seats are then the ones online)."""

    def heartbeat(self, seats: Sequence[tuple[str, int]], now: float) -> None:
        """Mark seats as seen now (not a table change)."""

    def grant_grace(self, now: float, *, offline: bool) -> None:
        """Every human of a game under way has a full timeout to return; ``offline``
        also marks every seat offline."""

    def games(self, table_id: str) -> list[GameSummary]:
        """Every game of a table, oldest first."""

    def finished_games(self, limit: int, offset: int = 0) -> list[GameSummary]:
        """Finished games, most recent first."""

    def record(self, table_id: str, number: int) -> tuple[GameStatus, Record | None] | None:
        """A game's status and, once it is finished, its record; None if no such game."""

    def lobby(
        self,
        query: LobbyQuery,
        now: float,
        limit: int,
        offset: int = 0,
        *,
        oldest_first: bool = False,
    ) -> LobbyPage:
        """The public tables waiting for players at ``now`` that fit the query
        (:meth:`~loveletter.tables.TableState.waiting_in_lobby`), newest first (or
        oldest first), with their hosts' ratings."""

    def account_tables(self, account_id: str, limit: int) -> list[str]:
        """The tables not finished where the account holds a seat, latest change first."""

    def claim_turn_mail(
        self, table_id: str, account_id: str, turn: str, now: float, spacing: float
    ) -> bool:
        """Take the right to mail the account that it is its turn ``turn`` at the table:
        only once a turn, and ``spacing`` seconds after the last mail of that table."""

    def turn_mailed(self, table_id: str, account_id: str) -> tuple[str, float] | None:
        """The turn of the last mail to the account about the table, and when."""


class AccountRepository(Protocol):
    """Accounts and their sessions, as plain records (synchronous, like tables')."""

    def create_account(self, account: AccountData) -> bool:
        """Store a new account; False if its name's key is taken."""

    def account(self, account_id: str) -> AccountData | None:
        """An account by its id, or None."""

    def account_named(self, name_key: str) -> AccountData | None:
        """The account whose name has this key, or None."""

    def set_password(self, account_id: str, password_hash: str) -> None:
        """Change an account's password hash."""

    def delete_account(self, account_id: str) -> None:
        """Delete an account, its sessions, its games' results, ratings and cards; its
        finished games stay, its name in them replaced."""

    def create_session(self, session: SessionData) -> None:
        """Store a new session."""

    def session(self, id_hash: str, now: float) -> tuple[SessionData, AccountData] | None:
        """A session not ended at ``now`` and its account, or None."""

    def end_sessions(self, account_id: str, *, keep: str | None = None) -> None:
        """End an account's sessions (all but the one whose hash is ``keep``)."""

    def end_session(self, id_hash: str) -> None:
        """End one session (nothing if there is none)."""

    def set_email(self, account_id: str, email: str | None, *, verified: bool) -> None:
        """Change an account's address (None: none) and whether it is verified."""

    def set_turn_mail(self, account_id: str, on: bool) -> None:
        """Whether the account is mailed when it is its turn at a turn-based table."""

    def account_with_email(self, email: str) -> AccountData | None:
        """The account whose verified address this is, if any."""

    def create_mail_token(self, token: MailToken) -> None:
        """Store a link sent by mail."""

    def take_mail_token(self, token_hash: str, purpose: str, now: float) -> MailToken | None:
        """The link with this hash and purpose, not expired at ``now``, used up: None
        if there is none (any link of that purpose and account is used up with it)."""


class HistoryRepository(Protocol):
    """The accounts' finished games, ratings and cards (synchronous, like tables')."""

    def rate_game(self, table_id: str, number: int, rate: Rater) -> bool:
        """Write what a finished game gives its accounts, once: False if it was done
        already or the game is not finished."""

    def rate_games(self, games: Sequence[tuple[str, int]], rate: Rater) -> list[bool]:
        """Rate finished games together, each as :meth:`rate_game` would."""

    def unrated_games(self, limit: int) -> list[tuple[str, int]]:
        """Finished games whose accounts' results are not written yet."""

    def account_games(self, account_id: str, limit: int, offset: int = 0) -> list[AccountGame]:
        """An account's finished games, most recent first."""

    def game_results(self, table_id: str, number: int) -> list[AccountGame]:
        """The accounts' results of one finished game, by seat."""

    def account_stats(self, account_id: str) -> list[EditionStats]:
        """An account's games, wins and rounds won, by edition."""

    def account_cards(self, account_id: str) -> list[CardCount]:
        """How often an account won a round and went out holding each card."""

    def account_ratings(self, account_id: str) -> list[RatingData]:
        """An account's ratings, one per family it played rated games in."""

    def leaderboard(
        self, family: str, min_games: int, limit: int, offset: int = 0
    ) -> list[tuple[str, RatingData]]:
        """The best ratings of a family with their accounts' names, best first."""


class ServerRepository(TableRepository, AccountRepository, HistoryRepository, Protocol):
    """Everything the server keeps."""


@dataclass
class _Game:
    """One game of a table, as the memory holds it: as the history lists it, its
    rounds and actions, and its record once it is finished."""

    summary: GameSummary
    rounds: list[RoundData] = field(default_factory=list)
    actions: list[NewAction] = field(default_factory=list)
    record: Record | None = None
    rated: bool = False


class MemoryRepository:
    """The tables of one process, in its memory: nothing outlives the process.

    It keeps the same promises as the database (a commit at a stale version writes
    nothing; a read sees no half-written change) behind one lock.
    """

    single_writer = True

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tables: dict[str, TableData] = {}
        self._seats: dict[str, list[SeatData]] = {}
        self._games: dict[tuple[str, int], _Game] = {}
        self._accounts: dict[str, AccountData] = {}
        self._sessions: dict[str, SessionData] = {}
        self._account_games: list[AccountGame] = []
        self._ratings: dict[tuple[str, str], RatingData] = {}
        self._cards: dict[tuple[str, str], CardCount] = {}
        self._mail_tokens: dict[str, MailToken] = {}
        self._turn_mails: dict[tuple[str, str], tuple[str, float]] = {}

    def create_schema(self) -> None:
        """Nothing to prepare."""

    def close(self) -> None:
        """Nothing to release."""

    def create_table(self, table: TableData, seats: Sequence[SeatData]) -> None:
        """Keep a new table and its seats."""
        with self._lock:
            if table.id in self._tables:
                raise ValueError(f"there is already a table {table.id!r}")
            self._tables[table.id] = table
            self._seats[table.id] = list(seats)

    def load_table(self, table_id: str) -> StoredTable | None:
        """A table with its seats and its current game's rounds, or None."""
        with self._lock:
            table = self._tables.get(table_id)
            if table is None:
                return None
            seats = tuple(self._seats[table_id])
            game = self._games.get((table_id, table.game_number))
            if game is None:
                return StoredTable(table, seats)
            rounds = tuple(
                dataclasses.replace(
                    r, actions=tuple(a.text for a in game.actions if a.round == r.number)
                )
                for r in game.rounds
            )
            return StoredTable(table, seats, game.summary.players, rounds)

    def token_hashes(self, table_id: str) -> list[str]:
        """The token hashes of a table's seats."""
        with self._lock:
            return [s.token_hash for s in self._seats.get(table_id, ()) if s.token_hash]

    def commit_many(self, changes: Sequence[Commit]) -> list[bool]:
        """Apply changes of different tables, each checked alone."""
        return [self.commit(change) for change in changes]

    def commit(self, change: Commit) -> bool:
        """Apply one change whole; False if the table moved on meanwhile."""
        table = change.table
        with self._lock:
            current = self._tables.get(table.id)
            if current is None or current.version != change.expected:
                return False
            self._tables[table.id] = dataclasses.replace(
                current,
                status=table.status,
                game_number=table.game_number,
                awaiting=table.awaiting,
                version=table.version,
                updated_at=table.updated_at,
            )
            seats = self._seats[table.id]
            for seat in change.seats:
                seats[seat.seat] = seat
            key = (table.id, table.game_number)
            if change.new_game is not None:
                self._games[key] = _Game(
                    GameSummary(
                        table_id=table.id,
                        number=table.game_number,
                        edition=table.edition,
                        players=change.new_game,
                        status="playing",
                        winners=None,
                        created_at=table.updated_at,
                        finished_at=None,
                    )
                )
            if change.rounds or change.actions or change.record is not None:
                game = self._games[key]
                game.rounds.extend(change.rounds)
                game.actions.extend(change.actions)
                if change.record is not None:
                    game.record = change.record
                    game.rated = not change.accounts_played
                    game.summary = dataclasses.replace(
                        game.summary,
                        status="finished",
                        winners=change.winners,
                        finished_at=table.updated_at,
                    )
        return True

    def tables_in_play(self) -> list[str]:
        """The ids of every table with a game under way."""
        with self._lock:
            return [t.id for t in self._tables.values() if t.status == "playing"]

    def stalled_tables(self, before: float) -> list[str]:
        """Tables waiting on a bot or the next round since before ``before``."""
        with self._lock:
            return [
                t.id
                for t in self._tables.values()
                if t.status == "playing"
                and t.awaiting in ("bot", "round")
                and t.updated_at < before
            ]

    def absent_seats(self, now: float, *, offline_only: bool) -> list[tuple[str, int]]:
        """The seats a bot should stand in for at ``now`` (online ones too unless
        ``offline_only``)."""
        with self._lock:
            playing = [
                TableState(t, tuple(self._seats[t.id]))
                for t in self._tables.values()
                if t.status == "playing"
            ]
        return [
            (state.id, seat.seat)
            for state in playing
            for seat in state.seats
            if state.standin_due(seat.seat, now) and not (offline_only and seat.online)
        ]

    def heartbeat(self, seats: Sequence[tuple[str, int]], now: float) -> None:
        """Mark seats connected to this process as seen now (not a table change)."""
        with self._lock:
            for table_id, number in seats:
                row = self._seats.get(table_id)
                if row is not None and number < len(row):
                    row[number] = dataclasses.replace(row[number], seen_at=now)

    def grant_grace(self, now: float, *, offline: bool) -> None:
        """Every human of a game under way has a full timeout to return; ``offline``
        also marks every seat offline."""
        with self._lock:
            for table_id, seats in self._seats.items():
                playing = self._tables[table_id].status == "playing"
                for i, seat in enumerate(seats):
                    if playing and seat.kind == "human":
                        seat = dataclasses.replace(seat, seen_at=now)
                    if offline and seat.online:
                        seat = dataclasses.replace(seat, online=False)
                    seats[i] = seat

    def games(self, table_id: str) -> list[GameSummary]:
        """Every game of a table, oldest first."""
        with self._lock:
            return [game.summary for (t, _), game in sorted(self._games.items()) if t == table_id]

    def finished_games(self, limit: int, offset: int = 0) -> list[GameSummary]:
        """Finished games, most recent first."""
        with self._lock:
            finished = [
                (game.summary.finished_at or 0.0, key, game.summary)
                for key, game in self._games.items()
                if game.summary.status == "finished"
            ]
            finished.sort(key=lambda item: (-item[0], item[1]))
            return [summary for _, _, summary in finished[offset : offset + limit]]

    def record(self, table_id: str, number: int) -> tuple[GameStatus, Record | None] | None:
        """A game's status and, once it is finished, its record; None if no such game."""
        with self._lock:
            game = self._games.get((table_id, number))
            if game is None:
                return None
            return game.summary.status, game.record

    def lobby(
        self,
        query: LobbyQuery,
        now: float,
        limit: int,
        offset: int = 0,
        *,
        oldest_first: bool = False,
    ) -> LobbyPage:
        """The public tables waiting for players that fit the query, with their hosts'
        ratings."""
        with self._lock:
            states = [
                TableState(t, tuple(self._seats[t.id]))
                for t in self._tables.values()
                if t.public and t.status == "lobby"
            ]
            found = [
                state
                for state in states
                if state.waiting_in_lobby(now)
                and query.edition in (None, state.data.edition)
                and query.players in (None, len(state.seats))
                and query.turn_timer in (None, state.data.turn_timer)
            ]
            found.sort(
                key=lambda state: (state.data.created_at, state.id), reverse=not oldest_first
            )
            entries = tuple(
                LobbyEntry(state.data, state.seats, self._host_rating(state))
                for state in found[offset : offset + limit]
            )
        return LobbyPage(len(found), entries)

    def _host_rating(self, state: TableState) -> float | None:
        host = state.data.host_seat
        account = None if host is None else state.seats[host].account_id
        rating = self._ratings.get((account or "", family_of(state.data.edition)))
        return None if rating is None else rating.ordinal

    def account_tables(self, account_id: str, limit: int) -> list[str]:
        """The tables not finished where the account holds a seat, latest change first."""
        with self._lock:
            tables = [
                t
                for t in self._tables.values()
                if t.status != "finished"
                and any(s.account_id == account_id for s in self._seats[t.id])
            ]
        tables.sort(key=lambda t: (t.updated_at, t.id), reverse=True)
        return [t.id for t in tables[:limit]]

    def claim_turn_mail(
        self, table_id: str, account_id: str, turn: str, now: float, spacing: float
    ) -> bool:
        """Take the right to mail the account about this turn at the table."""
        with self._lock:
            last = self._turn_mails.get((table_id, account_id))
            if last is not None and (last[0] == turn or now < last[1] + spacing):
                return False
            self._turn_mails[table_id, account_id] = (turn, now)
            return True

    def turn_mailed(self, table_id: str, account_id: str) -> tuple[str, float] | None:
        """The turn of the last mail to the account about the table, and when."""
        with self._lock:
            return self._turn_mails.get((table_id, account_id))

    # ---------------------------------------------------------------- accounts

    def create_account(self, account: AccountData) -> bool:
        """Store a new account; False if its name's key is taken."""
        with self._lock:
            if self._named(account.name_key) is not None:
                return False
            self._accounts[account.id] = account
            return True

    def account(self, account_id: str) -> AccountData | None:
        """An account by its id, or None."""
        with self._lock:
            return self._accounts.get(account_id)

    def account_named(self, name_key: str) -> AccountData | None:
        """The account whose name has this key, or None."""
        with self._lock:
            return self._named(name_key)

    def _named(self, name_key: str) -> AccountData | None:
        return next((a for a in self._accounts.values() if a.name_key == name_key), None)

    def set_password(self, account_id: str, password_hash: str) -> None:
        """Change an account's password hash."""
        with self._lock:
            account = self._accounts.get(account_id)
            if account is not None:
                self._accounts[account_id] = dataclasses.replace(
                    account, password_hash=password_hash
                )

    def delete_account(self, account_id: str) -> None:
        """Delete an account, its sessions, its games' results, ratings and cards; its
        finished games stay, its name in them replaced."""
        with self._lock:
            self._accounts.pop(account_id, None)
            self._end(account_id, keep=None)
            for played in [g for g in self._account_games if g.account_id == account_id]:
                game = self._games[played.table_id, played.game]
                players = list(game.summary.players)
                players[played.seat] = former_player(played.seat)
                game.summary = dataclasses.replace(game.summary, players=tuple(players))
                if game.record is not None:
                    game.record = {**game.record, "players": players}
            self._account_games = [g for g in self._account_games if g.account_id != account_id]
            for token in [k for k, t in self._mail_tokens.items() if t.account_id == account_id]:
                del self._mail_tokens[token]
            for kept in (self._ratings, self._cards):
                for key in [key for key in kept if key[0] == account_id]:
                    del kept[key]
            for mailed in [key for key in self._turn_mails if key[1] == account_id]:
                del self._turn_mails[mailed]

    def create_session(self, session: SessionData) -> None:
        """Store a new session."""
        with self._lock:
            self._sessions[session.id_hash] = session

    def session(self, id_hash: str, now: float) -> tuple[SessionData, AccountData] | None:
        """A session not ended at ``now`` and its account, or None."""
        with self._lock:
            session = self._sessions.get(id_hash)
            if session is None or session.expires_at <= now:
                return None
            account = self._accounts.get(session.account_id)
            return None if account is None else (session, account)

    def end_sessions(self, account_id: str, *, keep: str | None = None) -> None:
        """End an account's sessions (all but the one whose hash is ``keep``)."""
        with self._lock:
            self._end(account_id, keep=keep)

    def _end(self, account_id: str, *, keep: str | None) -> None:
        for id_hash, session in list(self._sessions.items()):
            if session.account_id == account_id and id_hash != keep:
                del self._sessions[id_hash]

    def end_session(self, id_hash: str) -> None:
        """End one session (nothing if there is none)."""
        with self._lock:
            self._sessions.pop(id_hash, None)

    def set_email(self, account_id: str, email: str | None, *, verified: bool) -> None:
        """Change an account's address and whether it is verified."""
        with self._lock:
            account = self._accounts.get(account_id)
            if account is not None:
                self._accounts[account_id] = dataclasses.replace(
                    account, email=email, email_verified=verified
                )

    def set_turn_mail(self, account_id: str, on: bool) -> None:
        """Whether the account is mailed when it is its turn at a turn-based table."""
        with self._lock:
            account = self._accounts.get(account_id)
            if account is not None:
                self._accounts[account_id] = dataclasses.replace(account, turn_mail=on)

    def account_with_email(self, email: str) -> AccountData | None:
        """The account whose verified address this is, if any."""
        with self._lock:
            return next(
                (a for a in self._accounts.values() if a.email == email and a.email_verified),
                None,
            )

    def create_mail_token(self, token: MailToken) -> None:
        """Store a link sent by mail."""
        with self._lock:
            self._mail_tokens[token.token_hash] = token

    def take_mail_token(self, token_hash: str, purpose: str, now: float) -> MailToken | None:
        """The link with this hash and purpose, not expired, used up with its kin."""
        with self._lock:
            token = self._mail_tokens.get(token_hash)
            if token is None or token.purpose != purpose or token.expires_at <= now:
                return None
            for key, other in list(self._mail_tokens.items()):
                if (other.account_id, other.purpose) == (token.account_id, purpose):
                    del self._mail_tokens[key]
            return token if token.account_id in self._accounts else None

    # ---------------------------------------------------------------- history, ratings

    def rate_game(self, table_id: str, number: int, rate: Rater) -> bool:
        """Write what a finished game gives its accounts, once."""
        with self._lock:
            game = self._games.get((table_id, number))
            if game is None or game.rated or game.record is None:
                return False
            game.rated = True
            accounts = tuple(seat.account_id for seat in self._seats[table_id])
            if not any(accounts):
                return True
            summary = game.summary
            finished = FinishedGame(
                table_id, number, summary.edition, summary.finished_at or 0.0, game.record, accounts
            )
            family = family_of(summary.edition)
            ratings = {
                account: found
                for account in accounts
                if account is not None and (found := self._ratings.get((account, family)))
            }
            results = rate(finished, ratings)
            self._account_games.extend(results.games)
            for rating in results.ratings:
                self._ratings[rating.account_id, rating.family] = rating
            for count in results.cards:
                key = (count.account_id, count.card)
                before = self._cards.get(key)
                if before is not None:
                    count = dataclasses.replace(
                        count, won=before.won + count.won, out=before.out + count.out
                    )
                self._cards[key] = count
            return True

    def rate_games(self, games: Sequence[tuple[str, int]], rate: Rater) -> list[bool]:
        """Rate finished games together, each as :meth:`rate_game` would."""
        return [self.rate_game(table_id, number, rate) for table_id, number in games]

    def unrated_games(self, limit: int) -> list[tuple[str, int]]:
        """Finished games whose accounts' results are not written yet."""
        with self._lock:
            found = [key for key, game in self._games.items() if game.record and not game.rated]
            return found[:limit]

    def account_games(self, account_id: str, limit: int, offset: int = 0) -> list[AccountGame]:
        """An account's finished games, most recent first."""
        with self._lock:
            games = [g for g in self._account_games if g.account_id == account_id]
        games.sort(key=lambda g: (g.finished_at, g.table_id), reverse=True)
        return games[offset : offset + limit]

    def game_results(self, table_id: str, number: int) -> list[AccountGame]:
        """The accounts' results of one finished game, by seat."""
        with self._lock:
            found = [g for g in self._account_games if (g.table_id, g.game) == (table_id, number)]
        return sorted(found, key=lambda g: g.seat)

    def account_stats(self, account_id: str) -> list[EditionStats]:
        """An account's games, wins and rounds won, by edition."""
        with self._lock:
            games = [g for g in self._account_games if g.account_id == account_id]
        editions = sorted({g.edition for g in games})
        return [
            EditionStats(
                edition,
                sum(g.edition == edition for g in games),
                sum(g.edition == edition and g.won for g in games),
                sum(g.rounds_won for g in games if g.edition == edition),
            )
            for edition in editions
        ]

    def account_cards(self, account_id: str) -> list[CardCount]:
        """How often an account won a round and went out holding each card."""
        with self._lock:
            return sorted(
                (c for (owner, _), c in self._cards.items() if owner == account_id),
                key=lambda c: c.card,
            )

    def account_ratings(self, account_id: str) -> list[RatingData]:
        """An account's ratings, one per family it played rated games in."""
        with self._lock:
            return sorted(
                (r for (owner, _), r in self._ratings.items() if owner == account_id),
                key=lambda r: r.family,
            )

    def leaderboard(
        self, family: str, min_games: int, limit: int, offset: int = 0
    ) -> list[tuple[str, RatingData]]:
        """The best ratings of a family with their accounts' names, best first."""
        with self._lock:
            board = [
                (self._accounts[r.account_id].name, r)
                for (_, kind), r in self._ratings.items()
                if kind == family and r.games >= min_games and r.account_id in self._accounts
            ]
        board.sort(key=lambda entry: (-entry[1].ordinal, entry[1].account_id))
        return board[offset : offset + limit]


def prepare_store(db_url: str) -> None:
    """Open the database and create its schema now, so that a damaged, foreign or
    unreachable one stops a start in one line (StorageError); then let it go."""
    if db_url == MEMORY:
        return
    repository = Repository(db_url)
    try:
        repository.create_schema()
    finally:
        repository.close()


def make_repository(db_url: str) -> ServerRepository:
    """The memory for ``memory``, else the database at this SQLAlchemy URL."""
    return MemoryRepository() if db_url == MEMORY else Repository(db_url)
