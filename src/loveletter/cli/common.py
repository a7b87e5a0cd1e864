"""What the commands share: the language default, the console, failing clearly."""

from __future__ import annotations

import json
import locale
import os
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from ..engine import Record, get_edition
from ..engine.grammar import count
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
    """The language to use: the one asked for, else the locale's."""
    if lang is None:
        return default_language()
    lang = lang.lower()
    if lang not in LANGUAGES:
        usage_error(f"unknown language {lang!r}: use en or fr")
    return lang


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
    errors.print(Text("error: ", style="bold red") + Text(printable(message)), soft_wrap=True)
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
    try:
        get_edition(edition).check_players(players)
    except ValueError as error:
        usage_error(str(error))


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
        fail(f"{given}: this is a folder; give the path of a file")
    folder = path.parent
    if not folder.is_dir():
        existing = _nearest_existing(folder)
        if existing.is_dir():
            fail(f"{given}: there is no folder {folder}")
        fail(f"{given}: {existing} is not a folder")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        fail(f"{given}: permission denied")


def _check_output_folder(folder: Path, option: str) -> None:
    """Fail (status 1, in one line) unless ``folder`` is a folder or can be made one."""
    existing = _nearest_existing(folder)
    if not existing.is_dir():
        where = "" if existing == folder else f"{existing} "
        fail(f"{option} {folder}: {where}is not a folder")


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
                f"{folder} already holds {count(len(existing), 'game record', 'en')}: give another "
                "folder, or --force to replace them"
            )
        for path in existing:
            path.unlink()
    except OSError as error:
        fail(f"cannot prepare {folder}: {error.strerror or error}")
    width = len(str(games))

    def write(index: int, record: Record) -> None:
        path = folder / f"game-{index + 1:0{width}d}.json"
        path.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")

    return write
