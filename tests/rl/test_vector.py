"""BatchEnv as a Gymnasium VectorEnv and a Stable-Baselines3 VecEnv: the agent's
observations at its turn, rewards, resets of ended games, and each library's own
wrappers and algorithms on it."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import NormalizeObservation, RecordEpisodeStatistics

from loveletter.rl.vector import BatchVectorEnv


def check_step(envs: BatchVectorEnv, result: tuple[object, ...]) -> None:
    observations, rewards, terminations, truncations, infos = result
    assert envs.observation_space.contains(observations)
    assert isinstance(rewards, np.ndarray)
    assert rewards.shape == (envs.num_envs,)
    assert isinstance(terminations, np.ndarray)
    assert terminations.dtype == np.bool_
    assert isinstance(truncations, np.ndarray)
    assert not truncations.any()
    assert isinstance(infos, dict)
    for game in envs.batch.games:  # every game waits for the agent
        assert game.to_move == envs.seat


@pytest.mark.parametrize(("edition", "players", "seat"), [("classic", 2, 0), ("2019", 3, 2)])
def test_next_step_resets_as_gymnasium_does(edition: str, players: int, seat: int) -> None:
    envs = BatchVectorEnv(edition, players, 6, seat=seat, seed=1)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    observations, infos = envs.reset(seed=2)
    assert envs.observation_space.contains(observations)
    assert infos["action_mask"].shape == (6, len(envs.batch.space))
    pending = np.zeros(6, dtype=np.bool_)
    returns, finished = np.zeros(6), []
    for _ in range(150):
        actions = envs.sample(infos["action_mask"])
        actions[pending] = -1  # ignored: those games are reset by this step
        games = list(envs.batch.games)
        result = envs.step(actions)
        check_step(envs, result)
        observations, rewards, terminations, _, infos = result
        assert not rewards[pending].any()
        assert not terminations[pending].any()
        returns += rewards
        for row in np.flatnonzero(~terminations):  # the agent's, at its turn
            now = envs.batch.encoder.encode_game(envs.batch.games[row], seat)
            np.testing.assert_array_equal(observations[row], now)
        for row in np.flatnonzero(terminations):  # the final observation of its game
            final = envs.batch.encoder.encode_game(games[row], seat)
            np.testing.assert_array_equal(observations[row], final)
            finished.append(returns[row])
            returns[row] = 0
        pending = terminations
    assert len(finished) > 10
    assert set(finished) <= {-1.0, 1.0}  # one win or loss a game
    assert set(finished) == {-1.0, 1.0}


def test_same_step_gives_the_final_observation_in_the_infos() -> None:
    envs = BatchVectorEnv("classic", 2, 4, autoreset_mode=AutoresetMode.SAME_STEP, seed=3)
    _, infos = envs.reset(seed=3)
    ended = 0
    for _ in range(80):
        games = list(envs.batch.games)
        result = envs.step(envs.sample(infos["action_mask"]))
        check_step(envs, result)
        _, _, terminations, _, infos = result
        for row in np.flatnonzero(terminations):
            final = envs.batch.encoder.encode_game(games[row], 0)
            np.testing.assert_array_equal(infos["final_obs"][row], final)
            assert envs.batch.games[row] is not games[row]
            ended += 1
        if terminations.any():
            np.testing.assert_array_equal(infos["_final_obs"], terminations)
    assert ended > 5


def test_gymnasium_vector_wrappers_run_on_it() -> None:
    raw = BatchVectorEnv("classic", 2, 4, reward="round", seed=4)
    envs = RecordEpisodeStatistics(NormalizeObservation(raw))
    _, infos = envs.reset(seed=4)
    episodes = []
    for _ in range(120):
        masks = raw.action_masks().astype(np.int8)
        _, _, terminations, _, infos = envs.step(raw.sample(masks))
        if "episode" in infos:
            episodes += infos["episode"]["r"][infos["_episode"]].tolist()
        assert terminations.shape == (4,)
    assert episodes
    assert all(0 <= value <= 7 for value in episodes)  # "round": the agent's tokens


def test_a_batched_opponent_and_bad_arguments() -> None:
    calls = []

    def first_legal(observations: np.ndarray, masks: np.ndarray) -> list[int]:
        calls.append(len(masks))
        return [int(row.argmax()) for row in masks]

    envs = BatchVectorEnv("classic", 2, 5, seat=1, opponent=first_legal, seed=5)
    _, infos = envs.reset(seed=5)
    envs.step(envs.sample(infos["action_mask"]))
    assert calls
    with pytest.raises(ValueError, match="give 5 actions"):
        envs.step([0, 0])
    with pytest.raises(ValueError, match="seat 0-1"):
        BatchVectorEnv("classic", 2, 2, seat=2)


def test_stable_baselines3_trains_on_it() -> None:
    torch = pytest.importorskip("torch")
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks
    from stable_baselines3.common.vec_env import VecMonitor

    from loveletter.rl.sb3 import BatchVecEnv

    torch.set_num_threads(1)
    raw = BatchVecEnv("classic", 2, 8, relative_seats=True, seed=0)
    env = VecMonitor(raw)
    env.seed(3)
    observations = env.reset()
    assert isinstance(observations, np.ndarray)
    assert observations.shape == (8, raw.vector.batch.encoder.size)
    masks = get_action_masks(env)
    assert masks.shape == (8, len(raw.vector.batch.space))
    assert masks.dtype == np.bool_
    _, _, dones, infos = env.step(masks.argmax(axis=1))
    assert len(infos) == 8
    assert all(
        "terminal_observation" in info for info, done in zip(infos, dones, strict=True) if done
    )
    model = MaskablePPO("MlpPolicy", env, n_steps=16, batch_size=64, n_epochs=1, seed=0)
    model.learn(256)
    assert model.num_timesteps >= 256
    assert env.get_attr("seat") == [0] * 8
    assert raw.env_is_wrapped(VecMonitor) == [False] * 8
