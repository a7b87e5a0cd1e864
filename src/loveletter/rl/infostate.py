"""A fixed-size vector of one seat's history in the round or the game (perfect recall).

:class:`ObservationEncoder` summarises a view; this encoder keeps everything the
seat has seen in the current round, in order: every event of the round as the
engine redacts it for that seat (docs/rules.md R50-R52), one slot per event, so the
plays, targets, guesses, outcomes and what the seat saw privately are all there.
With ``n`` seats and ``k`` card ids, the vector is:

- a header: the viewer's seat (n, one-hot), its hand (k, counts), each seat's tokens
  (n), the round number (1);
- ``slots`` event slots of ``width`` values each, in the order the events happened,
  unused slots all zeros. A slot is the event's type (one-hot over
  :data:`~loveletter.engine.events.FIELDS`) followed by its fields, each one-hot
  (a seat, a card, a guess), a set (targets, winners), a flag, or cards in order; a
  card the viewer may not see is all zeros, as in the redacted event.

With ``rounds`` above 1 the slots are repeated for every round (round 1 first, up to
``rounds``), so the vector is the seat's whole history, as OpenSpiel's game uses it;
with ``rounds=1`` (the envs') earlier rounds are summed up by the tokens. Two
positions give the same vector exactly when the seat's redacted events of the rounds
encoded, its hand, the tokens and the round number are the same (a test checks it
against OpenSpiel's information-state string, in games of one and several rounds).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from loveletter.engine import Edition, Game, Rules, get_edition
from loveletter.engine.events import FIELDS, PRIVATE, may_see

from .observations import Vector

EVENT_TYPES = tuple(FIELDS)
CAUSES = ("prince", "bishop", "assassin")
REASONS = ("round", "spy", "twins", "jester", "bishop", "constable")
ENDINGS = ("last_standing", "showdown", "game_won")
#: Bounds of the tokens and the round number in the vector (a game to 99 tokens
#: could pass them; the vector then says "this many or more").
MAX_TOKENS = 102
MAX_ROUND = 999
#: The most cards one event lists (face-up cards, a hand revealed, a Chancellor's).
MAX_LISTED = 3
_SEAT_FIELDS = frozenset({"seat", "first", "target", "second", "loser", "guard"})
_CARD_FIELDS = frozenset({"card", "seat_card", "target_card", "first_card", "second_card"})
_FLAG_FIELDS = frozenset({"hit", "set_aside", "discard"})
_WORDS = {"cause": CAUSES, "reason": REASONS, "ending": ENDINGS}

#: Writes one field's value into ``out`` from ``offset``.
Writer = Callable[[Vector, int, Any], None]


@dataclass(frozen=True, eq=False)
class InfoStateEncoder:
    """Encodes one seat's history (its round, or its rounds) at one table; see :meth:`for_table`."""

    edition: str
    players: int
    cards: tuple[str, ...]
    guesses: tuple[str | int, ...]
    slots: int
    rounds: int = 1
    header: int = field(init=False)
    width: int = field(init=False)
    layouts: dict[str, list[tuple[int, int, Writer]]] = field(init=False, repr=False)

    @staticmethod
    def for_table(edition: str | Edition, players: int, rounds: int = 1) -> InfoStateEncoder:
        """The encoder of ``edition`` with ``players`` seats (cached): of the current
        round (``rounds=1``), or of every round of games of at most ``rounds`` rounds."""
        return _encoder(get_edition(edition).id, players, rounds)

    def __post_init__(self) -> None:
        n, k = self.players, len(self.cards)
        card_index = {card: i for i, card in enumerate(self.cards)}
        guess_index = {guess: i for i, guess in enumerate(self.guesses)}

        def one_hot(index: dict[Any, int]) -> Writer:
            def write(out: Vector, offset: int, value: Any) -> None:
                if value is not None:
                    out[offset + index[value]] = 1.0

            return write

        def word(index: dict[str, int]) -> Writer:
            def write(out: Vector, offset: int, value: str) -> None:
                at = index.get(value)  # a registered card's own cause or reason: no slot
                if at is not None:
                    out[offset + at] = 1.0

            return write

        def many(out: Vector, offset: int, seats: Sequence[int]) -> None:
            for seat in seats:
                out[offset + seat] = 1.0

        def flag(out: Vector, offset: int, value: bool) -> None:
            out[offset] = float(value)

        def listed(out: Vector, offset: int, cards: Sequence[str] | None) -> None:
            if cards is None:
                return
            if len(cards) > MAX_LISTED:
                raise ValueError(f"an event lists {len(cards)} cards, more than {MAX_LISTED}")
            for position, card in enumerate(cards):
                out[offset + position * k + card_index[card]] = 1.0

        def shown(out: Vector, offset: int, hands: Sequence[tuple[int, str]]) -> None:
            for seat, card in hands:
                out[offset + seat * k + card_index[card]] = 1.0

        seat = one_hot({s: s for s in range(n)})
        card = one_hot(card_index)
        guess = one_hot(guess_index)

        def play(out: Vector, offset: int, action: Any) -> None:
            card(out, offset, action.word)
            many(out, offset + k, action.seats)
            guess(out, offset + k + n, action.guess)

        writers: dict[str, Writer] = {
            "seat": seat,
            "card": card,
            "guess": guess,
            "many": many,
            "flag": flag,
            "listed": listed,
            "shown": shown,
            "play": play,
        }
        layouts: dict[str, list[tuple[int, int, Writer]]] = {}
        width = 0
        for kind, names in FIELDS.items():
            layout: list[tuple[int, int, Writer]] = []
            at = 0
            for position, name in enumerate(names, start=1):
                size, how = _field(kind, name, n, k, len(self.guesses))
                if not size:
                    continue
                if isinstance(how, tuple):
                    layout.append((position, at, word({w: i for i, w in enumerate(how)})))
                else:
                    layout.append((position, at, writers[how]))
                at += size
            layouts[kind] = layout
            width = max(width, at)
        object.__setattr__(self, "layouts", layouts)
        object.__setattr__(self, "width", len(EVENT_TYPES) + width)
        object.__setattr__(self, "header", 2 * n + k + 1)

    def __reduce__(self) -> tuple[Any, tuple[str, int, int]]:
        """Pickled as its table (its writers are closures)."""
        return InfoStateEncoder.for_table, (self.edition, self.players, self.rounds)

    @property
    def size(self) -> int:
        """The length of the vector."""
        return self.header + self.rounds * self.slots * self.width

    @property
    def high(self) -> Vector:
        """Upper bounds of the values (the lower bound is 0): 1 for flags and one-hots,
        a card's count in the deck for the hand, :data:`MAX_TOKENS` and
        :data:`MAX_ROUND` (values above are written as these)."""
        high = np.ones(self.size, dtype=np.float32)
        n, k = self.players, len(self.cards)
        deck = Rules.settle(self.edition, self.players).deck
        high[n : n + k] = [deck.count(card) for card in self.cards]
        high[n + k : 2 * n + k] = MAX_TOKENS
        high[2 * n + k] = MAX_ROUND
        return high

    def encode(self, game: Game, viewer: int | None) -> Vector:
        """``viewer``'s history of ``game``'s current round, or of every round with
        ``rounds`` above 1 (None: a spectator's)."""
        out = np.zeros(self.size, dtype=np.float32)
        n, k = self.players, len(self.cards)
        if viewer is not None:
            out[viewer] = 1.0
            for card in game.hands[viewer]:
                out[n + self.cards.index(card)] += 1.0
        out[n + k : 2 * n + k] = np.minimum(game.tokens, MAX_TOKENS)
        out[2 * n + k] = min(game.round, MAX_ROUND)
        logs = game.round_logs if self.rounds > 1 else game.round_logs[-1:]
        if len(logs) > self.rounds:
            raise ValueError(f"a game of {len(logs)} rounds: more than {self.rounds}")
        for number, events in enumerate(logs):
            self._encode_round(out, self.header + number * self.slots * self.width, events, viewer)
        return out

    def _encode_round(
        self, out: Vector, offset: int, events: Sequence[Any], viewer: int | None
    ) -> None:
        """Write one round's events as ``viewer`` saw them from ``out[offset]``."""
        if len(events) > self.slots:
            raise ValueError(f"a round of {len(events)} events: more than {self.slots} slots")
        types = len(EVENT_TYPES)
        for number, event in enumerate(events):
            kind = event[0]
            start = offset + number * self.width
            out[start + EVENT_TYPES.index(kind)] = 1.0
            hidden = PRIVATE[kind][0] if not may_see(event, viewer) else ()
            names = FIELDS[kind]
            for position, at, writer in self.layouts[kind]:
                if names[position - 1] in hidden:
                    continue
                writer(out, start + types + at, event[position])


def _field(kind: str, name: str, n: int, k: int, guesses: int) -> tuple[int, str | tuple[str, ...]]:
    """The size of one event field in a slot and how to write it."""
    if name == "action":  # a play: its card, targets and guess
        return k + n + guesses, "play"
    if kind == "round" and name == "number":
        return 0, ""  # in the header
    if name in ("face_up", "cards"):
        return MAX_LISTED * k, "listed"
    if name == "hands":
        return n * k, "shown"
    if name == "winners":
        return n, "many"
    if name in ("guess", "value"):
        return guesses, "guess"
    if name in _WORDS:
        return len(_WORDS[name]), _WORDS[name]
    if name in _FLAG_FIELDS:
        return 1, "flag"
    if name in _SEAT_FIELDS:
        return n, "seat"
    if name in _CARD_FIELDS:
        return k, "card"
    raise ValueError(f"no encoding for the field {name!r} of {kind!r} events")


def slots_for(rules: Rules) -> int:
    """Event slots per round: a bound on the events of one round of this table.

    A round has its ``round`` event, a deal per seat, then per card played a turn, the
    play and its consequences (a replacement draw, a seat out, a token…), then the
    showdown, tokens and the end. Three events per card of the deck and three per seat
    bound it with room to spare: the most seen in thousands of random games is under
    three quarters of it (tests/rl/test_infostate.py).
    """
    return 3 * len(rules.deck) + 3 * rules.players + 8


@cache
def _encoder(edition: str, players: int, rounds: int) -> InfoStateEncoder:
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, not {rounds}")
    rules = Rules.settle(edition, players)
    guesses = tuple(dict.fromkeys((*rules.guard_guesses, *rules.bishop_guesses)))
    values = tuple(rules.values)
    return InfoStateEncoder(edition, players, values, guesses, slots_for(rules), rounds)
