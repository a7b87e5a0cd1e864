"""Whole games over real sockets: humans (random clients), bots, spectators, reconnection.

Every message every client received is checked by the oracle against the engine's
own views, replayed from the stored record once the game is over.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
import pytest

from loveletter.engine import load_record
from loveletter.server.repository import MEMORY

from .harness import (
    Client,
    Message,
    Oracle,
    ServerThread,
    action_message,
    create_table,
    fast_settings,
    finished,
    is_state,
    join,
    my_turn,
    play_randomly,
    record,
    start,
)

EDITIONS = [
    # edition, seats (h: a human client, o: open, else a bot level), options
    ("classic", "h h easy o", {"tokens_to_win": 2}),
    ("2019", "h medium", {"tokens_to_win": 3}),
    ("2019-classic", "h h hard", {"tokens_to_win": 2}),
    ("premium", "h easy medium o easy h", {"tokens_to_win": 2}),
    ("princess", "h easy medium easy o", {"tokens_to_win": 2}),
]


def actions_taken(message: dict[str, Any]) -> int:
    """The actions taken in the round of a state message (-1 for other messages)."""
    position = message.get("position")
    return int(position["actions"]) if position else -1


def seat_specs(layout: str) -> list[dict[str, Any]]:
    return [
        {"kind": "open"} if word in "ho" else {"kind": "bot", "level": word}
        for word in layout.split()
    ]


@pytest.mark.parametrize(("edition", "layout", "options"), EDITIONS)
def test_full_game_between_clients_and_bots_leaks_nothing(
    server: ServerThread, edition: str, layout: str, options: dict[str, Any]
) -> None:
    asyncio.run(full_game(server, edition, layout, options))


async def full_game(
    server: ServerThread, edition: str, layout: str, options: dict[str, Any]
) -> None:
    created = create_table(
        server.url, edition=edition, seats=seat_specs(layout), options=options, bot_level="easy"
    )
    table = created["table"]
    humans = [seat for seat, word in enumerate(layout.split()) if word == "h"]
    names = ["Ana", "Bruno", "Chloé"]
    clients = []
    for seat, name in zip(humans, names, strict=False):
        joined = join(server.url, table, name, seat=seat)
        assert joined["seat"] == seat
        lang = "fr" if seat % 2 else "en"
        clients.append(
            await Client.open(server.ws_url, table, joined["token"], seat=seat, lang=lang)
        )
    spectator = await Client.open(server.ws_url, table)
    lobby = await spectator.recv()
    assert lobby["table"]["status"] == "lobby"
    assert lobby["view"] is None
    info = start(server.url, created)
    assert all(seat["kind"] != "open" for seat in info["seats"])
    rng = random.Random(edition)
    endings = await asyncio.gather(
        *(play_randomly(client, rng) for client in clients),
        spectator.until(finished),
    )
    data = record(server.url, table)
    game = load_record(data)  # replays and checks the result
    assert all(end["view"]["winners"] == game.winners for end in endings)
    assert data["meta"]["table"] == table
    oracle = Oracle({1: data})
    for client in [*clients, spectator]:
        assert oracle.check(client) > 0
        await client.close()


def test_a_server_that_keeps_its_tables_in_memory_plays_whole_games() -> None:
    with ServerThread(fast_settings(MEMORY)) as server:
        asyncio.run(full_game(server, "2019", "h medium o", {"tokens_to_win": 2}))


def test_reconnecting_with_the_seat_token_rejoins_the_seat(server: ServerThread) -> None:
    async def scenario() -> None:
        created = create_table(
            server.url,
            edition="classic",
            seats=[{"kind": "open"}, {"kind": "bot", "level": "easy"}],
            options={"tokens_to_win": 3},
        )
        table = created["table"]
        joined = join(server.url, table, "Ana")
        first = await Client.open(server.ws_url, table, joined["token"], seat=0)
        await first.until(lambda m: is_state(m) and m["table"]["seats"][0]["online"])
        start(server.url, created)
        turn = await first.until(my_turn)
        await first.close()
        again = await Client.open(server.ws_url, table, joined["token"], seat=0)
        back = await again.until(lambda m: is_state(m) and m["table"]["seats"][0]["online"])
        assert back["you"] == {"seat": 0}
        assert back["position"] == turn["position"]  # nothing moved while away
        assert back["view"]["hand"] == turn["view"]["hand"]
        await play_randomly(again, random.Random(1), current=back)
        oracle = Oracle({1: record(server.url, table)})
        for client in (first, again):
            oracle.check(client)
        await again.close()

    asyncio.run(scenario())


def test_an_absent_player_gets_a_stand_in_and_the_seat_back(server: ServerThread) -> None:
    async def scenario() -> None:
        created = create_table(
            server.url,
            edition="2019",
            seats=[{"kind": "open"}, {"kind": "bot", "level": "easy"}],
            options={"tokens_to_win": 6},
            disconnect_timeout=0.2,
        )
        table = created["table"]
        joined = join(server.url, table, "Ana")
        spectator = await Client.open(server.ws_url, table)
        start(server.url, created)
        # Ana never connects: a bot plays for her once the timeout has passed.
        replaced = await spectator.until(
            lambda m: is_state(m) and m["table"]["seats"][0]["standin"]
        )
        moved = await spectator.until(
            lambda m: is_state(m) and m["position"] != replaced["position"]
        )
        assert moved["table"]["seats"][0]["standin"] or finished(moved)
        ana = await Client.open(server.ws_url, table, joined["token"], seat=0)
        back = await ana.until(lambda m: is_state(m) and m["table"]["seats"][0]["online"])
        assert not back["table"]["seats"][0]["standin"]
        if not finished(back):
            await play_randomly(ana, random.Random(2), current=back)
        await spectator.until(finished)
        oracle = Oracle({1: record(server.url, table)})
        for client in (ana, spectator):
            oracle.check(client)
            await client.close()

    asyncio.run(scenario())


def test_rematch_keeps_the_seats(server: ServerThread) -> None:
    async def scenario() -> None:
        created = create_table(
            server.url,
            edition="classic",
            seats=[{"kind": "open"}, {"kind": "open"}],
            options={"tokens_to_win": 1},
        )
        table = created["table"]
        joined = join(server.url, table, "Ana")
        ana = await Client.open(server.ws_url, table, joined["token"], seat=0)
        start(server.url, created)  # seat 1 becomes a bot
        await play_randomly(ana, random.Random(3))
        await ana.send({"type": "rematch", "host_token": created["host_token"]})
        second = await play_randomly(ana, random.Random(4), until_game=2)
        assert second["table"]["game"] == 2
        assert [s["kind"] for s in second["table"]["seats"]] == ["human", "bot"]
        assert second["view"]["players"] == ["Ana", "Bot 2"]
        games = httpx.get(f"{server.url}/api/tables/{table}/games").json()
        assert [g["status"] for g in games] == ["finished", "finished"]
        Oracle({1: record(server.url, table, 1), 2: record(server.url, table, 2)}).check(ana)
        await ana.close()

    asyncio.run(scenario())


def test_the_same_action_sent_twice_at_once_is_applied_once(server: ServerThread) -> None:
    async def scenario() -> None:
        created = create_table(
            server.url,
            edition="classic",
            seats=[{"kind": "open"}, {"kind": "open"}],
            options={"first_player": 0},
        )
        table = created["table"]
        joined = join(server.url, table, "Ana")
        join(server.url, table, "Bruno")
        one = await Client.open(server.ws_url, table, joined["token"], seat=0)
        two = await Client.open(server.ws_url, table, joined["token"], seat=0)
        start(server.url, created)
        turn = await one.until(my_turn)
        await two.until(lambda m: is_state(m) and m["version"] == turn["version"])
        sent = action_message(turn["view"]["legal_actions"][0], turn["position"])
        await asyncio.gather(one.send(sent), two.send(sent))
        errors = [
            error for found in await asyncio.gather(one.sync(), two.sync()) for error in found
        ]
        assert [error["code"] for error in errors] == ["stale_action"]
        # Bruno (seat 1, not connected) must answer: the game waits after one action.
        if not any(actions_taken(m) == 1 for m in one.messages):
            await one.until(lambda m: actions_taken(m) == 1)
        assert max(map(actions_taken, one.messages)) == 1
        for client in (one, two):
            await client.close()

    asyncio.run(scenario())


def test_an_action_meant_for_an_earlier_round_is_refused_even_where_legal(
    server: ServerThread,
) -> None:
    """The race across a round boundary: with no pause between rounds, the seat that
    acted last in a round may be the first to move in the next, where an action
    resent late (a duplicate, or the loser of a race between processes) could be
    legal again. It carries the position it answered, so it is refused as stale."""

    async def scenario() -> None:
        created = create_table(
            server.url,
            edition="classic",
            seats=[{"kind": "open"}, {"kind": "bot", "level": "easy"}],
            options={"first_player": 0, "tokens_to_win": 7},
        )
        table = created["table"]
        ana = await Client.open(server.ws_url, table, join(server.url, table, "Ana")["token"])
        start(server.url, created)
        rng = random.Random(8)
        earlier: dict[str, int] | None = None  # where Ana last acted in round 1

        def new_turn(message: Message) -> bool:
            return my_turn(message) and message["position"] != earlier

        while True:
            turn = await ana.until(new_turn)
            position = turn["position"]
            if position["round"] >= 2 and earlier is not None:
                break
            if position["round"] == 1:
                earlier = position
            await ana.send(action_message(rng.choice(turn["view"]["legal_actions"]), position))
        legal = turn["view"]["legal_actions"][0]  # what the late action would do now
        await ana.send(action_message(legal, earlier, id="late"))
        errors = await ana.sync()
        assert [(e["code"], e["ref"]) for e in errors] == [("stale_action", "late")]
        assert (
            errors[0]["message"]
            == "the game has moved on since this action was chosen: choose again"
        )
        state = server.service.cached(table)
        assert state is not None
        assert state.version == turn["version"]  # nothing changed
        await ana.send(action_message(legal, position))  # the position it answers: played
        moved = await ana.until(lambda m: is_state(m) and m["position"] != position)
        assert moved["version"] > turn["version"]
        await ana.close()

    asyncio.run(scenario())
