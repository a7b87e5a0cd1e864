"""The Textual application: setup, the game, and asking before quitting."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen

from .. import line_breaks
from ..bots import make_bot
from ..engine import Options, get_edition
from ..lessons import EDITION_LESSONS, Lesson
from .dialogs import LessonOfferScreen, QuitScreen
from .game import GameScreen
from .lesson import LessonScreen, real_game
from .offers import LessonOffers
from .session import BotFactory, LocalGame, Setup
from .setup import SetupScreen, draft_for
from .texts import tr

line_breaks.install()  # French text never breaks before ": ; ? ! »"


class LoveLetterApp(App[None]):
    """Love Letter in the terminal, against bots or friends at one keyboard.

    Give a ``session`` to play it (a resumed game), a ``setup`` to deal a new game at
    once, a ``lesson`` to play it then a real game against easy bots, or none of them
    to choose the table in the setup screen (with ``lang``, ``options`` and ``seed``).
    With ``offers``, the first game of an edition with cards of its own offers its
    lesson first.
    """

    TITLE = "Love Letter"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c,ctrl+q", "request_quit", show=False, priority=True),
    ]

    def __init__(
        self,
        *,
        session: LocalGame | None = None,
        setup: Setup | None = None,
        lang: str = "en",
        save: Path | None = None,
        delay: float = 0.8,
        options: Options | None = None,
        seed: int | None = None,
        bot_factory: BotFactory = make_bot,
        lesson: Lesson | None = None,
        offers: LessonOffers | None = None,
    ) -> None:
        super().__init__()
        self.lesson = lesson
        self.offers = offers
        self.session = session
        self.first_setup = setup
        self.lang = session.setup.lang if session else setup.lang if setup else lang
        self.save_path = save
        self.delay = delay
        self.options = options or Options()
        self.seed = seed
        self.bot_factory = bot_factory

    def on_mount(self) -> None:
        if self.lesson is not None:
            self.mark_offered(self.lesson)
            self.show(LessonScreen(self.lesson, self.lang, self.lesson_done))
        elif self.session is not None:
            self.show(GameScreen(self.session, self.new_game, delay=self.delay))
        elif self.first_setup is not None:
            self.start_game(self.first_setup)
        else:
            self.new_game(None)

    def new_game(self, previous: Setup | None) -> None:
        """Show the setup screen (prefilled with the previous table) and start from it."""
        self.session = None
        draft = draft_for(previous, self.lang, self.options, self.seed)
        self.show(SetupScreen(draft, self.start_game))

    def start_game(self, setup: Setup) -> None:
        """Deal a new game for ``setup`` and show its table; the first game of an
        edition with cards of its own offers its lesson first."""
        self.lang = setup.lang
        lesson = self.offers.due(setup.edition) if self.offers else None
        if lesson is None:
            self.deal(setup)
            return
        self.mark_offered(lesson)

        def answered(learn: bool | None) -> None:
            if learn:
                self.show(LessonScreen(lesson, setup.lang, lambda _: self.deal(setup)))
            else:
                self.deal(setup)

        name = get_edition(setup.edition).name(setup.lang)
        self.push_screen(LessonOfferScreen(name, setup.lang), answered)

    def mark_offered(self, lesson: Lesson) -> None:
        """No more offers of ``lesson``: it was offered, or taken."""
        if self.offers is None:
            return
        for edition, lesson_id in EDITION_LESSONS.items():
            if lesson_id == lesson.id:
                self.offers.mark(edition)

    def deal(self, setup: Setup) -> None:
        """Deal a new game for ``setup`` and show its table."""
        self.lang = setup.lang
        self.session = LocalGame.start(setup, save=self.save_path, bot_factory=self.bot_factory)
        self.show(GameScreen(self.session, self.new_game, delay=self.delay))

    def lesson_done(self, lesson: Lesson) -> None:
        """After a lesson, or when the learner skips ahead: a real game against easy bots."""
        self.start_game(real_game(lesson, self.lang))

    def show(self, screen: Screen[None]) -> None:
        """Make ``screen`` the main screen, in place of the previous one."""
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def action_request_quit(self) -> None:
        """Ctrl+C: ask first, and offer to save."""
        if isinstance(self.screen, QuitScreen):
            return
        session = self.session
        if session is not None and session.game.is_over:
            session = None  # nothing left to save
        self.push_screen(QuitScreen(session, self.lang), self.quit_answer)

    def quit_answer(self, answer: Path | bool | None) -> None:
        """Stay, quit, or save and quit."""
        if not answer:
            return
        if isinstance(answer, Path) and self.session is not None:
            try:
                self.session.save(answer)
            except OSError as error:
                reason = error.strerror or str(error)
                self.notify(tr(self.lang, "save_failed", path=answer, reason=reason))
                return
        self.exit()
