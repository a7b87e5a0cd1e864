"""Shared helpers of the RL tests: every table, and random positions of a table."""

from __future__ import annotations

import random
from collections.abc import Iterator

from loveletter.engine import EDITIONS, Game

#: Every (edition, player count) the engine supports.
TABLES = [
    (edition.id, players)
    for edition in EDITIONS.values()
    for players in range(edition.min_players, edition.max_players + 1)
]


def table_id(table: tuple[str, int]) -> str:
    return f"{table[0]}-{table[1]}p"


def positions(
    edition: str, players: int, games: int, seed: int = 0, share: float = 1.0
) -> Iterator[Game]:
    """Decision points of ``games`` random games (the same Game object, moving on):
    every one, or about ``share`` of them."""
    rng = random.Random(seed)
    for _ in range(games):
        game = Game(edition, players, rng=random.Random(rng.random()))
        while not game.is_over:
            if game.to_move is None:
                game.next_round()
                continue
            if share == 1.0 or rng.random() < share:
                yield game
            game.apply(rng.choice(game.legal_actions()))
