"""Fixtures of the browser tests: the real server on a free port, Debian's Chromium.

Chromium comes from the system (``apt-get install -y chromium``, /usr/bin/chromium):
Playwright's own browser downloads are not used.
"""

from __future__ import annotations

import queue
import re
import socket
import threading
from collections.abc import Iterator
from email import message_from_bytes
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from loveletter.server.policies import PolicyLevel
from loveletter.server.run import bind, make_server
from loveletter.server.settings import Settings

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 20_000


class Server:
    """The app served by uvicorn in a thread: bots at once, a short pause between rounds.
    (``port`` 0: any free port; a restarted server takes its predecessor's.)"""

    def __init__(
        self,
        db: Path,
        host: str = "127.0.0.1",
        round_pause: float = 0.05,
        policies: tuple[PolicyLevel, ...] = (),
        port: int = 0,
        **changes: Any,
    ) -> None:
        self.sock = bind(host, port)
        self.port: int = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"  # the browser comes through the loopback
        settings = Settings(
            db_url=f"sqlite:///{db}",
            bot_delay=0.0,
            round_pause=round_pause,
            bot_workers=1,
            sweep_interval=0.2,
            listen_host=host,
            policies=policies,
            leaderboard_min_games=1,
            **changes,
        )
        self.server = make_server(settings)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    def __enter__(self) -> Server:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(30)
        self.sock.close()


class Inbox:
    """A real SMTP server on loopback (aiosmtpd): the mails it received, in order."""

    def __init__(self) -> None:
        self.mails: queue.Queue[Message] = queue.Queue()
        self.controller = Controller(self, hostname="127.0.0.1", port=free_port())

    @property
    def url(self) -> str:
        """The ``--smtp`` URL of this server."""
        return f"smtp://127.0.0.1:{self.controller.port}"

    def __enter__(self) -> Inbox:
        self.controller.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.controller.stop()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 - aiosmtpd's name
        self.mails.put(message_from_bytes(envelope.content))
        return "250 OK"

    def next(self) -> Message:
        """The next mail received (waits for it)."""
        return self.mails.get(timeout=30)

    def link(self, to: str | None = None) -> str:
        """The link in the next mail received (waits for it), sent to ``to`` if given."""
        mail = self.next()
        assert to is None or mail["To"] == to, mail["To"]
        body = mail.get_payload(decode=True)
        assert isinstance(body, bytes)
        found = re.search(r"http://\S+", body.decode())
        assert found
        return found.group(0)


def free_port() -> int:
    """A port free on the loopback now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(tmp_path_factory.mktemp("web") / "loveletter.db") as running:
        yield running


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), "install Chromium first: apt-get install -y chromium"
    launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield launched
    launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh browser profile in English, on a desktop screen."""
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 860})
    context.set_default_timeout(TIMEOUT_MS)
    opened = context.new_page()
    yield opened
    context.close()
