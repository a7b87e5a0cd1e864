"""Solve the small variants exactly with OpenSpiel's CFR and measure every bot's NashConv.

    pip install -e '.[rl]'
    nice -n 10 python examples/solve_small_variants.py --variants mini5 mini6 \\
        --iterations 1000 --json docs/rl_cfr.json
    python examples/solve_small_variants.py --variants --plot docs/rl_cfr.png \\
        --with docs/rl_cfr.json  # only the plot, from that run's figures

For each variant (``loveletter.rl.variants``) the script exports the whole game tree
to OpenSpiel's C++ extensive-form game, runs OpenSpiel's CFR on it, printing the
NashConv of the average policy along the way, then computes the NashConv of the
built-in bots (``--bots``) made policies by ``loveletter.rl.solve.bot_policy``. It
writes the sizes, the curves and the table as JSON and plots the curves, with those
of earlier runs' JSON files (``--with``).
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


def run(name: str, iterations: int, bots: list[str], seeds: dict[str, int]) -> dict[str, Any]:
    """Sizes, CFR curve and bots' NashConv of one variant."""
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
    for done, value, _ in solve.cfr_curve(solved, iterations):
        curve.append([done, value])
        print(f"  CFR {done:>6} iterations: NashConv {value:.5f}", flush=True)
    result["cfr"] = curve
    result["cfr_seconds"] = round(time.process_time() - started, 1)
    table = {}
    for spec in bots:
        started = time.process_time()
        value = solve.nash_conv(solved, solve.bot_policy(solved, tree, spec, seeds[spec]))
        table[spec] = value
        print(f"  {spec}: NashConv {value:.4f} ({time.process_time() - started:.0f} s)")
    result["bots"] = table
    result["bot_seeds"] = {spec: seeds[spec] for spec in bots}
    return result


def plot(results: list[dict[str, Any]], path: Path) -> None:
    """NashConv against CFR iterations, log-log, one line per variant."""
    import matplotlib  # the rl extra's, only for the plot

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4.5))
    for result in results:
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
    parser.add_argument("--json", type=Path)
    parser.add_argument("--plot", type=Path)
    parser.add_argument("--with", dest="others", nargs="*", type=Path, default=[])
    args = parser.parse_args()
    seeds = dict.fromkeys(args.bots, args.seeds)
    seeds |= {spec: int(count) for spec, count in (item.split("=") for item in args.bot_seeds)}
    results = [run(name, args.iterations, args.bots, seeds) for name in args.variants]
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    if args.plot:
        earlier = [json.loads(path.read_text(encoding="utf-8")) for path in args.others]
        plot([result for results in earlier for result in results] + results, args.plot)


if __name__ == "__main__":
    main()
