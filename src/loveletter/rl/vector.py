""":class:`BatchEnv` as a Gymnasium ``VectorEnv``: one agent per game, in one seat.

    from loveletter.rl.vector import BatchVectorEnv
    envs = BatchVectorEnv("classic", 2, num_envs=64, seed=0)
    observations, infos = envs.reset(seed=0)
    actions = envs.sample(infos["action_mask"])  # or a policy's choices
    observations, rewards, terminations, truncations, infos = envs.step(actions)

Game ``i`` is sub-environment ``i``; the agent plays ``seat`` in every game and the
other seats play ``opponent``, a batched policy ``(observations, masks) -> actions``
in the batch's numbering (uniformly random legal actions by default), so every
observation returned is the agent's, at its turn. A sub-environment whose game ends
is reset as Gymnasium's own vector envs do (``autoreset_mode``: ``NEXT_STEP``, the
default, returns the final observation and ignores the next action of that game;
``SAME_STEP`` returns the new game's first observation and the final one in
``infos["final_obs"]``). Rewards are the agent's seat's (``reward`` of
:class:`BatchEnv`), summed over the opponents' moves that follow its own; the
opponents' moves before its first decision of a game belong to the reset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from loveletter.engine import Game, Options

from .batch import BatchEnv
from .pettingzoo_env import RewardMode

Observations = npt.NDArray[np.float32]
Masks = npt.NDArray[np.int8]
#: A batched policy: observations and masks of some games, one action index each.
BatchPolicy = Callable[[Observations, Masks], npt.ArrayLike]


class BatchVectorEnv(VectorEnv[Observations, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games of one table, the agent in ``seat``; see the module."""

    def __init__(
        self,
        edition: str,
        players: int,
        num_envs: int,
        *,
        seat: int = 0,
        opponent: BatchPolicy | None = None,
        options: Options | Mapping[str, Any] | None = None,
        reward: RewardMode = "game",
        relative_seats: bool = False,
        autoreset_mode: AutoresetMode = AutoresetMode.NEXT_STEP,
        seed: int | None = None,
    ) -> None:
        if not 0 <= seat < players:
            raise ValueError(f"seat must be a seat 0-{players - 1}, not {seat}")
        if autoreset_mode not in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
            raise ValueError(f"autoreset_mode must be NEXT_STEP or SAME_STEP, not {autoreset_mode}")
        self.batch = batch = BatchEnv(
            edition,
            players,
            num_envs,
            options=options,
            reward=reward,
            relative_seats=relative_seats,
            seed=seed,
        )
        self.seat = seat
        self.opponent = opponent
        if opponent is None:  # random opponents: drawn from the games, no batch
            batch.observed = frozenset({seat})
        self.num_envs = num_envs
        self.metadata = {"autoreset_mode": autoreset_mode}
        high = batch.encoder.high
        self.single_observation_space = spaces.Box(np.zeros_like(high), high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(len(batch.space))
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._observations, self._masks, self._seats = batch.reset()
        self._ended = np.zeros(num_envs, dtype=np.bool_)  # NEXT_STEP: reset by next step

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Deal every game and play the opponents to the agent's turn."""
        if seed is not None:
            self._np_random, self._np_random_seed = np.random.default_rng(seed), seed
        self._observations, self._masks, self._seats = self.batch.reset(seed)
        self._opponents(*self._tallies())
        self._ended[:] = False
        return self._observations.copy(), {"action_mask": self._masks.copy()}

    def step(self, actions: npt.ArrayLike) -> tuple[Any, ...]:
        """The agent's action in each game, then the opponents' until its next turn
        (the action of a game reset by this step, NEXT_STEP, is ignored)."""
        chosen = np.asarray(actions).reshape(-1)
        if len(chosen) != self.num_envs:
            raise ValueError(f"give {self.num_envs} actions, not {len(chosen)}")
        rewards, ended, finals = self._tallies()
        rows = np.flatnonzero(~self._ended)
        self._play(chosen[rows], rows, rewards, ended, finals)
        self._opponents(rewards, ended, finals)
        observations = self._observations.copy()
        infos: dict[str, Any] = {"action_mask": self._masks.copy()}
        if self.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP:
            for row, final in finals.items():
                observations[row] = final
            self._ended = ended
        elif finals:
            infos["final_obs"] = np.array([finals.get(r) for r in range(self.num_envs)], object)
            infos["_final_obs"] = ended.copy()
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return observations, rewards, ended, truncated, infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The agent's legal actions in each game (sb3-contrib's name)."""
        return self._masks.astype(bool)

    def sample(self, masks: Masks) -> npt.NDArray[np.int64]:
        """One uniformly random legal action per row of ``masks``."""
        return self.batch.sample(masks)

    def _tallies(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], dict[int, Any]]:
        """A step's rewards, ended games and their final observations, still empty."""
        return np.zeros(self.num_envs, np.float32), np.zeros(self.num_envs, np.bool_), {}

    def _opponents(
        self, rewards: npt.NDArray[np.float32], ended: npt.NDArray[np.bool_], finals: dict[int, Any]
    ) -> None:
        """Play the other seats until the agent is to move in every game."""
        if self.opponent is None:
            self._random_opponents(rewards, ended, finals)
            return
        while True:
            rows = np.flatnonzero(self._seats != self.seat)
            if not rows.size:
                return
            chosen = self.opponent(self._observations[rows], self._masks[rows])
            self._play(np.asarray(chosen).reshape(-1), rows, rewards, ended, finals)

    def _random_opponents(
        self, rewards: npt.NDArray[np.float32], ended: npt.NDArray[np.bool_], finals: dict[int, Any]
    ) -> None:
        """Uniformly random legal moves of the other seats, game by game, as the Gym
        env's random bots play them (without building views)."""
        rows = np.flatnonzero(self._seats != self.seat).tolist()
        rng = self.batch.rng
        for row in rows:
            while (game := self.batch.games[row]).to_move != self.seat:
                gained, done = self.batch.play(row, rng.choice(game.legal_actions()))
                self._tally(row, game, gained, done, rewards, ended, finals)
        if rows:
            self._observations, self._masks, self._seats = self.batch.observe(rows)

    def _play(
        self,
        chosen: npt.NDArray[Any],
        rows: npt.NDArray[np.intp],
        rewards: npt.NDArray[np.float32],
        ended: npt.NDArray[np.bool_],
        finals: dict[int, Any],
    ) -> None:
        """One action in each of ``rows``' games; the agent's seat's rewards and the
        games that end go to this step's tallies, unless its game already ended."""
        games: list[Game] = list(self.batch.games)
        self._observations, self._masks, self._seats, gained, done = self.batch.step(chosen, rows)
        for row in rows.tolist():
            self._tally(row, games[row], gained[row], bool(done[row]), rewards, ended, finals)

    def _tally(
        self,
        row: int,
        game: Game,
        gained: Any,
        done: bool,
        rewards: npt.NDArray[np.float32],
        ended: npt.NDArray[np.bool_],
        finals: dict[int, Any],
    ) -> None:
        """Count one move of ``game`` (row ``row``) in this step: the agent's reward,
        and its final observation if the game ended, unless it had already ended (a new
        game: what it gives before the agent decides is its reset's)."""
        if ended[row]:
            return
        rewards[row] += gained[self.seat]
        if done:
            ended[row] = True
            finals[row] = self.batch.encoder.encode_game(game, self.seat)
