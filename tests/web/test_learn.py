"""The lessons in the browser: the guided first game played to its end in English and
in French, one wrong move on the way explained each time, the real game against easy
bots opened after it; and the lesson of an edition's own cards offered once."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from loveletter.lessons import FIRST_GAME
from loveletter.lessons.model import Lesson

from .conftest import TIMEOUT_MS, Server
from .test_contrast import low_contrast
from .ui import create_table, wait_my_turn

LESSON = ".game.lesson"


@pytest.fixture
def french(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 860})
    context.set_default_timeout(TIMEOUT_MS)
    yield context.new_page()
    context.close()


def choose(page: Page, move: str) -> None:
    """Make ``move`` with the mouse: the card, then each of its arguments, then Play
    if the last pick does not send it."""
    word, *args = move.split()
    if word != "keep":
        page.click(f'.hand-card[data-card="{word}"]')
    for arg in args:
        option = page.locator(f'.choices .option[data-option="{arg}"]')
        if option.count():
            option.click()
        elif page.locator(f'.hand-card[data-card="{arg}"]:not([aria-disabled])').count():
            page.click(f'.hand-card[data-card="{arg}"]')
    confirm = page.locator(".choices .confirm:not([disabled])")
    if confirm.count():
        confirm.click()


def play_lesson(page: Page, lesson: Lesson, wrong: tuple[str, str], shown: str = "") -> None:
    """Every step: Next, or the step's move; at the step ``wrong[0]`` the move
    ``wrong[1]`` first, whose explanation must show while the step stays; at the step
    ``shown``, Play it for me."""
    for index, step in enumerate(lesson.steps):
        expect(page.locator(LESSON)).to_have_attribute("data-step", step.id)
        expect(page.locator(LESSON)).to_have_attribute("data-busy", "false")
        expect(page.locator("#lesson-count")).to_contain_text(str(index + 1))
        if step.id == wrong[0]:
            choose(page, wrong[1])
            expect(page.locator("#lesson-why")).to_be_visible()
            expect(page.locator(LESSON)).to_have_attribute("data-step", step.id)
        if step.id == shown:
            page.click("#lesson-show")
        elif step.kind == "you":
            assert step.move is not None
            expect(page.locator("#lesson-next")).to_have_count(0)
            choose(page, step.move)
        else:
            page.click("#lesson-next")


def test_the_first_game_in_english_with_a_wrong_move(page: Page, server: Server) -> None:
    page.goto(server.url + "/")
    page.click("#learn-link")
    page.wait_for_url(re.compile(r"/learn$"))
    expect(page.locator("#lesson-text")).to_contain_text("Welcome! You are Ana")
    expect(page.locator("#lesson-title")).to_have_text("Learn to play")
    page.click("#lesson-next")  # the hand: pointed at, the Guard presented
    expect(page.locator(".lesson-pointer")).to_have_text("Outlined in gold: your hand")
    expect(page.locator(".hand.lesson-focus")).to_have_count(1)
    expect(page.locator('.lesson-cards .card[data-card="guard"]')).to_be_visible()
    page.click("#lesson-next")
    page.click("#lesson-next")
    page.click("#lesson-next")
    expect(page.locator(".center .face-up.lesson-focus")).to_have_count(1)
    page.reload()  # a reload goes on where the learner was
    expect(page.locator(".center .face-up.lesson-focus")).to_have_count(1)
    page.click("#lesson-restart")  # from the start again, played through
    play_lesson(page, FIRST_GAME, ("priest", "guard 1 princess"), shown="chancellor")
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    expect(page.locator(".seat")).to_have_count(2)
    expect(page.locator(".game")).to_have_attribute("data-phase", "play")


def test_the_first_game_in_french_with_a_wrong_move(french: Page, server: Server) -> None:
    page = french
    page.goto(server.url + "/")
    expect(page.locator("#learn-link")).to_have_text("Apprendre à jouer")
    page.goto(server.url + "/learn")
    expect(page.locator("#lesson-text")).to_contain_text("Bienvenue\u00a0! Vous êtes Ana")
    play_lesson(page, FIRST_GAME, ("handmaid_you", "princess"))
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    expect(page.locator(".seat")).to_have_count(2)


def test_a_wrong_move_is_explained_in_french(french: Page, server: Server) -> None:
    page = french
    page.goto(server.url + "/learn")
    expect(page.locator("#lesson-next")).to_be_visible()
    for _ in range(5):  # the keyboard: Enter goes on
        page.keyboard.press("Enter")
        expect(page.locator(LESSON)).to_have_attribute("data-busy", "false")
    expect(page.locator(LESSON)).to_have_attribute("data-step", "priest")
    choose(page, "guard 1 princess")
    expect(page.locator("#lesson-why")).to_contain_text(
        "Essayez encore. Votre Garde ne serait qu'un pari."
    )
    expect(page.locator(".hand-card")).to_have_count(2)  # nothing was played


def test_a_reload_goes_on_where_the_learner_was(page: Page, server: Server) -> None:
    page.goto(server.url + "/learn")
    for _ in range(5):
        page.click("#lesson-next")
        expect(page.locator(LESSON)).to_have_attribute("data-busy", "false")
    expect(page.locator(LESSON)).to_have_attribute("data-step", "priest")
    page.reload()
    expect(page.locator(LESSON)).to_have_attribute("data-step", "priest")
    expect(page.locator("#lesson-count")).to_contain_text("6")
    # A place the lesson no longer has (it changed since): the lesson starts again.
    page.evaluate(
        """localStorage.setItem("loveletter.lesson-at.first-game",
        JSON.stringify({step: 99, moves: ["king 2"]}))"""
    )
    page.reload()
    expect(page.locator(LESSON)).to_have_attribute("data-step", FIRST_GAME.steps[0].id)
    expect(page.locator(LESSON)).to_have_attribute("data-busy", "false")


def test_the_princess_lesson_is_offered_once(page: Page, server: Server) -> None:
    create_table(page, server, edition="princess", players=2, seats=["bot:easy"])
    offer = page.locator("#lesson-offer")
    expect(offer).to_be_visible()
    expect(offer.locator("a")).to_have_attribute("href", "/learn?lesson=princess")
    expect(offer.locator("a")).to_have_text("New cards: a short lesson")
    page.click("#lesson-offer-close")
    expect(offer).to_have_count(0)
    page.reload()
    expect(page.locator(".game")).to_be_visible()
    expect(offer).to_have_count(0)
    page.goto(server.url + "/learn?lesson=princess")
    expect(page.locator("#lesson-title")).to_have_text("Princesse Princesse")
    expect(page.locator('.lesson-cards .card[data-card="princess"]')).to_contain_text("Ogre")


def test_the_lesson_and_its_offer_meet_wcag_aa(page: Page, server: Server) -> None:
    page.goto(server.url + "/learn")
    page.wait_for_selector("#lesson-next")
    assert low_contrast(page) == [], "lesson"
    for _ in range(5):
        page.click("#lesson-next")
    choose(page, "guard 1 princess")
    page.wait_for_selector("#lesson-why")
    assert low_contrast(page) == [], "lesson, a wrong move explained"
    create_table(page, server, edition="premium", players=5, seats=["bot:easy"] * 4, first_player=0)
    wait_my_turn(page)  # the bots wait for this seat: the page holds still
    page.wait_for_selector("#lesson-offer")
    assert low_contrast(page) == [], "the offer of a lesson"
