"""A game's whole state as plain data, and a game rebuilt from such data.

This is for programs that build positions, such as tests. Unlike a view, a state
holds every card. Unlike a record, it holds no history: a restored game continues
from the state, its log starts empty and it cannot be exported as a record.
:func:`game_after_rounds` starts a game from the results of its first rounds, which
is what a view tells of them (the sampled worlds of :mod:`.worlds` use it).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from .cards import Edition
from .errors import LoveLetterError
from .game import Game
from .grammar import count
from .options import Options, Rules
from .schema import GameState
from .types import Phase, RoundResult

STATE_FORMAT = "loveletter-state/1"


def game_state(game: Game) -> GameState:
    """The whole state of ``game`` as JSON data (hidden cards included)."""
    return {
        "format": STATE_FORMAT,
        "edition": game.rules.edition.id,
        "options": game.rules.options.changed(),
        "players": list(game.players),
        "round": game.round,
        "turn": game.turn,
        "phase": game.phase.value,
        "active": game.active,
        "tokens": list(game.tokens),
        "round_tokens": list(game.round_tokens),
        "deck": list(reversed(game.deck)),  # top first, as in records
        "set_aside": game.set_aside,
        "face_up": list(game.face_up),
        "hands": [list(hand) for hand in game.hands],
        "discards": [list(pile) for pile in game.discards],
        "out": list(game.out),
        "protected": list(game.protected),
        "jester": list(game.jester) if game.jester else None,
        "sycophant": game.sycophant,
        "pending": list(game.step_seats),
        "next_first": list(game.allowed_first()),
        "winners": list(game.winners),
    }


def restore_game(state: GameState, *, rng: random.Random | None = None) -> Game:
    """A game continuing from ``state`` (as made by :func:`game_state`).

    Checks that every card of the deck is somewhere exactly once and that the
    phase fits the hands; raises LoveLetterError otherwise.
    """
    if state.get("format") != STATE_FORMAT:
        raise LoveLetterError(f"'format' must be {STATE_FORMAT!r}")
    options = Options.from_dict(state.get("options"))
    rules = Rules.settle(state["edition"], len(state["players"]), options)
    places: Counter[str] = Counter(state["deck"])
    places.update(state["face_up"])
    for hand in state["hands"]:
        places.update(hand)
    for pile in state["discards"]:
        places.update(pile)
    if state["set_aside"] is not None:
        places[state["set_aside"]] += 1
    if places != Counter(rules.deck):
        raise LoveLetterError("the state's cards are not exactly the deck")
    jester = state["jester"]
    game = Game.restore(
        state["edition"],
        state["players"],
        options=options,
        rng=rng,
        round=state["round"],
        tokens=state["tokens"],
        next_first=state["next_first"],
        winners=state["winners"],
        phase=Phase(state["phase"]),
        turn=state["turn"],
        active=state["active"],
        round_tokens=state["round_tokens"],
        deck=state["deck"],
        set_aside=state["set_aside"],
        face_up=state["face_up"],
        hands=state["hands"],
        discards=state["discards"],
        out=state["out"],
        protected=state["protected"],
        jester=(jester[0], jester[1]) if jester else None,
        sycophant=state["sycophant"],
        step_seats=state["pending"],
    )
    _check_hands(game)
    _check_pending(game)
    return game


def game_after_rounds(
    edition: str | Edition,
    players: int | Sequence[str],
    results: Sequence[RoundResult],
    *,
    options: Options | None = None,
    next_first: Sequence[int] | None = None,
    rng: random.Random | None = None,
) -> Game:
    """A game whose first rounds ended as ``results``, waiting for :meth:`Game.next_round`.

    Tokens and the round number follow from the results. ``next_first`` (the seats
    that may start the next round, R2) defaults to the last result's ``tied``. Raises
    LoveLetterError if the results already end the game or a seat is not at the table.
    """
    seats = players if isinstance(players, int) else len(players)
    rules = Rules.settle(edition, seats, options)
    tokens = [0] * seats
    for result in results:
        if len(result.tokens) != seats:
            raise LoveLetterError(f"round {result.number} has tokens for another table")
        tokens = [held + won for held, won in zip(tokens, result.tokens, strict=True)]
    if max(tokens) >= rules.tokens_to_win:
        raise LoveLetterError("these results already end the game")
    allowed = tuple(next_first) if next_first is not None else None
    if allowed is None:
        allowed = results[-1].tied if results else tuple(range(seats))
    if not allowed or any(type(seat) is not int or not 0 <= seat < seats for seat in allowed):
        raise LoveLetterError(f"no seat {allowed!r} may start the next round")
    return Game.restore(
        edition,
        players,
        options=options,
        rng=rng,
        round=len(results),
        tokens=tokens,
        next_first=allowed,
        results=results,
    )


def _check_pending(game: Game) -> None:
    """The seats a second step waits on fit the phase."""
    waiting = {Phase.CARDINAL: 2, Phase.BISHOP: 1}.get(game.phase, 0)
    pending = game.step_seats
    if not waiting and pending:
        raise LoveLetterError(f"'pending' must be empty in the {game.phase.value} phase")
    if waiting and (
        len(pending) != waiting
        or any(
            type(seat) is not int or not 0 <= seat < game.seat_count or game.out[seat]
            for seat in pending
        )
        or len(set(pending)) != waiting
    ):
        raise LoveLetterError(
            f"'pending' must hold {count(waiting, 'seat', 'en')} still in the round "
            f"in the {game.phase.value} phase"
        )


def _check_hands(game: Game) -> None:
    expected = {
        Phase.PLAY: 2,
        Phase.CHANCELLOR: None,
        Phase.CARDINAL: 1,
        Phase.BISHOP: 1,
        Phase.ROUND_OVER: None,
        Phase.GAME_OVER: None,
    }[game.phase]
    for seat, hand in enumerate(game.hands):
        if game.out[seat] and hand:
            raise LoveLetterError(f"seat {seat} is out but holds cards")
        size = expected if seat == game.active and expected else 1
        in_turn = game.phase in (Phase.PLAY, Phase.CARDINAL, Phase.BISHOP)
        if in_turn and not game.out[seat] and len(hand) != size:
            raise LoveLetterError(f"seat {seat} should hold {count(size, 'card', 'en')}")
