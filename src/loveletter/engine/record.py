"""Game records (docs/records.md): export a game, rebuild one by replay, check its result.

A record holds each round's whole deck (top first), its first seat and its actions
in notation. Replaying it needs no randomness, so a record is also a stacked deck:
a record whose last round is unfinished is a position.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .cards import get_edition
from .errors import LoveLetterError, RecordError
from .game import RECORD_FORMAT, Game
from .grammar import count
from .jsontext import JSONTextError, parse_json
from .options import Options
from .schema import Record
from .types import Phase

_TOP_KEYS = {"format", "edition", "options", "players", "rounds", "result", "meta"}
_ROUND_KEYS = {"deck", "first", "actions"}
MAX_NAME_LENGTH = 40
#: The largest record text read, and its deepest nesting (a record nests 4 levels;
#: ``meta`` may add a few).
MAX_RECORD_BYTES = 4 * 1024 * 1024
MAX_RECORD_DEPTH = 32


def _unknown(names: list[Any], what: str) -> str:
    """ "unknown field: x", "unknown fields: x, y"."""
    plural = "" if len(names) == 1 else "s"
    return f"unknown {what}{plural}: {', '.join(map(str, names))}"


def export_record(game: Game, *, with_result: bool = True) -> Record:
    """The record of ``game`` as JSON data: :meth:`Game.record`.

    Raises LoveLetterError for a game restored from a state, which has no record.
    """
    return game.record(with_result=with_result)


def parse_record(text: str | bytes) -> dict[str, Any]:
    """Parse the JSON text of a record; RecordError if it is not a JSON object, or not
    within the limits of :func:`~.jsontext.parse_json` (MAX_RECORD_BYTES,
    MAX_RECORD_DEPTH, numbers in range, valid Unicode text)."""
    try:
        data = parse_json(text, max_depth=MAX_RECORD_DEPTH, max_bytes=MAX_RECORD_BYTES)
    except JSONTextError as error:
        raise RecordError(str(error)) from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    return data


def load_record(
    data: Mapping[str, Any],
    *,
    rng: random.Random | None = None,
    check_result: bool = True,
) -> Game:
    """Rebuild a game by replaying a record, and check its ``result`` if present.

    Raises RecordError naming the round and action (both from 1) of the first
    malformed or illegal step, or the first difference from ``result``. ``rng``
    serves the rounds played after the record's end.
    """
    if not isinstance(data, Mapping):
        raise RecordError("a record is a JSON object")
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise RecordError(_unknown(unknown, "field"))
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"'format' must be {RECORD_FORMAT!r}")
    players = data.get("players")
    if not isinstance(players, list) or not all(
        isinstance(name, str) and 0 < len(name) <= MAX_NAME_LENGTH for name in players
    ):
        raise RecordError(f"'players' must be a list of names of 1-{MAX_NAME_LENGTH} characters")
    edition = _edition_id(data.get("edition"))
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise RecordError("'rounds' must be a list")
    if not isinstance(data.get("options", {}), Mapping):
        raise RecordError("'options' must be an object")
    try:
        options = Options.from_dict(data.get("options", {}))
        game = Game(edition, players, options=options, rng=rng, start=False)
    except (ValueError, TypeError) as error:
        raise RecordError(str(error)) from None
    for number, round_data in enumerate(rounds, start=1):
        _replay_round(game, round_data, number)
    if check_result and "result" in data:
        check_record_result(game, data["result"])
    return game


def _edition_id(edition: Any) -> str:
    """The record's edition id, exactly as an edition (or registered variant) spells it:
    an alias, another case or surrounding spaces are not the format's."""
    if not isinstance(edition, str):
        raise RecordError("'edition' must be an edition id")
    try:
        known = get_edition(edition).id
    except ValueError as error:
        raise RecordError(str(error)) from None
    if known != edition:
        raise RecordError(f"'edition' must be an edition id exactly: {edition!r} is not {known!r}")
    return edition


def _replay_round(game: Game, round_data: Any, number: int) -> None:
    if not isinstance(round_data, Mapping):
        raise RecordError("a round must be an object", round=number)
    unknown = sorted(set(round_data) - _ROUND_KEYS)
    if unknown:
        raise RecordError(_unknown(unknown, "field"), round=number)
    deck, first, actions = (round_data.get(key) for key in ("deck", "first", "actions"))
    if not isinstance(deck, list) or not all(isinstance(card, str) for card in deck):
        raise RecordError("'deck' must be a list of card ids", round=number)
    if type(first) is not int:
        raise RecordError("'first' must be a seat number", round=number)
    if not isinstance(actions, list) or not all(isinstance(action, str) for action in actions):
        raise RecordError("'actions' must be a list of actions in notation", round=number)
    if game.phase is Phase.GAME_OVER:
        raise RecordError("the game was already over", round=number)
    if game.phase is not Phase.ROUND_OVER:
        raise RecordError("the previous round is not finished", round=number)
    try:
        game.next_round(deck, first)
    except LoveLetterError as error:
        raise RecordError(str(error), round=number) from None
    for index, text in enumerate(actions, start=1):
        if game.to_move is None:
            raise RecordError(
                f"{text!r} comes after the end of the round", round=number, action=index, text=text
            )
        try:
            game.apply(text)
        except LoveLetterError as error:
            raise RecordError(
                f"{text!r}: {error}", round=number, action=index, cause=error, text=text, game=game
            ) from None


def check_record_result(game: Game, expected: Any) -> None:
    """Raise RecordError at the first difference between ``expected`` and the game."""
    if not isinstance(expected, Mapping) or set(expected) != {"rounds", "tokens", "winners"}:
        raise RecordError("'result' must have exactly 'rounds', 'tokens' and 'winners'")
    actual = game.result
    expected_rounds = expected["rounds"]
    if not isinstance(expected_rounds, list):
        raise RecordError("'result.rounds' must be a list")
    for number, (mine, theirs) in enumerate(
        zip(actual["rounds"], expected_rounds, strict=False), start=1
    ):
        for key in ("winners", "tokens"):
            if not isinstance(theirs, Mapping) or theirs.get(key) != mine[key]:
                said = theirs.get(key) if isinstance(theirs, Mapping) else theirs
                raise RecordError(
                    f"the result says {key} {said!r}, replay gives {mine[key]!r}", round=number
                )
    if len(expected_rounds) != len(actual["rounds"]):
        raise RecordError(
            f"the result lists {count(len(expected_rounds), 'finished round', 'en')}, "
            f"replay finishes {len(actual['rounds'])}"
        )
    for name in ("tokens", "winners"):
        if expected[name] != actual[name]:
            raise RecordError(
                f"the result says {name} {expected[name]!r}, replay gives {actual[name]!r}"
            )
