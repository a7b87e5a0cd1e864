"""``loveletter learn``: a guided first game in the terminal, then a real one."""

from __future__ import annotations

from typing import Annotated

import typer

from ..lessons import LESSONS
from .common import check_language, tell, usage_error


def learn(
    lesson: Annotated[
        str,
        typer.Option("--lesson", help=f"One of: {', '.join(LESSONS)}."),
    ] = "first-game",
    lang: Annotated[
        str | None, typer.Option("--lang", "-l", help="en or fr (default: from the locale).")
    ] = None,
) -> None:
    """Learn to play: a short guided game against a bot, each card as it comes up, then
    a real game against easy bots. Also the lessons of the Premium cards and of
    Princesse Princesse (--lesson premium, --lesson princess)."""
    from ..tui.app import LoveLetterApp
    from .play import lesson_offers

    language = check_language(lang)
    if lesson not in LESSONS:
        usage_error(
            tell(
                "unknown lesson {lesson!r}: one of {known}",
                "leçon inconnue « {lesson} » : choisissez parmi {known}",
                lesson=lesson,
                known=", ".join(LESSONS),
            )
        )
    LoveLetterApp(lesson=LESSONS[lesson], lang=language, offers=lesson_offers()).run()
