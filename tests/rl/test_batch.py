"""The batched interface: many games stepped at once, NumPy batches in and out."""

from __future__ import annotations

import numpy as np
import pytest

from loveletter.engine import build_view
from loveletter.rl import ActionSpace, ObservationEncoder
from loveletter.rl.batch import BatchEnv


@pytest.mark.parametrize(
    ("edition", "players", "relative"), [("classic", 2, False), ("2019", 4, True)]
)
def test_batches_are_the_games_as_their_seats_see_them(
    edition: str, players: int, relative: bool
) -> None:
    batch = BatchEnv(edition, players, games=8, seed=1, relative_seats=relative, reward="round")
    space = ActionSpace.for_table(edition, players)
    encoder = ObservationEncoder.for_table(edition, players, relative=relative)
    observations, masks, seats = batch.reset()
    assert observations.shape == (8, encoder.size)
    assert masks.shape == (8, len(space))
    ended = 0
    tokens = np.zeros((8, players))
    for _ in range(400):
        for row, game in enumerate(batch.games):
            assert seats[row] == game.to_move
            view = build_view(game, int(seats[row]))
            np.testing.assert_array_equal(observations[row], encoder.encode(view))
            order = space.relative(int(seats[row])) if relative else np.arange(len(space))
            legal = sorted(space.notation(order[i]) for i in np.flatnonzero(masks[row]))
            assert legal == sorted(view["legal_actions"])
        games = list(batch.games)
        observations, masks, seats, rewards, dones = batch.step(batch.sample(masks))
        tokens += rewards
        for ended_row in np.flatnonzero(dones):
            row = int(ended_row)
            assert games[row].is_over
            assert batch.games[row] is not games[row]
            np.testing.assert_array_equal(tokens[row], games[row].tokens)  # "round": tokens
            tokens[row] = 0
        ended += int(dones.sum())
    assert ended > 8


def test_a_bad_batch_is_refused_and_changes_nothing() -> None:
    batch = BatchEnv("classic", 2, games=3, seed=2)
    _, masks, _ = batch.reset()
    actions = batch.sample(masks)
    actions[2] = int(np.flatnonzero(masks[2] == 0)[0])
    before = [len(game.log) for game in batch.games]
    with pytest.raises(ValueError, match="game 2"):
        batch.step(actions)
    assert [len(game.log) for game in batch.games] == before
    with pytest.raises(ValueError, match="give 3 actions"):
        batch.step(actions[:2])
    with pytest.raises(ValueError, match="at least 1"):
        BatchEnv("classic", 2, games=0)


def test_the_same_seed_gives_the_same_games() -> None:
    one, other = BatchEnv("2019", 3, games=4, seed=9), BatchEnv("2019", 3, games=4, seed=9)
    first, again = one.reset(), other.reset()
    for _ in range(30):
        for mine, theirs in zip(first, again, strict=True):
            np.testing.assert_array_equal(mine, theirs)
        first = one.step(one.sample(first[1]))[:3]
        again = other.step(other.sample(again[1]))[:3]


def test_some_games_may_play_while_the_others_wait() -> None:
    batch = BatchEnv("classic", 2, games=4, seed=6)
    _, masks, _ = batch.reset()
    games = list(batch.games)
    played = [sum(map(len, game.round_logs)) for game in games]
    actions = batch.sample(masks)
    _, _, _, rewards, dones = batch.step(actions[[3, 1]], rows=[3, 1])
    now = [sum(map(len, game.round_logs)) for game in games]
    assert [after > before for after, before in zip(now, played, strict=True)] == [
        False,
        True,
        False,
        True,
    ]
    assert not rewards[[0, 2]].any()
    assert not dones[[0, 2]].any()
    with pytest.raises(ValueError, match="give 2 actions"):
        batch.step(actions, rows=[0, 1])
