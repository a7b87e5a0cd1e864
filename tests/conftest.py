"""Fixtures shared by the tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import pytest

from loveletter.engine import CARD_KINDS
from loveletter.engine.card_texts import CARD_TEXTS
from loveletter.engine.cards import _VARIANTS
from loveletter.engine.game import EFFECTS


@pytest.fixture(scope="module")
def restored_registries() -> Iterator[None]:
    """Cards and editions registered by a module's tests (or a document's examples)
    are taken out after it: the other tests hold the registries to the real editions."""
    registries = [cast("dict[str, Any]", r) for r in (CARD_KINDS, CARD_TEXTS, EFFECTS, _VARIANTS)]
    saved = [dict(registry) for registry in registries]
    yield
    for registry, before in zip(registries, saved, strict=True):
        registry.clear()
        registry.update(before)
