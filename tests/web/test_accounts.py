"""Accounts in the browser: sign up from the top bar, create a table under the
account's name, then on another device (another browser context) sign in and play
the same seat; a guest who signs up at the table keeps their seat; a finished game
between accounts shows their ratings' change, the profile and the leaderboard; a
wrong password is told in the dialog, in English and in French."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import re
import threading
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from websockets.asyncio.client import connect

from loveletter.server.sessions import CSRF_HEADER

from .conftest import TIMEOUT_MS, Inbox, Server

PASSWORD = "correct horse battery"
_numbers = itertools.count(1)


def device(browser: Browser, locale: str = "en-US") -> BrowserContext:
    """Another browser: its own cookies and storage."""
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 860})
    context.set_default_timeout(TIMEOUT_MS)
    return context


def account_dialog(page: Page, mode: str) -> None:
    """Open the account's dialog on signing in (``in``) or creating an account (``up``)."""
    page.click("#account-button")
    expect(page.locator("#account-dialog")).to_be_visible()
    if mode == "up":
        page.click("#account-switch")


def sign(page: Page, mode: str, name: str, password: str = PASSWORD) -> None:
    account_dialog(page, mode)
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click("#account-submit")


def lobby_table(page: Page) -> str:
    """Create a two-seat Classic table from the home page, its other seat for a friend:
    it stays in the lobby, where no round's dialog opens; returns its address."""
    page.select_option("#edition", "classic")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "open")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    return page.url


def signed_in_as(page: Page, name: str) -> None:
    expect(page.locator("#account-dialog")).to_be_hidden()
    expect(page.locator("#account-button")).to_have_text(name)


def test_a_seat_taken_signed_in_is_played_from_another_device(
    browser: Browser, server: Server
) -> None:
    name = f"Ana {next(_numbers)}"
    laptop, phone = device(browser), device(browser)
    try:
        page = laptop.new_page()
        page.goto(server.url + "/")
        expect(page.locator("#account-button")).to_have_text("Sign in")
        sign(page, "up", name)
        signed_in_as(page, name)
        # The table is created under the account's name, which cannot be changed here.
        expect(page.locator("#name")).to_have_value(name)
        expect(page.locator("#name")).not_to_be_editable()
        table = lobby_table(page)
        expect(page.locator(".lobby-seats .badge-you")).to_have_count(1)

        other = phone.new_page()
        other.goto(table)  # not signed in: not seated
        expect(other.locator("#join-name")).to_be_visible()
        expect(other.locator(".lobby-seats .badge-you")).to_have_count(0)
        sign(other, "in", name)
        signed_in_as(other, name)
        # Signed in, the same seat, with no token on this device.
        expect(other.locator(".lobby-seats .badge-you")).to_have_count(1)
        assert other.evaluate("Object.keys(localStorage).filter(k => k.includes('seat'))") == []
        # Signing out leaves it; signing in again takes it back.
        other.click("#account-button")
        other.click("#account-sign-out")
        expect(other.locator("#account-button")).to_have_text("Sign in")
        expect(other.locator(".lobby-seats .badge-you")).to_have_count(0)
        sign(other, "in", name)
        expect(other.locator(".lobby-seats .badge-you")).to_have_count(1)
        # The game starts (a bot takes the open seat): the other device holds the hand.
        page.click("#start")
        expect(page.locator(".hand-card").first).to_be_visible()
        expect(other.locator(".hand-card").first).to_be_visible()
    finally:
        laptop.close()
        phone.close()


def test_a_guest_who_signs_up_at_the_table_keeps_their_seat(
    browser: Browser, server: Server
) -> None:
    name = f"Bruno {next(_numbers)}"
    first, second = device(browser), device(browser)
    try:
        page = first.new_page()
        page.goto(server.url + "/")
        page.fill("#name", "Guest")
        table = lobby_table(page)
        expect(page.locator(".lobby-seats .badge-you")).to_have_count(1)
        sign(page, "up", name)
        expect(page.locator(".toast").filter(has_text="now your account's")).to_be_visible()
        expect(page.locator(".lobby-seats .badge-you")).to_have_count(1)

        other = second.new_page()
        other.goto(server.url + "/")
        sign(other, "in", name)
        signed_in_as(other, name)
        other.goto(table)
        expect(other.locator(".lobby-seats .badge-you")).to_have_count(1)
    finally:
        first.close()
        second.close()


def finished_rated_game(server: Server, names: list[str]) -> str:
    """A classic game between these new accounts, played to its end at random over the
    API and WebSocket (the pages' own flow is tested above); returns the table's id."""
    browsers = [httpx.Client(base_url=server.url, timeout=30) for _ in names]
    try:
        infos = []
        for browser, name in zip(browsers, names, strict=True):
            answer = browser.post("/api/account", json={"name": name, "password": PASSWORD})
            assert answer.status_code == 201, answer.text
            infos.append(answer.json())
        # One round: its few decisions stay within a connection's message budget.
        body = {
            "edition": "classic",
            "seats": [{"kind": "open"}] * len(names),
            "options": {"tokens_to_win": 1},
        }
        created = httpx.post(f"{server.url}/api/tables", json=body).json()
        tokens = []
        for browser, info in zip(browsers, infos, strict=True):
            joined = browser.post(
                f"/api/tables/{created['table']}/join",
                json={"name": "x"},
                headers={CSRF_HEADER: info["csrf"]},
            )
            tokens.append(joined.json()["token"])
    finally:
        for browser in browsers:
            browser.close()
    start = {"type": "start", "host_token": created["host_token"]}
    rng = random.Random(2)

    async def play() -> None:
        await asyncio.gather(
            *(
                play_seat(server, created["table"], token, rng, start if seat == 0 else None)
                for seat, token in enumerate(tokens)
            )
        )

    # Playwright's own loop runs in this thread: the players play in another.
    failures: list[BaseException] = []
    player = threading.Thread(target=lambda: _run(play(), failures))
    player.start()
    player.join()
    assert not failures, failures
    table: str = created["table"]
    return table


def _run(coroutine: Coroutine[Any, Any, None], failures: list[BaseException]) -> None:
    try:
        asyncio.run(coroutine)
    except BaseException as error:
        failures.append(error)


async def play_seat(
    server: Server, table: str, token: str, rng: random.Random, first: dict[str, str] | None
) -> None:
    """Play a seat at random over the WebSocket until the game is over."""
    async with connect("ws" + server.url[4:] + "/ws") as socket:
        await socket.send(json.dumps({"type": "hello", "table": table, "token": token}))
        if first is not None:
            await socket.send(json.dumps(first))
        acted = set()
        async with asyncio.timeout(60):
            async for text in socket:
                message = json.loads(text)
                if message["type"] != "state":
                    continue
                if message["table"]["status"] == "finished":
                    return
                view, position = message["view"], message["position"]
                key = position and tuple(position.values())
                if view and view["legal_actions"] and key and key not in acted:
                    acted.add(key)
                    action = rng.choice(view["legal_actions"])
                    reply = {"type": "action", "action": action, "position": position}
                    await socket.send(json.dumps(reply))


def test_the_game_end_the_profile_and_the_leaderboard_show_the_ratings(
    browser: Browser, server: Server
) -> None:
    # A name that looks like markup is shown as the text it is, everywhere.
    ana, bruno = f"<i>Ana</i> {next(_numbers)}", f"Bruno {next(_numbers)}"
    table = finished_rated_game(server, [ana, bruno])
    context = device(browser)
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        sign(page, "in", ana)
        signed_in_as(page, ana)
        page.goto(f"{server.url}/t/{table}")
        expect(page.locator("#end-title")).to_be_visible()
        expect(page.locator(".standings .rating-change")).to_have_count(2)
        page.click("#continue")
        page.click("#account-button")
        page.click("#account-profile")
        expect(page.locator("#profile-name")).to_have_text(ana)
        expect(page.locator("#profile-name i, #account-button i")).to_have_count(0)
        expect(page.locator(".rating[data-family=classic] .rating-chart")).to_be_visible()
        expect(page.locator("#profile-editions tbody tr")).to_have_count(1)
        expect(page.locator("#profile-games li")).to_have_count(1)
        expect(page.locator(f'#profile-games a[href="/r/{table}/1"]')).to_be_visible()
        page.click("text=Leaderboards")
        expect(page.locator("#leaderboard-family")).to_have_value("2019")
        page.select_option("#leaderboard-family", "classic")
        expect(page.locator("#leaderboard-table").get_by_role("link", name=ana)).to_be_visible()
        expect(page.locator("#leaderboard-table").get_by_role("link", name=bruno)).to_be_visible()
        page.get_by_role("link", name=bruno).click()
        expect(page.locator("#profile-name")).to_have_text(bruno)
    finally:
        context.close()


def test_a_wrong_password_is_told_in_the_dialog_in_french(browser: Browser, server: Server) -> None:
    name = f"Chloé {next(_numbers)}"
    context = device(browser, "fr-FR")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on(
            "console",
            lambda message: errors.append(message.text) if message.type == "error" else None,
        )
        page.goto(server.url + "/")
        if page.locator("#lang-switch").inner_text() != "English":
            page.click("#lang-switch")
        expect(page.locator("#account-button")).to_have_text("Se connecter")
        assert errors == []  # asking who is signed in is no error for a guest
        sign(page, "up", name)
        signed_in_as(page, name)
        page.click("#account-button")
        page.click("#account-sign-out")
        expect(page.locator(".toast").filter(has_text="Vous êtes déconnecté.")).to_be_visible()
        sign(page, "in", name, "pas le bon mot de passe")
        expect(page.locator("#account-error")).to_have_text("Nom ou mot de passe incorrect.")
        expect(page.locator("#account-dialog")).to_be_visible()
        expect(page.locator("#account-button")).to_have_text("Se connecter")
        page.fill("#account-password", PASSWORD)
        page.click("#account-submit")
        signed_in_as(page, name)
    finally:
        context.close()


@pytest.fixture
def mail_server(tmp_path: Path) -> Iterator[tuple[Server, Inbox]]:
    with Inbox() as inbox, Server(tmp_path / "mail.db", smtp_url=inbox.url) as running:
        yield running, inbox


def test_a_forgotten_password_is_reset_by_the_link_mailed_to_a_confirmed_address(
    browser: Browser, mail_server: tuple[Server, Inbox]
) -> None:
    server, inbox = mail_server
    context = device(browser)
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        sign(page, "up", "Dana")
        signed_in_as(page, "Dana")
        page.click("#account-button")
        expect(page.locator("#email-status")).to_have_text(
            "No address: a forgotten password cannot be reset."
        )
        page.fill("#account-email", "dana@example.org")
        page.click("#email-save")
        expect(page.locator("#email-status")).to_have_text(
            "Not confirmed yet: open the link we sent there."
        )
        page.goto(inbox.link())
        expect(page.locator("#link-done")).to_have_text("Your address is confirmed.")
        page.click("#account-button")
        expect(page.locator("#email-status")).to_contain_text("Confirmed")
        page.click("#account-sign-out")
        page.click("#account-button")
        page.click("#account-forgot")
        page.fill("#account-name", "Dana")
        page.click("#account-submit")
        expect(page.locator("#account-forgot-sent")).to_be_visible()
        page.goto(inbox.link())
        page.fill("#reset-password", "a new secret phrase")
        page.click("#reset-submit")
        expect(page.locator("#link-done")).to_contain_text("Your password is changed")
        page.goto(server.url + "/")
        sign(page, "in", "Dana", "a new secret phrase")
        signed_in_as(page, "Dana")
    finally:
        context.close()
