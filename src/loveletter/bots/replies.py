"""The opponents' replies in the search's rollouts, played as the heuristic bot would.

The fast policy of :mod:`.rollout` plays every seat the same simple way; it does not
read the plays it sees. The heuristic bot does: after a Priest played keeping a
Guard, it believes the Guard is a higher card, and its Baron follows from that
belief. So in the rounds the search plays forward, each opponent's first decision
is the heuristic bot's, taken on that opponent's own view of the sampled world (one
of its best-scored plays, drawn at random when they tie, as the bot itself does); the
later ones are the fast policy's.

Many worlds show an opponent the same thing, so the replies are remembered by what
the opponent has seen: the round's events with the cards it may not know hidden
(:func:`loveletter.engine.redact`), its own cards among them. One :class:`Replies`
serves one decision's search, whose worlds share the game's scores and rounds. The
search bot uses them at tables of two only: with more opponents, what each has seen
differs from world to world too often for the memory to help.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine import Action, Game, build_view, parse_action, redact
from .heuristic import HeuristicBot


class Replies:
    """The heuristic bot's decisions for opponents in the worlds of one search, from
    the log's event ``start`` on (the searched decision)."""

    def __init__(self, start: int) -> None:
        self.start = start
        self._model = HeuristicBot()
        self._decisions: dict[tuple[Any, ...], tuple[Action, ...]] = {}
        #: What each opponent saw before the searched decision, as a number per
        #: distinct past, for the world being played (:meth:`new_world`).
        self._pasts: dict[tuple[Any, ...], int] = {}
        self._world: dict[int, int] = {}

    def new_world(self) -> None:
        """The next rollouts are played in another sampled world."""
        self._world = {}

    def decide(self, game: Game, seat: int, rng: random.Random) -> Action:
        """What the heuristic bot plays for ``seat``, to move in ``game``: one of its
        best-scored actions, drawn with ``rng`` when they tie."""
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        log = game.log
        past = self._world.get(seat)
        if past is None:
            seen = tuple(redact(event, seat) for event in log[: self.start])
            past = self._world[seat] = self._pasts.setdefault(seen, len(self._pasts))
        since = (redact(event, seat) for event in log[self.start :])
        key = (seat, past, *since)
        choices = self._decisions.get(key)
        if choices is None:
            view = build_view(game, seat)
            choices = tuple(parse_action(text) for text in self._model.choices(view))
            self._decisions[key] = choices
        if len(choices) == 1:
            return choices[0]
        return choices[int(rng.random() * len(choices))]
