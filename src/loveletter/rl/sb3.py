""":class:`~loveletter.rl.vector.BatchVectorEnv` as a Stable-Baselines3 ``VecEnv``.

    from sb3_contrib import MaskablePPO
    from loveletter.rl.sb3 import BatchVecEnv

    env = BatchVecEnv("classic", 2, num_envs=64, seed=0)
    model = MaskablePPO("MlpPolicy", env).learn(100_000)

SB3's vector envs reset an ended game at once and give its final observation in
``infos[i]["terminal_observation"]``: the batch runs in Gymnasium's ``SAME_STEP``
mode. ``env_method("action_masks")`` gives the masks that sb3-contrib's maskable
algorithms ask for. Needs the ``rl`` extra (stable-baselines3).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode
from stable_baselines3.common.vec_env import VecEnv

from .vector import BatchVectorEnv


class BatchVecEnv(VecEnv):
    """``num_envs`` games, the agent in one seat (the arguments of
    :class:`~loveletter.rl.vector.BatchVectorEnv`, but ``autoreset_mode``)."""

    def __init__(self, edition: str, players: int, num_envs: int, **kwargs: Any) -> None:
        self.vector = BatchVectorEnv(
            edition, players, num_envs, autoreset_mode=AutoresetMode.SAME_STEP, **kwargs
        )
        super().__init__(
            num_envs, self.vector.single_observation_space, self.vector.single_action_space
        )
        self._actions = np.zeros(num_envs, dtype=np.int64)

    def reset(self) -> npt.NDArray[np.float32]:
        """Deal every game (with the seed of :meth:`seed`, if one was given)."""
        observations, _ = self.vector.reset(seed=self._seeds[0])
        self._reset_seeds()
        self._reset_options()
        return observations

    def step_async(self, actions: npt.NDArray[np.int64]) -> None:
        """Keep the actions for :meth:`step_wait`."""
        self._actions = np.asarray(actions).reshape(-1)

    def step_wait(self) -> tuple[Any, ...]:
        """Play the kept actions: observations, rewards, dones, infos (one dict a game)."""
        observations, rewards, ended, _, batch_info = self.vector.step(self._actions)
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for row in np.flatnonzero(ended).tolist():
            infos[row]["terminal_observation"] = batch_info["final_obs"][row]
            infos[row]["TimeLimit.truncated"] = False
        return observations, rewards, ended, infos

    def close(self) -> None:
        """Nothing to release: the games live in this process."""

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The agent's legal actions in each game."""
        return self.vector.action_masks()

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        """The vector env's attribute, once per game asked."""
        return [getattr(self.vector, attr_name)] * len(self._rows(indices))

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        """Set an attribute of the vector env (shared by every game)."""
        setattr(self.vector, attr_name, value)

    def env_method(
        self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any
    ) -> list[Any]:
        """``action_masks``: each game's mask; another method of the vector env: its
        result, once per game asked."""
        rows = self._rows(indices)
        if method_name == "action_masks":
            masks = self.vector.action_masks()
            return [masks[row] for row in rows]
        result = getattr(self.vector, method_name)(*method_args, **method_kwargs)
        return [result] * len(rows)

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        """No game is wrapped."""
        return [False] * len(self._rows(indices))

    def get_images(self) -> Sequence[npt.NDArray[Any] | None]:
        """No images: the games are not rendered."""
        return [None] * self.num_envs

    def _rows(self, indices: int | Iterable[int] | None) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        return [indices] if isinstance(indices, int) else list(indices)
