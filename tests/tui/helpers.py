"""Driving the terminal game with Textual's pilot: what is on screen, playing on."""

from __future__ import annotations

import io
import random
from pathlib import Path

from rich.console import Console
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget

from loveletter.bots import make_bot
from loveletter.engine import Game, Options
from loveletter.tui.app import LoveLetterApp
from loveletter.tui.dialogs import GameOverScreen, HandOverScreen, RoundSummaryScreen
from loveletter.tui.game import GameScreen
from loveletter.tui.session import LocalGame, SeatSetup, Setup

SIZE = (80, 24)


def make_app(
    seats: tuple[SeatSetup, ...],
    *,
    edition: str = "classic",
    lang: str = "en",
    seed: int = 1,
    tokens: int | None = 2,
    save: Path | None = None,
) -> LoveLetterApp:
    """An app that deals a game at once, with bots that play without a pause."""
    setup = Setup(edition, seats, lang, seed, Options(tokens_to_win=tokens))
    return LoveLetterApp(setup=setup, save=save, delay=0, bot_factory=make_bot)


def stacked_app(
    seats: tuple[SeatSetup, ...], deck: list[str], *, edition: str = "classic", lang: str = "en"
) -> LoveLetterApp:
    """An app on a stacked first round (``deck`` top first, seat 0 plays first)."""
    game = Game(edition, [seat.name for seat in seats], start=False)
    game.next_round(deck, first=0)
    setup = Setup(edition, seats, lang)
    session = LocalGame(game, setup, bot_factory=make_bot, bot_rng=random.Random(0))
    return LoveLetterApp(session=session, delay=0)


def screen_text(pilot: Pilot[None]) -> str:
    """The screen as plain text, as a terminal would show it."""
    app = pilot.app
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True)
    # Textual has no public text export; its screenshots render the same way.
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()


def assert_fits(pilot: Pilot[None]) -> None:
    """Every visible widget lies inside the screen, and none is wider than its room."""
    screen = Region(0, 0, *SIZE)
    for widget in pilot.app.screen.walk_children(Widget):
        if not widget.display or widget.region.area == 0:
            continue
        assert screen.contains_region(widget.region), f"{widget} at {widget.region}"
        if widget.is_scrollable:
            room = widget.scrollable_content_region.width
            assert widget.virtual_size.width <= room, f"{widget} is too wide"
    lines = screen_text(pilot).splitlines()
    assert len(lines) == SIZE[1]
    assert all(len(line) <= SIZE[0] for line in lines)


def keys(text: str) -> list[str]:
    """The keys that type ``text``."""
    return ["space" if char == " " else char for char in text]


def game_screen(pilot: Pilot[None]) -> GameScreen:
    """The game screen, under any dialog."""
    return next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))


async def settle(pilot: Pilot[None]) -> None:
    """Wait until the bots have played and the interface is idle."""
    while True:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if not any(worker.is_running for worker in pilot.app.workers):
            return


async def step(pilot: Pilot[None]) -> None:
    """One keypress of a human: confirm a dialog, or take the first legal choice."""
    await settle(pilot)
    screen = pilot.app.screen
    passing = isinstance(screen, GameScreen) and screen.passing is not None
    if passing or isinstance(screen, HandOverScreen | RoundSummaryScreen):
        await pilot.press("enter")
    elif isinstance(screen, GameScreen) and screen.decision is not None:
        first = next(index for index, token in enumerate(screen.options) if token)
        await pilot.press(str(screen.keys[first]))
    else:
        raise AssertionError(f"nothing to do on {screen!r}")
    await settle(pilot)


async def play_to_end(pilot: Pilot[None], limit: int = 2000) -> GameOverScreen:
    """Play the humans' turns with their first choices until the end screen."""
    for _ in range(limit):
        await settle(pilot)
        if isinstance(pilot.app.screen, GameOverScreen):
            return pilot.app.screen
        await step(pilot)
    raise AssertionError("the game did not end")
