"""What the browser UI needs beyond play: card texts, replays, languages, pages."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
import orjson
import pytest

from loveletter.engine import (
    CARD_KINDS,
    EDITIONS,
    Game,
    IllegalActionError,
    Narrator,
    Options,
    Rules,
    build_view,
    describe_refusal,
    events_for,
    export_record,
)
from loveletter.server import connections
from loveletter.server.replay import ReplayTexts, replay_steps
from loveletter.simulation import play_random_game

from .harness import (
    Client,
    Oracle,
    ServerThread,
    action_message,
    create_table,
    finished,
    is_state,
    join,
    my_turn,
    play_randomly,
    record,
    start,
)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_editions_give_every_card_from_the_engine(server: ServerThread, lang: str) -> None:
    editions = httpx.get(f"{server.url}/api/editions", params={"lang": lang}).json()
    assert [e["id"] for e in editions] == list(EDITIONS)
    for data in editions:
        edition = EDITIONS[data["id"]]
        assert data["name"] == edition.name(lang)
        assert data["players"] == [edition.min_players, edition.max_players]
        covered = [
            n for deck in data["decks"] for n in range(deck["players"][0], deck["players"][1] + 1)
        ]
        assert covered == list(range(edition.min_players, edition.max_players + 1))
        for deck in data["decks"]:
            players = deck["players"][0]
            assert deck["guard_names_value"] == edition.is_large(players)
            assert [(c["id"], c["value"], c["count"]) for c in deck["cards"]] == [
                (c.id, c.value, c.count) for c in edition.deck(players)
            ]
            rules = Rules.settle(edition, players)
            for card in deck["cards"]:
                assert card["name"] == edition.card_name(card["id"], lang)
                assert card["effect"] == edition.effect_text(card["id"], players, lang)
                kind = CARD_KINDS[card["id"]]
                assert card["chooses"] == kind.chooses.value
                assert card["seats"] == list(kind.seat_counts)
                assert card["names"] == rules.naming(card["id"])
                assert card["step"] == kind.step
    princess = next(e for e in editions if e["id"] == "princess")
    names = {c["id"]: c["name"] for c in princess["decks"][0]["cards"]}
    assert names["princess"] == ("Ogre" if lang == "fr" else "The Ogre")
    premium = next(e for e in editions if e["id"] == "premium")
    large = {c["id"]: c for c in premium["decks"][1]["cards"]}
    assert (large["guard"]["names"], large["bishop"]["names"]) == ("value", "value")
    assert (large["baroness"]["seats"], large["cardinal"]["seats"]) == ([1, 2], [2])
    assert httpx.get(f"{server.url}/api/editions", params={"lang": "de"}).status_code == 422


def test_a_finished_game_replays_step_by_step(server: ServerThread) -> None:
    async def scenario() -> str:
        created = create_table(
            server.url,
            edition="2019",
            seats=[{"kind": "bot", "level": "easy"}] * 3,
            options={"tokens_to_win": 2},
        )
        table: str = created["table"]
        spectator = await Client.open(server.ws_url, table)
        await spectator.until(is_state)
        start(server.url, created)
        await spectator.until(finished)
        await spectator.close()
        return table

    table = asyncio.run(scenario())
    data = record(server.url, table)
    replay = httpx.get(
        f"{server.url}/api/tables/{table}/games/1/replay", params={"lang": "fr"}
    ).json()
    assert (replay["table"], replay["game"], replay["edition"]) == (table, 1, "2019")
    assert replay["players"] == data["players"]
    assert replay["winners"] == data["result"]["winners"]
    steps = replay["steps"]
    assert len(steps) == sum(len(r["actions"]) + 1 for r in data["rounds"])
    game = Game(
        data["edition"], data["players"], options=Options.from_dict(data["options"]), start=False
    )
    index = 0
    for number, round_data in enumerate(data["rounds"], start=1):
        game.next_round(round_data["deck"], round_data["first"])
        for action in [None, *round_data["actions"]]:
            if action is not None:
                assert steps[index]["seat"] == game.to_move
                game.apply(action)
            step = steps[index]
            assert (step["round"], step["action"]) == (number, action)
            assert step["hands"] == game.hands
            assert step["view"]["seats"] == build_view(game, None)["seats"]
            assert "events" not in step["view"]
            index += 1
    narrator = Narrator(game.edition, game.players, None, "fr")
    last_round = [
        line for step in steps if step["round"] == len(data["rounds"]) for line in step["log"]
    ]
    assert last_round == narrator.lines(events_for(game.log, None))
    assert steps[-1]["view"]["winners"] == game.winners
    missing = httpx.get(f"{server.url}/api/tables/{table}/games/9/replay")
    assert missing.status_code == 404


def test_an_unfinished_game_is_never_replayed(server: ServerThread) -> None:
    created = create_table(server.url, seats=[{"kind": "open"}, {"kind": "open"}])
    table = created["table"]
    join(server.url, table, "Ana")
    join(server.url, table, "Bruno")
    start(server.url, created)  # nobody plays: the game waits for a human
    early = httpx.get(f"{server.url}/api/tables/{table}/games/1/replay")
    assert early.status_code == 409
    assert early.json()["error"]["code"] == "not_finished"
    assert "steps" not in early.text


def test_a_client_changes_language_mid_game(server: ServerThread) -> None:
    async def scenario() -> None:
        created = create_table(
            server.url,
            edition="classic",
            seats=[{"kind": "open"}, {"kind": "bot", "level": "easy"}],
            options={"first_player": 0, "tokens_to_win": 1},
        )
        table = created["table"]
        ana = join(server.url, table, "Ana")
        client = await Client.open(server.ws_url, table, ana["token"], seat=0, lang="en")
        start(server.url, created)
        turn = await client.until(my_turn)
        assert turn["log_reset"]
        assert turn["position"] == {"game": 1, "round": 1, "actions": 0}
        told = [line for m in client.messages if is_state(m) for line in m["log"]]
        await client.send({"type": "lang", "lang": "fr"})
        again = await client.until(lambda m: is_state(m) and m["version"] == turn["version"])
        assert again["log_reset"]
        narrator = Narrator(EDITIONS["classic"], ["Ana", "Bot 2"], 0, "fr")
        assert again["log"] == narrator.lines(turn["view"]["events"])
        assert again["log"] != told
        assert again["view"] == turn["view"]
        # A refused action is explained in the connection's language.
        legal = turn["view"]["legal_actions"]
        illegal = next(a for a in ("princess", "countess", "guard 0 priest") if a not in legal)
        await client.send(action_message(illegal, turn["position"], id=5))
        error = await client.error()
        assert (error["code"], error["ref"]) == ("illegal_action", 5)
        await play_randomly(client, random.Random(6), current=again)
        await client.close()
        # The engine, replaying the stored game, gives the same French reason, told to
        # the seat that acted ("Vous n'avez pas la Princesse").
        data = record(server.url, table)
        game = Game("classic", data["players"], start=False)
        game.next_round(data["rounds"][0]["deck"], data["rounds"][0]["first"])
        with pytest.raises(IllegalActionError) as refused:
            game.apply(illegal)
        assert error["message"] == describe_refusal(refused.value, game, "fr", viewer=0)

    asyncio.run(scenario())


def test_a_spectator_gets_the_log_in_its_language(server: ServerThread) -> None:
    async def scenario() -> None:
        created = create_table(
            server.url,
            edition="princess",
            seats=[{"kind": "open"}, {"kind": "bot", "level": "easy"}, {"kind": "open"}],
            options={"tokens_to_win": 1},
        )
        table = created["table"]
        ana = join(server.url, table, "Ana")
        player = await Client.open(server.ws_url, table, ana["token"], seat=0)
        watcher = await Client.open(server.ws_url, table, lang="fr")
        start(server.url, created)
        await play_randomly(player, random.Random(5))
        await watcher.until(finished)
        oracle = Oracle({1: record(server.url, table)})
        for client in (player, watcher):
            assert oracle.check(client) > 0
            await client.close()

    asyncio.run(scenario())


def test_pages_of_the_browser_ui(server: ServerThread) -> None:
    for path in ("/", "/t/abcd", "/w/abcd", "/r/abcd/1"):
        page = httpx.get(f"{server.url}{path}")
        assert page.status_code == 200
        assert '<script type="module" src="/static/js/main.js">' in page.text
    assert httpx.get(f"{server.url}/static/js/main.js").status_code == 200
    assert httpx.get(f"{server.url}/static/css/app.css").status_code == 200


def test_a_long_game_replays_in_steps_of_their_own_round() -> None:
    # 197 rounds: each step's view reviews its own round only, so the replay grows with
    # the game, not with its square (the reviews of every earlier round at every step
    # made 16 MB of this game).
    game = Game("classic", ["Ana", "Bruno"], options=Options(tokens_to_win=99), seed=3)
    play_random_game(game, random.Random(3))
    replay = replay_steps(export_record(game), "en")
    assert len({step["round"] for step in replay["steps"]}) == len(game.results) == 197
    for step in replay["steps"]:
        view: dict[str, Any] = step["view"]
        over = view["phase"] in ("round_over", "game_over")
        assert [review["round"] for review in view["results"]] == ([step["round"]] if over else [])
    assert len(orjson.dumps(replay)) < 1_500_000


def test_replay_texts_keep_the_latest_used_within_their_capacity() -> None:
    texts = ReplayTexts(capacity=10)
    texts.put(("a", 1, "en"), "1234")
    texts.put(("b", 1, "en"), "5678")
    assert texts.get(("a", 1, "en")) == "1234"  # now the latest used
    texts.put(("c", 1, "en"), "9012")  # 12 characters: the least recently used goes
    assert texts.get(("b", 1, "en")) is None
    assert texts.get(("a", 1, "en")) == "1234"
    texts.put(("d", 1, "en"), "x" * 11)  # beyond the whole capacity: not kept
    assert texts.get(("d", 1, "en")) is None
    assert texts.get(("c", 1, "en")) == "9012"


def test_a_new_connection_is_told_the_latest_finished_rounds_only(
    server: ServerThread, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(connections, "EARLIER_ROUNDS", 2)

    async def scenario() -> tuple[list[int], int]:
        created = create_table(
            server.url,
            seats=[{"kind": "bot", "level": "easy"}] * 2,
            options={"tokens_to_win": 3},
        )
        watcher = await Client.open(server.ws_url, created["table"])
        start(server.url, created)
        over = await watcher.until(finished)
        await watcher.close()
        late = await Client.open(server.ws_url, created["table"])
        first = await late.until(is_state)
        await late.close()
        return [entry["round"] for entry in first["earlier"]], over["position"]["round"]

    told, last = asyncio.run(scenario())
    assert last >= 3
    assert told == [last - 2, last - 1]  # the last round is the state's own log
