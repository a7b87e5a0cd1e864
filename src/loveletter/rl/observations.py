"""A fixed-size vector encoding of one seat's view (``build_view(game, seat)``).

The vector is built from the view alone, so it holds nothing the seat may not know
(docs/rules.md R50-R52). With ``n`` seats and ``k`` card ids in the table's deck (deck
order), the pieces are, in order (each piece's slice is in ``slices``; every value is
a count or a 0/1 flag, never negative):

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

from loveletter.engine import Phase, PlayEvent, Rules, View

PHASES = tuple(phase.value for phase in Phase)
PENDING_STEPS = ("chancellor", "cardinal", "bishop")
#: Tokens a seat can hold beyond the threshold: the most gained in one round, less one.
_TOKEN_MARGIN = 3

Vector = npt.NDArray[np.float32]


@dataclass(frozen=True, eq=False)
class ObservationEncoder:
    """Encodes views of one table; build it with :meth:`for_table`."""

    edition: str
    players: int
    cards: tuple[str, ...]
    slices: dict[str, slice] = field(init=False, repr=False)
    shapes: dict[str, tuple[int, ...]] = field(init=False, repr=False)
    high: Vector = field(init=False, repr=False)
    card_index: dict[str, int] = field(init=False, repr=False)

    @staticmethod
    def for_table(edition: str, players: int) -> ObservationEncoder:
        """The encoder of ``edition`` with ``players`` seats (cached)."""
        return _encoder(Rules.settle(edition, players).edition.id, players)

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
        if seat is not None:
            put("seat", seat)
        if view["active"] is not None:
            put("active", view["active"])
        if view["to_move"] is not None:
            put("to_move", view["to_move"])
        put("phase", PHASES.index(view["phase"]))
        for card in view["hand"] or ():
            put("hand", index[card])
        for info in view["seats"]:
            row = info["seat"]
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
        for row, event in last.items():
            put("last_played", row * k + index[event["card"]])
            for target in event["targets"]:
                put("last_targets", row * self.players + target)
        put("deck_count", 0, view["deck_count"])
        if view["set_aside_taken"]:
            put("set_aside_taken", 0)
        for card in view["face_up"]:
            put("face_up", index[card])
        for card, count in view["unseen"].items():
            put("unseen", index[card], count)
        for other, card in view["known_hands"].items():
            put("known_hands", int(other) * k + index[card])
        jester = view["jester"]
        if jester is not None:
            put("jester_owner", jester["owner"])
            put("jester_holder", jester["holder"])
        if view["sycophant"] is not None:
            put("sycophant", view["sycophant"])
        pending = view["pending"]
        if pending is not None:
            put("pending_step", PENDING_STEPS.index(pending["step"]))
            for target in pending["seats"] if pending["step"] == "cardinal" else [pending["seat"]]:
                put("pending_seats", target)
        return out


@cache
def _encoder(edition: str, players: int) -> ObservationEncoder:
    rules = Rules.settle(edition, players)
    return ObservationEncoder(edition, players, tuple(rules.values))
