"""The levels for people: each one described by its measured strength."""

from __future__ import annotations

import itertools
from pathlib import Path

import loveletter
from loveletter.bots.levels import LEVEL_STRENGTH, LEVELS, describe_level


def test_each_level_above_easy_is_told_against_the_one_below() -> None:
    assert describe_level("easy") == "plays at random"
    for below, level in itertools.pairwise(LEVELS):
        assert LEVEL_STRENGTH[level][0] == below
        assert describe_level(level).endswith(f"% of the rounds against {below}")
    assert describe_level("hard") == "wins 56% of the rounds against medium"


def test_the_web_page_tells_each_level_with_the_measured_figure() -> None:
    page = (Path(loveletter.__file__).parent / "server" / "static" / "js" / "i18n.js").read_text()
    for level, (_, rate) in LEVEL_STRENGTH.items():
        percent = round(100 * rate)
        assert f'level_note_{level}: "wins {percent}% of the rounds' in page
        assert f'level_note_{level}: "gagne {percent}\\u00a0% des manches' in page
