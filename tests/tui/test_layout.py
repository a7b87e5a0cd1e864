"""Every screen fits an 80x24 terminal: no widget runs off the screen or scrolls sideways."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, RichLog

from loveletter import DEFAULT_NAMES as NAMES
from loveletter.bots import make_bot
from loveletter.engine import get_edition
from loveletter.tui.app import LoveLetterApp
from loveletter.tui.dialogs import GameOverScreen, QuitScreen, RoundSummaryScreen
from loveletter.tui.game import GameScreen
from loveletter.tui.session import SeatSetup
from loveletter.tui.setup import SetupScreen
from loveletter.tui.texts import tr

from .helpers import (
    SIZE,
    assert_fits,
    game_screen,
    make_app,
    screen_text,
    settle,
    stacked_app,
    step,
)

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("edition", "players", "lang"),
    [("classic", 2, "en"), ("2019", 4, "fr"), ("princess", 6, "en"), ("premium", 8, "fr")],
)
async def test_the_table_fits(edition: str, players: int, lang: str) -> None:
    seats = (SeatSetup("Ana"), *(SeatSetup(NAMES[seat], "easy") for seat in range(1, players)))
    app = make_app(seats, edition=edition, lang=lang, tokens=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert_fits(pilot)
        text = screen_text(pilot)
        assert all(seat.name in text for seat in seats)
        for _ in range(15):  # the steps of a decision, the next turns, a round summary
            if isinstance(app.screen, GameOverScreen):
                break
            await step(pilot)
            assert_fits(pilot)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_quit_dialog_fits(lang: str) -> None:
    app = make_app((SeatSetup("Ana"), SeatSetup("Bruno", "easy")), lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+c")
        await settle(pilot)
        assert isinstance(app.screen, QuitScreen)
        assert_fits(pilot)


async def test_the_round_summary_of_eight_fits(tmp_path: Path) -> None:
    seats = (SeatSetup("Ana"), *(SeatSetup(name, "easy") for name in NAMES[1:]))
    app = make_app(seats, edition="premium", tokens=1)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(500):
            if isinstance(app.screen, RoundSummaryScreen):
                break
            await step(pilot)
        assert_fits(pilot)
        text = screen_text(pilot)
        assert "Round 1 is over" in text
        assert all(name in text for name in NAMES)
        svg = Path(app.save_screenshot("summary.svg", path=str(tmp_path)))
        assert svg.read_text(encoding="utf-8").startswith("<svg")


async def test_the_setup_screen_keeps_the_seed_given() -> None:
    app = LoveLetterApp(seed=3, delay=0, bot_factory=make_bot)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen.query_one("#seed", Input).value == "3"
        await pilot.press("enter")
        await settle(pilot)
        assert app.session is not None
        assert app.session.setup.seed == 3


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_setup_screen_fits_eight_seats(lang: str) -> None:
    app = LoveLetterApp(lang=lang, delay=0, bot_factory=make_bot)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("right", "right", "right")  # to the Premium edition
        await pilot.press("down", "left")  # from 2 players, one step back: 8
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert_fits(pilot)
        text = screen_text(pilot)
        assert "Premium" in text
        assert all(name in text for name in NAMES)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_every_guess_of_eight_players_is_on_screen(lang: str) -> None:
    seats = (SeatSetup("Ana"), *(SeatSetup(name, "easy") for name in NAMES[1:]))
    deck = [spec.id for spec in get_edition("premium").deck(8) for _ in range(spec.count)]
    for card in ("guard", "guard", "priest"):  # set aside, Ana's card, Ana's draw
        deck.remove(card)
    deck = ["guard", "guard", *deck[:7], "priest", *deck[7:]]
    app = stacked_app(seats, deck, edition="premium", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, GameScreen)
        await pilot.press(str(table.keys[table.options.index("guard")]), "1")
        await settle(pilot)
        assert len(table.options) == 9
        assert_fits(pilot)
        text = screen_text(pilot)
        for value in (0, 2, 3, 4, 5, 6, 7, 8, 9):  # each guess, with its unseen count
            assert re.search(
                rf"│  {value}  {value} .* \d non vues?|│  {value}  {value} .* \d unseen", text
            )


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_seed_hint_is_whole(lang: str) -> None:
    app = LoveLetterApp(lang=lang, delay=0, bot_factory=make_bot)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("right", "right", "right", "down", "left")  # Premium, 8 players
        await settle(pilot)
        assert_fits(pilot)
        text = " ".join(screen_text(pilot).replace("│", " ").split())
        assert tr(lang, "seed_hint") in text


def log_lines(pilot: Pilot[None]) -> list[str]:
    """The log's lines as laid out, trailing spaces cut."""
    log = game_screen(pilot).query_one("#log", RichLog)
    return [strip.text.rstrip() for strip in log.lines]


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_log_lines_written_behind_another_tab_are_laid_out_at_the_log_width(
    lang: str,
) -> None:
    seats = (SeatSetup("Ana"), *(SeatSetup(name, "easy") for name in NAMES[1:4]))
    app = make_app(seats, edition="2019", lang=lang, tokens=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for tab in ("t", "n"):
            await pilot.press(tab)
            for _ in range(4):  # the bots write while the log is hidden
                await step(pilot)
            await pilot.press("l")
            await settle(pilot)
            shown = log_lines(pilot)
            screen = game_screen(pilot)
            screen.logged = None  # lay the whole log out anew, visible
            screen.update_log()
            await settle(pilot)
            assert shown == log_lines(pilot)
            assert_fits(pilot)


async def test_log_lines_follow_a_resize() -> None:
    seats = (SeatSetup("Ana"), *(SeatSetup(name, "easy") for name in NAMES[1:4]))
    app = make_app(seats, edition="2019", tokens=3)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(4):
            await step(pilot)
        await pilot.resize_terminal(120, 30)
        await settle(pilot)
        shown = log_lines(pilot)
        screen = game_screen(pilot)
        screen.logged = None
        screen.update_log()
        await settle(pilot)
        assert shown == log_lines(pilot)
