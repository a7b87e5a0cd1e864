"""Trained policies as bots: in the arena, the terminal game, the web tables, the Gym env.

A *policy* maps an observation vector and a 0/1 mask of legal actions (the encodings
of ``docs/rl.md``, absolute or seat-relative) to an action index. :class:`PolicyBot`
makes any such callable a :class:`~loveletter.bots.Bot`; :class:`MlpPolicy` is a
saved multi-layer perceptron run with NumPy alone (no torch needed to play), stored as
a ``.npz`` file by :func:`save_mlp` (``examples/train_maskable_ppo.py --save``).

:class:`TableBot` plays a tabular policy of a one-round game, such as a small
variant's CFR solution (``docs/cfr_mini6.json``). Every host that runs external bots
plays a saved policy through the bot protocol:

    loveletter play -b "exec:python -m loveletter.rl.policy_bot docs/ppo_classic_2p.npz"
    loveletter arena --bots "exec:python -m loveletter.rl.policy_bot POLICY.npz,heuristic"

and the Python hosts load a saved perceptron themselves with the bot spec
``policy:POLICY.npz`` (``loveletter play -b policy:docs/ppo_classic_2p.npz``).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from os import PathLike
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from loveletter.bots import BaseBot, View

from .actions import ActionSpace
from .observations import ObservationEncoder, Vector

Mask = npt.NDArray[np.int8]
#: observation, mask -> action index (in the same numbering as the mask).
Policy = Callable[[Vector, Mask], int]


class PolicyBot(BaseBot):
    """A policy playing a seat: it sees the seat's view encoded as in the environments.

    ``relative``: the policy was trained on seat-relative observations and actions
    (``relative_seats=True``), so it can play any seat.
    """

    def __init__(
        self,
        policy: Policy,
        *,
        relative: bool = False,
        name: str = "policy",
        meta: dict[str, Any] | None = None,
    ) -> None:
        self.policy = policy
        self.relative = relative
        self.name = name
        self.meta = meta or {}  # what a saved policy says of itself (its table, training)

    @property
    def table(self) -> tuple[str, int] | None:
        """The edition and player count the policy was trained for, if it says."""
        edition, players = self.meta.get("edition"), self.meta.get("players")
        if isinstance(edition, str) and isinstance(players, int):
            return edition, players
        return None

    def choose(self, view: View, rng: random.Random) -> str:
        """The policy's action for ``view``, in notation."""
        players = len(view["players"])
        space = ActionSpace.for_table(view["edition"], players)
        encoder = ObservationEncoder.for_table(view["edition"], players, relative=self.relative)
        mask = np.zeros(len(space), dtype=np.int8)
        mask[[space.index(action) for action in view["legal_actions"]]] = 1
        seat = view["seat"]
        order = space.relative(seat) if self.relative and seat is not None else None
        if order is not None:
            mask = mask[order]
        index = int(self.policy(encoder.encode(view), mask))
        if not mask[index]:
            raise ValueError(f"the policy chose action {index}, which is not legal")
        return space.notation(order[index] if order is not None else index)


class MlpPolicy:
    """A perceptron with tanh hidden layers; greedy among the legal actions."""

    def __init__(self, layers: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]]):
        self.layers = layers

    def logits(self, observation: Vector) -> npt.NDArray[np.float32]:
        """The action logits of one observation."""
        hidden = observation
        for weights, bias in self.layers[:-1]:
            hidden = np.tanh(weights @ hidden + bias)
        weights, bias = self.layers[-1]
        out: npt.NDArray[np.float32] = weights @ hidden + bias
        return out

    def __call__(self, observation: Vector, mask: Mask) -> int:
        logits = self.logits(observation)
        return int(np.argmax(np.where(mask.astype(bool), logits, -np.inf)))


def save_mlp(
    path: str | PathLike[str],
    layers: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]],
    meta: dict[str, Any],
) -> None:
    """Write a perceptron (weights ``out x in`` and biases per layer) and its metadata
    (``edition``, ``players``, ``relative``, anything else) to a ``.npz`` file."""
    arrays: dict[str, Any] = {"meta": np.array(json.dumps(meta))}
    arrays |= {f"w{i}": w.astype(np.float32) for i, (w, _) in enumerate(layers)}
    arrays |= {f"b{i}": b.astype(np.float32) for i, (_, b) in enumerate(layers)}
    with Path(path).open("wb") as file:
        np.savez_compressed(file, **arrays)


def sb3_layers(model: Any) -> list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]]:
    """The policy network of a Stable-Baselines3 (or sb3-contrib) ``MlpPolicy`` model
    with tanh activations (the default) as layers for :func:`save_mlp`."""
    network = list(model.policy.mlp_extractor.policy_net)
    kinds = {type(module).__name__ for module in network}
    if not kinds <= {"Linear", "Tanh"}:
        raise ValueError(f"only Linear and Tanh layers can be saved, not {sorted(kinds)}")
    linears = [module for module in network if hasattr(module, "weight")]
    linears.append(model.policy.action_net)
    return [(m.weight.detach().cpu().numpy(), m.bias.detach().cpu().numpy()) for m in linears]


def load_policy(path: str | PathLike[str], name: str | None = None) -> PolicyBot:
    """The saved perceptron at ``path`` as a bot (named after the file)."""
    with np.load(path) as data:
        meta = json.loads(str(data["meta"]))
        count = sum(key.startswith("w") for key in data.files)
        layers = [(data[f"w{i}"], data[f"b{i}"]) for i in range(count)]
    relative = bool(meta["relative"])
    return PolicyBot(MlpPolicy(layers), relative=relative, name=name or Path(path).stem, meta=meta)


def from_spec(path: str) -> PolicyBot:
    """The bot of the spec ``policy:PATH`` (``loveletter.bots.make_bot``); ValueError,
    in one line, for a missing file or one that is not a saved policy."""
    if not Path(path).is_file():
        raise ValueError(f"no saved policy at {path!r}")
    try:
        return load_policy(path)
    except Exception:  # a damaged or foreign file may fail in any way
        raise ValueError(
            f"{path!r} is not a saved policy (a .npz written by save_mlp, docs/rl.md)"
        ) from None


class TableBot(BaseBot):
    """A tabular policy of a one-round game (a small variant's CFR solution):
    ``{information-state string: {action: probability}}``, as OpenSpiel's game writes
    information states; it draws its action from the row of its view's."""

    def __init__(self, table: dict[str, dict[str, float]], name: str = "table") -> None:
        self.table = table
        self.name = name

    def choose(self, view: View, rng: random.Random) -> str:
        """An action drawn from the table's probabilities for this information state."""
        if view["round"] != 1:
            raise ValueError("a table policy plays one-round games only")
        hand = " ".join(view["hand"] or ())
        events = ";".join(",".join(map(str, event.values())) for event in view["events"])
        row = self.table.get(f"seat {view['seat']} hand [{hand}]\n{events}")
        if row is None:
            raise ValueError("the table has no row for this information state")
        actions = [action for action in row if action in view["legal_actions"]]
        return rng.choices(actions, [row[action] for action in actions])[0]


def load_table(path: str | PathLike[str]) -> TableBot:
    """The table policy saved as JSON at ``path`` (``examples/variant_arena.py``)."""
    table = json.loads(Path(path).read_text(encoding="utf-8"))
    return TableBot(table, name=Path(path).stem)


def serve(bot: BaseBot, lines: Any = sys.stdin, out: Any = sys.stdout) -> None:
    """Speak the bot protocol (docs/bots.md) on ``lines`` and ``out``."""
    rng = random.Random(0)
    for line in lines:
        message = json.loads(line)
        if message["type"] == "decide":
            print(json.dumps({"action": bot.choose(message["view"], rng)}), file=out, flush=True)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m loveletter.rl.policy_bot POLICY.npz|TABLE.json")
    path = sys.argv[1]
    serve(load_table(path) if path.endswith(".json") else load_policy(path))
