"""The heuristic bot: plays the way a good human does.

It infers what each opponent may hold (:mod:`.inference`), then scores every legal
action: the chance that it knocks someone out or wins a comparison, what it tells,
the protection it gives, and the worth of the card it keeps (a high card, a card no
opponent knows). It guesses the most likely card with the Guard, uses the Baron when
likely to win, never gives up a Princess, bluffs with the Countess, plays the Spy
early for its bonus and keeps the Assassin as a shield. Comments cite rulings as
``R<n>``, the numbers of docs/rules.md.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping

from ..engine import Action, parse_action
from .base import BaseBot, View
from .inference import Beliefs, infer

#: What knocking out an opponent is worth, in the units of the scores below.
KNOCK_OUT = 1.0
#: The worth of keeping the highest card, relative to keeping the lowest.
KEEP_HIGH = 0.6
#: Cards worth playing early for what they give at the end of the round, or worth keeping.
EARLY = {"spy": 0.35, "count": 0.25, "constable": 0.2, "chancellor": 0.2}
KEEP_BONUS = {"assassin": 0.4, "princess": 0.3}
#: The most :meth:`HeuristicBot.choose` adds to a score to break ties at random.
NOISE = 1e-6
#: Scores closer than this are the same score, apart by rounding (0.4 and 0.39999999999999997).
TIED = 1e-9


class HeuristicBot(BaseBot):
    """A rule-based player over the beliefs inferred from its view."""

    name = "heuristic"

    def __init__(self, noise: float = 0.5) -> None:
        self.noise = noise

    def choose(self, view: View, rng: random.Random) -> str:
        """The best-scored legal action, ties broken at random."""
        scored = self.scores(view)
        if len(scored) == 1:  # a forced move, or a second step the bot plays one way
            return scored[0][1]
        return max((score + rng.random() * NOISE, text) for score, text in scored)[1]

    def choices(self, view: View) -> list[str]:
        """The actions :meth:`choose` may play, each as likely: the best-scored ones
        (scores apart by rounding only count as equal)."""
        scored = self.scores(view)
        best = max(score for score, _ in scored)
        return [text for score, text in scored if score >= best - TIED]

    def distribution(self, view: View) -> dict[str, float]:
        """:meth:`choices`, each as likely: exact wherever no other score lies within
        :data:`NOISE` of the best (the tests check it at every decision of ``mini5``)."""
        best = self.choices(view)
        return {text: n / len(best) for text, n in Counter(best).items()}

    def scores(self, view: View) -> list[tuple[float, str]]:
        """The legal actions with their scores; in the second steps of the Chancellor,
        the Cardinal and the Bishop, only the one action the bot plays there."""
        legal = view["legal_actions"]
        if len(legal) == 1:
            return [(0.0, legal[0])]
        beliefs = infer(view, noise=self.noise)
        scorer = Scorer(view, beliefs)
        phase = view["phase"]
        if phase == "chancellor":
            return [(0.0, str(scorer.chancellor_keep([parse_action(text) for text in legal])))]
        if phase == "cardinal":
            return [(0.0, str(scorer.cardinal_look()))]
        if phase == "bishop":
            return [(0.0, scorer.bishop_reply())]
        return [(scorer.play(parse_action(text)), text) for text in legal]


class Scorer:
    """Scores of the actions of one decision, from a view and its beliefs."""

    def __init__(self, view: View, beliefs: Beliefs) -> None:
        self.view = view
        self.beliefs = beliefs
        self.me = beliefs.seat
        self.values: Mapping[str, int] = beliefs.rules.values
        self.top = max(self.values.values())
        self.hand: list[str] = beliefs.hand
        self.tokens = view["tokens"]
        self._probabilities: dict[int, dict[str, float]] = {}
        pool = beliefs.pool
        size = sum(pool.values()) or 1
        self.mean_unseen = sum(self.values[card] * n for card, n in pool.items()) / size

    # -- probabilities ---------------------------------------------------------------------

    def probabilities(self, seat: int) -> dict[str, float]:
        """What ``seat`` may hold (cached)."""
        cached = self._probabilities.get(seat)
        if cached is None:
            cached = self._probabilities[seat] = self.beliefs.probabilities(seat)
        return cached

    def chance(self, seat: int, card: str | int) -> float:
        """The chance that ``seat`` holds ``card`` (a value, where the Guard names values)."""
        probabilities = self.probabilities(seat)
        if isinstance(card, int):
            return sum(p for c, p in probabilities.items() if self.values[c] == card)
        return probabilities.get(card, 0.0)

    def expected_value(self, seat: int) -> float:
        return sum(self.values[card] * p for card, p in self.probabilities(seat).items())

    def compare(self, seat: int, mine: str) -> tuple[float, float]:
        """Chances that ``seat``'s card is lower than ``mine``, and higher."""
        value = self.values[mine]
        lower = higher = 0.0
        for card, p in self.probabilities(seat).items():
            if self.values[card] < value:
                lower += p
            elif self.values[card] > value:
                higher += p
        return lower, higher

    # -- worth of what is kept ---------------------------------------------------------------

    def keep_worth(self, card: str) -> float:
        """The worth of ending the turn holding ``card``."""
        worth = KEEP_HIGH * self.values[card] / self.top + KEEP_BONUS.get(card, 0.0)
        if card in self.beliefs.exposed.values():
            worth -= 0.35  # an opponent knows it: a Guard or a Prince is coming
        return worth

    def leader_bonus(self, seat: int) -> float:
        """Prefer hitting the player closest to winning the game."""
        return 0.03 * self.tokens[seat]

    # -- playing a card ------------------------------------------------------------------------

    def play(self, action: Action) -> float:
        """The score of playing ``action`` (phase ``play``)."""
        card = action.word
        hand = list(self.hand)
        hand.remove(card)
        kept = hand[0]
        score = self.keep_worth(kept) + EARLY.get(card, 0.0)
        seats = action.seats
        target = seats[0] if seats else None
        if target is not None and target != self.me:
            score += self.leader_bonus(target)
        effect = CARD_SCORERS.get(card)
        if effect is not None:
            score += effect(self, action, kept)
        return score

    def play_princess(self, action: Action, kept: str) -> float:
        return -10.0  # R22

    def play_guard(self, action: Action, kept: str) -> float:
        if not action.seats or action.guess is None:
            return 0.0
        target = action.seats[0]
        hit = self.chance(target, action.guess)
        return hit * KNOCK_OUT - self.chance(target, "assassin") * KNOCK_OUT  # R30

    def play_bishop(self, action: Action, kept: str) -> float:
        if not action.seats or action.guess is None:
            return 0.0
        return 0.8 * self.chance(action.seats[0], action.guess)

    def information(self, seat: int) -> float:
        """The worth of looking at ``seat``'s hand: more when less is known of it."""
        certainty = max(self.probabilities(seat).values(), default=1.0)
        return 0.25 * (1.0 - certainty) + 0.05

    def play_priest(self, action: Action, kept: str) -> float:
        return self.information(action.seats[0]) if action.seats else 0.0

    def play_baroness(self, action: Action, kept: str) -> float:
        return sum(self.information(seat) for seat in action.seats)

    def play_baron(self, action: Action, kept: str) -> float:
        if not action.seats:
            return 0.0
        lower, higher = self.compare(action.seats[0], kept)
        return lower * KNOCK_OUT - higher * KNOCK_OUT * 1.1

    def play_dowager_queen(self, action: Action, kept: str) -> float:
        if not action.seats:
            return 0.0
        lower, higher = self.compare(action.seats[0], kept)
        return higher * KNOCK_OUT - lower * KNOCK_OUT * 1.1  # R37: the higher card loses

    def play_handmaid(self, action: Action, kept: str) -> float:
        worth = 0.2 + 0.25 * self.values[kept] / self.top
        if kept in self.beliefs.exposed.values():
            worth += 0.35  # cancels the exposure counted in keep_worth
        return worth

    def play_prince(self, action: Action, kept: str) -> float:
        if not action.seats:
            return 0.0
        target = action.seats[0]
        if target == self.me:
            if kept == "princess":
                return -10.0
            fresh = KEEP_HIGH * self.mean_unseen / self.top
            return fresh - self.keep_worth(kept) - 0.05
        disruption = 0.1 * self.expected_value(target) / self.top
        return self.chance(target, "princess") * KNOCK_OUT + disruption

    def trade_worth(self, seat: int, given: str) -> float:
        """The worth of giving ``given`` to ``seat`` for its card (it then knows mine)."""
        gain = KEEP_HIGH * (self.expected_value(seat) - self.values[given]) / self.top
        return gain - 0.15 - KEEP_BONUS.get(given, 0.0)

    def play_king(self, action: Action, kept: str) -> float:
        if not action.seats:
            return 0.0
        return self.trade_worth(action.seats[0], kept)

    def play_cardinal(self, action: Action, kept: str) -> float:
        if self.me in action.seats:
            other = action.seats[0] if action.seats[1] == self.me else action.seats[1]
            return self.trade_worth(other, kept)
        return 0.02

    def play_countess(self, action: Action, kept: str) -> float:
        return 0.05  # R21: a bluff nobody can read

    def play_assassin(self, action: Action, kept: str) -> float:
        return -0.3  # better kept as a shield (R30)

    def play_jester(self, action: Action, kept: str) -> float:
        if not action.seats:
            return 0.0
        return 0.2 * self.expected_value(action.seats[0]) / self.top  # R31

    # -- second steps ----------------------------------------------------------------------------

    def chancellor_keep(self, legal: list[Action]) -> Action:
        """Keep the best card (R19)."""
        return self.chancellor_order(max(self.hand, key=self.keep_worth), legal)

    def chancellor_order(self, kept: str, legal: list[Action]) -> Action:
        """Keep ``kept``; the highest returned card goes to the bottom of the deck."""
        returned = list(self.hand)
        returned.remove(kept)
        returned.sort(key=lambda card: self.values[card])
        wanted = Action.keep(kept, *returned)
        return wanted if wanted in legal else next(a for a in legal if a.cards[0] == kept)

    def cardinal_look(self) -> Action:
        """Look at the traded hand known least (R32)."""
        pending = self.view["pending"]
        assert pending is not None  # the phase is cardinal
        assert pending["step"] == "cardinal"
        first, second = pending["seats"]
        if self.me in (first, second):
            return Action.look(second if first == self.me else first)
        certainty = {seat: max(self.probabilities(seat).values()) for seat in (first, second)}
        return Action.look(min((first, second), key=lambda seat: certainty[seat]))

    def bishop_reply(self) -> str:
        """Keep a Princess or a high card; otherwise change the now public card (R38)."""
        card = self.hand[0]
        if card == "princess" or self.values[card] > self.mean_unseen + 1:
            return "keep"
        return "discard"


#: What playing each card does, beyond the worth of the card kept (:meth:`Scorer.play`).
CARD_SCORERS: Mapping[str, Callable[[Scorer, Action, str], float]] = {
    "guard": Scorer.play_guard,
    "priest": Scorer.play_priest,
    "baron": Scorer.play_baron,
    "handmaid": Scorer.play_handmaid,
    "prince": Scorer.play_prince,
    "king": Scorer.play_king,
    "countess": Scorer.play_countess,
    "princess": Scorer.play_princess,
    "assassin": Scorer.play_assassin,
    "jester": Scorer.play_jester,
    "cardinal": Scorer.play_cardinal,
    "baroness": Scorer.play_baroness,
    "dowager_queen": Scorer.play_dowager_queen,
    "bishop": Scorer.play_bishop,
}
#: Cards scored by the card kept alone: the Spy, the Count, the Constable and the
#: Chancellor are worth playing early (:data:`EARLY`); the Sycophant's constraint is
#: not modelled.
UNSCORED_CARDS = frozenset({"spy", "chancellor", "sycophant", "count", "constable"})
