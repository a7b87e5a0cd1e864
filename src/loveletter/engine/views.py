"""Per-seat views: everything one seat may know (R50-R52), as plain JSON data.

A view is built only from public state, the seat's own hand and the events as that
seat may see them (:func:`loveletter.engine.events.event_dict`), so it cannot hold a
card the seat may not know. The layout is documented in ``docs/views.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from functools import cache
from typing import Any, TypeGuard, cast

from .actions import Action
from .events import event_dict
from .game import Game, register_view_builder
from .options import Options
from .schema import EventDict, Jester, LearnedEvent, Pending, RoundReview, TableOptions, View
from .types import Phase, RoundResult

VIEW_FORMAT = "loveletter-view/1"

#: Events holding something a seat learned privately, listed under "learned".
_LEARNING = frozenset({"look", "compare", "trade", "chancellor_draw", "chancellor_return"})
#: What one seat knows of the others' hands: seat -> card.
Known = dict[int, str]


def build_view(
    game: Game,
    seat: int | None,
    *,
    events_from: int = 0,
    results_from: int = 0,
    learned_from: int = 0,
    known: dict[str, str] | None = None,
    seen: Sequence[EventDict] | None = None,
) -> View:
    """The view of ``seat`` (None: a spectator). Raises ValueError on a bad seat.

    With ``events_from`` ("results_from", "learned_from"), "events" ("results",
    "learned") holds the round's events (the game's finished rounds, what the round's
    events showed the seat) from that index on only, for a caller that keeps the
    earlier ones: a server that sends views as text. ``known`` is the seat's
    "known_hands", ``seen`` the round's events as it saw them, when the caller
    follows them (:class:`KnownHands`, :class:`SeenEvents`).
    """
    if seat is not None and (type(seat) is not int or not 0 <= seat < game.seat_count):
        raise ValueError(f"no seat {seat!r} at this table of {game.seat_count}")
    rules = game.rules
    events = events_seen(game, seat) if seen is None else seen
    to_move = game.to_move
    in_round = game.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER)
    hand = list(game.hands[seat]) if seat is not None else None
    view: View = {
        "format": VIEW_FORMAT,
        "edition": rules.edition.id,
        "players": list(game.players),
        "seat": seat,
        "options": _options_json(rules.options),
        "tokens_to_win": rules.tokens_to_win,
        "guard_names_value": rules.guard_names_value,
        "values": dict(rules.values),
        "round": game.round,
        "turn": game.turn,
        "phase": game.phase.value,
        "active": game.active if in_round else None,
        "to_move": to_move,
        "tokens": list(game.tokens),
        "deck_count": len(game.deck),
        "set_aside_taken": game.set_aside is None,
        "face_up": list(game.face_up),
        "seats": [
            {
                "seat": other,
                "name": game.players[other],
                "discards": list(game.discards[other]),
                "out": game.out[other],
                "protected": game.protected[other],
                "tokens": game.tokens[other],
                "hand_count": len(game.hands[other]),
            }
            for other in range(game.seat_count)
        ],
        "jester": _jester(game),
        "sycophant": game.sycophant,
        "pending": _pending(game),
        "hand": hand,
        "legal_actions": (
            [action.text for action in game.legal_actions()]
            if seat is not None and seat == to_move
            else []
        ),
        "unseen": _unseen(game, hand),
        "known_hands": _known(game, seat, known),
        "learned": [
            event.copy()
            for event in events[learned_from:]
            if event["type"] in _LEARNING and _learned(event)
        ],  # the first test spares most events the call
        "events": [event.copy() for event in events[events_from:]],  # the caller's own
        "results": [_result(result) for result in game.results[results_from:]],
        "winners": list(game.winners),
    }
    return view


def events_seen(game: Game, seat: int | None) -> Sequence[EventDict]:
    """The round's events as ``seat`` (None: a spectator) saw them, redacted once and
    kept with the game for each viewer: read them, copy what you would change."""
    log = game.log
    if game.seen_log is not log:  # another round, or the game's log was replaced
        game.seen_events, game.seen_log = {}, log
    events = game.seen_events.get(seat)
    if events is None:
        events = game.seen_events[seat] = []
    if len(events) < len(log):
        events.extend(event_dict(event, seat) for event in log[len(events) :])
    return events


class SeenEvents:
    """The round's events as one viewer saw them, brought up to date with the new
    events of the round's log at each call: :func:`events_seen` for a caller that
    follows a game's states (a server) and keeps them itself, so that the game's
    copies need not carry them."""

    __slots__ = ("events", "first", "last", "viewer")

    def __init__(self, viewer: int | None) -> None:
        self.viewer = viewer
        self.events: list[EventDict] = []
        self.first: object = None
        self.last: object = None

    def follow(self, log: Sequence[tuple[Any, ...]]) -> Sequence[EventDict]:
        """``events_seen(game, viewer)`` for the game whose round's log is ``log``: the
        events already read are the same objects (copies of a game share them),
        otherwise the log is read again from its start. Read them, copy what you
        would change."""
        count = len(self.events)
        if count and (
            len(log) < count or log[0] is not self.first or log[count - 1] is not self.last
        ):
            self.events, count = [], 0
        viewer = self.viewer
        self.events.extend(event_dict(event, viewer) for event in log[count:])
        if log:
            self.first, self.last = log[0], log[-1]
        return self.events


def known_hands(game: Game, seat: int) -> dict[str, str]:
    """Other seats' cards ``seat`` knows for certain now: ``build_view(game,
    seat)["known_hands"]``, read from the log (the events it saw) without building the
    view.

    Keys are seat numbers as text (JSON object keys).
    """
    known: Known = {}
    learners = KNOWING_HANDLERS
    for event in game.log:
        learner = learners.get(event[0])
        if learner is not None:
            learner(known, seat, event)
    known.pop(seat, None)
    return {str(other): card for other, card in sorted(known.items())}


def _known(game: Game, seat: int | None, known: dict[str, str] | None) -> dict[str, str]:
    if seat is None:
        return {}
    return known_hands(game, seat) if known is None else known


class KnownHands:
    """What one seat knows of the others' hands, brought up to date with the new
    events of the round's log at each call: :func:`known_hands` without reading the
    whole log again (a server following a table's states)."""

    __slots__ = ("count", "first", "known", "last", "seat")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.count = 0
        self.first: object = None
        self.last: object = None
        self.known: Known = {}

    def follow(self, log: Sequence[tuple[Any, ...]]) -> dict[str, str]:
        """``known_hands(game, seat)`` for the game whose round's log is ``log``: the
        events already read are the same objects (copies of a game share them),
        otherwise the log is read again from its start."""
        count = self.count
        if count and (
            len(log) < count or log[0] is not self.first or log[count - 1] is not self.last
        ):
            self.count = count = 0
            self.known = {}
        learners = KNOWING_HANDLERS
        for event in log[count:]:
            learner = learners.get(event[0])
            if learner is not None:
                learner(self.known, self.seat, event)
        if log:
            self.count, self.first, self.last = len(log), log[0], log[-1]
        seat = self.seat
        return {str(other): card for other, card in sorted(self.known.items()) if other != seat}


# What each log tuple (in the order of events.FIELDS) changes in what ``seat`` knows.


def _play(known: Known, seat: int, event: tuple[str, int, Action]) -> None:
    _, player, action = event
    if known.get(player) == action.word:
        del known[player]  # it may have been the known card


def _look(known: Known, seat: int, event: tuple[str, int, int, str]) -> None:
    _, seer, target, card = event
    if seer == seat:
        known[target] = card


def _compare(known: Known, seat: int, event: tuple[str, int, int, str, str, int | None]) -> None:
    _, player, target, player_card, target_card, _ = event
    if player == seat:
        known[target] = target_card
    elif target == seat:
        known[player] = player_card


def _trade(known: Known, seat: int, event: tuple[str, int, int, int, str, str]) -> None:
    _, _, first, second, first_card, second_card = event
    if seat == first:
        known[second] = first_card
    elif seat == second:
        known[first] = second_card
    else:  # what was known follows the cards
        given, received = known.pop(first, None), known.pop(second, None)
        if given is not None:
            known[second] = given
        if received is not None:
            known[first] = received


def _discard(known: Known, seat: int, event: tuple[str, int, str, str]) -> None:
    _, player, _, _ = event
    known.pop(player, None)


def _gone(known: Known, seat: int, event: tuple[str, int, tuple[str, ...]]) -> None:
    """A seat out, or that put cards under the deck with a Chancellor."""
    _, player, _ = event
    known.pop(player, None)


#: The handler of each log tuple that shows a seat a hand or changes a hand shown
#: (``Any``: each takes its own tuple shape).
KNOWING_HANDLERS: Mapping[str, Callable[[Known, int, Any], None]] = {
    "play": _play,
    "look": _look,
    "compare": _compare,
    "trade": _trade,
    "discard": _discard,
    "out": _gone,
    "chancellor_return": _gone,
}
#: Events that neither show a hand to one seat nor change a hand shown: a replacement
#: draw follows a discard, a Chancellor's draw its return; a showdown ends the round.
KNOWING_IGNORED = frozenset(
    {
        "round",
        "deal",
        "turn",
        "guard",
        "assassin",
        "draw",
        "chancellor_draw",
        "bishop",
        "reply",
        "token",
        "showdown",
        "round_end",
        "game_end",
    }
)

_OPTIONS_JSON: dict[Options, TableOptions] = {}


def _options_json(options: Options) -> TableOptions:
    cached = _OPTIONS_JSON.get(options)
    if cached is None:
        cached = _OPTIONS_JSON[options] = cast("TableOptions", asdict(options))
    return cached.copy()


def _jester(game: Game) -> Jester | None:
    if game.jester is None:
        return None
    owner, holder = game.jester
    return {"owner": owner, "holder": holder}


def _pending(game: Game) -> Pending | None:
    if game.phase is Phase.CARDINAL:
        return {"step": "cardinal", "seats": list(game.step_seats)}
    if game.phase is Phase.BISHOP:
        target = game.step_seats[0]
        value = game.rules.values[game.hands[target][0]]  # the value named: a hit (R38)
        return {"step": "bishop", "seat": target, "bishop": game.active, "value": value}
    if game.phase is Phase.CHANCELLOR:
        return {"step": "chancellor", "seat": game.active}
    return None


def _unseen(game: Game, hand: list[str] | None) -> dict[str, int]:
    """Cards of the deck this seat has not seen face up: not in discards, face-up
    cards or its own hand (private knowledge aside)."""
    counts = _deck_counts(game.rules.deck, tuple(game.rules.values)).copy()
    for pile in (game.face_up, *game.discards, hand or ()):
        for card in pile:
            counts[card] -= 1
    return counts


@cache
def _deck_counts(deck: tuple[str, ...], cards: tuple[str, ...]) -> dict[str, int]:
    """How many of each card a deck holds, every card of the edition listed."""
    return {card: deck.count(card) for card in cards}


def _learned(event: EventDict) -> TypeGuard[LearnedEvent]:
    """Whether an event, already redacted, showed this viewer a card privately."""
    return event["type"] in _LEARNING and any(
        event.get(name) is not None
        for name in ("card", "cards", "seat_card", "target_card", "first_card")
    )


def _result(result: RoundResult) -> RoundReview:
    return {
        "round": result.number,
        "ending": result.ending,
        "winners": list(result.winners),
        "tokens": list(result.tokens),
        "bonuses": [{"seat": seat, "reason": reason} for seat, reason in result.bonuses],
        "hands": [list(hand) for hand in result.hands],  # R52: the review shows them
        "set_aside": result.set_aside,
    }


register_view_builder(build_view)  # Game.view(seat) is build_view(game, seat)
