"""``loveletter play``: its options become a table, or fail with a clear message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from loveletter.cli.main import app
from loveletter.engine import Game, export_record
from loveletter.paths import data_folder
from loveletter.tui.app import LoveLetterApp

runner = CliRunner()


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[LoveLetterApp]:
    """The apps the command would run, instead of running them."""
    apps: list[LoveLetterApp] = []
    monkeypatch.setattr(LoveLetterApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


def test_options_describe_the_table(launched: list[LoveLetterApp], tmp_path: Path) -> None:
    args = ["play", "--edition", "2019", "--players", "4", "--bots", "easy,hard,expert"]
    args += ["--humans", "1", "--name", "Zoé", "--lang", "fr", "--seed", "3"]
    args += ["--tokens", "2", "--delay", "0", "--save", str(tmp_path / "g.json")]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    (played,) = launched
    setup = played.first_setup
    assert setup is not None
    assert setup.edition == "2019"
    assert [(seat.name, seat.bot) for seat in setup.seats] == [
        ("Zoé", None),
        ("Ana", "easy"),
        ("Bruno", "hard"),
        ("Chloé", "expert"),
    ]
    assert (setup.lang, setup.seed, setup.options.tokens_to_win) == ("fr", 3, 2)
    assert played.save_path == tmp_path / "g.json"
    assert played.delay == 0
    # The first game of an edition with its own lesson offers it, once on this machine.
    assert played.offers is not None
    assert played.offers.folder == data_folder()


def test_missing_seats_are_filled(launched: list[LoveLetterApp]) -> None:
    assert runner.invoke(app, ["play", "--players", "3", "--humans", "2"]).exit_code == 0
    assert runner.invoke(app, ["play", "--bots", "hard"]).exit_code == 0
    first, second = (played.first_setup for played in launched)
    assert first is not None
    assert second is not None
    assert [seat.bot for seat in first.seats] == [None, None, "medium"]
    assert [seat.bot for seat in second.seats] == [None, "hard"]


@pytest.mark.parametrize(
    ("args", "bots"),
    [
        (["-e", "2019", "-p", "4", "-b", "hard"], [None, "hard", "medium", "medium"]),
        (["-e", "premium", "-p", "8", "-b", "expert"], [None, "expert", *["medium"] * 6]),
        (["-p", "4", "-b", "easy,hard"], [None, "easy", "hard", "medium"]),
        (["-p", "4", "--humans", "2", "-b", "easy"], [None, None, "easy", "medium"]),
    ],
)
def test_seats_no_human_takes_get_bots(
    launched: list[LoveLetterApp], args: list[str], bots: list[str | None]
) -> None:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 0, result.output
    (played,) = launched
    assert played.first_setup is not None
    assert [seat.bot for seat in played.first_setup.seats] == bots


def test_a_seed_alone_reaches_the_setup_screen(launched: list[LoveLetterApp]) -> None:
    assert runner.invoke(app, ["play", "--seed", "3"]).exit_code == 0
    (played,) = launched
    assert played.first_setup is None
    assert played.seed == 3


def test_no_table_options_opens_the_setup_screen(launched: list[LoveLetterApp]) -> None:
    assert runner.invoke(app, ["play", "--lang", "fr"]).exit_code == 0
    (played,) = launched
    assert played.first_setup is None
    assert played.lang == "fr"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "3", "--bots", "easy,easy,easy", "--humans", "1"], "do not fit"),
        (["--players", "2", "--humans", "3"], "do not fit"),
        (["--bots", "genius"], "unknown bot 'genius'"),
        (["--edition", "classic", "--players", "6"], "2-4 players"),
        (["--edition", "nope"], "unknown edition"),
        (["--humans", "1", "--name", "A", "--name", "B"], "2 names for 1 human"),
        (["--players", "2", "--name", "Bruno", "--name", "Bruno", "--humans", "2"], "different"),
        (["--lang", "de"], "unknown language"),
    ],
)
def test_bad_options_fail_clearly(
    launched: list[LoveLetterApp], args: list[str], message: str
) -> None:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert not launched


def test_resume(launched: list[LoveLetterApp], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export_record(Game("classic", ["A", "B"], seed=1))), "utf-8")
    assert runner.invoke(app, ["play", "--resume", str(path)]).exit_code == 0
    (played,) = launched
    assert played.session is not None
    assert played.session.save_path == path
    result = runner.invoke(app, ["play", "--resume", str(path), "--players", "3"])
    assert result.exit_code == 2
    assert "no table options" in result.output
    result = runner.invoke(app, ["play", "--resume", str(tmp_path / "none.json")])
    assert result.exit_code == 1
    assert "cannot read" in result.output
