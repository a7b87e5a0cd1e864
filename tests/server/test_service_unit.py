"""The service layer over the memory repository: no server, no socket, no database.

A command is applied to the table, committed, then announced on the hub; a refused
one leaves the repository, the cache and the hub as they were. Two services on one
repository stand for two processes sharing a database.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import random
import secrets
from collections.abc import AsyncIterator, Awaitable

import pytest

from loveletter.engine import Options, load_record
from loveletter.server.connections import ConnectionManager
from loveletter.server.hub import LocalHub, RedisHub
from loveletter.server.repository import MemoryRepository
from loveletter.server.service import TableService
from loveletter.server.tokens import hash_token
from loveletter.tables import StoredTable, TableError, TableSpec, TableState

from .conftest import REDIS

pytestmark = pytest.mark.anyio

SPEC = TableSpec(
    edition="classic",
    seats=(None, "easy", None),
    options=Options(tokens_to_win=2),
    bot_level="medium",
    disconnect_timeout=60.0,
)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class Announced:
    """What the hub delivered: (table, version) notices, in order."""

    def __init__(self) -> None:
        self.notices: list[tuple[str, int]] = []

    async def __call__(self, table_id: str, version: int) -> None:
        self.notices.append((table_id, version))

    async def catch_up(self) -> None:
        raise AssertionError("one process loses no notice")


@pytest.fixture
def repository() -> MemoryRepository:
    return MemoryRepository()


@pytest.fixture
def announced() -> Announced:
    return Announced()


@pytest.fixture
async def service(
    repository: MemoryRepository, announced: Announced
) -> AsyncIterator[TableService]:
    service = TableService(repository, LocalHub())
    await service.hub.start(announced, announced.catch_up)
    yield service
    await service.hub.close()
    service.close()


async def refused(code: str, command: Awaitable[object]) -> TableError:
    """The error a command refuses with, checked to have this code."""
    with pytest.raises(TableError) as caught:
        await command
    assert caught.value.code == code
    return caught.value


def stored_version(repository: MemoryRepository, table_id: str) -> int:
    stored = repository.load_table(table_id)
    assert stored is not None
    return stored.table.version


async def play_out(service: TableService, table_id: str, rng: random.Random) -> TableState:
    """Drive a game to its end as the pacer and the players would."""
    state = await service.get(table_id)
    while state.status == "playing":
        assert state.game is not None
        seat = state.game.to_move
        if seat is None:
            state = await service.deal(table_id, state.version)
            continue
        action = rng.choice(state.view(seat)["legal_actions"])
        if state.bot_to_move() is not None:
            state = await service.bot_act(table_id, state.version, seat, action)
        else:
            position = state.position()
            assert position is not None
            state = await service.act(table_id, seat, action, position)
    return state


async def test_a_table_is_created_stored_then_changed_and_announced(
    service: TableService, repository: MemoryRepository, announced: Announced
) -> None:
    state, host_token = await service.create(SPEC)
    assert stored_version(repository, state.id) == 0
    assert state.data.host_hash == hash_token(host_token)
    assert announced.notices == []  # nobody can watch a table before it exists
    seat, token = await service.join(state.id, "Ana", None)
    assert seat == 0
    joined = await service.get(state.id)
    assert joined.seat_of(hash_token(token)) == 0
    assert stored_version(repository, state.id) == joined.version == 1
    assert announced.notices == [(state.id, 1)]


async def test_refused_commands_change_nothing_and_announce_nothing(
    service: TableService, repository: MemoryRepository, announced: Announced
) -> None:
    ana_first = dataclasses.replace(SPEC, options=Options(tokens_to_win=2, first_player=0))
    state, host_token = await service.create(ana_first)
    await service.join(state.id, "Ana", None)
    await refused("not_host", service.start(state.id, "not-the-host-token", rematch=False))
    await refused("name_taken", service.join(state.id, "ANA", None))
    await refused("not_finished", service.start(state.id, host_token, rematch=True))
    playing = await service.start(state.id, host_token, rematch=False)
    assert playing.awaiting() == "human"
    first = {"game": 1, "round": 1, "actions": 0}
    await refused("not_your_turn", service.act(state.id, 2, "guard 1 priest", first))
    await refused("illegal_action", service.act(state.id, 0, "guard 0 priest", first))
    await refused("bad_notation", service.act(state.id, 0, "dance", first))
    legal = playing.view(0)["legal_actions"][0]
    later = {"game": 1, "round": 1, "actions": 1}
    await refused("stale_action", service.act(state.id, 0, legal, later))
    await refused("already_started", service.start(state.id, host_token, rematch=False))
    assert service.cached(state.id) is playing
    assert stored_version(repository, state.id) == playing.version == 2
    assert announced.notices == [(state.id, 1), (state.id, 2)]


async def test_a_whole_game_then_a_rematch(
    service: TableService, repository: MemoryRepository, announced: Announced
) -> None:
    state, host_token = await service.create(SPEC)
    await service.join(state.id, "Ana", 2)
    await service.start(state.id, host_token, rematch=False)
    await refused("not_finished", service.record(state.id, 1))
    finished = await play_out(service, state.id, random.Random(1))
    assert finished.status == "finished"
    assert announced.notices == [(state.id, v) for v in range(1, finished.version + 1)]
    assert stored_version(repository, state.id) == finished.version

    record = await service.record(state.id, 1)
    assert finished.game is not None
    assert load_record(record).winners == finished.game.winners  # its result checked too
    text = await service.replay(state.id, 1, "fr")
    replay = json.loads(text)
    assert (replay["table"], replay["game"], replay["winners"]) == (
        state.id,
        1,
        finished.game.winners,
    )
    assert await service.replay(state.id, 1, "fr") is text  # kept, not made again
    [game] = await service.games(state.id)
    assert (game.number, game.status, game.players) == (1, "finished", ("Bot 1", "Bot 2", "Ana"))
    assert [(g.table_id, g.number) for g in await service.finished_games(10, 0)] == [(state.id, 1)]

    await refused("not_host", service.start(state.id, "not-the-host-token", rematch=True))
    rematch = await service.start(state.id, host_token, rematch=True)
    assert (rematch.status, rematch.data.game_number) == ("playing", 2)
    assert [g.status for g in await service.games(state.id)] == ["finished", "playing"]
    await refused("not_finished", service.record(state.id, 2))


async def test_automatic_moves_for_a_version_gone_are_stale(service: TableService) -> None:
    state, host_token = await service.create(SPEC)
    playing = await service.start(state.id, host_token, rematch=False)  # three bots
    assert playing.game is not None
    seat = playing.game.to_move
    assert seat is not None
    action = playing.view(seat)["legal_actions"][0]
    moved = await service.bot_act(state.id, playing.version, seat, action)
    await refused("stale", service.bot_act(state.id, playing.version, seat, action))
    await refused("stale", service.deal(state.id, playing.version))
    assert service.cached(state.id) is moved


async def test_presence_is_committed_only_when_it_changes(
    service: TableService, announced: Announced
) -> None:
    state, _ = await service.create(SPEC)
    seat, _ = await service.join(state.id, "Ana", None)
    online = await service.presence(state.id, seat, online=True)
    assert online.seats[seat].online
    again = await service.presence(state.id, seat, online=True)
    assert again is online
    assert announced.notices == [(state.id, 1), (state.id, 2)]
    assert not (await service.presence(state.id, seat, online=False)).seats[seat].online


async def test_unknown_tables_and_games(service: TableService) -> None:
    await refused("unknown_table", service.get("nope"))
    await refused("unknown_table", service.join("nope", "Ana", None))
    await refused("unknown_table", service.games("nope"))
    state, _ = await service.create(SPEC)
    await refused("unknown_game", service.record(state.id, 1))
    await refused("unknown_game", service.replay(state.id, 3, "en"))


async def test_two_services_on_one_repository_never_apply_a_change_twice(
    repository: MemoryRepository,
) -> None:
    first, second = TableService(repository, LocalHub()), TableService(repository, LocalHub())
    try:
        state, _ = await first.create(SPEC)
        await second.get(state.id)  # the second caches version 0
        seat, _ = await first.join(state.id, "Ana", None)
        assert seat == 0
        seat, _ = await second.join(state.id, "Bruno", None)  # stale: reloaded, retried
        assert seat == 2
        await refused("name_taken", second.join(state.id, "Ana", None))
        stored = repository.load_table(state.id)
        assert stored is not None
        assert [s.name for s in stored.seats] == ["Ana", "Bot 2", "Bruno"]
        assert stored.table.version == 2
    finally:
        first.close()
        second.close()


async def test_open_rebuilds_the_games_under_way(repository: MemoryRepository) -> None:
    before = TableService(repository, LocalHub())
    state, host_token = await before.create(SPEC)
    seat, _ = await before.join(state.id, "Ana", None)
    await before.presence(state.id, seat, online=True)
    playing = await before.start(state.id, host_token, rematch=False)
    before.close()  # a process that stopped

    after = TableService(repository, LocalHub())
    try:
        [rebuilt] = await after.open(only_process=True)
        assert rebuilt.version == playing.version
        assert [rebuilt.view(s) for s in (None, 0, 1, 2)] == [
            playing.view(s) for s in (None, 0, 1, 2)
        ]
        assert not rebuilt.seats[seat].online  # every seat offline, with a full timeout
        assert rebuilt.seats[seat].seen_at >= playing.seats[seat].seen_at
    finally:
        after.close()


class CountingRepository(MemoryRepository):
    """The memory repository, counting the tables it loads whole."""

    def __init__(self) -> None:
        super().__init__()
        self.loads = 0

    def load_table(self, table_id: str) -> StoredTable | None:
        self.loads += 1
        return super().load_table(table_id)


@pytest.mark.redis
async def test_a_wrong_token_costs_no_reload_but_a_seat_taken_elsewhere_is_found() -> None:
    repository = CountingRepository()
    redis = os.environ[REDIS]
    one = TableService(repository, RedisHub(redis, channel=f"test:{secrets.token_hex(4)}"))
    two = TableService(repository, LocalHub())  # another process, on the same database
    try:
        state, _ = await one.create(SPEC)
        loads = repository.loads
        assert await one.seat_of(state, hash_token("W" * 32)) is None
        assert repository.loads == loads  # refused from the seats' token hashes alone
        _, token = await two.join(state.id, "Bruno", 2)  # one's cache does not know it
        loads = repository.loads
        assert await one.seat_of(state, hash_token(token)) == 2
        assert repository.loads == loads + 1  # reloaded for the token found
    finally:
        await one.hub.close()
        one.close()
        two.close()


async def test_the_cache_keeps_the_watched_tables_and_a_bounded_number_of_others() -> None:
    service = TableService(MemoryRepository(), LocalHub(), max_idle=3)
    try:
        ids = [(await service.create(SPEC))[0].id for _ in range(10)]
        service.watch(ids[0])
        for table_id in ids:
            await service.get(table_id)  # loaded again when it was dropped
        cached = [table_id for table_id in ids if service.cached(table_id) is not None]
        assert cached == [ids[0], *ids[-3:]]  # the watched one, then the 3 latest
        service.forget(ids[0])  # nobody watches it now: the latest idle one
        cached = [table_id for table_id in ids if service.cached(table_id) is not None]
        assert cached == [ids[0], *ids[-2:]]
    finally:
        service.close()


@pytest.mark.redis
async def test_a_burst_of_notices_reaches_the_other_processes_whole() -> None:
    """More notices at once than a process has Redis connections: they wait their
    turn (redis-py's default pool refused the 101st with "Too many connections")."""
    channel = f"test:{secrets.token_hex(4)}"
    listener, publisher = RedisHub(os.environ[REDIS], channel), RedisHub(os.environ[REDIS], channel)
    heard: list[tuple[str, int]] = []
    everything = asyncio.Event()

    async def deliver(table_id: str, version: int) -> None:
        heard.append((table_id, version))
        if len(heard) == 300:
            everything.set()

    async def nothing(table_id: str, version: int) -> None:
        pass

    async def no_catch_up() -> None:
        raise AssertionError("no subscription was lost")

    await listener.start(deliver, no_catch_up)
    await publisher.start(nothing, no_catch_up)
    try:
        await asyncio.gather(*(publisher.publish(f"t{n}", n) for n in range(300)))
        await asyncio.wait_for(everything.wait(), 30)
        assert sorted(heard) == sorted((f"t{n}", n) for n in range(300))
    finally:
        await listener.close()
        await publisher.close()


async def test_a_finished_table_nobody_watches_is_not_rebuilt_for_each_spectator() -> None:
    repository = CountingRepository()
    service = TableService(repository, LocalHub())
    try:
        state, host_token = await service.create(SPEC)
        await service.join(state.id, "Ana", 2)
        await service.start(state.id, host_token, rematch=False)
        await play_out(service, state.id, random.Random(2))
        loads = repository.loads
        for _ in range(3):  # a spectator comes and goes
            service.watch(state.id)
            assert (await service.get(state.id)).status == "finished"
            service.forget(state.id)
        assert repository.loads == loads
    finally:
        service.close()


async def test_after_lost_notices_the_tables_nobody_watches_are_read_again() -> None:
    repository = MemoryRepository()
    one, two = TableService(repository, LocalHub()), TableService(repository, LocalHub())
    manager = ConnectionManager(one)
    try:
        state, _ = await one.create(SPEC)
        one.watch(state.id)
        one.forget(state.id)  # its last client left: kept, nobody watching
        await two.join(state.id, "Ana", 2)  # through another process, its notice lost
        await manager.catch_up()  # as after a lost Redis subscription
        assert (await one.get(state.id)).seats[2].name == "Ana"
    finally:
        one.close()
        two.close()
