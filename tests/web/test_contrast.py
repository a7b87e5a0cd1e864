"""Colours with enough contrast: every text of the main pages meets WCAG AA."""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Page

from .conftest import Server
from .ui import OPEN_DIALOG, create_table, finished_game, play_until_over, wait_my_turn

LOW_CONTRAST = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")


def low_contrast(page: Page) -> list[str]:
    """The texts below AA, once the page's animations have ended."""
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
    found: list[str] = page.evaluate(LOW_CONTRAST)
    return found


def test_every_text_meets_wcag_aa(page: Page, server: Server) -> None:
    page.goto(server.url + "/")
    page.click("details.options summary")
    assert low_contrast(page) == [], "home"
    create_table(page, server, seats=["bot:easy", "bot:easy"], tokens=1, first_player=0)
    wait_my_turn(page)
    assert low_contrast(page) == [], "table"
    page.locator(".hand-card:not([aria-disabled])").first.click()
    assert low_contrast(page) == [], "choices"
    for tab in ("cards", "notes"):
        page.click(f"#tab-{tab}")
        assert low_contrast(page) == [], tab
    play_until_over(page, random.Random(9))
    page.wait_for_selector(f"{OPEN_DIALOG} #end-title")
    assert low_contrast(page) == [], "game end and round summary"
    page.goto(f"{server.url}/r/{finished_game(server, '2019', 3)}/1")
    page.wait_for_selector(".seat")
    assert low_contrast(page) == [], "replay"
