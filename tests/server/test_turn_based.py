"""Turn-based tables, played over days on the server's clock (moved by the test, never
slept through): absence hands no seat to a bot before the move's time runs out, then
the stand-in plays that one move; a signed-in player away from the table is told by
mail that it is their turn (a real SMTP server receives it), once a turn and at most
once a table an hour; and a server restarted between two moves days apart goes on."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator
from email.message import Message as Mail
from pathlib import Path
from typing import Any

import httpx
import pytest

from loveletter.server import service
from loveletter.server.clock import ManualClock
from loveletter.server.sessions import CSRF_HEADER, SESSION_COOKIE
from loveletter.server.turns import TURN_MAIL_SPACING

from .harness import (
    Client,
    Inbox,
    Message,
    ServerThread,
    action_message,
    fast_settings,
    is_state,
    my_turn,
)

PASSWORD = "correct horse battery"
DAY = 86400.0
TIMER = 3 * DAY
LINK = re.compile(r"(http://\S+)/(verify|t/)(\S*)")


@pytest.fixture
def inbox() -> Iterator[Inbox]:
    with Inbox() as box:
        yield box


def body_of(mail: Mail) -> str:
    payload = mail.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode()


class Player:
    """A signed-in player with a verified address, seen through their browser."""

    def __init__(self, server: ServerThread, inbox: Inbox, name: str, email: str) -> None:
        self.name = name
        self.email = email
        self.http = httpx.Client(base_url=server.url)
        answer = self.http.post("/api/account", json={"name": name, "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        self.http.headers[CSRF_HEADER] = answer.json()["csrf"]
        assert self.http.post("/api/account/email", json={"email": email}).status_code == 204
        found = LINK.search(body_of(inbox.next()))
        assert found is not None
        token = found.group(3).removeprefix("?token=")
        assert self.http.post("/api/account/email/verify", json={"token": token}).status_code == 204

    def joined(self, table: str, host_token: str | None = None) -> Message:
        body: dict[str, Any] = {"name": "ignored", "host_token": host_token}
        answer = self.http.post(f"/api/tables/{table}/join", json=body)
        assert answer.status_code == 200, answer.text
        joined: Message = answer.json()
        return joined

    def __enter__(self) -> Player:
        return self

    def __exit__(self, *exc: object) -> None:
        self.http.close()

    def cookie(self) -> dict[str, str]:
        """What the browser that opens a mail's link sends: its session, its origin."""
        session = self.http.cookies[SESSION_COOKIE]
        return {"Cookie": f"{SESSION_COOKIE}={session}", "Origin": str(self.http.base_url)}


def turn_mail_to(inbox: Inbox, player: Player, table: str) -> str:
    """The next mail, which must tell this player it is their turn at this table: its
    link."""
    mail = inbox.next()
    assert mail["To"] == player.email
    assert mail["Subject"] == f"Love Letter: your turn at table {table}"
    text = body_of(mail)
    assert f"Hello {player.name}," in text
    found = LINK.search(text)
    assert found is not None
    assert found.group(2) + found.group(3) == f"t/{table}"
    return found.group(0)


def test_a_turn_based_game_over_days_by_mail_and_through_a_restart(
    tmp_path: Path, inbox: Inbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A dealt deck where each player's first legal move, six times, ends no round.
    monkeypatch.setattr(service, "unpredictable_rng", lambda: random.Random(4))
    clock = ManualClock(1_800_000_000.0)
    db = f"sqlite:///{tmp_path / 'days.db'}"
    settings = fast_settings(
        db, signin_burst=1000, smtp_url=f"smtp://127.0.0.1:{inbox.port}", clock=clock
    )
    with (
        ServerThread(settings) as server,
        Player(server, inbox, "Ana Days", "ana@example.org") as ana,
        Player(server, inbox, "Bruno Days", "bruno@example.org") as bruno,
    ):
        created = ana.http.post(
            "/api/tables",
            json={
                "edition": "classic",
                "seats": [{"kind": "open"}, {"kind": "open"}],
                "options": {"first_player": 0, "tokens_to_win": 7},
                "turn_timer": TIMER,
                "disconnect_timeout": 30.0,
                "public": True,
            },
        ).json()
        table = created["table"]
        ana_token = ana.joined(table, created["host_token"])["token"]
        bruno_token = bruno.joined(table)["token"]
        started = httpx.post(
            f"{server.url}/api/tables/{table}/start", json={"host_token": created["host_token"]}
        ).json()
        assert started["turn_timer"] == TIMER
        assert started["deadline"] == clock.now() + TIMER
        assert [s["standin_at"] for s in started["seats"]] == [None, None]

        # Ana is away when her turn comes: a mail tells her, its link opens her seat.
        link = turn_mail_to(inbox, ana, table)
        assert link == f"{server.url}/t/{table}"
        asyncio.run(opens_her_seat(server, table, ana))

        # Days pass, short of the deadline: no bot plays for her, no second mail.
        clock.advance(TIMER - 60)
        assert server.service.repository.absent_seats(clock.now(), offline_only=False) == []
        asyncio.run(still_first_move(server, table))
        assert inbox.empty()

        # She plays; Bruno, away, is told; he plays; her turn comes again long after
        # her last mail: she is told.
        asyncio.run(plays_one_move(server, table, ana_token))
        turn_mail_to(inbox, bruno, table)
        asyncio.run(plays_one_move(server, table, bruno_token))
        turn_mail_to(inbox, ana, table)
        # She plays at once: Bruno's turn comes within the hour of his last mail, so he
        # is told only once the hour has passed.
        asyncio.run(plays_one_move(server, table, ana_token))
        assert inbox.empty()
        clock.advance(TURN_MAIL_SPACING)
        turn_mail_to(inbox, bruno, table)

    # Two days later, the server restarted, Bruno comes back and plays on.
    clock.advance(2 * DAY)
    with ServerThread(settings) as server:
        asyncio.run(plays_one_move(server, table, bruno_token))
        turn_mail_to(inbox, ana, table)
        # Ana lets her time run out: her stand-in plays that one move, and it is
        # Bruno's turn (he is told).
        clock.advance(TIMER)
        turn_mail_to(inbox, bruno, table)
        asyncio.run(stood_in_once(server, table))


async def opens_her_seat(server: ServerThread, table: str, ana: Player) -> None:
    """The page of the link says hello with no token: the session plays her seat."""
    client = await Client.open(server.ws_url, table, seat=0, headers=ana.cookie())
    try:
        first = await client.until(is_state)
        assert first["you"] == {"seat": 0}
        assert first["view"]["legal_actions"]
    finally:
        await client.close()


async def still_first_move(server: ServerThread, table: str) -> None:
    client = await Client.open(server.ws_url, table)
    try:
        state = await client.until(is_state)
        assert state["position"]["actions"] == 0
        assert not state["table"]["seats"][0]["standin"]
    finally:
        await client.close()


async def stood_in_once(server: ServerThread, table: str) -> None:
    client = await Client.open(server.ws_url, table)
    try:
        state = await client.until(is_state)
        assert state["position"]["actions"] == 5
        assert [seat["standin"] for seat in state["table"]["seats"]] == [False, False]
    finally:
        await client.close()


async def plays_one_move(server: ServerThread, table: str, token: str) -> None:
    """The player's client connects, plays its first legal move (the dealt deck makes
    none of them end the round), sees it played, and leaves."""
    client = await Client.open(server.ws_url, table, token)
    try:
        turn = await client.until(my_turn)
        assert 0 < turn["table"]["deadline"] - turn["server_time"] <= TIMER
        await client.send(action_message(turn["view"]["legal_actions"][0], turn["position"]))
        await client.until(lambda m: is_state(m) and m["position"] != turn["position"])
    finally:
        await client.close()
