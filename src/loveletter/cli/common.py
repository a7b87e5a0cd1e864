"""What the commands share: the language default, the console, failing clearly."""

from __future__ import annotations

import locale
import os
from typing import NoReturn

import typer
from rich.console import Console
from rich.text import Text

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
        fail(f"unknown language {lang!r}: use en or fr")
    return lang


def fail(message: str, code: int = 1) -> NoReturn:
    """Print an error to standard error and exit with ``code``."""
    errors.print(Text("error: ", style="bold red") + Text(message), soft_wrap=True)
    raise typer.Exit(code)
