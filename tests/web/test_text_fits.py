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
  // Nothing of a play shown runs past the strip's edge.
  const strip = document.querySelector(".recent");
  const edge = strip ? strip.getBoundingClientRect().right : Infinity;
  for (const part of document.querySelectorAll(".recent-move *")) {
    if (shown(part) && part.getBoundingClientRect().right > edge + 0.5) {
      found.push(`past the strip: ${part.className} "${part.textContent.trim()}"`);
    }
  }
  return found;
}"""

#: The longest play's outcome the strip may have to show, as recent.js draws it.
LONG_PLAY = """async () => {
  const { fitStrip } = await import("/static/js/recent.js");
  // A round's first turn has no play yet: the list comes with the first one.
  document.querySelector(".recent-none")?.replaceWith(document.createElement("ol"));
  const strip = document.querySelector(".recent-list") ?? document.querySelector(".recent ol");
  strip.classList.add("recent-list");
  strip.insertAdjacentHTML("beforeend", `<li
    class="recent-move since"><span class="recent-outcome recent-out">Robot 3 : hors jeu —
    avait la <span class="chip"><b class="chip-value">3</b><span
    class="chip-name">Bibliothécaire du palais</span></span></span></li>`);
  fitStrip(strip);
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
    wait_my_play(page, rng)
    page.evaluate(LONG_PLAY)
    clipped = page.evaluate(CLIPPED)
    assert clipped == [], ("the longest play", clipped)
    page.context.close()


LABELS = """async (guarded) => {
  // The longest outcome on every seat but yours, as recent.js draws and fits it.
  const { fitOutcomes } = await import("/static/js/recent.js");
  const seats = [...document.querySelectorAll(".opponents .seat")];
  const long = [
    `<p class="outcome outcome-out" data-short="outcome_out_short">hors jeu — avait la
      <span class="chip"><b class="chip-value">3</b><span class="chip-name">Bibliothécaire
      du palais</span></span></p>`,
    `<p class="outcome outcome-won" data-short="outcome_won_short">carte plus forte</p>`,
    `<p class="outcome outcome-protected" data-short="outcome_protected_short">sous
      protection</p>`,
  ];
  seats.forEach((seat, i) => {
    seat.querySelector(".seat-head").insertAdjacentHTML("beforeend", long[i % 3]);
  });
  fitOutcomes(document.querySelector(".board"));
  // Measured once the labels have popped in (they grow from a smaller scale).
  const popping = seats.flatMap((seat) => seat.querySelector(".outcome").getAnimations());
  await Promise.all(popping.map((animation) => animation.finished));
  const meets = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const found = [];
  for (const seat of seats) {
    const label = seat.querySelector(".outcome");
    const box = label.getBoundingClientRect();
    const line = parseFloat(getComputedStyle(label).lineHeight) || 20;
    if (box.height > 1.6 * line) found.push(`${seat.ariaLabel}: ${box.height}px high`);
    if (label.scrollWidth > label.clientWidth) {
      found.push(`${seat.ariaLabel}: cut "${label.textContent}"`);
    }
    for (const own of seat.querySelectorAll(guarded)) {
      if (meets(box, own.getBoundingClientRect())) {
        found.push(`${seat.ariaLabel}: over ${own.className}`);
      }
    }
    const others = document.querySelectorAll(".recent-list > *, .seat *");
    for (const other of others) {
      if (seat.contains(other) || other.getClientRects().length === 0) continue;
      if (meets(box, other.getBoundingClientRect())) {
        found.push(`${seat.ariaLabel} covers ${other.className || other.tagName}`);
      }
    }
  }
  return found;
}"""


@pytest.mark.parametrize(
    ("edition", "players", "tokens", "guarded"),
    [
        ("2019", 4, 4, ".seat-name, .tokens"),  # room right of the tokens: they stay seen
        ("2019", 4, 8, ".seat-name"),  # eight hearts leave no room: it covers them
        ("premium", 8, 8, ".seat-name, .tokens"),  # the tokens go under the name
    ],
    ids=["4-players", "4-players-8-tokens", "8-players"],
)
def test_an_outcomes_label_stays_on_its_seats_edge(
    browser: Browser, server: Server, edition: str, players: int, tokens: int, guarded: str
) -> None:
    # On two lines, a label grew over the last turns (4 players) or the row above (8).
    page = screen(browser, "fr-FR", (1366, 768) if players < 8 else (1280, 720), False)
    seats = ["bot:easy"] * (players - 1)
    create_table(page, server, edition=edition, players=players, seats=seats, tokens=tokens)
    wait_my_play(page, random.Random(3))
    assert page.evaluate(LABELS, guarded) == []
    page.context.close()
