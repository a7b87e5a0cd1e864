"""This process's clients: who watches which table as which seat, and what they are sent.

Each connection has a sender task. A change only marks it due; the sender then
renders the *latest committed* state for that client (so a slow client skips
versions instead of queueing them) and sends it. What is rendered comes only from
the engine's view for the client's seat (the spectator's view for a spectator), the
table's public information, and narration of the events of that view. What every
client of a table shares (its information, each seat's view) is encoded once per
committed state, however many clients watch it. The messages' JSON is built in
:mod:`.messages`.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict, deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, cast

from starlette.websockets import WebSocket

from ..engine import Game, Narrator, build_view, events_for
from ..engine.views import KnownHands, SeenEvents
from ..tables import StorageError, TableState, names_in
from .messages import (
    chat_history,
    earlier_member,
    encode,
    error_message,
    public_table,
    state_message,
)
from .service import TableService

log = logging.getLogger(__name__)


#: How many chat lines of a table a newcomer gets (kept while someone watches it).
CHAT_KEPT = 50

#: The line before a decision a bot made for the player reading the log: standing in
#: for them while they were gone ("bot"), or when their time ran out ("out").
STANDIN_NOTE = {
    "bot": {
        "en": "While you were away, the bot standing in for you decided:",
        "fr": "Pendant votre absence, le robot qui vous remplaçait a décidé\u00a0:",
    },
    "out": {
        "en": "Your time ran out: a bot decided for you.",
        "fr": "Votre temps était écoulé\u00a0: un robot a décidé pour vous.",
    },
}


@dataclass(frozen=True, slots=True)
class Close:
    """Close the connection after what was queued before."""

    code: int
    reason: str


#: The tables no client watches whose shared texts a process keeps (their states are
#: not kept: a table is reloaded as its watchers come and go).
KEPT_UNWATCHED = 256

#: The finished rounds whose log a new connection is told (a game to 99 tokens may
#: last some 200 rounds; the replay tells them all once it is over).
EARLIER_ROUNDS = 30


class Connection:
    """One client: its seat once it said hello, its language, what it was sent."""

    def __init__(self, websocket: WebSocket, manager: ConnectionManager) -> None:
        self.websocket = websocket
        self.manager = manager
        self.table_id: str | None = None
        self.seat: int | None = None
        self.token_hash: str | None = None
        self.lang = "en"
        self.sent_version = -1
        self._narrator: tuple[tuple[int, int], Narrator] | None = None
        self._narrated: tuple[int, int, int] = (0, 0, 0)  # game, round, events told
        self._outbox: deque[str | Close] = deque()
        self._state_due = False
        self._wake = asyncio.Event()

    @property
    def joined(self) -> bool:
        """Whether the client said hello to a table."""
        return self.table_id is not None

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message for this client alone."""
        self._outbox.append(encode(message))
        self._wake.set()

    def close(self, code: int, reason: str) -> None:
        """Close the connection once the queued messages are sent."""
        self._outbox.append(Close(code, reason))
        self._wake.set()

    def poke(self) -> None:
        """The table changed: send the latest state when the sender gets to it."""
        self._state_due = True
        self._wake.set()

    async def run_sender(self) -> None:
        """Send queued messages and due states until the connection closes."""
        websocket = self.websocket
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._outbox:
                item = self._outbox.popleft()
                if isinstance(item, Close):
                    await websocket.close(item.code, item.reason)
                    return
                await websocket.send_text(item)
            if self._state_due:
                self._state_due = False
                text = self.render()
                if text is not None:
                    await websocket.send_text(text)

    def render(self) -> str | None:
        """The state message for the table's latest committed state, if not yet sent."""
        if self.table_id is None:
            return None
        state = self.manager.service.cached(self.table_id)
        if state is None or state.version <= self.sent_version:
            return None
        self.sent_version = state.version
        if self.seat is not None and not self._still_seated(state, self.seat):
            self.send(error_message("removed", "the host removed you: you watch"))
            self.seat = self.token_hash = None
            self._narrator = None
            self._narrated = (0, 0, 0)
        return self.state_message(state)

    def _still_seated(self, state: TableState, seat: int) -> bool:
        held = state.seats[seat].token_hash
        return held is not None and self.token_hash is not None and held == self.token_hash

    def set_lang(self, lang: str) -> None:
        """Tell everything in ``lang`` from now on, and resend the round's log in it."""
        self.lang = lang
        self._narrator = None
        self._narrated = (0, 0, 0)
        self.sent_version = -1
        self.poke()

    def state_message(self, state: TableState) -> str:
        """What this client may see of ``state``, as JSON text."""
        shared = self.manager.rendered(state)
        told_game = self._narrated[0]
        log, log_reset = self._narrate(state) if state.game is not None else ([], True)
        earlier = ""
        if state.game is not None and told_game != state.data.game_number:
            earlier = shared.earlier(self.seat, self.lang)
        view = shared.view(self.seat)
        return state_message(
            state,
            self.seat,
            log,
            log_reset,
            table=shared.info,
            view=view,
            now=self.manager.service.clock.now(),
            earlier=earlier,
        )

    def _narrate(self, state: TableState) -> tuple[list[str], bool]:
        """The lines of the events this client was not told yet, in its language, and
        whether they start at the round's beginning (the client's log starts over)."""
        game = state.game
        assert game is not None
        game_number, round_number = state.data.game_number, game.round
        told_game, told_round, told = self._narrated
        start = told if (told_game, told_round) == (game_number, round_number) else 0
        self._narrated = (game_number, round_number, len(game.log))
        key = (game_number, -1 if self.seat is None else self.seat)
        if self._narrator is None or self._narrator[0] != key:
            names = names_in([s.kind for s in state.seats], game.players, self.lang)
            narrator = Narrator(game.edition, names, self.seat, self.lang)
            self._narrator = (key, narrator)
        narrator = self._narrator[1]
        marks = sorted(
            (index, why)
            for number, index, seat, why in state.data.standin_marks
            if (number, seat) == (round_number, self.seat) and index >= start
        )
        seen = self.manager.rendered(state).texts.seen_by(self.seat).follow(game.log)
        lines: list[str] = []
        starts = [start, *(index for index, _ in marks), len(game.log)]
        for n, (begin, end) in enumerate(pairwise(starts)):
            if n:  # a decision a bot made for this player begins here
                note = STANDIN_NOTE.get(marks[n - 1][1], STANDIN_NOTE["bot"])
                lines.append(note.get(self.lang, note["en"]))
            lines += narrator.lines(seen[begin:end])
        return lines, start == 0


def earlier_rounds(
    game: Game, seat: int | None, lang: str, state: TableState | None = None
) -> list[tuple[int, list[str]]]:
    """The log of the game's latest EARLIER_ROUNDS finished rounds, round by round (its
    number, its lines), as ``seat`` saw them, in ``lang`` (bots' default names too,
    with the table's ``state``): for a client that starts the game's log over (a new
    connection, another language)."""
    kinds = [] if state is None else [s.kind for s in state.seats]
    names = names_in(kinds, game.players, lang)
    narrator = Narrator(game.edition, names, seat, lang)
    finished = len(game.round_logs) - 1
    first = max(0, finished - EARLIER_ROUNDS)
    return [
        (index + 1, narrator.lines(events_for(log, seat)))
        for index, log in enumerate(game.round_logs[first:finished], start=first)
    ]


@dataclass
class SharedTexts:
    """What a table's states carry from one to the next, encoded: each viewer's events
    of the round and the game's round reviews (a new state encodes only what came
    since), and the finished rounds' logs told to a new connection, by viewer and
    language (game, rounds finished, the text of the message's "earlier" member)."""

    arrays: dict[ArrayKey, ArrayText] = field(default_factory=dict)
    known: dict[int, KnownHands] = field(default_factory=dict)
    seen: dict[int | None, SeenEvents] = field(default_factory=dict)

    def seen_by(self, viewer: int | None) -> SeenEvents:
        """The round's events as ``viewer`` saw them, followed from state to state."""
        seen = self.seen.get(viewer)
        if seen is None:
            seen = self.seen[viewer] = SeenEvents(viewer)
        return seen

    earlier: dict[tuple[int | None, str], tuple[int, int, str]] = field(default_factory=dict)


class Rendered:
    """The parts of one committed state that its table's clients share, encoded once
    (text is cheap to keep: the garbage collector never scans it)."""

    def __init__(self, state: TableState, texts: SharedTexts | None = None) -> None:
        self.state = state
        self.info = encode(public_table(state))  # the table as everyone sees it
        self._views: dict[int | None, str] = {}
        self.texts = texts or SharedTexts()

    def view(self, seat: int | None) -> str:
        """The engine's view for a seat (None: a spectator) as JSON text."""
        text = self._views.get(seat)
        if text is None:
            text = self._views[seat] = self._encode_view(seat)
        return text

    def earlier(self, seat: int | None, lang: str) -> str:
        """The member ``,"earlier":[…]`` of a state message (``earlier_rounds``) for a
        viewer, told once for every such viewer; nothing before a round is over."""
        game = self.state.game
        assert game is not None
        at = (self.state.data.game_number, len(game.round_logs))
        kept = self.texts.earlier.get((seat, lang))
        if kept is None or kept[:2] != at:
            text = earlier_member(earlier_rounds(game, seat, lang, self.state))
            kept = self.texts.earlier[seat, lang] = (*at, text)
        return kept[2]

    def _encode_view(self, seat: int | None) -> str:
        game = self.state.game
        if game is None:
            return "null"
        events, reviews = self._text(seat), self._text(_RESULTS)
        learned = self._text((_LEARNED, seat))
        built = build_view(
            game,
            seat,
            events_from=events.follow(game.log),
            results_from=reviews.follow(game.results),
            learned_from=learned.follow(game.log),
            known=None if seat is None else self._known(seat).follow(game.log),
            seen=self.texts.seen_by(seat).follow(game.log),
        )
        view = cast("dict[str, Any]", built)
        events.extend(game.log, encode(view.pop("events")))
        reviews.extend(game.results, encode(view.pop("results")))
        learned.extend(game.log, encode(view.pop("learned")))
        return (
            f'{encode(view)[:-1]},"learned":[{learned.text}],'
            f'"results":[{reviews.text}],"events":[{events.text}]}}'
        )

    def _text(self, key: ArrayKey) -> ArrayText:
        text = self.texts.arrays.get(key)
        if text is None:
            text = self.texts.arrays[key] = ArrayText()
        return text

    def _known(self, seat: int) -> KnownHands:
        known = self.texts.known.get(seat)
        if known is None:
            known = self.texts.known[seat] = KnownHands(seat)
        return known


#: Where a table's texts keep the round reviews, beside each viewer's events, and
#: (under ``(_LEARNED, viewer)``) what the round's events showed each viewer.
_RESULTS = "results"
_LEARNED = "learned"
#: A key of a table's texts: a viewer (its events), _RESULTS or (_LEARNED, viewer).
ArrayKey = int | str | None | tuple[str, int | None]


class ArrayText:
    """The first ``count`` items of a list that only grows (a round's log as one viewer
    saw it, a game's round reviews) as the inside of a JSON array, ``last`` the last
    of them; one per table and viewer, brought up to date in place."""

    __slots__ = ("count", "last", "text")

    def __init__(self) -> None:
        self.count = 0
        self.last: object = None
        self.text = ""

    def follow(self, items: Sequence[object]) -> int:
        """How many first items of ``items`` this holds: none unless they are the
        same objects (the game's copies share them; a later round's or game's, or a
        game reloaded from storage, are others)."""
        count = self.count
        if count and (len(items) < count or items[count - 1] is not self.last):
            self.count, self.last, self.text = 0, None, ""
        return self.count

    def extend(self, items: Sequence[object], more: str) -> None:
        """Hold all of ``items``, the JSON array of what those after the first
        ``count`` add being ``more`` (a viewer's learned events: maybe none of them)."""
        if more != "[]":
            inside = more[1:-1]
            self.text = f"{self.text},{inside}" if self.text else inside
        if items:
            self.count, self.last = len(items), items[-1]


class ConnectionManager:
    """The connections of this process, by table."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self._tables: dict[str, set[Connection]] = {}
        self._rendered: dict[str, Rendered] = {}
        # The texts of tables no client of this process watches, the oldest dropped first.
        self._unwatched: OrderedDict[str, SharedTexts] = OrderedDict()
        self._chats: dict[str, deque[dict[str, Any]]] = {}
        service.hub.listen_chat(self.deliver_chat)

    def deliver_chat(self, table_id: str, line: dict[str, Any]) -> None:
        """A chat line: to every client of the table in this process, and kept (the
        last CHAT_KEPT) for the clients that come later."""
        watchers = self._tables.get(table_id)
        if not watchers:
            return
        kept = self._chats.setdefault(table_id, deque(maxlen=CHAT_KEPT))
        kept.append(line)
        for connection in watchers:
            connection.send(line)

    def rendered(self, state: TableState) -> Rendered:
        """What the clients of the table share of this state."""
        rendered = self._rendered.get(state.id)
        if rendered is None or rendered.state is not state:
            texts = self._unwatched.pop(state.id, None) if rendered is None else rendered.texts
            rendered = self._rendered[state.id] = Rendered(state, texts)
        return rendered

    def add(self, connection: Connection) -> None:
        """Register a client that said hello, and send it the current state."""
        assert connection.table_id is not None
        self._tables.setdefault(connection.table_id, set()).add(connection)
        self.service.watch(connection.table_id)
        connection.poke()
        kept = self._chats.get(connection.table_id)
        if kept:
            connection.send(chat_history(kept))

    def remove(self, connection: Connection) -> bool:
        """Forget a client; True if it was the last one of its seat in this process."""
        table_id = connection.table_id
        if table_id is None:
            return False
        watchers = self._tables.get(table_id, set())
        watchers.discard(connection)
        if not watchers:
            self._tables.pop(table_id, None)
            rendered = self._rendered.pop(table_id, None)
            if rendered is not None:  # for the next client, one hello after another
                self._unwatched[table_id] = rendered.texts
                if len(self._unwatched) > KEPT_UNWATCHED:
                    self._unwatched.popitem(last=False)
            self._chats.pop(table_id, None)
            self.service.forget(table_id)
        return connection.seat is not None and not self.seated(table_id, connection.seat)

    def seated(self, table_id: str, seat: int) -> bool:
        """Whether a client of this process holds that seat."""
        return any(c.seat == seat for c in self._tables.get(table_id, ()))

    def local_seats(self) -> list[tuple[str, int]]:
        """Every (table, seat) held by a client of this process."""
        return sorted(
            {(t, c.seat) for t, conns in self._tables.items() for c in conns if c.seat is not None}
        )

    async def deliver(self, table_id: str, version: int) -> None:
        """A table reached ``version``: bring this process up to it and poke its clients."""
        watchers = self._tables.get(table_id)
        if not watchers:
            self.service.drop_if_behind(table_id, version)
            return
        state = self.service.cached(table_id)
        if state is None or state.version < version:
            try:
                await self.service.refresh(table_id, version)
            except StorageError as error:  # its clients hear of it; the others go on
                log.error("table %s could not be reloaded: %s", table_id, error)
                for connection in list(watchers):
                    connection.send(error_message("server_error", error.public))
                return
        for connection in list(watchers):
            connection.poke()

    async def catch_up(self) -> None:
        """Notices may have been lost: bring every table a client of this process
        watches up to the database's state, and poke its clients; forget the others."""
        self.service.drop_idle()
        for table_id in list(self._tables):
            state = self.service.cached(table_id)
            await self.deliver(table_id, 0 if state is None else state.version + 1)

    @property
    def count(self) -> int:
        """How many clients said hello."""
        return sum(len(conns) for conns in self._tables.values())
