"""The lessons over HTTP: their texts for the page, and each step played on the server.

The server keeps nothing of a lesson: the page sends the learner's moves so far and
the step it is at, the server replays the lesson from its stacked deck through the
engine (`LessonRun.replay`), checks a new move against the step's, and answers the
table as the learner's seat sees it. Nothing the learner may not see leaves the
server: the view is the engine's view of that seat.
"""

from __future__ import annotations

from typing import Annotated, TypedDict

from fastapi import APIRouter, Path
from pydantic import Field

from ..engine import LoveLetterError, View
from ..lessons import EDITION_LESSONS, LESSONS, Lesson, LessonRun, get_lesson
from .http import LangQuery
from .protocol import Incoming
from .refusals import RequestRefused
from .routing import StrictJSONRoute

LessonIdPath = Annotated[str, Path(min_length=1, max_length=40, description="A lesson id.")]
MAX_MOVES = 64
MAX_STEPS = 200


class LessonStepInfo(TypedDict):
    """One step as the page shows it: what it says, what it points at, the cards it
    presents, and whether it waits for a move (``you``) or for Next."""

    id: str
    kind: str
    focus: str
    text: str
    introduces: list[str]


class LessonThen(TypedDict):
    """The real game offered after the lesson."""

    edition: str
    players: int


class LessonInfo(TypedDict):
    """A lesson in one language."""

    id: str
    title: str
    edition: str
    players: int
    learner: int
    then: LessonThen
    steps: list[LessonStepInfo]


class LessonSummary(TypedDict):
    """A lesson in the list: its id, title and edition, and the edition whose tables
    offer it the first time (null: the first game, offered on the home page)."""

    id: str
    title: str
    edition: str
    offered_for: str | None


class LessonState(TypedDict):
    """A lesson at a step: the learner's moves so far and the table from their seat;
    after a move, whether it was the step's (``ok``) and if not why it matters."""

    step: int
    moves: list[str]
    view: View
    ok: bool
    why: str


class LessonPlay(Incoming):
    """Where the page is in the lesson, and the learner's move if any (null: show the
    step); ``show`` plays the step's own move for the learner (Play it for me)."""

    step: int = Field(ge=0, le=MAX_STEPS)
    moves: list[Annotated[str, Field(max_length=80)]] = Field(max_length=MAX_MOVES)
    action: Annotated[str, Field(max_length=80)] | None = None
    show: bool = False


def lesson_info(lesson: Lesson, lang: str) -> LessonInfo:
    """A lesson's texts in ``lang`` and what the page needs to play it."""
    edition, players = lesson.then
    return LessonInfo(
        id=lesson.id,
        title=lesson.title[lang],
        edition=lesson.edition,
        players=len(lesson.players),
        learner=lesson.learner,
        then=LessonThen(edition=edition, players=players),
        steps=[
            LessonStepInfo(
                id=step.id,
                kind=step.kind,
                focus=step.focus,
                text=lesson.text(step, lang),
                introduces=list(step.introduces),
            )
            for step in lesson.steps
        ],
    )


def play_lesson(lesson: Lesson, request: LessonPlay, lang: str) -> LessonState:
    """The lesson replayed to the page's step, and the new move checked and applied."""
    try:
        run = LessonRun.replay(lesson, request.moves, request.step)
    except LoveLetterError as error:
        raise RequestRefused(422, "bad_lesson_moves", str(error)) from None
    if run.index != request.step:
        raise RequestRefused(422, "bad_lesson_step", "the lesson has no such step")
    ok, why = True, ""
    if request.action is not None or request.show:
        if run.done or run.step.kind != "you":
            raise RequestRefused(409, "no_move_expected", "this step waits for no move")
        if request.action is not None:
            verdict = run.play(request.action, lang)
            ok, why = verdict.ok, verdict.why
        else:
            run.skip()
    return LessonState(step=run.index, moves=list(run.moves), view=run.view(), ok=ok, why=why)


def lesson_router() -> APIRouter:
    """The routes under ``/api/lessons``."""
    router = APIRouter(prefix="/api/lessons", tags=["lessons"], route_class=StrictJSONRoute)
    offered = {lesson: edition for edition, lesson in EDITION_LESSONS.items()}

    def find(lesson_id: str) -> Lesson:
        try:
            return get_lesson(lesson_id)
        except LoveLetterError:
            raise RequestRefused(404, "no_such_lesson", f"no lesson {lesson_id!r}") from None

    @router.get("", response_model=None)
    async def lesson_list(lang: LangQuery = "en") -> list[LessonSummary]:
        """Every lesson, the first game first."""
        return [
            LessonSummary(
                id=lesson.id,
                title=lesson.title[lang],
                edition=lesson.edition,
                offered_for=offered.get(lesson.id),
            )
            for lesson in LESSONS.values()
        ]

    @router.get("/{lesson_id}", response_model=None)
    async def lesson_texts(lesson_id: LessonIdPath, lang: LangQuery = "en") -> LessonInfo:
        """A lesson's steps and texts in ``lang``."""
        return lesson_info(find(lesson_id), lang)

    @router.post("/{lesson_id}/play", response_model=None)
    async def lesson_step(
        lesson_id: LessonIdPath, body: LessonPlay, lang: LangQuery = "en"
    ) -> LessonState:
        """The lesson at ``step`` after the learner's ``moves``; with ``action``, that
        move checked against the step's: applied if it is, else why it matters."""
        return play_lesson(find(lesson_id), body, lang)

    return router
