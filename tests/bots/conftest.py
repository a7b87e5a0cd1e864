"""Helpers for the bot tests: random positions of every edition and player count."""

from __future__ import annotations

import random
from collections.abc import Iterator

from loveletter.engine import EDITIONS, Game

TABLES = [
    (edition.id, players)
    for edition in EDITIONS.values()
    for players in range(edition.min_players, edition.max_players + 1)
]


def positions(seed: int, per_table: int, chance: float = 0.35) -> Iterator[Game]:
    """Games of every table, stopped at random decisions with a choice, and at every
    second step (yielded live: copy before changing them)."""
    rng = random.Random(seed)
    for edition, players in TABLES:
        found = 0
        while found < per_table:
            game = Game(edition, players, rng=random.Random(rng.getrandbits(32)))
            while not game.is_over and found < per_table:
                if game.to_move is None:
                    game.next_round()
                    continue
                legal = game.legal_actions()
                second_step = game.phase.value != "play"
                if len(legal) > 1 and (second_step or rng.random() < chance):
                    found += 1
                    yield game
                game.apply(rng.choice(legal))
