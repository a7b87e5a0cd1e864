"""Train a MaskablePPO agent (sb3-contrib) at Love Letter against the built-in bots.

    pip install -e '.[rl]'
    python examples/train_maskable_ppo.py --steps 300000 --plot docs/rl_training.png

The agent plays seat 0 of ``loveletter/LoveLetter-v0`` against ``--opponent`` and
learns from the tokens it gains (``reward="round"``). Every ``--eval-every`` steps it
plays ``--eval-games`` whole games (greedy, masked) against the random and the
heuristic bot; the script prints the win rates, writes them as JSON and plots them
with the win rates of the random and the heuristic bots themselves as reference lines.
Everything runs on one CPU thread. ``--relative`` trains on seat-relative
observations and actions, ``--any-seat`` in a random seat each game, and ``--save``
writes the policy network for ``loveletter.rl.policy_bot`` (NumPy only, to play it in
the arena, the terminal game or as the Gym env's opponent).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO

from loveletter.bots import make_bot
from loveletter.engine import build_view
from loveletter.rl.gym_env import LoveLetterEnv
from loveletter.rl.policy_bot import save_mlp, sb3_layers

Policy = Callable[[LoveLetterEnv, np.ndarray], int]
EVAL_OPPONENTS = ("random", "heuristic")


def win_rate(
    policy: Policy, edition: str, players: int, opponent: str, games: int, relative: bool
) -> float:
    """The share of ``games`` whole games that ``policy`` wins in seat 0 (seeds 10**6 + i)."""
    env = LoveLetterEnv(edition, players, opponent, reward="game", relative_seats=relative)
    wins = 0
    for game in range(games):
        observation, _ = env.reset(seed=10**6 + game)
        done = False
        reward = 0.0
        while not done:
            observation, reward, done, _, _ = env.step(policy(env, observation))
        wins += reward > 0
    env.close()
    return wins / games


def model_policy(model: MaskablePPO) -> Policy:
    """The trained agent's greedy choice among the legal actions."""

    def choose(env: LoveLetterEnv, observation: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=env.action_masks(), deterministic=True)
        return int(action)

    return choose


def bot_policy(spec: str) -> Policy:
    """A built-in bot playing the agent's seat, for reference."""
    bot = make_bot(spec)
    rng = random.Random(0)

    def choose(env: LoveLetterEnv, observation: np.ndarray) -> int:
        view = build_view(env.game, env.seat)
        legal = view["legal_actions"]
        action = env.space.index(legal[0] if len(legal) == 1 else bot.choose(view, rng))
        if env.relative_seats:  # the index in the env's numbering
            return int(np.flatnonzero(env.space.relative(env.seat) == action)[0])
        return action

    return choose


def plot(results: dict[str, Any], path: Path) -> None:
    """Win rate against training steps, one line per opponent, with 95% intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games = results["eval_games"]
    figure, axes = plt.subplots(figsize=(9, 4.2), dpi=110)
    steps = [point["steps"] for point in results["curve"]]
    colors = {"random": "tab:blue", "heuristic": "tab:red"}
    for opponent in EVAL_OPPONENTS:
        rates = np.array([point[opponent] for point in results["curve"]])
        margin = 1.96 * np.sqrt(rates * (1 - rates) / games)
        color = colors[opponent]
        axes.plot(steps, rates, marker="o", color=color, label=f"PPO agent vs {opponent}")
        axes.fill_between(steps, rates - margin, rates + margin, color=color, alpha=0.15)
        for reference, style in (("random", ":"), ("heuristic", "--")):
            rate = results["reference"][f"{reference} vs {opponent}"]
            axes.axhline(
                rate,
                color=color,
                linestyle=style,
                linewidth=1,
                label=f"{reference} bot vs {opponent} ({rate:.0%})",
            )
    axes.set_xlabel("training steps (agent decisions)")
    axes.set_ylabel(f"games won ({games} games per point)")
    axes.set_ylim(0, 1)
    axes.set_title(
        f"MaskablePPO, {results['edition']} {results['players']} players, "
        f"trained against {results['opponent']}"
    )
    axes.grid(alpha=0.3)
    axes.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1))
    figure.tight_layout()
    figure.savefig(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponent", default="random", help="bot the agent trains against")
    parser.add_argument("--steps", type=int, default=300_000)
    parser.add_argument("--eval-every", type=int, default=30_000)
    parser.add_argument("--eval-games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", type=Path, help="write the figure (PNG) here")
    parser.add_argument("--json", type=Path, help="write the numbers (JSON) here")
    parser.add_argument(
        "--relative", action="store_true", help="seat-relative observations and actions"
    )
    parser.add_argument("--any-seat", action="store_true", help="train in a random seat each game")
    parser.add_argument("--save", type=Path, help="save the policy (.npz, NumPy) here")
    args = parser.parse_args()
    torch.set_num_threads(1)

    def evaluate(policy: Policy) -> dict[str, float]:
        return {
            opponent: win_rate(
                policy, args.edition, args.players, opponent, args.eval_games, args.relative
            )
            for opponent in EVAL_OPPONENTS
        }

    results: dict[str, Any] = {
        "edition": args.edition,
        "players": args.players,
        "opponent": args.opponent,
        "eval_games": args.eval_games,
        "reference": {
            f"{bot} vs {opponent}": rate
            for bot in ("random", "heuristic")
            for opponent, rate in evaluate(bot_policy(bot)).items()
        },
        "curve": [],
    }
    print("reference:", json.dumps(results["reference"]))
    env = LoveLetterEnv(
        args.edition,
        args.players,
        args.opponent,
        reward="round",
        seat=None if args.any_seat else 0,
        relative_seats=args.relative,
    )
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=2048,
        batch_size=256,
        learning_rate=3e-4,
        ent_coef=0.01,
        gamma=0.99,
        seed=args.seed,
        verbose=0,
    )
    started = time.perf_counter()
    trained = 0
    while True:
        point = {"steps": trained, "seconds": round(time.perf_counter() - started, 1)}
        point.update(evaluate(model_policy(model)))
        results["curve"].append(point)
        print(json.dumps(point), flush=True)
        if trained >= args.steps:
            break
        chunk = min(args.eval_every, args.steps - trained)
        model.learn(chunk, reset_num_timesteps=False)
        trained = model.num_timesteps
    results["train_seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    if args.plot:
        plot(results, args.plot)
    if args.save:
        meta = {key: results[key] for key in ("edition", "players", "opponent")}
        meta |= {"relative": args.relative, "steps": model.num_timesteps, "seed": args.seed}
        save_mlp(args.save, sb3_layers(model), meta)
    last = results["curve"][-1]
    margin = 1.96 * math.sqrt(last["random"] * (1 - last["random"]) / args.eval_games)
    print(f"after {last['steps']} steps: {last['random']:.1%} ± {margin:.1%} of games vs random")


if __name__ == "__main__":
    main()
