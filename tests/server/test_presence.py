"""When a player counts as gone, at the very instant: the domain says it once
(``TableState``), and every place that asks agrees with it.

A player last seen at ``seen_at`` counts as gone from ``seen_at + disconnect_timeout``
on, that instant included. It decides when the host counts as gone (others may
start), when a bot stands in (the ``stand_in`` command, and the seats the
repositories list for the sweeps: in memory, and in SQL on SQLite and PostgreSQL),
and it is the instant the clients are sent (``host_gone_at``, ``standin_at``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pytest

from loveletter import tables
from loveletter.engine import Options
from loveletter.server.messages import public_table
from loveletter.server.repository import TableRepository
from loveletter.tables import TableSpec, TableState

#: When the players were last seen (a clock's time, as ``time.time()`` gives it) and
#: how long the table lets them be gone: their sum is rounded, as a clock's would be.
SEEN = 1_764_000_000.123
TIMEOUT = 0.3
GONE = SEEN + TIMEOUT

#: Just before, exactly at, and just after the instant the players count as gone.
INSTANTS = {
    "before": (math.nextafter(GONE, -math.inf), False),
    "at": (GONE, True),
    "after": (math.nextafter(GONE, math.inf), True),
}
AT = pytest.mark.parametrize(("now", "gone"), INSTANTS.values(), ids=INSTANTS.keys())

HOST, GUEST = 0, 1


def playing(repository: TableRepository | None = None) -> TableState:
    """A game under way, each change committed to ``repository`` if one is given: the
    host Ana (seat 0) and Bruno (seat 1), both last seen at SEEN and not connected,
    and a bot."""
    spec = TableSpec(
        edition="classic",
        seats=(None, None, "easy"),
        options=Options(),
        bot_level="easy",
        disconnect_timeout=TIMEOUT,
    )
    state = tables.new_table(spec, "presence", "host-hash", SEEN - 5)
    if repository is not None:
        repository.create_table(state.data, state.seats)
    changes: list[tuple[float, Callable[[TableState, float], TableState]]] = [
        (SEEN - 4, lambda old, now: tables.join(old, "Ana", HOST, "a", now, host=True)),
        (SEEN - 3, lambda old, now: tables.join(old, "Bruno", GUEST, "b", now)),
        (SEEN, lambda old, now: tables.start(old, random.Random(3), now, rematch=False)),
    ]
    for now, command in changes:
        state, commit = tables.settle(state, command(state, now), now)
        if repository is not None:
            assert repository.commit(commit)
    return state


#: Each place that asks whether a player is gone at ``now``.
SITES: dict[str, Callable[[TableState, float], bool]] = {
    "host_gone": lambda state, now: state.host_gone(now),
    "stand_in command": lambda state, now: tables.stand_in(state, GUEST, now) is not None,
}


@pytest.mark.parametrize("site", SITES.values(), ids=SITES.keys())
@AT
def test_the_domain_counts_a_player_gone_from_the_instant_on(
    site: Callable[[TableState, float], bool], now: float, gone: bool
) -> None:
    assert site(playing(), now) is gone


def test_the_instants_sent_are_those_the_domain_turns_at() -> None:
    state = playing()
    table = public_table(state)
    sent = {
        "host_gone": table["host_gone_at"],
        "stand_in command": table["seats"][GUEST]["standin_at"],
    }
    assert sent == dict.fromkeys(SITES, GONE)
    for name, site in SITES.items():
        assert not site(state, math.nextafter(sent[name], -math.inf))
        assert site(state, sent[name])


@AT
def test_every_repository_lists_the_seats_gone_from_the_instant_on(
    repository: TableRepository, now: float, gone: bool
) -> None:
    state = playing(repository)
    stored = repository.load_table(state.id)
    assert stored is not None
    kept = TableState(stored.table, stored.seats)
    due = [(state.id, seat) for seat in (HOST, GUEST) if kept.standin_due(seat, now)]
    assert due == ([(state.id, HOST), (state.id, GUEST)] if gone else [])
    for offline_only in (True, False):  # neither is connected
        assert sorted(repository.absent_seats(now, offline_only=offline_only)) == due
