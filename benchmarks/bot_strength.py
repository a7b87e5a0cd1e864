"""How strong and how fast the bots are: seat-rotated matches with a fixed seed.

Prints, for each match, every bot's round and game win rates with 95% (Wilson)
intervals, its median time per decision, and the wall-clock time; in 2-player
matches also each bot's rate in the rounds it played second, and in the
multi-player matches (one ``expert`` against ``heuristic`` in every other seat) the
expert's share of rounds against its fair share. Run it alone on an idle machine for
the timings (one process by default)::

    python benchmarks/bot_strength.py                 # every match (about an hour)
    python benchmarks/bot_strength.py --only 2p       # the 2-player Classic matches
    python benchmarks/bot_strength.py --only timing   # expert's and hard's time per decision
    python benchmarks/bot_strength.py --quick         # a smoke run, a few games each

A round or game won jointly counts as won. Results are in docs/bot_strength.md.
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable

from loveletter.arena import ArenaResult, run_arena, wilson
from loveletter.bots import make_bot
from loveletter.engine import Game, View, build_view
from loveletter.simulation import GameOutcome

#: (key, edition, players, bots, games): 2-player matches are sized for 3,000+ rounds;
#: in the others one expert plays against heuristics, its seat rotating.
MATCHES = [
    ("2p-heuristic-random", "classic", 2, ("heuristic", "random"), 280),
    ("2p-expert-random", "classic", 2, ("expert", "random"), 300),
    ("2p-expert-heuristic", "classic", 2, ("expert", "heuristic"), 280),
    ("4p-2019", "2019", 4, ("expert", *["heuristic"] * 3), 120),
    ("6p-2019", "2019", 6, ("expert", *["heuristic"] * 5), 120),
    ("8p-premium", "premium", 8, ("expert", *["heuristic"] * 7), 120),
]


def report(key: str, result: ArenaResult, second: list[tuple[int, int]]) -> None:
    """Print one match's figures; ``second``: per bot, rounds won and played as second
    player (2 players), or nothing."""
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
    for bot, (won, played) in zip(result.bots, second, strict=False):
        low, high = wilson(won, played)
        print(
            f"  {bot.name:<10} as second player: rounds {won:>5}/{played:<5} "
            f"{won / max(played, 1):6.1%} [{low:.1%}, {high:.1%}]"
        )
    if result.players > 2:
        expert = result.bots[0]
        fair = 1 / result.players
        print(
            f"  {expert.name} share of rounds {expert.round_win_rate:.1%}, "
            f"{expert.round_win_rate / fair:.2f} times its fair share ({fair:.1%}); "
            f"of games {expert.game_win_rate:.1%}, {expert.game_win_rate / fair:.2f} times"
        )
    sys.stdout.flush()


def second_player(players: int, bots: int) -> tuple[list[list[int]], Callable[[GameOutcome], None]]:
    """Counts of rounds won and played as second player per bot (2 players), and the
    ``on_game`` callback of :func:`run_arena` that fills them."""
    counts = [[0, 0] for _ in range(bots)] if players == 2 else []

    def on_game(outcome: GameOutcome) -> None:
        if not counts:
            return
        for winners, first in zip(outcome.round_winners, outcome.round_firsts, strict=True):
            seat = 1 - first
            line = counts[outcome.lineup[seat]]
            line[0] += seat in winners
            line[1] += 1

    return counts, on_game


#: Tables on which the searching levels' time per decision is measured.
TIMED = [("classic", 2), ("2019", 4), ("2019", 6), ("premium", 8)]


def timing(decisions: int, seed: int) -> None:
    """Time ``expert`` and ``hard`` on random positions: CPU time (one core), wall time."""
    for (edition, players), level in itertools.product(TIMED, ("expert", "hard")):
        rng = random.Random(seed)
        views: list[View] = []
        while len(views) < decisions:
            game = Game(edition, players, rng=random.Random(rng.getrandbits(32)))
            while game.to_move is not None and len(views) < decisions:
                legal = game.legal_actions()
                if len(legal) > 1 and rng.random() < 0.5:
                    views.append(build_view(game, game.to_move))
                game.apply(rng.choice(legal))
        bot = make_bot(level)
        cpu, wall = [], []
        for index, view in enumerate(views):
            started_cpu, started_wall = time.process_time(), time.perf_counter()
            bot.choose(view, random.Random(index))
            cpu.append(time.process_time() - started_cpu)
            wall.append(time.perf_counter() - started_wall)
        print(f"\n## timing: {level} on {len(views)} decisions, {edition}, {players} players")
        for label, times in (("CPU", cpu), ("wall", wall)):
            ordered = sorted(times)
            print(
                f"  {label:<4} median {statistics.median(times) * 1000:6.1f} ms   "
                f"mean {statistics.mean(times) * 1000:6.1f} ms   "
                f"90th percentile {ordered[int(0.9 * len(ordered))] * 1000:6.1f} ms   "
                f"99th percentile {ordered[int(0.99 * len(ordered))] * 1000:6.1f} ms"
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
        second, on_game = second_player(players, len(bots))
        result = run_arena(
            edition, players, bots, count, seed=args.seed, jobs=args.jobs, on_game=on_game
        )
        report(key, result, [(won, played) for won, played in second])
    print(f"\ntotal {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
