"""Readable reasons why an action is not legal now (the slow path of Game.apply)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action
from .options import targeting_of

if TYPE_CHECKING:
    from .game import Game


def explain_illegal(game: Game, action: Action) -> str:
    """Say in one sentence why ``action`` may not be applied to ``game`` now."""
    from .game import Phase

    phase = game.phase
    if phase is Phase.GAME_OVER:
        return "the game is over"
    if phase is Phase.ROUND_OVER:
        return "the round is over: deal the next round first"
    expected = {
        Phase.CHANCELLOR: "the Chancellor's choice: 'keep <card> <card> [<card>]'",
        Phase.CARDINAL: "the Cardinal's look: 'look <seat>' or 'look none'",
        Phase.BISHOP: "the Bishop's target's answer: 'discard' or 'keep'",
    }
    if phase in expected:
        reason = _step_reason(game, action)
        return reason or f"{action} is not {expected[phase]}"
    return _play_reason(game, action) or f"{action} is not a legal play here"


def _step_reason(game: Game, action: Action) -> str | None:
    from .game import Phase

    if game.phase is Phase.CHANCELLOR and action.word == "keep" and action.cards:
        hand = sorted(game.hands[game.active])
        if sorted(action.cards) != hand:
            return f"'keep' must name exactly the cards in hand: {' '.join(hand)} (R19)"
    if game.phase is Phase.CARDINAL and action.word == "look" and action.seats:
        return f"the Cardinal may only look at seat {game.pending[0]} or {game.pending[1]}"
    return None


def _play_reason(game: Game, action: Action) -> str | None:
    card = action.card
    if card is None:
        return f"'{action.word}' answers a second step; now a card must be played"
    seat = game.active
    hand = game.hands[seat]
    if card not in game.rules.values:
        return f"there is no {card} in the {game.edition.id} deck for {game.n} players"
    if card not in hand:
        return f"seat {seat} does not hold the {card} (hand: {' '.join(hand)})"
    if card != "countess" and "countess" in hand and card in game.rules.countess_forcers:
        return "the Countess must be played when the other card is the King or a Prince (R21)"
    return _target_reason(game, action, seat)


def _target_reason(game: Game, action: Action, seat: int) -> str | None:
    card = action.word
    targeting = targeting_of(card)
    legal_here = [a for a in game.legal_actions() if a.word == card]
    if targeting == "none":
        return None
    for target in action.seats:
        if target >= game.n:
            return f"there is no seat {target} at this table of {game.n}"
        if game.out[target]:
            return f"seat {target} is out of the round (R5)"
        if target == seat and targeting in ("other", "baroness"):
            return f"the {card} must choose another player"
        if target != seat and game.protected[target]:
            return f"seat {target} is protected by the Handmaid (R15)"
    if game.sycophant is not None and action.seats and game.sycophant not in action.seats:
        return f"the Sycophant's choice binds this card: it must choose seat {game.sycophant} (R34)"
    if not action.seats and any(a.seats for a in legal_here):
        return f"the {card} must choose a player when one can be chosen (R3, R13)"
    if action.seats and legal_here and not any(a.seats for a in legal_here):
        return f"no player can be chosen: play the bare '{card}' with no effect (R11)"
    if card in ("guard", "bishop") and action.guess is not None:
        allowed = game.rules.guard_guesses if card == "guard" else game.rules.bishop_guesses
        if action.guess not in allowed:
            shown = ", ".join(str(guess) for guess in allowed)
            return f"the {card} may name: {shown} (R14, R38)"
    return None
