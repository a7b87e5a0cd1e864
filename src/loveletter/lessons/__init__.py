"""Lessons: guided games on stacked decks, shared by the web page and the terminal.

A lesson is data (`Lesson`, `Step`): the stacked decks, the scripted moves in the
action notation and the texts of each step in English and French. `LessonRun` plays
one through the engine. This package uses the engine only.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.errors import LoveLetterError
from .first_game import FIRST_GAME
from .model import FOCUSES, LANGS, Lesson, LessonRun, Step, Verdict
from .more_cards import PREMIUM, PRINCESS

LESSONS: Mapping[str, Lesson] = {lesson.id: lesson for lesson in (FIRST_GAME, PREMIUM, PRINCESS)}

#: The lesson offered the first time a player opens a table of an edition.
EDITION_LESSONS: Mapping[str, str] = {"premium": PREMIUM.id, "princess": PRINCESS.id}


def get_lesson(lesson_id: str) -> Lesson:
    """The lesson with this id; LoveLetterError if there is none."""
    try:
        return LESSONS[lesson_id]
    except KeyError:
        raise LoveLetterError(f"no lesson {lesson_id!r}") from None


__all__ = [
    "EDITION_LESSONS",
    "FIRST_GAME",
    "FOCUSES",
    "LANGS",
    "LESSONS",
    "Lesson",
    "LessonRun",
    "Step",
    "Verdict",
    "get_lesson",
]
