"""Test harness: servers on real sockets, WebSocket clients, and the leak oracle.

The oracle replays a finished game's stored record with the engine (trusted code,
independent of the server) and checks every message a client received: its view must
equal the engine's view for that client's seat at that position, its narration the
narration of those events, and nothing outside the view may hold a card or a secret.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import os
import queue
import random
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Callable
from email import message_from_bytes
from email.message import Message as Mail
from pathlib import Path
from types import TracebackType
from typing import Any

import httpx
from aiosmtpd.controller import Controller
from fastapi import FastAPI
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from loveletter.engine import EventDict, Game, Narrator, Options, RecordError, View, build_view
from loveletter.server.connections import STANDIN_NOTE
from loveletter.server.run import bind, make_server
from loveletter.server.service import TableService
from loveletter.server.settings import Settings
from loveletter.tables import names_in

TIMEOUT = 30.0
#: The lines that mark a decision a bot made for the player reading the log.
NOTES = {text for note in STANDIN_NOTE.values() for text in note.values()}

Message = dict[str, Any]


def fast_settings(db_url: str, **changes: Any) -> Settings:
    """Settings for tests: no delays, fast sweeps, rates that bot-speed games need, and
    as many tables as a test creates."""
    settings = Settings(
        db_url=db_url,
        bot_delay=0.0,
        round_pause=0.0,
        bot_workers=2,
        sweep_interval=0.05,
        rate=200.0,
        burst=60,
        max_strikes=10,
        hello_timeout=3.0,
        create_burst=100_000,
        max_connections=0,
    )
    return dataclasses.replace(settings, **changes)


class Inbox:
    """A real SMTP server on loopback (aiosmtpd, started by the test): the mails it
    received, in order."""

    def __init__(self) -> None:
        self.mails: queue.Queue[Mail] = queue.Queue()
        self.controller = Controller(self, hostname="127.0.0.1", port=free_port())

    @property
    def port(self) -> int:
        port: int = self.controller.port
        return port

    def __enter__(self) -> Inbox:
        self.controller.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.controller.stop()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 - aiosmtpd's name
        self.mails.put(message_from_bytes(envelope.content))
        return "250 OK"

    def next(self) -> Mail:
        """The next mail received (waits for it)."""
        return self.mails.get(timeout=30)

    def empty(self) -> bool:
        """Whether every mail received was taken."""
        return self.mails.empty()


def free_port() -> int:
    """A port free on the loopback now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


class ServerThread:
    """The app served by uvicorn in a thread, on a socket bound before it starts."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.sock = bind("127.0.0.1", 0)
        self.port: int = self.sock.getsockname()[1]
        self.server = make_server(settings)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def service(self) -> TableService:
        """The running app's service, to look inside it."""
        app = self.server.config.app
        assert isinstance(app, FastAPI)
        service: TableService = app.state.service
        return service

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def __enter__(self) -> ServerThread:
        self.thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.server.should_exit = True
        self.thread.join(TIMEOUT)
        self.sock.close()


class ServerProcess:
    """``loveletter serve`` in a subprocess, on a free port it prints when ready."""

    def __init__(self, db_url: str, log: Path, *extra: str) -> None:
        self.args = [
            sys.executable,
            "-c",
            "from loveletter.cli.main import app; app()",
            "serve",
            "--port",
            "0",
            "--db",
            db_url,
            "--bot-delay",
            "0",
            "--round-pause",
            "0",
            "--bot-workers",
            "1",
            "--log-level",
            "warning",
            *extra,
        ]
        self.log = log
        # This process's environment, but the data folder beside the log: a server
        # without --secret-key makes its key there, not in the user's own.
        self.env = {**os.environ, "XDG_DATA_HOME": str(log.parent / "data")}
        self.process: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> ServerProcess:
        with self.log.open("a") as errors:
            self.process = subprocess.Popen(
                self.args, stdout=subprocess.PIPE, stderr=errors, text=True, env=self.env
            )
        lines: queue.Queue[str] = queue.Queue()
        stdout = self.process.stdout
        assert stdout is not None
        threading.Thread(target=lambda: lines.put(stdout.readline()), daemon=True).start()
        line = lines.get(timeout=TIMEOUT)
        found = re.search(r"http://\S+", line)
        assert found, f"the server did not start: {line!r}; see {self.log}"
        self.url = found.group(0)
        return self

    @property
    def ws_url(self) -> str:
        return "ws" + self.url[4:] + "/ws"

    def kill(self) -> None:
        """SIGKILL: no chance to clean up."""
        assert self.process is not None
        self.process.kill()
        self._reap()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self._reap()

    def _reap(self) -> None:
        if self.process is not None:
            self.process.wait(TIMEOUT)
            if self.process.stdout is not None:
                self.process.stdout.close()


class ServerLog(logging.Handler):
    """Every record the server logs (its own loggers and uvicorn's) while installed."""

    LOGGERS: tuple[str, ...] = ("", "uvicorn")  # uvicorn's do not propagate to the root

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []
        self._logged = threading.Condition()

    def emit(self, record: logging.LogRecord) -> None:
        with self._logged:
            self.records.append(record)
            self._logged.notify_all()

    def wait_for(self, text: str, timeout: float = TIMEOUT) -> logging.LogRecord:
        """The first record whose message holds ``text``, waiting for it if need be."""

        def found() -> logging.LogRecord | None:
            return next((r for r in self.records if text in r.getMessage()), None)

        with self._logged:
            assert self._logged.wait_for(found, timeout), f"nothing logged {text!r}"
            record = found()
        assert record is not None
        return record

    def __enter__(self) -> ServerLog:
        for name in self.LOGGERS:
            logging.getLogger(name).addHandler(self)
        return self

    def __exit__(self, *exc: object) -> None:
        for name in self.LOGGERS:
            logging.getLogger(name).removeHandler(self)

    def tracebacks(self) -> list[str]:
        """The records that carry a traceback (a failure the server did not foresee)."""
        return [self.format(r) for r in self.records if r.exc_info or r.stack_info]


# ------------------------------------------------------------------------------ HTTP


def create_table(base: str, **spec: Any) -> Message:
    response = httpx.post(f"{base}/api/tables", json=spec, timeout=TIMEOUT)
    assert response.status_code == 201, response.text
    created: Message = response.json()
    return created


def join(base: str, table: str, name: str, **extra: Any) -> Message:
    response = httpx.post(
        f"{base}/api/tables/{table}/join", json={"name": name, **extra}, timeout=TIMEOUT
    )
    assert response.status_code == 200, response.text
    joined: Message = response.json()
    return joined


def start(base: str, created: Message) -> Message:
    response = httpx.post(
        f"{base}/api/tables/{created['table']}/start",
        json={"host_token": created["host_token"]},
        timeout=TIMEOUT,
    )
    assert response.status_code == 200, response.text
    info: Message = response.json()
    return info


def record(base: str, table: str, game: int = 1) -> Message:
    response = httpx.get(f"{base}/api/tables/{table}/games/{game}/record", timeout=TIMEOUT)
    assert response.status_code == 200, response.text
    data: Message = response.json()
    return data


# ------------------------------------------------------------------------- WebSocket


class Client:
    """A WebSocket client that keeps every message it receives, for the oracle."""

    def __init__(self, websocket: ClientConnection, seat: int | None, lang: str) -> None:
        self.websocket = websocket
        self.seat = seat
        self.lang = lang
        self.messages: list[Message] = []

    @classmethod
    async def open(
        cls,
        ws_url: str,
        table: str | None = None,
        token: str | None = None,
        *,
        seat: int | None = None,
        lang: str = "en",
        headers: dict[str, str] | None = None,
    ) -> Client:
        """Connect (with these handshake headers: a cookie, an origin); with a table,
        say hello (with the seat token if given)."""
        websocket = await connect(
            ws_url, max_size=None, open_timeout=TIMEOUT, additional_headers=headers
        )
        client = cls(websocket, seat, lang)
        if table is not None:
            hello: Message = {"type": "hello", "table": table, "lang": lang}
            if token is not None:
                hello["token"] = token
            await client.send(hello)
        return client

    async def send(self, message: Message | str | bytes) -> None:
        await self.websocket.send(
            message if isinstance(message, str | bytes) else json.dumps(message)
        )

    async def recv(self, timeout: float = TIMEOUT) -> Message:
        text = await asyncio.wait_for(self.websocket.recv(), timeout)
        message: Message = json.loads(text)
        self.messages.append(message)
        return message

    async def until(
        self,
        predicate: Callable[[Message], bool],
        timeout: float = TIMEOUT,
        *,
        errors: bool = False,
    ) -> Message:
        """The first message that satisfies ``predicate`` (other errors fail the test
        unless ``errors``)."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.recv()
                if predicate(message):
                    return message
                assert errors or message["type"] != "error", message

    async def sync(self) -> list[Message]:
        """Ping and wait for the pong: every earlier message was handled. Returns the
        errors received meanwhile."""
        begin = len(self.messages)
        await self.send({"type": "ping", "id": "sync"})
        await self.until(lambda m: m["type"] == "pong", errors=True)
        return [m for m in self.messages[begin:] if m["type"] == "error"]

    async def error(self, timeout: float = TIMEOUT) -> Message:
        """The next error message, skipping states."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.recv()
                if message["type"] == "error":
                    return message

    async def drain(self) -> int | None:
        """Receive until the server closes the connection; its close code."""
        try:
            while True:
                await self.recv()
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd is not None else None

    async def close(self) -> None:
        await self.websocket.close()


#: The position of a game just started: game 1, round 1, no action yet.
FIRST_MOVE: Message = {"game": 1, "round": 1, "actions": 0}


def action_message(text: str, position: Message | None = None, **extra: Any) -> Message:
    """An ``action`` message for the game at ``position`` (a state's; the first move
    of a new game by default)."""
    return {"type": "action", "action": text, "position": position or FIRST_MOVE, **extra}


def is_state(message: Message) -> bool:
    return bool(message["type"] == "state")


def my_turn(message: Message) -> bool:
    """A state in which the client's seat must decide."""
    return is_state(message) and bool(message["view"] and message["view"]["legal_actions"])


def finished(message: Message) -> bool:
    return is_state(message) and message["table"]["status"] == "finished"


async def play_randomly(
    client: Client,
    rng: random.Random,
    *,
    until_game: int = 1,
    current: Message | None = None,
) -> Message:
    """Answer every decision of the client's seat at random until game ``until_game``
    ends, beginning with the ``current`` state if the caller already received it."""
    acted: set[tuple[int, int, int]] = set()
    async with asyncio.timeout(120):
        while True:
            message = current or await client.recv()
            current = None
            assert message["type"] != "error", message
            if message["type"] != "state":
                continue
            if finished(message) and message["table"]["game"] >= until_game:
                return message
            view, position = message["view"], message["position"]
            if (
                view
                and view["legal_actions"]
                and position
                and message["table"]["status"] == "playing"
            ):
                key = (position["game"], position["round"], position["actions"])
                if key not in acted:
                    acted.add(key)
                    await client.send(action_message(rng.choice(view["legal_actions"]), position))


# ---------------------------------------------------------------------------- oracle

STATE_KEYS = {"type", "version", "table", "you", "position", "view", "log", "log_reset"}
STATE_KEYS |= {"server_time"}
TABLE_KEYS = {
    "id",
    "edition",
    "options",
    "bot_level",
    "disconnect_timeout",
    "turn_timer",
    "deadline",
    "host_seat",
    "host_gone_at",
    "spectator_chat",
    "hints",
    "public",
    "lang",
    "status",
    "game",
    "version",
    "seats",
    "timed_out",
}
SEAT_KEYS = {"seat", "kind", "name", "level", "online", "standin", "away", "standin_at"}
#: Keys that must appear nowhere in a message outside the engine's view.
SECRET_KEYS = {"deck", "set_aside", "hand", "hands", "cards", "card", "token", "token_hash"}
SECRET_KEYS |= {"host_token", "host_hash", "rounds", "seed", "rng", "record"}


def keys(data: Any) -> set[str]:
    """Every key of every object inside ``data``."""
    if isinstance(data, dict):
        return set(data).union(*(keys(value) for value in data.values()))
    if isinstance(data, list):
        return set().union(*(keys(value) for value in data))
    return set()


class Oracle:
    """The engine's own views of finished games, replayed from their stored records."""

    def __init__(self, records: dict[int, Message]) -> None:
        self.games: dict[int, tuple[Game, dict[tuple[int, int], dict[int | None, View]]]] = {}
        for number, data in records.items():
            self.games[number] = self._replay(data)

    @staticmethod
    def _replay(data: Message) -> tuple[Game, dict[tuple[int, int], dict[int | None, View]]]:
        game = Game(
            data["edition"],
            data["players"],
            options=Options.from_dict(data["options"]),
            start=False,
        )
        views: dict[tuple[int, int], dict[int | None, View]] = {}

        def snapshot(round_number: int, count: int) -> None:
            views[(round_number, count)] = {
                seat: build_view(game, seat) for seat in [None, *range(game.seat_count)]
            }

        for number, round_data in enumerate(data["rounds"], start=1):
            game.next_round(round_data["deck"], round_data["first"])
            snapshot(number, 0)
            for count, action in enumerate(round_data["actions"], start=1):
                game.apply(action)
                snapshot(number, count)
        if game.result != data["result"]:
            raise RecordError("the record's result differs from its replay")
        return game, views

    def view(self, position: Message, seat: int | None) -> View:
        _, views = self.games[position["game"]]
        return views[(position["round"], position["actions"])][seat]

    def check(self, client: Client) -> int:
        """Check every message the client received; returns how many views were checked."""
        checked = 0
        told: dict[tuple[int, int], list[str]] = {}
        last_events: dict[tuple[int, int], list[EventDict]] = {}
        kinds: list[str] = []  # the seats': a bot's default name is in the reader's words
        for message in client.messages:
            kind = message["type"]
            if kind == "error":
                assert set(message) <= {"type", "code", "message", "ref"}, message
                continue
            if kind == "pong":
                assert set(message) <= {"type", "ref"}, message
                continue
            assert kind == "state", message
            extra = set(message) - STATE_KEYS
            assert extra <= {"record", "earlier"}, extra
            assert ("record" in message) == (message["table"]["status"] == "finished")
            assert set(message["table"]) == TABLE_KEYS
            assert all(set(seat) == SEAT_KEYS for seat in message["table"]["seats"])
            assert message["you"] == {"seat": client.seat}
            if "record" in message:
                assert re.fullmatch(r"/api/tables/[\w-]+/games/\d+/record", message["record"])
            kinds = [seat["kind"] for seat in message["table"]["seats"]]
            outside = {k: v for k, v in message.items() if k not in ("view", "record")}
            assert not keys(outside) & SECRET_KEYS, outside
            position = message["position"]
            if position is None:
                assert message["view"] is None
                assert message["log"] == []
                continue
            expected = self.view(position, client.seat)
            assert message["view"] == expected, f"view differs at {position} for {client.seat}"
            checked += 1
            key = (position["game"], expected["round"])
            # A player's own log marks the decisions a bot made for them; nobody else's.
            notes = [line for line in message["log"] if line in NOTES]
            assert client.seat is not None or not notes, notes
            told.setdefault(key, []).extend(line for line in message["log"] if line not in NOTES)
            last_events[key] = expected["events"]
        for key, lines in told.items():
            game, _ = self.games[key[0]]
            names = names_in(kinds, game.players, client.lang)
            narrator = Narrator(game.edition, names, client.seat, client.lang)
            assert lines == narrator.lines(last_events[key]), f"narration differs in {key}"
        return checked
