"""Rounds per second of random play, one core, per edition and player count.

Rates are per second of this process's CPU time, so that other work on the machine
does not count against them.

    python benchmarks/engine_speed.py            # every edition and player count
    python benchmarks/engine_speed.py --quick    # the headline pairs only
    python benchmarks/engine_speed.py --json

Random play goes through the full engine: legal actions computed, every action
verified, events logged (views and narration are derived from them on demand).
"""

from __future__ import annotations

import argparse
import json
import random
import time

from loveletter.engine import EDITIONS, Game
from loveletter.simulation import play_random_game

HEADLINE = [("classic", 2), ("classic", 4), ("2019", 4), ("2019", 6), ("premium", 8)]


def rounds_per_second(edition: str, players: int, seconds: float, seed: int = 1) -> float:
    """Play random games for about ``seconds`` of this process's CPU time; return the
    rate of finished rounds per CPU second (one core, whatever else the machine runs)."""
    rng = random.Random(seed)
    rounds = 0
    started = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        for _ in range(20):
            game = play_random_game(Game(edition, players, rng=rng), rng)
            rounds += len(game.results)
        elapsed = time.process_time() - started
    return rounds / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per configuration")
    parser.add_argument("--quick", action="store_true", help="only the headline pairs")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    pairs = (
        HEADLINE
        if args.quick
        else [
            (edition.id, players)
            for edition in EDITIONS.values()
            for players in range(edition.min_players, edition.max_players + 1)
        ]
    )
    rates = {}
    for edition, players in pairs:
        rate = rounds_per_second(edition, players, args.seconds)
        rates[f"{edition}/{players}"] = round(rate)
        if not args.json:
            print(f"{edition:>13} {players} players: {rate:>9,.0f} rounds/s", flush=True)
    if args.json:
        print(json.dumps({"rounds_per_second": rates}))


if __name__ == "__main__":
    main()
