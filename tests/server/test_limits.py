"""What one client may cost the server without a token: every resource is bounded."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from .harness import TIMEOUT, Client, ServerThread, create_table, fast_settings

#: The request deadline of these tests' server, seconds.
DEADLINE = 0.5


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """A server with a short request deadline and a small table-creation budget."""
    folder = tmp_path_factory.mktemp("limits")
    settings = fast_settings(
        f"sqlite:///{folder / 'loveletter.db'}",
        request_timeout=DEADLINE,
        create_burst=3,
        create_rate=0.001,
        max_connections=3,
    )
    with ServerThread(settings) as running:
        yield running


def test_asking_for_unknown_tables_leaves_nothing_behind(server: ServerThread) -> None:
    service = server.service
    known = create_table(server.url)["table"]
    cached = len(service._cache)

    async def ask() -> None:
        limit = asyncio.Semaphore(50)
        async with httpx.AsyncClient(base_url=server.url, timeout=TIMEOUT) as http:

            async def one(path: str) -> None:
                async with limit:
                    assert (await http.get(path)).status_code == 404

            ids = [secrets.token_urlsafe(9) for _ in range(1_000)]
            paths = [f"/api/tables/{i}" for i in ids[:500]]
            paths += [f"/api/tables/{i}/games" for i in ids[500:]]
            await asyncio.gather(*(one(path) for path in paths))
        for _ in range(100):
            client = await Client.open(server.ws_url, secrets.token_urlsafe(9))
            assert (await client.error())["code"] == "unknown_table"
            await client.close()

    asyncio.run(ask())
    assert len(service.locks) == 0
    assert len(service._cache) <= cached
    assert httpx.get(f"{server.url}/api/tables/{known}").status_code == 200


def open_socket(server: ServerThread, data: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT)
    sock.sendall(data)
    return sock


def closed_by_server(sock: socket.socket) -> bool:
    """Wait for the server to close the connection; whether it did (rather than answer)."""
    with sock:
        try:
            return sock.recv(65536) == b""
        except ConnectionResetError:
            return True


def test_half_sent_requests_are_closed_after_the_deadline(strict: ServerThread) -> None:
    head = b"GET /api/health HTTP/1.1\r\nHost: test\r\n"
    body = b"POST /api/tables HTTP/1.1\r\nHost: test\r\nContent-Length: 100\r\n\r\n{"
    upgrade = b"GET /ws HTTP/1.1\r\nHost: test\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    begun = time.monotonic()
    sockets = [open_socket(strict, head) for _ in range(200)]
    sockets += [open_socket(strict, b""), open_socket(strict, body), open_socket(strict, upgrade)]
    assert all(closed_by_server(sock) for sock in sockets)
    assert time.monotonic() - begun < DEADLINE + 10  # closed by the deadline, not by the test
    assert httpx.get(f"{strict.url}/api/health").json()["status"] == "ok"


def test_a_kept_alive_connection_has_the_deadline_for_its_next_request(
    strict: ServerThread,
) -> None:
    request = b"GET /api/health HTTP/1.1\r\nHost: test\r\n\r\n"
    sock = open_socket(strict, request)
    assert sock.recv(65536).startswith(b"HTTP/1.1 200")
    sock.sendall(b"GET /api/health HTTP/1.1\r\n")  # half of the next one
    assert closed_by_server(sock)


def test_a_websocket_outlives_the_request_deadline(strict: ServerThread) -> None:
    async def scenario() -> None:
        table = create_table(strict.url)["table"]
        client = await Client.open(strict.ws_url, table)
        await client.until(lambda m: m["type"] == "state")
        await asyncio.sleep(DEADLINE * 4)  # idle on purpose: the deadline must not apply
        assert await client.sync() == []
        await client.close()

    asyncio.run(scenario())


def client_at(address: str) -> httpx.Client:
    """An HTTP client whose connections come from ``address`` (any of 127.0.0.0/8)."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=TIMEOUT)


def test_table_creation_is_limited_per_address(strict: ServerThread) -> None:
    with client_at("127.0.0.3") as http:
        answers = [http.post(f"{strict.url}/api/tables", json={}) for _ in range(5)]
        assert [a.status_code for a in answers] == [201, 201, 201, 429, 429]
        refused = answers[-1]
        assert refused.json()["error"]["code"] == "rate_limited"
        assert int(refused.headers["retry-after"]) >= 1
        assert http.get(f"{strict.url}/api/health").status_code == 200  # only creation
    with client_at("127.0.0.4") as http:  # another address has its own budget
        assert http.post(f"{strict.url}/api/tables", json={}).status_code == 201


def test_a_creation_budget_that_never_refills(tmp_path: Path) -> None:
    settings = fast_settings(f"sqlite:///{tmp_path / 'db'}", create_burst=1, create_rate=0.0)
    with ServerThread(settings) as server:
        assert httpx.post(f"{server.url}/api/tables", json={}).status_code == 201
        refused = httpx.post(f"{server.url}/api/tables", json={})
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "rate_limited"
        assert "retry-after" not in refused.headers


def test_websocket_connections_are_limited_per_address(strict: ServerThread) -> None:
    async def scenario() -> None:
        held = [await Client.open(strict.ws_url) for _ in range(3)]
        for client in held:
            assert await client.sync() == []
        extra = await Client.open(strict.ws_url)
        refused = await extra.error()
        assert refused["code"] == "too_many_connections"
        assert "3 connections" in refused["message"]
        assert await extra.drain() == 1008
        await held.pop().close()
        async with asyncio.timeout(TIMEOUT):  # once the server counts the closed one out
            while True:
                again = await Client.open(strict.ws_url)
                with contextlib.suppress(ConnectionClosed):  # refused: closed meanwhile
                    await again.send({"type": "ping"})
                    if (await again.recv())["type"] == "pong":
                        break
                await again.drain()
        for client in [*held, again]:
            await client.close()

    asyncio.run(scenario())


def test_only_a_trusted_proxy_tells_the_address(tmp_path: Path) -> None:
    """Table creation is counted per address: the forwarded one from a trusted proxy
    (here, this machine), the connection's own otherwise."""
    for trusted, counted in (("127.0.0.1", "by forwarded address"), ("", "by connection")):
        settings = fast_settings(
            f"sqlite:///{tmp_path / f'proxy{bool(trusted)}.db'}",
            create_burst=1,
            create_rate=0.001,
            trusted_proxies=trusted,
        )
        with ServerThread(settings) as running:
            statuses = [
                httpx.post(
                    f"{running.url}/api/tables",
                    json={},
                    headers={"X-Forwarded-For": f"203.0.113.{n}"},
                    timeout=TIMEOUT,
                ).status_code
                for n in (1, 2)
            ]
        expected = [201, 201] if counted == "by forwarded address" else [201, 429]
        assert statuses == expected, trusted
