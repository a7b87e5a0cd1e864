"""Refusals told in words: the reason for an illegal action in English or French.

The game finds why an action is refused (a stable reason code and its details, see
:class:`~loveletter.engine.IllegalActionError`); this module only tells it:
:func:`refusal` makes the error with its English message, and interfaces tell it in
the player's language with :func:`describe_refusal`. A reason cites its ruling as
``R<n>``, a number of docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .cards import Edition
from .errors import IllegalActionError
from .options import Rules


class Table(Protocol):
    """What telling a refusal needs of a game: its rules and its players' names."""

    @property
    def rules(self) -> Rules: ...

    @property
    def players(self) -> Sequence[str]: ...


def refusal(edition: Edition, code: str, **details: Any) -> IllegalActionError:
    """An IllegalActionError for the reason ``code``, its message in English."""
    message = _render(code, details, edition, None, "en")
    return IllegalActionError(message, reason=code, details=details)


def describe_refusal(error: IllegalActionError, game: Table, lang: str = "en") -> str:
    """The reason for a refusal in ``lang``, naming players and cards as the table does."""
    text = _render(error.reason, error.details, game.rules.edition, game.players, lang)
    return text[:1].upper() + text[1:]


def _render(
    code: str,
    details: Mapping[str, Any],
    edition: Edition,
    players: Sequence[str] | None,
    lang: str,
) -> str:
    """The text of a reason; seats are named by ``players``, or by number if None."""
    texts = _TEXTS[lang] if lang in _TEXTS else _TEXTS["en"]

    def card(card_id: str) -> str:
        return edition.card_phrase(card_id, lang)

    def seat(number: int) -> str:
        if players is not None and 0 <= number < len(players):
            return players[number]
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
