"""Every kind of bad message gets a clear error for its sender alone and changes nothing."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import get_args

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.frames import Frame, Opcode

from loveletter.server import protocol
from loveletter.server.protocol import MESSAGE_TYPES

from .harness import (
    STATE_KEYS,
    Client,
    Message,
    ServerLog,
    ServerThread,
    action_message,
    create_table,
    is_state,
    join,
    my_turn,
    start,
)


class Table:
    """A started 2-seat classic table: Ana (seat 0, first to play) and Bruno (seat 1)."""

    def __init__(self, server: ServerThread) -> None:
        self.server = server
        self.created = create_table(
            server.url,
            edition="classic",
            seats=[{"kind": "open"}, {"kind": "open"}],
            options={"first_player": 0},
        )
        self.id: str = self.created["table"]
        self.ana = join(server.url, self.id, "Ana")
        self.bruno = join(server.url, self.id, "Bruno")
        start(server.url, self.created)

    def version(self) -> int:
        info = httpx.get(f"{self.server.url}/api/tables/{self.id}").json()
        version: int = info["version"]
        return version


def refused(
    server: ServerThread,
    send: Callable[[Client, Table], Awaitable[None]],
    code: str,
    *,
    hello: str | None = "ana",
) -> Message:
    """Send something bad; check the error, that nothing changed, that the client
    can go on, and that the other client heard nothing of it."""

    async def scenario() -> Message:
        table = Table(server)
        token = table.ana["token"] if hello == "ana" else None
        client = await Client.open(server.ws_url, table.id if hello else None, token, seat=0)
        other = await Client.open(server.ws_url, table.id, table.bruno["token"], seat=1)
        if hello:
            await client.until(lambda m: is_state(m) and m["table"]["seats"][0]["online"])
            await other.until(lambda m: is_state(m) and m["table"]["seats"][0]["online"])
        else:
            await other.until(lambda m: is_state(m) and m["table"]["seats"][1]["online"])
        before = table.version()
        await send(client, table)
        error = await client.error()
        assert error["code"] == code, error
        assert error["message"]
        assert await client.sync() == []  # the connection still works
        assert table.version() == before
        assert await other.sync() == []
        assert not [m for m in other.messages if m["type"] == "error"]
        await client.close()
        await other.close()
        return error

    return asyncio.run(scenario())


def sending(message: Message | str | bytes) -> Callable[[Client, Table], Awaitable[None]]:
    async def send(client: Client, table: Table) -> None:
        await client.send(message)

    return send


def test_malformed_json(server: ServerThread) -> None:
    refused(server, sending('{"type": "action", "action": '), "bad_json")


def test_not_an_object(server: ServerThread) -> None:
    refused(server, sending("[1, 2, 3]"), "invalid_message")


def test_unknown_type(server: ServerThread) -> None:
    error = refused(server, sending({"type": "cheat", "id": "x1"}), "unknown_type")
    assert error["ref"] == "x1"
    assert error["message"].endswith(f"known: {', '.join(MESSAGE_TYPES)}")


PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def test_every_client_message_type_is_known_and_documented() -> None:
    models = [
        model
        for model in vars(protocol).values()
        if isinstance(model, type)
        and issubclass(model, protocol.Incoming)
        and "type" in model.model_fields
    ]
    tags = [tag for model in models for tag in get_args(model.model_fields["type"].annotation)]
    assert sorted(MESSAGE_TYPES) == sorted(tags)  # each model's type, once
    docs = PROTOCOL.read_text(encoding="utf-8")
    table = docs[docs.index("### Client → server") : docs.index("### Server → client")]
    assert sorted(re.findall(r"^\| `(\w+)` \|", table, re.MULTILINE)) == sorted(MESSAGE_TYPES)


def test_every_key_of_a_state_message_is_documented() -> None:
    docs = PROTOCOL.read_text(encoding="utf-8")
    section = docs[docs.index("**`state`**") : docs.index("**`error`**")]
    bullets = set(re.findall(r"^- `(\w+)", section, re.MULTILINE))
    example = set(json.loads(section[section.index("```json") + 7 : section.index("```\n")]))
    sent = STATE_KEYS | {"record", "earlier"}
    assert sent - example - bullets == set()
    assert sent - {"record", "earlier"} <= example  # the example holds every key always sent


def test_missing_type(server: ServerThread) -> None:
    refused(server, sending({"action": "guard 1 priest"}), "invalid_message")


def test_unknown_field(server: ServerThread) -> None:
    refused(server, sending({"type": "action", "action": "handmaid", "seat": 1}), "invalid_message")


def test_wrong_field_type(server: ServerThread) -> None:
    refused(server, sending({"type": "action", "action": 5}), "invalid_message")


def test_oversize_message(server: ServerThread) -> None:
    big = {"type": "action", "action": "guard 1 priest", "id": "x" * 10_000}
    refused(server, sending(json.dumps(big)), "too_large")


def test_binary_frame(server: ServerThread) -> None:
    refused(server, sending(b'{"type": "ping"}'), "binary")


def test_action_before_hello(server: ServerThread) -> None:
    refused(server, sending(action_message("handmaid")), "not_joined", hello=None)


def test_unknown_table(server: ServerThread) -> None:
    hello = {"type": "hello", "table": "no-such-table"}
    refused(server, sending(hello), "unknown_table", hello=None)


def test_wrong_seat_token(server: ServerThread) -> None:
    async def send(client: Client, table: Table) -> None:
        await client.send({"type": "hello", "table": table.id, "token": "A" * 32})

    refused(server, send, "bad_token", hello=None)


def test_malformed_seat_token(server: ServerThread) -> None:
    async def send(client: Client, table: Table) -> None:
        await client.send({"type": "hello", "table": table.id, "token": "<script>"})

    refused(server, send, "invalid_message", hello=None)


def test_second_hello(server: ServerThread) -> None:
    async def send(client: Client, table: Table) -> None:
        await client.send({"type": "hello", "table": table.id})

    refused(server, send, "already_joined")


def test_spectator_cannot_act(server: ServerThread) -> None:
    async def scenario() -> None:
        table = Table(server)
        spectator = await Client.open(server.ws_url, table.id)
        view = (await spectator.until(is_state))["view"]
        assert view["seat"] is None
        assert view["hand"] is None
        assert view["legal_actions"] == []
        await spectator.send(action_message("handmaid"))
        assert (await spectator.error())["code"] == "spectator"
        await spectator.close()

    asyncio.run(scenario())


def test_action_out_of_turn(server: ServerThread) -> None:
    async def send(client: Client, table: Table) -> None:
        bruno = await Client.open(server.ws_url, table.id, table.bruno["token"], seat=1)
        await bruno.send(action_message("handmaid"))
        assert (await bruno.error())["code"] == "not_your_turn"
        await bruno.close()
        await client.send(action_message("no_such_card"))

    refused(server, send, "bad_notation")


def test_illegal_action(server: ServerThread) -> None:
    async def send(client: Client, table: Table) -> None:
        state = await client.until(my_turn)
        legal = state["view"]["legal_actions"]
        illegal = next(a for a in ("princess", "countess", "guard 0 priest") if a not in legal)
        await client.send(action_message(illegal, state["position"]))

    error = refused(server, send, "illegal_action")
    assert "R" in error["message"] or "hold" in error["message"]


def test_start_with_a_wrong_host_token(server: ServerThread) -> None:
    refused(server, sending({"type": "rematch", "host_token": "B" * 32}), "not_host")


def test_start_twice(server: ServerThread) -> None:
    async def send(client: Client, table: Table) -> None:
        await client.send({"type": "start", "host_token": table.created["host_token"]})

    refused(server, send, "already_started")


def test_rematch_before_the_end(server: ServerThread) -> None:
    async def send(client: Client, table: Table) -> None:
        await client.send({"type": "rematch", "host_token": table.created["host_token"]})

    refused(server, send, "not_finished")


def test_a_flood_is_limited_then_disconnected(server: ServerThread) -> None:
    async def scenario() -> None:
        table = Table(server)
        client = await Client.open(server.ws_url, table.id)
        await client.until(is_state)
        ping = json.dumps({"type": "ping"})
        with contextlib.suppress(ConnectionClosed):  # closed before the last ones
            for _ in range(1000):
                await client.websocket.send(ping)
        assert await client.drain() == 1008
        codes = [m["code"] if m["type"] == "error" else m["type"] for m in client.messages[1:]]
        assert "pong" in codes
        # Closed at the end of exactly max_strikes refusals in a row (a refill between
        # two refusals lets one message through and starts the count again).
        strikes = server.settings.max_strikes
        assert codes[-strikes:] == ["rate_limited"] * strikes
        assert codes[-strikes - 1] == "pong"

    asyncio.run(scenario())


def test_silent_connection_is_closed(server: ServerThread) -> None:
    async def scenario() -> None:
        client = await Client.open(server.ws_url)
        assert await client.drain() == 1008
        assert [m["code"] for m in client.messages] == ["hello_timeout"]

    asyncio.run(scenario())


def test_a_huge_frame_closes_the_connection(server: ServerThread) -> None:
    async def scenario() -> None:
        client = await Client.open(server.ws_url)
        await client.send("x" * 100_000)
        with pytest.raises(ConnectionClosed) as closed:
            await client.recv()
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 1009

    asyncio.run(scenario())


# Hostile input: valid JSON text that is no valid message (lone surrogates, numbers out
# of range, deep nesting, control characters) and text that is not JSON at all.
@pytest.mark.parametrize(
    ("text", "code"),
    [
        ('{"type": "ping", "id": ' + str(2**64 + 1) + "}", "invalid_message"),
        ('{"type": "ping", "id": ' + str(-(2**63) - 1) + "}", "invalid_message"),
        ('{"type": "ping", "id": ' + "9" * 4000 + "}", "invalid_message"),
        ('{"type": "ping", "id": 1e999}', "invalid_message"),
        ('{"type": "ping", "id": NaN}', "bad_json"),
        ('{"type": "ping", "id": -Infinity}', "bad_json"),
        ('{"type": "ping", "id": "\\ud800"}', "invalid_message"),
        ('{"type": "\\ud800"}', "invalid_message"),
        ('{"type": "action", "action": "guard 1 \\udfff"}', "invalid_message"),
        ('{"type": "lang", "lang": "\\ud800"}', "invalid_message"),
        ('{"\\ud800": 1, "type": "ping"}', "invalid_message"),
        ('{"type": "ping", "id": "bell\\u0007"}', "invalid_message"),
        ('{"type": "action", "action": "guard\\u001b[2J 1 priest"}', "invalid_message"),
        ('{"type": "chat", "text": "\\u202eolleh"}', "invalid_message"),
        ('{"type": "chat", "text": "a\\u2066b"}', "invalid_message"),
        ('{"type": "ping", "id": ' + "[" * 1500 + "]" * 1500 + "}", "invalid_message"),
        ("[" * 4000, "invalid_message"),
    ],
)
def test_hostile_json_is_refused_and_the_connection_stays(
    server: ServerThread, text: str, code: str
) -> None:
    error = refused(server, sending(text), code)
    assert "ref" not in error  # nothing of a hostile message is echoed back
    assert len(error["message"]) <= 300


def test_a_hostile_hello_is_refused(server: ServerThread) -> None:
    for text in (
        '{"type": "hello", "table": "\\ud800"}',
        '{"type": "hello", "table": "ab\\u0000cd"}',
    ):
        refused(server, sending(text), "invalid_message", hello=None)


def test_a_wrong_seat_token_is_refused_alike_whatever_its_length(server: ServerThread) -> None:
    # Seat tokens are hashed and compared in constant time: a guess of the right length
    # fares no differently from any other.
    async def scenario() -> list[Message]:
        table = Table(server)
        errors = []
        for token in ("A" * len(table.ana["token"]), "A" * 8, "A" * 64):
            client = await Client.open(server.ws_url, table.id, token)
            errors.append(await client.error())
            await client.close()
        return errors

    errors = asyncio.run(scenario())
    assert [e["code"] for e in errors] == ["bad_token"] * 3
    assert len({e["message"] for e in errors}) == 1


@pytest.mark.parametrize(
    "payload",
    [b'{"type": "ping", "id": "\xed\xa0\x80"}', b"\xff", b'{"type": "ping", "id": "\xc3'],
)
def test_a_text_frame_that_is_not_utf8_closes_the_connection_without_a_traceback(
    server: ServerThread, payload: bytes
) -> None:
    async def scenario() -> int | None:
        client = await Client.open(server.ws_url, Table(server).id)
        client.websocket.protocol.send_frame(Frame(Opcode.TEXT, payload))
        client.websocket.send_data()
        return await client.drain()  # the answer to the hello may come first

    with ServerLog() as log:
        assert asyncio.run(scenario()) == 1007  # invalid frame payload data
        assert log.wait_for("UTF-8").getMessage() == (
            "a client sent a text frame that is not UTF-8: connection closed (1007)"
        )
    assert log.tracebacks() == []
