"""``loveletter arena``: a tournament between bots, built-in or external."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..arena import MAX_BOTS, can_plot, plot, run_arena, wilson
from ..bots import make_bot
from ..bots.levels import check_bot_table
from ..engine import EDITIONS, get_edition
from ..simulation import GameOutcome
from .common import (
    FORCE_HELP,
    bot_reason,
    check_output_file,
    check_table,
    console,
    counted,
    decimal,
    fail,
    os_reason,
    percent,
    percent_range,
    progress_bar,
    record_writer,
    run_language,
    tell,
    usage_error,
)


def parse_bots(text: str, edition: str, players: int) -> list[str]:
    """Bot specs from a comma-separated list, each checked against the table (fails
    clearly)."""
    specs = [spec.strip() for spec in text.split(",") if spec.strip()]
    if not specs:
        usage_error(tell("--bots needs at least one bot", "--bots demande au moins un robot"))
    for spec in specs:
        try:
            bot = make_bot(spec)
            try:
                check_bot_table(bot, edition, players)
            finally:
                bot.close()
        except ValueError as error:
            usage_error(bot_reason(error))
    return specs


def arena(
    edition: Annotated[
        str, typer.Option("--edition", "-e", help=f"One of: {', '.join(EDITIONS)}.")
    ] = "classic",
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 2,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="Comma-separated bots: random, heuristic, search, easy, medium, hard, "
            "expert, 'exec:COMMAND' for a program speaking the bot protocol, or "
            "'policy:FILE.npz' for a saved policy (needs NumPy).",
        ),
    ] = "expert,heuristic,random",
    games: Annotated[int, typer.Option("--games", "-g", help="Number of games.", min=1)] = 100,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for a reproducible run.")] = None,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Processes to spread the games over.", min=1)
    ] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    plot_file: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            help="Draw win rates and ratings into this PNG (needs matplotlib: "
            "pip install 'loveletter[plot]').",
        ),
    ] = None,
    save: Annotated[
        Path | None, typer.Option("--save", help="Write each game's record into this folder.")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help=FORCE_HELP)] = False,
) -> None:
    """Play bots against each other, seats rotating; print win rates and ratings."""
    check_table(edition, players)
    specs = parse_bots(bots, edition, players)
    if not 2 <= len(specs) <= MAX_BOTS:
        usage_error(
            tell(
                "an arena compares 2-{most} bots, not {given}: give them to --bots, "
                "comma-separated (for one bot's games alone, use loveletter simulate --bots)",
                "une arène compare de 2 à {most} robots, pas {given} : donnez-les à --bots, "
                "séparés par des virgules (pour les parties d'un seul robot, loveletter "
                "simulate --bots)",
                most=MAX_BOTS,
                given=len(specs),
            )
        )
    if plot_file is not None and not can_plot():
        fail(
            tell(
                "--plot draws with matplotlib, which is not installed: "
                "pip install 'loveletter[plot]' (or drop --plot)",
                "--plot dessine avec matplotlib, qui n'est pas installé : "
                "pip install 'loveletter[plot]' (ou retirez --plot)",
            )
        )
    if plot_file is not None:
        check_output_file(plot_file, "--plot")
    write_record = record_writer(save, games, force=force) if save is not None else None
    progress = progress_bar("arena", shown=not as_json)
    task = progress.add_task("games", total=games)

    def on_game(outcome: GameOutcome) -> None:
        progress.advance(task)
        if write_record is not None and outcome.record is not None:
            record = outcome.record.copy()
            record["meta"] = {"bots": [specs[bot] for bot in outcome.lineup]}
            write_record(outcome.index, record)

    with progress:
        result = run_arena(
            edition,
            players,
            specs,
            games,
            seed=seed,
            jobs=jobs,
            records=save is not None,
            on_game=on_game,
        )
    if plot_file is not None:
        try:
            plot(result, str(plot_file))
        except OSError as error:
            fail(f"--plot {plot_file}{tell(': ', ' : ')}{os_reason(error)}")
    if as_json:
        print(json.dumps(result.as_json()))
        return
    faults = any(bot.faults for bot in result.bots)
    lang = run_language()
    seats, played = counted(players, "player", "joueur"), counted(games, "game", "partie")
    table = Table(title=f"{get_edition(edition).name(lang)} · {seats} · {played}")
    table.add_column(tell("Bot", "Robot"), overflow="fold")  # a long spec wraps whole
    # Short headers and figures that never wrap: 8 columns fit 80 (the caption explains).
    columns = [
        tell("Games", "Parties"),
        tell("Rounds", "Manches"),
        tell("Rate", "Taux"),
        tell("95% CI", "IC 95 %"),
        tell("Rating", "Cote"),
        "ms",
    ]
    if faults:
        columns.append(tell("Faults", "Fautes"))
    for column in columns:
        table.add_column(column, justify="right", no_wrap=True)
    for bot in sorted(result.bots, key=lambda line: -line.rating.ordinal()):
        low, high = wilson(bot.rounds_won, bot.rounds)
        row = [
            bot.name,
            f"{bot.games_won}/{bot.games}",
            f"{bot.rounds_won}/{bot.rounds}",
            percent(bot.round_win_rate),
            percent_range(low, high),
            decimal(bot.rating.ordinal(), 1),
            decimal(bot.ms_per_decision, 1),
        ]
        if faults:
            row.append(str(bot.faults))
        table.add_row(*row)
    console.print(table)
    console.print(
        tell(
            "{played} in {seconds} s. Games, rounds: won/played (a tie counts for each of "
            "its winners); rate: rounds won, with its 95% confidence interval; rating: "
            "OpenSkill mu - 3 sigma; ms: median time of a decision",
            "{played} en {seconds} s. Parties, manches : gagnées/jouées (une égalité "
            "compte pour chacun de ses gagnants) ; taux : manches gagnées, avec son "
            "intervalle de confiance à 95 % ; cote : OpenSkill mu - 3 sigma ; ms : durée "
            "médiane d'une décision",
            played=played,
            seconds=decimal(result.seconds, 1),
        )
        + (
            tell(
                "; faults: answers wrong, late or missing (a random action stood in).",
                " ; fautes : réponses fausses, tardives ou absentes (remplacées par une "
                "action au hasard).",
            )
            if faults
            else "."
        )
    )
