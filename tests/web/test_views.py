"""Watching, replaying, a phone's screen and the keyboard alone."""

from __future__ import annotations

import random
from collections import Counter

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import Server
from .ui import (
    MY_TURN,
    OPEN_DIALOG,
    create_table,
    finished_game,
    play_until_over,
    spectator_state,
    version,
    wait_my_play,
    wait_my_turn,
    wait_version,
)


def test_a_spectator_sees_no_hand_and_only_public_cards(
    browser: Browser, page: Page, server: Server
) -> None:
    table = create_table(
        page, server, edition="classic", players=2, seats=["bot:easy"], tokens=3, first_player=1
    )
    wait_my_turn(page)  # the game waits for Ana: nothing moves meanwhile
    watcher = browser.new_context(locale="en-US").new_page()
    watcher.goto(f"{server.url}/w/{table}")
    state = spectator_state(server, table)
    view = state["view"]
    assert view["hand"] is None
    wait_version(watcher, state["version"])
    assert version(watcher) == state["version"]
    expect(watcher.locator(".hand, .hand-card, .choices, #tab-notes")).to_have_count(0)
    expect(watcher.locator(".seat-hand .chip, .known")).to_have_count(0)
    for seat in view["seats"]:
        pile = watcher.locator(f'.seat[data-seat="{seat["seat"]}"] .pile .chip')
        assert pile.evaluate_all("chips => chips.map(c => c.dataset.card)") == seat["discards"]
    public = Counter(view["face_up"]) + Counter(c for s in view["seats"] for c in s["discards"])
    shown = Counter(
        watcher.locator(".board .seat [data-card], .board .center [data-card]").evaluate_all(
            "cards => cards.filter(c => !c.closest('.outcome')).map(c => c.dataset.card)"
        )
    )
    assert shown == public  # every card on the seats and in the middle is public, once
    # The last-turns strip and the outcomes tell public cards again.
    told = watcher.locator(".recent [data-card], .outcome [data-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    )
    assert set(told) <= set(public)
    expect(watcher.locator(".topbar-info")).to_contain_text("Watching")
    watcher.context.close()


def test_the_replay_steps_forwards_and_backwards(page: Page, server: Server) -> None:
    table = finished_game(server, "classic", 2)
    steps = httpx.get(f"{server.url}/api/tables/{table}/games/1/replay").json()["steps"]
    total = len(steps)
    page.goto(f"{server.url}/r/{table}/1")
    count = page.locator("#step-count")
    expect(count).to_have_text(f"Step 1 of {total}")
    expect(page.locator("#replay-first")).to_be_disabled()
    held = sum(len(cards) for cards in steps[0]["hands"])
    expect(page.locator(".seat-review .chip")).to_have_count(held)  # every hand, face up
    page.keyboard.press("ArrowRight")
    expect(count).to_have_text(f"Step 2 of {total}")
    expect(page.locator("#replay-now li")).to_have_text(steps[1]["log"])
    page.click("#replay-next")
    expect(count).to_have_text(f"Step 3 of {total}")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(count).to_have_text(f"Step 1 of {total}")
    page.keyboard.press("End")
    expect(count).to_have_text(f"Step {total} of {total}")
    expect(page.locator("#replay-next")).to_be_disabled()
    expect(page.locator(".inline-summary")).to_be_visible()
    page.click("#replay-prev-round")
    last_deal = max(i for i, step in enumerate(steps) if step["action"] is None)
    expect(count).to_have_text(f"Step {last_deal + 1} of {total}")
    page.click("#lang-switch")
    expect(count).to_have_text(f"Étape {last_deal + 1} sur {total}")
    expect(page.locator(".replay-log li").first).to_contain_text("La manche")
    page.keyboard.press("Home")
    expect(count).to_have_text(f"Étape 1 sur {total}")


def test_keys_pressed_in_a_cards_dialog_leave_the_replay_alone(page: Page, server: Server) -> None:
    table = finished_game(server, "classic", 2)
    page.goto(f"{server.url}/r/{table}/1")
    count = page.locator("#step-count")
    expect(count).to_contain_text("Step 1 of")  # the replay is loaded
    page.keyboard.press("ArrowRight")
    expect(count).to_contain_text("Step 2 of")
    page.locator(".seat-review [data-info]").first.click()  # a card's whole text
    expect(page.locator("#card-close")).to_be_focused()
    for key in ("ArrowRight", "End", "Home"):
        page.keyboard.press(key)
    page.keyboard.press("Escape")
    expect(page.locator(OPEN_DIALOG)).to_have_count(0)
    expect(count).to_contain_text("Step 2 of")


def test_an_unfinished_game_cannot_be_replayed(page: Page, server: Server) -> None:
    table = create_table(page, server, edition="classic", players=2, seats=["bot:easy"], tokens=5)
    wait_my_turn(page)
    page.goto(f"{server.url}/r/{table}/1")
    expect(page.locator(".notice")).to_contain_text("not finished")
    expect(page.locator(".seat, .chip")).to_have_count(0)
    expect(page.locator(".notice a")).to_have_attribute("href", f"/t/{table}")


def test_a_replay_link_names_its_step_and_leads_back(page: Page, server: Server) -> None:
    table = finished_game(server, "classic", 2)
    total = len(httpx.get(f"{server.url}/api/tables/{table}/games/1/replay").json()["steps"])
    step = min(10, total - 1)  # a short game may have fewer steps than 10
    page.goto(f"{server.url}/r/{table}/1?step={step}")
    expect(page.locator("#step-count")).to_have_text(f"Step {step} of {total}")
    page.click("#replay-next")
    expect(page.locator("#step-count")).to_have_text(f"Step {step + 1} of {total}")
    assert page.url.endswith(f"?step={step + 1}")
    expect(page.locator("#replay-table")).to_have_attribute("href", f"/t/{table}")
    record = page.locator("#replay-record").get_attribute("href")
    assert httpx.get(f"{server.url}{record}").json()["edition"] == "classic"
    page.goto(f"{server.url}/r/nosuchtable/1")
    expect(page.locator(".notice")).to_contain_text("There is no such table")
    expect(page.locator(".notice a")).to_have_attribute("href", "/")
    page.goto(f"{server.url}/r/{table}/9")
    expect(page.locator(".notice")).to_contain_text("no such game")
    expect(page.locator(".notice a")).to_have_attribute("href", f"/t/{table}")


@pytest.mark.parametrize(("width", "height"), [(1366, 900), (1280, 720)])
def test_the_replays_current_line_is_in_view_without_scrolling(
    browser: Browser, server: Server, width: int, height: int
) -> None:
    table = finished_game(server, "2019", 4)
    steps = httpx.get(f"{server.url}/api/tables/{table}/games/1/replay").json()["steps"]
    # The step whose round has told the most lines so far: the longest log.
    told, longest, best = 0, 0, 0
    for index, step in enumerate(steps):
        told = len(step["log"]) if step["action"] is None else told + len(step["log"])
        if told > longest:
            longest, best = told, index
    context = browser.new_context(locale="en-US", viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{server.url}/r/{table}/1?step={best + 1}")
    now = page.locator(".replay-log li.now").last
    expect(now).to_be_visible()
    box = now.bounding_box()
    assert box is not None
    assert page.evaluate("window.scrollY") == 0
    assert box["y"] >= 0, (longest, box)
    assert box["y"] + box["height"] <= height, (longest, box)
    context.close()


def test_switching_language_keeps_the_table_options_open(page: Page, server: Server) -> None:
    page.goto(server.url + "/")
    page.click("details.options summary")
    expect(page.locator("#opt-tokens")).to_be_visible()
    page.click("#lang-switch")
    expect(page.locator("details.options summary")).to_have_text("Options de la table")
    expect(page.locator("#opt-tokens")).to_be_visible()


def test_a_phone_screen_plays_without_horizontal_scrolling(
    browser: Browser, server: Server
) -> None:
    context = browser.new_context(
        locale="en-US", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    overflow = "document.documentElement.scrollWidth - window.innerWidth"
    page.goto(server.url + "/")
    assert page.evaluate(overflow) <= 0
    create_table(
        page, server, edition="2019", seats=["bot:easy", "bot:easy"], tokens=1, first_player=0
    )
    wait_my_turn(page)
    assert page.evaluate(overflow) <= 0
    for card in page.locator(".hand-card").all():
        box = card.bounding_box()
        assert box is not None
        assert box["width"] >= 150  # two cards side by side, text readable
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= 390
    size = page.locator(".hand .card-effect").first.evaluate("e => getComputedStyle(e).fontSize")
    assert float(size.removesuffix("px")) >= 11.5
    page.locator(".hand-card:not([aria-disabled])").first.click()
    assert page.evaluate(overflow) <= 0  # the choices fit too
    page.locator(".hand-card.selected").click()  # back to the choice of a card
    play_until_over(page, random.Random(4))
    assert page.evaluate(overflow) <= 0
    expect(page.locator("#end-title")).to_be_in_viewport()
    context.close()


def test_keyboard_alone_creates_a_table_and_plays(page: Page, server: Server) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#name")  # the form comes once the editions are fetched
    for _ in range(10):  # the skip link, the brand, the language, then the name
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "name":
            break
    expect(page.locator("#name")).to_be_focused()
    page.keyboard.type("Ana")
    page.keyboard.press("Enter")  # the defaults: 2019 edition, two bots
    for decision in range(4):
        for _ in range(5):
            page.wait_for_selector(f"{MY_TURN}, {OPEN_DIALOG}")
            if not page.locator(OPEN_DIALOG).count():
                break
            # The summary has the focus, unless it closed itself as the turn came.
            focus = "document.querySelector('dialog[open]') ? document.activeElement.id : 'closed'"
            focused = page.evaluate(focus)
            assert focused in ("continue", "closed"), focused
            if focused == "closed":
                continue
            page.keyboard.press("Enter")  # the summary's focused button closes it
            expect(page.locator(OPEN_DIALOG)).to_have_count(0)
        start = version(page)
        if page.locator('.game[data-phase="play"]').count():  # else a second step
            page.keyboard.press(key_of(page, ".hand-card:not([aria-disabled]) .key"))
            expect(page.locator(":focus")).to_have_css("outline-style", "solid")
            if decision == 0:
                page.keyboard.press("Escape")  # back: no card chosen any more
                expect(page.locator(".hand-card.selected")).to_have_count(0)
                page.keyboard.press(key_of(page, ".hand-card:not([aria-disabled]) .key"))
        for _ in range(8):
            if not wait_next_key(page, start):
                break
            if page.locator(".choices .confirm").count():
                page.keyboard.press("Enter")  # the focused button plays
            else:
                page.keyboard.press(key_of(page, ".choices .option .key"))
        else:
            raise AssertionError("a decision took more than 8 keys")
    expect(page.locator(".seat.is-me .pile li, .log li").first).to_be_visible()


def wait_next_key(page: Page, start: int) -> bool:
    """Wait until the decision begun at version ``start`` was sent (False) or the page
    shows its next step: a confirm button or options with keys (True)."""
    outcome = page.wait_for_function(
        """start => {
            const game = document.querySelector('.game');
            if (!game || Number(game.dataset.version) !== start || game.dataset.turn !== 'me')
                return 'sent';
            return document.querySelector('.choices .confirm, .choices .option .key') && 'step';
        }""",
        arg=start,
    ).json_value()
    return bool(outcome == "step")


def key_of(page: Page, selector: str) -> str:
    """The key shown on the first element matching ``selector``."""
    return page.locator(selector).first.inner_text()


def test_keys_pressed_in_a_cards_dialog_leave_the_choice_alone(page: Page, server: Server) -> None:
    create_table(page, server, edition="classic", players=2, seats=["bot:easy"], tokens=3)
    wait_my_play(page, random.Random(2))
    chosen = page.locator(".hand-card:not([aria-disabled])").first
    card = chosen.get_attribute("data-card")
    chosen.click()
    start = version(page)
    panel = page.locator(".choices").text_content()
    page.click("#tab-cards")
    page.locator(".tracker [data-info]").first.click()  # a card's whole text
    expect(page.locator("#card-close")).to_be_focused()
    page.keyboard.press("1")  # the key of a card or of a choice behind the dialog
    page.keyboard.press("Escape")  # closes the dialog, and only that
    expect(page.locator(OPEN_DIALOG)).to_have_count(0)
    expect(page.locator(".hand-card.selected")).to_have_attribute("data-card", str(card))
    expect(page.locator(".choices")).to_have_text(str(panel))
    assert version(page) == start
    expect(page.locator(MY_TURN)).to_have_count(1)


def test_the_home_forms_fields_line_up(page: Page, server: Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(server.url + "/")
    timer = page.locator("#turn-timer").bounding_box()
    absence = page.locator("#disconnect-timeout").bounding_box()
    assert timer is not None
    assert absence is not None
    assert abs(timer["y"] - absence["y"]) < 1
    assert abs(timer["height"] - absence["height"]) < 1
    assert timer["height"] < 60  # a select, not a box stretched by its neighbour's label
    page.click("details.options summary")
    summary = page.locator("details.options summary").bounding_box()
    tokens = page.locator("#opt-tokens").bounding_box()
    assert summary is not None
    assert tokens is not None
    assert tokens["y"] >= summary["y"] + summary["height"]  # under its title, not beside


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
def test_an_invited_friend_sees_the_seat_form_first(
    browser: Browser, server: Server, locale: str
) -> None:
    """The invitation opened on a 1366 x 768 screen: the table named after its host and
    edition, the name and "Take a seat" in view, none of the host's links."""
    host = browser.new_context(locale="en-US").new_page()
    create_table(host, server, name="Ana", edition="2019", players=3, seats=["open", "open"])
    invite = host.locator("#invite").input_value()
    guest = browser.new_context(locale=locale, viewport={"width": 1366, "height": 768}).new_page()
    guest.goto(invite)
    title = {"en-US": "Ana's table", "fr-FR": "La table d'Ana"}[locale]
    expect(guest.locator("h1")).to_have_text(title)
    assert title in guest.title()
    expect(guest.locator("#table-edition")).to_contain_text("2019")
    for selector in ("#join-name", ".take-seat button[type=submit]"):
        box = guest.locator(selector).bounding_box()
        assert box is not None, selector
        assert box["y"] + box["height"] <= 768, (selector, box)
    expect(guest.locator("#invite")).to_have_count(0)
    expect(guest.locator("#watch-link, #link-local")).to_have_count(0)
    host.context.close()
    guest.context.close()


def test_a_finished_table_opened_anew_says_only_that_the_game_is_over(
    page: Page, server: Server
) -> None:
    table = finished_game(server, "classic", 2)
    page.goto(f"{server.url}/t/{table}")
    expect(page.locator("#status")).to_contain_text("The game is over.")
    expect(page.locator("#status")).not_to_contain_text("started")


@pytest.mark.parametrize("game", ["0", "99"])
def test_a_replay_of_no_such_game_says_so(page: Page, server: Server, game: str) -> None:
    table = finished_game(server, "classic", 2)
    page.goto(f"{server.url}/r/{table}/{game}")
    expect(page.locator(".notice p")).to_have_text("This table has no such game.")
    expect(page.locator(".notice a")).to_have_attribute("href", f"/t/{table}")


def test_a_bots_name_follows_the_pages_language(page: Page, server: Server) -> None:
    seats = ["bot:easy", "bot:easy"]
    create_table(page, server, edition="2019", players=3, seats=seats, tokens=3, first_player=1)
    wait_my_turn(page)
    expect(page.locator(".seat").first).to_contain_text("Bot 2")
    page.click("#lang-switch")
    expect(page.locator("#log")).to_contain_text("Robot 2")
    expect(page.locator(".seat").first).to_contain_text("Robot 2")
    expect(page.locator("#log")).not_to_contain_text("Bot 2")
    expect(page.locator(".board")).not_to_contain_text("Bot 2")
