"""Hints over real sockets: only where the host allowed them, only for the seat to move."""

from __future__ import annotations

import asyncio

from .harness import Client, ServerThread, create_table, is_state, join, my_turn, start


def open_table(server: ServerThread, *, hints: bool) -> tuple[dict[str, object], str, str]:
    """A 2-player Classic table: Ana (seat 0) against an easy bot, started."""
    created = create_table(
        server.url,
        edition="classic",
        seats=[{"kind": "open"}, {"kind": "bot", "level": "easy"}],
        options={"tokens_to_win": 1, "first_player": 0},
        hints=hints,
    )
    table = str(created["table"])
    joined = join(server.url, table, "Ana")
    return created, table, str(joined["token"])


def test_a_seated_player_gets_the_experts_hint_in_their_language(server: ServerThread) -> None:
    async def scenario() -> None:
        created, table, token = open_table(server, hints=True)
        ana = await Client.open(server.ws_url, table, token, seat=0, lang="fr")
        lobby = await ana.until(is_state)
        assert lobby["table"]["hints"] is True
        start(server.url, created)
        turn = await ana.until(my_turn)
        await ana.send({"type": "hint", "id": 7})
        answer = await ana.until(lambda m: m["type"] == "hint")
        assert answer["ref"] == 7
        assert answer["action"] in turn["view"]["legal_actions"]
        assert answer["reason"].startswith("Jouez ")
        spectator = await Client.open(server.ws_url, table)
        await spectator.until(is_state)
        await spectator.send({"type": "hint", "id": 8})
        refused = await spectator.error()
        assert (refused["code"], refused["ref"]) == ("spectator", 8)
        await ana.close()
        await spectator.close()

    asyncio.run(scenario())


def test_hints_are_refused_where_the_host_left_them_off(server: ServerThread) -> None:
    async def scenario() -> None:
        created, table, token = open_table(server, hints=False)
        ana = await Client.open(server.ws_url, table, token, seat=0, lang="fr")
        lobby = await ana.until(is_state)
        assert lobby["table"]["hints"] is False
        start(server.url, created)
        await ana.until(my_turn)
        await ana.send({"type": "hint", "id": 1})
        refused = await ana.error()
        assert refused["code"] == "hints_off"
        assert refused["message"] == (
            "Les conseils sont désactivés à cette table\u00a0: l'hôte ne les a pas permis."
        )
        await ana.close()

    asyncio.run(scenario())


def test_a_hint_is_only_for_the_seat_to_move(server: ServerThread) -> None:
    async def scenario() -> None:
        created = create_table(
            server.url,
            edition="classic",
            seats=[{"kind": "open"}, {"kind": "open"}],
            options={"first_player": 0},
            hints=True,
        )
        table = str(created["table"])
        tokens = [join(server.url, table, name)["token"] for name in ("Ana", "Bruno")]
        bruno = await Client.open(server.ws_url, table, tokens[1], seat=1)
        await bruno.until(is_state)
        start(server.url, created)
        await bruno.until(lambda m: is_state(m) and m["table"]["status"] == "playing")
        await bruno.send({"type": "hint", "id": 2})
        refused = await bruno.error()
        assert (refused["code"], refused["ref"]) == ("not_your_turn", 2)
        await bruno.close()

    asyncio.run(scenario())
