"""The Gymnasium environment: Gymnasium's env checker, masks, rewards, opponents."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from loveletter.bots import RandomBot, View
from loveletter.engine import EDITIONS
from loveletter.rl import GYM_ID, ActionSpace
from loveletter.rl.gym_env import LoveLetterEnv

from .helpers import TABLES, table_id


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_check_env(table: tuple[str, int], capsys: pytest.CaptureFixture[str]) -> None:
    edition, players = table
    env = gymnasium.make(GYM_ID, edition=edition, players=players, opponents="random")
    check_env(env.unwrapped)
    capsys.readouterr()  # the checker renders in "human" mode


def play(env: LoveLetterEnv, seed: int) -> tuple[float, int]:
    """A whole game of random legal moves: the agent's total reward and its steps."""
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps, done = 0.0, 0, False
    while not done:
        assert env.observation_space.contains(observation)
        mask = info["action_mask"]
        np.testing.assert_array_equal(mask.astype(bool), env.action_masks())
        order = env.space.relative(env.seat) if env.relative_seats else np.arange(len(mask))
        assert sorted(info["view"]["legal_actions"]) == sorted(
            env.space.notation(order[i]) for i in np.flatnonzero(mask)
        )
        assert info["view"]["seat"] == env.seat == info["view"]["to_move"]
        observation, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated
        total += reward
        steps += 1
    return total, steps


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_whole_games_against_bots(edition: str) -> None:
    players = 3
    env = gymnasium.make(
        GYM_ID, edition=edition, players=players, opponents=["heuristic", "random"]
    )
    unwrapped = env.unwrapped
    assert isinstance(unwrapped, LoveLetterEnv)
    total, steps = play(unwrapped, seed=3)
    assert unwrapped.game.is_over
    assert total == (1.0 if unwrapped.seat in unwrapped.game.winners else -1.0)
    assert steps > 3


def test_round_rewards_add_up_to_the_agent_tokens() -> None:
    env = LoveLetterEnv("2019", 4, "heuristic", reward="round", seat=2)
    total, _ = play(env, seed=5)
    assert total == env.game.tokens[2]


def test_a_random_seat_and_bot_objects() -> None:
    bot = RandomBot()
    env = LoveLetterEnv("classic", 4, bot, seat=None)
    seats = set()
    for seed in range(12):
        play(env, seed)
        seats.add(env.seat)
    assert len(seats) > 1
    assert env.bots == [bot, bot, bot]


def test_the_same_seed_gives_the_same_game() -> None:
    env = LoveLetterEnv("2019", 3, ["heuristic", "random"], seat=None)
    first = env.reset(seed=8)
    again = env.reset(seed=8)
    np.testing.assert_array_equal(first[0], again[0])
    assert first[1]["view"] == again[1]["view"]
    assert dict(first[1]["view"]) == first[1]["view"].view


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = LoveLetterEnv("classic", 2, illegal_reward=-5.0)
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-5.0, True, True)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    with pytest.raises(RuntimeError, match="reset"):
        env.step(legal)
    env.reset(seed=0)
    env.step(legal)


def test_stepping_before_reset_is_refused() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        LoveLetterEnv("classic", 2).step(0)


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_envs_play_many_episodes(mode: str) -> None:
    envs = gymnasium.make_vec(
        GYM_ID, num_envs=3, vectorization_mode=mode, edition="2019", players=3
    )
    space = ActionSpace.for_table("2019", 3)
    rng = np.random.default_rng(0)
    _, infos = envs.reset(seed=4)
    episodes = 0
    while episodes < 8:
        # a finished game's mask is all zeros: the next step resets it (action ignored)
        legal = [np.flatnonzero(mask) for mask in infos["action_mask"]]
        actions = [int(rng.choice(indices)) if indices.size else 0 for indices in legal]
        _, _, terminated, _, infos = envs.step(np.array(actions))
        episodes += int(terminated.sum())
        masks = infos["action_mask"]
        assert masks.shape == (3, len(space))
        views = infos["view"]  # one whole view per env, its fields as they are
        for mask, view in zip(masks, views, strict=True):
            masked = sorted(space.notation(i) for i in np.flatnonzero(mask))
            assert masked == sorted(view["legal_actions"])
    envs.close()


def test_stepping_a_finished_game_is_refused() -> None:
    env = LoveLetterEnv("classic", 2)
    play(env, seed=1)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_registered_with_a_module_prefix_too() -> None:
    env = gymnasium.make("loveletter.rl:loveletter/LoveLetter-v0", edition="classic")
    assert isinstance(env.unwrapped, LoveLetterEnv)


def test_render_from_the_agent_seat() -> None:
    env = LoveLetterEnv("classic", 2, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert text is not None
    assert "You are dealt" in text


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="opponent"):
        LoveLetterEnv("classic", 3, ["random"])
    with pytest.raises(ValueError, match="seat"):
        LoveLetterEnv("classic", 2, seat=2)
    with pytest.raises(ValueError, match="unknown bot"):
        LoveLetterEnv("classic", 2, "grandmaster")
    with pytest.raises(ValueError, match="reward"):
        LoveLetterEnv("classic", 2, reward="points")  # type: ignore[arg-type]


def test_bots_get_their_views_and_forced_moves_are_played_for_them() -> None:
    class Recorder(RandomBot):
        def __init__(self) -> None:
            self.started: list[int] = []
            self.choices = 0
            self.finished = 0

        def start(self, edition: str, players: int, seat: int) -> None:
            self.started.append(seat)

        def choose(self, view: View, rng: random.Random) -> str:
            assert len(view["legal_actions"]) >= 2
            self.choices += 1
            return super().choose(view, rng)

        def finish(self, view: View) -> None:
            self.finished += 1

    bot = Recorder()
    env = LoveLetterEnv("classic", 2, bot)
    play(env, seed=6)
    assert bot.started == [1]
    assert bot.choices > 0
    assert bot.finished == 1


def test_seat_relative_env_passes_the_checker(capsys: pytest.CaptureFixture[str]) -> None:
    made = gymnasium.make(GYM_ID, edition="2019", players=4, seat=None, relative_seats=True)
    check_env(made.unwrapped)
    capsys.readouterr()
    env = made.unwrapped
    assert isinstance(env, LoveLetterEnv)
    for seed in range(3):
        play(env, seed)  # masks match the view's legal actions, in relative numbering


def test_without_views_info_holds_the_mask_only() -> None:
    env = LoveLetterEnv("classic", 2, "heuristic", views=False)
    observation, info = env.reset(seed=3)
    assert set(info) == {"action_mask"}
    full = LoveLetterEnv("classic", 2, "heuristic")
    again, _ = full.reset(seed=3)
    np.testing.assert_array_equal(observation, again)


def test_the_history_observation() -> None:
    made = gymnasium.make(GYM_ID, edition="2019", players=3, observation="history")
    check_env(made.unwrapped)
    env = made.unwrapped
    assert isinstance(env, LoveLetterEnv)
    total, _ = play(env, seed=2)
    assert total in (-1.0, 1.0)
    with pytest.raises(ValueError, match="absolute"):
        LoveLetterEnv("classic", 2, observation="history", relative_seats=True)
