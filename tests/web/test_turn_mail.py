"""A turn-based table in the browser, over days of the server's clock (moved by the
test): when a move's day runs out, the stand-in plays it and the next player, away,
gets a mail (a real SMTP server receives it) whose link opens the table at their
seat, signed in; they play there; the server restarts and the table goes on."""

from __future__ import annotations

import random
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect

from loveletter.server import service
from loveletter.server.clock import ManualClock
from loveletter.server.sessions import CSRF_HEADER, SESSION_COOKIE

from .conftest import TIMEOUT_MS, Inbox, Server
from .ui import MY_TURN, play_turn

PASSWORD = "correct horse battery"
DAY = 86400.0
#: A deal where whatever the first three moves are, no round ends: Ana plays, then
#: Bruno, then Ana, and it is Bruno's turn.
SEED = 19


def verified(server: Server, inbox: Inbox, name: str, email: str) -> httpx.Client:
    """A browser's session of a new account whose address is confirmed."""
    http = httpx.Client(base_url=server.url)
    answer = http.post("/api/account", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    http.headers[CSRF_HEADER] = answer.json()["csrf"]
    assert http.post("/api/account/email", json={"email": email}).status_code == 204
    token = inbox.link(email).split("token=", 1)[1]
    assert http.post("/api/account/email/verify", json={"token": token}).status_code == 204
    return http


def test_a_day_later_the_mail_s_link_opens_the_seat_and_the_table_survives_a_restart(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service, "unpredictable_rng", lambda: random.Random(SEED))
    clock = ManualClock(1_800_000_000.0)
    db = tmp_path / "days.db"
    with Inbox() as inbox, ExitStack() as stack:
        # One key for the site: the restarted server keeps its players' sessions.
        site: dict[str, Any] = {"smtp_url": inbox.url, "clock": clock, "secret_key": "k" * 43}
        server = Server(db, **site).__enter__()
        stack.callback(lambda: server.__exit__())  # the one running at the end
        ana = verified(server, inbox, "Ana Web", "ana@example.org")
        stack.callback(ana.close)
        bruno = verified(server, inbox, "Bruno Web", "bruno@example.org")
        stack.callback(bruno.close)
        created = ana.post(
            "/api/tables",
            json={
                "edition": "classic",
                "seats": [{"kind": "open"}, {"kind": "open"}],
                "options": {"first_player": 0, "tokens_to_win": 7},
                "turn_timer": DAY,
            },
        ).json()
        table, host_token = created["table"], created["host_token"]
        body = {"name": "x", "host_token": host_token}
        assert ana.post(f"/api/tables/{table}/join", json=body).status_code == 200
        assert bruno.post(f"/api/tables/{table}/join", json={"name": "x"}).status_code == 200
        started = httpx.post(
            f"{server.url}/api/tables/{table}/start", json={"host_token": host_token}
        )
        assert started.status_code == 200
        assert inbox.link("ana@example.org") == f"{server.url}/t/{table}"  # her turn

        # A day passes: Ana's stand-in plays her move, and Bruno is told by mail.
        clock.advance(DAY)
        link = inbox.link("bruno@example.org")
        assert link == f"{server.url}/t/{table}"

        context = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 768})
        stack.callback(context.close)
        context.set_default_timeout(TIMEOUT_MS)
        session = bruno.cookies[SESSION_COOKIE]
        context.add_cookies([{"name": SESSION_COOKIE, "value": session, "url": server.url}])
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(link)
        page.wait_for_selector(MY_TURN)  # his seat, signed in, with no token
        expect(page.locator("#topbar-info")).to_contain_text("1 day a move")
        play_turn(page, random.Random(1))
        # Ana's turn: she is away, and her last mail is a day old: she is told.
        assert inbox.link("ana@example.org") == f"{server.url}/t/{table}"
        expect(page.locator(MY_TURN)).to_have_count(0)

        # The server restarts on the same address: the page comes back to the table.
        server.__exit__()
        server = Server(db, port=server.port, **site).__enter__()
        # Another day: Ana's stand-in plays, and it is Bruno's turn in his page again
        # (he is at the table: no mail).
        clock.advance(DAY)
        page.wait_for_selector(MY_TURN)
        assert inbox.mails.empty()
        # (Chromium itself logs each attempt to reconnect while the server was down.)
        assert [e for e in errors if "ERR_CONNECTION_REFUSED" not in e] == []
