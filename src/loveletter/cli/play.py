"""``loveletter play``: a whole game in the terminal, against bots or friends."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..bots import LEVELS, make_bot
from ..bots.levels import check_bot_table, describe_level
from ..engine import EDITIONS, Options, RecordError, describe_record_error
from ..engine.record import MAX_NAME_LENGTH
from ..paths import data_folder
from ..tui.offers import LessonOffers
from ..tui.session import DEFAULT_LEVEL, LocalGame, Setup, seat_setups
from .common import (
    bot_reason,
    check_edition,
    check_language,
    check_output_file,
    check_table,
    counted,
    fail,
    tell,
    usage_error,
)


def play(
    edition: Annotated[
        str | None, typer.Option("--edition", "-e", help=f"One of: {', '.join(EDITIONS)}.")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Number of players.", show_default=False)
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            "-b",
            help="Bot levels, one per bot seat, comma-separated: "
            + ", ".join(f"{level} ({describe_level(level)})" for level in LEVELS)
            + f" (bot seats without a level: {DEFAULT_LEVEL}); also 'exec:COMMAND' for a "
            "program speaking the bot protocol and 'policy:FILE.npz' for a saved policy.",
        ),
    ] = None,
    humans: Annotated[
        int | None, typer.Option("--humans", help="Humans at this keyboard (default 1).", min=1)
    ] = None,
    names: Annotated[
        list[str] | None, typer.Option("--name", "-n", help="A human's name (repeat it).")
    ] = None,
    lang: Annotated[
        str | None, typer.Option("--lang", "-l", help="en or fr (default: from the locale).")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for a reproducible game.")
    ] = None,
    tokens: Annotated[
        int | None,
        typer.Option("--tokens", help="Tokens to win (default: the edition's).", min=1, max=99),
    ] = None,
    save: Annotated[
        Path | None, typer.Option("--save", help="Write the game record here after every move.")
    ] = None,
    resume: Annotated[
        Path | None, typer.Option("--resume", help="Continue the game saved in this file.")
    ] = None,
    delay: Annotated[
        float, typer.Option("--delay", help="Seconds a bot pauses before it plays.", min=0)
    ] = 0.8,
) -> None:
    """Play Love Letter in the terminal, against bots or friends at one keyboard.

    Without table options, a setup screen asks for them. Keys in the game: the key
    beside an answer chooses it (0-9; a player by seat number; letters past 9
    answers), Esc goes back, ':' types an action in notation, Ctrl+C quits.
    """
    from ..tui.app import LoveLetterApp

    language = check_language(lang)
    if save is not None:
        check_output_file(save, "--save")
    if resume is not None:
        if any(option is not None for option in (edition, players, bots, humans, seed, tokens)):
            usage_error(
                tell(
                    "--resume continues a saved game: give no table options with it",
                    "--resume reprend une partie sauvegardée : ne donnez pas d'options de "
                    "table avec",
                )
            )
        try:
            session = LocalGame.resume(resume, save=save, lang=language if lang else None)
        except RecordError as error:
            fail(f"{resume}{tell(': ', ' : ')}{describe_record_error(error, language)}")
        except ValueError as error:
            fail(f"{resume}{tell(': ', ' : ')}{error}")
        LoveLetterApp(session=session, delay=delay, offers=lesson_offers()).run()
        return
    options = Options(tokens_to_win=tokens)
    setup = None
    if any(option is not None for option in (edition, players, bots, humans, names)):
        setup = _setup(edition or "classic", players, bots, humans, names or [])
        setup = Setup(setup.edition, setup.seats, language, seed, options)
    app = LoveLetterApp(
        setup=setup,
        lang=language,
        save=save,
        delay=delay,
        options=options,
        seed=seed,
        offers=lesson_offers(),
    )
    app.run()


def _setup(
    edition: str,
    players: int | None,
    bots: str | None,
    humans: int | None,
    names: list[str],
) -> Setup:
    """The table the options describe; fails with a clear message if they disagree."""
    chosen = check_edition(edition)
    levels = [level.strip() for level in bots.split(",")] if bots else []
    made = []  # checked against the table once its size is known
    for level in levels:
        try:
            bot = make_bot(level)
        except ValueError as error:
            usage_error(bot_reason(error))
        made.append(bot)
        bot.close()
    people = humans if humans is not None else max(len(names), 1)
    if people > chosen.max_players:
        usage_error(
            tell(
                "{humans} do not fit: the {edition} edition is for {low}-{high} players",
                "{humans}, c'est trop : l'édition {edition} se joue de {low} à {high} joueurs",
                humans=counted(people, "human", "humain"),
                edition=chosen.id,
                low=chosen.min_players,
                high=chosen.max_players,
            )
        )
    if players is None:
        players = people + len(levels) if levels else max(chosen.min_players, people + 1)
    if people + len(levels) > players:
        usage_error(
            tell(
                "{players} players do not fit {humans} and {bots}: give --players, --bots "
                "and --humans that add up",
                "{players} joueurs, c'est trop peu pour {humans} et {bots} : donnez des "
                "--players, --bots et --humans qui s'accordent",
                players=players,
                humans=counted(people, "human", "humain"),
                bots=counted(len(levels), "bot", "robot"),
            )
        )
    levels += [DEFAULT_LEVEL] * (players - people - len(levels))
    check_table(chosen.id, players)
    try:
        for bot in made:
            check_bot_table(bot, chosen.id, players)
    except ValueError as error:
        usage_error(bot_reason(error))
    if len(names) > people:
        usage_error(
            tell(
                "{names} for {humans}",
                "{names} pour {humans}",
                names=counted(len(names), "name", "nom"),
                humans=counted(people, "human", "humain"),
            )
        )
    seats = seat_setups(players, levels, names)
    all_names = [seat.name for seat in seats]
    if len(set(all_names)) != players or not all(
        0 < len(name) <= MAX_NAME_LENGTH for name in all_names
    ):
        usage_error(
            tell(
                "player names must be different, 1-{most} characters: {names}",
                "les noms des joueurs doivent être différents, de 1 à {most} caractères : {names}",
                most=MAX_NAME_LENGTH,
                names=all_names,
            )
        )
    return Setup(chosen.id, seats)


def lesson_offers() -> LessonOffers:
    """The lessons offered once on this machine, kept in the user's data folder."""
    return LessonOffers(data_folder())
