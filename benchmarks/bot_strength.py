"""How strong and how fast the bots are: seat-rotated matches with a fixed seed.

Prints, for each match, every bot's round and game win rates with 95% (Wilson)
intervals, its median time per decision, and the wall-clock time. Run it alone on an
idle machine for the timings (one process by default)::

    python benchmarks/bot_strength.py                 # every match (about an hour)
    python benchmarks/bot_strength.py --only 2p       # the 2-player Classic matches
    python benchmarks/bot_strength.py --only timing   # the expert's time per decision
    python benchmarks/bot_strength.py --quick         # a smoke run, a few games each

A round or game won jointly counts as won. Results are in docs/bot_strength.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

from loveletter.arena import ArenaResult, run_arena, wilson
from loveletter.bots import make_bot
from loveletter.engine import Game, View, build_view

#: (key, edition, players, bots, games): 2-player matches are sized for 2,000+ rounds.
MATCHES = [
    ("2p-heuristic-random", "classic", 2, ("heuristic", "random"), 240),
    ("2p-expert-random", "classic", 2, ("expert", "random"), 240),
    ("2p-expert-heuristic", "classic", 2, ("expert", "heuristic"), 240),
    ("4p-2019", "2019", 4, ("expert", "heuristic"), 120),
    ("6p-2019", "2019", 6, ("expert", "heuristic"), 100),
    ("8p-premium", "premium", 8, ("expert", "heuristic"), 80),
]


def report(key: str, result: ArenaResult) -> None:
    """Print one match's figures."""
    print(f"\n## {key}: {result.edition}, {result.players} players, {result.seconds:.0f} s")
    for bot in result.bots:
        round_low, round_high = wilson(bot.rounds_won, bot.rounds)
        game_low, game_high = wilson(bot.games_won, bot.games)
        print(
            f"  {bot.name:<10} rounds {bot.rounds_won:>5}/{bot.rounds:<5} "
            f"{bot.round_win_rate:6.1%} [{round_low:.1%}, {round_high:.1%}]   "
            f"games {bot.games_won:>4}/{bot.games:<4} {bot.game_win_rate:6.1%} "
            f"[{game_low:.1%}, {game_high:.1%}]   "
            f"{bot.ms_per_decision:6.1f} ms/decision (median of {len(bot.times)})"
        )
    sys.stdout.flush()


#: Tables on which the expert's time per decision is measured.
TIMED = [("classic", 2), ("2019", 4), ("2019", 6), ("premium", 8)]


def timing(decisions: int, seed: int) -> None:
    """Time ``expert`` on random positions: CPU time (one core) and wall time."""
    for edition, players in TIMED:
        rng = random.Random(seed)
        views: list[View] = []
        while len(views) < decisions:
            game = Game(edition, players, rng=random.Random(rng.getrandbits(32)))
            while game.to_move is not None and len(views) < decisions:
                legal = game.legal_actions()
                if len(legal) > 1 and rng.random() < 0.5:
                    views.append(build_view(game, game.to_move))
                game.apply(rng.choice(legal))
        bot = make_bot("expert")
        cpu, wall = [], []
        for index, view in enumerate(views):
            started_cpu, started_wall = time.process_time(), time.perf_counter()
            bot.choose(view, random.Random(index))
            cpu.append(time.process_time() - started_cpu)
            wall.append(time.perf_counter() - started_wall)
        print(f"\n## timing: expert on {len(views)} decisions, {edition}, {players} players")
        for label, times in (("CPU", cpu), ("wall", wall)):
            ordered = sorted(times)
            print(
                f"  {label:<4} median {statistics.median(times) * 1000:6.1f} ms   "
                f"mean {statistics.mean(times) * 1000:6.1f} ms   "
                f"90th percentile {ordered[int(0.9 * len(ordered))] * 1000:6.1f} ms"
            )
        sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--jobs", type=int, default=1, help="processes (timings then suffer)")
    parser.add_argument("--only", default="", help="run the matches whose key contains this")
    parser.add_argument("--quick", action="store_true", help="a few games per match")
    args = parser.parse_args()
    print(f"# bot strength · Python {platform.python_version()} · {os.cpu_count()} CPUs")
    print(f"# seed {args.seed} · jobs {args.jobs}")
    started = time.perf_counter()
    if args.only in ("", "timing"):
        timing(20 if args.quick else 200, args.seed)
    for key, edition, players, bots, games in MATCHES:
        if args.only not in key:
            continue
        count = 4 if args.quick else games
        result = run_arena(edition, players, bots, count, seed=args.seed, jobs=args.jobs)
        report(key, result)
    print(f"\ntotal {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
