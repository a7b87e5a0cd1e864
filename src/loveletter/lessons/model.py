"""What a lesson is made of, and how one is played through the engine.

A lesson is data: a table (edition, players, tokens to win), and steps in order. A
step deals a stacked round, tells something, plays the scripted bot's move, or waits
for the learner's move, which is checked against the step's before the engine applies
it. `LessonRun` plays a lesson on a real `Game`: the terminal runs it locally, the
server replays it from the learner's moves for each request.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..engine import Game, Options, build_view, parse_action
from ..engine.errors import LoveLetterError
from ..engine.grammar import typeset
from ..engine.schema import View

LANGS = ("en", "fr")

#: What a step's callout may point at, the same words for the page and the terminal.
FOCUSES = (
    "table",  # the whole table
    "hand",  # your hand
    "deck",  # the draw pile's count
    "set_aside",  # the card set aside face down
    "face_up",  # the three cards face up (two players)
    "opponent",  # the bot's seat: its pile, its marks
    "you",  # your seat: your pile, your tokens
    "tokens",  # the tokens of every seat
    "log",  # what just happened
)

StepKind = Literal["deal", "info", "bot", "you"]


@dataclass(frozen=True)
class Step:
    """One step of a lesson.

    - ``deal``: a new round is dealt from ``deck`` (top first, as a record's), ``first``
      starting; then ``text`` is shown.
    - ``info``: ``text`` is shown.
    - ``bot``: the bot plays ``move``, then ``text`` tells what happened.
    - ``you``: ``text`` asks the learner for ``move`` (or one of ``accept``, the same
      decision worded otherwise); any other move gets ``wrong``, and the learner tries
      again.

    ``introduces`` names the cards this step presents (the page shows their faces).
    """

    id: str
    kind: StepKind
    text: Mapping[str, str]
    focus: str = "table"
    move: str | None = None
    accept: tuple[str, ...] = ()
    wrong: Mapping[str, str] = field(default_factory=dict)
    introduces: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    first: int = 0

    def moves(self) -> tuple[str, ...]:
        """Every move this step accepts from the learner, its own first."""
        return (self.move, *self.accept) if self.move is not None else ()


@dataclass(frozen=True)
class Lesson:
    """A lesson: the table it is played at, its title and its steps."""

    id: str
    edition: str
    players: tuple[str, ...]
    tokens_to_win: int
    title: Mapping[str, str]
    steps: tuple[Step, ...]
    #: The real game offered at the end: the edition and the number of players.
    then: tuple[str, int] = ("2019", 2)
    learner: int = 0

    def new_game(self) -> Game:
        """The lesson's table, before its first round is dealt."""
        options = Options(tokens_to_win=self.tokens_to_win, first_player=0)
        return Game(self.edition, list(self.players), options=options, start=False)

    def text(self, step: Step, lang: str) -> str:
        """A step's text in a language, typeset (French spacing)."""
        return typeset(step.text[lang], lang)

    def wrong(self, step: Step, lang: str) -> str:
        """Why a step's move matters, in a language, typeset."""
        return typeset(step.wrong[lang], lang)


@dataclass(frozen=True)
class Verdict:
    """The answer to a learner's move: applied, or why the step's move matters."""

    ok: bool
    why: str = ""


class LessonRun:
    """A lesson played on a real game: deals, bot moves and the learner's checked
    moves all go through the engine."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.game = lesson.new_game()
        self.index = 0
        self.moves: list[str] = []  # the learner's moves, as applied
        self.bot: int | None = None  # the seat of the last scripted move
        self._enter()

    @classmethod
    def replay(cls, lesson: Lesson, moves: Sequence[str], index: int) -> LessonRun:
        """The lesson at step ``index``, the learner having played ``moves`` on the
        way. Raises LoveLetterError if a move is not one its step accepts."""
        run = cls(lesson)
        pending = list(moves)
        while run.index < index and not run.done:
            if run.step.kind == "you":
                if not pending:
                    raise LoveLetterError(f"no move for step {run.step.id}")
                if not run.play(pending.pop(0)).ok:
                    raise LoveLetterError(f"step {run.step.id} does not accept that move")
            else:
                run.next()
        if pending:
            raise LoveLetterError("more moves than steps")
        return run

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    def view(self) -> View:
        """The table as the learner sees it now."""
        return build_view(self.game, self.lesson.learner)

    def next(self) -> None:
        """Go on from a step that waits for no move (skipping a move is `skip`)."""
        if self.done:
            return
        if self.step.kind == "you":
            raise LoveLetterError(f"step {self.step.id} waits for a move")
        self.index += 1
        self._enter()

    def play(self, text: str, lang: str = "en") -> Verdict:
        """The learner's move: applied if the step accepts it, else why it matters."""
        step = self.step
        if step.kind != "you" or self.done:
            raise LoveLetterError("this step waits for no move")
        try:
            action = parse_action(text)
        except LoveLetterError:
            return Verdict(False, self.lesson.wrong(step, lang))
        if action not in {parse_action(move) for move in step.moves()}:
            return Verdict(False, self.lesson.wrong(step, lang))
        self.game.apply(action, seat=self.lesson.learner)
        self.moves.append(str(action))
        self.index += 1
        self._enter()
        return Verdict(True)

    def skip(self) -> None:
        """Play the step's own move for the learner (or go on) and move to the next."""
        step = self.step
        if step.kind == "you" and step.move is not None:
            self.play(step.move)
        else:
            self.next()

    def _enter(self) -> None:
        """Apply what the step now reached does by itself: a deal, a bot's move."""
        if self.done:
            return
        step = self.step
        if step.kind == "deal":
            self.game.next_round(list(step.deck), first=step.first)
        elif step.kind == "bot" and step.move is not None:
            self.bot = self.game.to_move
            self.game.apply(step.move, seat=self.bot)


def stacked(edition: str, players: int, top: Sequence[str]) -> tuple[str, ...]:
    """A whole deck for a round: ``top`` first, then the edition's other cards in their
    canonical order (they are never reached in a lesson that ends before)."""
    rest = list(Game(edition, players, start=False).edition.cards(players))
    for card in top:
        rest.remove(card)
    return (*top, *rest)
