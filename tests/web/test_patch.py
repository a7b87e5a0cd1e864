"""dom.js's patch() in the browser: an element it keeps answers each click once, with
the handler of the last build, whatever handlers it lost and got back in between; so
does a card of the hand kept from one turn to the next. An element it keeps stays in
the page, with its focus, whatever goes or comes around it."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from .conftest import Server
from .ui import create_table, play_turn, wait_my_play

# How many turns of this seat may pass before one keeps a card for its next turn.
TURNS = 20

# Patches a container again and again with one button (the same element is kept:
# same key), whose click handler is given or not by `builds` (a name, or null for
# none), clicking it after each patch; returns the names heard after each click.
CLICKS_AFTER_PATCHES = """async builds => {
    const { h, patch } = await import("/static/js/dom.js");
    const box = document.body.appendChild(document.createElement("div"));
    const heard = [];
    let kept = null;
    for (const name of builds) {
        const onclick = name === null ? undefined : () => heard[heard.length - 1].push(name);
        patch(box, h("button", { type: "button", "data-focus": "card", onclick }, "card"));
        const button = box.querySelector("button");
        if (kept && button !== kept) throw new Error("the button was not kept");
        kept = button;
        heard.push([]);
        button.click();
    }
    box.remove();
    return heard;
}"""


def clicks_after_patches(page: Page, server: Server, builds: list[str | None]) -> list[list[str]]:
    """What each click heard, the button being patched to each of ``builds`` in turn."""
    page.goto(server.url + "/")
    heard: list[list[str]] = page.evaluate(CLICKS_AFTER_PATCHES, builds)
    return heard


def test_a_kept_element_that_gets_its_handler_back_runs_it_once(page: Page, server: Server) -> None:
    # A card of the hand: choosable on your turn, not while your play is on its way
    # or another player's turn, choosable again on your next turn.
    heard = clicks_after_patches(page, server, ["turn", None, "next", None, None, "third"])
    assert heard == [["turn"], [], ["next"], [], [], ["third"]]


def test_a_kept_element_runs_the_handler_of_the_last_build(page: Page, server: Server) -> None:
    heard = clicks_after_patches(page, server, ["a", "b", None, "c", "c2", None, "d"])
    assert heard == [["a"], ["b"], [], ["c"], ["c2"], [], ["d"]]


def test_a_card_kept_from_one_turn_to_the_next_is_chosen_by_one_click(
    page: Page, server: Server
) -> None:
    create_table(page, server, edition="classic", players=2, seats=["bot:easy"], tokens=7)
    rng = random.Random(4)
    cards = page.locator(".hand-card")
    for _ in range(TURNS):
        wait_my_play(page, rng)
        kept = cards.evaluate_all(
            "cards => cards.findIndex(c => c.keptFromTurn && !c.hasAttribute('aria-disabled'))"
        )
        if kept >= 0:  # the same element, choosable again after the turns between
            cards.nth(kept).click()
            expect(cards.nth(kept)).to_have_attribute("aria-pressed", "true")
            expect(page.locator(".hand-card.selected")).to_have_count(1)
            return
        # Play the last card that may be played: the one before it stays where it is.
        page.locator(".hand-card:not([aria-disabled])").last.click()
        expect(page.locator(".hand-card.selected")).to_have_count(1)
        cards.evaluate_all(
            "cards => cards.forEach(c => { if (!c.matches('.selected')) c.keptFromTurn = true })"
        )
        play_turn(page, rng)
    raise AssertionError(f"no card of the hand was kept for the next turn in {TURNS} turns")


# Patches a container from `before` to `after` (lists of keys of inputs), focusing the
# input `focus` first; returns whether it kept its focus and whether it was moved
# (taken out of the page and put back), by a MutationObserver.
FOCUS_THROUGH_PATCH = """async ([before, after, focus]) => {
    const { h, patch } = await import("/static/js/dom.js");
    const box = document.body.appendChild(document.createElement("div"));
    const build = keys => keys.map(key => h("input", { "data-focus": key }));
    patch(box, ...build(before));
    const focused = box.querySelector(`[data-focus="${focus}"]`);
    focused.focus();
    const observer = new MutationObserver(() => {});
    observer.observe(box, { childList: true });
    patch(box, ...build(after));
    const moved = observer.takeRecords().some(r => [...r.removedNodes].includes(focused));
    const kept = box.querySelector(`[data-focus="${focus}"]`) === focused;
    const order = [...box.children].map(c => c.getAttribute("data-focus"));
    const result = { focused: document.activeElement === focused, moved, kept, order };
    box.remove();
    return result;
}"""


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (["a", "b", "c"], ["b", "c"]),  # an element before it goes
        (["a", "b", "c"], ["a", "c"]),  # one before it goes, from the middle
        (["a", "c"], ["x", "y", "a", "c"]),  # new ones come before it
        (["a", "b", "c"], ["y", "c", "z"]),  # the others change round it
    ],
)
def test_a_kept_element_keeps_its_focus_and_its_place(
    page: Page, server: Server, before: list[str], after: list[str]
) -> None:
    page.goto(server.url + "/")
    result = page.evaluate(FOCUS_THROUGH_PATCH, [before, after, "c"])
    assert result == {"focused": True, "moved": False, "kept": True, "order": after}
