"""Fixtures shared by the tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import pytest

import loveletter.rl  # noqa: F401 - registers its small variants before any snapshot below
from loveletter.engine import CARD_KINDS, Action
from loveletter.engine.actions import STEP_WORDS
from loveletter.engine.card_texts import CARD_TEXTS
from loveletter.engine.cards import _VARIANTS
from loveletter.engine.game import EFFECTS


@pytest.fixture(scope="module")
def restored_registries() -> Iterator[None]:
    """Cards and editions registered by a module's tests (or a document's examples)
    are taken out after it, with the actions of those cards the notation remembers:
    the other tests hold the registries to the real editions."""
    registries = [cast("dict[str, Any]", r) for r in (CARD_KINDS, CARD_TEXTS, EFFECTS, _VARIANTS)]
    before = [set(registry) for registry in registries]
    yield
    for registry, ids in zip(registries, before, strict=True):
        for added in set(registry) - ids:
            del registry[added]
    words = {*CARD_KINDS, *STEP_WORDS}
    for table in (Action._by_parts, Action._by_text):
        interned = cast("dict[object, Action]", table)
        for key in [key for key, action in interned.items() if action.word not in words]:
            del interned[key]
