"""Screens between the turns: the hand-over, the round summary, the end, quitting, and
the offer of an edition's lesson before its first game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Static

from ..engine import RoundReview, View
from ..engine.grammar import join
from .render import Words, tokens_text
from .session import LocalGame, Setup
from .texts import tr


def _words(session: LocalGame) -> Words:
    return Words(session.game.edition, session.names, session.setup.lang, None)


class HandOverScreen(Screen[None]):
    """Hides the table between two humans' turns until the next one is ready."""

    DEFAULT_CSS = """
    HandOverScreen { align: center middle; }
    HandOverScreen > Vertical {
        width: 60; height: auto; border: double $accent; padding: 1 2;
    }
    HandOverScreen Static { width: 100%; content-align: center middle; }
    #handover-title { text-style: bold; color: $warning; margin-bottom: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "ready", show=False)]

    def __init__(self, session: LocalGame, seat: int) -> None:
        super().__init__()
        self.session = session
        self.seat = seat

    def compose(self) -> ComposeResult:
        lang = self.session.setup.lang
        name = self.session.names[self.seat]
        pending = self.session.view(None)["pending"]
        with Vertical():
            yield Static(tr(lang, "handover_title", name=name), id="handover-title")
            if pending and pending["step"] == "bishop":
                yield Static(tr(lang, "handover_bishop", name=name))
            yield Static(tr(lang, "handover_text", name=name))

    def action_ready(self) -> None:
        """The next player is at the keyboard."""
        self.dismiss()


class RoundSummaryScreen(ModalScreen[None]):
    """The review of a finished round: every hand, the set-aside card, the tokens."""

    DEFAULT_CSS = """
    RoundSummaryScreen { align: center top; }
    RoundSummaryScreen > Vertical {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; padding: 0 1; background: $surface;
    }
    #summary-title { text-style: bold; }
    #summary-keys { color: $text-muted; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "close", show=False)]

    def __init__(self, session: LocalGame, number: int) -> None:
        super().__init__()
        self.session = session
        self.number = number

    def compose(self) -> ComposeResult:
        session = self.session
        lang = session.setup.lang
        words = _words(session)
        view = session.view(None)
        result = view["results"][self.number - 1]
        winners = join((words.players[seat] for seat in result["winners"]), lang)
        if result["ending"] == "game_won":
            ending = tr(lang, "ending_game_won")
        elif result["ending"] == "last_standing":
            ending = tr(lang, "ending_last_standing", names=winners)
        elif winners:
            ending = tr(lang, "ending_showdown", names=winners)
        else:
            ending = tr(lang, "ending_showdown_nobody")
        with Vertical():
            yield Static(tr(lang, "round_over", number=self.number), id="summary-title")
            yield Static(ending)
            yield Static(self.table(view, result, words))
            if result["set_aside"] is None:
                yield Static(tr(lang, "set_aside_used"))
            else:
                card = words.card(result["set_aside"])
                yield Static(Text(tr(lang, "set_aside_was") + " ").append_text(card))
            key = "see_result" if session.game.is_over else "next_round"
            yield Static(tr(lang, key), id="summary-keys")

    def table(self, view: View, result: RoundReview, words: Words) -> Table:
        """Per seat: the hand at the end, the tokens gained and why, the total."""
        lang = self.session.setup.lang
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
        for key in ("col_player", "col_hand", "col_gained", "col_total"):
            table.add_column(tr(lang, key), no_wrap=key != "col_gained")
        hands = result["hands"]
        bonuses = result["bonuses"]
        goal = view["tokens_to_win"]
        for seat, name in enumerate(words.players):
            hand = Text()
            for card in hands[seat]:
                hand.append_text(words.card(card))
            if not hands[seat]:
                hand = Text(tr(lang, "out"), style="red")
            reasons = [tr(lang, f"reason_{b['reason']}") for b in bonuses if b["seat"] == seat]
            gained = Text(f"+{len(reasons)} " + ", ".join(reasons) if reasons else "—")
            table.add_row(name, hand, gained, tokens_text(self._total(seat), goal))
        return table

    def _total(self, seat: int) -> int:
        """A seat's tokens at the end of this round."""
        results = self.session.game.results[: self.number]
        return sum(result.tokens[seat] for result in results)

    def action_close(self) -> None:
        """On to the next round."""
        self.dismiss()


class GameOverScreen(Screen[None]):
    """The winners and the final score; then a new game or quit."""

    DEFAULT_CSS = """
    GameOverScreen { align: center middle; }
    GameOverScreen > Vertical {
        width: 64; height: auto; border: double $warning; padding: 1 2;
    }
    GameOverScreen Static { width: 100%; }
    #winner { text-style: bold; color: $warning; content-align: center middle; }
    #final { margin: 1 0; }
    GameOverScreen Horizontal { height: auto; align: center middle; }
    GameOverScreen Button { margin: 0 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", show=False),
        Binding("q", "quit_game", show=False),
    ]

    def __init__(self, session: LocalGame, on_new_game: Callable[[Setup], None]) -> None:
        super().__init__()
        self.session = session
        self.on_new_game = on_new_game

    def compose(self) -> ComposeResult:
        session = self.session
        lang = session.setup.lang
        game = session.game
        words = _words(session)
        names = words.players
        winners = [names[seat] for seat in game.winners]
        key = "winner_one" if len(winners) == 1 else "winner_many"
        table = Table(box=None, padding=(0, 2), show_header=False)
        table.add_column()
        table.add_column()
        goal = game.rules.tokens_to_win
        for seat, name in enumerate(names):
            style = "bold" if seat in game.winners else ""
            table.add_row(Text(name, style=style), tokens_text(game.tokens[seat], goal))
        with Vertical():
            yield Static(tr(lang, key, names=join(winners, lang)), id="winner")
            yield Static(Text(tr(lang, "final_tokens"), style="underline"))
            yield Static(table, id="final")
            with Horizontal():
                yield Button(tr(lang, "new_game"), id="new", variant="primary", compact=True)
                yield Button(tr(lang, "quit"), id="quit", compact=True)
            yield Static(Text(tr(lang, "end_keys"), style="bright_black"))

    @on(Button.Pressed, "#new")
    def action_new_game(self) -> None:
        """Back to the setup screen, with the same table."""
        self.on_new_game(self.session.setup)

    @on(Button.Pressed, "#quit")
    def action_quit_game(self) -> None:
        """Leave the program."""
        self.app.exit()


class QuitScreen(ModalScreen[Path | bool | None]):
    """Asks before quitting, and offers to save the game.

    Dismissed with False to stay, True to quit, or the path to save to before quitting.
    """

    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    QuitScreen > Vertical {
        width: 76; height: auto; border: thick $error; padding: 1 2; background: $surface;
    }
    QuitScreen Static { width: 100%; }
    #quit-title { text-style: bold; }
    #path-label { width: auto; margin-right: 1; }
    QuitScreen Input { width: 1fr; }
    QuitScreen Horizontal { height: auto; margin-top: 1; }
    QuitScreen Button { margin-right: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "stay", show=False)]

    def __init__(self, session: LocalGame | None, lang: str) -> None:
        super().__init__()
        self.session = session
        self.lang = lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        session = self.session
        with Vertical():
            yield Static(tr(lang, "quit_title"), id="quit-title")
            if session is None:
                with Horizontal():
                    yield Button(tr(lang, "quit_plain"), id="quit", variant="error", compact=True)
                    yield Button(tr(lang, "cancel"), id="stay", compact=True)
            elif session.save_path is not None:
                yield Static(tr(lang, "quit_saved", path=session.save_path))
                with Horizontal():
                    yield Button(tr(lang, "quit_plain"), id="quit", variant="error", compact=True)
                    yield Button(tr(lang, "cancel"), id="stay", compact=True)
            else:
                yield Static(tr(lang, "quit_unsaved"))
                with Horizontal(id="path-row"):
                    yield Static(tr(lang, "file_name"), id="path-label")
                    yield Input("loveletter-game.json", id="path", compact=True)
                with Horizontal():
                    yield Button(tr(lang, "save_quit"), id="save", variant="primary", compact=True)
                    yield Button(tr(lang, "quit_nosave"), id="quit", variant="error", compact=True)
                    yield Button(tr(lang, "cancel"), id="stay", compact=True)

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    @on(Button.Pressed, "#quit")
    def quit_now(self) -> None:
        """Quit without saving (or with the autosave)."""
        self.dismiss(True)

    @on(Button.Pressed, "#stay")
    def action_stay(self) -> None:
        """Back to the game."""
        self.dismiss(False)

    @on(Button.Pressed, "#save")
    @on(Input.Submitted, "#path")
    def save(self) -> None:
        """Save to the file named, then quit."""
        path = self.query_one("#path", Input).value.strip()
        if path:
            self.dismiss(Path(path))


class LessonOfferScreen(ModalScreen[bool]):
    """Before the first game of an edition with cards of its own: its short lesson
    first, or the game at once. Dismissed with True for the lesson."""

    DEFAULT_CSS = """
    LessonOfferScreen { align: center middle; }
    LessonOfferScreen > Vertical {
        width: 76; max-width: 100%; height: auto; border: round $warning; padding: 1 2;
        background: $surface;
    }
    LessonOfferScreen Static { width: 100%; }
    #offer-title { text-style: bold; color: $warning; }
    LessonOfferScreen Horizontal { height: auto; margin-top: 1; }
    LessonOfferScreen Button { margin-right: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "play", show=False)]

    def __init__(self, edition: str, lang: str) -> None:
        super().__init__()
        self.edition = edition
        self.lang = lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical():
            yield Static(tr(lang, "lesson_offer_title"), id="offer-title")
            yield Static(tr(lang, "lesson_offer_text", edition=self.edition))
            with Horizontal():
                yield Button(
                    tr(lang, "lesson_offer_learn"), id="learn", variant="primary", compact=True
                )
                yield Button(tr(lang, "lesson_offer_play"), id="play", compact=True)

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    @on(Button.Pressed, "#learn")
    def learn(self) -> None:
        """The lesson, then the game."""
        self.dismiss(True)

    @on(Button.Pressed, "#play")
    def action_play(self) -> None:
        """The game at once."""
        self.dismiss(False)
