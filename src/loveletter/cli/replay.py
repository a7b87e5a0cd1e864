"""``loveletter replay``: replay a game record, tell its story, check its result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.rule import Rule

from ..engine import (
    EVERYONE,
    Game,
    Narrator,
    RecordError,
    describe_record_error,
    event_dict,
    load_record,
    parse_record,
)
from ..engine.grammar import join, typeset_all
from ..terminal_text import printable
from .common import check_language, console, fail, os_reason, tell, usage_error

_TEXT = {
    "en": {
        "round": "Round {number}",
        "tokens": "Tokens: {scores}",
        "winners": "Game won by {names}.",
        "unfinished": "The game is not finished.",
        "ok": "The record replays to its result.",
    },
    "fr": typeset_all(
        {
            "round": "Manche {number}",
            "tokens": "Jetons : {scores}",
            "winners": "Partie remportée par {names}.",
            "unfinished": "La partie n'est pas terminée.",
            "ok": "Le rejeu de l'enregistrement donne son résultat.",
        },
        "fr",
    ),
}


def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).", show_default=False)],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the result as JSON instead of the story.")
    ] = False,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat", "-s", help="Tell the story as this seat saw it (default: every hand shown)."
        ),
    ] = None,
    spectator: Annotated[
        bool, typer.Option("--spectator", help="Tell only what a spectator saw: public facts.")
    ] = False,
    lang: Annotated[str | None, typer.Option("--lang", "-l", help="en or fr.")] = None,
) -> None:
    """Replay a record: print its story, or its result with --json.

    The story is told with every hand shown, as a seat saw it (--seat), or as a
    spectator saw it (--spectator). Exits with status 1 and names the round and action
    of the first illegal or malformed step, or the first difference from the record's
    "result". Whatever the record holds is printed with its control characters escaped.
    """
    language = check_language(lang)
    if seat is not None and spectator:
        usage_error(
            tell(
                "--seat and --spectator are two points of view: give one",
                "--seat et --spectator sont deux points de vue : donnez-en un",
            )
        )
    try:
        text = file.read_bytes()
    except OSError as error:
        fail(
            tell(
                "cannot read {file}: {reason}",
                "impossible de lire {file} : {reason}",
                file=file,
                reason=os_reason(error),
            )
        )
    try:
        game = load_record(parse_record(text))
    except RecordError as error:
        fail(f"{file}{tell(': ', ' : ')}{describe_record_error(error, language)}")
    if as_json:
        console.print_json(json.dumps(game.result))
        return
    if seat is not None and not 0 <= seat < game.seat_count:
        usage_error(
            tell(
                "there is no seat {seat} in this game of {players}: its seats are 0 to {last}",
                "il n'y a pas de siège {seat} dans cette partie à {players} : ses sièges vont "
                "de 0 à {last}",
                seat=seat,
                players=game.seat_count,
                last=game.seat_count - 1,
            )
        )
    viewer = None if spectator else (EVERYONE if seat is None else seat)
    _tell(game, viewer, language)


def _tell(game: Game, viewer: int | None, lang: str) -> None:
    text = _TEXT[lang]
    narrator = Narrator(game.edition, game.players, viewer, lang)
    for number, log in enumerate(game.round_logs, start=1):
        console.print(Rule(text["round"].format(number=number)))
        for line in narrator.lines(event_dict(event, viewer) for event in log):
            _say(line)
    console.print(Rule())
    scores = ", ".join(
        f"{name} {tokens}" for name, tokens in zip(game.players, game.tokens, strict=True)
    )
    _say(text["tokens"].format(scores=scores))
    if game.winners:
        _say(
            text["winners"].format(names=join((game.players[seat] for seat in game.winners), lang))
        )
    else:
        _say(text["unfinished"])


def _say(line: str) -> None:
    """Print a line told from the record (its names included) as plain, inert text."""
    console.print(printable(line), markup=False)
