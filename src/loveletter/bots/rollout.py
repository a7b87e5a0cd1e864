"""A fast playing policy for search: sensible moves in a sampled world, quickly.

The search bot plays thousands of rounds forward per decision, so this policy works
on the engine's game directly instead of on views. It stays fair within a sampled
world: a player uses its own hand, the public cards and what it learned this round
(:class:`Memory`: looks, comparisons and trades), never another hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from ..engine import Action, Game, Phase, Rules

#: Card preferences: how good a card is to play, before what the player knows.
PLAY_BASE = {
    "guard": 1.0,
    "priest": 1.2,
    "baron": 0.0,
    "handmaid": 1.5,
    "prince": 0.6,
    "king": 0.0,
    "countess": 0.3,
    "princess": -100.0,
    "spy": 2.0,
    "chancellor": 1.2,
    "assassin": -2.0,
    "jester": 1.0,
    "cardinal": 0.3,
    "baroness": 1.0,
    "sycophant": 0.5,
    "count": 1.5,
    "constable": 1.5,
    "dowager_queen": 0.0,
    "bishop": 0.0,
}
#: The weight of keeping a high card (times its value over the deck's top value).
KEEP_HIGH = 3.0
#: Scores that beat any preference: a sure knock-out.
SURE = 20.0


#: What the players learned: ``(player, other) -> other's card``.
Facts = dict[tuple[int, int], str]


class Memory:
    """What each player learned this round: ``(player, other) -> other's card``.

    An entry stays true while ``other`` still holds that card, which is checked when
    it is used, so nothing needs forgetting.
    """

    __slots__ = ("facts", "read")

    def __init__(self, facts: Facts | None = None, *, read: int = 0) -> None:
        self.facts = dict(facts or {})
        self.read = read  # how much of the game's log has been read (or is to be skipped)

    def learn(self, game: Game) -> None:
        """Read the events appended to the game's log since the last call."""
        log = game.log
        facts, learners = self.facts, LEARNERS
        for event in log[self.read :]:
            learner = learners.get(event[0])
            if learner is not None:
                learner(facts, event)
        self.read = len(log)

    def known(self, game: Game, seat: int, other: int) -> str | None:
        """``other``'s card if ``seat`` knows it."""
        card = self.facts.get((seat, other))
        if card is not None and card in game.hands[other]:
            return card
        return None


def _learn_look(facts: Facts, event: tuple[str, int, int, str]) -> None:
    """A Priest, a Baroness or a Cardinal: ``seat`` saw ``target``'s card."""
    _, seat, target, card = event
    facts[seat, target] = card


def _learn_compare(facts: Facts, event: tuple[str, int, int, str, str, int | None]) -> None:
    """A comparison's two players saw each other's cards: one is out unless it tied."""
    _, seat, target, seat_card, target_card, loser = event
    if loser is None:
        facts[seat, target] = target_card
        facts[target, seat] = seat_card


def _learn_trade(facts: Facts, event: tuple[str, int, int, int, str, str]) -> None:
    """A King or a Cardinal: each of the two knows the card it gave."""
    _, _, first, second, first_card, second_card = event
    facts[first, second] = first_card
    facts[second, first] = second_card


#: What each kind of log tuple teaches (``Any``: each takes its own tuple shape, in the
#: order of :data:`loveletter.engine.events.FIELDS`).
LEARNERS: Mapping[str, Callable[[Facts, Any], None]] = {
    "look": _learn_look,
    "compare": _learn_compare,
    "trade": _learn_trade,
}
#: Events that show no player the card of another still in the round (a Bishop's hit
#: shows a value; a showdown ends the round).
IGNORED_EVENTS = frozenset(
    {
        "round",
        "deal",
        "turn",
        "play",
        "guard",
        "assassin",
        "discard",
        "draw",
        "out",
        "chancellor_draw",
        "chancellor_return",
        "bishop",
        "reply",
        "token",
        "showdown",
        "round_end",
        "game_end",
    }
)


class Policy:
    """The rollout policy of one table's rules."""

    def __init__(self, rules: Rules) -> None:
        self.values = rules.values
        self.top = max(rules.values.values())
        self.names_value = rules.guard_names_value
        self.deck = Counter(rules.deck)
        self.guard_guesses = set(rules.guard_guesses)

    def choose(self, game: Game, memory: Memory, rng: random.Random, noise: list[float]) -> Action:
        """An action for the seat to move, at random with that seat's ``noise``."""
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if noise[game.to_move or 0] > rng.random():
            return legal[int(rng.random() * len(legal))]
        phase = game.phase
        seat = game.active
        if phase is Phase.PLAY:
            return self.play(game, seat, legal, memory, rng)
        if phase is Phase.CHANCELLOR:
            best = max(game.hands[seat], key=self.keep_worth)
            return next(action for action in legal if action.cards[0] == best)
        if phase is Phase.BISHOP:
            card = game.hands[game.to_move or 0][0]
            keep = card == "princess" or self.values[card] >= self.top - 2
            return legal[1] if keep else legal[0]  # (discard, keep)
        return legal[0]  # Cardinal: look at the first traded hand

    def keep_worth(self, card: str) -> float:
        return KEEP_HIGH * self.values[card] / self.top + (3.0 if card == "princess" else 0.0)

    def play(
        self,
        game: Game,
        seat: int,
        legal: tuple[Action, ...],
        memory: Memory,
        rng: random.Random,
    ) -> Action:
        first, second = game.hands[seat]
        if first == second:
            card = first
        else:
            score_first = self.card_score(game, seat, first, second, legal, memory)
            score_second = self.card_score(game, seat, second, first, legal, memory)
            if score_first == score_second:
                card = first if rng.random() < 0.5 else second
            else:
                card = first if score_first > score_second else second
        options = [action for action in legal if action.word == card]
        if len(options) == 1:
            return options[0]
        other = second if card == first else first
        return self.pick(game, seat, card, other, options, memory, rng)

    def targets_known(
        self, game: Game, seat: int, options: list[Action], memory: Memory
    ) -> dict[int, str]:
        """Targets among the options whose card ``seat`` knows."""
        known: dict[int, str] = {}
        if not any(knower == seat for knower, _ in memory.facts):
            return known
        for target in dict.fromkeys(target for action in options for target in action.seats):
            if target != seat:
                card = memory.known(game, seat, target)
                if card is not None:
                    known[target] = card
        return known

    def card_score(
        self,
        game: Game,
        seat: int,
        card: str,
        other: str,
        legal: tuple[Action, ...],
        memory: Memory,
    ) -> float:
        """How good playing ``card`` (keeping ``other``) looks to ``seat``."""
        score = PLAY_BASE.get(card, 0.0) + self.keep_worth(other)
        if card in ("guard", "baron", "prince", "dowager_queen"):
            options = [action for action in legal if action.word == card and action.seats]
            known = self.targets_known(game, seat, options, memory)
            values = self.values
            mine = values[other]
            if card == "guard":
                if any(c not in ("guard", "assassin") for c in known.values()):
                    score += SURE
            elif card == "prince":
                if "princess" in known.values():
                    score += SURE
            elif card == "baron":
                if any(values[c] < mine for c in known.values()):
                    score += SURE
                elif known and all(values[c] > mine for c in known.values()):
                    score -= 5.0
                else:
                    score += 2.5 * (mine / self.top) - 1.5
            elif any(values[c] > mine for c in known.values()):
                score += SURE
            else:
                score += 1.5 - 3.0 * (mine / self.top)
        elif card == "king" and other == "princess":
            score -= 2.0
        elif card == "countess" and other == "princess":
            score += 1.0
        return score

    def pick(
        self,
        game: Game,
        seat: int,
        card: str,
        other: str,
        options: list[Action],
        memory: Memory,
        rng: random.Random,
    ) -> Action:
        """Choose targets (and a guess) for ``card``."""
        known = self.targets_known(game, seat, options, memory)
        values = self.values
        if card == "guard":
            for target, held in known.items():
                if held not in ("guard", "assassin"):
                    guess = values[held] if self.names_value else held
                    action = Action("guard", (target,), guess)
                    if action in options:
                        return action
            target = rng.choice(options).seats[0]
            action = Action("guard", (target,), self.likely_guess(game, seat))
            return action if action in options else rng.choice(options)
        if card == "baron":
            mine = values[other]
            for target, held in known.items():
                if values[held] < mine:
                    return Action("baron", (target,))
            unknown = [a for a in options if a.seats[0] not in known]
            return rng.choice(unknown or options)
        if card == "prince":
            for target, held in known.items():
                if held == "princess":
                    return Action("prince", (target,))
            others = [a for a in options if a.seats[0] != seat]
            return rng.choice(others or options)
        if card == "dowager_queen":
            mine = values[other]
            for target, held in known.items():
                if values[held] > mine:
                    return Action("dowager_queen", (target,))
        if card == "cardinal":
            options = [a for a in options if seat not in a.seats] or options
        if card == "bishop":
            target = rng.choice(options).seats[0]
            card_known = memory.known(game, seat, target)
            if card_known is not None:
                action = Action("bishop", (target,), values[card_known])
                if action in options:
                    return action
        return rng.choice(options)

    def likely_guess(self, game: Game, seat: int) -> str | int:
        """The guess most likely to hit, from ``seat``'s view of the public cards."""
        unseen = self.deck.copy()
        unseen.subtract(game.face_up)
        for pile in game.discards:
            unseen.subtract(pile)
        unseen.subtract(game.hands[seat])
        if self.names_value:
            by_value: Counter[int] = Counter()
            for card, count in unseen.items():
                if count > 0 and self.values[card] in self.guard_guesses:
                    by_value[self.values[card]] += count
            if not by_value:
                return max(self.guard_guesses)
            return max(by_value, key=lambda value: (by_value[value], value))
        return max(
            (card for card in unseen if card != "guard"),
            key=lambda card: (unseen[card], self.values[card]),
        )
