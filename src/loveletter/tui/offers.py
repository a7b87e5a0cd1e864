"""The lessons offered once: the first time the terminal deals a table of an edition
with cards of its own (Premium, Princesse Princesse), it offers that edition's lesson
before the game, and remembers in the user's data folder that it did."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..lessons import EDITION_LESSONS, LESSONS, Lesson

#: The file, in the data folder, that lists the editions whose lesson was offered.
OFFERED_FILE = "lessons-offered.json"


@dataclass(frozen=True, slots=True)
class LessonOffers:
    """The editions whose lesson was offered on this machine, kept in ``folder``."""

    folder: Path

    @property
    def path(self) -> Path:
        """The file that lists the editions offered already."""
        return self.folder / OFFERED_FILE

    def due(self, edition: str) -> Lesson | None:
        """The lesson to offer before a game of ``edition``; None once it was offered
        (or when the edition has no lesson of its own)."""
        lesson_id = EDITION_LESSONS.get(edition)
        if lesson_id is None or edition in self.offered():
            return None
        return LESSONS[lesson_id]

    def offered(self) -> frozenset[str]:
        """The editions offered already; none when the file is missing or damaged."""
        try:
            editions = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return frozenset()
        if not isinstance(editions, list):
            return frozenset()
        return frozenset(edition for edition in editions if isinstance(edition, str))

    def mark(self, edition: str) -> None:
        """Remember that ``edition``'s lesson was offered (or taken). A folder that
        cannot be written leaves it to be offered again next time."""
        editions = sorted(self.offered() | {edition})
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(editions) + "\n", encoding="utf-8")
        except OSError:
            pass
