"""A French run of the command line speaks French: Click's own refusals of a wrong
command line included, in the locale's French or the one --lang names."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from typer.testing import CliRunner, Result

from loveletter.cli import rules as rules_command
from loveletter.cli.main import app
from loveletter.cli.wrong_line import reason
from loveletter.storage import SCHEMA_VERSION, Repository

runner = CliRunner()
NBSP = "\u00a0"
SRC = Path(__file__).resolve().parents[1] / "src"


def fr(text: str) -> str:
    """A test's French with the no-break spaces French typesetting puts in it."""
    text = re.sub(r" ([:;?!»])", NBSP + r"\1", text)
    return text.replace("« ", "«" + NBSP)


def boxed(stderr: str) -> str:
    """The text of the error box Typer draws, its lines joined."""
    lines = [line.strip("│ ") for line in stderr.splitlines() if line.startswith("│")]
    return " ".join(lines)


def french_run(monkeypatch: pytest.MonkeyPatch, args: list[str]) -> Result:
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    return runner.invoke(app, args)


#: Wrong command lines and Click's reason, in French.
WRONG_LINES = [
    (
        ["play", "--humans", "x"],
        "Valeur invalide pour « --humans » : « x » n'est pas un nombre entier.",
    ),
    (
        ["simulate", "--seed", "x"],
        "Valeur invalide pour « --seed » : « x » n'est pas un nombre entier.",
    ),
    (
        ["play", "--delay", "soon"],
        "Valeur invalide pour « --delay » : « soon » n'est pas un nombre.",
    ),
    (["play", "--tokens", "0"], "Valeur invalide pour « --tokens » : 0 n'est pas entre 1 et 99."),
    (
        ["play", "--humans", "0"],
        "Valeur invalide pour « --humans » : 0 est trop petit : le minimum est 1.",
    ),
    (
        ["serve", "--port", "70000"],
        "Valeur invalide pour « --port » (variable d'environnement « LOVELETTER_PORT ») : "
        "70000 n'est pas entre 0 et 65535.",
    ),
    (
        ["serve", "--request-timeout", "0"],
        "Valeur invalide pour « --request-timeout » (variable d'environnement "
        "« LOVELETTER_REQUEST_TIMEOUT ») : 0.0 est trop petit : le minimum est 0.1.",
    ),
    (["play", "--nope"], "Option inconnue : --nope (options possibles : --name)"),
    (["rules", "--nope"], "Option inconnue : --nope"),
    (["nope"], "Commande inconnue : « nope »."),
    (["plya"], "Commande inconnue : « plya ». Vouliez-vous dire « play » ou « replay » ?"),
    (["replay"], "Il manque l'argument « FILE »."),
    (["replay", "a.json", "b.json"], "Argument en trop : b.json"),
    (["replay", "a.json", "b.json", "c.json"], "Arguments en trop : b.json c.json"),
]


@pytest.mark.parametrize(("args", "message"), WRONG_LINES)
def test_a_wrong_command_line_is_refused_in_the_locales_french(
    monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    result = french_run(monkeypatch, args)
    assert result.exit_code == 2, result.output
    assert boxed(result.stderr) == fr(message)
    assert "─ Erreur ─" in result.stderr
    command = (
        " ".join(["loveletter", *args[:1]]) if args[0] not in ("nope", "plya") else "loveletter"
    )
    assert fr(f"Essayez « {command} --help » pour de l'aide.") in result.stderr
    assert fr(f"Utilisation : {command} [OPTIONS]") in result.stderr
    assert not re.search(r"Error|Usage|Try|Invalid|Missing|such", result.stderr)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--name"], "L'option « --name » demande une valeur."),
        (["replay", "x.json", "-s"], "L'option « -s » demande une valeur."),
        (["replay", "x.json", "--json=yes"], "L'option « --json » ne prend pas de valeur."),
    ],
)
def test_an_option_used_wrongly_is_refused_in_french(
    monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    result = french_run(monkeypatch, args)
    assert result.exit_code == 2
    assert boxed(result.stderr) == fr(message)


def test_a_value_from_the_environment_is_refused_in_french(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LOVELETTER_PORT", "x")
    result = french_run(monkeypatch, ["serve"])
    assert result.exit_code == 2
    assert boxed(result.stderr) == fr(
        "Valeur invalide pour « --port » (variable d'environnement « LOVELETTER_PORT ») : "
        "« x » n'est pas un nombre entier."
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--lang", "fr", "--humans", "x"], WRONG_LINES[0][1]),
        (["play", "--nope", "-l", "fr"], WRONG_LINES[7][1]),
        (["replay", "--lang=fr"], "Il manque l'argument « FILE »."),
        (["replay", "x.json", "-lfr", "-s"], "L'option « -s » demande une valeur."),
        (["arena", "--lang", "fr"], "Option inconnue : --lang"),
    ],
)
def test_lang_fr_on_the_command_line_refuses_it_in_french(
    monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert boxed(result.stderr) == fr(message)


def test_lang_en_in_a_french_locale_refuses_it_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    result = french_run(monkeypatch, ["play", "-l", "fr", "--lang", "en", "--humans", "x"])
    assert result.exit_code == 2
    assert boxed(result.stderr) == "Invalid value for '--humans': 'x' is not a valid integer range."


def test_an_english_run_refuses_a_wrong_command_line_as_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    for args, lines in [
        (
            ["play", "--humans", "x"],
            [
                "Usage: loveletter play [OPTIONS]",
                "Try 'loveletter play --help' for help.",
                "│ Invalid value for '--humans': 'x' is not a valid integer range.",
            ],
        ),
        (["play", "--nope"], ["│ No such option: --nope (Possible options: --name)"]),
        (["nope"], ["Usage: loveletter [OPTIONS] COMMAND [ARGS]...", "│ No such command 'nope'."]),
        (["replay"], ["Usage: loveletter replay [OPTIONS] FILE", "│ Missing argument 'FILE'."]),
        (["replay", "a", "b"], ["│ Got unexpected extra argument(s) (b)"]),
        (["play", "--name"], ["│ Option '--name' requires an argument."]),
        (
            ["play", "--tokens", "0"],
            ["│ Invalid value for '--tokens': 0 is not in the range 1<=x<=99."],
        ),
    ]:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert "─ Error ─" in result.stderr
        for line in lines:
            assert line in result.stderr, (args, result.stderr)


def test_an_abort_says_so_in_french(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_more_input(edition: str) -> None:
        raise EOFError

    monkeypatch.setattr(rules_command, "check_edition", no_more_input)
    result = runner.invoke(app, ["rules", "--lang", "fr"])
    assert result.exit_code == 1
    assert result.stderr.strip() == "Abandon."
    result = runner.invoke(app, ["rules", "--lang", "en"])
    assert result.exit_code == 1
    assert result.stderr.strip() == "Aborted."


@pytest.mark.parametrize(
    ("english", "french"),
    [
        ("Path 'x.json' is not readable.", "Le chemin « x.json » n'est pas accessible en lecture."),
        ('File "it\'s.json" does not exist.', "Le fichier « it's.json » n'existe pas."),
        (
            "Directory 'out' is not writable.",
            "Le dossier « out » n'est pas accessible en écriture.",
        ),
        ("Path 'out' is a directory.", "Le chemin « out » est un dossier."),
        ("'maybe' is not a valid boolean.", "« maybe » n'est pas un booléen (true ou false)."),
        ("Option '-n' requires 2 arguments.", "L'option « -n » demande 2 valeurs."),
        ("Missing command.", "Il manque la commande."),
        ("Something Click says anew.", "Something Click says anew."),
    ],
)
def test_clicks_other_reasons_have_their_french(english: str, french: str) -> None:
    assert reason(english) == fr(french)


def test_the_command_itself_refuses_in_the_locales_french() -> None:
    env = {**os.environ, "LANG": "fr_FR.UTF-8", "PYTHONPATH": str(SRC)}
    for variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        env.pop(variable, None)
    done = subprocess.run(
        [sys.executable, "-m", "loveletter", "play", "--humans", "x"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 2
    assert boxed(done.stderr) == fr(WRONG_LINES[0][1])
    assert fr("Utilisation : loveletter play [OPTIONS]") in done.stderr


# --- migrate and serve ------------------------------------------------------------------------


def test_migrate_says_the_schema_version_in_the_locales_french(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'loveletter.db'}"
    result = french_run(monkeypatch, ["migrate", "--db", url])
    assert result.exit_code == 0, result.output
    assert result.stdout == fr(
        f"Le fichier de base de données {tmp_path / 'loveletter.db'} est à la version "
        f"{SCHEMA_VERSION} du schéma (révision Alembic {SCHEMA_VERSION:04d})\n"
    )
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    result = runner.invoke(app, ["migrate", "--db", url])
    assert result.stdout == (
        f"The database file {tmp_path / 'loveletter.db'} is at schema version "
        f"{SCHEMA_VERSION} (Alembic revision {SCHEMA_VERSION:04d})\n"
    )


def test_a_database_that_cannot_be_used_is_told_in_french(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(b"this is no SQLite file\n" * 1000)
    result = french_run(monkeypatch, ["migrate", "--db", f"sqlite:///{damaged}"])
    assert result.exit_code == 1
    assert result.stderr.startswith(
        fr(
            f"erreur : impossible d'utiliser le fichier de base de données {damaged} : ce "
            "fichier n'est pas une base de données : déplacez le fichier"
        )
    )
    future = tmp_path / "future.db"
    repository = Repository(f"sqlite:///{future}")
    repository.create_schema()
    with repository.engine.begin() as db:
        db.execute(text("UPDATE ll_meta SET value = '999' WHERE key = 'schema_version'"))
    repository.close()
    result = runner.invoke(app, ["migrate", "--db", f"sqlite:///{future}"])
    assert result.exit_code == 1
    assert (
        fr(
            f"le fichier de base de données {future} est à la version 999 du schéma ; ce "
            f"serveur demande la version {SCHEMA_VERSION} : "
        )
        in result.stderr
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["migrate", "--db", "nonsense"],
            "URL --db invalide : SQLAlchemy ne sait pas lire cette URL",
        ),
        (
            ["migrate", "--db", "foo://x"],
            "URL --db invalide : SQLAlchemy ne connaît pas la base de données « foo »",
        ),
        (
            ["serve", "--db", "memory", "--redis", "redis://x"],
            "URL --db ou --redis invalide : des tables gardées en mémoire ne se partagent "
            "pas avec d'autres processus",
        ),
        (
            ["serve", "--db", "memory", "--smtp", "http://x"],
            "URL --smtp invalide : une URL SMTP commence par smtp://, smtp+starttls://, "
            "smtps://, pas « http://x »",
        ),
        (
            ["serve", "--db", "memory", "--secret-key", "short"],
            "la clé secrète de --secret-key est trop courte : il lui faut au moins 32 "
            "caractères, elle en a 5 (créez-en une avec ",
        ),
        (
            ["serve", "--db", "memory", "--secret-key-file", "/no/such/key"],
            "impossible de lire le fichier de clé secrète /no/such/key (--secret-key-file) : "
            "ce fichier ou dossier n'existe pas",
        ),
        (["serve", "--db", "memory", "--policy", "x"], "--policy prend NOM=FICHIER.npz, pas « x »"),
        (
            ["serve", "--db", "memory", "--policy", "medium=x.npz"],
            "le nom « medium » de --policy est celui d'un niveau de robot : choisissez-en un autre",
        ),
        (
            ["serve", "--db", "memory", "--policy", "ppo=/no/such.npz"],
            "--policy ppo : le fichier « /no/such.npz » n'existe pas",
        ),
    ],
)
def test_serve_and_migrate_refuse_in_the_locales_french(
    monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    result = french_run(monkeypatch, args)
    assert result.exit_code in (1, 2), result.output
    assert result.stderr.startswith(fr(f"erreur : {message}")), result.stderr


# --- damaged records ---------------------------------------------------------------------------


def record_text(tmp_path: Path) -> dict[str, Any]:
    """A finished game's record, as ``simulate --save`` writes it."""
    result = runner.invoke(
        app,
        [
            "simulate",
            "-g",
            "1",
            "-p",
            "2",
            "--seed",
            "3",
            "--save",
            str(tmp_path / "ok"),
            "--force",
        ],
    )
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads((tmp_path / "ok" / "game-1.json").read_text(encoding="utf-8"))
    return data


#: Damaged records (their text, or a change to a good one) and what a French run says.
DAMAGED = [
    ("", "ce n'est pas du JSON valide : une valeur manque (ligne 1, colonne 1)"),
    ('{"a": 1 "b": 2}', "ce n'est pas du JSON valide : une « , » manque (ligne 1, colonne 9)"),
    (b'{"a": "\xe9"}', "ce n'est pas du texte UTF-8 : octet de continuation invalide"),
    ("[" * 40 + "]" * 40, "des tableaux et objets imbriqués sur plus de 32 niveaux"),
    ('{"a": 1e999}', "le nombre 1e999 est hors limites"),
    ('{"a": NaN}', "NaN n'est pas un nombre JSON"),
    (
        '{"a": 12345678901234567890}',
        "l'entier 12345678901234567890 est hors limites (±9007199254740991)",
    ),
    (
        '{"a": "\\ud800"}',
        "une chaîne contient un demi-caractère isolé (comme \\ud800) : ce n'est pas du texte "
        "Unicode valide",
    ),
    ("[1]", "un enregistrement est un objet JSON"),
    ({"format": "other/9"}, "« format » doit être « loveletter-record/1 »"),
    ({"edition": 3}, "« edition » doit être l'identifiant d'une édition"),
    (
        {"edition": "nope"},
        "édition inconnue « nope » ; éditions connues : classic, 2019, 2019-classic, premium, "
        "princess",
    ),
    ({"options": {"tokens_to_win": "x"}}, "l'option tokens_to_win doit être un entier ou null"),
    ({"players": ["Ana"]}, "l'édition classic se joue de 2 à 4 joueurs, pas 1"),
    ({"zzz": 1}, "champ inconnu : zzz"),
    (
        {"result": {"rounds": [], "tokens": [9, 9], "winners": []}},
        "manches terminées selon le résultat",
    ),
]


def damaged(tmp_path: Path, fault: str | bytes | dict[str, Any]) -> Path:
    path = tmp_path / "damaged.json"
    if isinstance(fault, dict):
        path.write_text(json.dumps({**record_text(tmp_path), **fault}), encoding="utf-8")
    elif isinstance(fault, bytes):
        path.write_bytes(fault)
    else:
        path.write_text(fault, encoding="utf-8")
    return path


@pytest.mark.parametrize(("fault", "told"), DAMAGED)
def test_a_damaged_record_is_told_in_french(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fault: str | bytes | dict[str, Any], told: str
) -> None:
    path = damaged(tmp_path, fault)
    for args in (
        ["replay", str(path), "--lang", "fr"],
        ["play", "--resume", str(path), "-l", "fr"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 1, result.output
        assert result.stderr.startswith(fr(f"erreur : {path} : {told}")), result.stderr


def test_a_record_that_cannot_be_resumed_is_told_in_french(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = record_text(tmp_path)
    for meta, told in [
        ({"play": {"bots": [1, 2]}}, "« meta.play.bots » doit lister des niveaux de robot ou null"),
        (
            {"play": {"bots": [None, "genius"]}},
            "robot inconnu « genius » ; robots connus : random, ",
        ),
    ]:
        path = damaged(tmp_path, {**record, "meta": meta})
        result = french_run(monkeypatch, ["play", "--resume", str(path)])
        assert result.exit_code == 1, result.output
        assert result.stderr.startswith(fr(f"erreur : {path} : {told}")), result.stderr
    assert "exec:COMMAND, policy:" in result.stderr  # values keep their colons
    missing = tmp_path / "none.json"
    result = french_run(monkeypatch, ["play", "--resume", str(missing)])
    assert result.exit_code == 1
    assert result.stderr.startswith(
        fr(
            f"erreur : {missing} : impossible de lire {missing} : "
            "ce fichier ou dossier n'existe pas"
        )
    )


def test_an_english_run_tells_a_damaged_record_as_before(tmp_path: Path) -> None:
    path = damaged(tmp_path, "")
    result = runner.invoke(app, ["replay", str(path), "--lang", "en"])
    assert result.exit_code == 1
    assert result.stderr.startswith(
        f"error: {path}: not valid JSON: Expecting value: line 1 column 1 (char 0)"
    )


def test_an_unknown_lesson_is_refused_in_french(monkeypatch: pytest.MonkeyPatch) -> None:
    result = french_run(monkeypatch, ["learn", "--lesson", "nope"])
    assert result.exit_code == 2
    assert result.stderr == fr(
        "erreur : leçon inconnue « nope » : choisissez parmi first-game, premium, princess\n"
    )
