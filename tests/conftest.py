"""Fixtures shared by the tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import httpx
import pytest

import loveletter.rl  # noqa: F401 - registers its small variants before any snapshot below
from loveletter.engine import CARD_KINDS, Action
from loveletter.engine.actions import STEP_WORDS
from loveletter.engine.card_texts import CARD_TEXTS
from loveletter.engine.cards import _VARIANTS
from loveletter.engine.game import EFFECTS

#: How long a test's HTTP request may wait for its answer when it gives no timeout of
#: its own: httpx's 5 s failed a sign-up (argon2) on a loaded machine. A bound on a
#: failure, never a wait for synchronisation.
HTTP_TIMEOUT = httpx.Timeout(60.0)


def _answers_waited_for_longer() -> None:
    """httpx's clients and one-off requests wait :data:`HTTP_TIMEOUT` by default."""
    entries = (httpx.Client.__init__, httpx.AsyncClient.__init__)
    requests = (httpx.request, httpx.get, httpx.post, httpx.put, httpx.patch, httpx.delete)
    for function in (*entries, *requests, httpx.head, httpx.options):
        defaults = function.__kwdefaults__
        if defaults is None or "timeout" not in defaults:
            raise RuntimeError(f"httpx changed: {function.__qualname__} takes no timeout")
        defaults["timeout"] = HTTP_TIMEOUT


_answers_waited_for_longer()


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
