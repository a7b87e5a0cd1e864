"""The WebSocket entry point: checks each message, turns it into a command, answers errors.

Every message is checked in this order, and a refused one gets an ``error`` for its
sender alone and changes nothing: the connection's rate (token bucket; too many
refusals in a row close it), text frame, size, JSON (one strict decoder:
:func:`~.protocol.read_json`), message schema, then the command itself (table,
token, turn, legality).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from pydantic import ValidationError
from starlette.websockets import WebSocket

from ..engine.jsontext import JSONTextError, top_level_field
from ..tables import StorageError, TableError
from .connections import Connection, ConnectionManager
from .messages import chat_line, encode, error_message, hint_message, pong
from .protocol import (
    CLIENT_MESSAGE,
    MESSAGE_TYPES,
    Act,
    AnyMessage,
    AskHint,
    Back,
    Chat,
    ChatPolicy,
    HandHost,
    Hello,
    Ping,
    Rematch,
    Remove,
    SetLang,
    Start,
    plain_text,
    read_json,
)
from .ratelimit import TokenBucket
from .service import TableService
from .sessions import Sessions
from .settings import Settings
from .tokens import hash_token

log = logging.getLogger(__name__)

POLICY_VIOLATION = 1008


class SocketClient:
    """One client's conversation with the server."""

    def __init__(
        self,
        websocket: WebSocket,
        service: TableService,
        manager: ConnectionManager,
        settings: Settings,
        sessions: Sessions,
    ) -> None:
        self.service = service
        self.sessions = sessions
        self.manager = manager
        self.settings = settings
        self.connection = Connection(websocket, manager)
        self.bucket = TokenBucket(settings.rate, settings.burst)
        self.chat_bucket = TokenBucket(settings.chat_rate, settings.chat_burst)
        self.strikes = 0

    async def run(self) -> None:
        """Serve the client until it leaves or is closed."""
        websocket = self.connection.websocket
        await websocket.accept()
        sender = asyncio.create_task(self.connection.run_sender())
        try:
            await self._receive(websocket, sender)
        finally:
            if not sender.done():
                sender.cancel()
            await asyncio.gather(sender, return_exceptions=True)
            await self._leave()

    async def _receive(self, websocket: WebSocket, sender: asyncio.Task[None]) -> None:
        deadline = time.monotonic() + self.settings.hello_timeout
        while not sender.done():
            timeout = None if self.connection.joined else deadline - time.monotonic()
            try:
                message = await asyncio.wait_for(websocket.receive(), timeout)
            except TimeoutError:
                self._refuse("hello_timeout", "no hello in time: closing")
                self.connection.close(POLICY_VIOLATION, "no hello")
                await sender
                return
            if message["type"] == "websocket.disconnect":
                return
            if not self.bucket.take():
                self.strikes += 1
                self._refuse("rate_limited", "too many messages: slow down")
                if self.strikes >= self.settings.max_strikes:
                    self.connection.close(POLICY_VIOLATION, "too many messages")
                    await sender
                    return
                continue
            self.strikes = 0
            await self._handle(message.get("text"))

    async def _handle(self, text: str | None) -> None:
        if text is None:
            self._refuse("binary", "messages are JSON text frames")
            return
        limit = self.settings.max_message_bytes
        if len(text) > limit or len(text.encode("utf-8")) > limit:
            self._refuse("too_large", f"a message may hold at most {limit} bytes")
            return
        try:
            data = read_json(text)
        except JSONTextError as error:
            code = "bad_json" if error.malformed else "invalid_message"
            self._refuse(code, str(error), _ref_of({"id": top_level_field(text, "id")}))
            return
        try:
            message = CLIENT_MESSAGE.validate_python(data)
        except ValidationError as error:
            code, reason = _explain(error)
            self._refuse(code, reason, _ref_of(data))
            return
        try:
            await self._dispatch(message)
        except TableError as error:
            self._refuse(error.code, error.message_in(self.connection.lang), message.id)
        except StorageError as error:  # the database failed: this client hears of it
            table = message.table if isinstance(message, Hello) else self.connection.table_id
            log.error("a %s message at table %s failed: %s", message.type, table, error)
            self._refuse("server_error", error.public, message.id)
        except Exception:  # a bug: this client hears of it, the rest go on
            log.exception("a %s message failed", message.type)
            self._refuse("server_error", "the server could not do this now; try again", message.id)

    async def _dispatch(self, message: AnyMessage) -> None:
        connection = self.connection
        if isinstance(message, Ping):
            connection.send(pong(message.id))
        elif isinstance(message, SetLang):
            connection.set_lang(message.lang)
        elif isinstance(message, Hello):
            await self._hello(message)
        elif connection.table_id is None:
            self._refuse("not_joined", "say hello to a table first", message.id)
        elif isinstance(message, Chat):
            await self._chat(connection.table_id, message)
        elif isinstance(message, Act | Back):
            if connection.seat is None or connection.token_hash is None:
                reason = "spectators cannot act: join with a seat token"
                self._refuse("spectator", reason, message.id)
            elif isinstance(message, Act):
                position = message.position.model_dump()
                await self.service.act(
                    connection.table_id,
                    connection.seat,
                    message.action,
                    position,
                    connection.token_hash,
                )
            else:
                await self.service.back(connection.table_id, connection.seat, connection.token_hash)
        elif isinstance(message, AskHint):
            if connection.seat is None or connection.token_hash is None:
                self._refuse("spectator", "spectators get no hints: join with a seat", message.id)
                return
            advice = await self.service.hint(
                connection.table_id, connection.seat, connection.token_hash
            )
            reason = advice.reasons.get(connection.lang, advice.reasons["en"])
            connection.send(hint_message(advice.action, reason, message.id))
        else:
            await self._host_command(connection.table_id, message)

    async def _chat(self, table_id: str, message: Chat) -> None:
        """A chat line to every client of the table (its own words only, rate-limited)."""
        connection = self.connection
        state = await self.service.get(table_id)
        seat = connection.seat
        if seat is None and not state.data.spectator_chat:
            reason = "spectators may not write in this table's chat"
            self._refuse("chat_closed", reason, message.id)
            return
        if not self.chat_bucket.take():
            self._refuse("chat_rate", "too many chat lines: wait a little", message.id)
            return
        name = state.seats[seat].name if seat is not None else None
        line = chat_line(seat, name, message.text, message.reaction)
        await self.service.hub.publish_chat(table_id, line)

    async def _host_command(
        self, table_id: str, message: Start | Rematch | Remove | HandHost | ChatPolicy
    ) -> None:
        connection = self.connection
        by = None
        if connection.seat is not None and connection.token_hash is not None:
            by = (connection.seat, connection.token_hash)
        if isinstance(message, ChatPolicy):
            await self.service.chat_policy(table_id, message.host_token, message.spectators, by)
        elif isinstance(message, Remove):
            await self.service.remove(table_id, message.host_token, message.seat, by)
        elif isinstance(message, HandHost):
            await self.service.hand_host(table_id, message.host_token, message.seat, by)
        else:
            rematch = isinstance(message, Rematch)
            await self.service.start(
                table_id, message.host_token, rematch=rematch, lang=connection.lang, by=by
            )

    async def _hello(self, hello: Hello) -> None:
        connection = self.connection
        if connection.joined:
            self._refuse("already_joined", "this connection already joined a table", hello.id)
            return
        state = await self.service.get(hello.table)
        seat = None
        token_hash = None
        if hello.token is not None:
            token_hash = hash_token(hello.token)
            seat = await self.service.seat_of(state, token_hash)
            if seat is None:
                self._refuse("bad_token", "this token holds no seat at this table", hello.id)
                return
        else:  # signed in (the handshake's cookie), the account's seat is played
            found = await self.sessions.current(connection.websocket)
            owned = await self.service.seat_of_account(state, found[1].id) if found else None
            if owned is not None:
                seat, token_hash = owned
        connection.table_id, connection.seat, connection.lang = hello.table, seat, hello.lang
        connection.token_hash = token_hash if seat is not None else None
        self.manager.add(connection)
        if seat is not None:
            await self.service.presence(hello.table, seat, online=True)

    async def _leave(self) -> None:
        connection = self.connection
        last_of_seat = self.manager.remove(connection)
        if last_of_seat and connection.table_id is not None and connection.seat is not None:
            try:
                await self.service.presence(connection.table_id, connection.seat, online=False)
            except StorageError as error:  # the sweeper's timeout still applies
                log.error("could not record that seat %s left: %s", connection.seat, error)
            except Exception:
                log.exception("could not record that seat %s left", connection.seat)

    def _refuse(self, code: str, message: str, ref: str | int | None = None) -> None:
        self.connection.send(error_message(code, message, ref))


async def refuse_connection(websocket: WebSocket, limit: int) -> None:
    """Tell a client whose address holds too many connections, and close (1008)."""
    message = f"your address holds {limit} connections already: close one first"
    with contextlib.suppress(Exception):  # the client may be gone already
        await websocket.accept()
        await websocket.send_text(encode(error_message("too_many_connections", message)))
        await websocket.close(POLICY_VIOLATION, "too many connections")


def _explain(error: ValidationError) -> tuple[str, str]:
    """An error code and a readable reason for a message that failed validation."""
    first = error.errors(include_url=False, include_input=False)[0]
    kind = first["type"]
    if kind == "union_tag_invalid":
        return "unknown_type", f"unknown message type; known: {', '.join(MESSAGE_TYPES)}"
    if kind == "union_tag_not_found":
        return "invalid_message", "a message needs a 'type'"
    where = ".".join(str(part) for part in first["loc"][1:]) or "message"
    return "invalid_message", f"{where}: {first['msg']}"


def _ref_of(data: Any) -> str | int | None:
    """The ``id`` of a refused message, when it has a usable one."""
    ref = data.get("id") if isinstance(data, dict) else None
    if isinstance(ref, int) and not isinstance(ref, bool):
        return ref  # read_json keeps integers within the safe range
    if isinstance(ref, str) and len(ref) <= 64 and plain_text(ref):
        return ref
    return None
