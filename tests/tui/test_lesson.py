"""The guided first game in the terminal, driven by Textual's pilot: a wrong move is
explained and changes nothing, the lesson plays to its end and a real game follows;
an edition's own lesson is offered before its first game, once."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from typer.testing import CliRunner

from loveletter.cli.main import app
from loveletter.lessons import FIRST_GAME, LESSONS
from loveletter.tui.app import LoveLetterApp
from loveletter.tui.dialogs import LessonOfferScreen
from loveletter.tui.game import GameScreen
from loveletter.tui.lesson import LessonScreen
from loveletter.tui.offers import LessonOffers
from loveletter.tui.session import SeatSetup, Setup

from .helpers import SIZE, assert_fits, keys, screen_text, settle

pytestmark = pytest.mark.anyio


def lesson_screen(pilot: Pilot[None]) -> LessonScreen:
    screen = pilot.app.screen
    assert isinstance(screen, LessonScreen)
    return screen


async def type_move(pilot: Pilot[None], move: str) -> None:
    """Type a move on the input line, as a player may."""
    await pilot.press("colon", *keys(move), "enter")
    await settle(pilot)


def flat(text: str) -> str:
    """Words separated by single spaces (a screen wraps lines; no-break spaces too)."""
    return " ".join(text.split())


WRONG = {
    "en": ("priest", "guard 1 princess", "Try again. Your Guard would only be a guess"),
    "fr": ("handmaid_you", "princess", "Essayez encore. Jouer la Princesse vous élimine"),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_first_game_with_a_wrong_move_then_a_real_game(lang: str) -> None:
    app = LoveLetterApp(lesson=FIRST_GAME, lang=lang)
    wrong_step, wrong_move, why = WRONG[lang]
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = lesson_screen(pilot)
        welcome = FIRST_GAME.text(FIRST_GAME.steps[0], lang)
        assert flat(welcome[:30]) in flat(screen_text(pilot))
        assert_fits(pilot)
        while not screen.run.done:
            step = screen.run.step
            if step.id == wrong_step:
                before = screen.run.game.record()
                await type_move(pilot, wrong_move)
                assert flat(why) in flat(screen_text(pilot))
                assert screen.run.game.record() == before
                assert screen.run.step is step
                assert_fits(pilot)
            if step.id == "prince":  # Play it for me
                await pilot.press("p")
                await settle(pilot)
                assert screen.run.moves[-1] == "prince 1"
            elif step.kind == "you":
                assert step.move is not None
                await type_move(pilot, step.move)
                assert screen.run.index > FIRST_GAME.steps.index(step)
            else:
                await pilot.press("enter")
                await settle(pilot)
        game = pilot.app.screen
        assert isinstance(game, GameScreen)
        assert not isinstance(game, LessonScreen)
        assert game.session.game.edition.id == "2019"
        assert game.session.setup.seats[1].bot == "easy"
        assert list(screen.run.game.winners) == [0]


async def test_a_french_lesson_is_skipped_for_a_real_game() -> None:
    app = LoveLetterApp(lesson=LESSONS["premium"], lang="fr")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(pilot).split())
        assert "Les cartes de Premium · étape 1 sur" in text
        assert "distribue 32 cartes" in text
        await pilot.press("s")
        await settle(pilot)
        game = pilot.app.screen
        assert isinstance(game, GameScreen)
        assert not isinstance(game, LessonScreen)
        assert game.session.game.edition.id == "premium"
        assert game.session.game.seat_count == 5


def test_learn_refuses_an_unknown_lesson() -> None:
    result = CliRunner().invoke(app, ["learn", "--lesson", "nope"])
    assert result.exit_code == 2
    assert "unknown lesson 'nope': one of first-game, premium, princess" in result.output


def princess_table(lang: str) -> Setup:
    return Setup("princess", (SeatSetup("Ana"), SeatSetup("Bruno", "easy")), lang, seed=1)


async def test_an_editions_lesson_is_offered_before_its_first_game_once(tmp_path: Path) -> None:
    offers = LessonOffers(tmp_path / "data")
    app = LoveLetterApp(setup=princess_table("fr"), offers=offers)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, LessonOfferScreen)
        text = flat(screen_text(pilot))
        assert "Nouvelles cartes" in text
        assert "Princesse Princesse a ses propres cartes." in text
        assert_fits(pilot)
        await pilot.press("enter")  # the lesson first
        await settle(pilot)
        screen = lesson_screen(pilot)
        assert screen.lesson is LESSONS["princess"]
        await pilot.press("s")  # then the game chosen, not the lesson's own
        await settle(pilot)
        game = pilot.app.screen
        assert isinstance(game, GameScreen)
        assert not isinstance(game, LessonScreen)
        assert game.session.setup == princess_table("fr")
    assert offers.offered() == {"princess"}
    again = LoveLetterApp(setup=princess_table("en"), offers=offers)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, GameScreen)


async def test_an_offer_declined_plays_at_once_and_is_not_made_again(tmp_path: Path) -> None:
    offers = LessonOffers(tmp_path)
    offers.path.write_text("{damaged", encoding="utf-8")  # read as no offer made yet
    app = LoveLetterApp(setup=princess_table("en"), offers=offers)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "has cards of its own" in flat(screen_text(pilot))
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(pilot.app.screen, GameScreen)
    assert offers.offered() == {"princess"}
    assert offers.due("premium") is LESSONS["premium"]
    assert offers.due("2019") is None
