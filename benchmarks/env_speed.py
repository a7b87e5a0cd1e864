"""Environment steps per CPU second of each RL API, one core, random legal actions.

    python benchmarks/env_speed.py                 # the headline tables
    python benchmarks/env_speed.py --seconds 5 --json
    python benchmarks/env_speed.py --batch-sizes 16 64 256 1024   # the batch only

- PettingZoo AEC (``loveletter_v0.env``, with its wrappers): ``env.last()`` (the
  observation vector and mask of the agent to act) then ``env.step``, per agent step;
  ``pettingzoo-lean``: the same with ``views=False`` (no raw view in the infos);
- Gymnasium (``LoveLetterEnv`` against random bots): ``env.step`` per agent step
  (the bots' moves happen inside it), the observation and ``info`` included;
  ``gymnasium-lean``: ``views=False``;
- batch (``BatchEnv``, 64 games): one ``step`` of a batch is 64 agent steps, the
  observation and mask batches included;
- batch-vector (``BatchVectorEnv``, the batch as a Gymnasium ``VectorEnv``, 64 games,
  the agent in seat 0 against random opponents): agent steps, as for Gymnasium;
- OpenSpiel (``python_loveletter``): ``state.legal_actions()`` and
  ``state.apply_action`` per player action, chance nodes sampled on the way but not
  counted; no observation is built (algorithms ask for what they need).

With RLCard installed (``pip install rlcard pygame``), the same run measures two
reference environments the same way: RLCard's ``leduc-holdem`` (``env.step`` per step,
its state dict and legal actions included) and PettingZoo's ``texas_holdem_v4`` (the
AEC loop above, on RLCard's engine).

Time is the process's CPU time (``time.process_time``), so other work on a shared
machine does not lower the figures much. Needs the ``env`` extra.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

import loveletter.rl.openspiel_game  # noqa: F401 - registers python_loveletter
from loveletter.rl import loveletter_v0
from loveletter.rl.batch import BatchEnv
from loveletter.rl.gym_env import LoveLetterEnv
from loveletter.rl.vector import BatchVectorEnv

HEADLINE = [("classic", 2), ("2019", 4), ("premium", 8)]


def timed(run: Callable[[], int], seconds: float) -> float:
    """Call ``run`` (which returns the steps it made) for about ``seconds`` of CPU time:
    steps per CPU second."""
    steps = 0
    started = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        steps += run()
        elapsed = time.process_time() - started
    return steps / elapsed


def pettingzoo_rate(edition: str, players: int, seconds: float, views: bool = True) -> float:
    return aec_rate(loveletter_v0.env(edition=edition, players=players, views=views), seconds)


def aec_rate(env: Any, seconds: float) -> float:
    """Agent steps per CPU second of a PettingZoo AEC env with action masks."""
    rng = np.random.default_rng(0)
    seed = iter(range(10**9))

    def game() -> int:
        env.reset(seed=next(seed))
        steps = 0
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        return steps

    return timed(game, seconds)


def gymnasium_rate(edition: str, players: int, seconds: float, views: bool = True) -> float:
    env = LoveLetterEnv(edition, players, "random", views=views)
    rng = np.random.default_rng(0)
    seed = iter(range(10**9))

    def game() -> int:
        _, info = env.reset(seed=next(seed))
        steps, done = 0, False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, _, done, _, info = env.step(action)
            steps += 1
        return steps

    return timed(game, seconds)


def openspiel_rate(edition: str, players: int, seconds: float) -> float:
    game = pyspiel.load_game("python_loveletter", {"edition": edition, "players": players})
    rng = random.Random(0)

    def play() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps

    return timed(play, seconds)


def batch_rate(edition: str, players: int, seconds: float, games: int = 64) -> float:
    batch = BatchEnv(edition, players, games=games, seed=0)
    _, masks, _ = batch.reset()

    def step() -> int:
        nonlocal masks
        _, masks, _, _, _ = batch.step(batch.sample(masks))
        return len(batch)

    return timed(step, seconds)


def vector_rate(edition: str, players: int, seconds: float) -> float:
    """The Gymnasium VectorEnv adapter of the batch (64 games, the agent in seat 0,
    random opponents batched): agent steps, the opponents' moves inside them."""
    envs = BatchVectorEnv(edition, players, 64, seed=0)
    _, infos = envs.reset(seed=0)

    def step() -> int:
        nonlocal infos
        _, _, _, _, infos = envs.step(envs.sample(infos["action_mask"]))
        return envs.num_envs

    return timed(step, seconds)


def rlcard_rate(name: str, seconds: float) -> float:
    """Steps per CPU second of an RLCard env (random legal actions)."""
    import rlcard

    env = rlcard.make(name, config={"seed": 0})
    rng = random.Random(0)

    def game() -> int:
        state, _ = env.reset()
        steps = 0
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
        return steps

    return timed(game, seconds)


def references(seconds: float) -> dict[str, float] | None:
    """RLCard's leduc hold'em and PettingZoo's texas hold'em, or None without RLCard."""
    try:
        from pettingzoo.classic import texas_holdem_v4
    except ImportError:  # RLCard (or pygame, which PettingZoo's module imports) missing
        return None
    return {
        "rlcard leduc-holdem": round(rlcard_rate("leduc-holdem", seconds)),
        "pettingzoo texas_holdem_v4": round(aec_rate(texas_holdem_v4.env(), seconds)),
    }


APIS: dict[str, Callable[[str, int, float], float]] = {
    "pettingzoo": pettingzoo_rate,
    "pettingzoo-lean": lambda e, p, s: pettingzoo_rate(e, p, s, views=False),
    "gymnasium": gymnasium_rate,
    "gymnasium-lean": lambda e, p, s: gymnasium_rate(e, p, s, views=False),
    "batch": batch_rate,
    "batch-vector": vector_rate,
    "openspiel": openspiel_rate,
}


def batch_sizes(sizes: list[int], seconds: float, as_json: bool) -> None:
    """The batch's steps per CPU second with each number of games, per table."""
    figures = {
        f"{edition} {players}p": {
            str(games): round(batch_rate(edition, players, seconds, games)) for games in sizes
        }
        for edition, players in HEADLINE
    }
    if as_json:
        print(json.dumps(figures))
        return
    for table, rates in figures.items():
        print(f"{table} batch steps per CPU second, by games:", flush=True)
        for games, value in rates.items():
            print(f"  {games:>6} {value:>8,}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU time per measure")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--batch-sizes",
        type=int,
        nargs="+",
        metavar="GAMES",
        help="measure only the batch, with these numbers of games",
    )
    args = parser.parse_args()
    if args.batch_sizes:
        batch_sizes(args.batch_sizes, args.seconds, args.json)
        return
    figures: dict[str, Any] = {}
    for edition, players in HEADLINE:
        table = f"{edition} {players}p"
        figures[table] = {
            api: round(rate(edition, players, args.seconds)) for api, rate in APIS.items()
        }
        if not args.json:
            print(f"{table} steps per CPU second:", flush=True)
            for api, value in figures[table].items():
                print(f"  {api:<16} {value:>8,}", flush=True)
    figures["references"] = references(args.seconds)
    if not args.json:
        if figures["references"] is None:
            print("references: RLCard is not installed (pip install rlcard pygame)")
        else:
            print("references, steps per CPU second:")
            for name, value in figures["references"].items():
                print(f"  {name:<27} {value:>8,}")
    else:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
