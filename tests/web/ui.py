"""Driving the browser UI like a person: the home form, cards, players, guesses, dialogs.

Every wait is Playwright's own (auto-waiting locators, ``wait_for_selector``,
``expect``), never a sleep.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from typing import Any

import httpx
from playwright.sync_api import Page
from websockets.sync.client import connect

from .conftest import Server

MY_TURN = '.game[data-turn="me"]'
OPEN_DIALOG = "dialog[open]"


def create_table(
    page: Page,
    server: Server,
    *,
    name: str = "Ana",
    edition: str = "2019",
    players: int = 3,
    seats: Sequence[str] = (),
    tokens: int | None = 1,
    first_player: int | None = None,
    hints: bool = False,
) -> str:
    """Fill the home page's form and create the table; returns its id."""
    page.goto(server.url + "/")
    page.select_option("#edition", edition)
    page.select_option("#players", str(players))
    for index, seat in enumerate(seats, start=1):
        page.select_option(f"#seat-{index}", seat)
    page.fill("#name", name)
    if tokens is not None or first_player is not None or hints:
        page.click("details.options summary")
    if hints:
        page.check("#opt-hints")
    if tokens is not None:
        page.fill("#opt-tokens", str(tokens))
    if first_player is not None:
        page.select_option("#opt-first", str(first_player))
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    return page.url.rsplit("/", 1)[1]


def wait_my_turn(page: Page) -> None:
    """Close round summaries until this seat must decide."""
    while True:
        page.wait_for_selector(f"{MY_TURN}, {OPEN_DIALOG}")
        if not page.locator(OPEN_DIALOG).count():
            return
        assert not page.locator("#end-title").count(), "the game ended"
        close_summary(page)


def close_summary(page: Page) -> None:
    """Close the round's summary if it is still open: it closes itself when this seat's
    turn comes, maybe between a look and a click (so look and click are one step)."""
    page.evaluate("() => document.querySelector('dialog[open] #continue')?.click()")


def wait_my_play(page: Page, rng: random.Random) -> None:
    """Close round summaries and make any other decision asked of this seat (the
    Bishop's target keeps or discards its hand) until it must play a card."""
    for _ in range(50):
        wait_my_turn(page)
        if page.locator(f'{MY_TURN}[data-phase="play"]').count():
            return
        play_turn(page, rng)
    raise AssertionError("this seat was never to play a card")


def play_turn(page: Page, rng: random.Random) -> None:
    """Make one decision of this seat with the mouse: a playable card, then a choice at
    each step, until the table moves on (the decision was sent and applied)."""
    start = version(page)
    for _ in range(12):
        if (
            page.locator(OPEN_DIALOG).count()
            or not page.locator(MY_TURN).count()
            or version(page) != start
        ):
            return
        choices = page.locator(".choices")
        confirm = choices.locator(".confirm:not([disabled])")
        free = choices.locator('.option:not([aria-pressed="true"]):not([aria-disabled])')
        if (
            page.locator('.game[data-phase="play"]').count()
            and not page.locator(".hand-card.selected").count()
        ):
            pick(page.locator(".hand-card:not([aria-disabled])"), rng)
        elif confirm.count():
            confirm.click()
        elif free.count():
            pick(free, rng)
        else:  # the choices so far allow no decision and no more choice: undo one
            pick(choices.locator('.option[aria-pressed="true"]'), rng)
    shown = page.locator(".choices").all_inner_texts()
    hand = [card.get_attribute("class") for card in page.locator(".hand-card").all()]
    raise AssertionError(f"a decision took more than 12 clicks; choices {shown}, hand {hand}")


def pick(options: Any, rng: random.Random) -> None:
    """Click one of the options at random."""
    options.nth(rng.randrange(options.count())).click()


def play_until_over(page: Page, rng: random.Random) -> int:
    """Play every turn of this seat until the game-end screen; returns the turns played."""
    turns = 0
    for _ in range(1000):
        page.wait_for_selector(f"{MY_TURN}, {OPEN_DIALOG}")
        if page.locator(OPEN_DIALOG).count():
            if page.locator("#end-title").count():
                return turns
            close_summary(page)
            continue
        play_turn(page, rng)
        turns += 1
    raise AssertionError("the game did not end")


def version(page: Page) -> int:
    """The version of the state the page shows."""
    value = page.locator(".game").get_attribute("data-version")
    assert value is not None
    return int(value)


def wait_version(page: Page, at_least: int) -> None:
    """Wait until the page shows a state at least that recent."""
    page.wait_for_function(
        "v => Number(document.querySelector('.game')?.dataset.version) >= v", arg=at_least
    )


def hand(page: Page) -> list[str]:
    """The cards of the hand shown, in order."""
    cards: list[str] = page.locator(".hand-card").evaluate_all(
        "buttons => buttons.map(b => b.dataset.card)"
    )
    return cards


# ------------------------------------------------------------- without the browser


def finished_game(server: Server, edition: str, players: int) -> str:
    """A table whose first game bots played to its end (through the HTTP API)."""
    created = httpx.post(
        f"{server.url}/api/tables",
        json={
            "edition": edition,
            "seats": [{"kind": "bot", "level": "easy"}] * players,
            "options": {"tokens_to_win": 2},
        },
    ).json()
    table: str = created["table"]
    with connect(f"ws{server.url[4:]}/ws") as websocket:
        websocket.send(json.dumps({"type": "hello", "table": table}))
        httpx.post(
            f"{server.url}/api/tables/{table}/start", json={"host_token": created["host_token"]}
        ).raise_for_status()
        while json.loads(websocket.recv(timeout=30))["table"]["status"] != "finished":
            pass
    return table


def spectator_state(server: Server, table: str) -> dict[str, Any]:
    """The state a spectator receives now, over its own WebSocket."""
    with connect(f"ws{server.url[4:]}/ws") as websocket:
        websocket.send(json.dumps({"type": "hello", "table": table}))
        state: dict[str, Any] = json.loads(websocket.recv(timeout=30))
    return state
