"""Hints in the browser: the host allows them at creation; the seat to move asks and
reads the expert's line; without the option there is no button."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import Server
from .ui import MY_TURN, wait_my_turn


def create(page: Page, server: Server, *, hints: bool) -> None:
    """A 2-player Classic table against an easy bot, Ana first, from the home form."""
    page.goto(server.url + "/")
    page.select_option("#edition", "classic")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "bot:easy")
    page.fill("#name", "Ana")
    page.click("details.options summary")
    page.select_option("#opt-first", "0")
    expect(page.locator("#opt-hints")).not_to_be_checked()  # off by default
    if hints:
        page.check("#opt-hints")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))


@pytest.mark.parametrize(("locale", "start"), [("en-US", "Play "), ("fr-FR", "Jouez ")])
def test_the_seat_to_move_asks_for_a_hint(
    browser: Browser, server: Server, locale: str, start: str
) -> None:
    context = browser.new_context(locale=locale)
    page = context.new_page()
    create(page, server, hints=True)
    wait_my_turn(page)
    page.click("#hint-button")
    line = page.locator("#hint-text")
    expect(line).to_have_text(re.compile("^" + start))
    legal = page.locator(MY_TURN)  # the hint played nothing: still this seat's turn
    expect(legal).to_have_count(1)
    context.close()


def test_no_hint_button_where_the_host_left_hints_off(page: Page, server: Server) -> None:
    create(page, server, hints=False)
    wait_my_turn(page)
    expect(page.locator("#hint-button")).to_have_count(0)
