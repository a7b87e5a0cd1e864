"""Sharper beliefs from the round dealt again: what the opponents' plays say of their
hands, under a model of how they play.

:func:`.inference.infer` reads each play on its own. Here the whole round is dealt
again many times instead: each deck is drawn uniformly among those that put this seat's
own cards and the face-up cards where it saw them, and the round's actions are
replayed on it. A deck whose replay shows this seat anything other than its view is
dropped as soon as it differs. Each deck kept is weighted by how likely the
opponents' plays are in it under a model of play: the heuristic bot deciding from that
opponent's own view of that world, mixed with uniformly random play at the share the
search assumes of that opponent. The opponents' cards in the kept decks, so weighted,
give each opponent's card a probability, which becomes the beliefs' weight.

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
    events_seen,
    parse_action,
)
from ..engine.views import build_view
from .base import View
from .heuristic import HeuristicBot
from .inference import Beliefs

#: Worlds of the beliefs' own weights added to the replayed ones (smoothing).
PRIOR_WORLDS = 10.0
#: Events after which the deck no longer holds its cards in dealt order.
_REORDERING = frozenset({"chancellor_draw", "chancellor_return"})
_OVER = frozenset({Phase.ROUND_OVER.value, Phase.GAME_OVER.value})


class RoundReplays:
    """The decks that fit one seat's view of the round, dealt and replayed on demand."""

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
        sampler = WorldSampler(view)
        assert sampler.round is not None  # the view has events
        world = sampler.sample(random.Random(0))
        record = world.history[-1]
        self.before = sampler.before
        self.first = record.first
        self.actions: list[Action] = list(record.actions)
        self.known = self._known_places(world, len(record.deck))
        unseen = Counter(world.rules.deck)
        unseen.subtract(self.known.values())
        self.unseen = sorted(unseen.elements())
        self.unknown = [place for place in range(len(record.deck)) if place not in self.known]
        self._model = HeuristicBot()
        self._chosen: dict[tuple[object, ...], Action] = {}
        self._rules_rng = random.Random(0)  # the replays draw nothing at random

    def _known_places(self, world: Game, size: int) -> dict[int, str]:
        """Where this seat saw a card of the deck: the face-up cards, its deal, its draws
        (the deck is dealt top first: set aside, face up, one per seat, then drawn)."""
        start = 1 + world.rules.face_up
        known = {place: world.history[-1].deck[place] for place in range(1, start)}
        drawn = start + self.players
        for event in self.events:
            kind = event["type"]
            if kind == "deal" and event["seat"] == self.seat:
                known[start + (self.seat - self.first) % self.players] = event["card"]
            elif kind == "turn" or (kind == "draw" and not event["set_aside"]):
                if event["seat"] == self.seat:
                    known[drawn] = event["card"]
                drawn += 1
            elif kind == "draw" and event["seat"] == self.seat:
                known[0] = event["card"]  # the set-aside card, drawn by a Prince's target
        assert drawn <= size
        return known

    def hands(
        self, samples: int, noise: Mapping[int, float], rng: random.Random
    ) -> dict[int, dict[str, float]]:
        """Per opponent in the round, the weight of each card it may hold, from
        ``samples`` decks drawn with ``rng`` (noise: each opponent's share of random play)."""
        found: dict[int, dict[str, float]] = {}
        if not self.playable:
            return found
        cards = list(self.unseen)
        deck: list[str] = [""] * (len(self.known) + len(self.unknown))
        for place, card in self.known.items():
            deck[place] = card
        for _ in range(samples):
            rng.shuffle(cards)
            for place, card in zip(self.unknown, cards, strict=True):
                deck[place] = card
            replayed = self.replay(deck, noise)
            if replayed is None:
                continue
            game, likelihood = replayed
            for seat in range(self.players):
                if seat != self.seat and not game.out[seat] and game.hands[seat]:
                    held = found.setdefault(seat, {})
                    card = game.hands[seat][0]
                    held[card] = held.get(card, 0.0) + likelihood
        return found

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
                if len(legal) > 1 and self._modelled(game, index, seat) != action:
                    share = noise.get(seat, 0.0)
                    spread = share / len(legal)
                    likelihood *= spread / (1.0 - share + spread)
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
        seen = events_seen(game, self.seat)
        return len(seen) if seen[told:] == self.events[told : len(seen)] else -1

    def _modelled(self, game: Game, index: int, seat: int) -> Action:
        """The model's play for ``seat`` as the round's action ``index`` in ``game``."""
        # What the opponent knows beyond the public events (the same in every deck
        # replayed so far): its cards, what it saw or showed privately.
        key = (index, seat, *(event for event in game.log if seat in event[1:4]))
        choice = self._chosen.get(key)
        if choice is None:
            view = build_view(game, seat)
            choice = self._chosen[key] = parse_action(self._model.choose(view, random.Random(0)))
        return choice


def sharpen(
    view: View,
    beliefs: Beliefs,
    noise: Mapping[int, float],
    samples: int,
    rng: random.Random,
) -> Beliefs:
    """``beliefs`` with each opponent's weights from ``samples`` replayed decks (see the
    module), the beliefs' own probabilities counting as :data:`PRIOR_WORLDS` decks."""
    found = RoundReplays(view).hands(samples, noise, rng)
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
