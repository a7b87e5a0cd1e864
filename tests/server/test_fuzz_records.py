"""Fuzzing the record reader: the engine's ``parse_record``/``load_record`` and
``loveletter replay``, on hostile JSON and on real records with hostile names.

The engine must raise RecordError and nothing else; the command must exit with 0 or
1 (one ``error:`` line), never with a traceback, and print nothing a terminal would
obey instead of show.
"""

from __future__ import annotations

import json
import random
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from loveletter.cli.main import app
from loveletter.engine import Game, Record, RecordError, export_record, load_record, parse_record
from loveletter.simulation import play_random_game

from .hostile import fragments, hostile_json

runner = CliRunner()


def played(players: list[str], seed: int = 5) -> Record:
    rng = random.Random(seed)
    return export_record(play_random_game(Game("classic", players, rng=rng), rng))


RECORD: dict[str, Any] = dict(played(["Ana", "Bruno", "Chloé"]))  # JSON for the fuzzer to mangle
#: Records are larger than messages: nesting and strings well beyond any limit too.
FRAGMENTS = fragments(max_depth=100_000, oversize=(1000, 100_000))
#: Names of 1-40 characters, many of them a terminal would obey.
NAMES = st.text(
    st.one_of(
        st.characters(categories=["Cc", "Cf", "Zl", "Zp", "Cs"]),
        st.sampled_from("\x1b[]0;\x07\u202e\u2066"),
        st.characters(codec="utf-8"),
    ),
    min_size=1,
    max_size=40,
)
#: What a terminal obeys: controls, bidirectional controls, line separators.
OBEYED = {"Cc", "Zl", "Zp", "Cs"}
BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


@st.composite
def records_with_names(draw: st.DrawFn) -> str:
    # A game's names are different and not blank, compared without surrounding spaces.
    names = draw(
        st.lists(
            NAMES.filter(str.strip), min_size=2, max_size=4, unique_by=lambda name: name.strip()
        )
    )
    return json.dumps(played(names, draw(st.integers(0, 3))))


HOSTILE = st.one_of(
    hostile_json([RECORD], FRAGMENTS),
    records_with_names(),
    st.text(max_size=500),
)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("records")


def inert(text: str) -> bool:
    """Whether a terminal would show all of ``text`` (new lines aside) as it is."""
    return not any(
        char != "\n" and (char in BIDI or unicodedata.category(char) in OBEYED) for char in text
    )


FUZZ = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@FUZZ
@given(text=HOSTILE)
def test_the_engine_refuses_a_hostile_record_with_a_record_error(text: str) -> None:
    for written in (text, text.encode("utf-8", "surrogatepass")):
        error = record_error(written)
        assert error is None or len(str(error)) <= 340  # a position and 300 characters


def record_error(text: str | bytes) -> RecordError | None:
    """The RecordError reading ``text`` raises (any other exception fails the test)."""
    try:
        load_record(parse_record(text))
    except RecordError as error:
        return error
    return None


@FUZZ
@given(text=HOSTILE, options=st.sampled_from([[], ["--spectator"], ["--seat", "0"], ["--json"]]))
def test_replay_of_a_hostile_record_prints_inert_text_or_one_error(
    folder: Path, text: str, options: list[str]
) -> None:
    path = folder / "record.json"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    result = runner.invoke(app, ["replay", str(path), "--lang", "en", *options])
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert inert(result.stdout)
    assert inert(result.stderr)
    if result.exit_code == 1:
        assert result.stderr.startswith("error: ")
        assert result.stderr.count("\n") == 1
