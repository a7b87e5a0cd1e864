"""What one seat can infer about the hidden cards from its view.

:func:`infer` reads a view's events in order and keeps, for every opponent still in
the round, a weight per card: how much more (or less) likely that opponent is to hold
it than a card drawn blindly from the cards this seat has not seen. Hard facts (a
Guard that missed, a Baron's loser, the Countess rule, a Bishop's hit: the engine's
:mod:`~loveletter.engine.deductions`, which the sampler of worlds reads too; a card
this seat looked at, a card it put under the deck) set weights to zero or pin a card;
soft facts (which card a player chose to play) come from a model of play that mixes
a uniformly random player with one that keeps its higher card.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine import (
    CARD_KINDS,
    AssassinEvent,
    BishopEvent,
    ChancellorDrawEvent,
    ChancellorReturnEvent,
    Choice,
    CompareEvent,
    DealEvent,
    DiscardEvent,
    DrawEvent,
    GuardEvent,
    LookEvent,
    Options,
    OutEvent,
    PlayEvent,
    RoundEvent,
    Rules,
    TradeEvent,
    TurnEvent,
    View,
)
from ..engine.deductions import (
    bishop_target_cards,
    comparison_winner_cards,
    forcing,
    guard_target_cards,
    not_kept,
)

CardWeights = dict[str, float]

#: How strongly a sensible player prefers to keep the higher card.
_KEEP_SHARPNESS = 1.0


def rules_of(view: View) -> Rules:
    """The settled rules of the table a view comes from."""
    return Rules.settle(view["edition"], len(view["players"]), Options.from_dict(view["options"]))


@dataclass
class Beliefs:
    """What ``seat`` believes about the cards it cannot see.

    - ``pool``: the cards whose place this seat does not know (opponents' unknown
      hands, the deck and the set-aside card), as counts;
    - ``weights``: per opponent still in the round, a likelihood factor per card;
    - ``known``: opponents' cards this seat knows for certain;
    - ``exposed``: opponents who know this seat's card, and that card;
    - ``evidence``: per opponent, the log-likelihood ratio of its plays this round
      under random play against sensible play (positive: it looks random).
    """

    seat: int
    rules: Rules
    hand: list[str]
    pool: Counter[str]
    weights: dict[int, CardWeights]
    known: dict[int, str]
    exposed: dict[int, str]
    evidence: dict[int, float] = field(default_factory=dict)

    def probabilities(self, seat: int) -> dict[str, float]:
        """The probability of each card being ``seat``'s hand (an opponent in the round)."""
        if seat in self.known:
            return {self.known[seat]: 1.0}
        weights = self.weights.get(seat, {})
        mass = {card: weights.get(card, 1.0) * count for card, count in self.pool.items()}
        total = sum(mass.values())
        if total <= 0:  # the model contradicts itself: fall back on counts
            mass = {card: float(count) for card, count in self.pool.items()}
            total = sum(mass.values()) or 1.0
        return {card: share / total for card, share in mass.items() if share > 0}


def infer(view: View, *, noise: float | Mapping[int, float] = 0.5) -> Beliefs:
    """Beliefs of the view's seat.

    ``noise`` is the share of uniformly random play in the model of the opponents,
    one for all or one per seat (0.5 when missing).
    """
    return _Reader(view, noise).read()


class _Reader:
    """One pass over the round's events, as the view's seat saw them."""

    def __init__(self, view: View, noise: float | Mapping[int, float]) -> None:
        self.view = view
        self.noise = noise if isinstance(noise, Mapping) else {}
        self.default_noise = noise if isinstance(noise, float | int) else 0.5
        self.evidence: dict[int, float] = {}
        self.rules = rules = rules_of(view)
        self.values = rules.values
        self.top_value = max(rules.values.values())
        seat = view["seat"]
        if seat is None:
            raise ValueError("beliefs are a seat's: a spectator's view has no hand")
        self.me = seat
        self.seat_count = len(view["players"])
        self.total = Counter(rules.deck)
        self.seen: Counter[str] = Counter()  # public cards so far
        self.hand: list[str] = []
        self.weights: dict[int, CardWeights] = {}
        self.exposed: dict[int, str] = {}
        self.bottom: list[str | None] = []
        self.deck_count = len(rules.deck) - 1 - rules.face_up - self.seat_count
        self.alive = self.seat_count
        self.drawn: dict[int, str] = {}  # a known card an opponent just drew from the bottom
        self.last_played = ""
        self.compare: tuple[str, int, int] | None = None  # the card compared with, winner, loser

    # -- helpers -----------------------------------------------------------------------

    def available(self) -> Counter[str]:
        """Cards this seat had not seen at this point of the round."""
        counts = self.total - self.seen
        counts.subtract(self.hand)
        return +counts

    def draw_from_deck(self) -> str | None:
        """Take the top card of the deck; return it if this seat knows it."""
        count = self.deck_count
        self.deck_count -= 1
        if count <= len(self.bottom):
            return self.bottom.pop(count - 1)
        return None

    def reset(self, seat: int, card: str | None = None) -> None:
        """``seat`` holds a fresh card: unknown, or ``card`` if this seat knows it."""
        if seat == self.me:
            return
        self.weights[seat] = {} if card is None else {c: float(c == card) for c in self.total}

    def keep_only(self, seat: int, cards: frozenset[str]) -> None:
        """Rule out every card of ``seat`` but ``cards`` (a hard fact, :mod:`deductions
        <loveletter.engine.deductions>`)."""
        weights = self.weights.get(seat)
        if weights is None:
            return
        for card in self.total:
            if card not in cards:
                weights[card] = 0.0

    def actions_of(self, card: str) -> int:
        """Roughly how many legal actions playing ``card`` offers (for the random model)."""
        others = max(1, self.alive - 1)
        targets = {
            Choice.NOBODY: 1,
            Choice.OTHER: others,
            Choice.ANY: others + 1,
            Choice.OTHERS: others + others * (others - 1) // 2,  # one or two others
            Choice.TWO: (others + 1) * others // 2,  # two seats, oneself may be one
        }[CARD_KINDS[card].chooses]
        return targets * max(1, len(self.rules.guesses(card)))

    def keep_score(self, card: str) -> float:
        if card == "princess":
            return 100.0
        if card == "assassin":
            return 5.0
        return float(self.values[card])

    def choice_probabilities(self, played: str, kept: str) -> tuple[float, float]:
        """The chances that a uniformly random and a sensible holder of ``played`` and
        ``kept`` play ``played``, free to play either (the Countess rule aside)."""
        mine, other = self.actions_of(played), self.actions_of(kept)
        gap = _KEEP_SHARPNESS * (self.keep_score(kept) - self.keep_score(played))
        return mine / (mine + other), 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, gap))))

    def noise_of(self, seat: int) -> float:
        return self.noise.get(seat, self.default_noise)

    def observe(self, seat: int, random_chance: float, sensible_chance: float) -> None:
        """Evidence that ``seat`` plays at random: the log-likelihood ratio of an observation."""
        ratio = math.log(max(random_chance, 1e-4)) - math.log(max(sensible_chance, 1e-4))
        self.evidence[seat] = self.evidence.get(seat, 0.0) + ratio

    # -- events --------------------------------------------------------------------------

    def read(self) -> Beliefs:
        view = self.view
        handlers = EVENT_HANDLERS
        for event in view["events"]:
            handler = handlers.get(event["type"])
            if handler is not None:
                handler(self, event)
        known = {int(seat): card for seat, card in view["known_hands"].items()}
        pool: Counter[str] = Counter({card: n for card, n in view["unseen"].items() if n > 0})
        in_round = [s["seat"] for s in view["seats"] if not s["out"] and s["seat"] != self.me]
        weights = {seat: self.weights.get(seat, {}) for seat in in_round}
        for seat, card_weights in weights.items():  # pinned by inference alone
            possible = [card for card in pool if card_weights.get(card, 1.0) > 0]
            if seat not in known and len(possible) == 1:
                known[seat] = possible[0]
        known = {seat: card for seat, card in known.items() if seat in weights}
        pool.subtract(known.values())
        deck_count: int = view["deck_count"]
        bottom = self.bottom[:deck_count]
        pool.subtract(card for card in bottom if card is not None)
        hand: list[str] = list(view["hand"] or [])
        exposed = {
            seat: card for seat, card in self.exposed.items() if seat in weights and card in hand
        }
        return Beliefs(
            seat=self.me,
            rules=self.rules,
            hand=hand,
            pool=+pool,
            weights=weights,
            known=known,
            exposed=exposed,
            evidence=self.evidence,
        )

    def on_round(self, event: RoundEvent) -> None:
        self.seen.update(event["face_up"])

    def on_deal(self, event: DealEvent) -> None:
        seat = event["seat"]
        if seat == self.me:
            self.hand.append(_shown(event["card"]))
        else:
            self.reset(seat)

    def on_turn(self, event: TurnEvent) -> None:
        seat = event["seat"]
        card = self.draw_from_deck()
        if seat == self.me:
            self.hand.append(_shown(event["card"]))
        elif card is not None:
            self.drawn[seat] = card

    def on_draw(self, event: DrawEvent) -> None:
        seat = event["seat"]
        card = None if event["set_aside"] else self.draw_from_deck()
        if seat == self.me:
            self.hand.append(_shown(event["card"]))
            self.exposed.clear()
        else:
            self.reset(seat, card)

    def on_play(self, event: PlayEvent) -> None:
        seat, card = event["seat"], event["card"]
        if seat == self.me:
            self.hand.remove(card)
        else:
            self.update_after_play(seat, card)
        self.seen[card] += 1
        self.last_played = card

    def update_after_play(self, seat: int, played: str) -> None:
        """Bayes: the card ``seat`` kept, given that it played ``played``."""
        available = self.available()
        old = self.weights.get(seat, {})
        drawn = self.drawn.pop(seat, None)
        total_new = sum(available.values()) or 1
        old_mass = {card: old.get(card, 1.0) * count for card, count in available.items()}
        old_total = sum(old_mass.values()) or 1.0

        def p_old(card: str) -> float:
            return old_mass.get(card, 0.0) / old_total

        def p_new(card: str) -> float:
            if drawn is not None:
                return 1.0 if card == drawn else 0.0
            return available.get(card, 0) / total_new

        forced_beside = forcing(self.rules, played)  # R21, R42
        barred = not_kept(self.rules, played)
        noise = self.noise_of(seat)
        weights: CardWeights = {}
        random_chance = sensible_chance = 0.0
        for kept, count in available.items():
            joint = p_old(played) * p_new(kept) + p_old(kept) * p_new(played)
            if kept == played or kept in forced_beside:
                uniform = sensible = 1.0
            elif kept in barred:
                uniform = sensible = 0.0
            else:
                uniform, sensible = self.choice_probabilities(played, kept)
            random_chance += joint * uniform
            sensible_chance += joint * sensible
            weights[kept] = (noise * uniform + (1.0 - noise) * sensible) * joint / count
        self.weights[seat] = weights
        self.observe(seat, random_chance, sensible_chance)

    def on_guard(self, event: GuardEvent) -> None:
        guess = event["guess"]
        if event["seat"] != self.me:
            self.observe_guess(event["seat"], guess)
        self.keep_only(event["target"], guard_target_cards(self.rules, guess, event["hit"]))

    def observe_guess(self, seat: int, guess: str | int) -> None:
        """A sensible player names a card that may be there, most often a common one."""
        public = self.total - self.seen
        if self.rules.guard_names_value:
            counts: Counter[str | int] = Counter()
            for card, count in public.items():
                counts[self.values[card]] += count
        else:
            counts = Counter({card: n for card, n in public.items() if card != "guard"})
        guesses = self.rules.guard_guesses
        squares = {g: counts.get(g, 0) ** 2 for g in guesses}
        total = sum(squares.values()) or 1
        sensible = 0.9 * squares[guess] / total + 0.1 / len(guesses)
        self.observe(seat, 1.0 / len(guesses), sensible)

    def on_look(self, event: LookEvent) -> None:
        if event["target"] == self.me and event["seat"] != self.me and self.hand:
            self.exposed[event["seat"]] = self.hand[0]

    def on_compare(self, event: CompareEvent) -> None:
        seat, target, loser = event["seat"], event["target"], event["loser"]
        if self.me in (seat, target):
            other = target if seat == self.me else seat
            if loser is None and self.hand:
                self.exposed[other] = self.hand[0]
            return
        if loser is not None:
            winner = target if loser == seat else seat
            self.compare = (self.last_played, winner, loser)  # R17, R37

    def on_out(self, event: OutEvent) -> None:
        seat = event["seat"]
        cards: list[str] = event["cards"]
        self.seen.update(cards)
        if seat == self.me:
            self.hand.clear()
        self.weights.pop(seat, None)
        self.alive -= 1
        if self.compare is not None and self.compare[2] == seat and cards:
            compared_with, winner, _ = self.compare
            self.keep_only(winner, comparison_winner_cards(self.rules, compared_with, cards[0]))
        self.compare = None

    def on_trade(self, event: TradeEvent) -> None:
        first, second = event["first"], event["second"]
        if self.me in (first, second):
            partner = second if first == self.me else first
            mine = _shown(event["second_card"] if first == self.me else event["first_card"])
            self.hand = [mine]
            self.exposed = {partner: mine}
            self.reset(partner)
            return
        self.weights[first], self.weights[second] = (
            self.weights.get(second, {}),
            self.weights.get(first, {}),
        )

    def on_discard(self, event: DiscardEvent) -> None:
        seat, card = event["seat"], event["card"]
        self.seen[card] += 1
        if seat == self.me and card in self.hand:
            self.hand.remove(card)

    def on_chancellor_draw(self, event: ChancellorDrawEvent) -> None:
        seat = event["seat"]
        for _ in range(event["count"]):
            self.draw_from_deck()
        if seat == self.me:
            self.hand.extend(_shown_all(event["cards"]))

    def on_chancellor_return(self, event: ChancellorReturnEvent) -> None:
        seat = event["seat"]
        cards: list[str | None] = [*event["cards"]] if event["cards"] else [None] * event["count"]
        for card in cards:
            self.bottom.insert(0, card)
            self.deck_count += 1
        if seat == self.me:
            for card in _shown_all(event["cards"]):
                self.hand.remove(card)
            return
        # The kept card is the best of three for a sensible player, any for a random one.
        available = self.available()
        weights: CardWeights = {}
        for card in available:
            high = 0.5 + self.keep_score(card) / max(self.top_value, 1)
            noise = self.noise_of(seat)
            weights[card] = noise + (1.0 - noise) * min(high, 2.0)
        self.weights[seat] = weights

    def on_bishop(self, event: BishopEvent) -> None:
        self.keep_only(
            event["target"], bishop_target_cards(self.rules, event["value"], event["hit"])
        )

    def on_assassin(self, event: AssassinEvent) -> None:
        self.reset(event["seat"])


#: The handler of each event type; each takes that type's event (``Any``: the table
#: pairs the types, which a type checker cannot express; the tests check the pairs).
EVENT_HANDLERS: Mapping[str, Callable[[_Reader, Any], None]] = {
    "round": _Reader.on_round,
    "deal": _Reader.on_deal,
    "turn": _Reader.on_turn,
    "play": _Reader.on_play,
    "guard": _Reader.on_guard,
    "assassin": _Reader.on_assassin,
    "look": _Reader.on_look,
    "compare": _Reader.on_compare,
    "trade": _Reader.on_trade,
    "discard": _Reader.on_discard,
    "draw": _Reader.on_draw,
    "out": _Reader.on_out,
    "chancellor_draw": _Reader.on_chancellor_draw,
    "chancellor_return": _Reader.on_chancellor_return,
    "bishop": _Reader.on_bishop,
}
#: Events that tell nothing of a hand still hidden: the Bishop's reply (its discard
#: and draw are events of their own), tokens, and what ends the round: its hands are
#: then known or gone.
IGNORED_EVENTS = frozenset({"reply", "token", "showdown", "round_end", "game_end"})


def _shown(card: str | None) -> str:
    """A card of the view's own seat: always shown to it (None would be a broken view)."""
    if card is None:
        raise ValueError("a view hides one of its own seat's cards")
    return card


def _shown_all(cards: list[str] | None) -> list[str]:
    """The cards of the view's own seat (see :func:`_shown`)."""
    if cards is None:
        raise ValueError("a view hides its own seat's cards")
    return cards
