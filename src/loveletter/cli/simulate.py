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
from .common import (
    FORCE_HELP,
    check_table,
    console,
    counted,
    decimal,
    percent,
    progress_bar,
    record_writer,
    run_language,
    tell,
)


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
    play = tell("random play", "jeu au hasard") if specs is None else ", ".join(specs)
    lang = run_language()
    seats = counted(players, "player", "joueur")
    table = Table(title=f"{get_edition(edition).name(lang)} · {seats} · {play}")
    table.add_column(tell("Seat", "Place"), justify="right")
    table.add_column(tell("Games won", "Parties gagnées"), justify="right")
    table.add_column(tell("Share", "Part"), justify="right")
    table.add_column(tell("Rounds won", "Manches gagnées"), justify="right")
    table.add_column(tell("Share", "Part"), justify="right")
    for seat in range(players):
        table.add_row(
            str(seat),
            decimal(result.game_wins[seat]),
            percent(result.game_wins[seat] / result.games),
            decimal(result.round_wins[seat]),
            percent(result.round_wins[seat] / max(result.rounds, 1)),
        )
    console.print(table)
    tied = [
        counted(number, english, french, plural)
        for number, english, french, plural in (
            (result.tied_games, "tied game", "partie à égalité", "parties à égalité"),
            (result.tied_rounds, "tied round", "manche à égalité", "manches à égalité"),
        )
        if number
    ]
    if tied:
        console.print(
            tell(
                "{tied}: a tie counts for each of its winners, so the shares add up to more "
                "than 100%.",
                "{tied} : une égalité compte pour chacun de ses gagnants, donc les parts "
                "font plus de 100 % au total.",
                tied=tell(" and ", " et ").join(tied),
            )
        )
    console.print(
        tell(
            "{games}, {rounds} in {seconds} s: [bold]{speed}[/] rounds per second",
            "{games}, {rounds} en {seconds} s : [bold]{speed}[/] manches par seconde",
            games=counted(result.games, "game", "partie"),
            rounds=counted(result.rounds, "round", "manche"),
            seconds=decimal(result.seconds, 2),
            speed=decimal(result.rounds_per_second),
        )
    )
