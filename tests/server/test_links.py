"""Invitation links others can use: a server on every interface prints this machine's
network addresses and builds links from one (never a loopback address); behind a
proxy, ``--public-url`` gives them; on loopback the links work on this computer only."""

from __future__ import annotations

from pathlib import Path

import httpx

from loveletter.server.addresses import is_loopback, lan_addresses, links

from .harness import TIMEOUT, ServerProcess, create_table


def test_a_server_on_every_interface_invites_with_a_network_address(tmp_path: Path) -> None:
    server = ServerProcess("memory", tmp_path / "server.log", "--host", "0.0.0.0").start()
    try:
        expected = lan_addresses()
        host = server.url.split("//")[1].rsplit(":", 1)[0]
        assert host == (expected[0] if expected else "127.0.0.1")
        # Even asked through the loopback, the link names an address others reach.
        port = server.url.rsplit(":", 1)[1]
        local = f"http://127.0.0.1:{port}"
        created = create_table(local)
        info = httpx.get(f"{local}/api/links", timeout=TIMEOUT).json()
        if expected:
            assert created["invite_url"] == f"http://{expected[0]}:{port}/t/{created['table']}"
            assert info == {
                "base": f"http://{expected[0]}:{port}",
                "local_only": False,
                "listen": "0.0.0.0",
            }
    finally:
        server.stop()


def test_a_public_url_makes_the_links(tmp_path: Path) -> None:
    public = "https://cards.example.org"
    key = "k" * 32  # a public URL needs the sessions' key (tests/server/test_hosting.py)
    server = ServerProcess(
        "memory", tmp_path / "server.log", "--public-url", public, "--secret-key", key
    ).start()
    try:
        created = create_table(server.url)
        assert created["invite_url"] == f"{public}/t/{created['table']}"
        assert created["ws_url"] == "wss://cards.example.org/ws"
    finally:
        server.stop()


def test_a_loopback_server_says_its_links_work_here_only(tmp_path: Path) -> None:
    server = ServerProcess("memory", tmp_path / "server.log").start()
    try:
        info = httpx.get(f"{server.url}/api/links", timeout=TIMEOUT).json()
        assert info == {"base": None, "local_only": True, "listen": "127.0.0.1"}
    finally:
        server.stop()


def test_loopback_and_links() -> None:
    assert is_loopback("127.0.0.1")
    assert is_loopback("::1")
    assert is_loopback("[::1]")
    assert is_loopback("localhost")
    assert not is_loopback("192.168.1.20")
    assert links("192.168.1.20", 8000, None).base == "http://192.168.1.20:8000"
    assert links("::", 8000, "http://x.org/").base == "http://x.org"
    assert all(not is_loopback(address) for address in lan_addresses())
