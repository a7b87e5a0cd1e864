"""Whole games in the browser: against bots in each language, two people against each
other, and a reload in the middle of a game."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import Server
from .ui import (
    MY_TURN,
    OPEN_DIALOG,
    close_summary,
    create_table,
    hand,
    play_turn,
    play_until_over,
    version,
    wait_my_turn,
    wait_version,
)

GAMES = [
    # locale, edition, tokens to win, the words the page must show
    ("en-US", "2019", 2, {"end": "The game is over", "log": "Round 1", "title": "Your turn"}),
    (
        "fr-FR",
        "princess",
        1,
        {"end": "La partie est terminée", "log": "Manche 1", "title": "À vous"},
    ),
]


@pytest.mark.parametrize(("locale", "edition", "tokens", "words"), GAMES)
def test_a_whole_game_against_bots_then_a_rematch(
    browser: Browser, server: Server, locale: str, edition: str, tokens: int, words: dict[str, str]
) -> None:
    context = browser.new_context(locale=locale)
    page = context.new_page()
    create_table(
        page, server, edition=edition, seats=["bot:easy"] * 2, tokens=tokens, first_player=0
    )
    wait_my_turn(page)
    assert words["title"] in page.title()
    expect(page.locator("#log")).to_contain_text(words["log"])
    turns = play_until_over(page, random.Random(locale))
    dialog = page.locator(OPEN_DIALOG)
    expect(dialog.locator("#end-title")).to_have_text(words["end"])
    expect(dialog.locator(".winners")).not_to_be_empty()
    expect(dialog.locator(".results tbody tr")).to_have_count(3)
    assert turns > 0
    if edition == "princess":  # its own card names, from the server, in French
        page.click("#continue")
        page.click("#tab-cards")
        expect(page.locator(".tracker")).to_contain_text("Claire l'espionne")
        page.click("#show-summary")
    game = version(page)
    page.click("#rematch")
    expect(page.locator(OPEN_DIALOG)).to_have_count(0)
    wait_version(page, game + 1)
    expect(page.locator(".game")).not_to_have_attribute("data-phase", "game_over")
    context.close()


def test_two_people_play_a_game_against_each_other(browser: Browser, server: Server) -> None:
    host_context = browser.new_context(locale="en-US")
    guest_context = browser.new_context(locale="fr-FR")
    host = host_context.new_page()
    guest = guest_context.new_page()
    create_table(host, server, edition="classic", players=2, seats=["open"], tokens=2)
    invite = host.locator("#invite").input_value()
    guest.goto(invite)
    guest.fill("#join-name", "Bruno")
    guest.click("button[type=submit]")
    expect(host.locator(".lobby-seats")).to_contain_text("Bruno")
    expect(guest.locator("#start")).to_have_count(0)  # only the host starts
    host.click("#start")
    pages = {0: host, 1: guest}
    rng = random.Random(2)
    for _ in range(500):
        host.wait_for_selector(f'.game:not([data-turn="waiting"]), {OPEN_DIALOG}')
        if host.locator(OPEN_DIALOG).count():
            wait_version(guest, version(host))  # its summary may have closed: its turn
            if host.locator("#end-title").count():
                expect(guest.locator("#end-title")).to_have_text("La partie est terminée")
                expect(guest.locator("#rematch")).to_have_count(0)  # the guest is not host
                break
            close_summary(host)
            close_summary(guest)
            host.wait_for_selector(f'.game:not([data-to-move=""]), {OPEN_DIALOG}')
            continue
        to_move = host.locator(".game").get_attribute("data-to-move")
        assert to_move
        player, other = pages[int(to_move)], pages[1 - int(to_move)]
        player.wait_for_selector(MY_TURN)
        expect(other.locator(".hand-card:not([aria-disabled])")).to_have_count(0)
        play_turn(player, rng)
        player.wait_for_selector(f'.game:not([data-turn="waiting"]), {OPEN_DIALOG}')
        wait_version(other, version(player))
    else:
        raise AssertionError("the game did not end")
    host_context.close()
    guest_context.close()


def test_a_reload_in_the_middle_of_a_game_rejoins_the_seat(page: Page, server: Server) -> None:
    create_table(page, server, edition="classic", players=2, seats=["bot:easy"], tokens=3)
    wait_my_turn(page)
    before = hand(page)
    assert len(before) == 2
    page.reload()
    wait_my_turn(page)
    assert hand(page) == before
    expect(page.locator(".seat.is-me .badge-you")).to_be_visible()
    expect(page.locator("#log li").first).to_be_visible()
    played = version(page)
    heading = page.locator("#topbar-info").inner_text()  # "Round 2 · …"
    play_turn(page, random.Random(3))
    wait_version(page, played + 1)  # the move was accepted
    # It shows: in the pile, or in the round's summary; or the move ended the round and
    # the next one began with this seat's turn, which closed the summary.
    page.wait_for_function(
        """heading => document.querySelector(".seat.is-me .pile li, dialog[open]")
            || document.getElementById("topbar-info").textContent !== heading""",
        arg=heading,
    )
