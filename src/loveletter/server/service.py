"""The service layer: applies commands to tables, commits them, then announces them.

Every command runs under its table's lock (one process) and commits only if the
table row is still at the version it was computed from (several processes); on a
conflict the table is reloaded from the repository and the command tried again on
the fresh state. The cache of states is only a copy of what is committed: a failed or
interrupted commit drops the table from it. It keeps every table a client of this
process watches, and at most ``max_idle`` others (the least recently used are
dropped, to be reloaded on demand). Changes are published to the hub after the
commit, never before.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import ParamSpec, TypeVar

from .. import tables
from ..bots.hints import Hint, hint
from ..engine import Record, load_record
from ..tables import (
    Commit,
    ConflictError,
    DamagedDataError,
    ForbiddenError,
    GameSummary,
    LobbyPage,
    LobbyQuery,
    NotFoundError,
    StaleError,
    StorageError,
    StoredTable,
    TableSpec,
    TableState,
)
from ..tables.stored import check_stored, check_summary
from .clock import Clock, SystemClock
from .group_commit import GroupCommit
from .hub import Hub
from .messages import encode
from .ratings import results_of
from .replay import ReplayTexts, replay_steps
from .repository import ServerRepository
from .tokens import (
    hash_token,
    new_table_id,
    new_token,
    same_hash,
    same_token,
    unpredictable_rng,
)

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")
Command = Callable[[TableState, float], TableState | None]

_RETRIES = 5


@dataclass(slots=True)
class _Held:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


class KeyedLocks:
    """An ``asyncio.Lock`` per key, kept only while a task holds or awaits it: asking
    for any number of unknown tables leaves nothing behind."""

    def __init__(self) -> None:
        self._held: dict[str, _Held] = {}

    def __len__(self) -> int:
        return len(self._held)

    def busy(self, key: str) -> bool:
        """Whether a task holds (or awaits) the lock of ``key``."""
        return key in self._held

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        """Hold the lock of ``key``."""
        held = self._held.get(key)
        if held is None:
            held = self._held[key] = _Held()
        held.users += 1
        try:
            async with held.lock:
                yield
        finally:
            held.users -= 1
            if not held.users:
                del self._held[key]


#: A seated client: its seat and the hash of its token.
Sitter = tuple[int, str]


def _holds(state: TableState, sitter: Sitter) -> bool:
    """Whether this seat is still held by this token."""
    seat, token_hash = sitter
    held = state.seats[seat].token_hash if 0 <= seat < len(state.seats) else None
    return held is not None and same_hash(held, token_hash)


def _check_seated(state: TableState, seat: int, token_hash: str | None) -> None:
    """ForbiddenError if the token given no longer holds the seat (its player was
    removed); no token given, no check."""
    if token_hash is not None and not _holds(state, (seat, token_hash)):
        raise ForbiddenError("this seat is no longer yours", "removed")


def _check_host(state: TableState, host_token: str | None, by: Sitter | None) -> None:
    """ForbiddenError unless the host gives the command: with the host token, or from
    the connection of the host's seat."""
    if host_token is not None and same_token(host_token, state.data.host_hash):
        return
    if by is None or by[0] != state.data.host_seat or not _holds(state, by):
        raise ForbiddenError("only the host may do this: wrong host token", "not_host")


#: The tables a quick match tries before it opens one.
MATCH_CANDIDATES = 20

#: The most tables a player's list of games shows.
ACCOUNT_TABLES = 100


@dataclass(frozen=True, slots=True)
class Matched:
    """Where a quick match seated the player: the table, the seat and its token, and
    the host token when the match opened the table."""

    table: str
    seat: int
    token: str
    host_token: str | None


#: The replays kept encoded, in characters (about 1.2 million for a game of 200
#: rounds of two players).
REPLAY_CHARS = 16_000_000


def _sound_games(games: list[GameSummary]) -> list[GameSummary]:
    """The games whose stored rows are sound; each damaged one told in one line."""
    sound = []
    for game in games:
        try:
            check_summary(game)
        except (ValueError, TypeError) as error:
            log.error(
                "game %s of table %s left out: damaged: %s", game.number, game.table_id, error
            )
            continue
        sound.append(game)
    return sound


def _replay_text(record: Record, lang: str, table_id: str, number: int) -> str:
    """The replay of a stored record as JSON text; DamagedDataError if it does not replay."""
    try:
        load_record(record)  # checked whole first: replay_steps trusts it
        replay = replay_steps(record, lang)
    except (ValueError, TypeError, KeyError, IndexError) as error:  # RecordError too
        raise DamagedDataError.of(f"game {number} of table {table_id}", error) from error
    replay["table"] = table_id
    replay["game"] = number
    return encode(replay)


class TableService:
    """The commands of the game server, over a repository and a hub."""

    def __init__(
        self,
        repository: ServerRepository,
        hub: Hub,
        *,
        max_idle: int = 1000,
        clock: Clock | None = None,
    ) -> None:
        self.repository = repository
        self.hub = hub
        self.clock: Clock = clock or SystemClock()
        self.on_commit: list[Callable[[TableState], None]] = []
        self.max_idle = max_idle
        self._cache: dict[str, TableState] = {}
        self._watched: set[str] = set()
        self._idle: OrderedDict[str, None] = OrderedDict()  # cached, unwatched: oldest first
        #: Tables whose stored rows could not be rebuilt: the sweep leaves them alone.
        self.damaged: set[str] = set()
        self.locks = KeyedLocks()
        self._replays = ReplayTexts(REPLAY_CHARS)
        workers = 1 if repository.single_writer else 8
        self._db_threads = ThreadPoolExecutor(workers, thread_name_prefix="loveletter-db")
        self._commits: GroupCommit[Commit] = GroupCommit(
            lambda changes: self._db(self.repository.commit_many, changes),
            lambda change: self._db(self.repository.commit, change),
        )
        # Games that end together are rated in one transaction too.
        self._ratings: GroupCommit[tuple[str, int]] = GroupCommit(
            lambda games: self._db(self.repository.rate_games, games, results_of),
            lambda game: self._db(self.repository.rate_game, *game, results_of),
        )

    async def _db(self, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """Run a repository call in a database thread, off the event loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db_threads, lambda: function(*args, **kwargs))

    async def rate(self, table_id: str, number: int) -> None:
        """Write what a finished game gives its accounts (their results, ratings and
        cards), once whichever process asks, with the games that end meanwhile; a
        failure is logged, and the sweep (:meth:`rate_pending`) tries again."""
        try:
            await self._ratings.commit((table_id, number))
        except StorageError as error:
            log.error("could not rate game %s of table %s: %s", number, table_id, error)
        except (ValueError, TypeError, KeyError, IndexError) as error:  # its stored record
            damaged = DamagedDataError.of(f"game {number} of table {table_id}", error)
            log.error("could not rate it: %s", damaged)
        except Exception:
            log.exception("could not rate game %s of table %s", number, table_id)

    async def rate_pending(self, limit: int = 20) -> None:
        """Rate the finished games left unrated (by a process that stopped)."""
        for table_id, number in await self._db(self.repository.unrated_games, limit):
            await self.rate(table_id, number)

    async def open(self, *, only_process: bool) -> list[TableState]:
        """Create the schema, then rebuild every game under way by replay."""
        await self._db(self.repository.create_schema)
        await self._db(self.repository.grant_grace, self.clock.now(), offline=only_process)
        states = []
        for table_id in await self._db(self.repository.tables_in_play):
            try:
                states.append(await self.get(table_id))
            except StorageError as error:  # one damaged table must not keep the others down
                log.error("table %s could not be rebuilt: %s", table_id, error)
            except Exception:  # nor a bug
                log.exception("table %s could not be rebuilt", table_id)
        return states

    def close(self) -> None:
        """Release the database threads and connections."""
        self._db_threads.shutdown(wait=True)
        self.repository.close()

    # ------------------------------------------------------------------ reading

    @property
    def held(self) -> int:
        """How many tables this process holds in memory."""
        return len(self._cache)

    def cached(self, table_id: str) -> TableState | None:
        """The committed state of a table, if this process holds it."""
        return self._cache.get(table_id)

    async def get(self, table_id: str) -> TableState:
        """A table's committed state; NotFoundError if there is no such table."""
        state = self._cache.get(table_id)
        if state is None:
            async with self.locks.hold(table_id):
                state = await self._load(table_id)
        return state

    async def refresh(self, table_id: str, version: int) -> TableState | None:
        """The table at ``version`` or later, reloaded if this process is behind."""
        async with self.locks.hold(table_id):
            state = self._cache.get(table_id)
            if state is not None and state.version >= version:
                return state
            self._cache.pop(table_id, None)
            try:
                return await self._load(table_id)
            except NotFoundError:
                return None

    async def seat_of(self, state: TableState, token_hash: str) -> int | None:
        """The seat holding this token hash at the table, if any. A token unknown here
        may hold a seat taken through another process: the table's token hashes are
        read then (a cheap read), and the table reloaded only for a token found there,
        so a wrong token costs the same whatever the table's history."""
        seat = state.seat_of(token_hash)
        if seat is not None or self.hub.only_process:
            return seat
        stored = await self._db(self.repository.token_hashes, state.id)
        if not any(hmac.compare_digest(found, token_hash) for found in stored):
            return None
        fresh = await self.refresh(state.id, state.version + 1)
        return fresh.seat_of(token_hash) if fresh is not None else None

    async def claim(self, table_id: str, token: str, account_id: str) -> int:
        """Make the seat this token holds the account's; returns the seat."""
        token_hash = hash_token(token)
        claimed: list[int] = []

        def command(state: TableState, now: float) -> TableState:
            seat = state.seat_of(token_hash)
            if seat is None:
                raise ForbiddenError("this token holds no seat at this table", "bad_token")
            claimed.append(seat)
            return tables.claim(state, seat, account_id)

        await self._change(table_id, command)
        return claimed[-1]

    async def seat_of_account(self, state: TableState, account_id: str) -> tuple[int, str] | None:
        """The seat of this account at the table and its token hash, if it has one (a
        seat taken through another process is found by reloading the table)."""
        found = state.seat_of_account(account_id)
        if found is None and not self.hub.only_process:
            fresh = await self.refresh(state.id, state.version + 1)
            found = fresh.seat_of_account(account_id) if fresh is not None else None
        if found is None or found.token_hash is None:
            return None
        return found.seat, found.token_hash

    def watch(self, table_id: str) -> None:
        """A client of this process watches the table: keep it cached."""
        self._watched.add(table_id)
        self._idle.pop(table_id, None)

    def _keep(self, state: TableState) -> None:
        """Cache a committed state; drop the least recently used unwatched tables
        beyond ``max_idle``."""
        self._cache[state.id] = state
        if state.id in self._watched:
            return
        self._idle[state.id] = None
        self._idle.move_to_end(state.id)
        while len(self._idle) > self.max_idle:
            oldest, _ = self._idle.popitem(last=False)
            if not self.locks.busy(oldest):  # (a busy one is kept again when it is done)
                self._cache.pop(oldest, None)

    def drop_idle(self) -> None:
        """Notices may have been lost: drop the tables no local client watches (they are
        reloaded on demand)."""
        for table_id in list(self._idle):
            if not self.locks.busy(table_id):
                del self._idle[table_id]
                self._cache.pop(table_id, None)

    def drop_if_behind(self, table_id: str, version: int) -> None:
        """Another process moved a table no local client watches: reload it when needed."""
        state = self._cache.get(table_id)
        if state is not None and state.version < version and not self.locks.busy(table_id):
            del self._cache[table_id]

    def forget(self, table_id: str) -> None:
        """No local client watches the table any more: count it among the idle ones
        (a finished game's table too: one spectator after another must not make it be
        rebuilt each time)."""
        self._watched.discard(table_id)
        state = self._cache.get(table_id)
        if state is not None:
            self._keep(state)

    async def _load(self, table_id: str) -> TableState:
        state = self._cache.get(table_id)
        if state is None:
            try:
                stored = await self._db(self.repository.load_table, table_id)
                if stored is None:
                    raise NotFoundError(f"there is no table {table_id!r}")
                state = tables.rebuild(stored, unpredictable_rng())
            except DamagedDataError:
                self.damaged.add(table_id)
                raise
            self.damaged.discard(table_id)
            self._keep(state)
        return state

    # ----------------------------------------------------------------- changing

    async def _change(self, table_id: str, command: Command) -> TableState:
        """Apply a command under the table's lock, commit it, then announce it."""
        async with self.locks.hold(table_id):
            for _ in range(_RETRIES):
                old = await self._load(table_id)
                now = self.clock.now()
                new = command(old, now)
                if new is None:
                    return old
                state, commit = tables.settle(old, new, now)
                try:
                    committed = await self._commits.commit(commit)
                except BaseException:
                    self._cache.pop(table_id, None)  # unknown outcome: reload next time
                    raise
                if committed:
                    self._keep(state)
                    for listener in self.on_commit:  # in commit order, under the lock
                        listener(state)
                    break
                self._cache.pop(table_id, None)  # another process moved on: retry on it
            else:
                raise ConflictError("the table is too busy; try again", "busy")
        if commit.accounts_played:
            # Before anyone is told: the game's end shows the ratings it changed.
            await self.rate(table_id, state.data.game_number)
        await self.hub.publish(table_id, state.version)
        return state

    async def create(self, spec: TableSpec) -> tuple[TableState, str]:
        """A new table in the lobby, and the host's token."""
        host_token = new_token()
        state = tables.new_table(spec, new_table_id(), hash_token(host_token), self.clock.now())
        await self._db(self.repository.create_table, state.data, state.seats)
        self._keep(state)
        return state, host_token

    async def join(
        self,
        table_id: str,
        name: str,
        seat: int | None,
        host_token: str | None = None,
        account_id: str | None = None,
    ) -> tuple[int, str]:
        """Take a free seat (the host's, with the host token; the account's, signed in);
        returns the seat and its secret token."""
        token = new_token()
        token_hash = hash_token(token)

        def command(state: TableState, now: float) -> TableState:
            host = host_token is not None and same_token(host_token, state.data.host_hash)
            return tables.join(state, name, seat, token_hash, now, host=host, account_id=account_id)

        state = await self._change(table_id, command)
        taken = state.seat_of(token_hash)
        assert taken is not None
        return taken, token

    async def lobby(self, query: LobbyQuery, limit: int, offset: int = 0) -> LobbyPage:
        """The public tables waiting for players that fit the query, newest first (a
        damaged one left out)."""
        page = await self._db(self.repository.lobby, query, self.clock.now(), limit, offset)
        return self._sound(page)

    def _sound(self, page: LobbyPage) -> LobbyPage:
        """The page without the tables whose stored rows are damaged (each told once)."""
        entries = []
        for entry in page.entries:
            try:
                check_stored(StoredTable(entry.table, entry.seats))
            except (ValueError, TypeError) as error:
                if entry.table.id not in self.damaged:
                    self.damaged.add(entry.table.id)
                    log.error("table %s left out of the lobby: damaged: %s", entry.table.id, error)
                continue
            entries.append(entry)
        dropped = len(page.entries) - len(entries)
        return LobbyPage(page.total - dropped, tuple(entries))

    async def quick_match(self, spec: TableSpec, name: str, account_id: str | None) -> Matched:
        """Sit at the public table waiting longest that fits ``spec`` (its edition, its
        number of seats, its turn timer; its language first), or else open one whose
        host the player is."""
        query = LobbyQuery(spec.edition, len(spec.seats), spec.turn_timer)
        now = self.clock.now()
        page = await self._db(
            self.repository.lobby, query, now, MATCH_CANDIDATES, 0, oldest_first=True
        )
        page = self._sound(page)
        candidates = sorted(page.entries, key=lambda entry: entry.table.lang != spec.lang)
        for entry in candidates:
            if account_id is not None and any(s.account_id == account_id for s in entry.seats):
                continue
            try:
                seat, token = await self.join(entry.table.id, name, None, None, account_id)
            except ConflictError:  # taken meanwhile, started, or a name alike: the next
                continue
            return Matched(entry.table.id, seat, token, None)
        state, host_token = await self.create(spec)
        seat, token = await self.join(state.id, name, None, host_token, account_id)
        return Matched(state.id, seat, token, host_token)

    async def account_tables(self, account_id: str) -> list[TableState]:
        """The tables not finished where the account holds a seat, latest change first."""
        found = await self._db(self.repository.account_tables, account_id, ACCOUNT_TABLES)
        states = []
        for table_id in found:
            try:
                states.append(await self.get(table_id))
            except NotFoundError:  # deleted meanwhile
                continue
            except DamagedDataError as error:  # told, and left out: the others are listed
                log.error("table %s left out of an account's tables: %s", table_id, error)
        return states

    async def start(
        self,
        table_id: str,
        host_token: str | None,
        *,
        rematch: bool,
        lang: str = "en",
        by: Sitter | None = None,
    ) -> TableState:
        """The host starts the game (bots named in ``lang``), or a rematch once it is
        over; so may any seated player ``by`` once the host counts as gone
        (:meth:`~loveletter.tables.TableState.host_gone`)."""

        def command(state: TableState, now: float) -> TableState:
            if not (by is not None and _holds(state, by) and state.host_gone(now)):
                _check_host(state, host_token, by)
            return tables.start(state, unpredictable_rng(), now, rematch=rematch, lang=lang)

        return await self._change(table_id, command)

    async def remove(
        self, table_id: str, host_token: str | None, seat: int, by: Sitter | None = None
    ) -> TableState:
        """The host removes a seat's player (a bot takes the seat in a game)."""

        def command(state: TableState, now: float) -> TableState:
            _check_host(state, host_token, by)
            return tables.remove(state, seat, now)

        return await self._change(table_id, command)

    async def hand_host(
        self, table_id: str, host_token: str | None, seat: int, by: Sitter | None = None
    ) -> TableState:
        """The host hands the host's role to another player."""

        def command(state: TableState, now: float) -> TableState:
            _check_host(state, host_token, by)
            return tables.hand_host(state, seat)

        return await self._change(table_id, command)

    async def chat_policy(
        self, table_id: str, host_token: str | None, spectators: bool, by: Sitter | None = None
    ) -> TableState:
        """The host lets spectators write in the table's chat, or not."""

        def command(state: TableState, now: float) -> TableState | None:
            _check_host(state, host_token, by)
            return tables.chat_policy(state, spectators)

        return await self._change(table_id, command)

    async def act(
        self,
        table_id: str,
        seat: int,
        text: str,
        position: Mapping[str, int],
        token_hash: str | None = None,
    ) -> TableState:
        """A seated player's decision, in notation, for the game at ``position``: a
        duplicate, or the loser of a race (retried on the fresh state), is refused. Their
        seat is checked against their token's hash when given: a removed player's
        connection acts no more."""

        def command(state: TableState, now: float) -> TableState:
            _check_seated(state, seat, token_hash)
            return tables.act(state, seat, text, at=position)

        return await self._change(table_id, command)

    async def hint(self, table_id: str, seat: int, token_hash: str | None = None) -> Hint:
        """What the expert would play from ``seat``'s view (the table must allow hints
        and it must be that seat's turn; the seat checked against the token's hash when
        given, as for an action), computed off the event loop."""
        state = await self.get(table_id)
        _check_seated(state, seat, token_hash)
        view = tables.hint_view(state, seat)
        return await asyncio.to_thread(hint, view)

    async def bot_act(self, table_id: str, version: int, seat: int, text: str) -> TableState:
        """A bot's decision for the state at ``version``; StaleError if the table moved on."""

        def command(state: TableState, now: float) -> TableState:
            if state.version != version or state.bot_to_move() is None:
                raise StaleError("the table moved on")
            return tables.act(state, seat, text, by="bot")

        return await self._change(table_id, command)

    async def timeout_act(self, table_id: str, version: int, seat: int, text: str) -> TableState:
        """The stand-in's decision for a human whose turn timer ran out at ``version``;
        StaleError if the table moved on (the player decided in time)."""

        def command(state: TableState, now: float) -> TableState:
            due = state.timer_due()
            if state.version != version or due is None or due[0] != seat:
                raise StaleError("the table moved on")
            return tables.act(state, seat, text, by="out")

        return await self._change(table_id, command)

    async def back(self, table_id: str, seat: int, token_hash: str) -> TableState:
        """A player marked away (their timer ran out too often) plays again themselves."""

        def command(state: TableState, now: float) -> TableState | None:
            _check_seated(state, seat, token_hash)
            return tables.back(state, seat)

        return await self._change(table_id, command)

    async def deal(self, table_id: str, version: int) -> TableState:
        """Deal the next round of the state at ``version``; StaleError if the table moved on."""

        def command(state: TableState, now: float) -> TableState:
            if state.version != version:
                raise StaleError("the table moved on")
            return tables.next_round(state)

        return await self._change(table_id, command)

    async def presence(self, table_id: str, seat: int, *, online: bool) -> TableState:
        """A seat's player connected (taking the seat back from a bot) or left."""
        return await self._change(
            table_id, lambda state, now: tables.presence(state, seat, online=online, now=now)
        )

    async def stand_in(self, table_id: str, seat: int) -> TableState:
        """Let a bot play for a player gone (:meth:`~loveletter.tables.TableState.standin_due`)."""
        return await self._change(table_id, lambda state, now: tables.stand_in(state, seat, now))

    # ----------------------------------------------------------------- sweeping

    async def heartbeat(self, seats: list[tuple[str, int]]) -> None:
        """Seats with a connection to this process are present."""
        await self._db(self.repository.heartbeat, seats, self.clock.now())

    async def absent_seats(self) -> list[tuple[str, int]]:
        """Seats a bot should stand in for now
        (:meth:`~loveletter.tables.TableState.standin_due`).

        With other processes, a seat marked online may be held by one that died, so
        every seat unseen for too long is listed (each process's heartbeats keep its
        own seats seen); alone, this process knows that a seat online is held here.
        """
        return await self._db(
            self.repository.absent_seats, self.clock.now(), offline_only=self.hub.only_process
        )

    async def stalled_tables(self, idle: float) -> list[str]:
        """Tables waiting on a bot or a deal for more than ``idle`` seconds."""
        return await self._db(self.repository.stalled_tables, self.clock.now() - idle)

    # ------------------------------------------------------------------ history

    async def games(self, table_id: str) -> list[GameSummary]:
        """A table's games; NotFoundError for an unknown table."""
        await self.get(table_id)
        return _sound_games(await self._db(self.repository.games, table_id))

    async def finished_games(self, limit: int, offset: int) -> list[GameSummary]:
        """The most recently finished games (a damaged one left out)."""
        return _sound_games(await self._db(self.repository.finished_games, limit, offset))

    async def replay(self, table_id: str, number: int, lang: str) -> str:
        """A finished game step by step (every hand shown: R52), as JSON text; never an
        unfinished one."""
        key = (table_id, number, lang)
        text = self._replays.get(key)
        if text is None:
            record = await self.record(table_id, number)
            text = await asyncio.to_thread(_replay_text, record, lang, table_id, number)
            self._replays.put(key, text)
        return text

    async def record(self, table_id: str, number: int) -> Record:
        """A finished game's record; an unfinished game's is never given (it holds decks).
        NotFoundError: ``unknown_table``, or ``unknown_game`` at a table that exists."""
        found = await self._db(self.repository.record, table_id, number)
        if found is None:
            await self.get(table_id)  # an unknown table says so
            raise NotFoundError(f"table {table_id!r} has no game {number}", "unknown_game")
        if found[1] is None:
            raise ConflictError(
                f"game {number} is not finished: its record would reveal the deck",
                "not_finished",
            )
        return found[1]
