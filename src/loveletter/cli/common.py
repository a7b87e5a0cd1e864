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


def record_writer(folder: Path, games: int, *, force: bool) -> Callable[[int, Record], None]:
    """Create ``folder`` and return a function writing game ``index``'s record there
    as ``game-<n>.json``. A folder already holding records is refused (the run would
    mix with them), unless ``force``: then they are deleted first. Fails clearly if
    the folder cannot be made or emptied."""
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
