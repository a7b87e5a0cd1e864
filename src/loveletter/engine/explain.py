"""Why an action is refused: a reason code with its details, told in English or French.

This is the slow path of :meth:`Game.apply`. The error's message is English; the
interfaces tell it in the player's language with :func:`describe_refusal`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .actions import Action
from .errors import IllegalActionError
from .options import targeting_of

if TYPE_CHECKING:
    from .game import Game

#: A refusal's details: the fields its reason code needs (seats, cards, the action…).
Details = dict[str, Any]


def refuse(game: Game, code: str, **details: Any) -> IllegalActionError:
    """An IllegalActionError for ``code``, its message in English."""
    message = _render(code, details, game, "en", names=False)
    return IllegalActionError(message, reason=code, details=details)


def describe_refusal(error: IllegalActionError, game: Game, lang: str = "en") -> str:
    """The reason for a refusal in ``lang``, naming players and cards as the table does."""
    text = _render(error.reason, error.details, game, lang, names=True)
    return text[:1].upper() + text[1:]


def explain_illegal(game: Game, action: Action) -> IllegalActionError:
    """The error saying why ``action`` may not be applied to ``game`` now."""
    from .game import Phase

    phase = game.phase
    if phase is Phase.GAME_OVER:
        return refuse(game, "game_over")
    if phase is Phase.ROUND_OVER:
        return refuse(game, "round_over")
    if phase is Phase.PLAY:
        code, details = _play_reason(game, action) or ("illegal", {})
    else:
        code, details = _step_reason(game, action) or (f"expect_{phase.value}", {})
    return refuse(game, code, action=action.text, **details)


def not_your_turn(game: Game, seat: int) -> IllegalActionError:
    """The error for a seat acting when another one must decide."""
    to_move = game.to_move
    if to_move is None:
        return refuse(game, "nobody_to_move", seat=seat)
    return refuse(game, "not_your_turn", seat=seat, to_move=to_move)


def _step_reason(game: Game, action: Action) -> tuple[str, Details] | None:
    from .game import Phase

    if game.phase is Phase.CHANCELLOR and action.word == "keep" and action.cards:
        hand = sorted(game.hands[game.active])
        if sorted(action.cards) != hand:
            return "keep_cards", {"cards": hand}
    if game.phase is Phase.CARDINAL and action.word == "look" and action.seats:
        first, second = game.pending
        return "look_seats", {"first": first, "second": second}
    return None


def _play_reason(game: Game, action: Action) -> tuple[str, Details] | None:
    card = action.card
    if card is None:
        return "step_word", {"word": action.word}
    seat = game.active
    hand = game.hands[seat]
    if card not in game.rules.values:
        return "not_in_deck", {"card": card}
    if card not in hand:
        return "not_held", {"seat": seat, "card": card, "hand": list(hand)}
    if card != "countess" and "countess" in hand and card in game.rules.countess_forcers:
        return "countess", {"card": card}
    return _target_reason(game, action, seat)


def _target_reason(game: Game, action: Action, seat: int) -> tuple[str, Details] | None:
    card = action.word
    targeting = targeting_of(card)
    if targeting == "none":
        return None
    legal_here = [a for a in game.legal_actions() if a.word == card]
    for target in action.seats:
        if target >= game.n:
            return "no_seat", {"target": target}
        if game.out[target]:
            return "target_out", {"target": target}
        if target == seat and targeting in ("other", "baroness"):
            return "target_self", {"card": card}
        if target != seat and game.protected[target]:
            return "target_protected", {"target": target}
    chosen = game.sycophant
    if chosen is not None and action.seats and chosen not in action.seats:
        return "sycophant", {"card": card, "target": chosen}
    if not action.seats and any(a.seats for a in legal_here):
        return "must_choose", {"card": card}
    if action.seats and legal_here and not any(a.seats for a in legal_here):
        return "no_target", {"card": card}
    if card in ("guard", "bishop") and action.guess is not None:
        allowed = game.rules.guard_guesses if card == "guard" else game.rules.bishop_guesses
        if action.guess not in allowed:
            return "bad_guess", {"card": card, "allowed": list(allowed)}
    return None


def _render(code: str, details: Mapping[str, Any], game: Game, lang: str, *, names: bool) -> str:
    texts = _TEXTS[lang] if lang in _TEXTS else _TEXTS["en"]
    edition = game.rules.edition

    def card(card_id: str) -> str:
        return edition.card_phrase(card_id, lang)

    def seat(number: int) -> str:
        if names and 0 <= number < game.n:
            return game.players[number]
        return texts["seat"].format(number)

    fields: dict[str, object] = {
        f"the_{name}": card(name) for name in ("countess", "handmaid", "chancellor")
    }
    for key, value in details.items():
        if key in ("seat", "target", "to_move", "first", "second"):
            fields[key] = seat(value)
        elif key == "card":
            fields[key] = card(value)
        elif key in ("cards", "hand"):
            fields[key] = ", ".join(card(item) for item in value)
        elif key == "allowed":
            fields[key] = ", ".join(
                str(item) if isinstance(item, int) else card(item) for item in value
            )
        else:
            fields[key] = value
    return texts.get(code, texts["illegal"]).format(**fields)


_EN = {
    "seat": "seat {}",
    "illegal": "{action} is not a legal play here",
    "game_over": "the game is over",
    "round_over": "the round is over: deal the next round first",
    "round_in_play": "a round is still being played",
    "nobody_to_move": "nobody is to move now",
    "not_your_turn": "{seat} may not act now: {to_move} is to move",
    "expect_chancellor": "{action} is not a choice for {the_chancellor}: 'keep' then the card "
    "kept and the cards returned",
    "expect_cardinal": "{action} is not the Cardinal's look: 'look <seat>' or 'look none'",
    "expect_bishop": "{action} is not an answer to the Bishop: 'discard' or 'keep'",
    "keep_cards": "'keep' must name exactly the cards in hand: {cards} (R19)",
    "look_seats": "the Cardinal may only look at the hand of {first} or {second} (R32)",
    "step_word": "'{word}' answers a second step; now a card must be played",
    "not_in_deck": "there is no such card in this game: {card}",
    "not_held": "{seat} does not hold {card} (hand: {hand})",
    "countess": "{card} cannot be played beside {the_countess}, who must be played (R21)",
    "no_seat": "there is no seat {target} at this table",
    "target_out": "{target} is out of the round (R5)",
    "target_self": "{card} must choose another player",
    "target_protected": "{target} is protected by {the_handmaid} (R15)",
    "sycophant": "the Sycophant binds this card: {card} must choose {target} (R34)",
    "must_choose": "{card} must choose a player when one can be chosen (R3, R13)",
    "no_target": "nobody can be chosen: {card} is played alone, with no effect (R11)",
    "bad_guess": "{card} may name: {allowed} (R14, R38)",
}

_FR = {
    "seat": "le siège {}",
    "illegal": "{action} n'est pas un coup permis ici",
    "game_over": "la partie est terminée",
    "round_over": "la manche est terminée : distribuez d'abord la suivante",
    "round_in_play": "une manche est encore en cours",
    "nobody_to_move": "personne n'a la main pour l'instant",
    "not_your_turn": "{seat} ne peut pas agir maintenant : c'est à {to_move} de décider",
    "expect_chancellor": "{action} n'est pas un choix pour {the_chancellor} : « keep » puis la "
    "carte gardée et les cartes rendues",
    "expect_cardinal": "{action} n'est pas un regard du Cardinal : « look <siège> » ou "
    "« look none »",
    "expect_bishop": "{action} ne répond pas à l'Évêque : « discard » ou « keep »",
    "keep_cards": "« keep » doit nommer exactement les cartes en main : {cards} (R19)",
    "look_seats": "le Cardinal ne peut regarder que la main de {first} ou de {second} (R32)",
    "step_word": "« {word} » répond à une deuxième étape ; il faut maintenant jouer une carte",
    "not_in_deck": "cette carte n'est pas dans ce jeu : {card}",
    "not_held": "{seat} n'a pas {card} (main : {hand})",
    "countess": "impossible de jouer {card} avec {the_countess}, qui doit être jouée (R21)",
    "no_seat": "il n'y a pas de siège {target} à cette table",
    "target_out": "{target} a quitté la manche (R5)",
    "target_self": "{card} doit choisir un autre joueur",
    "target_protected": "{target} est protégé·e par {the_handmaid} (R15)",
    "sycophant": "le Flagorneur impose son choix : {card} doit choisir {target} (R34)",
    "must_choose": "{card} doit choisir un joueur quand c'est possible (R3, R13)",
    "no_target": "personne ne peut être choisi : {card} se joue seul, sans effet (R11)",
    "bad_guess": "{card} peut nommer : {allowed} (R14, R38)",
}

_TEXTS: Mapping[str, Mapping[str, str]] = {"en": _EN, "fr": _FR}
