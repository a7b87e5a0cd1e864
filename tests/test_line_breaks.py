"""French text never breaks before ``: ; ? ! »`` nor after ``«``: the no-break space
that typography puts there is no place to break a line, in the terminal or the CLI."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from rich.text import Text
from textual.content import Content
from typer.testing import CliRunner

import loveletter.cli.main
import loveletter.tui.app  # the terminal game sets its line breaking up too
from loveletter.engine import EDITIONS
from loveletter.engine.grammar import typeset

SENTENCE = typeset(
    "Bruno joue le Baron : il compare sa main avec celle de Chloé ; qui perd ? "
    "Chloé ! Elle dit « je passe » et défausse la Comtesse : fin de la manche ?",
    "fr",
)
#: A line (or a table cell's line) that starts with a mark, or ends with a "«".
BAD_BREAK = re.compile(r"(^|│)\s*[:;?!»]|«\s*(│|$)")


def bad_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if BAD_BREAK.search(line)]


@pytest.mark.parametrize("width", range(12, 61))  # no glued word is wider than 12
def test_rich_and_textual_keep_french_marks_with_their_word(width: int) -> None:
    console = Console(width=width, file=io.StringIO(), record=True)
    console.print(Text(SENTENCE))
    assert bad_lines(console.export_text().splitlines()) == []
    wrapped = Content(SENTENCE).wrap(width)
    assert bad_lines([line.plain for line in wrapped]) == []


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("width", [30, 40, 60, 86, 100, 120])
def test_french_rules_never_start_a_line_with_a_mark(edition: str, width: int) -> None:
    runner = CliRunner()
    args = ["rules", "-e", edition, "-l", "fr"]
    result = runner.invoke(loveletter.cli.main.app, args, terminal_width=width)
    assert result.exit_code == 0, result.output
    assert bad_lines(result.output.splitlines()) == []
