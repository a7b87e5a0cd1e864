"""Tables whose stored rows were tampered with (or damaged): whatever loads one (its
page's API, the WebSocket hello, its games' replay, the start's rebuilding of the
tables in play) answers ``server_error`` (503) and logs one line, as docs/server.md
promises; the other tables go on.

The rows are changed in the real database that two servers share: one makes the
tables, the other (``reader``) is asked about them, and loads each from the database
the first time, as a second process does.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import NullPool

from loveletter.engine import get_edition

from .conftest import postgres_schema
from .harness import (
    TIMEOUT,
    Client,
    Message,
    ServerLog,
    ServerThread,
    create_table,
    fast_settings,
    finished,
    is_state,
    join,
    start,
)

#: A tampering: SQL run on the table's rows (``:t`` is the table), with its values.
Tamper = tuple[str, dict[str, Any]]


@dataclass
class Arena:
    maker: ServerThread  # makes the tables
    reader: ServerThread  # is asked about them once tampered with
    log: ServerLog
    db: Engine
    other: str  # a table in play that nobody tampers with

    @property
    def sqlite(self) -> bool:
        """SQLite stores anything in a JSON or REAL column; PostgreSQL refuses it."""
        return self.db.dialect.name == "sqlite"


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def arena(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Arena]:
    with ExitStack() as stack:
        if request.param == "sqlite":
            url = f"sqlite:///{tmp_path_factory.mktemp('damaged') / 'loveletter.db'}"
        else:
            url = stack.enter_context(postgres_schema())
        maker = stack.enter_context(ServerThread(fast_settings(url)))
        reader = stack.enter_context(ServerThread(fast_settings(url)))
        db = create_engine(url, poolclass=NullPool)
        stack.callback(db.dispose)
        log = stack.enter_context(ServerLog())
        yield Arena(maker, reader, log, db, in_play(maker))


def in_play(server: ServerThread) -> str:
    """A table in play whose first round waits for Ana, its human, to move first (for
    a day: no bot stands in for her while the test runs)."""
    created = create_table(
        server.url,
        seats=[{"kind": "open"}, {"kind": "bot", "level": "random"}],
        options={"first_player": 0},
        disconnect_timeout=86400,
    )
    table: str = created["table"]
    join(server.url, table, "Ana", seat=0)
    start(server.url, created)
    return table


def _json(value: Any) -> str:
    return json.dumps(value)


NOT_JSON = st.sampled_from(["{not json", "", "[1, 2", "NaN?", "\u00e9t\u00e9"])
CARDS = st.sampled_from(["joker", "Guard", "guard ", "", "priestess"])


@st.composite
def tampers(draw: st.DrawFn, *, sqlite: bool) -> Tamper:
    """One way to damage a table in play's rows (each one is damage, never a valid row);
    with ``sqlite``, values PostgreSQL would refuse to store too."""
    kinds = ["deck", "action", "options", "edition", "seat kind", "seat gone", "seat number"]
    kinds += ["marks", "players", "status", "game number"]
    if sqlite:
        kinds += ["deck text", "options text", "players text", "timer"]
    kind = draw(st.sampled_from(kinds))
    deck = "UPDATE ll_rounds SET deck = :v WHERE table_id = :t AND number = 1"
    table = "UPDATE ll_tables SET {} = :v WHERE id = :t"
    if kind == "deck":
        classic = [card.id for card in get_edition("classic").deck(2)]
        premium = [card.id for card in get_edition("premium").deck(5)]
        value = draw(
            st.one_of(
                st.just(premium),  # another edition's
                st.just(classic[1:]),  # a card short
                st.just([*classic, "guard"]),  # a card too many
                CARDS.map(lambda card: [card, *classic[1:]]),  # an unknown card
                st.integers().map(lambda n: n),
                st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
            )
        )
        return deck, {"v": _json(value)}
    if kind == "deck text":
        return deck, {"v": draw(NOT_JSON)}
    if kind == "action":
        action = draw(
            st.one_of(
                CARDS.map(lambda card: f"guard 1 {card}"),
                st.sampled_from(["joker", "prince 9", "princess 1 2 3", "", "\x7f"]),
            )
        )
        sql = (
            "INSERT INTO ll_actions (table_id, game, seq, round, text, created_at) "
            "VALUES (:t, 1, 0, 1, :v, 0)"
        )
        return sql, {"v": action}
    if kind == "options":
        value = draw(
            st.sampled_from(
                [[], 5, "x", None, {"joker": 1}, {"tokens_to_win": "seven"}, {"tokens_to_win": 500}]
            )
        )
        return table.format("options"), {"v": _json(value)}
    if kind == "options text":
        return table.format("options"), {"v": draw(NOT_JSON)}
    if kind == "edition":
        return table.format("edition"), {"v": draw(st.sampled_from(["Classic", "nope", ""]))}
    if kind == "seat kind":
        return "UPDATE ll_seats SET kind = :v WHERE table_id = :t AND seat = 1", {"v": "alien"}
    if kind == "seat gone":
        return "DELETE FROM ll_seats WHERE table_id = :t AND seat = 1", {}
    if kind == "seat number":
        sql = "UPDATE ll_seats SET seat = :v WHERE table_id = :t AND seat = 1"
        return sql, {"v": draw(st.sampled_from([-1, 2, 9]))}
    if kind == "marks":
        value = draw(st.sampled_from(["5", _json([[1]]), _json([["a", 0, 0]]), _json({"x": 1})]))
        return table.format("standin_marks"), {"v": value}
    if kind == "players":
        value = draw(st.sampled_from([_json(["Ana"]), _json([1, 2]), _json("xy")]))
        return "UPDATE ll_games SET players = :v WHERE table_id = :t", {"v": value}
    if kind == "players text":
        return "UPDATE ll_games SET players = :v WHERE table_id = :t", {"v": draw(NOT_JSON)}
    if kind == "status":
        return table.format("status"), {"v": "paused"}
    if kind == "game number":
        return table.format("game_number"), {"v": 7}
    return table.format("turn_timer"), {"v": "soon"}


def tamper(db: Engine, table: str, change: Tamper) -> None:
    sql, values = change
    with db.begin() as connection:
        assert connection.execute(text(sql), {**values, "t": table}).rowcount == 1


def stored_text_that_is_not_json(arena: Arena, sql: str, table: str) -> bool:
    """Store text that is not JSON in a JSON column: done on SQLite (True); refused by
    PostgreSQL, whose JSON columns hold only JSON, so that damage cannot happen there
    (False)."""
    with arena.db.begin() as connection:
        if arena.sqlite:
            assert connection.execute(text(sql), {"t": table}).rowcount == 1
            return True
        with pytest.raises(DBAPIError, match="json"):
            connection.execute(text(sql), {"t": table})
    return False


def one_line_each(log: ServerLog, table: str) -> list[str]:
    """What the server logged of this table: one line each, never a traceback."""
    told = [r for r in log.records if table in r.getMessage()]
    assert told, f"nothing logged of table {table}"
    assert all(len(r.getMessage().splitlines()) == 1 and not r.exc_info for r in told)
    assert log.tracebacks() == []
    return [r.getMessage() for r in told]


def refused(answer: httpx.Response) -> None:
    assert answer.status_code == 503, answer.text
    assert answer.json()["error"]["code"] == "server_error"


async def hello_refused(server: ServerThread, table: str) -> Message:
    """The hello at a damaged table gets an error, and the connection stays open."""
    client = await Client.open(server.ws_url, table)
    try:
        error = await client.error()
        assert await client.sync() == []
        return error
    finally:
        await client.close()


async def hello_answered(server: ServerThread, table: str) -> None:
    client = await Client.open(server.ws_url, table)
    try:
        await client.until(is_state)
    finally:
        await client.close()


def others_go_on(arena: Arena) -> None:
    info = httpx.get(f"{arena.reader.url}/api/tables/{arena.other}", timeout=TIMEOUT)
    assert info.status_code == 200, info.text
    asyncio.run(hello_answered(arena.reader, arena.other))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_tampered_table_answers_server_error_in_one_line(
    arena: Arena, data: st.DataObject
) -> None:
    change = data.draw(tampers(sqlite=arena.sqlite), label="change")
    table = in_play(arena.maker)
    tamper(arena.db, table, change)
    reader = arena.reader.url
    refused(httpx.get(f"{reader}/api/tables/{table}", timeout=TIMEOUT))
    refused(httpx.get(f"{reader}/api/tables/{table}/games", timeout=TIMEOUT))
    error = asyncio.run(hello_refused(arena.reader, table))
    assert error["code"] == "server_error"
    assert "damaged" in error["message"]
    one_line_each(arena.log, table)
    others_go_on(arena)


async def played_out(server: ServerThread) -> str:
    """A table whose two bots played a game to its end."""
    created = create_table(
        server.url, seats=[{"kind": "bot", "level": "random"}] * 2, options={"tokens_to_win": 1}
    )
    table: str = created["table"]
    start(server.url, created)
    spectator = await Client.open(server.ws_url, table)
    try:
        await spectator.until(finished)
    finally:
        await spectator.close()
    return table


RECORD_DAMAGE = [
    pytest.param(lambda record: record.update(edition="Classic"), id="edition-Classic"),
    pytest.param(lambda record: record.update(options=[]), id="options-list"),
    pytest.param(
        lambda record: record["rounds"][0].update(deck=record["rounds"][0]["deck"][1:]),
        id="deck-short",
    ),
    pytest.param(
        lambda record: record["rounds"][0]["actions"].insert(0, "guard 1 joker"),
        id="unknown-card",
    ),
    pytest.param(lambda record: record.update(players=["Ana"]), id="one-player"),
    pytest.param(lambda record: record.pop("rounds"), id="no-rounds"),
]


@pytest.mark.parametrize("damage", RECORD_DAMAGE)
def test_a_tampered_record_answers_server_error_in_one_line_to_its_replay(
    arena: Arena, damage: Callable[[dict[str, Any]], None]
) -> None:
    server = arena.reader
    table = asyncio.run(played_out(arena.maker))
    with arena.db.begin() as connection:
        stored = connection.scalar(
            text("SELECT record FROM ll_games WHERE table_id = :t"), {"t": table}
        )
        record = stored if isinstance(stored, dict) else json.loads(stored)  # (PostgreSQL: read)
        damage(record)
        connection.execute(
            text("UPDATE ll_games SET record = :v WHERE table_id = :t"),
            {"v": json.dumps(record), "t": table},
        )
    refused(httpx.get(f"{server.url}/api/tables/{table}/games/1/replay", timeout=TIMEOUT))
    one_line_each(arena.log, table)
    others_go_on(arena)


def test_a_stored_record_that_is_not_json_answers_server_error(arena: Arena) -> None:
    server = arena.reader
    table = asyncio.run(played_out(arena.maker))
    if not stored_text_that_is_not_json(
        arena, "UPDATE ll_games SET record = '{not json' WHERE table_id = :t", table
    ):
        return
    for path in ("replay", "record"):
        refused(httpx.get(f"{server.url}/api/tables/{table}/games/1/{path}", timeout=TIMEOUT))
    assert arena.log.tracebacks() == []
    others_go_on(arena)


def test_the_first_start_on_a_damaged_table_logs_one_line(tmp_path: Path) -> None:
    """The tables in play are rebuilt as the server starts: a damaged one is told in
    one line, the others are played on."""
    url = f"sqlite:///{tmp_path / 'loveletter.db'}"
    with ServerThread(fast_settings(url)) as server:
        damaged, other = in_play(server), in_play(server)
        unrated = asyncio.run(played_out(server))
    db = create_engine(url)
    tamper(db, damaged, ("UPDATE ll_tables SET edition = 'nope' WHERE id = :t", {}))
    sql = "UPDATE ll_games SET rated = false, record = :v WHERE table_id = :t"
    tamper(db, unrated, (sql, {"v": json.dumps({"rounds": 5})}))  # left to the rating sweep
    with db.begin() as connection:  # seats of two accounts: the game is theirs to rate
        sql = "UPDATE ll_seats SET account_id = 'account' || seat WHERE table_id = :t"
        connection.execute(text(sql), {"t": unrated})
    db.dispose()
    with ServerLog() as log, ServerThread(fast_settings(url)) as server:
        record = log.wait_for(f"table {damaged} could not be rebuilt: ")
        assert "damaged" in record.getMessage()
        rating = log.wait_for(f"could not rate it: game 1 of table {unrated}: damaged: ")
        assert len(rating.getMessage().splitlines()) == 1
        assert httpx.get(f"{server.url}/api/tables/{other}", timeout=TIMEOUT).status_code == 200
        refused(httpx.get(f"{server.url}/api/tables/{damaged}", timeout=TIMEOUT))
    assert log.tracebacks() == []


def waiting_in_lobby(server: ServerThread) -> str:
    """A public table whose host sits and waits for a second player."""
    created = create_table(server.url, public=True, disconnect_timeout=86400)
    join(server.url, created["table"], "Ana", host_token=created["host_token"])
    table: str = created["table"]
    return table


@pytest.mark.parametrize(
    "change",
    [
        ("UPDATE ll_tables SET host_seat = 9 WHERE id = :t", {}),
        ("UPDATE ll_tables SET edition = 'nope' WHERE id = :t", {}),
        ("UPDATE ll_tables SET options = '{\"joker\": 1}' WHERE id = :t", {}),
        ("UPDATE ll_tables SET lang = 'xx' WHERE id = :t", {}),
    ],
    ids=["host-seat", "edition", "options", "lang"],
)
def test_the_lobby_leaves_a_tampered_table_out_in_one_line(arena: Arena, change: Tamper) -> None:
    damaged, sound = waiting_in_lobby(arena.maker), waiting_in_lobby(arena.maker)
    tamper(arena.db, damaged, change)
    for _ in range(2):  # told once
        answer = httpx.get(f"{arena.reader.url}/api/lobby?limit=100", timeout=TIMEOUT)
        assert answer.status_code == 200, answer.text
        listed = {table["id"] for table in answer.json()["tables"]}
        assert sound in listed
        assert damaged not in listed
    [line] = one_line_each(arena.log, damaged)
    assert "left out of the lobby" in line


def test_the_sweep_tells_a_damaged_stalled_table_in_one_line(arena: Arena) -> None:
    """A table that waits on a bot for long is one the sweep drives: damaged, it is
    told in one line and left alone, and the sweep goes on."""
    table = in_play(arena.maker)
    sql = "UPDATE ll_tables SET awaiting = 'bot', updated_at = 0, edition = 'nope' WHERE id = :t"
    tamper(arena.db, table, (sql, {}))
    record = arena.log.wait_for(f"sweep: table {table}: damaged: ")
    assert "'nope'" in record.getMessage()
    assert table in arena.reader.service.damaged  # the sweep leaves it alone from now on
    assert arena.log.tracebacks() == []
    others_go_on(arena)


@pytest.mark.redis
def test_a_table_damaged_under_its_watchers_tells_them_in_one_line(tmp_path: Path) -> None:
    """Another process moves a table on; this one reloads it for its clients, finds it
    damaged, and tells them (their connections stay open) and its log, in one line."""
    url = f"sqlite:///{tmp_path / 'loveletter.db'}"
    redis = os.environ["LOVELETTER_TEST_REDIS_URL"]
    with (
        ServerThread(fast_settings(url, redis_url=redis)) as one,
        ServerThread(fast_settings(url, redis_url=redis)) as two,
        ServerLog() as log,
    ):
        created = create_table(one.url, disconnect_timeout=86400, options={"first_player": 0})
        table = created["table"]
        ana = join(one.url, table, "Ana", host_token=created["host_token"])
        start(one.url, created)
        db = create_engine(url, poolclass=NullPool)
        asyncio.run(damaged_under(one, two, table, ana["token"], db))
        db.dispose()
        # Each line one line (a later message may find the table damaged again).
        lines = one_line_each(log, table)
        assert any(f"table {table} could not be reloaded: " in line for line in lines), lines


async def damaged_under(
    one: ServerThread, two: ServerThread, table: str, token: str, db: Engine
) -> None:
    watcher = await Client.open(two.ws_url, table)
    try:
        await watcher.until(is_state)
        tamper(db, table, ("UPDATE ll_rounds SET deck = '[]' WHERE table_id = :t", {}))
        ana = await Client.open(one.ws_url, table, token, seat=0)  # she is online: a change
        try:
            error = await watcher.error()
            assert error["code"] == "server_error"
            assert "damaged" in error["message"]
            assert await watcher.sync() == []
        finally:
            await ana.close()
    finally:
        await watcher.close()


@pytest.mark.parametrize(
    "change",
    [
        ("UPDATE ll_games SET players = '5' WHERE table_id = :t", {}),
        ("UPDATE ll_games SET winners = '\"01\"' WHERE table_id = :t", {}),
        ("UPDATE ll_games SET edition = 'nope' WHERE table_id = :t", {}),
        ("UPDATE ll_games SET players = '{not json' WHERE table_id = :t", {}),
    ],
    ids=["players", "winners", "edition", "players-text"],
)
def test_the_finished_games_leave_a_tampered_one_out_in_one_line(
    arena: Arena, change: Tamper
) -> None:
    damaged, sound = asyncio.run(played_out(arena.maker)), asyncio.run(played_out(arena.maker))
    if "not json" in change[0]:
        if not stored_text_that_is_not_json(arena, change[0], damaged):
            return
    else:
        tamper(arena.db, damaged, change)
    answer = httpx.get(f"{arena.reader.url}/api/games?limit=100", timeout=TIMEOUT)
    assert answer.status_code == 200, answer.text
    listed = {game["table"] for game in answer.json()}
    assert sound in listed
    assert damaged not in listed
    [line] = one_line_each(arena.log, damaged)
    assert f"game 1 of table {damaged} left out: damaged: " in line
