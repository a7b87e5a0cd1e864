"""The public lobby, quick match and "my games" in Chromium: a public table created over
the API shows in another browser's lobby at its next refresh (its host's name, made to
look like markup, shown as text) and a seat is taken from there; quick match seats two
guests, each in their own browser, at the same table; the lobby reads right in French;
a signed-in player finds their turn-based table under "My games" and chooses whether
they are mailed when their turn comes. No page logs an error to its console."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import TIMEOUT_MS, Server

DAY = 86400
TABLE_URL = re.compile(r"/t/([\w-]+)$")
_numbers = itertools.count(1)


class Console:
    """The errors a page logs to its console or throws, while the test runs."""

    def __init__(self, page: Page) -> None:
        self.errors: list[str] = []
        page.on("console", lambda message: self._console(message))
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(message.text)


@pytest.fixture
def devices(browser: Browser) -> Iterator[list[BrowserContext]]:
    """Browsers of their own (cookies, storage), closed after the test; ask for more by
    calling ``device()``."""
    opened: list[BrowserContext] = []
    yield opened
    for context in opened:
        context.close()


def device(opened: list[BrowserContext], browser: Browser, locale: str = "en-US") -> Page:
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 860})
    context.set_default_timeout(TIMEOUT_MS)
    opened.append(context)
    return context.new_page()


def public_table(server: Server, host: str, *, edition: str, players: int) -> str:
    """A public turn-based table (a day a move), its host seated under ``host`` over the
    API; returns its id. Turn-based, it stays in the lobby with nobody connected."""
    created = httpx.post(
        f"{server.url}/api/tables",
        json={
            "edition": edition,
            "seats": [{"kind": "open"}] * players,
            "public": True,
            "turn_timer": DAY,
            "lang": "fr",
        },
    )
    created.raise_for_status()
    table: str = created.json()["table"]
    joined = httpx.post(
        f"{server.url}/api/tables/{table}/join",
        json={"name": host, "host_token": created.json()["host_token"]},
    )
    joined.raise_for_status()
    return table


def test_a_public_table_shows_in_the_lobby_and_a_seat_is_taken_from_there(
    browser: Browser, server: Server, devices: list[BrowserContext]
) -> None:
    page = device(devices, browser)
    console = Console(page)
    other = public_table(server, "Chloé", edition="classic", players=2)
    page.goto(server.url + "/lobby?edition=premium")
    expect(page.locator("#lobby-edition")).to_have_value("premium")
    expect(page.locator("#lobby-heading")).to_have_text("Lobby")
    # Created once the lobby is open: the row comes with a refresh (every 5 seconds),
    # with no reload; expect() waits 5 seconds unless told.
    host = "<b>x</b>"
    table = public_table(server, host, edition="premium", players=5)
    row = page.locator(f"#lobby-{table}")
    expect(row).to_be_visible(timeout=TIMEOUT_MS)
    expect(row.locator(".lobby-host")).to_have_text(host)
    expect(row.locator("b")).to_have_count(0)
    expect(row).to_contain_text("4 of 5 seats free")
    expect(row).to_contain_text("1 day a move")
    expect(row).to_contain_text("Turn-based")
    expect(row).to_contain_text("French")
    # Another edition's table is not in a premium lobby.
    expect(page.locator(f"#lobby-{other}")).to_have_count(0)
    page.select_option("#lobby-players", "5")
    expect(page).to_have_url(re.compile(r"edition=premium&players=5$"))
    expect(row).to_be_visible()

    row.get_by_role("button", name=f"Join table {table}").click()
    expect(page.locator("#join-dialog")).to_be_visible()
    page.fill("#join-dialog-name", "Bruno")
    page.click("#join-dialog-submit")
    page.wait_for_url(f"**/t/{table}")
    seated = page.locator(".lobby-seats .is-me")
    expect(seated.locator(".badge-you")).to_have_count(1)
    expect(seated.locator(".seat-who")).to_have_text("Bruno")
    expect(page.locator("#lobby-clocks")).to_contain_text("Turn-based, 1 day a move")
    expect(page.locator("#table-public")).to_be_visible()
    # Back in the lobby, the table is this browser's: it opens, with a seat fewer free.
    page.goto(server.url + "/lobby?edition=premium&players=5")
    expect(row).to_contain_text("3 of 5 seats free")
    mine = row.get_by_role("link", name=f"Open table {table}, where you have a seat")
    expect(mine).to_be_visible()
    assert console.errors == []


def quick_match(page: Page, name: str) -> str:
    """Ask for a two-player Classic table with no timer, as a guest; returns its id."""
    page.fill("#qm-name", name)
    page.select_option("#qm-edition", "classic")
    page.select_option("#qm-players", "2")
    page.select_option("#qm-speed", "0")
    page.click("#qm-play")
    page.wait_for_url(TABLE_URL)
    found = TABLE_URL.search(page.url)
    assert found
    return found.group(1)


def test_quick_match_seats_two_guests_at_the_same_table(
    browser: Browser, server: Server, devices: list[BrowserContext]
) -> None:
    ana, bruno = device(devices, browser), device(devices, browser)
    consoles = [Console(ana), Console(bruno)]
    ana.goto(server.url + "/")  # from the home page
    first = quick_match(ana, "Ana")
    expect(ana.locator(".lobby-seats .is-me .seat-who")).to_have_text("Ana")
    # A real-time table is matched while its host is there: Ana's page is connected.
    expect(ana.locator("#start")).to_be_visible()
    bruno.goto(server.url + "/lobby")  # from the lobby
    assert quick_match(bruno, "Bruno") == first
    expect(bruno.locator(".lobby-seats .is-me .seat-who")).to_have_text("Bruno")
    expect(ana.locator(".lobby-seats")).to_contain_text("Bruno")
    # The host starts it: both hold a hand.
    ana.click("#start")
    expect(ana.locator(".hand-card").first).to_be_visible()
    expect(bruno.locator(".hand-card").first).to_be_visible()
    assert [console.errors for console in consoles] == [[], []]


def test_the_lobby_reads_right_in_french(
    browser: Browser, server: Server, devices: list[BrowserContext]
) -> None:
    page = device(devices, browser, "fr-FR")
    console = Console(page)
    table = public_table(server, "Élodie", edition="2019", players=4)
    page.goto(server.url + "/lobby?edition=2019&players=4")
    expect(page.locator("#lobby-heading")).to_have_text("Salon")
    expect(page.locator("#lobby-link")).to_have_text("Salon")
    expect(page.locator("#lobby-link")).to_have_attribute("aria-current", "page")
    row = page.locator(f"#lobby-{table}")
    expect(row).to_contain_text("3\u00a0places libres sur 4".replace("\u00a0", " "))
    expect(row).to_contain_text("1 jour par coup")
    expect(row).to_contain_text("Tour par tour")
    expect(row).to_contain_text("Français")
    expect(row.get_by_role("button", name=f"Rejoindre la table {table}")).to_be_visible()
    expect(page.locator("#quick-match h2")).to_have_text("Partie rapide")
    expect(page.locator("#qm-speed optgroup").first).to_have_attribute("label", "En temps réel")
    page.select_option("#qm-speed", str(3 * DAY))
    expect(page.locator("#qm-speed-note")).to_have_text(
        "Tour par tour\u00a0: fermez l'onglet quand vous voulez et revenez plus tard\u00a0;"
        " un robot ne joue à votre place que si le temps d'un coup s'écoule."
    )
    # No classic table seats eight: the empty lobby points to quick match.
    page.select_option("#lobby-edition", "classic")
    page.select_option("#lobby-players", "8")
    expect(page.locator("#lobby-empty")).to_contain_text(
        "Aucune table publique n'attend de joueurs pour l'instant."
    )
    page.click("#lobby-to-quick")
    expect(page.locator("#qm-play")).to_be_focused()
    assert console.errors == []


def test_my_games_lists_a_turn_based_table_and_the_turn_mail_is_chosen(
    browser: Browser, server: Server, devices: list[BrowserContext]
) -> None:
    page = device(devices, browser)
    console = Console(page)
    page.goto(server.url + "/games")
    expect(page.locator("#games-signed-out")).to_be_visible()
    expect(page.locator("#games-link")).to_be_hidden()
    name = f"Farid {next(_numbers)}"
    page.click("#games-sign-in")
    page.click("#account-switch")
    page.fill("#account-name", name)
    page.fill("#account-password", "correct horse battery")
    page.click("#account-submit")
    expect(page.locator("#account-button")).to_have_text(name)
    expect(page.locator("#games-none")).to_be_visible()
    expect(page.locator("#games-link")).to_be_visible()

    # A turn-based table found by quick match, from the home page.
    page.goto(server.url + "/")
    page.select_option("#qm-edition", "premium")
    page.select_option("#qm-players", "6")
    page.select_option("#qm-speed", str(12 * 3600))
    expect(page.locator("#qm-speed-note")).to_be_visible()
    page.click("#qm-play")
    page.wait_for_url(TABLE_URL)
    table = page.url.rsplit("/", 1)[1]
    expect(page.locator("#table-edition")).to_contain_text("12 h a move")
    page.goto(server.url + "/")
    line = page.locator(f"#home-games #game-{table}")
    expect(line).to_contain_text("Waiting for players")
    page.click("#games-link")
    line = page.locator(f"#games-list #game-{table}")
    expect(line).to_contain_text("12 h a move")
    line.get_by_role("link", name="Open").click()
    page.wait_for_url(f"**/t/{table}")

    page.click("#account-button")
    box = page.locator("#turn-mail")
    expect(box).to_be_checked()
    expect(box).to_be_disabled()  # this server sends no mail
    assert console.errors == []


@pytest.fixture
def mail_on(tmp_path: Path) -> Iterator[Server]:
    """A server that says it sends mail (no mail is sent in this test: nothing listens)."""
    with Server(tmp_path / "mail.db", smtp_url="smtp://127.0.0.1:9") as running:
        yield running


def test_the_turn_mail_is_chosen_in_the_account_dialog(
    browser: Browser, mail_on: Server, devices: list[BrowserContext]
) -> None:
    page = device(devices, browser)
    console = Console(page)
    page.goto(mail_on.url + "/")
    page.click("#account-button")
    page.click("#account-switch")
    page.fill("#account-name", "Gaëlle")
    page.fill("#account-password", "correct horse battery")
    page.click("#account-submit")
    expect(page.locator("#account-button")).to_have_text("Gaëlle")
    page.click("#account-button")
    box = page.get_by_label("E-mail me when it is my turn (turn-based tables)")
    expect(box).to_be_checked()
    expect(box).to_be_enabled()
    expect(page.locator("#turn-mail-note")).to_have_text("This needs a confirmed address (above).")
    with page.expect_response("**/api/account/notifications") as answer:
        box.uncheck()
    assert answer.value.json()["turn_mail"] is False
    expect(box).not_to_be_checked()
    expect(box).to_be_focused()
    page.reload()
    page.click("#account-button")
    expect(page.locator("#turn-mail")).not_to_be_checked()
    assert console.errors == []


@pytest.mark.parametrize("path", ["/lobby", "/games", "/leaderboard", "/rules"])
def test_a_phone_s_top_bar_never_shows_a_page_name_cut_short(
    browser: Browser, server: Server, path: str
) -> None:
    context = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844})
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(server.url + path)
        page.wait_for_selector("main h1")
        info = page.locator("#topbar-info")
        expect(info).not_to_be_empty()
        # Short of room, the bar leaves the name to the page's heading, or shows it whole.
        whole = info.evaluate(
            "el => getComputedStyle(el).visibility === 'hidden'"
            " || (el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)"
        )
        assert whole, info.inner_text()
    finally:
        context.close()
