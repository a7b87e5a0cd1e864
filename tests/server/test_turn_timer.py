"""The turn timer: when a human's time runs out, their stand-in bot makes that one
decision; three in a row mark them away (the bot plays on) until they are back; the
deadline is stored, so a restarted server keeps it."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from .harness import (
    Client,
    Message,
    ServerProcess,
    ServerThread,
    action_message,
    create_table,
    is_state,
    join,
    my_turn,
    start,
)

TIMER = 0.4


def seat_of(message: Message, seat: int) -> Message:
    found: Message = message["table"]["seats"][seat]
    return found


def test_the_stand_in_decides_when_the_timer_runs_out(server: ServerThread) -> None:
    asyncio.run(timed_out(server))


async def timed_out(server: ServerThread) -> None:
    created = create_table(
        server.url,
        edition="classic",
        seats=[{"kind": "open"}, {"kind": "bot", "level": "easy"}],
        options={"tokens_to_win": 7, "first_player": 0},
        turn_timer=TIMER,
    )
    ana = join(server.url, created["table"], "Ana")
    client = await Client.open(server.ws_url, created["table"], ana["token"], seat=0)
    lobby = await client.until(is_state)
    assert lobby["table"]["turn_timer"] == TIMER
    assert lobby["table"]["deadline"] is None
    start(server.url, created)
    turn = await client.until(my_turn)
    deadline = turn["table"]["deadline"]
    assert deadline is not None
    assert 0 < deadline - turn["server_time"] <= TIMER
    # Ana does not decide: her stand-in plays that decision, and she is not away yet.
    after = await client.until(lambda m: is_state(m) and m["position"] != turn["position"])
    assert after["server_time"] >= deadline
    assert not seat_of(after, 0)["away"]
    # Two more runs out in a row: she is away, and the bot plays for her at once.
    await client.until(lambda m: is_state(m) and seat_of(m, 0)["away"], timeout=60)
    away = await client.until(lambda m: my_turn(m) or (is_state(m) and m["table"]["deadline"]))
    assert seat_of(away, 0)["away"]
    # She is back: her timer runs again on her next decision, and acting ends the count.
    await client.send({"type": "back"})
    back = await client.until(lambda m: is_state(m) and not seat_of(m, 0)["away"])
    mine = back if my_turn(back) else await client.until(my_turn)
    assert mine["table"]["deadline"] is not None
    await client.send(action_message(mine["view"]["legal_actions"][0], mine["position"]))
    moved = await client.until(lambda m: is_state(m) and m["position"] != mine["position"])
    assert not seat_of(moved, 0)["away"]
    await client.close()


def test_a_restarted_server_keeps_the_deadline(tmp_path: Path) -> None:
    asyncio.run(restarted(f"sqlite:///{tmp_path / 'timer.db'}", tmp_path / "server.log"))


async def restarted(db_url: str, log: Path) -> None:
    server = ServerProcess(db_url, log).start()
    try:
        created = create_table(
            server.url,
            edition="classic",
            seats=[{"kind": "open"}, {"kind": "bot", "level": "easy"}],
            options={"tokens_to_win": 7, "first_player": 0},
            turn_timer=3.0,
        )
        ana = join(server.url, created["table"], "Ana")
        client = await Client.open(server.ws_url, created["table"], ana["token"], seat=0)
        start(server.url, created)
        turn = await client.until(my_turn)
        server.kill()
        await client.close()

        server = ServerProcess(db_url, log).start()
        again = await Client.open(server.ws_url, created["table"], ana["token"], seat=0)
        resumed = await again.until(my_turn)
        assert resumed["position"] == turn["position"]
        assert resumed["table"]["deadline"] == turn["table"]["deadline"]  # not restarted
        after = await again.until(lambda m: is_state(m) and m["position"] != turn["position"])
        assert after["server_time"] >= turn["table"]["deadline"]
        await again.close()
    finally:
        server.stop()


def test_a_returning_player_reads_what_their_stand_in_did(server: ServerThread) -> None:
    asyncio.run(stand_in_marked(server))


async def stand_in_marked(server: ServerThread) -> None:
    created = create_table(
        server.url,
        edition="classic",
        seats=[{"kind": "open"}, {"kind": "bot", "level": "easy"}],
        options={"tokens_to_win": 7, "first_player": 0},
        turn_timer=1.0,
    )
    ana = join(server.url, created["table"], "Ana")
    client = await Client.open(server.ws_url, created["table"], ana["token"], seat=0, lang="fr")
    start(server.url, created)
    turn = await client.until(my_turn)
    after = await client.until(lambda m: is_state(m) and m["position"] != turn["position"])
    # Ana was there: her time ran out (she was not away).
    note = "Votre temps était écoulé\u00a0: un robot a décidé pour vous."
    assert after["log"][0] == note  # the decision's own lines follow
    assert len(after["log"]) > 1
    await client.close()
    # Back (a new connection: the round's whole log again), the decision is still marked.
    again = await Client.open(server.ws_url, created["table"], ana["token"], seat=0, lang="fr")
    state = await again.until(is_state)
    assert state["log_reset"]
    if state["position"]["round"] == after["position"]["round"]:  # (the round may be over)
        assert note in state["log"]
    spectator = await Client.open(server.ws_url, created["table"])
    watched = await spectator.until(is_state)
    assert not any("écoulé" in line or "ran out" in line for line in watched["log"])
    await again.close()
    await spectator.close()


def starts_or_refused(message: Message) -> bool:
    return bool(message["type"] == "error" or message["table"]["status"] == "playing")


def test_the_host_hands_over_removes_and_is_replaced_when_gone(server: ServerThread) -> None:
    asyncio.run(host_controls(server))


async def host_controls(server: ServerThread) -> None:
    created = create_table(
        server.url,
        edition="classic",
        seats=[{"kind": "open"}, {"kind": "open"}, {"kind": "open"}],
        options={"tokens_to_win": 1},
        disconnect_timeout=0.3,
    )
    table = created["table"]
    ana = join(server.url, table, "Ana", host_token=created["host_token"])
    bruno = join(server.url, table, "Bruno")
    chloe = join(server.url, table, "Chloé")
    host = await Client.open(server.ws_url, table, ana["token"], seat=0)
    guest = await Client.open(server.ws_url, table, bruno["token"], seat=1)
    gone = await Client.open(server.ws_url, table, chloe["token"], seat=2)
    lobby = await guest.until(is_state)
    assert lobby["table"]["host_seat"] == 0
    # Only the host removes a player or hands the role over.
    await guest.send({"type": "remove", "seat": 2, "id": 1})
    assert (await guest.error())["code"] == "not_host"
    await host.send({"type": "remove", "seat": 2})
    assert (await gone.error())["code"] == "removed"
    freed = await guest.until(lambda m: is_state(m) and m["table"]["seats"][2]["kind"] == "open")
    assert freed["table"]["seats"][2]["name"] is None
    await gone.send(action_message("guard", id=2))
    assert (await gone.error())["code"] == "spectator"
    await host.send({"type": "host", "seat": 1})
    handed = await guest.until(lambda m: is_state(m) and m["table"]["host_seat"] == 1)
    assert handed["table"]["host_gone_at"] is None
    await host.send({"type": "start", "host_token": created["host_token"], "id": 3})
    assert (await host.error())["code"] == "not_host"  # the old host token is void
    # The new host (Bruno) leaves: once his absence outlasts the timeout, Ana may start.
    await guest.close()
    left = await host.until(lambda m: is_state(m) and m["table"]["host_gone_at"] is not None)
    assert left["table"]["seats"][1]["online"] is False
    gone_at = left["table"]["host_gone_at"]
    await host.send({"type": "start", "id": "start"})
    answer = await host.until(starts_or_refused, errors=True)
    if answer["type"] == "error":  # the time was not up yet: refused
        assert answer["code"] == "not_host"
        await asyncio.sleep(max(0.0, gone_at - time.time()))  # the server's clock, here
        await host.send({"type": "start", "id": "start"})
        answer = await host.until(starts_or_refused, errors=True)
    assert answer["type"] == "state", answer
    assert answer["server_time"] >= gone_at
    await host.close()
    await gone.close()
