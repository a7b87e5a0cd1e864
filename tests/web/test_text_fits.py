"""No words cut off (issue 33): no text that ends in an ellipsis overflows its box, no
choice of a list shows only part of its words, no placeholder runs past its field,
on a laptop's screen and on a phone, in English and in French."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, Page

from .conftest import Server
from .ui import create_table, play_turn, wait_my_play

CLIPPED = """() => {
  const canvas = document.createElement("canvas").getContext("2d");
  const width = (text, element) => {
    const style = getComputedStyle(element);
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return canvas.measureText(text).width;
  };
  const inner = (element) => {
    const style = getComputedStyle(element);
    const pad = ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"];
    const edges = pad.reduce((sum, p) => sum + parseFloat(style[p]), 0);
    return element.getBoundingClientRect().width - edges;
  };
  const shown = (element) => element.getClientRects().length > 0;
  const found = [];
  for (const element of document.querySelectorAll("body *")) {
    if (!shown(element)) continue;
    const style = getComputedStyle(element);
    if (style.textOverflow === "ellipsis" && element.scrollWidth > element.clientWidth) {
      found.push(`cut: ${element.className} "${element.textContent.trim()}"`);
    }
  }
  // A list shows its choice on one line: the arrow takes about 24 pixels.
  for (const select of document.querySelectorAll("select")) {
    const option = select.selectedOptions[0];
    if (shown(select) && option && width(option.text, select) > inner(select) - 24) {
      found.push(`choice: #${select.id} "${option.text}"`);
    }
  }
  for (const input of document.querySelectorAll("input[placeholder], textarea[placeholder]")) {
    if (shown(input) && width(input.placeholder, input) > inner(input)) {
      found.push(`placeholder: #${input.id} "${input.placeholder}"`);
    }
  }
  return found;
}"""

SCREENS = [((1366, 768), False), ((390, 844), True)]


def screen(browser: Browser, locale: str, size: tuple[int, int], mobile: bool) -> Page:
    width, height = size
    context = browser.new_context(
        locale=locale, viewport={"width": width, "height": height}, is_mobile=mobile
    )
    return context.new_page()


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
@pytest.mark.parametrize(("size", "mobile"), SCREENS, ids=["laptop", "phone"])
def test_no_words_are_cut_off(
    browser: Browser, server: Server, locale: str, size: tuple[int, int], mobile: bool
) -> None:
    page = screen(browser, locale, size, mobile)
    page.goto(server.url + "/")
    page.wait_for_selector("#name")
    page.select_option("#players", "4")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}", "bot:medium")
    clipped = page.evaluate(CLIPPED)
    assert clipped == [], ("home", clipped)
    # Princesse Princesse's long card names, six seats: compact seats, piles of chips.
    create_table(page, server, edition="princess", players=6, seats=["bot:easy"] * 5, tokens=8)
    rng = random.Random(6)
    for turn in range(3):
        wait_my_play(page, rng)
        clipped = page.evaluate(CLIPPED)
        assert clipped == [], (f"table, turn {turn}", clipped)
        play_turn(page, rng)
    page.context.close()


LABEL = """() => {
  // An outcome as recent.js draws it on a seat, long enough to take two lines.
  const seat = document.querySelector(".opponents .seat");
  seat.insertAdjacentHTML("beforeend", `<p class="outcome outcome-out">hors jeu — avait
    <span class="chip"><span class="chip-name">8 Princesse</span></span></p>`);
  const label = seat.querySelector(".outcome").getBoundingClientRect();
  const name = seat.querySelector(".seat-name").getBoundingClientRect();
  const apart = label.bottom <= name.top || label.top >= name.bottom
    || label.right <= name.left || label.left >= name.right;
  return [apart, label.height, [label.top, label.bottom], [name.top, name.bottom]];
}"""


def test_an_outcomes_label_never_covers_a_seats_name(browser: Browser, server: Server) -> None:
    page = screen(browser, "fr-FR", (1280, 720), False)
    create_table(page, server, edition="premium", players=8, seats=["bot:easy"] * 7, tokens=8)
    wait_my_play(page, random.Random(3))
    apart, *where = page.evaluate(LABEL)
    assert apart, where
    page.context.close()
