"""Seat-relative encodings, policies as bots (in Python and through the bot protocol),
and policies as the Gym env's opponents (self-play)."""

from __future__ import annotations

import io
import json
import os
import random
import sys
from pathlib import Path

import numpy as np
import pytest

from loveletter.arena import run_arena
from loveletter.engine import Game, build_view
from loveletter.rl import ActionSpace, ObservationEncoder
from loveletter.rl.gym_env import LoveLetterEnv
from loveletter.rl.policy_bot import (
    MlpPolicy,
    PolicyBot,
    load_policy,
    load_table,
    save_mlp,
    serve,
)

from .helpers import positions


@pytest.mark.parametrize(("edition", "players"), [("2019", 4), ("premium", 6)])
def test_relative_numbering_turns_the_table(edition: str, players: int) -> None:
    space = ActionSpace.for_table(edition, players)
    absolute = ObservationEncoder.for_table(edition, players)
    relative = ObservationEncoder.for_table(edition, players, relative=True)
    for game in positions(edition, players, games=3, seed=2, share=0.2):
        seat = game.to_move
        assert seat is not None
        order = space.relative(seat)
        assert sorted(order) == list(range(len(space)))
        mask = space.legal_mask(game)[order]
        legal = {space.notation(order[i]) for i in np.flatnonzero(mask)}
        assert legal == {str(action) for action in game.legal_actions()}
        view = build_view(game, seat)
        mine, turned = absolute.encode(view), relative.encode(view)
        assert relative.piece(turned, "seat")[0] == 1
        for piece in ("tokens", "out", "protected"):
            np.testing.assert_array_equal(
                np.roll(absolute.piece(mine, piece), -seat), relative.piece(turned, piece)
            )
        np.testing.assert_array_equal(
            np.roll(absolute.piece(mine, "discards"), -seat, axis=0),
            relative.piece(turned, "discards"),
        )
    assert list(space.relative(0)) == list(range(len(space)))


def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def test_a_policy_is_a_bot_at_every_seat() -> None:
    bot = PolicyBot(first_legal, relative=True, name="first")
    rng = random.Random(0)
    seats = set()
    for seed in range(6):
        game = Game("2019", 3, seed=seed)
        while not game.is_over:
            seat = game.to_move
            if seat is None:
                game.next_round()
                continue
            action = bot.choose(build_view(game, seat), rng)
            assert action in {str(legal) for legal in game.legal_actions()}
            game.apply(action)
            seats.add(seat)
    assert seats == {0, 1, 2}


def test_a_policy_that_chooses_an_illegal_action_is_refused() -> None:
    bot = PolicyBot(lambda observation, mask: int(np.flatnonzero(mask == 0)[0]))
    game = next(positions("classic", 2, games=1))
    with pytest.raises(ValueError, match="not legal"):
        bot.choose(build_view(game, game.to_move), random.Random(0))


def small_mlp(path: str | os.PathLike[str], relative: bool) -> None:
    rng = np.random.default_rng(0)
    size, actions = ObservationEncoder.for_table("classic", 2).size, 30
    layers = [
        (rng.normal(size=(16, size)).astype(np.float32), np.zeros(16, np.float32)),
        (rng.normal(size=(actions, 16)).astype(np.float32), np.zeros(actions, np.float32)),
    ]
    save_mlp(path, layers, {"edition": "classic", "players": 2, "relative": relative})


class FsPath:
    """A path-like object that is neither a str nor a Path."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __fspath__(self) -> str:
        return str(self.path)


def test_paths_may_be_strings_or_path_like(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    small_mlp("x.npz", relative=False)
    small_mlp(FsPath(tmp_path / "y.npz"), relative=False)
    (tmp_path / "table.json").write_text("{}", encoding="utf-8")
    for path in ("x.npz", FsPath(tmp_path / "y.npz"), tmp_path / "x.npz"):
        assert load_policy(path).meta["edition"] == "classic"
    assert load_policy("x.npz").name == "x"
    assert load_table("table.json").name == load_table(FsPath(tmp_path / "table.json")).name


def test_a_saved_policy_plays_through_the_bot_protocol(tmp_path: Path) -> None:
    path = tmp_path / "policy.npz"
    small_mlp(path, relative=True)
    bot = load_policy(path)
    assert bot.name == "policy"
    assert bot.meta["edition"] == "classic"
    assert isinstance(bot.policy, MlpPolicy)
    game = next(positions("classic", 2, games=1, seed=4))
    view = build_view(game, game.to_move)
    lines = [json.dumps({"type": "decide", "view": view}) + "\n"]
    out = io.StringIO()
    serve(bot, lines, out)
    assert json.loads(out.getvalue()) == {"action": bot.choose(view, random.Random(1))}
    spec = f"exec:{sys.executable} -m loveletter.rl.policy_bot {path}"
    result = run_arena("classic", 2, [spec, "random"], games=4, seed=3)
    assert [line.faults for line in result.bots] == [0, 0]
    assert sum(line.games for line in result.bots) == 8


def test_policies_are_opponents_for_self_play() -> None:
    seen: list[int] = []

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        seen.append(int(np.flatnonzero(observation[:3])[0]))  # the seat piece
        return first_legal(observation, mask)

    env = LoveLetterEnv("classic", 3, policy, seat=None, relative_seats=True)
    for seed in range(4):
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            _, _, done, _, info = env.step(first_legal(np.zeros(0), info["action_mask"]))
    assert seen
    assert set(seen) == {0}  # every opponent sees itself as seat 0
    assert env.bots[0] is not env.bots[1]
