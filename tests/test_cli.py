"""The command line: rules, replay and simulate, run as a user runs them."""

from __future__ import annotations

import json
import random
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from loveletter.cli.main import app
from loveletter.engine import (
    EDITIONS,
    Game,
    Record,
    RecordError,
    export_record,
    get_edition,
    load_record,
)
from loveletter.playing_cards import playing_cards
from loveletter.simulation import play_random_game

runner = CliRunner()


def played_record(edition: str = "2019", players: int = 3, seed: int = 7) -> Record:
    rng = random.Random(seed)
    game = play_random_game(Game(edition, players, rng=rng), rng)
    return export_record(game)


def write(tmp_path: Path, data: Any, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


# --- rules ------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", list(EDITIONS))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rules_lists_every_card_of_the_edition(edition: str, lang: str) -> None:
    result = runner.invoke(app, ["rules", "--edition", edition, "--lang", lang])
    assert result.exit_code == 0, result.output
    chosen = EDITIONS[edition]
    deck = chosen.deck(chosen.max_players)
    for spec in deck:
        first_word = chosen.card_name(spec.id, lang).split()[0]
        assert first_word in result.output
    assert str(sum(spec.count for spec in deck)) in result.output


def test_rules_speaks_french_and_english() -> None:
    english = runner.invoke(app, ["rules", "-e", "classic", "--lang", "en"]).output
    french = runner.invoke(app, ["rules", "-e", "classic", "--lang", "fr"]).output
    assert "Handmaid" in english
    assert "Effect" in english
    assert "Servante" in french
    assert "Effet" in french
    assert "Handmaid" not in french


def test_rules_princess_theme_has_its_own_names() -> None:
    output = runner.invoke(app, ["rules", "-e", "princess", "--lang", "fr"]).output
    assert "Ogre" in output
    assert "Oliver le dragon" in output


def test_rules_premium_with_few_players_is_the_classic_deck() -> None:
    output = runner.invoke(app, ["rules", "-e", "premium", "-p", "3", "--lang", "en"]).output
    assert "Bishop" not in output
    assert "16 cards" in output


def test_rules_language_comes_from_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert "Servante" in runner.invoke(app, ["rules"]).output
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    assert "Handmaid" in runner.invoke(app, ["rules"]).output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--edition", "chess"], "unknown edition"),
        (["--lang", "de"], "unknown language"),
        (["--edition", "classic", "--players", "6"], "2-4 players"),
    ],
)
def test_rules_refuses_bad_options(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["rules", *args])
    assert result.exit_code == 2
    assert message in result.stderr


# --- replay ------------------------------------------------------------------------------


def test_replay_tells_the_story(tmp_path: Path) -> None:
    record = played_record()
    result = runner.invoke(app, ["replay", str(write(tmp_path, record)), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "Round 1" in result.output
    assert "wins the game" in result.output or "win the game together" in result.output


def test_replay_story_in_french_from_one_seat(tmp_path: Path) -> None:
    path = write(tmp_path, played_record())
    result = runner.invoke(app, ["replay", str(path), "--lang", "fr", "--seat", "1"])
    assert result.exit_code == 0, result.output
    assert "Manche 1" in result.output
    assert "Vous" in result.output


def test_replay_spectator_story_reveals_no_draw(tmp_path: Path) -> None:
    path = write(tmp_path, played_record())
    output = runner.invoke(app, ["replay", str(path), "--spectator", "--lang", "en"]).output
    assert "turn: they draw a card." in output
    assert "You are dealt" not in output


def test_replay_json_prints_the_result(tmp_path: Path) -> None:
    record = played_record()
    result = runner.invoke(app, ["replay", str(write(tmp_path, record)), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == record["result"]


def test_replay_names_round_and_action_of_an_illegal_step(tmp_path: Path) -> None:
    record = played_record()
    actions = record["rounds"][1]["actions"]
    actions[2] = "princess" if actions[2] != "princess" else "guard 0 guard"
    del record["result"]
    result = runner.invoke(app, ["replay", str(write(tmp_path, record))])
    assert result.exit_code == 1
    assert "round 2, action 3" in result.stderr


def test_replay_names_round_and_action_of_a_malformed_step(tmp_path: Path) -> None:
    record = played_record()
    record["rounds"][0]["actions"][0] = "guard one priest"
    result = runner.invoke(app, ["replay", str(write(tmp_path, record))])
    assert result.exit_code == 1
    assert "round 1, action 1" in result.stderr


def test_replay_refuses_a_result_that_does_not_match(tmp_path: Path) -> None:
    record = played_record()
    first_winner = record["result"]["rounds"][0]["winners"][0]
    record["result"]["rounds"][0]["winners"] = [(first_winner + 1) % 3]
    result = runner.invoke(app, ["replay", str(write(tmp_path, record))])
    assert result.exit_code == 1
    assert "round 1" in result.stderr
    assert "winners" in result.stderr


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "a record is a JSON object"),
        (json.dumps({"format": "other"}), "format"),
        ('{"players": ["\\ud800"]}', "not valid Unicode text"),
        ('{"players": ["Ana\\udc00b"], "rounds": []}', "not valid Unicode text"),
        ('{"meta": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested deeper than 32"),
        ('{"meta": "' + "x" * (5 * 1024 * 1024) + '"}', "more than 4194304 bytes"),
        ('{"meta": NaN}', "NaN is not a JSON number"),
        ('{"meta": -Infinity}', "-Infinity is not a JSON number"),
        ('{"meta": 1e999}', "out of range"),
        ('{"meta": ' + "9" * 4000 + "}", "out of range"),
        ('{"' + "k" * 5000 + '": 1}', "unknown field: kkk"),  # not echoed whole
    ],
)
def test_replay_refuses_malformed_files(tmp_path: Path, content: str, message: str) -> None:
    result = runner.invoke(app, ["replay", str(write(tmp_path, content))])
    assert result.exit_code == 1
    assert message in result.stderr
    assert "Traceback" not in result.output
    assert len(result.stderr) < 500  # one clear line, not the record echoed back


#: Characters a terminal obeys instead of showing: ESC (window title, colours,
#: clearing), BEL, a C1 CSI, a bidirectional override, a line separator.
HOSTILE_NAMES = ["\x1b]0;pwned\x07", "\x1b[2JBob", "C\x9b31m\u202eol\u2028"]


def test_replay_escapes_what_a_terminal_would_obey(tmp_path: Path) -> None:
    rng = random.Random(3)
    # Plain JSON data: the test also adds a key no Record has.
    record: dict[str, Any] = dict(
        export_record(play_random_game(Game("classic", HOSTILE_NAMES, rng=rng), rng))
    )
    path = write(tmp_path, record)
    for options in ([], ["--lang", "fr", "--seat", "1"], ["--spectator"]):
        result = runner.invoke(app, ["replay", str(path), *options])
        assert result.exit_code == 0, result.output
        assert not set(result.output) & set("\x1b\x07\x9b\u202e\u2028")
        assert "\\x1b]0;pwned\\x07" in result.output
        assert "C\\x9b31m\\u202eol\\u2028" in result.output
    record["format"] = "other"
    record["\x1b[2J"] = 1
    result = runner.invoke(app, ["replay", str(write(tmp_path, record))])
    assert result.exit_code == 1
    assert "\x1b" not in result.stderr
    assert "\\x1b[2J" in result.stderr


def test_replay_of_a_missing_file_fails_clearly(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "nothing.json")])
    assert result.exit_code == 1
    assert "cannot read" in result.stderr


# --- simulate ----------------------------------------------------------------------------


def test_simulate_json_has_the_promised_fields() -> None:
    args = ["simulate", "-e", "2019", "-p", "4", "-g", "20", "--seed", "3", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 20
    assert data["rounds"] >= 20
    assert data["seconds"] > 0
    assert data["rounds_per_second"] > 0
    assert sum(data["round_wins"]) >= data["rounds"] - 5  # rare "nobody" ties aside
    assert len(data["game_win_share"]) == 4


def test_simulate_is_reproducible_with_a_seed() -> None:
    args = ["simulate", "-e", "premium", "-p", "6", "-g", "10", "--seed", "11", "--json"]
    first, second = (json.loads(runner.invoke(app, args).output) for _ in range(2))
    for key in ("rounds", "game_wins", "round_wins"):
        assert first[key] == second[key]


def test_simulate_saves_records_that_replay(tmp_path: Path) -> None:
    args = ["simulate", "-e", "princess", "-p", "3", "-g", "5", "--seed", "2", "--save"]
    result = runner.invoke(app, [*args, str(tmp_path)])
    assert result.exit_code == 0, result.output
    files = sorted(tmp_path.glob("game-*.json"))
    assert len(files) == 5
    for path in files:
        record = json.loads(path.read_text(encoding="utf-8"))
        assert load_record(record).result == record["result"]


def test_simulate_prints_a_human_summary() -> None:
    result = runner.invoke(app, ["simulate", "-g", "10", "--seed", "1"])
    assert result.exit_code == 0
    assert "rounds per second" in result.output


def test_simulate_refuses_an_impossible_table() -> None:
    result = runner.invoke(app, ["simulate", "-e", "2019", "-p", "7"])
    assert result.exit_code == 2
    assert "2-6 players" in result.stderr


# --- the whole command line ---------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "--edition", "chess"],
        ["rules", "--lang", "de"],
        ["simulate", "-e", "2019", "-p", "7"],
        ["simulate", "--bots", "grandmaster"],
        ["simulate", "--games", "0"],
        ["arena", "--bots", "random"],
        ["arena", "--players", "x"],
        ["play", "--players", "2", "--humans", "3"],
        ["play", "--edition", "nope"],
        ["serve", "--db", "nonsense"],
        ["nope"],
    ],
)
def test_a_wrong_command_line_exits_with_status_2(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output


POLICY = Path(__file__).resolve().parents[1] / "docs" / "ppo_classic_2p.npz"


def bad_policies(tmp_path: Path) -> list[tuple[list[str], str]]:
    """``--policy`` values ``serve`` must refuse, each with what its error says."""
    arrays = tmp_path / "arrays.npz"
    with arrays.open("wb") as file:
        np.savez(file, w0=np.zeros(3))
    text = write(tmp_path, "not a policy", "notes.npz")
    good = f"ppo={POLICY}"
    return [
        ([str(POLICY)], "--policy takes NAME=FILE.npz"),
        ([f"ppo={tmp_path / 'missing.npz'}"], "no such file"),
        ([f"mine={text}"], "is not a saved policy"),
        ([f"mine={arrays}"], "is not a saved policy"),
        ([f"medium={POLICY}"], "is a built-in bot level"),
        ([f"Hard={POLICY}"], "is a built-in bot level"),
        ([f"my policy={POLICY}"], "must be a simple identifier"),
        ([f"ppo-2={POLICY}"], "must be a simple identifier"),
        ([f"={POLICY}"], "must be a simple identifier"),
        ([good, good], "is given twice"),
    ]


def test_a_bad_policy_is_refused_in_one_line_with_status_2(tmp_path: Path) -> None:
    for values, message in bad_policies(tmp_path):
        args = ["serve", "--db", "memory", "--port", "0"]
        args += [arg for value in values for arg in ("--policy", value)]
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (values, result.output)
        assert message in result.stderr, (values, result.stderr)
        assert result.stderr.startswith("error: --policy")
        assert result.stderr.count("\n") == 1, result.stderr  # one line, no traceback
        assert not result.stdout


def test_a_seat_the_game_lacks_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(write(tmp_path, played_record())), "--seat", "9"])
    assert result.exit_code == 2
    assert "there is no seat 9 in this game of 3" in result.stderr


def test_the_help_says_what_exit_statuses_mean() -> None:
    text = " ".join(runner.invoke(app, ["--help"]).output.split())
    assert "Exit status: 0 done; 1 failed" in text
    assert "2 a wrong command line" in text


@pytest.mark.parametrize("command", ["simulate", "arena"])
def test_long_runs_show_a_progress_bar_but_not_with_json(
    monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # standard error as a terminal, for rich
    args = [command, "-g", "3", "--seed", "1", "--bots", "random,heuristic"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert command in result.stderr
    assert "3/3" in result.stderr
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    json.loads(result.stdout)


@pytest.mark.parametrize("command", ["simulate", "arena"])
def test_saving_into_a_folder_of_records_needs_force(tmp_path: Path, command: str) -> None:
    folder = tmp_path / "records"
    args = [command, "-g", "3", "--seed", "1", "--bots", "random,heuristic", "--save", str(folder)]
    assert runner.invoke(app, args).exit_code == 0
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    result = runner.invoke(app, [*args, "-g", "2"])
    assert result.exit_code == 2
    assert "already holds 3 game records" in result.stderr
    assert len(list(folder.glob("game-*.json"))) == 3  # untouched
    result = runner.invoke(app, [*args, "-g", "2", "--force"])
    assert result.exit_code == 0, result.output
    saved = sorted(path.name for path in folder.iterdir())
    assert saved == ["game-1.json", "game-2.json", "notes.txt"]  # no stale record left


HELP_WIDTH = 80
COMMANDS = [
    [],
    *([name] for name in ("play", "rules", "replay", "serve", "migrate", "arena", "simulate")),
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda words: " ".join(words) or "loveletter")
def test_every_help_reads_cleanly(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"], terminal_width=HELP_WIDTH)
    assert result.exit_code == 0, result.output
    text = result.output
    for noise in ("<bool>", "<str>", "<int", "list[", "{file}", "{path}", "[default: None]", "…"):
        assert noise not in text
    prose = [line.strip() for line in text.splitlines() if not line.startswith(("│", "╭", "╰"))]
    for line, following in pairwise(prose):
        if line and following:  # a paragraph: each line filled before it breaks
            assert len(line) + 1 + len(following.split()[0]) > HELP_WIDTH - 2, (line, following)


def test_simulate_counts_in_singular_and_plural() -> None:
    result = runner.invoke(app, ["simulate", "-e", "classic", "-g", "1", "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert "1 game, " in result.output
    assert "1 games" not in result.output


# --- rules --playing-cards ----------------------------------------------------------------


@pytest.mark.parametrize(("edition", "players"), [("classic", 4), ("2019", 6), ("premium", 8)])
def test_rules_with_playing_cards_covers_every_card_of_the_deck(edition: str, players: int) -> None:
    result = runner.invoke(
        app, ["rules", "-e", edition, "-p", str(players), "--lang", "en", "--playing-cards"]
    )
    assert result.exit_code == 0, result.output
    chosen = get_edition(edition)
    for spec in chosen.deck(players):
        assert chosen.card_name(spec.id, "en") in result.output
    stands = playing_cards(edition, players)
    for stand in stands:
        assert stand.en in result.output
        copies = {spec.id: spec.count for spec in chosen.deck(players)}[stand.card]
        # "3 aces and 2 jacks", "the 2 jokers": the numbers add up to the copies.
        assert sum(int(n) for n in re.findall(r"\d+", stand.en)) == copies, stand
        assert sum(int(n) for n in re.findall(r"\d+", stand.fr)) == copies, stand


def test_rules_with_playing_cards_in_french() -> None:
    output = runner.invoke(
        app, ["rules", "-e", "premium", "-p", "5", "-l", "fr", "--playing-cards"]
    ).output
    assert "Cartes à jouer" in output
    assert "4 as et 4 valets" in output
    assert "2 deux rouges" in output  # the Cardinal
    assert "1 joker clair" in output  # the Jester
    classic = runner.invoke(app, ["rules", "-e", "classic", "-l", "fr", "--playing-cards"]).output
    assert "3 as et 2 valets" in classic
    assert "dans l'édition 2019" in " ".join(classic.split())


def test_the_rules_reference_gives_the_same_playing_cards() -> None:
    text = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text()
    section = text.split("## 7. Playing with an ordinary deck of playing cards")[1]
    for edition, players in (("classic", 4), ("2019", 6), ("premium", 8)):
        for stand in playing_cards(edition, players):
            assert stand.en + (" *" if not stand.given else "") in section, stand


PLAY = ["play", "-e", "classic", "-p", "2", "--save"]
SIMULATE = ["simulate", "-g", "2", "--seed", "1", "--save"]
ARENA = ["arena", "-g", "2", "--seed", "1", "--bots", "random,random"]
#: Every command that writes a file or a folder, and the places it cannot write to.
UNWRITABLE = [
    (PLAY, "no-such-folder/x.json", "no folder"),
    (PLAY, "adir", "is a folder"),
    (PLAY, "x.json/y.json", "not a folder"),
    (SIMULATE, "x.json", "not a folder"),
    ([*ARENA, "--save"], "x.json", "not a folder"),
    ([*ARENA, "--plot"], "no-such-folder/x.png", "no folder"),
    ([*ARENA, "--plot"], "adir", "is a folder"),
]


@pytest.mark.parametrize(("args", "where", "reason"), UNWRITABLE)
def test_a_file_that_cannot_be_written_fails_before_the_run_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], where: str, reason: str
) -> None:
    from loveletter.tui.app import LoveLetterApp

    monkeypatch.setattr(LoveLetterApp, "run", lambda self, *a, **k: pytest.fail("it ran"))
    (tmp_path / "x.json").write_text("mine", encoding="utf-8")
    (tmp_path / "adir").mkdir()
    before = sorted(tmp_path.rglob("*"))
    result = runner.invoke(app, [*args, str(tmp_path / where)])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert reason in result.stderr
    assert sorted(tmp_path.rglob("*")) == before  # nothing left behind


def test_a_failed_save_leaves_no_temporary_file(tmp_path: Path) -> None:
    from loveletter.tui.session import LocalGame, Setup, seat_setups

    folder = tmp_path / "adir"
    folder.mkdir()
    session = LocalGame.start(Setup("classic", seat_setups(2, ["random"], []), "en", 1))
    with pytest.raises(IsADirectoryError):
        session.save(folder)
    assert [path.name for path in tmp_path.iterdir()] == ["adir"]


def test_simulate_says_that_a_tie_counts_for_every_winner() -> None:
    args = ["simulate", "-e", "2019", "-p", "4", "-g", "40", "--seed", "3"]
    result = runner.invoke(app, args, terminal_width=100)
    assert result.exit_code == 0, result.output
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert sum(data["round_wins"]) > data["rounds"]  # this run has ties
    assert data["tied_rounds"] > 0
    assert f"{data['tied_rounds']} tied rounds" in result.output
    assert "counts for each of its winners" in result.output


def test_the_arena_table_fits_80_columns_with_its_faults_column(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import loveletter.arena
    import loveletter.cli.arena as arena_command

    real = loveletter.arena.run_arena

    def with_faults(*args: Any, **kwargs: Any) -> Any:
        result = real(*args, **kwargs)
        result.bots[0].faults = 12
        return result

    monkeypatch.setattr(arena_command, "run_arena", with_faults)
    args = ["arena", "-g", "4", "--seed", "1", "--bots", "heuristic,random,expert"]
    result = runner.invoke(app, args, terminal_width=80)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    header = next(line for line in lines if "Bot" in line)
    assert "Faults" in header
    rows = [line for line in lines if line.startswith("│") and "Bot" not in line]
    assert len(rows) == 3  # one line a bot: no column wrapped
    assert "…" not in result.stdout


def test_too_many_humans_name_the_humans_not_a_made_up_table() -> None:
    result = runner.invoke(app, ["play", "-e", "2019", "--humans", "7"])
    assert result.exit_code == 2
    assert "not 8" not in result.stderr
    assert "7 humans" in result.stderr
    assert "2-6 players" in result.stderr


@pytest.mark.parametrize("edition", EDITIONS)
def test_rules_name_the_same_characters_in_both_languages(edition: str) -> None:
    told = {}
    for lang in ("en", "fr"):
        result = runner.invoke(app, ["rules", "-e", edition, "-l", lang], terminal_width=200)
        assert result.exit_code == 0, result.output
        told[lang] = re.findall(r"\(([A-Z][\w ]+)\)", result.output)  # "(Annette)"
    assert told["en"] == told["fr"]


def test_playing_cards_of_an_edition_explain_only_its_cards() -> None:
    result = runner.invoke(app, ["rules", "--playing-cards", "-e", "classic"], terminal_width=100)
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "Chancellor" not in text  # not in Classic
    assert "King is a seven" not in text  # he is a 6 here
    assert "the King is a 6" in text
    result = runner.invoke(app, ["rules", "--playing-cards", "-e", "2019"], terminal_width=100)
    assert "Chancellor, which Premium lacks, takes the black sixes" in " ".join(
        result.output.split()
    )


@pytest.mark.parametrize(
    ("lang", "edition", "sentence"),
    [
        ("en", "premium", "Tokens to win: 7 with 2 players, 5 with 3, 4 with 4 to 8."),
        ("fr", "premium", "Jetons pour gagner\u00a0: 7 à 2 joueurs, 5 à 3, 4 de 4 à 8."),
        ("fr", "2019", "Jetons pour gagner\u00a0: 6 à 2 joueurs, 5 à 3, 4 à 4, 3 à 5 et 6."),
        ("en", "classic", "Tokens to win: 7 with 2 players, 5 with 3, 4 with 4."),
    ],
)
def test_rules_end_with_a_sentence_on_tokens(lang: str, edition: str, sentence: str) -> None:
    result = runner.invoke(app, ["rules", "-e", edition, "-l", lang])
    assert result.exit_code == 0, result.output
    assert sentence in re.sub(r"[ \n]+", " ", result.output)  # lines joined


def test_a_french_replay_fails_in_french(tmp_path: Path) -> None:
    record = played_record(players=2, seed=3)
    path = write(tmp_path, record)
    result = runner.invoke(app, ["replay", str(path), "--lang", "fr", "--seat", "2"])
    assert result.exit_code == 2
    assert result.stderr.startswith("erreur\u00a0: il n'y a pas de siège 2")
    actions = record["rounds"][0]["actions"]
    actions[1] = "princess" if actions[1] != "princess" else "guard 0 guard"
    del record["result"]
    result = runner.invoke(app, ["replay", str(write(tmp_path, record)), "--lang", "fr"])
    assert result.exit_code == 1
    assert result.stderr.startswith("erreur\u00a0: ")
    assert "manche 1, action 2\u00a0: " in result.stderr
    assert "error" not in result.stderr
    result = runner.invoke(app, ["replay", str(tmp_path / "none.json"), "--lang", "fr"])
    assert result.exit_code == 1
    assert result.stderr.startswith("erreur\u00a0: impossible de lire")


def test_a_run_in_a_french_locale_fails_in_french(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    (tmp_path / "x.json").write_text("mine", encoding="utf-8")
    result = runner.invoke(app, [*SIMULATE, str(tmp_path / "x.json")])
    assert result.exit_code == 1
    assert result.stderr.startswith("erreur\u00a0: ")
    assert "n'est pas un dossier" in result.stderr
    result = runner.invoke(app, ["play", "-e", "2019", "--humans", "7"])
    assert result.stderr.startswith("erreur\u00a0: 7 humains")
    result = runner.invoke(app, ["arena", "--bots", "genius,random"])
    assert result.stderr.startswith("erreur\u00a0: robot inconnu «\u00a0genius\u00a0»")


def test_simulate_and_arena_speak_the_locales_french(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    result = runner.invoke(app, ["simulate", "-e", "2019", "-p", "4", "-g", "40", "--seed", "3"])
    assert result.exit_code == 0, result.output
    text = re.sub(r"\s+", " ", result.output)
    for words in ("Place", "Parties gagnées", "Manches gagnées", "manches par seconde"):
        assert words in text
    assert "égalité compte pour chacun de ses gagnants" in text
    assert "games" not in text
    result = runner.invoke(app, ["arena", "-g", "2", "--seed", "1", "--bots", "random,heuristic"])
    assert result.exit_code == 0, result.output
    text = re.sub(r"\s+", " ", result.output)
    for words in ("Robot", "Parties", "Manches", "Cote", "2 parties en"):
        assert words in text
    assert "games" not in text


def test_a_french_replay_tells_a_first_seat_against_r2_in_french(tmp_path: Path) -> None:
    scenarios = Path(__file__).parent / "scenarios"
    for name, told in [
        (
            "R2_host_first_player_round_1_started_elsewhere_is_refused.json",
            "manche 1\u00a0: le siège 0 ne peut pas commencer la manche 1\u00a0: l'option "
            "first_player de la table a choisi le siège 1 (R2)",
        ),
        (
            "R2_later_round_started_by_a_loser_is_refused.json",
            "manche 2\u00a0: le siège 0 ne peut pas commencer cette manche\u00a0; "
            "permis\u00a0: 1 (R2)",
        ),
    ]:
        record = json.loads((scenarios / name).read_text(encoding="utf-8"))
        del record["meta"]
        result = runner.invoke(app, ["replay", str(write(tmp_path, record)), "--lang", "fr"])
        assert result.exit_code == 1
        assert told in result.stderr


@pytest.mark.parametrize(
    ("change", "told"),
    [
        ({"options": {"tokens_to_win": 200}}, "l'option tokens_to_win doit être entre 1 et 99"),
        ({"edition": "nope"}, "édition inconnue «\u00a0nope\u00a0»"),
        ({"rounds": {}}, "«\u00a0rounds\u00a0» doit être une liste"),
    ],
)
def test_a_french_replay_tells_a_malformed_record_in_french(
    tmp_path: Path, change: dict[str, Any], told: str
) -> None:
    record = {**played_record(players=2, seed=3), **change}
    result = runner.invoke(app, ["replay", str(write(tmp_path, record)), "--lang", "fr"])
    assert result.exit_code == 1
    assert told in result.stderr


def test_serve_and_migrate_fail_in_the_locales_french(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    result = runner.invoke(app, ["serve", "--public-url", "cards.example.org"])
    assert result.exit_code == 2
    assert result.stderr.startswith("erreur\u00a0: --public-url doit commencer par http://")
    result = runner.invoke(app, ["migrate", "--db", "memory"])
    assert result.exit_code == 2
    assert "ne garde rien" in result.stderr


@pytest.mark.parametrize(
    ("change", "english", "french"),
    [
        (
            {"edition": "Classic"},
            "'edition' must be an edition id exactly: 'Classic' is not 'classic'",
            "«\u00a0edition\u00a0» doit être exactement l'identifiant d'une édition\u00a0: "
            "'Classic' n'est pas 'classic'",
        ),
        (
            {"edition": "premium "},
            "'edition' must be an edition id exactly: 'premium ' is not 'premium'",
            "'premium ' n'est pas 'premium'",
        ),
        (
            {"edition": "2012"},  # an alias the command line takes, no record's id
            "'edition' must be an edition id exactly: '2012' is not 'classic'",
            "'2012' n'est pas 'classic'",
        ),
        (
            {"edition": "nope"},
            "unknown edition 'nope'; known editions: classic",
            "édition inconnue «\u00a0nope\u00a0»",
        ),
        (
            {"options": []},
            "'options' must be an object",
            "«\u00a0options\u00a0» doit être un objet",
        ),
        (
            {"options": None},
            "'options' must be an object",
            "«\u00a0options\u00a0» doit être un objet",
        ),
    ],
)
def test_replay_takes_only_the_formats_edition_ids_and_options_object(
    tmp_path: Path, change: dict[str, Any], english: str, french: str
) -> None:
    record = {**played_record(edition="premium", players=2, seed=3), **change}
    path = write(tmp_path, record)
    for lang, told in (("en", english), ("fr", french)):
        result = runner.invoke(app, ["replay", str(path), "--lang", lang])
        assert result.exit_code == 1, result.output
        [line] = result.stderr.splitlines()
        assert told in line
    with pytest.raises(RecordError, match=re.escape(english)):  # every loader, not the CLI alone
        load_record(record)
