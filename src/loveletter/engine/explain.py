"""Refusals told in words: why an action is illegal, or why a text is not one, in
English or French.

The game finds why an action is refused (a stable reason code and its details, see
:class:`~loveletter.engine.IllegalActionError`), and the parser why a text is not
notation (:class:`~loveletter.engine.NotationError`); this module only tells them.
:func:`refusal` and :func:`notation_error` make the errors with their English
message, which cites the ruling of docs/rules.md (``R<n>``) for developers and
records; interfaces tell players the reason in their language, without ruling
numbers, with :func:`describe_refusal` and :func:`describe_notation_error`.
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .cards import Edition
from .errors import IllegalActionError, NotationError, RecordError
from .grammar import Person, capitalize, contract, typeset, typeset_all
from .options import Rules


class GameLike(Protocol):
    """What telling a refusal needs of a game: its rules and its players' names."""

    @property
    def rules(self) -> Rules: ...

    @property
    def players(self) -> Sequence[str]: ...


def refusal(edition: Edition, code: str, **details: Any) -> IllegalActionError:
    """An IllegalActionError for the reason ``code``, its message in English."""
    message = _render(code, details, edition, None, "en")
    if code in _RULINGS:
        message += f" ({_RULINGS[code]})"
    return IllegalActionError(message, reason=code, details=details)


def describe_refusal(
    error: IllegalActionError,
    game: GameLike,
    lang: str = "en",
    *,
    viewer: int | None = None,
    sentence: bool = True,
) -> str:
    """The reason for a refusal in ``lang``, naming players and cards as the table does.

    ``viewer``, the seat it is told to, is "you" ("you do not hold the Prince"), not
    a name. ``sentence=False`` leaves the first letter as it is, for a reason that
    follows a colon ("Not allowed: there is no seat 7")."""
    text = _render(error.reason, error.details, game.rules.edition, game.players, lang, viewer)
    return capitalize(text) if sentence else text


def describe_record_error(error: RecordError, lang: str = "en") -> str:
    """Why a record does not replay, in ``lang``: where (round, action), then why. A
    refused action is told as players are told it; the record's shape in French too."""
    if lang != "fr":
        return str(error)
    where = []
    if error.round is not None:
        where.append(f"manche {error.round}")
    if error.action is not None:
        where.append(f"action {error.action}")
    cause, text, game = error.cause, error.text, error.game
    if isinstance(cause, IllegalActionError) and game is not None:
        told = f"« {text} » : " + describe_refusal(cause, game, lang, sentence=False)
        reason = typeset(told, "fr")
    elif isinstance(cause, NotationError):
        seats = game.seat_count if game is not None else None
        told = f"« {text} » : " + describe_notation_error(cause, lang, seats, sentence=False)
        reason = typeset(told, "fr")
    elif text is not None and error.reason.endswith("comes after the end of the round"):
        reason = typeset(f"« {text} » vient après la fin de la manche", "fr")
    else:
        reason = _record_fr(error.reason)  # typeset, the values it quotes left alone
    return typeset(", ".join(where) + " : ", "fr") + reason if where else reason


#: The record's shape, in French (the English texts are the RecordError messages).
_RECORD_FR = {
    "a record is a JSON object": "un enregistrement est un objet JSON",
    "'edition' must be an edition id": "« edition » doit être l'identifiant d'une édition",
    "'rounds' must be a list": "« rounds » doit être une liste",
    "'options' must be an object": "« options » doit être un objet",
    "a round must be an object": "une manche doit être un objet",
    "'deck' must be a list of card ids": "« deck » doit être une liste d'identifiants de cartes",
    "'first' must be a seat number": "« first » doit être un numéro de siège",
    "'actions' must be a list of actions in notation": "« actions » doit être une liste "
    "d'actions en notation",
    "the game was already over": "la partie était déjà terminée",
    "the previous round is not finished": "la manche précédente n'est pas terminée",
    "'result' must have exactly 'rounds', 'tokens' and 'winners'": "« result » doit avoir "
    "exactement « rounds », « tokens » et « winners »",
    "'result.rounds' must be a list": "« result.rounds » doit être une liste",
}


#: Record messages with parts of the record in them: English pattern, French text.
_RECORD_FR_PATTERNS = [
    (
        r"seat (\d+) may not start round 1: the table's first_player option chose seat "
        r"(\d+) \(R2\)",
        "le siège {0} ne peut pas commencer la manche 1 : l'option first_player de la table "
        "a choisi le siège {1} (R2)",
    ),
    (
        r"seat (\S+) may not start this round; allowed: \[(.*)\] \(R2\)",
        "le siège {0} ne peut pas commencer cette manche ; permis : {1} (R2)",
    ),
    (
        r"the deck is not the (\S+) deck for (\d+) players",
        "ce paquet n'est pas celui de l'édition {0} à {1} joueurs",
    ),
    (
        r"the result says (\S+) (.+), replay gives (.+)",
        "le résultat indique {0} {1}, le rejeu donne {2}",
    ),
    (
        r"the result lists (\d+) finished rounds?, replay finishes (\d+)",
        "manches terminées selon le résultat : {0} ; selon le rejeu : {1}",
    ),
    (r"unknown field: (.+)", "champ inconnu : {0}"),
    (r"unknown fields: (.+)", "champs inconnus : {0}"),
    (r"unknown option: (.+)", "option inconnue : {0}"),
    (r"unknown options: (.+)", "options inconnues : {0}"),
    (r"option (\w+) must be a whole number or null", "l'option {0} doit être un entier ou null"),
    (r"option (\w+) must be true or false", "l'option {0} doit valoir true ou false"),
    (r"option (\w+) must be a seat 0-(\d+)", "l'option {0} doit être un siège de 0 à {1}"),
    (
        r"option tie_rule must be 'all-win' or 'nobody'",
        "l'option tie_rule doit valoir « all-win » ou « nobody »",
    ),
    (
        r"option tokens_to_win must be between 1 and 99",
        "l'option tokens_to_win doit être entre 1 et 99",
    ),
    (r"options must be an object", "les options doivent être un objet"),
    (
        r"'edition' must be an edition id exactly: ('.*') is not ('.*')",
        "« edition » doit être exactement l'identifiant d'une édition : {0} n'est pas {1}",
    ),
    (
        r"unknown edition '(.+)'; known editions: (.+)",
        "édition inconnue « {0} » ; éditions connues : {1}",
    ),
    (
        r"the (\S+) edition is for (\d+)-(\d+) players, not (\d+)",
        "l'édition {0} se joue de {1} à {2} joueurs, pas {3}",
    ),
    (
        r"player names must be different and not empty: (.+)",
        "les noms des joueurs doivent être différents et non vides : {0}",
    ),
    (r"'format' must be '(.+)'", "« format » doit être « {0} »"),
    (
        r"'players' must be a list of names of 1-(\d+) characters",
        "« players » doit être une liste de noms de 1 à {0} caractères",
    ),
    (r"more than (\d+) bytes", "plus de {0} octets"),
    (r"not UTF-8 text: (.+)", "ce n'est pas du texte UTF-8 : {0}"),
    (
        r"arrays and objects nested deeper than (\d+)",
        "des tableaux et objets imbriqués sur plus de {0} niveaux",
    ),
    (
        r"not valid JSON: (.+): line (\d+) column (\d+) \(char \d+\)",
        "ce n'est pas du JSON valide : {0} (ligne {1}, colonne {2})",
    ),
    (r"(\S+) is not a JSON number", "{0} n'est pas un nombre JSON"),
    (r"the integer (\S+) is out of range \(±(\d+)\)", "l'entier {0} est hors limites (±{1})"),
    (
        r"the integer (\S+) \((\d+) digits\) is out of range \(±(\d+)\)",
        "l'entier {0} ({1} chiffres) est hors limites (±{2})",
    ),
    (r"the number (\S+) is out of range", "le nombre {0} est hors limites"),
    (
        r"a string holds a lone surrogate \(like \\ud800\): not valid Unicode text",
        "une chaîne contient un demi-caractère isolé (comme \\ud800) : ce n'est pas du "
        "texte Unicode valide",
    ),
    (r"cannot read (.+): (.+)", "impossible de lire {0} : {1}"),
    (
        r"'meta\.(\w+)\.bots' must list bot levels or null",
        "« meta.{0}.bots » doit lister des niveaux de robot ou null",
    ),
    (r"unknown bot '(.+)'; known bots: (.+)", "robot inconnu « {0} » ; robots connus : {1}"),
    (
        r"(.+) was trained for (\S+) with (\d+) players, not (\S+) with (\d+)",
        "{0} a été entraîné pour {1} à {2} joueurs, pas pour {3} à {4}",
    ),
]
#: Words a record's message quotes from Python (its JSON parser, its codecs, the
#: system), in French.
_QUOTED_FR = typeset_all(
    {
        "Expecting value": "une valeur manque",
        "Expecting property name enclosed in double quotes": "un nom de champ entre guillemets "
        "doubles manque",
        "Expecting ':' delimiter": "un « : » manque",
        "Expecting ',' delimiter": "une « , » manque",
        "Extra data": "des données suivent la fin du JSON",
        "Unterminated string starting at": "une chaîne commencée ici n'est pas fermée",
        "Invalid control character at": "un caractère de contrôle est interdit ici",
        "Invalid \\escape": "un échappement « \\ » est invalide",
        "Invalid \\uXXXX escape": "un échappement « \\uXXXX » est invalide",
        "invalid continuation byte": "octet de continuation invalide",
        "invalid start byte": "octet de début invalide",
        "unexpected end of data": "fin de données inattendue",
        os.strerror(errno.ENOENT): "ce fichier ou dossier n'existe pas",
        os.strerror(errno.EACCES): "permission refusée",
        os.strerror(errno.EISDIR): "c'est un dossier",
    },
    "fr",
)


def _record_fr(reason: str) -> str:
    """A record's English message in French, typeset (the values it quotes as they
    are), when it is one this module knows; else as it is."""
    if reason in _RECORD_FR:
        return typeset(_RECORD_FR[reason], "fr")
    for pattern, french in _RECORD_FR_PATTERNS:
        match = re.fullmatch(pattern, reason, re.DOTALL)
        if match:
            groups = (_QUOTED_FR.get(group, group) for group in match.groups())
            return typeset(french, "fr").format(*groups)
    return reason


def notation_error(code: str, **details: Any) -> NotationError:
    """A NotationError for the reason ``code``, its message in English. A seat out of
    range (``seat_range``) with ``seats``, the table's number of seats, is told with
    the table's real range."""
    return NotationError(_notation_text(code, details, "en"), reason=code, details=details)


def describe_notation_error(
    error: NotationError, lang: str = "en", seats: int | None = None, *, sentence: bool = True
) -> str:
    """Why a text is not an action, in ``lang``; ``seats``, the table's number of seats,
    makes a seat out of range name the table's real range. ``sentence=False`` leaves
    the first letter as it is, for a reason that follows a colon."""
    details = error.details
    if seats is not None:
        details = {**details, "seats": seats}
    text = _notation_text(error.reason, details, lang)
    return capitalize(text) if sentence else text


def _notation_text(code: str, details: Mapping[str, Any], lang: str) -> str:
    if code == "seat_range" and "seats" in details:  # a table's own range
        no_seat = _TEXTS.get(lang, _TEXTS["en"])["no_seat"]
        return no_seat.format(target_number=details["seat"], last=details["seats"] - 1)
    texts = _NOTATION.get(lang, _NOTATION["en"])
    return texts.get(code, texts["notation"]).format(**details)


def _render(
    code: str,
    details: Mapping[str, Any],
    edition: Edition,
    players: Sequence[str] | None,
    lang: str,
    viewer: int | None = None,
) -> str:
    """The text of a reason; seats are named by ``players``, or by number if None, and
    the ``viewer``'s seat is "you"."""
    texts = _TEXTS[lang] if lang in _TEXTS else _TEXTS["en"]
    lang = lang if lang in _TEXTS else "en"

    def card(card_id: str) -> str:
        return edition.card_phrase(card_id, lang)

    def seat(number: int) -> Person:
        if players is not None and 0 <= number < len(players):
            name = players[number]
        else:
            name = texts["seat"].format(number)
        return Person(name, lang, reader=number == viewer)

    fields: dict[str, object] = {
        f"the_{name}": card(name) for name in ("countess", "handmaid", "chancellor")
    }
    fields["of_the_handmaid"] = contract("de", card("handmaid"), lang)
    for key, value in details.items():
        if key in ("seat", "target", "to_move", "first", "second"):
            person = fields[key] = seat(value)
            fields[f"{key}_number"] = value
            if lang == "fr":  # "choisir Ana", "vous choisir"
                fields[f"choose_{key}"] = "vous choisir" if person.reader else f"choisir {person}"
            else:
                fields[f"choose_{key}"] = f"choose {person}"
        elif key == "seats":
            fields["last"] = value - 1
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


#: The rulings of docs/rules.md behind refusals, cited in the English messages only.
_RULINGS = {
    "keep_cards": "R19",
    "look_seats": "R32",
    "countess": "R21",
    "target_out": "R5",
    "target_protected": "R15",
    "sycophant": "R34",
    "must_choose": "R3, R13",
    "no_target": "R11",
    "bad_guess": "R14, R38",
}

_EN = {
    "seat": "seat {}",
    "illegal": "{action} is not a legal play here",
    "game_over": "the game is over",
    "round_over": "the round is over: deal the next round first",
    "round_in_play": "a round is still being played",
    "nobody_to_move": "nobody is to move now",
    "not_your_turn": "{seat} may not act now: {to_move} {to_move[is]} to move",
    "expect_chancellor": "{action} is not a choice for {the_chancellor}: 'keep' then the card "
    "kept and the cards returned",
    "expect_cardinal": "{action} is not the Cardinal's look: 'look <seat>' or 'look none'",
    "expect_bishop": "{action} is not an answer to the Bishop: 'discard' or 'keep'",
    "keep_cards": "'keep' must name exactly the cards in hand: {cards}",
    "look_seats": "the Cardinal may only look at {first:hand} or {second:other_hand}",
    "step_word": "'{word}' answers a second step; now a card must be played",
    "not_in_deck": "there is no such card in this game: {card}",
    "not_held": "{seat} {seat[does]} not hold {card} (hand: {hand})",
    "countess": "{card} cannot be played beside {the_countess}, who must be played",
    "no_seat": "there is no seat {target_number} at this table: its seats are 0 to {last}",
    "target_out": "{target} {target[is]} out of the round",
    "target_self": "{card} must choose another player",
    "target_protected": "{target} {target[is]} protected by {the_handmaid}",
    "sycophant": "the Sycophant binds this card: {card} must {choose_target}",
    "must_choose": "{card} must choose a player when one can be chosen",
    "no_target": "nobody can be chosen: {card} is played alone, with no effect",
    "bad_guess": "{card} may name: {allowed}",
}

_FR = {
    "seat": "le siège {}",
    "illegal": "{action} n'est pas un coup permis ici",
    "game_over": "la partie est terminée",
    "round_over": "la manche est terminée : distribuez d'abord la suivante",
    "round_in_play": "une manche est encore en cours",
    "nobody_to_move": "personne n'a la main pour l'instant",
    "not_your_turn": "{seat} ne {seat[peut]} pas agir maintenant : c'est à {to_move} de décider",
    "expect_chancellor": "{action} n'est pas un choix pour {the_chancellor} : « keep » puis la "
    "carte gardée et les cartes rendues",
    "expect_cardinal": "{action} n'est pas un regard du Cardinal : « look <siège> » ou "
    "« look none »",
    "expect_bishop": "{action} ne répond pas à l'Évêque : « discard » ou « keep »",
    "keep_cards": "« keep » doit nommer exactement les cartes en main : {cards}",
    "look_seats": "le Cardinal ne peut regarder que {first:hand} ou {second:other_hand}",
    "step_word": "« {word} » répond à une deuxième étape ; il faut maintenant jouer une carte",
    "not_in_deck": "cette carte n'est pas dans ce jeu : {card}",
    "not_held": "{seat} n'{seat[a]} pas {card} (main : {hand})",
    "countess": "impossible de jouer {card} avec {the_countess}, qui doit être jouée",
    "no_seat": "il n'y a pas de siège {target_number} à cette table : ses sièges vont de 0 "
    "à {last}",
    "target_out": "{target} {target[a]} quitté la manche",
    "target_self": "{card} doit choisir un autre joueur",
    "target_protected": "{target} {target[est]} sous la protection {of_the_handmaid}",
    "sycophant": "le Flagorneur impose son choix : {card} doit {choose_target}",
    "must_choose": "{card} doit choisir un joueur quand c'est possible",
    "no_target": "personne ne peut être choisi : {card} se joue seul, sans effet",
    "bad_guess": "{card} peut nommer : {allowed}",
}

_TEXTS: Mapping[str, Mapping[str, str]] = {"en": _EN, "fr": typeset_all(_FR, "fr")}

# Why a text is not an action. The English texts are the NotationError messages.
_NOTATION_EN = {
    "notation": "not an action in the notation",
    "not_text": "an action is a text, not {type}",
    "too_long": "an action is at most {limit} characters",
    "empty": "empty action",
    "not_seat": "{text!r} is not a seat number",
    "seat_range": "seat {seat!r} is not a seat number 0-{last}",
    "seat_twice": "{word!r} names the same seat twice",
    "keep_ids": "'keep' takes card ids only",
    "keep_count": "'keep' names the kept card then the 1 or 2 returned cards",
    "unknown_card": "unknown card {card!r}",
    "card_list": "{word!r} takes no card list",
    "look_args": "'look' takes one seat or 'none'",
    "discard_args": "'discard' takes no arguments",
    "unknown_word": "unknown card or step {word!r}",
    "step_apart": "'{extra}' is an action of its own, which comes after '{word}'",
    "takes_nothing": "'{word}' takes nothing after it: '{extra}' is one word too many",
    "seat_and_guess": "'{word}' takes a seat and a guess, or nothing",
    "names_number": "'{word}' names a number",
    "value_range": "{guess} is not a card value 0-{last}",
    "names_nothing": "'{word}' names no card",
    "chooses_nobody": "'{word}' chooses no player",
    "chooses_one": "'{word}' chooses one player",
    "chooses_one_or_two": "'{word}' chooses one or two players",
    "chooses_two": "'{word}' chooses exactly two players",
}

_NOTATION_FR = {
    "notation": "ce n'est pas une action de la notation",
    "not_text": "une action est un texte, pas {type}",
    "too_long": "une action fait au plus {limit} caractères",
    "empty": "action vide",
    "not_seat": "« {text} » n'est pas un numéro de siège",
    "seat_range": "« {seat} » n'est pas un numéro de siège de 0 à {last}",
    "seat_twice": "« {word} » nomme deux fois le même siège",
    "keep_ids": "« keep » ne prend que des cartes",
    "keep_count": "« keep » nomme la carte gardée puis la ou les deux cartes rendues",
    "unknown_card": "carte inconnue : « {card} »",
    "card_list": "« {word} » ne prend pas de liste de cartes",
    "look_args": "« look » prend un siège ou « none »",
    "discard_args": "« discard » ne prend rien d'autre",
    "unknown_word": "« {word} » n'est ni une carte ni une étape",
    "step_apart": "« {extra} » est une action à part, qui vient après « {word} »",
    "takes_nothing": "rien ne doit suivre « {word} » : « {extra} » est de trop",
    "seat_and_guess": "« {word} » prend un siège et une carte ou un nombre, ou rien",
    "names_number": "« {word} » nomme un nombre",
    "value_range": "{guess} n'est pas une valeur de carte de 0 à {last}",
    "names_nothing": "« {word} » ne nomme pas de carte",
    "chooses_nobody": "« {word} » ne choisit aucun joueur",
    "chooses_one": "« {word} » choisit un joueur",
    "chooses_one_or_two": "« {word} » choisit un ou deux joueurs",
    "chooses_two": "« {word} » choisit exactement deux joueurs",
}

_NOTATION: Mapping[str, Mapping[str, str]] = {
    "en": _NOTATION_EN,
    "fr": typeset_all(_NOTATION_FR, "fr"),
}
