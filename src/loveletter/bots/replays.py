"""Sharper beliefs from the round dealt again: what the opponents' plays say of their
hands, under a model of how they play.

:func:`.inference.infer` reads each play on its own. Here whole decks are weighed
instead: a deck fits the view if it puts this seat's own cards and the face-up cards
where it saw them and the round's actions, replayed on it, show this seat its view.
Each deck that fits is as likely as the opponents' plays in it under a model of play:
the heuristic bot deciding from that opponent's own view of that world, each of its
best-scored plays as likely (it breaks ties at random), mixed with uniformly random
play at the share the search assumes of that opponent.

The decks are drawn from that posterior by a few Metropolis chains, each
starting from the deck of a world the engine's sampler draws under ``infer``'s
beliefs, each step swapping two cards this seat has not seen (one of them already
dealt or drawn), the swap kept if the deck still fits, with probability the ratio of
its likelihood to the last one's. The opponents' cards along the chains give each
opponent's card a probability, which becomes the beliefs' weight.

Only the view is read, and the decks come from the given RNG: the same view and seed
give the same beliefs. Rounds in which cards went back under the deck (the Chancellor)
are left to :func:`.inference.infer`, as are views with no opponent's play to explain.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..engine import (
    Action,
    Game,
    IllegalActionError,
    Phase,
    WorldSampler,
    parse_action,
    redact,
)
from ..engine.views import build_view
from .base import View
from .heuristic import HeuristicBot
from .inference import Beliefs

#: Decks of the beliefs' own weights added to the chains' ones (smoothing).
PRIOR_WORLDS = 10.0
#: Chains run per decision, each from a deck of its own.
CHAINS = 4
#: The share of each chain's first steps whose decks are not counted (burn-in).
BURN_IN = 0.25
#: Events after which the deck no longer holds its cards in dealt order.
_REORDERING = frozenset({"chancellor_draw", "chancellor_return"})
_OVER = frozenset({Phase.ROUND_OVER.value, Phase.GAME_OVER.value})


class RoundReplays:
    """The decks that fit one seat's view of the round, replayed and drawn on demand."""

    def __init__(self, view: View) -> None:
        seat = view["seat"]
        if seat is None:
            raise ValueError("decks are replayed for a seat's view, not a spectator's")
        self.seat = seat
        self.events: Sequence[Mapping[str, Any]] = view["events"]
        self.players = len(view["players"])
        self.playable = (
            bool(self.events)
            and view["phase"] not in _OVER
            and not any(event["type"] in _REORDERING for event in self.events)
        )
        if not self.playable:
            return
        self.sampler = sampler = WorldSampler(view)
        assert sampler.round is not None  # the view has events
        world = sampler.sample(random.Random(0))
        # The view's events as log tuples, for quick comparison: any world the sampler
        # draws shows this seat its view (tests/test_worlds.py).
        self.expected = [redact(event, seat) for event in world.log]
        record = world.history[-1]
        self.before = sampler.before
        self.first = record.first
        self.actions: list[Action] = list(record.actions)
        self.known, dealt = self._known_places(world, len(record.deck))
        unseen = Counter(world.rules.deck)
        unseen.subtract(self.known.values())
        self.unseen = sorted(unseen.elements())
        self.unknown = [place for place in range(len(record.deck)) if place not in self.known]
        #: The unknown places already dealt or drawn.
        self.dealt = [place for place in self.unknown if place in dealt]
        self._model = HeuristicBot()
        self._chosen: dict[tuple[object, ...], tuple[Action, ...]] = {}
        self._rules_rng = random.Random(0)  # the replays draw nothing at random

    def _known_places(self, world: Game, size: int) -> tuple[dict[int, str], set[int]]:
        """Where this seat saw a card of the deck (the face-up cards, its deal, its
        draws), and the places dealt or drawn so far (the deck is dealt top first: set
        aside, face up, one per seat, then drawn)."""
        start = 1 + world.rules.face_up
        known = {place: world.history[-1].deck[place] for place in range(1, start)}
        drawn = start + self.players
        dealt: set[int] = set()
        for event in self.events:
            kind = event["type"]
            if kind == "deal" and event["seat"] == self.seat:
                known[start + (self.seat - self.first) % self.players] = event["card"]
            elif kind == "turn" or (kind == "draw" and not event["set_aside"]):
                if event["seat"] == self.seat:
                    known[drawn] = event["card"]
                drawn += 1
            elif kind == "draw":  # the set-aside card, drawn by a Prince's target
                dealt.add(0)
                if event["seat"] == self.seat:
                    known[0] = event["card"]
        assert drawn <= size
        return known, dealt | set(range(start, drawn))

    def hands(
        self,
        steps: int,
        noise: Mapping[int, float],
        rng: random.Random,
        weights: Mapping[int, Mapping[str, float]] | None = None,
    ) -> dict[int, dict[str, float]]:
        """Per opponent in the round, how often each card is its hand along the
        chains (about ``steps`` decks in all, drawn with ``rng``; noise: each
        opponent's share of random play; weights: the beliefs the chains start from)."""
        found: dict[int, dict[str, float]] = {}
        if not self.playable or not self.dealt:
            return found
        length = steps // CHAINS
        counted_from = int(length * BURN_IN)
        dealt, unknown = self.dealt, self.unknown
        # A deck's replay depends only on the cards at the unknown places dealt so far.
        replayed: dict[tuple[str, ...], tuple[list[str | None], float] | None] = {}

        def replay(deck: list[str]) -> tuple[list[str | None], float] | None:
            key = tuple([deck[place] for place in dealt])
            if key not in replayed:
                replayed[key] = self._held(self.replay(deck, noise))
            return replayed[key]

        for _ in range(CHAINS):
            deck = list(self.sampler.sample(rng, weights=weights).history[-1].deck)
            current = replay(deck)
            if current is None:  # the sampler's worlds fit the view (tests/test_worlds.py)
                continue
            held, likelihood = current
            for step in range(length):
                first, second = dealt[int(rng.random() * len(dealt))], rng.choice(unknown)
                if deck[first] != deck[second]:
                    deck[first], deck[second] = deck[second], deck[first]
                    proposed = replay(deck)
                    if proposed is not None and rng.random() * likelihood < proposed[1]:
                        held, likelihood = proposed
                    else:
                        deck[first], deck[second] = deck[second], deck[first]
                if step < counted_from:
                    continue
                for seat, card in enumerate(held):
                    if card is not None:
                        counts = found.setdefault(seat, {})
                        counts[card] = counts.get(card, 0.0) + 1.0
        return found

    def _held(self, replayed: tuple[Game, float] | None) -> tuple[list[str | None], float] | None:
        """A replay as each opponent's card in hand at the end (None for this seat and
        those out), with its likelihood."""
        if replayed is None:
            return None
        game, likelihood = replayed
        held: list[str | None] = [
            hand[0] if seat != self.seat and not game.out[seat] and hand else None
            for seat, hand in enumerate(game.hands)
        ]
        return held, likelihood

    def replay(self, deck: Sequence[str], noise: Mapping[int, float]) -> tuple[Game, float] | None:
        """The round replayed on ``deck`` (top first, as a record holds it), and the
        likelihood of the opponents' plays in it; None if the replay shows this seat
        something its view does not hold. Only for a :attr:`playable` round."""
        if not self.playable:
            raise ValueError("this round cannot be replayed: its deck was reordered")
        me, events = self.seat, self.events
        game = self.before.copy(self._rules_rng)
        game.next_round(deck, self.first)
        likelihood = 1.0
        told = self._told(game, 0)
        if told < 0:
            return None
        for index, action in enumerate(self.actions):
            seat = game.to_move
            if seat is not None and seat != me and game.phase is Phase.PLAY:
                legal = game.legal_actions()
                if action not in legal:
                    return None
                if len(legal) > 1:
                    likelihood *= self._chance(game, index, seat, action, len(legal), noise)
            try:
                game.apply(action)
            except IllegalActionError:  # the action does not fit this deck
                return None
            told = self._told(game, told)
            if told < 0:
                return None
        if told != len(events):
            return None
        return game, likelihood

    def _told(self, game: Game, told: int) -> int:
        """How many of the view's events ``game`` has shown this seat, checking those
        after the first ``told``; -1 if one of them differs."""
        log, expected, seat = game.log, self.expected, self.seat
        if len(log) > len(expected):
            return -1
        for index in range(told, len(log)):
            event, wanted = log[index], expected[index]
            if event != wanted and redact(event, seat) != wanted:  # redact(wanted) is wanted
                return -1
        return len(log)

    def _chance(
        self,
        game: Game,
        index: int,
        seat: int,
        action: Action,
        legal_count: int,
        noise: Mapping[int, float],
    ) -> float:
        """The model's chance of ``action``, one of ``legal_count`` legal actions, as the
        round's action ``index`` by ``seat`` in ``game``, relative to that of a play the
        model alone would choose."""
        share = noise.get(seat, 0.0)
        spread = share / legal_count
        modelled = self._modelled(game, index, seat)
        chosen = (1.0 - share) / len(modelled) if action in modelled else 0.0
        return (chosen + spread) / (1.0 - share + spread)

    def _modelled(self, game: Game, index: int, seat: int) -> tuple[Action, ...]:
        """The plays the model may choose, each as likely, for ``seat`` as the round's
        action ``index`` in ``game`` (the heuristic bot's best-scored ones)."""
        # What the opponent knows beyond the public events (the same in every deck
        # replayed so far): its cards, what it saw or showed privately.
        key = (index, seat, *(event for event in game.log if seat in event[1:4]))
        choices = self._chosen.get(key)
        if choices is None:
            view = build_view(game, seat)
            choices = tuple(parse_action(text) for text in self._model.choices(view))
            self._chosen[key] = choices
        return choices


def sharpen(
    view: View,
    beliefs: Beliefs,
    noise: Mapping[int, float],
    samples: int,
    rng: random.Random,
) -> Beliefs:
    """``beliefs`` with each opponent's weights from about ``samples`` decks drawn by
    the chains (see the module), the beliefs' own probabilities counting as
    :data:`PRIOR_WORLDS` decks."""
    found = RoundReplays(view).hands(samples, noise, rng, beliefs.weights)
    if not found:
        return beliefs
    pool = beliefs.pool
    unseen = sum(pool.values())
    weights = dict(beliefs.weights)
    for seat, counts in found.items():
        if seat in beliefs.known or seat not in weights:
            continue
        mass = sum(counts.values())
        before = beliefs.probabilities(seat)
        sharpened = {}
        for card, count in pool.items():
            if count > 0:
                share = (counts.get(card, 0.0) + PRIOR_WORLDS * before.get(card, 0.0)) / (
                    mass + PRIOR_WORLDS
                )
                sharpened[card] = share * unseen / count
        weights[seat] = sharpened
    return replace(beliefs, weights=weights)
