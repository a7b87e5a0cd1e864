"""The PettingZoo AEC environment: PettingZoo's conformance tests, rewards, rendering."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from loveletter.engine import EDITIONS, IllegalActionError
from loveletter.rl import loveletter_v0
from loveletter.rl.infostate import InfoStateEncoder
from loveletter.rl.pettingzoo_env import raw_env

from .helpers import TABLES, table_id

# PettingZoo's api_test warns about the dict observations of any environment outside
# its own list, although {"observation", "action_mask"} is the format it recommends.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
]


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_pettingzoo_api_test(table: tuple[str, int]) -> None:
    edition, players = table
    api_test(loveletter_v0.env(edition=edition, players=players), num_cycles=300)


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_pettingzoo_seed_test(edition: str) -> None:
    players = EDITIONS[edition].max_players
    seed_test(lambda: loveletter_v0.env(edition=edition, players=players), num_cycles=100)


def play(env: raw_env, seed: int) -> dict[str, float]:
    """A whole game of random legal moves; the rewards each agent collected."""
    env.reset(seed=seed)
    collected = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        collected[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.any(), "the agent to act always has a decision"
        assert info["view"]["seat"] == env.possible_agents.index(agent)
        assert sorted(info["view"]["legal_actions"]) == sorted(
            env.space.notation(i) for i in np.flatnonzero(mask)
        )
        env.step(int(rng.choice(np.flatnonzero(mask))))
    return collected


@pytest.mark.parametrize(("edition", "players"), [("classic", 2), ("2019", 4), ("premium", 6)])
def test_game_rewards_are_plus_one_for_winners_minus_one_for_the_others(
    edition: str, players: int
) -> None:
    env = raw_env(edition=edition, players=players)
    collected = play(env, seed=1)
    game = env.game
    assert game.is_over
    assert len(game.results) > 1  # the env dealt the rounds itself
    expected = {f"player_{s}": 1.0 if s in game.winners else -1.0 for s in range(players)}
    assert collected == expected


def test_round_rewards_add_up_to_the_tokens() -> None:
    env = raw_env(edition="princess", players=4, reward="round")
    collected = play(env, seed=2)
    assert collected == {f"player_{s}": float(t) for s, t in enumerate(env.game.tokens)}


def test_an_illegal_action_ends_the_game_for_the_wrapped_env(
    caplog: pytest.LogCaptureFixture,
) -> None:
    env = loveletter_v0.env(edition="classic", players=2)
    env.reset(seed=0)
    observation, *_ = env.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    offender = env.agent_selection
    env.step(illegal)
    assert "Illegal move" in caplog.text
    assert all(env.terminations.values())
    assert env.rewards[offender] == -1


def test_the_raw_env_refuses_an_illegal_action() -> None:
    env = raw_env(edition="classic", players=2)
    env.reset(seed=0)
    observation = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)


def test_only_the_agent_to_act_has_a_mask() -> None:
    env = raw_env(edition="2019", players=3)
    env.reset(seed=4)
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.any() == (agent == env.agent_selection)


def test_reset_with_a_seed_repeats_the_game() -> None:
    env = raw_env(edition="2019", players=3)
    env.reset(seed=9)
    first = env.observe(env.agent_selection)["observation"]
    env.reset(seed=10)
    env.reset(seed=9)
    np.testing.assert_array_equal(env.observe(env.agent_selection)["observation"], first)


def test_render_ansi_tells_the_game_and_human_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    env = raw_env(edition="classic", players=2, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert text is not None
    assert "Round 1 begins" in text
    assert "0 tokens" in text
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert "Round 1 begins" not in (env.render() or "")  # only what is new
    human = raw_env(edition="classic", players=2, render_mode="human")
    human.reset(seed=0)
    human.step(int(np.flatnonzero(human.observe(human.agent_selection)["action_mask"])[0]))
    assert "Round 1 begins" in capsys.readouterr().out


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="reward"):
        raw_env(reward="points")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="rgb_array")
    with pytest.raises(ValueError, match="players"):
        raw_env(edition="classic", players=5)


def test_without_views_infos_are_empty_and_observations_the_same() -> None:
    lean, full = raw_env(edition="2019", players=3, views=False), raw_env(edition="2019", players=3)
    lean.reset(seed=4)
    full.reset(seed=4)
    rng = np.random.default_rng(0)
    while not full.game.is_over:
        agent = full.agent_selection
        assert lean.agent_selection == agent
        assert lean.infos[agent] == {}
        assert "view" in full.infos[agent]
        mine, theirs = lean.observe(agent), full.observe(agent)
        np.testing.assert_array_equal(mine["observation"], theirs["observation"])
        action = int(rng.choice(np.flatnonzero(theirs["action_mask"])))
        lean.step(action)
        full.step(action)


def test_the_history_observation_is_the_information_state_tensor() -> None:
    env = raw_env(edition="classic", players=2, observation="history")
    env.reset(seed=1)
    encoder = InfoStateEncoder.for_table("classic", 2)
    space = env.observation_space("player_0")
    rng = np.random.default_rng(1)
    while not env.game.is_over:
        agent = env.agent_selection
        seat = env.possible_agents.index(agent)
        observation = env.observe(agent)
        assert space.contains(observation)
        np.testing.assert_array_equal(observation["observation"], encoder.encode(env.game, seat))
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    with pytest.raises(ValueError, match="observation"):
        raw_env(observation="vector")  # type: ignore[arg-type]
