"""Solve the small variants exactly with OpenSpiel's CFR and measure every bot's NashConv.

    pip install -e '.[rl]'
    nice -n 10 python examples/solve_small_variants.py --variants mini5 mini6 \\
        --iterations 1000 --json docs/rl_cfr.json
    python examples/solve_small_variants.py --variants --plot docs/rl_cfr.png \\
        --with docs/rl_cfr.json  # only the plot, from that run's figures

For each variant (``loveletter.rl.variants``) the script exports the whole game tree
to OpenSpiel's C++ extensive-form game, runs OpenSpiel's CFR on it, printing the
NashConv of the average policy along the way, then computes the NashConv of the
built-in bots (``--bots``) made policies by ``loveletter.rl.solve.bot_nash_conv``:
exact for the bots that tell their distribution (random, heuristic), otherwise measured
on ``--seeds`` decisions per information set (biased upward for a stochastic bot)
with a bootstrap interval of ``--resamples`` resamples; each row says which. With
``--against BOT`` it also prints, for each seat, what each bot and a best response win
against that bot: how close a bot comes to the most that can be won against it. It
writes the sizes, the curves and the tables as JSON and plots the curves, with those
of earlier runs' JSON files (``--with``)::

    nice -n 10 python examples/solve_small_variants.py --variants mini6 mini7 \
        --iterations 0 --bots heuristic hard expert --against heuristic
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import pyspiel

import loveletter.rl.openspiel_game  # noqa: F401 - registers python_loveletter
from loveletter.rl import solve
from loveletter.rl.variants import VARIANTS


def run(
    name: str,
    iterations: int,
    bots: list[str],
    seeds: dict[str, int],
    against: str | None,
    resamples: int = 20,
) -> dict[str, Any]:
    """Sizes, CFR curve, bots' NashConv of one variant, and what each bot and a best
    response win against the bot ``against``."""
    started = time.process_time()
    game = pyspiel.load_game("python_loveletter", VARIANTS[name].params())
    tree = solve.export_tree(game)
    solved = solve.load_tree(tree)
    deck = " ".join(VARIANTS[name].edition.cards(2))
    result: dict[str, Any] = {
        "variant": name,
        "deck": deck,
        "openspiel": str(game),
        "histories": tree.histories,
        "terminal_histories": tree.terminals,
        "infosets": [tree.infosets(0), tree.infosets(1)],
        "export_seconds": round(time.process_time() - started, 1),
    }
    print(f"{name} ({deck}): {tree.histories:,} histories, infosets {result['infosets']}")
    curve = []
    started = time.process_time()
    for done, value, _ in solve.cfr_curve(solved, iterations) if iterations > 0 else ():
        curve.append([done, value])
        print(f"  CFR {done:>6} iterations: NashConv {value:.5f}", flush=True)
    result["cfr"] = curve
    result["cfr_seconds"] = round(time.process_time() - started, 1)
    table = {}
    policies = {}
    for spec in bots:
        started = time.process_time()
        measure, policies[spec] = solve.bot_nash_conv(solved, tree, spec, seeds[spec], resamples)
        seconds = round(time.process_time() - started, 1)
        table[spec] = {**describe(measure), "seconds": seconds}
        print(f"  {spec}: NashConv {measure.value:.4f}, {table[spec]['kind']} ({seconds:.0f} s)")
    result["bots"] = table
    if against is not None:
        returns = versus(solved, tree, policies, against, seeds[against])
        result["against"] = {"bot": against, "returns": returns}
    return result


def describe(measure: solve.BotNashConv) -> dict[str, Any]:
    """A bot's NashConv as JSON: the value, and whether it is exact or an estimate
    with its bootstrap interval (in words under ``kind``)."""
    if measure.exact:
        kind = "exact"
    elif measure.seeds < 2:
        kind = "estimate from 1 decision per infoset, no interval (biased upward)"
    else:
        kind = (
            f"estimate from {measure.seeds} decisions per infoset, 95% bootstrap "
            f"{measure.low:.4f}-{measure.high:.4f} (biased upward)"
        )
    return {
        "nash_conv": measure.value,
        "exact": measure.exact,
        "interval": [measure.low, measure.high],
        "seeds": measure.seeds,
        "kind": kind,
    }


def versus(
    solved: pyspiel.Game,
    tree: solve.Tree,
    policies: dict[str, Any],
    against: str,
    seeds: int,
) -> dict[str, list[float]]:
    """Per bot, and for a best response, its expected return in each seat against the
    bot ``against`` (asked ``seeds`` times per information set, as when it is one of
    the bots), printed with the share of games won (a tie counting half)."""
    opponent = policies.get(against) or solve.bot_policy(solved, tree, against, seeds)
    returns = {
        spec: [solve.value_against(solved, policy, opponent, seat) for seat in (0, 1)]
        for spec, policy in policies.items()
    }
    returns["best response"] = [
        solve.best_response_value(solved, opponent, seat) for seat in (0, 1)
    ]
    print(f"  against {against}, share of games won as first player, second, both:")
    for spec, (first, second) in returns.items():
        shares = [(value + 1) / 2 for value in (first, second, (first + second) / 2)]
        print(f"    {spec:<14} " + "   ".join(f"{share:6.1%}" for share in shares))
    return returns


def plot(results: list[dict[str, Any]], path: Path) -> None:
    """NashConv against CFR iterations, log-log, one line per variant."""
    import matplotlib  # the rl extra's, only for the plot

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4.5))
    for result in results:
        if not result["cfr"]:
            continue  # run with --iterations 0
        iterations, values = zip(*result["cfr"], strict=True)
        sets = sum(result["infosets"])
        axes.plot(iterations, values, marker=".", label=f"{result['variant']} ({sets:,} infosets)")
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("CFR iterations")
    axes.set_ylabel("NashConv of the average policy")
    axes.set_title("OpenSpiel's CFR on Love Letter's small variants")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", nargs="*", default=["mini5", "mini6"], choices=VARIANTS)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--bots", nargs="*", default=["random", "heuristic", "hard", "expert"])
    parser.add_argument("--seeds", type=int, default=4, help="decisions per bot and infoset")
    parser.add_argument(
        "--bot-seeds", nargs="*", default=[], help="BOT=N: another --seeds for a bot"
    )
    parser.add_argument(
        "--resamples", type=int, default=20, help="bootstrap resamples of a bot's decisions"
    )
    parser.add_argument("--against", help="a bot: what each bot and a best response win against it")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--plot", type=Path)
    parser.add_argument("--with", dest="others", nargs="*", type=Path, default=[])
    args = parser.parse_args()
    seeds = dict.fromkeys([*args.bots, *([args.against] if args.against else [])], args.seeds)
    seeds |= {spec: int(count) for spec, count in (item.split("=") for item in args.bot_seeds)}
    results = [
        run(name, args.iterations, args.bots, seeds, args.against, args.resamples)
        for name in args.variants
    ]
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    if args.plot:
        earlier = [json.loads(path.read_text(encoding="utf-8")) for path in args.others]
        plot([result for results in earlier for result in results] + results, args.plot)


if __name__ == "__main__":
    main()
