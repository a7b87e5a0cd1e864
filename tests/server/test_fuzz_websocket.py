"""Fuzzing the WebSocket protocol: hostile messages on long-lived connections.

One server for the module, one started table (Bruno's turn), and three connections
kept across every example: Ana seated (her actions are out of turn), a newcomer that
never said hello, and Bruno watching. Each hostile message must get an ``error``
with a documented code (never ``server_error``), leave the connection open (a ping
is answered), change nothing (the table's version), log no traceback, and reach
neither other connection.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Coroutine, Iterator
from typing import Any, TypeVar

import httpx
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from .harness import (
    FIRST_MOVE,
    TIMEOUT,
    Client,
    ServerLog,
    ServerThread,
    create_table,
    fast_settings,
    join,
)
from .hostile import WEBSOCKET_CODES, fragments, hostile_json

T = TypeVar("T")

TEMPLATES: list[dict[str, Any]] = [
    {"type": "hello", "table": "AAAAAAAAAAAA", "token": "A" * 32, "lang": "en", "id": 1},
    {"type": "lang", "lang": "fr", "id": "x"},
    {"type": "action", "action": "guard 1 priest", "position": FIRST_MOVE, "id": 2},
    {"type": "start", "host_token": "A" * 32},
    {"type": "rematch", "host_token": "A" * 32},
    {"type": "ping", "id": 3},
]
#: Within the 4 KiB of a message, some deeper than the server reads, some beyond it.
FRAGMENTS = fragments(max_depth=3000, oversize=(100, 20_000))
HOSTILE = st.one_of(
    hostile_json(TEMPLATES, FRAGMENTS),
    st.text(max_size=300).filter(lambda text: not text.lstrip().startswith("{")),
    st.binary(max_size=300),
)


class Arena:
    """The table and its three connections, on an event loop of their own that
    outlives each example."""

    def __init__(self, server: ServerThread) -> None:
        self.server = server
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        created = create_table(server.url, options={"first_player": 1})
        self.table: str = created["table"]
        ana = join(server.url, self.table, "Ana")
        bruno = join(server.url, self.table, "Bruno")
        answer = httpx.post(
            f"{server.url}/api/tables/{self.table}/start",
            json={"host_token": created["host_token"]},
            timeout=TIMEOUT,
        )
        assert answer.status_code == 200, answer.text
        self.seated = self.run(Client.open(server.ws_url, self.table, ana["token"], seat=0))
        self.watcher = self.run(Client.open(server.ws_url, self.table, bruno["token"], seat=1))
        for client in (self.seated, self.watcher):  # both see both online: all is told
            self.run(client.until(lambda m: m["type"] == "state" and both_online(m)))
        self.newcomer = self.run(Client.open(server.ws_url))

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(TIMEOUT)

    def version(self) -> int:
        state = self.server.service.cached(self.table)
        assert state is not None
        return state.version

    def close(self) -> None:
        for client in (self.seated, self.watcher, self.newcomer):
            self.run(client.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(TIMEOUT)
        self.loop.close()


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Arena, ServerLog]]:
    folder = tmp_path_factory.mktemp("fuzz-ws")
    roomy = fast_settings(
        f"sqlite:///{folder / 'loveletter.db'}",
        rate=100_000.0,  # the fuzzer sends faster than any player: no rate refusals
        burst=100_000,
        hello_timeout=3600.0,  # the newcomer stays unjoined all along
    )
    with ServerThread(roomy) as server, ServerLog() as log:
        arena = Arena(server)
        yield arena, log
        arena.close()


def both_online(state: dict[str, Any]) -> bool:
    return all(seat["online"] for seat in state["table"]["seats"])


async def refused(client: Client, message: str | bytes) -> dict[str, Any]:
    """Send one message; the next one received must be an error, and a ping must
    still be answered."""
    await client.send(message)
    answer = await client.recv()
    assert answer["type"] == "error", answer
    assert await client.sync() == []
    return answer


@settings(
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(messages=st.lists(HOSTILE, min_size=1, max_size=6), newcomer=st.booleans())
def test_hostile_messages_are_refused_and_change_nothing(
    arena: tuple[Arena, ServerLog], messages: list[str | bytes], newcomer: bool
) -> None:
    table, log = arena
    client = table.newcomer if newcomer else table.seated
    before = table.version()
    watched = len(table.watcher.messages)
    for message in messages:
        error = table.run(refused(client, message))
        assert error["code"] in WEBSOCKET_CODES - {"server_error"}, error
        assert len(error["message"]) <= 300
    assert table.version() == before
    assert table.run(table.watcher.sync()) == []
    assert [m["type"] for m in table.watcher.messages[watched:]] == ["pong"]
    assert log.tracebacks() == []


#: A message's valid ``id``: an integer every JSON reader holds, or short plain text.
IDS = st.one_of(
    st.integers(-(2**53 - 1), 2**53 - 1),
    st.text(st.characters(codec="utf-8", categories=["L", "N", "P", "S", "Zs"]), max_size=64),
)
#: Templates without an id: the test puts one in, first or last.
NO_ID = [{key: value for key, value in t.items() if key != "id"} for t in TEMPLATES]
#: Fragments that fit a message of 4 KiB with the rest of it.
SMALL_FRAGMENTS = fragments(max_depth=1500, oversize=(100, 3000))


@st.composite
def with_id(draw: st.DrawFn) -> tuple[str, str | int]:
    """A hostile message with a valid id among its top-level fields, and that id."""
    message = draw(hostile_json(NO_ID, SMALL_FRAGMENTS))
    ref = draw(IDS)
    member = f'"id": {json.dumps(ref)}'
    if draw(st.booleans()):
        return "{" + member + ", " + message[1:], ref
    return message[:-1] + ", " + member + "}", ref


@settings(
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(message=with_id(), newcomer=st.booleans())
def test_a_refused_message_with_a_valid_id_gets_its_ref(
    arena: tuple[Arena, ServerLog], message: tuple[str, str | int], newcomer: bool
) -> None:
    text, ref = message
    assume(len(text.encode("utf-8", "surrogatepass")) <= 4096)  # read, not too_large
    table, log = arena
    client = table.newcomer if newcomer else table.seated
    before = table.version()
    error = table.run(refused(client, text))
    assert error["code"] in WEBSOCKET_CODES - {"server_error"}, error
    assert error.get("ref") == ref, (error, text[:200])
    assert table.version() == before
    assert log.tracebacks() == []


@pytest.mark.parametrize(
    "text",
    [
        '{"type": "ping", "id": 7, "n": 9007199254740993}',
        '{"id": 7, "type": "ping", "n": 1e999}',
        '{"type": "ping", "n": ' + "[" * 17 + "]" * 17 + ', "id": 7}',
        '{"type": "ping", "n": NaN, "id": 7}',
    ],
)
def test_a_message_beyond_the_limits_gets_its_ref(
    arena: tuple[Arena, ServerLog], text: str
) -> None:
    table, _ = arena
    error = table.run(refused(table.newcomer, text))
    assert error["code"] in {"invalid_message", "bad_json"}
    assert error["ref"] == 7
