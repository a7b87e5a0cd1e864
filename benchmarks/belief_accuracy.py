"""How much a seat's beliefs say about an opponent's hidden card, and what they cost.

Plays rounds at a table of ``heuristic`` bots and, at each decision of one seat with a
card to play, scores three guesses of the next opponent's card (one it does not know
for certain) against the truth: the cards it has not seen, counted
(``Beliefs.pool``); the beliefs :func:`loveletter.bots.infer` reads from the plays;
and those beliefs sharpened by replaying the round (:func:`loveletter.bots.replays.sharpen`).
It prints each one's cross-entropy (the mean of -ln p(true card), in nats: lower is
better) and how often its likeliest card is the true one, and the CPU time of the
replays::

    python benchmarks/belief_accuracy.py
    python benchmarks/belief_accuracy.py --rounds 200 --replays 3000 --edition 2019 --players 4
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from loveletter.bots import HeuristicBot, infer
from loveletter.bots.levels import EXPERT_REPLAYS
from loveletter.bots.replays import sharpen
from loveletter.engine import Game, build_view, parse_action

#: The least probability scored: a true card given 0 costs ln(1000) instead of infinity.
FLOOR = 1e-3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=120)
    parser.add_argument("--replays", type=int, default=EXPERT_REPLAYS, help="decks a decision")
    parser.add_argument("--noise", type=float, default=0.03, help="random play assumed")
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args()
    heuristic = HeuristicBot()
    rng = random.Random(args.seed)
    scores: dict[str, list[float]] = {"counted": [], "inferred": [], "replayed": []}
    hits: dict[str, list[bool]] = {name: [] for name in scores}
    seconds: list[float] = []
    for number in range(args.rounds):
        game = Game(args.edition, args.players, seed=args.seed + number)
        me = number % args.players
        while game.to_move is not None:
            seat = game.to_move
            view = build_view(game, seat)
            legal = view["legal_actions"]
            if seat == me and len(legal) > 1 and view["phase"] == "play":
                noise = {other: args.noise for other in range(args.players) if other != me}
                beliefs = infer(view, noise=noise)
                started = time.process_time()
                sharpened = sharpen(view, beliefs, noise, args.replays, random.Random(number))
                seconds.append(time.process_time() - started)
                other = next(
                    (me + step) % args.players
                    for step in range(1, args.players)
                    if not game.out[(me + step) % args.players]
                )
                if other not in beliefs.known:
                    unseen = sum(beliefs.pool.values())
                    guesses = {
                        "counted": {card: k / unseen for card, k in beliefs.pool.items()},
                        "inferred": beliefs.probabilities(other),
                        "replayed": sharpened.probabilities(other),
                    }
                    truth = game.hands[other][0]
                    for name, guess in guesses.items():
                        scores[name].append(-math.log(max(guess.get(truth, 0.0), FLOOR)))
                        hits[name].append(max(guess, key=lambda card: guess[card]) == truth)
            choice = heuristic.choose(view, rng) if len(legal) > 1 else legal[0]
            game.apply(parse_action(choice))
    print(
        f"# {args.edition}, {args.players} players, {args.rounds} rounds, "
        f"{len(scores['counted'])} decisions, {args.replays} decks replayed each"
    )
    for name in scores:
        print(
            f"  {name:<9} cross-entropy {statistics.mean(scores[name]):.3f} nats   "
            f"likeliest card right {statistics.mean(hits[name]):.1%}"
        )
    ordered = sorted(seconds)
    print(
        f"  replays: CPU median {statistics.median(seconds) * 1000:.1f} ms, "
        f"90th percentile {ordered[int(0.9 * len(ordered))] * 1000:.1f} ms, "
        f"99th percentile {ordered[int(0.99 * len(ordered))] * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
