"""Golden texts: the whole story of staged games, from every point of view, in English
and French, compared line by line with files a native reader reviewed.

Each record of ``tests/golden/records/`` is told by :class:`~loveletter.Narrator` to
every seat in turn (addressed as "you"), to a spectator (public facts only) and by
the omniscient narrator (every hand shown, everyone in the third person); the text
must equal ``tests/golden/<record>.<lang>.txt``. After a deliberate change of the
narration, rewrite the files and review the diff as a reader would::

    LOVELETTER_REWRITE_GOLDEN=1 pytest tests/test_golden.py

The records together make every event kind, every template of both languages and
every card of every edition appear.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from loveletter import EVERYONE, Game, Narrator, event_dict, load_record
from loveletter.engine.cards import CARD_KINDS
from loveletter.engine.events import FIELDS
from loveletter.engine.grammar import NBSP

GOLDEN = Path(__file__).parent / "golden"
RECORDS = sorted((GOLDEN / "records").glob("*.json"))
LANGUAGES = ("en", "fr")
REWRITE = os.environ.get("LOVELETTER_REWRITE_GOLDEN") == "1"


class _Recording(dict[str, str]):
    """A template table that remembers which templates were used."""

    used: set[str]

    def __getitem__(self, key: str) -> str:
        self.used.add(key)
        return super().__getitem__(key)


def _game(path: Path) -> Game:
    return load_record(json.loads(path.read_text(encoding="utf-8")))


def _viewers(game: Game) -> Iterator[tuple[str, int | None]]:
    for seat, name in enumerate(game.players):
        yield f"seat {seat}: {name}", seat
    yield "spectator", None
    yield "omniscient narrator", EVERYONE


def story(game: Game, lang: str, used: set[str] | None = None) -> str:
    """The game told to each point of view in turn, under a heading for each."""
    parts = []
    for heading, viewer in _viewers(game):
        narrator = Narrator(game.edition, game.players, viewer, lang)
        if used is not None:
            recording = _Recording(narrator.text)
            recording.used = used
            narrator.text = recording
        lines = [f"## {heading}"]
        for log in game.round_logs:
            lines += narrator.lines(event_dict(event, viewer) for event in log)
        parts.append("\n".join(lines) + "\n")
    return "\n".join(parts)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", RECORDS, ids=[path.stem for path in RECORDS])
def test_story_is_the_golden_text(path: Path, lang: str) -> None:
    golden = GOLDEN / f"{path.stem}.{lang}.txt"
    text = story(_game(path), lang)
    if REWRITE:
        golden.write_text(text, encoding="utf-8")
    assert golden.read_text(encoding="utf-8") == text


def test_goldens_use_every_event_kind_card_and_ending() -> None:
    games = [_game(path) for path in RECORDS]
    events = [event for game in games for log in game.round_logs for event in log]
    assert {event[0] for event in events} == set(FIELDS)
    played = {event[2].word for event in events if event[0] == "play"}
    assert set(CARD_KINDS) <= played
    assert {event[2] for event in events if event[0] == "token"} == {
        "round",
        "spy",
        "twins",
        "jester",
        "bishop",
        "constable",
    }
    endings = {(event[1], bool(event[2])) for event in events if event[0] == "round_end"}
    assert endings == {
        ("last_standing", True),
        ("showdown", True),
        ("showdown", False),
        ("game_won", False),
    }
    assert {len(event[1]) > 1 for event in events if event[0] == "game_end"} == {True, False}
    assert {game.edition.theme for game in games} == {"classic", "standard", "princess"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_goldens_use_every_template(lang: str) -> None:
    used: set[str] = set()
    templates: Mapping[str, str] = {}
    for path in RECORDS:
        game = _game(path)
        story(game, lang, used)
        templates = Narrator(game.edition, game.players, None, lang).text
    # The sentences of cards with no sentence of their own (none of the editions' cards)
    # are told in tests/test_new_card.py.
    for_new_cards = {key for key in templates if key.startswith("play_choosing")}
    for_new_cards.add("token_card")
    assert set(templates) - used - for_new_cards == set()


def test_french_goldens_elide_and_space_their_punctuation() -> None:
    for path in RECORDS:
        text = (GOLDEN / f"{path.stem}.fr.txt").read_text(encoding="utf-8")
        for line in text.splitlines():
            if line.startswith("## "):
                continue
            assert not re.search(r"\b(de|que|le|la) [AEIOUaeiouÉé]", line), line
            assert not re.search(f"[^{NBSP}][:;!?]", line), line
            assert " :" not in line, line
            assert "(R" not in line, line


def test_english_goldens_say_an_before_a_vowel_sound() -> None:
    for path in RECORDS:
        text = (GOLDEN / f"{path.stem}.en.txt").read_text(encoding="utf-8")
        assert not re.search(r"\ba [8AEIOU]", text)
        assert not re.search(r"\ban [0-79BCDFGHJ-NP-TV-Z]", text)
