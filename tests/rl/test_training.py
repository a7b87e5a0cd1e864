"""A short MaskablePPO run (sb3-contrib) on the Gymnasium environment: the ``rl`` extra."""

from __future__ import annotations

from pathlib import Path

import pytest

from loveletter.rl.gym_env import LoveLetterEnv
from loveletter.rl.policy_bot import load_policy, save_mlp, sb3_layers

sb3_contrib = pytest.importorskip("sb3_contrib")
torch = pytest.importorskip("torch")


def test_maskable_ppo_trains_and_plays_legal_moves() -> None:
    torch.set_num_threads(1)
    env = LoveLetterEnv("classic", 2, "random", reward="round")
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=512, batch_size=128, seed=0)
    model.learn(2048)
    assert model.num_timesteps >= 2048
    observation, info = env.reset(seed=1)
    done = False
    while not done:
        action, _ = model.predict(observation, action_masks=env.action_masks(), deterministic=True)
        assert info["action_mask"][int(action)] == 1
        observation, _, done, _, info = env.step(int(action))
    assert env.game.is_over


def test_a_saved_policy_plays_as_the_trained_model(tmp_path: Path) -> None:
    torch.set_num_threads(1)
    env = LoveLetterEnv("classic", 2, "random", seat=None, relative_seats=True)
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=64, seed=1)
    model.learn(256)
    path = tmp_path / "policy.npz"
    save_mlp(path, sb3_layers(model), {"edition": "classic", "players": 2, "relative": True})
    bot = load_policy(path)
    for seed in range(5):
        observation, info = env.reset(seed=seed)
        done = False
        while not done:
            action, _ = model.predict(
                observation, action_masks=env.action_masks(), deterministic=True
            )
            assert bot.policy(observation, info["action_mask"]) == int(action)
            observation, _, done, _, info = env.step(int(action))
