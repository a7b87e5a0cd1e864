"""The perfect-recall information-state tensor: the same tensor iff the same
information-state string, a fixed size that every round fits in."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from loveletter.engine import Game
from loveletter.rl.infostate import InfoStateEncoder, slots_for

from .helpers import TABLES, positions, table_id
from .test_openspiel import load, play_chance


def pairs(game: pyspiel.Game, count: int, seed: int) -> list[tuple[pyspiel.State, pyspiel.State]]:
    """Pairs of close states along random games: a state and a world resampled for
    the player to move (the same to it, not to the others), and two children of the
    state by different actions."""
    rng = np.random.RandomState(seed)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    found: list[tuple[pyspiel.State, pyspiel.State]] = []
    state = game.new_initial_state()
    while len(found) < count:
        if state.is_terminal():
            state = game.new_initial_state()
        play_chance(state, rng)
        if state.is_terminal():
            continue
        found.append(
            (state.clone(), state.resample_from_infostate(state.current_player(), sampler))
        )
        legal = state.legal_actions()
        if len(legal) > 1:
            one, other = rng.choice(legal, size=2, replace=False)
            found.append((state.child(int(one)), state.child(int(other))))
        state.apply_action(int(rng.choice(legal)))
    return found


@pytest.mark.parametrize(
    ("edition", "players"), [("classic", 2), ("2019", 2), ("2019", 4), ("premium", 5)]
)
def test_same_tensor_iff_same_information_state(edition: str, players: int) -> None:
    game = load(edition, players, tokens_to_win=1)
    size = game.information_state_tensor_size()
    by_string: dict[str, bytes] = {}
    by_tensor: dict[bytes, str] = {}
    same = differ = 0
    for pair in pairs(game, count=800, seed=players):
        for seat in range(players):
            texts, keys = [], []
            for state in pair:
                tensor = np.asarray(state.information_state_tensor(seat), dtype=np.float32)
                assert tensor.shape == (size,)
                texts.append(state.information_state_string(seat))
                keys.append(tensor.tobytes())
            assert (texts[0] == texts[1]) == (keys[0] == keys[1]), texts
            same += texts[0] == texts[1]
            differ += texts[0] != texts[1]
            for text, key in zip(texts, keys, strict=True):
                assert by_string.setdefault(text, key) == key, text
                assert by_tensor.setdefault(key, text) == text, text
    assert same > 300
    assert differ > 300


def test_the_header_and_a_spectator() -> None:
    game = Game("classic", 2, seed=3)
    encoder = InfoStateEncoder.for_table("classic", 2)
    seat = game.to_move
    assert seat is not None
    mine = encoder.encode(game, seat)
    assert mine[seat] == 1
    assert mine[:2].sum() == 1
    hand = mine[2 : 2 + len(encoder.cards)]
    assert hand.sum() == 2 == len(game.hands[seat])
    spectator = encoder.encode(game, None)
    assert spectator[: 2 + len(encoder.cards)].sum() == 0
    assert mine.sum() > spectator.sum()  # the cards it was dealt and drew


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_every_round_fits_the_slots(table: tuple[str, int]) -> None:
    edition, players = table
    encoder = InfoStateEncoder.for_table(edition, players)
    longest = 0
    for game in positions(edition, players, games=60, seed=7, share=0.05):
        longest = max(longest, len(game.round_logs[-1]))
        assert encoder.encode(game, game.to_move).shape == (encoder.size,)
    assert longest + 10 <= encoder.slots == slots_for(Game(edition, players).rules)
