"""The ``loveletter`` command: one Typer app, one module per command."""

from __future__ import annotations

import typer

from .. import __version__, line_breaks
from .arena import arena
from .common import EXIT_STATUSES
from .learn import learn
from .migrate import migrate
from .play import play
from .replay import replay
from .rules import rules
from .serve import serve
from .simulate import simulate
from .wrong_line import LoveLetterGroup

line_breaks.install()  # French text never breaks before ": ; ? ! »"

app = typer.Typer(
    name="loveletter",
    cls=LoveLetterGroup,  # Click's errors in the run's language
    help="The complete digital Love Letter: rules of every edition, bots, replays.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",
    epilog=EXIT_STATUSES,
)
# Listed in this order in the help: the game first.
for command in (play, learn, rules, replay, serve, migrate, arena, simulate):
    app.command(epilog=EXIT_STATUSES)(command)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"loveletter {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version."
    ),
) -> None:
    """Love Letter in the terminal: card reference, game replays and simulations."""
