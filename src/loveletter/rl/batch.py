"""Many games stepped at once, for training throughput: NumPy batches in and out.

    from loveletter.rl.batch import BatchEnv
    batch = BatchEnv("classic", 2, games=64, seed=0)
    observations, masks, seats = batch.reset()
    actions = batch.sample(masks)  # or a policy's choices, one per game
    observations, masks, seats, rewards, dones = batch.step(actions)

Every seat is an agent (self-play), as in the PettingZoo env: row ``i`` is the seat
``seats[i]`` that must decide in game ``i``, with its observation vector and action
mask. ``step`` plays one action per game; ``rewards[i, s]`` is what seat ``s`` of
game ``i`` gained by it (``"game"``: +1/-1 at the end; ``"round"``: tokens), and a
game that ends is dealt again at once (``dones[i]`` says so, and row ``i`` is then
the new game's). Observations are read from the games directly, never from a view.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from loveletter.engine import Action, Game, Options

from .actions import ActionSpace
from .observations import ObservationEncoder
from .pettingzoo_env import RewardMode, step_rewards, table_options

Batch = tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]


class BatchEnv:
    """``games`` games of one table; see the module's documentation."""

    def __init__(
        self,
        edition: str,
        players: int,
        games: int,
        *,
        options: Options | Mapping[str, Any] | None = None,
        reward: RewardMode = "game",
        relative_seats: bool = False,
        seed: int | None = None,
    ) -> None:
        if games < 1:
            raise ValueError(f"games must be at least 1, not {games}")
        if reward not in ("game", "round"):
            raise ValueError(f"reward must be 'game' or 'round', not {reward!r}")
        self.options = table_options(options)
        self.space = ActionSpace.for_table(edition, players)
        self.encoder = ObservationEncoder.for_table(edition, players, relative=relative_seats)
        self.edition = self.space.edition
        self.players = players
        self.reward_mode: RewardMode = reward
        self.relative_seats = relative_seats
        self.rng = random.Random(seed)
        self.games = [self._new_game() for _ in range(games)]
        self._observations = np.empty((0, self.encoder.size), dtype=np.float32)
        self._masks = np.empty((0, len(self.space)), dtype=np.int8)
        self._seats = np.empty(0, dtype=np.int64)  # the last batch, for steps of some games
        #: The seats whose observations are encoded (None: every seat); the rows of
        #: the others are zeros (a random opponent reads only its mask).
        self.observed: frozenset[int] | None = None

    def __len__(self) -> int:
        return len(self.games)

    def reset(self, seed: int | None = None) -> Batch:
        """Deal every game again (``seed`` seeds them and the games after them)."""
        if seed is not None:
            self.rng = random.Random(seed)
        self.games = [self._new_game() for _ in self.games]
        return self.observe()

    def step(
        self, actions: npt.ArrayLike, rows: npt.ArrayLike | None = None
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.int8],
        npt.NDArray[np.int64],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Play one action per game (indices, in the masks' numbering): observations,
        masks, seats, rewards (games x players) and which games ended (dealt again).
        With ``rows`` (game numbers), only those games play, one action each in that
        order; the others wait (their rewards 0, not ended).

        Raises ValueError, changing nothing, if an action is not legal in its game.
        """
        numbers = list(range(len(self.games))) if rows is None else np.asarray(rows).tolist()
        indices = np.asarray(actions).reshape(-1)
        if len(indices) != len(numbers):
            raise ValueError(f"give {len(numbers)} actions, not {len(indices)}")
        chosen = []
        for number, index in zip(numbers, indices, strict=True):
            game = self.games[number]
            seat = game.to_move
            assert seat is not None  # rounds are dealt as soon as they end
            absolute = self.space.relative(seat)[int(index)] if self.relative_seats else int(index)
            action = self.space.action(absolute)
            if action not in game.legal_actions():
                raise ValueError(f"game {number}: {action.text!r} is not legal for seat {seat}")
            chosen.append(action)
        rewards = np.zeros((len(self.games), self.players), dtype=np.float32)
        dones = np.zeros(len(self.games), dtype=np.bool_)
        for number, action in zip(numbers, chosen, strict=True):
            rewards[number], dones[number] = self.play(number, action)
        observations, masks, seats = self.observe(None if rows is None else numbers)
        return observations, masks, seats, rewards, dones

    def play(self, number: int, action: Action) -> tuple[list[float], bool]:
        """Apply a legal ``action`` (not checked) in game ``number``, deal the next round
        if it ends one, and a new game if it ends the game: each seat's reward and
        whether the game ended. The batch's row of that game is stale until
        :meth:`observe` (or a step) computes it again."""
        game = self.games[number]
        before = list(game.tokens)
        game.apply(action)
        if game.to_move is None and not game.is_over:
            game.next_round()
        if game.is_over:
            self.games[number] = self._new_game()
        return step_rewards(game, before, self.reward_mode), game.is_over

    def sample(self, masks: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
        """One uniformly random legal action per row of ``masks``."""
        legal = masks.astype(bool)
        noise = np.random.default_rng(self.rng.getrandbits(64)).random(legal.shape)
        chosen: npt.NDArray[np.int64] = np.where(legal, noise, -1.0).argmax(axis=1)
        return chosen

    def _new_game(self) -> Game:
        rng = random.Random(self.rng.random())
        return Game(self.edition, self.players, options=self.options, rng=rng)

    def observe(self, rows: list[int] | None = None) -> Batch:
        """The batch's observations, masks and seats, computed again for ``rows``
        (every game if None); the other games have not moved."""
        count = len(self.games)
        if rows is None or len(self._seats) != count:
            rows = list(range(count))
            self._observations = np.empty((count, self.encoder.size), dtype=np.float32)
            self._masks = np.zeros((count, len(self.space)), dtype=np.int8)
            self._seats = np.empty(count, dtype=np.int64)
        lookup = self.space.lookup
        for number in rows:
            game = self.games[number]
            seat = game.to_move
            assert seat is not None
            self._seats[number] = seat
            if self.observed is None or seat in self.observed:
                self._observations[number] = self.encoder.encode_game(game, seat)
            else:
                self._observations[number] = 0.0
            mask = self._masks[number]
            mask[:] = 0
            mask[[lookup[action] for action in game.legal_actions()]] = 1
            if self.relative_seats:
                self._masks[number] = mask[self.space.relative(seat)]
        return self._observations.copy(), self._masks.copy(), self._seats.copy()
