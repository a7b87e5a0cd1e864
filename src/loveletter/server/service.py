"""The service layer: applies commands to tables, commits them, then announces them.

Every command runs under its table's lock (one process) and commits only if the
table row is still at the version it was computed from (several processes); on a
conflict the table is reloaded from the repository and the command tried again on
the fresh state. The cache of states is only a copy of what is committed: a failed or
interrupted commit drops the table from it. Changes are published to the hub after
the commit, never before.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import ParamSpec, TypeVar

from .. import tables
from ..engine import Record
from ..tables import (
    ConflictError,
    ForbiddenError,
    GameSummary,
    NotFoundError,
    StaleError,
    TableSpec,
    TableState,
)
from .hub import Hub
from .replay import Replay, replay_steps
from .repository import TableRepository
from .tokens import hash_token, new_table_id, new_token, same_token, unpredictable_rng

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


class TableService:
    """The commands of the game server, over a repository and a hub."""

    def __init__(self, repository: TableRepository, hub: Hub) -> None:
        self.repository = repository
        self.hub = hub
        self.on_commit: list[Callable[[TableState], None]] = []
        self._cache: dict[str, TableState] = {}
        self.locks = KeyedLocks()
        workers = 1 if repository.single_writer else 8
        self._db_threads = ThreadPoolExecutor(workers, thread_name_prefix="loveletter-db")

    async def _db(self, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """Run a repository call in a database thread, off the event loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db_threads, lambda: function(*args, **kwargs))

    async def open(self, *, only_process: bool) -> list[TableState]:
        """Create the schema, then rebuild every game under way by replay."""
        await self._db(self.repository.create_schema)
        await self._db(self.repository.grant_grace, time.time(), offline=only_process)
        states = []
        for table_id in await self._db(self.repository.tables_in_play):
            try:
                states.append(await self.get(table_id))
            except Exception:  # one broken table must not keep the others down
                log.exception("table %s could not be rebuilt", table_id)
        return states

    def close(self) -> None:
        """Release the database threads and connections."""
        self._db_threads.shutdown(wait=True)
        self.repository.close()

    # ------------------------------------------------------------------ reading

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

    def drop_if_behind(self, table_id: str, version: int) -> None:
        """Another process moved a table no local client watches: reload it when needed."""
        state = self._cache.get(table_id)
        if state is not None and state.version < version and not self.locks.busy(table_id):
            del self._cache[table_id]

    def forget(self, table_id: str) -> None:
        """Drop a table no local client watches and no game needs (reloaded on demand)."""
        state = self._cache.get(table_id)
        if state is not None and state.status != "playing" and not self.locks.busy(table_id):
            del self._cache[table_id]

    async def _load(self, table_id: str) -> TableState:
        state = self._cache.get(table_id)
        if state is None:
            stored = await self._db(self.repository.load_table, table_id)
            if stored is None:
                raise NotFoundError(f"there is no table {table_id!r}")
            state = self._cache[table_id] = tables.rebuild(stored, unpredictable_rng())
        return state

    # ----------------------------------------------------------------- changing

    async def _change(self, table_id: str, command: Command) -> TableState:
        """Apply a command under the table's lock, commit it, then announce it."""
        async with self.locks.hold(table_id):
            for _ in range(_RETRIES):
                old = await self._load(table_id)
                now = time.time()
                new = command(old, now)
                if new is None:
                    return old
                state, commit = tables.settle(old, new, now)
                try:
                    committed = await self._db(self.repository.commit, commit)
                except BaseException:
                    self._cache.pop(table_id, None)  # unknown outcome: reload next time
                    raise
                if committed:
                    self._cache[table_id] = state
                    for listener in self.on_commit:  # in commit order, under the lock
                        listener(state)
                    break
                self._cache.pop(table_id, None)  # another process moved on: retry on it
            else:
                raise ConflictError("the table is too busy; try again", "busy")
        await self.hub.publish(table_id, state.version)
        return state

    async def create(self, spec: TableSpec) -> tuple[TableState, str]:
        """A new table in the lobby, and the host's token."""
        host_token = new_token()
        state = tables.new_table(spec, new_table_id(), hash_token(host_token), time.time())
        await self._db(self.repository.create_table, state.data, state.seats)
        self._cache[state.id] = state
        return state, host_token

    async def join(self, table_id: str, name: str, seat: int | None) -> tuple[int, str]:
        """Take a free seat; returns the seat and its secret token."""
        token = new_token()
        token_hash = hash_token(token)
        state = await self._change(
            table_id, lambda state, now: tables.join(state, name, seat, token_hash, now)
        )
        taken = state.seat_of(token_hash)
        assert taken is not None
        return taken, token

    async def start(self, table_id: str, host_token: str, *, rematch: bool) -> TableState:
        """The host starts the game, or a rematch once it is over."""

        def command(state: TableState, now: float) -> TableState:
            if not same_token(host_token, state.data.host_hash):
                raise ForbiddenError("only the host may do this: wrong host token", "not_host")
            return tables.start(state, unpredictable_rng(), now, rematch=rematch)

        return await self._change(table_id, command)

    async def act(self, table_id: str, seat: int, text: str) -> TableState:
        """A seated player's decision, in notation."""
        return await self._change(table_id, lambda state, now: tables.act(state, seat, text))

    async def bot_act(self, table_id: str, version: int, seat: int, text: str) -> TableState:
        """A bot's decision for the state at ``version``; StaleError if the table moved on."""

        def command(state: TableState, now: float) -> TableState:
            if state.version != version or state.bot_to_move() is None:
                raise StaleError("the table moved on")
            return tables.act(state, seat, text)

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
        """Let a bot play for a player gone longer than the table allows."""
        return await self._change(table_id, lambda state, now: tables.stand_in(state, seat, now))

    # ----------------------------------------------------------------- sweeping

    async def heartbeat(self, seats: list[tuple[str, int]]) -> None:
        """Seats with a connection to this process are present."""
        await self._db(self.repository.heartbeat, seats, time.time())

    async def absent_seats(self) -> list[tuple[str, int]]:
        """Seats whose players have been gone longer than their table allows."""
        return await self._db(self.repository.absent_seats, time.time())

    async def stalled_tables(self, idle: float) -> list[str]:
        """Tables waiting on a bot or a deal for more than ``idle`` seconds."""
        return await self._db(self.repository.stalled_tables, time.time() - idle)

    # ------------------------------------------------------------------ history

    async def games(self, table_id: str) -> list[GameSummary]:
        """A table's games; NotFoundError for an unknown table."""
        await self.get(table_id)
        return await self._db(self.repository.games, table_id)

    async def finished_games(self, limit: int, offset: int) -> list[GameSummary]:
        """The most recently finished games."""
        return await self._db(self.repository.finished_games, limit, offset)

    async def replay(self, table_id: str, number: int, lang: str) -> Replay:
        """A finished game step by step (every hand shown: R52); never an unfinished one."""
        record = await self.record(table_id, number)
        replay = await asyncio.to_thread(replay_steps, record, lang)
        replay["table"] = table_id
        replay["game"] = number
        return replay

    async def record(self, table_id: str, number: int) -> Record:
        """A finished game's record; an unfinished game's is never given (it holds decks)."""
        found = await self._db(self.repository.record, table_id, number)
        if found is None:
            raise NotFoundError(f"table {table_id!r} has no game {number}", "unknown_game")
        if found[1] is None:
            raise ConflictError(
                f"game {number} is not finished: its record would reveal the deck",
                "not_finished",
            )
        return found[1]
