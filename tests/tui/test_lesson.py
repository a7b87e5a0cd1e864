"""The guided first game in the terminal, driven by Textual's pilot: a wrong move is
explained and changes nothing, the lesson plays to its end and a real game follows."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from loveletter.lessons import FIRST_GAME, LESSONS
from loveletter.tui.app import LoveLetterApp
from loveletter.tui.game import GameScreen
from loveletter.tui.lesson import LessonScreen

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


async def test_the_first_game_with_a_wrong_move_then_a_real_game() -> None:
    app = LoveLetterApp(lesson=FIRST_GAME, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = lesson_screen(pilot)
        assert "Welcome!" in screen_text(pilot)
        assert_fits(pilot)
        while screen.run.step.kind != "you":
            await pilot.press("enter")
            await settle(pilot)
        assert screen.run.step.id == "priest"
        assert "Your hand" in screen_text(pilot)
        # A Guard instead of the Priest: explained, nothing applied.
        before = screen.run.game.record()
        await type_move(pilot, "guard 1 princess")
        assert "Try again. Your Guard would only be a guess" in " ".join(screen_text(pilot).split())
        assert screen.run.game.record() == before
        assert screen.run.step.id == "priest"
        while not screen.run.done:
            step = screen.run.step
            if step.kind == "you":
                assert step.move is not None
                await type_move(pilot, step.move)
                assert screen.run.index > screen.run.lesson.steps.index(step)
            else:
                await pilot.press("enter")
                await settle(pilot)
            if isinstance(pilot.app.screen, GameScreen) and not isinstance(
                pilot.app.screen, LessonScreen
            ):
                break
        game = pilot.app.screen
        assert isinstance(game, GameScreen)
        assert not isinstance(game, LessonScreen)
        assert game.session.game.edition.id == "2019"
        assert game.session.setup.seats[1].bot == "easy"
        assert screen.run.game.winners == [0]


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
