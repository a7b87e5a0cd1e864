"""Whole games between random players, as fast as the engine goes.

A random player picks uniformly among the legal actions. This is what
``loveletter simulate`` and ``benchmarks/engine_speed.py`` run.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .engine import Game, Options

RecordSink = Callable[[int, dict[str, Any]], None]


@dataclass
class SimulationResult:
    """Totals of a simulation: per seat, games and rounds won (shared wins count)."""

    edition: str
    players: int
    games: int = 0
    rounds: int = 0
    seconds: float = 0.0
    game_wins: list[int] = field(default_factory=list)
    round_wins: list[int] = field(default_factory=list)

    @property
    def rounds_per_second(self) -> float:
        """Rounds played per second of wall-clock time."""
        return self.rounds / self.seconds if self.seconds else 0.0

    def as_json(self) -> dict[str, Any]:
        """The result as JSON data."""
        return {
            "edition": self.edition,
            "players": self.players,
            "games": self.games,
            "rounds": self.rounds,
            "seconds": round(self.seconds, 6),
            "rounds_per_second": round(self.rounds_per_second, 1),
            "game_wins": self.game_wins,
            "round_wins": self.round_wins,
            "game_win_share": [round(wins / max(self.games, 1), 4) for wins in self.game_wins],
            "round_win_share": [round(wins / max(self.rounds, 1), 4) for wins in self.round_wins],
        }


def play_random_game(game: Game, rng: random.Random) -> Game:
    """Play ``game`` to its end with uniformly random legal actions."""
    draw = rng.random
    while True:
        if game.to_move is None:
            if game.is_over:
                return game
            game.next_round()
            continue
        actions = game.legal_actions()
        game.apply(actions[int(draw() * len(actions))])


def simulate(
    edition: str,
    players: int,
    games: int,
    *,
    seed: int | None = None,
    options: Options | None = None,
    on_record: RecordSink | None = None,
) -> SimulationResult:
    """Play ``games`` random games; ``on_record(index, record)`` receives each record."""
    rng = random.Random(seed)
    result = SimulationResult(edition, players, game_wins=[0] * players, round_wins=[0] * players)
    started = time.perf_counter()
    for index in range(games):
        game = play_random_game(Game(edition, players, options=options, rng=rng), rng)
        result.games += 1
        result.rounds += len(game.results)
        for seat in game.winners:
            result.game_wins[seat] += 1
        for round_result in game.results:
            for seat in round_result.winners:
                result.round_wins[seat] += 1
        if on_record is not None:
            result.seconds += time.perf_counter() - started
            on_record(index, game.to_record())
            started = time.perf_counter()
    result.seconds += time.perf_counter() - started
    return result
