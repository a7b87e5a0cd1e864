"""A small variant's CFR solution against the built-in bots, in the arena.

    pip install -e '.[rl]'
    nice -n 10 python examples/variant_arena.py --variant mini6 --iterations 1000 \\
        --table docs/cfr_mini6.json --games 400

Solves the variant with OpenSpiel's CFR (``loveletter.rl.solve``), saves the average
policy as a table of information states (``--table``), then plays it against the
built-in bots with ``loveletter.arena`` (the table through the bot protocol:
``python -m loveletter.rl.policy_bot TABLE.json``) and prints the arena's JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pyspiel

import loveletter.rl.openspiel_game  # noqa: F401 - registers python_loveletter
from loveletter.arena import run_arena
from loveletter.rl import solve
from loveletter.rl.variants import VARIANTS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="mini6", choices=VARIANTS)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--table", type=Path, required=True)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--bots", nargs="*", default=["random", "heuristic", "hard", "expert"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    variant = VARIANTS[args.variant]
    game = pyspiel.load_game("python_loveletter", variant.params())
    tree = solve.export_tree(game)
    solved = solve.load_tree(tree)
    for done, value, average in solve.cfr_curve(solved, args.iterations, points=2):
        print(f"CFR, {done} iterations: NashConv {value:.5f}", file=sys.stderr)
        # the average policy lives as long as its solver: read it inside the loop
        table = solve.policy_table(solved, tree, average)
    args.table.write_text(json.dumps(table, sort_keys=True) + "\n", encoding="utf-8")
    spec = f"exec:{sys.executable} -m loveletter.rl.policy_bot {args.table}"
    result = run_arena(
        variant.edition.id,
        variant.players,
        [*args.bots, spec],
        args.games,
        seed=args.seed,
        options=variant.options,
    )
    print(json.dumps(result.as_json(), indent=1))


if __name__ == "__main__":
    main()
