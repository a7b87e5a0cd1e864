"""Infos built on first read: the same contents as built at once, read now or later."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from loveletter.engine import Game, View, build_view
from loveletter.rl import loveletter_v0
from loveletter.rl.gym_env import LoveLetterEnv, ViewInfo
from loveletter.rl.lazy import LazyDict, StepViews
from loveletter.rl.pettingzoo_env import MIRRORED

from .helpers import positions

TABLES = [("classic", 2), ("2019", 4), ("premium", 6)]


@pytest.mark.parametrize(("edition", "players"), [*TABLES, ("premium", 8)])
def test_a_later_view_is_the_view_when_asked_although_the_game_moved_on(
    edition: str, players: int
) -> None:
    step_views = StepViews()
    pending: list[tuple[Callable[[], View], View]] = []
    for game in positions(edition, players, games=4, seed=7):
        for seat in range(players):
            pending.append((step_views.later(game, seat), build_view(game, seat)))
            if len(pending) % 4 == 0:  # some read at once, the others later
                assert pending[-1][0]() == pending[-1][1]
    assert [later() for later, _ in pending] == [view for _, view in pending]


@pytest.mark.parametrize(("edition", "players"), TABLES)
def test_pettingzoo_infos_are_the_views_of_their_step(edition: str, players: int) -> None:
    env = loveletter_v0.env(edition=edition, players=players)
    rng = np.random.default_rng(3)
    kept: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for seed in range(15):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            observation, _, termination, truncation, info = env.last()
            game = env.unwrapped.game
            kept.append((info, {"view": build_view(game, env.possible_agents.index(agent))}))
            if len(kept) % 3 == 0:  # some read at once, the others after the game
                assert info == kept[-1][1]
            if termination or truncation:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert all(info == eager for info, eager in kept)
    assert all(dict(info) == eager for info, eager in kept)


@pytest.mark.parametrize(("edition", "players"), TABLES)
def test_gymnasium_infos_are_the_views_of_their_step(edition: str, players: int) -> None:
    env = LoveLetterEnv(edition, players, "random")
    rng = np.random.default_rng(4)
    kept: list[tuple[ViewInfo, View]] = []
    for seed in range(15):
        _, info = env.reset(seed=seed)
        done = False
        while True:
            kept.append((info["view"], build_view(env.game, env.seat)))
            if done:
                break
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, _, done, _, info = env.step(action)
    assert all(info.view == view and dict(info) == view for info, view in kept)


def lazy_and_eager() -> tuple[LazyDict, dict[str, Any]]:
    """A LazyDict not filled yet and the dict it stands for."""
    made = {"view": {"seat": 1, "hand": ["guard"]}, "turn": 3}
    return LazyDict(made, lambda: copy.deepcopy(made)), made


READERS: list[Callable[[dict[str, Any]], object]] = [
    lambda d: d["view"],
    lambda d: d.get("turn"),
    lambda d: d.get("missing", 0),
    len,
    lambda d: "view" in d,
    lambda d: "missing" in d,
    list,
    lambda d: list(reversed(d)),
    lambda d: list(d.keys()),
    lambda d: list(d.values()),
    lambda d: list(d.items()),
    lambda d: dict(d),
    lambda d: {**d},
    lambda d: d | {"more": 1},
    lambda d: {"more": 1} | d,
    lambda d: d.copy(),
    copy.copy,
    copy.deepcopy,
    lambda d: pickle.loads(pickle.dumps(d)),
    lambda d: json.dumps(d),
    repr,
    str,
    bool,
    lambda d: d == {"view": {"seat": 1, "hand": ["guard"]}, "turn": 3},
    lambda d: {"view": {"seat": 1, "hand": ["guard"]}, "turn": 3} == d,  # noqa: SIM300 - dict first
    lambda d: d != {},
]


@pytest.mark.parametrize("read", READERS)
def test_a_lazy_dict_reads_as_the_dict_it_stands_for(read: Callable[[Any], object]) -> None:
    lazy, eager = lazy_and_eager()
    assert read(lazy) == read(eager)
    assert lazy == eager


def test_copies_and_pickles_of_a_lazy_dict_are_plain_dicts() -> None:
    lazy, eager = lazy_and_eager()
    for twin in (copy.copy(lazy), copy.deepcopy(lazy), pickle.loads(pickle.dumps(lazy))):
        assert type(twin) is dict
        assert twin == eager


WRITERS: list[Callable[[dict[str, Any]], object]] = [
    lambda d: d.__setitem__("turn", 9),
    lambda d: d.__delitem__("turn"),
    lambda d: d.pop("turn"),
    lambda d: d.popitem(),
    lambda d: d.setdefault("turn", 9),
    lambda d: d.setdefault("new", 9),
    lambda d: d.update(turn=9),
    lambda d: d.__ior__({"turn": 9}),
    lambda d: d.clear(),
]


@pytest.mark.parametrize("write", WRITERS)
def test_a_write_to_a_lazy_dict_is_kept_as_in_a_dict(write: Callable[[Any], object]) -> None:
    lazy, eager = lazy_and_eager()
    assert write(lazy) == write(eager)
    assert lazy == eager
    assert list(lazy.items()) == list(eager.items())


def test_a_view_info_copies_and_pickles_with_its_view() -> None:
    game = Game("2019", 3, seed=5)
    view = build_view(game, 1)
    for info in (ViewInfo(view), ViewInfo.later(StepViews().later(game, 1))):
        for twin in (copy.copy(info), copy.deepcopy(info), pickle.loads(pickle.dumps(info))):
            assert type(twin) is ViewInfo
            assert twin.view == view
            assert dict(twin) == view


def wrapper_layers(env: Any) -> list[Any]:
    """The wrappers of a wrapped env, outermost first."""
    layers = []
    while hasattr(env, "env"):
        layers.append(env)
        env = env.env
    return layers


def test_the_wrapped_env_still_refuses_reads_before_reset() -> None:
    env = loveletter_v0.env(edition="2019", players=4)
    with pytest.raises(AttributeError, match="cannot be accessed before reset"):
        _ = env.agents
    assert wrapper_layers(env)[-1].agents == env.unwrapped.agents


@pytest.mark.parametrize("illegal_at", [None, 5])
def test_every_wrapper_reads_the_raw_env_state_of_each_step(illegal_at: int | None) -> None:
    env = loveletter_v0.env(edition="classic", players=2)
    raw = env.unwrapped
    rng = np.random.default_rng(5)
    for seed in range(5):
        env.reset(seed=seed)
        for step, _ in enumerate(env.agent_iter()):
            for layer in wrapper_layers(env):
                for name in MIRRORED:
                    assert getattr(layer, name) is getattr(raw, name)
            observation, _, termination, truncation, _ = env.last()
            mask = observation["action_mask"]
            if termination or truncation:
                env.step(None)
            elif step == illegal_at:
                env.step(int(np.flatnonzero(mask == 0)[0]))
            else:
                env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not any(layer.agents for layer in wrapper_layers(env))
