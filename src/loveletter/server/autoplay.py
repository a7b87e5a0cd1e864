"""What the server plays by itself: bot decisions, the pace of the game, the sweeps.

Bots decide in worker processes (their search never blocks the event loop) from the
view of their seat only, like any player. The :class:`Pacer` gives each table at
most one pending move: a bot's decision after a short, natural delay, the next
deal after the pause between rounds, or the stand-in's decision when a human's turn
timer runs out (at a turn-based table, after the mail that tells them it is their
turn). :func:`sweep_forever` keeps presence fresh, lets bots stand in for players
gone too long, and restarts tables whose pending move was lost (a process that
died): no game is ever stuck.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Coroutine
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..bots import Bot, make_bot
from ..engine import View
from ..tables import DamagedDataError, StaleError, StorageError, TableError, TableState
from .policies import PolicyLevel
from .service import TableService
from .settings import Settings
from .turns import TurnMails

log = logging.getLogger(__name__)

_BOTS: dict[str, Bot] = {}


def decide(level: str, view: View, seed: int, hold: float) -> tuple[str, float]:
    """A bot's action for ``view`` and the seconds it took, at least ``hold`` (runs in
    a worker process; bots are kept per level)."""
    began = time.perf_counter()
    bot = _BOTS.get(level)
    if bot is None:
        bot = _BOTS[level] = make_bot(level)
    action: str = bot.choose(view, random.Random(seed))
    while time.perf_counter() < began + hold:  # busy, as thinking: a sleeper wakes late
        pass
    return action, time.perf_counter() - began


def start_worker(parent: int, policies: tuple[PolicyLevel, ...]) -> None:
    """Worker initializer: watch the server, and load the policy levels it offers."""
    watch_parent(parent)
    for policy in policies:
        _BOTS[policy.name] = policy.load()


def watch_parent(parent: int) -> None:
    """Worker initializer: leave as soon as the server is gone, even after a SIGKILL."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


class ThinkingTimes:
    """The latest thinking times of each bot level's free decisions, to draw from."""

    def __init__(self, size: int = 256) -> None:
        self._size = size
        self._times: dict[str, deque[float]] = {}

    def add(self, level: str, seconds: float) -> None:
        """A free decision of ``level`` took ``seconds``."""
        times = self._times.get(level)
        if times is None:
            times = self._times[level] = deque(maxlen=self._size)
        times.append(seconds)

    def draw(self, level: str, rng: random.Random) -> float:
        """One of the level's latest thinking times (0 before its first decision)."""
        times = self._times.get(level)
        return rng.choice(times) if times else 0.0


class BotPool:
    """Worker processes where bots think; each loads the server's policy levels
    (``policies``) when it starts.

    A forced move (one legal action) takes as long as a free one: it goes to a worker
    like any decision, and the worker holds it for a thinking time drawn from the
    level's latest free decisions. So the time a bot takes, as clients see it, tells
    nothing of whether its hand left it a choice.
    """

    def __init__(self, workers: int, policies: tuple[PolicyLevel, ...] = ()) -> None:
        context = multiprocessing.get_context("spawn")  # safe beside threads and loops
        self._executor = ProcessPoolExecutor(
            max(1, workers),
            mp_context=context,
            initializer=start_worker,
            initargs=(os.getpid(), policies),
        )
        self._rng = random.Random(secrets.randbits(64))
        self._thinking = ThinkingTimes()

    async def choose(self, level: str, view: View) -> str:
        """The bot's legal action, forced or not, from a worker."""
        legal: list[str] = view["legal_actions"]
        forced = len(legal) == 1
        hold = self._thinking.draw(level, self._rng) if forced else 0.0
        loop = asyncio.get_running_loop()
        seed = secrets.randbits(64)
        try:
            action, took = await loop.run_in_executor(
                self._executor, decide, level, view, seed, hold
            )
        except Exception:
            log.exception("the %s bot failed; a random legal action is played", level)
            return random.Random(seed).choice(legal)
        if action not in legal:
            log.error("the %s bot chose %r, not a legal action; played randomly", level, action)
            return random.Random(seed).choice(legal)
        if not forced:
            self._thinking.add(level, took)
        return action

    def close(self) -> None:
        """Stop the workers, waiting for the decisions under way. (Without waiting, the
        executor's thread could close its wake-up pipe before the interpreter's exit
        woke it through that pipe: "OSError: Bad file descriptor" logged at exit.)"""
        self._executor.shutdown(wait=True, cancel_futures=True)


class Pacer:
    """Schedules each table's next automatic move: a bot's decision or the next deal."""

    def __init__(
        self,
        service: TableService,
        pool: BotPool,
        settings: Settings,
        turn_mails: TurnMails | None = None,
    ) -> None:
        self.service = service
        self.pool = pool
        self.settings = settings
        self.turn_mails = turn_mails
        self._tasks: dict[str, tuple[int, asyncio.Task[None]]] = {}
        self._changes: set[asyncio.Future[TableState]] = set()  # being committed
        self._closed = False
        self._rng = random.Random(secrets.randbits(64))

    def poke(self, state: TableState) -> None:
        """A table changed: plan its next automatic move, if it needs one (none once
        closed)."""
        if self._closed:
            return
        pending = self._tasks.get(state.id)
        if pending is not None:
            if pending[0] >= state.version:
                return  # already planned, or this news is older than the plan
            pending[1].cancel()  # planned for a version that is gone
            del self._tasks[state.id]
        move = state.bot_to_move()
        if move is not None:
            seat, level = move
            view = state.view(seat)
            self._plan(state, self._bot_turn(state.id, state.version, seat, level, view))
        elif state.awaiting() == "round":
            self._plan(state, self._deal(state.id, state.version))
        elif (due := state.timer_due()) is not None:
            seat, deadline = due
            self._plan(state, self._timeout(state, seat, deadline))

    def _plan(self, state: TableState, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks[state.id] = (state.version, task)
        task.add_done_callback(self._finished(state.id, state.version))

    def _finished(self, table_id: str, version: int) -> Callable[[asyncio.Task[None]], None]:
        def done(task: asyncio.Task[None]) -> None:
            if self._tasks.get(table_id, (None, None))[1] is task:
                del self._tasks[table_id]
            if not task.cancelled() and task.exception() is not None:
                log.error(
                    "automatic move at table %s (version %d) failed",
                    table_id,
                    version,
                    exc_info=task.exception(),
                )

        return done

    async def _bot_turn(
        self, table_id: str, version: int, seat: int, level: str, view: View
    ) -> None:
        loop = asyncio.get_running_loop()
        began = loop.time()
        action = await self.pool.choose(level, view)
        delay = self.settings.bot_delay * self._rng.uniform(0.6, 1.4)
        wait = delay - (loop.time() - began)  # thinking counts as part of the delay
        if wait > 0:
            await asyncio.sleep(wait)
        await self._commit(self.service.bot_act(table_id, version, seat, action))

    async def _timeout(self, state: TableState, seat: int, deadline: float) -> None:
        """When a human's turn timer runs out, their stand-in bot makes that decision;
        meanwhile, at a turn-based table, the player may be told by mail."""
        if self.turn_mails is not None:
            await self.turn_mails.tell(state, seat, deadline)
        await self.service.clock.sleep_until(deadline)  # stored: it holds across restarts
        action = await self.pool.choose(state.data.bot_level, state.view(seat))
        await self._commit(self.service.timeout_act(state.id, state.version, seat, action))

    async def _deal(self, table_id: str, version: int) -> None:
        if self.settings.round_pause > 0:
            await asyncio.sleep(self.settings.round_pause)
        await self._commit(self.service.deal(table_id, version))

    async def _commit(self, change: Coroutine[Any, Any, TableState]) -> None:
        """Run a change to its end even if this task is cancelled meanwhile."""
        task = asyncio.ensure_future(change)
        task.add_done_callback(_report)
        self._changes.add(task)
        task.add_done_callback(self._changes.discard)
        await asyncio.wait([task])

    async def close(self) -> None:
        """Plan no more moves, cancel the planned ones (they are planned again from the
        database on start) and wait for those being committed."""
        self._closed = True
        for _, task in self._tasks.values():
            task.cancel()
        self._tasks.clear()
        if self._changes:
            await asyncio.wait(self._changes)


def _report(task: asyncio.Future[TableState]) -> None:
    """Log a failed automatic move (a stale one is expected: the table moved on)."""
    if not task.cancelled():
        error = task.exception()
        if isinstance(error, StorageError):  # the store's failure, told in one line
            log.error("an automatic move failed: %s", error)
        elif error is not None and not isinstance(error, StaleError):
            log.error("an automatic move failed", exc_info=error)


#: How often the sweep looks for finished games left unrated, in seconds.
RATING_SWEEP = 60.0


async def sweep_forever(
    service: TableService,
    pacer: Pacer,
    local_seats: Callable[[], list[tuple[str, int]]],
    settings: Settings,
) -> None:
    """Every ``sweep_interval``: presence, stand-ins, and tables whose move was lost;
    every :data:`RATING_SWEEP` seconds, finished games left unrated."""
    idle = 2 * (settings.bot_delay + settings.round_pause) + 10 * settings.sweep_interval + 5
    loop = asyncio.get_running_loop()
    beat = rating = loop.time()
    while True:
        await asyncio.sleep(settings.sweep_interval)
        try:
            if loop.time() >= rating:  # games a stopped process finished and did not rate
                rating = loop.time() + RATING_SWEEP
                await service.rate_pending()
            # Every client's seat is listed only when needed: with thousands of
            # clients, listing them every second would hold up the event loop.
            if not service.hub.only_process and loop.time() >= beat:
                beat = loop.time() + settings.heartbeat_interval
                await service.heartbeat(local_seats())
            absent = await service.absent_seats()
            present = set(local_seats()) if absent else set()
            for table_id, seat in absent:
                if (table_id, seat) not in present and table_id not in service.damaged:
                    await _quietly(service.stand_in(table_id, seat))
            for table_id in await service.stalled_tables(idle):
                if table_id not in service.damaged:
                    await _quietly(_poke(service, pacer, table_id))
        except StorageError as error:
            log.error("sweep failed (%s); trying again", error)
        except Exception:
            log.exception("sweep failed; trying again")


async def _poke(service: TableService, pacer: Pacer, table_id: str) -> TableState:
    state = await service.get(table_id)
    pacer.poke(state)
    return state


async def _quietly(change: Coroutine[Any, Any, TableState]) -> None:
    """Make a change of the sweep's; a refusal is expected, a damaged table is told in
    one line (once: the sweep leaves it alone afterwards), and neither stops the sweep."""
    try:
        await change
    except TableError as error:
        log.info("sweep: %s", error)
    except DamagedDataError as error:
        log.error("sweep: %s", error)
