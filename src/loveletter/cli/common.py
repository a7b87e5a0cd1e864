"""What the commands share: the language default, the console, failing clearly."""

from __future__ import annotations

import errno
import json
import locale
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from ..engine import EDITIONS, Edition, Record, get_edition
from ..engine.grammar import is_singular, typeset
from ..terminal_text import printable

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)

LANGUAGES = ("en", "fr")


def default_language() -> str:
    """French if the user's locale is French, English otherwise."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(variable)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "fr" if code.lower().startswith("fr") else "en"


def check_language(lang: str | None) -> str:
    """The language to use: the one asked for, else the locale's. It becomes the
    language of the run's errors too."""
    global _run_language
    if lang is None:
        _run_language = default_language()
        return _run_language
    lang = lang.lower()
    if lang not in LANGUAGES:
        usage_error(
            tell(
                "unknown language {lang!r}: use en or fr",
                "langue inconnue {lang!r} : choisissez en ou fr",
                lang=lang,
            )
        )
    _run_language = lang
    return lang


#: The language of this run's texts: --lang once read, else the locale's.
_run_language: str | None = None


def start_run(lang: str | None = None) -> None:
    """A new command line: its language is ``lang`` (what its --lang names), else not
    known yet (the locale's until the command reads --lang)."""
    global _run_language
    _run_language = lang


def run_language() -> str:
    """The language of this run: --lang when the command has read it, else the locale's."""
    return _run_language or default_language()


def tell(english: str, french: str, **fields: object) -> str:
    """A message in the run's language: a template per language, French typeset
    (no-break spaces before its marks), both filled with ``fields``."""
    if run_language() == "fr":
        return typeset(french, "fr").format(**fields)
    return english.format(**fields)


def counted(
    number: int,
    english: str,
    french: str,
    french_plural: str | None = None,
    english_plural: str | None = None,
) -> str:
    """A number and its noun in the run's language: "2 humans", "2 humains";
    thousands grouped ("1,200 rounds", "1 200 manches")."""
    lang = run_language()
    singular, plural = (french, french_plural) if lang == "fr" else (english, english_plural)
    noun = singular if is_singular(number, lang) else plural or singular + "s"
    return f"{decimal(number)} {noun}"


def decimal(value: float, digits: int = 0) -> str:
    """A number as the run's language writes it: "1,234.5", "1 234,5" (a narrow
    no-break space groups the thousands in French)."""
    text = f"{value:,.{digits}f}"
    if run_language() == "fr":
        return text.replace(",", "\u202f").replace(".", ",")
    return text


def percent_range(low: float, high: float) -> str:
    """An interval of shares: "8.5%-37.9%", "8,5-37,9 %"."""
    if run_language() == "fr":
        return f"{decimal(low * 100, 1)}-{decimal(high * 100, 1)}\u00a0%"
    return f"{low:.1%}-{high:.1%}"


def percent(share: float) -> str:
    """A share as a percentage with one decimal: "12.5%", "12,5 %"."""
    if run_language() == "fr":
        return f"{decimal(share * 100, 1)}\u00a0%"
    return f"{share:.1%}"


#: Why a bot cannot play, in French: the bots' English pattern, the French text.
_BOT_REASONS = (
    (r"unknown bot '(.+)'; known bots: (.+)", "robot inconnu « {0} » ; robots connus : {1}"),
    (
        r"(.+) was trained for (\S+) with (\d+) players, not (\S+) with (\d+)",
        "{0} a été entraîné pour {1} à {2} joueurs, pas pour {3} à {4}",
    ),
)


def bot_reason(error: ValueError) -> str:
    """Why a bot was refused, in the run's language when its words are known."""
    return known_reason(str(error), _BOT_REASONS)


def known_reason(english: str, table: Sequence[tuple[str, str]]) -> str:
    """A message of a lower layer in the run's language: in French, the first pattern
    of ``table`` it matches gives the French, filled with its groups (a system's
    reason among them in French too); else it stays as it is."""
    if run_language() == "fr":
        for pattern, french in table:
            match = re.fullmatch(pattern, english, re.DOTALL)
            if match:
                groups = (_FRENCH_STRERRORS.get(group, group) for group in match.groups())
                return typeset(french, "fr").format(*groups)
    return english


#: Why the system refused a file, in French (its own words are English).
_OS_REASONS = {
    errno.ENOENT: "ce fichier ou dossier n'existe pas",
    errno.EACCES: "permission refusée",
    errno.EPERM: "opération interdite",
    errno.EISDIR: "c'est un dossier",
    errno.ENOTDIR: "ce n'est pas un dossier",
    errno.ENOSPC: "plus de place sur le disque",
    errno.EROFS: "système de fichiers en lecture seule",
    errno.EEXIST: "le fichier existe déjà",
}


#: The system's words for those reasons (what ``OSError.strerror`` says), in French.
_FRENCH_STRERRORS = {os.strerror(number): french for number, french in _OS_REASONS.items()}
_FRENCH_STRERRORS["not UTF-8 text"] = "ce n'est pas du texte UTF-8"


def os_reason(error: OSError) -> str:
    """Why the system refused, in the run's language."""
    english = error.strerror or str(error)
    if run_language() == "fr" and error.errno in _OS_REASONS:
        return _OS_REASONS[error.errno]
    return english


#: The exit status of a run that failed (an unreadable file, an invalid record).
FAILURE = 1
#: The exit status of a wrong command line, as Click gives for its own usage errors.
USAGE = 2
#: What the exit statuses mean, for the help texts.
EXIT_STATUSES = (
    "Exit status: 0 done; 1 failed (a file that cannot be read or replayed, a server "
    "that cannot start); 2 a wrong command line (an unknown option or value, options "
    "that do not fit together)."
)


def fail(message: str, code: int = FAILURE) -> NoReturn:
    """Print an error to standard error (its control characters escaped: it may quote
    a file's content) and exit with ``code``."""
    prefix = tell("error: ", "erreur : ")
    errors.print(Text(prefix, style="bold red") + Text(printable(message)), soft_wrap=True)
    raise typer.Exit(code)


def usage_error(message: str) -> NoReturn:
    """Refuse a wrong command line (an unknown value, options that do not fit
    together) with exit status 2."""
    fail(message, USAGE)


def given_as(ctx: typer.Context, parameter: str) -> str:
    """How the user gave a parameter of the command, for an error about its value: the
    environment variable it came from, else its option."""
    for param in ctx.command.params:
        if param.name == parameter:
            if not from_command_line(ctx, parameter) and isinstance(param.envvar, str):
                source = ctx.get_parameter_source(parameter)
                if source is not None and source.name == "ENVIRONMENT":
                    return param.envvar
            return param.opts[0]
    raise KeyError(parameter)


def from_command_line(ctx: typer.Context, parameter: str) -> bool:
    """Whether a parameter was given on the command line (not by the environment, nor
    left to its default)."""
    source = ctx.get_parameter_source(parameter)
    return source is not None and source.name == "COMMANDLINE"


def check_table(edition: str, players: int) -> None:
    """Refuse the command line unless ``edition`` exists and seats ``players``."""
    chosen = check_edition(edition)
    if not chosen.min_players <= players <= chosen.max_players:
        usage_error(
            tell(
                "the {edition} edition is for {low}-{high} players, not {players}",
                "l'édition {edition} se joue de {low} à {high} joueurs, pas {players}",
                edition=chosen.id,
                low=chosen.min_players,
                high=chosen.max_players,
                players=players,
            )
        )


def check_edition(edition: str) -> Edition:
    """The edition of that id; refuses the command line if there is none."""
    try:
        return get_edition(edition)
    except ValueError:
        usage_error(
            tell(
                "unknown edition {edition!r}; known editions: {known}",
                "édition inconnue {edition!r} ; éditions connues : {known}",
                edition=edition,
                known=", ".join(EDITIONS),
            )
        )


def progress_bar(label: str, *, shown: bool) -> Progress:
    """A bar on standard error counting games, gone when done; ``shown=False`` (for
    ``--json``) keeps the terminal quiet."""
    return Progress(
        TextColumn(f"[bold]{label}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
        disable=not shown,
    )


#: The names of the records ``record_writer`` writes.
RECORD_PATTERN = "game-*.json"
#: The help of ``--force``, for the commands that save records.
FORCE_HELP = "Replace the records already in the --save folder."


def check_output_file(path: Path, option: str) -> None:
    """Fail (status 1, in one line) before a run whose ``option`` file could not be
    written: a folder in its place, no folder to hold it, or no right to write."""
    given = f"{option} {path}"
    if path.is_dir():
        fail(
            tell(
                "{given}: this is a folder; give the path of a file",
                "{given} : c'est un dossier ; donnez le chemin d'un fichier",
                given=given,
            )
        )
    folder = path.parent
    if not folder.is_dir():
        existing = _nearest_existing(folder)
        if existing.is_dir():
            fail(
                tell(
                    "{given}: there is no folder {folder}",
                    "{given} : le dossier {folder} n'existe pas",
                    given=given,
                    folder=folder,
                )
            )
        fail(_not_a_folder(given, existing))
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        fail(tell("{given}: permission denied", "{given} : permission refusée", given=given))


def _check_output_folder(folder: Path, option: str) -> None:
    """Fail (status 1, in one line) unless ``folder`` is a folder or can be made one."""
    existing = _nearest_existing(folder)
    if not existing.is_dir():
        fail(_not_a_folder(f"{option} {folder}", existing))


def _not_a_folder(given: str, path: Path) -> str:
    return tell(
        "{given}: {path} is not a folder",
        "{given} : {path} n'est pas un dossier",
        given=given,
        path=path,
    )


def _nearest_existing(path: Path) -> Path:
    """``path`` if it exists, else its nearest ancestor that does."""
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def record_writer(folder: Path, games: int, *, force: bool) -> Callable[[int, Record], None]:
    """Create ``folder`` and return a function writing game ``index``'s record there
    as ``game-<n>.json``. A folder already holding records is refused (the run would
    mix with them), unless ``force``: then they are deleted first. Fails clearly if
    the folder cannot be made or emptied."""
    _check_output_folder(folder, "--save")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        existing = sorted(folder.glob(RECORD_PATTERN))
        if existing and not force:
            usage_error(
                tell(
                    "{folder} already holds {records}: give another folder, or --force to "
                    "replace them",
                    "{folder} contient déjà {records} : donnez un autre dossier, ou --force "
                    "pour les remplacer",
                    folder=folder,
                    records=counted(
                        len(existing),
                        "game record",
                        "enregistrement de partie",
                        "enregistrements de partie",
                    ),
                )
            )
        for path in existing:
            path.unlink()
    except OSError as error:
        fail(
            tell(
                "cannot prepare {folder}: {reason}",
                "impossible de préparer {folder} : {reason}",
                folder=folder,
                reason=os_reason(error),
            )
        )
    width = len(str(games))

    def write(index: int, record: Record) -> None:
        path = folder / f"game-{index + 1:0{width}d}.json"
        path.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")

    return write
