"""A lesson at the terminal: the game's own table, with the step's callout between the
players and your hand.

The screen is the game screen (the same panels, choices and log) driven by a
:class:`~loveletter.lessons.LessonRun` instead of bots: deals and the bot's moves come
from the script, and the learner's move is checked against the step's before the
engine applies it. A move the step does not teach is explained and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList, Static

from ..bots import Bot, make_bot
from ..lessons import Lesson, LessonRun
from .choices import ChoiceTree
from .game import GameScreen
from .prompts import option_label
from .session import LocalGame, SeatSetup, Setup, seat_setups

#: Where each focus of a step is on this screen: the widget outlined, the text key
#: of the line that points at it.
FOCUS_WIDGETS = {
    "hand": "#play",
    "deck": "#seats",
    "set_aside": "#seats",
    "face_up": "#seats",
    "opponent": "#seats",
    "you": "#seats",
    "tokens": "#seats",
    "log": "#side",
}


def lesson_session(run: LessonRun, lang: str) -> LocalGame:
    """The lesson's game as a local game: the learner's seat human, the others bots
    whose moves the script makes (their bots are never asked)."""
    lesson = run.lesson
    seats = tuple(
        SeatSetup(name, None if seat == lesson.learner else "easy")
        for seat, name in enumerate(lesson.players)
    )
    setup = Setup(lesson.edition, seats, lang)

    def scripted(level: str) -> Bot:
        return make_bot("random")

    return LocalGame(run.game, setup, bot_factory=scripted)


class LessonScreen(GameScreen):
    """One lesson on the game's table; ``on_done`` starts the real game after it (at its
    end or when the learner skips ahead)."""

    DEFAULT_CSS = """
    #lesson {
        height: auto; max-height: 7; border: round $warning; padding: 0 1;
        border-title-color: $warning; border-title-style: bold;
    }
    .lesson-focus { border: heavy $warning !important; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "skip_lesson", show=False),
        Binding("p", "show_move", show=False),
    ]

    def __init__(self, lesson: Lesson, lang: str, on_done: Callable[[Lesson], None]) -> None:
        self.run = LessonRun(lesson)
        super().__init__(lesson_session(self.run, lang), lambda _: on_done(lesson), delay=0)
        self.lesson = lesson
        self.on_done = on_done
        self.viewer = lesson.learner
        self.why = ""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if widget.id == "keys":
                widget = Static(self.tr("lesson_keys"), id="keys")
            yield widget
            if widget.id == "seats":
                yield Static(id="lesson")

    # ------------------------------------------------------------------ the flow

    def advance(self) -> None:
        """Show the step reached: its callout, and the learner's choices or Next."""
        self.decision, self.prefix, self.confirming = None, (), None
        if self.run.done:
            self.on_done(self.lesson)
            return
        step = self.run.step
        if step.kind == "you":
            view = self.session.view(self.viewer)
            self.decision = ChoiceTree(view["legal_actions"])
            self.refresh_view(view)
        else:
            self.refresh_view()
            self.offer_next()
        self.show_step()
        self.query_one("#choices", OptionList).focus()

    def offer_next(self) -> None:
        """A step that waits for no move: one choice, Next (or the real game, last)."""
        last = self.run.index == len(self.lesson.steps) - 1
        choices = self.query_one("#choices", OptionList)
        self.query_one("#question").display = False
        choices.display = True
        choices.clear_options()
        label = self.tr("lesson_play" if last else "lesson_next")
        choices.add_option(option_label("1", Text(label)))
        self.options, self.keys = ["next"], ["1"]
        choices.highlighted = 0

    def show_step(self) -> None:
        """The step's text in the callout, the part of the table it talks of outlined."""
        step = self.run.step
        words = self.words
        callout = self.query_one("#lesson", Static)
        number, total = self.run.index + 1, len(self.lesson.steps)
        callout.border_title = self.tr(
            "lesson_title", title=self.lesson.title[self.lang], number=number, total=total
        )
        text = Text()
        if step.focus in FOCUS_WIDGETS:
            bot = self.run.bot if self.run.bot is not None else 1 - self.lesson.learner
            text.append(self.tr(f"focus_{step.focus}", name=words.person(bot)) + "\n", style="bold")
        if self.why:  # in the step's place: it says what to play, and why
            text.append(self.tr("lesson_try_again", why=self.why), style="bold red")
        else:
            text.append(self.lesson.text(step, self.lang))
        callout.update(text)
        target = FOCUS_WIDGETS.get(step.focus)
        for selector in set(FOCUS_WIDGETS.values()):
            self.query_one(selector).set_class(selector == target, "lesson-focus")

    def choose(self, index: int) -> None:
        """Next, on a step that waits for no move; else a choice as in a game."""
        if not self.run.done and self.run.step.kind != "you":
            if index == 0:
                self.why = ""
                self.run.next()
                self.advance()
            return
        super().choose(index)

    def submit(self, action: str) -> bool:
        """The learner's move: played if the step teaches it, else explained."""
        if self.run.done or self.run.step.kind != "you":
            return False
        verdict = self.run.play(action, self.lang)
        self.why = "" if verdict.ok else verdict.why
        self.say("")
        self.advance()
        return verdict.ok

    def action_show_move(self) -> None:
        """``p``: the step's own move, played for a learner who is stuck."""
        if not self.run.done and self.run.step.kind == "you":
            self.why = ""
            self.run.skip()
            self.advance()

    def action_skip_lesson(self) -> None:
        """``s``: leave the lesson for the real game."""
        self.on_done(self.lesson)

    def action_hint(self) -> None:
        """No hints in a lesson: the callout says what to play."""

    def after_round(self, _: object = None) -> None:
        """Rounds are dealt by the lesson's steps."""


def real_game(lesson: Lesson, lang: str) -> Setup:
    """The first real game after a lesson: its edition, the learner against easy bots."""
    edition, players = lesson.then
    return Setup(edition, seat_setups(players, ["easy"] * (players - 1)), lang)
