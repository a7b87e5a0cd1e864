"""A fixed-size vector encoding of one seat's view (``build_view(game, seat)``).

The vector is built from the view alone, so it holds nothing the seat may not know
(docs/rules.md R50-R52). Seats are absolute, or with ``relative=True`` numbered from
the viewer (viewer 0, the seat after it 1…), so that one policy can play every seat.
With ``n`` seats and ``k`` card ids in the table's deck (deck order), the pieces are,
in order (each piece's slice is in ``slices``; every value is a count or a 0/1 flag,
never negative):

========================  =========  ==============================================
piece                     shape      meaning
========================  =========  ==============================================
``seat``                  n          the viewer's seat, one-hot
``active``                n          whose turn it is, one-hot (zeros between rounds)
``to_move``               n          the seat that must decide now, one-hot
``phase``                 6          play, chancellor, cardinal, bishop, round_over,
                                     game_over, one-hot
``hand``                  k          the viewer's cards, counts
``discards``              n x k      each seat's discard pile, counts
``last_played``           n x k      the card each seat played last this round
``last_targets``          n x n      the seats that play chose
``out``                   n          seats out of the round
``protected``             n          seats protected by the Handmaid
``tokens``                n          tokens per seat
``deck_count``            1          cards left in the draw pile
``set_aside_taken``       1          the set-aside card was drawn
``face_up``               k          cards removed face up (2 players), counts
``unseen``                k          copies of each card the viewer has not seen
``known_hands``           n x k      other seats' cards the viewer knows for certain
``jester_owner``          n          who played the Jester (Premium)
``jester_holder``         n          who holds its token
``sycophant``             n          the seat the next card played must choose
``pending_step``          3          chancellor, cardinal, bishop second step, one-hot
``pending_seats``         n          the Cardinal's traded pair, or the Bishop's target
========================  =========  ==============================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import numpy as np
import numpy.typing as npt

from loveletter.engine import Action, Game, Phase, PlayEvent, Rules, View, known_hands

PHASES = tuple(phase.value for phase in Phase)
PENDING_STEPS = ("chancellor", "cardinal", "bishop")
_PHASE_INDEX = {phase: PHASES.index(phase.value) for phase in Phase}
#: Tokens a seat can hold beyond the threshold: the most gained in one round, less one.
_TOKEN_MARGIN = 3

Vector = npt.NDArray[np.float32]


@dataclass(frozen=True, eq=False)
class ObservationEncoder:
    """Encodes views of one table; build it with :meth:`for_table`."""

    edition: str
    players: int
    cards: tuple[str, ...]
    relative: bool = False
    slices: dict[str, slice] = field(init=False, repr=False)
    shapes: dict[str, tuple[int, ...]] = field(init=False, repr=False)
    high: Vector = field(init=False, repr=False)
    card_index: dict[str, int] = field(init=False, repr=False)
    _starts: dict[str, int] = field(init=False, repr=False)
    _counts: list[int] = field(init=False, repr=False)

    @staticmethod
    def for_table(edition: str, players: int, *, relative: bool = False) -> ObservationEncoder:
        """The encoder of ``edition`` with ``players`` seats (cached); ``relative``
        numbers seats from the viewer (the viewer is 0, the next seat 1…)."""
        return _encoder(Rules.settle(edition, players).edition.id, players, relative)

    def __post_init__(self) -> None:
        rules = Rules.settle(self.edition, self.players)
        n, k = self.players, len(self.cards)
        counts = [float(rules.deck.count(card)) for card in self.cards]
        tokens = float(rules.tokens_to_win + _TOKEN_MARGIN)
        pieces: list[tuple[str, tuple[int, ...], list[float]]] = [
            ("seat", (n,), [1.0] * n),
            ("active", (n,), [1.0] * n),
            ("to_move", (n,), [1.0] * n),
            ("phase", (len(PHASES),), [1.0] * len(PHASES)),
            ("hand", (k,), counts),
            ("discards", (n, k), counts * n),
            ("last_played", (n, k), [1.0] * n * k),
            ("last_targets", (n, n), [1.0] * n * n),
            ("out", (n,), [1.0] * n),
            ("protected", (n,), [1.0] * n),
            ("tokens", (n,), [tokens] * n),
            ("deck_count", (1,), [float(len(rules.deck))]),
            ("set_aside_taken", (1,), [1.0]),
            ("face_up", (k,), counts),
            ("unseen", (k,), counts),
            ("known_hands", (n, k), [1.0] * n * k),
            ("jester_owner", (n,), [1.0] * n),
            ("jester_holder", (n,), [1.0] * n),
            ("sycophant", (n,), [1.0] * n),
            ("pending_step", (len(PENDING_STEPS),), [1.0] * len(PENDING_STEPS)),
            ("pending_seats", (n,), [1.0] * n),
        ]
        slices: dict[str, slice] = {}
        shapes: dict[str, tuple[int, ...]] = {}
        high: list[float] = []
        for name, shape, bounds in pieces:
            slices[name] = slice(len(high), len(high) + len(bounds))
            shapes[name] = shape
            high.extend(bounds)
        object.__setattr__(self, "slices", slices)
        object.__setattr__(self, "shapes", shapes)
        object.__setattr__(self, "high", np.array(high, dtype=np.float32))
        object.__setattr__(self, "card_index", {card: i for i, card in enumerate(self.cards)})
        object.__setattr__(self, "_starts", {name: piece.start for name, piece in slices.items()})
        object.__setattr__(self, "_counts", [rules.deck.count(card) for card in self.cards])

    @property
    def size(self) -> int:
        """The length of the vector."""
        return len(self.high)

    def piece(self, vector: Vector, name: str) -> Vector:
        """One named piece of an encoded vector, in its shape (a view, not a copy)."""
        return vector[self.slices[name]].reshape(self.shapes[name])

    def describe(self, vector: Vector) -> str:
        """The nonzero entries of an encoded vector as text, piece by piece."""
        parts: list[str] = []
        for name, piece in self.slices.items():
            values = vector[piece]
            entries = [f"{self._label(name, int(i))}={values[i]:g}" for i in np.flatnonzero(values)]
            if entries:
                parts.append(f"{name}[{' '.join(entries)}]")
        return " ".join(parts)

    def _label(self, name: str, offset: int) -> str:
        if name in ("phase", "pending_step"):
            return (PHASES if name == "phase" else PENDING_STEPS)[offset]
        if name in ("deck_count", "set_aside_taken"):
            return name
        if name in ("hand", "face_up", "unseen"):
            return self.cards[offset]
        if name in ("discards", "last_played", "known_hands"):
            row, column = divmod(offset, len(self.cards))
            return f"{row}:{self.cards[column]}"
        if name == "last_targets":
            row, column = divmod(offset, self.players)
            return f"{row}>{column}"
        return str(offset)

    def encode(self, view: View) -> Vector:
        """The vector of ``view``, a seat's view of a game of this table."""
        out = np.zeros(self.size, dtype=np.float32)
        index = self.card_index
        k = len(self.cards)
        slices = self.slices

        def put(name: str, offset: int, value: float = 1.0) -> None:
            out[slices[name].start + offset] += value

        rules_tokens = float(self.high[slices["tokens"].start])
        seat = view["seat"]
        n = self.players
        shift = seat if self.relative and seat is not None else 0

        def at(other: int) -> int:
            return (other - shift) % n

        if seat is not None:
            put("seat", at(seat))
        if view["active"] is not None:
            put("active", at(view["active"]))
        if view["to_move"] is not None:
            put("to_move", at(view["to_move"]))
        put("phase", PHASES.index(view["phase"]))
        for card in view["hand"] or ():
            put("hand", index[card])
        for info in view["seats"]:
            row = at(info["seat"])
            for card in info["discards"]:
                put("discards", row * k + index[card])
            if info["out"]:
                put("out", row)
            if info["protected"]:
                put("protected", row)
            put("tokens", row, min(info["tokens"], rules_tokens))
        last: dict[int, PlayEvent] = {}
        for event in view["events"]:
            if event["type"] == "play":
                last[event["seat"]] = event
        for player, event in last.items():
            row = at(player)
            put("last_played", row * k + index[event["card"]])
            for target in event["targets"]:
                put("last_targets", row * n + at(target))
        put("deck_count", 0, view["deck_count"])
        if view["set_aside_taken"]:
            put("set_aside_taken", 0)
        for card in view["face_up"]:
            put("face_up", index[card])
        for card, count in view["unseen"].items():
            put("unseen", index[card], count)
        for other, card in view["known_hands"].items():
            put("known_hands", at(int(other)) * k + index[card])
        jester = view["jester"]
        if jester is not None:
            put("jester_owner", at(jester["owner"]))
            put("jester_holder", at(jester["holder"]))
        if view["sycophant"] is not None:
            put("sycophant", at(view["sycophant"]))
        pending = view["pending"]
        if pending is not None:
            put("pending_step", PENDING_STEPS.index(pending["step"]))
            for target in pending["seats"] if pending["step"] == "cardinal" else [pending["seat"]]:
                put("pending_seats", at(target))
        return out

    def encode_game(self, game: Game, seat: int) -> Vector:
        """``encode(build_view(game, seat))``, read from the game without building the
        view (several times faster; a test holds the two equal)."""
        out = np.zeros(self.size, dtype=np.float32)
        n, k = self.players, len(self.cards)
        index = self.card_index
        starts = self._starts
        shift = seat if self.relative else 0
        out[starts["seat"] + (seat - shift) % n] = 1.0
        phase = game.phase
        if phase is not Phase.ROUND_OVER and phase is not Phase.GAME_OVER:
            out[starts["active"] + (game.active - shift) % n] = 1.0
        to_move = game.to_move
        if to_move is not None:
            out[starts["to_move"] + (to_move - shift) % n] = 1.0
        out[starts["phase"] + _PHASE_INDEX[phase]] = 1.0
        unseen = list(self._counts)
        hand = starts["hand"]
        for card in game.hands[seat]:
            out[hand + index[card]] += 1.0
            unseen[index[card]] -= 1
        discards, tokens = starts["discards"], starts["tokens"]
        cap = float(self.high[tokens])
        for other in range(n):
            row = (other - shift) % n
            start = discards + row * k
            for card in game.discards[other]:
                out[start + index[card]] += 1.0
                unseen[index[card]] -= 1
            if game.out[other]:
                out[starts["out"] + row] = 1.0
            if game.protected[other]:
                out[starts["protected"] + row] = 1.0
            out[tokens + row] = min(game.tokens[other], cap)
        last: dict[int, Action] = {}
        for event in game.log:
            if event[0] == "play":
                last[event[1]] = event[2]
        last_played, last_targets = starts["last_played"], starts["last_targets"]
        for player, action in last.items():
            row = (player - shift) % n
            out[last_played + row * k + index[action.word]] = 1.0
            for target in action.seats:
                out[last_targets + row * n + (target - shift) % n] += 1.0
        out[starts["deck_count"]] = len(game.deck)
        if game.set_aside is None:
            out[starts["set_aside_taken"]] = 1.0
        for card in game.face_up:
            out[starts["face_up"] + index[card]] += 1.0
            unseen[index[card]] -= 1
        out[starts["unseen"] : starts["unseen"] + k] = unseen
        for known, card in known_hands(game, seat).items():
            out[starts["known_hands"] + ((int(known) - shift) % n) * k + index[card]] = 1.0
        if game.jester is not None:
            owner, holder = game.jester
            out[starts["jester_owner"] + (owner - shift) % n] = 1.0
            out[starts["jester_holder"] + (holder - shift) % n] = 1.0
        if game.sycophant is not None:
            out[starts["sycophant"] + (game.sycophant - shift) % n] = 1.0
        pending = starts["pending_step"]
        targets: tuple[int, ...] = ()
        if phase is Phase.CARDINAL:
            out[pending + 1] = 1.0
            targets = tuple(game.step_seats)
        elif phase is Phase.BISHOP:
            out[pending + 2] = 1.0
            targets = (game.step_seats[0],)
        elif phase is Phase.CHANCELLOR:
            out[pending] = 1.0
            targets = (game.active,)
        for target in targets:
            out[starts["pending_seats"] + (target - shift) % n] += 1.0
        return out


@cache
def _encoder(edition: str, players: int, relative: bool) -> ObservationEncoder:
    rules = Rules.settle(edition, players)
    return ObservationEncoder(edition, players, tuple(rules.values), relative)
