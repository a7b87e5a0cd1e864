"""The action space: every index round-trips through the notation, masks are the
engine's legal actions."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from loveletter.engine import parse_action
from loveletter.rl import ActionSpace

from .helpers import TABLES, positions, table_id


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_every_index_round_trips_through_the_notation(table: tuple[str, int]) -> None:
    space = ActionSpace.for_table(*table)
    texts = [space.notation(i) for i in range(len(space))]
    assert len(set(texts)) == len(texts)
    for i, text in enumerate(texts):
        assert parse_action(text) is space.action(i)
        assert str(space.action(i)) == text
        assert space.index(text) == i
        assert space.index(parse_action(text)) == i


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_blocks_tile_the_space_in_the_documented_order(table: tuple[str, int]) -> None:
    space = ActionSpace.for_table(*table)
    stops = [0, *(block.stop for block in space.blocks)]
    assert [block.start for block in space.blocks] == stops[:-1]
    assert stops[-1] == len(space)
    for block in space.blocks:
        words = {space.action(i).word for i in range(block.start, block.stop)}
        expected = {"reply": {"discard", "keep"}}.get(block.name, {block.name})
        assert words == expected


def test_the_2019_layout() -> None:
    space = ActionSpace.for_table("2019", 4)
    assert space.notation(0) == "spy"
    guard = space.block("guard")
    assert space.notation(guard.start) == "guard"
    assert space.notation(guard.start + 1) == "guard 0 spy"  # seat-major, guesses in deck order
    assert space.notation(guard.stop - 1) == "guard 3 princess"
    assert guard.stop - guard.start == 1 + 4 * 9
    keep = space.block("keep")
    assert space.notation(keep.start) == "keep spy spy guard"
    assert space.notation(keep.stop - 1) == "keep princess countess"  # not princess princess
    assert "look" not in {block.name for block in space.blocks}


def test_unknown_indices_and_actions_are_refused() -> None:
    space = ActionSpace.for_table("classic", 2)
    with pytest.raises(IndexError):
        space.action(len(space))
    with pytest.raises(IndexError):
        space.action(-1)
    with pytest.raises(KeyError):
        space.index("guard 3 priest")  # no seat 3 at a 2-player table
    with pytest.raises(KeyError):
        space.index("keep guard priest")  # no Chancellor in the Classic deck


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_masks_are_the_legal_actions_in_random_positions(table: tuple[str, int]) -> None:
    space = ActionSpace.for_table(*table)
    used: Counter[str] = Counter()
    count = 0
    for game in positions(*table, games=12, seed=len(space)):
        mask = space.legal_mask(game)
        assert mask.dtype == np.int8
        chosen = {space.notation(i) for i in np.flatnonzero(mask)}
        assert chosen == {str(action) for action in game.legal_actions()}
        for i in np.flatnonzero(mask):
            used[next(b.name for b in space.blocks if b.start <= i < b.stop)] += 1
        count += 1
    assert count > 200
    for step in ("keep", "look"):
        if any(block.name == step for block in space.blocks):
            assert used[step], f"no {step} position in {count} random positions"
