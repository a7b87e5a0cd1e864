"""What ``Game(...)`` refuses before dealing: the command line's checks, for programs."""

from __future__ import annotations

import random

import pytest

from loveletter import Game, LoveLetterError


@pytest.mark.parametrize(
    "names",
    [["Ana", "Ana"], ["Ana", " Ana "], ["Ana", ""], ["Ana", "   "], ["Ana", "Bruno", "Ana"]],
)
def test_names_must_be_different_and_not_empty(names: list[str]) -> None:
    with pytest.raises(LoveLetterError, match="player names must be different and not empty"):
        Game("classic", names)


def test_different_names_are_kept_as_given() -> None:
    assert Game("classic", ["Ana", "ana", "Bruno "]).players == ["Ana", "ana", "Bruno "]


def test_seed_and_rng_together_are_refused() -> None:
    with pytest.raises(LoveLetterError, match="give rng or seed, not both"):
        Game("classic", 2, rng=random.Random(1), seed=1)
    assert (
        Game("classic", 2, seed=1).legal_actions()
        == Game("classic", 2, rng=random.Random(1)).legal_actions()
    )
