"""The views a server sends as text are the engine's views.

The server keeps, from one state of a table to the next, each viewer's events of the
round and the game's round reviews as JSON text, and encodes only what came since.
Whatever the states it meets (every action, versions skipped, a game reloaded from
storage, a rematch, an older state after a newer one), the text must read as the
engine's view of that state.
"""

from __future__ import annotations

import random

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from loveletter import tables
from loveletter.engine import Options, build_view
from loveletter.server.connections import Rendered, earlier_rounds
from loveletter.tables import TableState

NAMES = ["Ana", "Bruno", "Chloé", "Dario", "Élise", "Fanny"]


def table_states(edition: str, players: int, games: int, rng: random.Random) -> list[TableState]:
    """Every state of a table of humans through ``games`` games (rematches), each
    decision chosen at random."""
    spec = tables.TableSpec(edition, (None,) * players, Options(tokens_to_win=2), "medium", 60.0)
    state = tables.new_table(spec, "rendered", "host", 0.0)
    for seat in range(players):
        state = tables.join(state, NAMES[seat], seat, f"token{seat}", 0.0)
    states = []
    for number in range(games):
        started = tables.start(state, random.Random(rng.random()), 0.0, rematch=number > 0)
        state, _ = tables.settle(state, started, 0.0)
        states.append(state)
        while state.status == "playing":
            state, _ = tables.settle(state, tables.random_change(state, rng), 0.0)
            states.append(state)
    return states


def reloaded(state: TableState) -> TableState:
    """The same state as a server rebuilds it from storage: its game replayed from its
    rounds, equal, but no object shared."""
    assert state.game is not None
    stored = tables.StoredTable(
        state.data,
        state.seats,
        tuple(state.game.players),
        tuple(
            tables.RoundData(number, r.deck, r.first, tuple(a.text for a in r.actions))
            for number, r in enumerate(state.game.history, start=1)
        ),
    )
    return tables.rebuild(stored, random.Random())


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    table=st.sampled_from([("classic", 2), ("classic", 4), ("2019", 5), ("premium", 6)]),
    skip=st.floats(0, 0.95),
    reload=st.floats(0, 0.2),
    late=st.floats(0, 0.2),
)
def test_each_view_sent_is_the_engine_view_of_its_state(
    seed: int, table: tuple[str, int], skip: float, reload: float, late: float
) -> None:
    rng = random.Random(seed)
    edition, players = table
    rendered: Rendered | None = None
    seen: list[TableState] = []
    for state in table_states(edition, players, 2, rng):
        if rng.random() < skip:
            continue  # a client that skipped this version: the next one renders later
        if rng.random() < reload:
            state = reloaded(state)
        if seen and rng.random() < late:
            # An older state rendered after a newer one (a late broadcast): it reads
            # right, and so does the next state rendered after it.
            check_views(Rendered(rng.choice(seen), rendered.texts if rendered else None))
        rendered = Rendered(state, rendered.texts if rendered else None)
        check_views(rendered)
        seen.append(state)


def check_views(rendered: Rendered) -> None:
    """Every seat's and a spectator's view of ``rendered`` is the engine's."""
    game = rendered.state.game
    assert game is not None
    for seat in [*range(game.seat_count), None]:
        assert orjson.loads(rendered.view(seat)) == build_view(game, seat)
        for lang in ("en", "fr"):
            told = [{"round": n, "lines": lines} for n, lines in earlier_rounds(game, seat, lang)]
            text = rendered.earlier(seat, lang)  # the member ',"earlier":[…]', or nothing
            assert (orjson.loads(f"{{{text[1:]}}}")["earlier"] if text else []) == told
