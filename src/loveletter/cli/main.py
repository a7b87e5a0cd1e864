"""The ``loveletter`` command: one Typer app, one module per command."""

from __future__ import annotations

import typer

from .. import __version__
from .arena import arena
from .play import play
from .replay import replay
from .rules import rules
from .serve import serve
from .simulate import simulate

app = typer.Typer(
    name="loveletter",
    help="The complete digital Love Letter: rules of every edition, bots, replays.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)
app.command()(rules)
app.command()(replay)
app.command()(simulate)
app.command()(serve)
app.command()(arena)
app.command()(play)


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
