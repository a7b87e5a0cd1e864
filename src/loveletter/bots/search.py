"""The search bot: determinized Monte-Carlo over the worlds a view allows.

For each decision it samples worlds consistent with the view (the engine's
:class:`WorldSampler`), opponents' hands weighted by what it inferred of their plays
(:mod:`.inference`; with ``replays``, at a table of two, sharpened by replaying the
round: :mod:`.replays`), plays every candidate action in each and finishes the round with
the fast policy (:mod:`.rollout`), opponents playing at random as often as they seem
to (:class:`OpponentModel`); with ``replies``, at a table of two, the opponent's first
decision there is the heuristic bot's, from its view of the world (:mod:`.replies`).
In a rollout the players know what they learn in it, and what this seat and its
opponents knew of each other's cards; what opponents saw of each other earlier in the
round is left out. Candidates share the same worlds and are halved round after round
(sequential halving), so the budget goes to the close calls; with a ``lead`` the
search stops once one candidate is clearly ahead. The budget counts decisions played
forward, not seconds, so a decision is reproducible from its RNG.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..engine import Action, Game, WorldSampler, parse_action
from .base import BaseBot, View
from .heuristic import HeuristicBot, Scorer
from .inference import Beliefs, infer
from .replays import sharpen
from .replies import Replies
from .rollout import Memory, Policy

#: Guesses (Guard, Bishop) kept per target: the most likely ones.
GUESSES_PER_TARGET = 2
#: The most candidates searched: the heuristic's best ones.
MAX_CANDIDATES = 6
#: The least and the most random play assumed of an opponent.
NOISE_RANGE = (0.03, 0.97)
#: The strongest prior (log-odds of random play) earlier games may give.
PRIOR_LIMIT = 3.0
#: How often a search with a ``lead`` judges it: this many times over the budget,
#: once each candidate left has played in at least :data:`LEAD_WORLDS` worlds.
LEAD_CHECKS = 16
LEAD_WORLDS = 40


class OpponentModel:
    """How randomly each opponent plays, from the evidence of this game's rounds.

    The evidence of a round (:attr:`Beliefs.evidence`) is read at each decision; when
    a new round starts, the last reading of the previous one is kept for good. When a
    new game starts, what the opponents of the earlier games looked like on average
    becomes the prior of every opponent.
    """

    def __init__(self) -> None:
        self.past: dict[int, float] = {}
        self.current: dict[int, float] = {}
        self.round = 0
        self.finished: list[float] = []  # the evidence on each opponent of earlier games

    def prior(self) -> float:
        """The log-odds of random play for an opponent not seen yet."""
        if not self.finished:
            return 0.0
        mean = sum(self.finished) / len(self.finished)
        return max(-PRIOR_LIMIT, min(PRIOR_LIMIT, mean))

    def noise(self, seats: list[int]) -> dict[int, float]:
        """For each of ``seats``, the share of random play to assume."""
        prior = self.prior()
        shares = {}
        for seat in seats:
            ratio = prior + self.past.get(seat, 0.0) + self.current.get(seat, 0.0)
            share = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, ratio))))
            shares[seat] = min(NOISE_RANGE[1], max(NOISE_RANGE[0], share))
        return shares

    def new_game(self) -> None:
        """Keep what this game said about its opponents; forget who sat where."""
        for seat in self.past.keys() | self.current.keys():
            self.finished.append(self.past.get(seat, 0.0) + self.current.get(seat, 0.0))
        self.past, self.current, self.round = {}, {}, 0

    def update(self, round_number: int, evidence: dict[int, float]) -> None:
        """Read a round's evidence so far."""
        if round_number > self.round:
            for seat, ratio in self.current.items():
                self.past[seat] = self.past.get(seat, 0.0) + ratio
        self.round = round_number
        self.current = dict(evidence)


@dataclass(frozen=True)
class Decision:
    """A search bot's decision: the action, the beliefs it was chosen on (None when
    it was the only legal one) and the share of the rounds played forward after it
    that this seat won (None when nothing was played forward)."""

    action: str
    beliefs: Beliefs | None = None
    win_rate: float | None = None


class SearchBot(BaseBot):
    """Determinized Monte-Carlo search playing about ``budget`` decisions forward per
    decision (a 2-player Classic rollout plays 3 or 4); at a table of two, the beliefs
    are first sharpened from about ``replays`` decks that fit the view, replayed
    (:func:`.replays.sharpen`); with ``replies``, at a table of two, the opponent's first
    decision in the rounds played forward is the heuristic bot's (:mod:`.replies`); with
    a ``lead``, the search ends early once a candidate beats every other by that many
    standard errors of their paired difference (:meth:`Search.leader`)."""

    def __init__(
        self,
        budget: int = 2500,
        *,
        replays: int = 0,
        replies: bool = False,
        lead: float | None = None,
        name: str = "search",
    ) -> None:
        self.budget = budget
        self.replays = replays
        self.replies = replies
        self.lead = lead
        self.name = name
        self.model = OpponentModel()

    def start(self, edition: str, players: int, seat: int) -> None:
        """A new game: what the last one said of its opponents becomes a prior."""
        self.model.new_game()

    def choose(self, view: View, rng: random.Random) -> str:
        """The candidate with the best average result over the sampled worlds."""
        return self.decide(view, rng).action

    def decide(self, view: View, rng: random.Random) -> Decision:
        """The action :meth:`choose` gives, with the beliefs and results behind it."""
        legal: list[str] = view["legal_actions"]
        if len(legal) == 1:
            return Decision(legal[0])
        if view["round"] < self.model.round:
            self.model.new_game()  # a new game without start()
        noise = self.model.noise([s for s in range(len(view["players"])) if s != view["seat"]])
        beliefs = infer(view, noise=noise)
        self.model.update(view["round"], beliefs.evidence)
        if self.replays and len(view["players"]) == 2:
            replay_rng = random.Random(rng.getrandbits(64))
            beliefs = sharpen(view, beliefs, noise, self.replays, replay_rng)
        candidates = self.candidates(view, beliefs, [parse_action(text) for text in legal])
        if len(candidates) == 1:
            return Decision(str(candidates[0]), beliefs)
        if self.budget <= 0:
            return Decision(HeuristicBot().choose(view, rng), beliefs)
        replies = self.replies and len(view["players"]) == 2
        search = Search(view, beliefs, rng, noise, replies=replies)
        best = search.run(candidates, self.budget, self.lead)
        return Decision(str(best), beliefs, search.wins[best] / len(search.values[best]))

    def candidates(self, view: View, beliefs: Beliefs, legal: list[Action]) -> list[Action]:
        """The actions worth searching: the likeliest guesses, one order of returns,
        never the Princess played by choice."""
        scorer = Scorer(view, beliefs)
        kept: list[Action] = []
        guesses: dict[tuple[str, int], list[Action]] = {}
        chancellor: dict[str, Action] = {}
        for action in legal:
            if action.word in ("guard", "bishop") and action.seats and action.guess is not None:
                guesses.setdefault((action.word, action.seats[0]), []).append(action)
            elif action.word == "keep" and action.cards:
                if action.cards[0] not in chancellor:
                    chancellor[action.cards[0]] = scorer.chancellor_order(action.cards[0], legal)
            elif action.word == "princess" and len(legal) > 1:
                continue
            else:
                kept.append(action)
        for (_, target), actions in guesses.items():
            actions.sort(key=lambda a: -scorer.chance(target, a.guess or 0))
            kept.extend(actions[:GUESSES_PER_TARGET])
        kept.extend(chancellor.values())
        if view["phase"] == "play" and len(kept) > MAX_CANDIDATES:
            kept.sort(key=lambda action: -scorer.play(action))
            kept = kept[:MAX_CANDIDATES]
        return kept or legal


class Search:
    """One decision's search."""

    def __init__(
        self,
        view: View,
        beliefs: Beliefs,
        rng: random.Random,
        noise: dict[int, float],
        *,
        replies: bool = False,
    ) -> None:
        self.beliefs = beliefs
        self.rng = rng
        self.rollout_rng = random.Random()
        self.me = beliefs.seat
        self.noise = [noise.get(seat, 0.0) for seat in range(len(view["players"]))]
        self.worlds = WorldSampler(view)
        self.won = False  # whether the last round played forward was won
        self.wins: dict[Action, int] = {}
        #: Each candidate's value in each world it played, in the order of the worlds.
        self.values: dict[Action, list[float]] = {}
        self.policy = Policy(beliefs.rules)
        self.replies = Replies(len(view["events"])) if replies else None
        self.facts: dict[tuple[int, int], str] = {
            (self.me, seat): card for seat, card in beliefs.known.items()
        }
        self.facts.update({(seat, self.me): card for seat, card in beliefs.exposed.items()})

    def value(self, game: Game) -> float:
        """What the round (played to its end) gave this seat."""
        me = self.me
        self.won = bool(game.results) and me in game.results[-1].winners
        score = float(game.round_tokens[me])
        if game.winners:
            score += 2.0 if me in game.winners else -2.0
        return score

    def rollout(self, game: Game, action: Action, seed: int) -> tuple[float, int]:
        """Play ``action`` in ``game``, then the round to its end: its value, and the
        number of decisions played. The players' random choices come from ``seed``,
        the same for every candidate in a world (common random numbers)."""
        memory = Memory(self.facts, read=len(game.log))
        game.apply(action)
        policy, noise, replies = self.policy, self.noise, self.replies
        rng = self.rollout_rng
        rng.seed(seed)
        steps = 1
        replied = {self.me}  # the seats whose first decision has been played
        while game.to_move is not None:
            memory.learn(game)
            seat = game.to_move
            if replies is not None and seat not in replied:
                replied.add(seat)
                if noise[seat] <= rng.random():
                    game.apply(replies.decide(game, seat, rng))
                    steps += 1
                    continue
            game.apply(policy.choose(game, memory, rng, noise))
            steps += 1
        return self.value(game), steps

    def run(self, candidates: list[Action], budget: int, lead: float | None = None) -> Action:
        """Sequential halving over ``candidates``, playing about ``budget`` decisions;
        with a ``lead``, ended early by a clear :meth:`leader`."""
        wins = self.wins = dict.fromkeys(candidates, 0)
        values = self.values = {action: [] for action in candidates}
        remaining = list(candidates)
        rounds = max(1, math.ceil(math.log2(len(remaining))))
        spent = 0
        check = budget / LEAD_CHECKS
        while True:
            allowance = (budget - spent) / rounds
            used = 0
            while used < allowance or not values[remaining[0]]:
                if lead is not None and spent + used >= check:
                    check += budget / LEAD_CHECKS
                    leader = self.leader(remaining, lead)
                    if leader is not None:
                        return leader
                world = self.worlds.sample(self.rng, weights=self.beliefs.weights)
                if self.replies is not None:
                    self.replies.new_world()
                seed = self.rng.getrandbits(32)
                last = remaining[-1]
                for action in remaining:  # the last candidate plays in the world itself
                    game = world if action is last else world.copy(world.rng)
                    value, steps = self.rollout(game, action, seed)
                    values[action].append(value)
                    wins[action] += self.won
                    used += steps
            spent += used
            if len(remaining) <= 1 or rounds == 1:
                break
            remaining.sort(key=lambda a: -self.mean(a))
            remaining = remaining[: max(1, math.ceil(len(remaining) / 2))]
            rounds -= 1
        return max(remaining, key=self.mean)

    def mean(self, action: Action) -> float:
        """``action``'s average value over the worlds it played in."""
        values = self.values[action]
        return sum(values) / len(values)

    def leader(self, remaining: list[Action], lead: float) -> Action | None:
        """The candidate with the best average, if it beats each other one by more than
        ``lead`` standard errors of their difference in the same worlds (the same
        random numbers make that difference far less noisy than either value), or did
        exactly as well in every world (such as two moves that end the round alike)."""
        values = self.values
        worlds = len(values[remaining[0]])  # every candidate left played every world
        if worlds < LEAD_WORLDS:
            return None
        best = max(remaining, key=self.mean)
        for other in remaining:
            if other is best:
                continue
            gaps = [mine - theirs for mine, theirs in zip(values[best], values[other], strict=True)]
            mean = sum(gaps) / worlds
            variance = sum((gap - mean) ** 2 for gap in gaps) / (worlds - 1)
            if mean == variance == 0.0:
                continue
            if mean <= lead * math.sqrt(variance / worlds):
                return None
        return best
