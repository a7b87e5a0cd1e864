"""``loveletter simulate``: many games between random players, as fast as possible."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..engine import EDITIONS, get_edition
from ..simulation import simulate as run_simulation
from .arena import parse_bots
from .common import FORCE_HELP, check_table, console, progress_bar, record_writer


def simulate(
    edition: Annotated[
        str, typer.Option("--edition", "-e", help=f"One of: {', '.join(EDITIONS)}.")
    ] = "classic",
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 2,
    games: Annotated[int, typer.Option("--games", "-g", help="Number of games.", min=1)] = 100,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for a reproducible run.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    save: Annotated[
        Path | None, typer.Option("--save", help="Write each game's record into this folder.")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help=FORCE_HELP)] = False,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots", "-b", help="Comma-separated bots; seat s gets bot s mod their number."
        ),
    ] = None,
) -> None:
    """Play whole games between bots (random by default); print rounds per second and wins."""
    check_table(edition, players)
    specs = parse_bots(bots, edition, players) if bots is not None else None
    on_record = record_writer(save, games, force=force) if save is not None else None
    progress = progress_bar("simulate", shown=not as_json)
    task = progress.add_task("games", total=games)
    with progress:
        result = run_simulation(
            edition,
            players,
            games,
            seed=seed,
            on_record=on_record,
            bots=specs,
            on_game=lambda _: progress.advance(task),
        )
    if as_json:
        print(json.dumps(result.as_json()))
        return
    play = "random play" if specs is None else ", ".join(specs)
    table = Table(title=f"{get_edition(edition).name()} · {players} players · {play}")
    table.add_column("Seat", justify="right")
    table.add_column("Games won", justify="right")
    table.add_column("Share", justify="right")
    table.add_column("Rounds won", justify="right")
    table.add_column("Share", justify="right")
    for seat in range(players):
        table.add_row(
            str(seat),
            str(result.game_wins[seat]),
            f"{result.game_wins[seat] / result.games:.1%}",
            str(result.round_wins[seat]),
            f"{result.round_wins[seat] / max(result.rounds, 1):.1%}",
        )
    console.print(table)
    if result.tied_games or result.tied_rounds:
        console.print(
            f"{_count(result.tied_games, 'tied game')} and "
            f"{_count(result.tied_rounds, 'tied round')}: a tie counts for each of its "
            "winners, so the shares add up to more than 100%."
        )
    console.print(
        f"{_count(result.games, 'game')}, {_count(result.rounds, 'round')} in "
        f"{result.seconds:.2f} s: "
        f"[bold]{result.rounds_per_second:,.0f}[/] rounds per second"
    )


def _count(number: int, noun: str) -> str:
    """``1 game``, ``2 games``."""
    return f"{number:,} {noun}{'' if number == 1 else 's'}"
