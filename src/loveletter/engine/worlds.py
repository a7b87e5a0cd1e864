"""Worlds one seat cannot tell from the real game: what it cannot see, dealt again.

A search that plays on from a seat's view needs whole games ("determinization"): the
seat's cards and everything public as they are, each hidden card somewhere. A world
here is a real game of the engine: its round is played from a deck, and with
decisions, that give the seat exactly its view, and every other seat a history that
fits the hand it holds in that world: its deal and draws, what it saw with a Priest,
a Baron, a King... (:mod:`.deals` samples the round). Nothing of the true game's
hidden cards is read: the input is the seat's view, or for :func:`sample_game` what
the seat saw of each round.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .deals import RoundSampler, Weights
from .events import events_for
from .game import Game
from .options import Options, Rules
from .schema import View
from .state import game_after_rounds
from .types import Phase, RoundResult
from .views import build_view


def sample_world(view: View, rng: random.Random, *, weights: Weights | None = None) -> Game:
    """A game the view's seat cannot tell from the one it sees (see :class:`WorldSampler`)."""
    return WorldSampler(view).sample(rng, weights=weights)


def sample_game(game: Game, seat: int, rng: random.Random) -> Game:
    """The whole of ``game`` as ``seat`` may know it, each round's hidden cards dealt
    again: for holders of the true game (OpenSpiel) that need every round's log.

    Only what ``seat`` saw is read: its view, and the events of earlier rounds as that
    seat saw them. Each round is sampled apart and replayed, so the result is a real
    game with a record.
    """
    view = build_view(game, seat)
    results = view["results"]
    world = Game(
        game.rules.edition,
        list(view["players"]),
        options=game.rules.options,
        rng=random.Random(rng.getrandbits(64)),
        start=False,
    )
    last = len(game.round_logs) - 1
    own = view["hand"]
    if own is None:  # cannot happen: a seat's view holds its hand
        raise ValueError(f"no hand in the view of seat {seat}")
    for index, log in enumerate(game.round_logs):
        result = results[index] if index < len(results) else None
        if index == last:
            events, hand = view["events"], own
        else:
            events, hand = events_for(log, seat), results[index]["hands"][seat]
        sampler = RoundSampler(game.rules, seat, events, hand, result)
        _, deck, actions = sampler.complete(sampler.deal(rng))
        world.next_round(deck, sampler.first)
        for action in actions:
            world.apply(action)
    return world


class WorldSampler:
    """Samples games consistent with one seat's view, cheaply after the first.

    ``sample(rng, weights=...)`` gives a new game each time. The seat's cards and all
    that is public are the view's. The other seats' cards now are drawn from the cards
    the seat has not seen, among those each may hold for certain, and in proportion to
    ``weights[seat][card]`` if given (a bot's beliefs); the deck and the set-aside card
    are shuffled; the round's history is sampled to fit. Earlier rounds are there as
    their results only (a view holds no more of them), so such a world has a record
    only in round 1. ``rng`` is the only randomness: the worlds share one RNG of
    their own, seeded from it, for rounds played after this one.
    """

    def __init__(self, view: View) -> None:
        seat, hand = view["seat"], view["hand"]
        if seat is None or hand is None:
            raise ValueError("worlds are sampled from a seat's view, not a spectator's")
        rules = Rules.settle(
            view["edition"], len(view["players"]), Options.from_dict(view["options"])
        )
        results = list(view["results"])
        self.round: RoundSampler | None = None
        next_first = None
        if view["events"]:
            over = view["phase"] in (Phase.ROUND_OVER.value, Phase.GAME_OVER.value)
            result = results.pop() if over else None
            self.round = RoundSampler(rules, seat, view["events"], hand, result)
            next_first = (self.round.first,)
        self.before = game_after_rounds(
            rules.edition,
            list(view["players"]),
            [_round_result(data) for data in results],
            options=rules.options,
            next_first=next_first,
        )
        self._base: Game | None = None
        self._rng: random.Random | None = None  # the worlds' own, for later rounds

    def sample(self, rng: random.Random, *, weights: Weights | None = None) -> Game:
        """One world: a new game, free to play on."""
        if self._rng is None:
            self._rng = random.Random(rng.getrandbits(64))
        current = self.round
        if current is None:
            return self.before.copy(self._rng)
        deal = current.deal(rng, weights)
        base = self._base
        if base is None:  # replay one world; the others share its public state
            _, deck, actions = current.complete(deal)
            base = self._base = self.before.copy(random.Random(0))
            base.next_round(deck, current.first)
            for action in actions:
                base.apply(action)
        # What differs between the worlds of one view: the hidden cards, where they
        # are in the log and the round's record. The result is the game a replay of
        # that record gives (tests/test_worlds.py checks it).
        log, cards, decisions = current.parts(deal)
        return base.copy_with_hidden(
            self._rng,
            cards=cards,
            actions=decisions if current.hidden_decisions else None,
            log=log,
            hands=deal.hands,
            deck=current.deck_now(deal),
        )


def _round_result(data: Mapping[str, Any]) -> RoundResult:
    """A finished round from a view's ``results`` entry.

    A view does not say who could have started the next round (``tied``); the
    winners stand in for them, which no view can tell apart.
    """
    return RoundResult(
        number=data["round"],
        ending=data["ending"],
        winners=tuple(data["winners"]),
        tokens=tuple(data["tokens"]),
        hands=tuple(tuple(hand) for hand in data["hands"]),
        set_aside=data["set_aside"],
        bonuses=tuple((bonus["seat"], bonus["reason"]) for bonus in data["bonuses"]),
        tied=tuple(data["winners"]),
    )
