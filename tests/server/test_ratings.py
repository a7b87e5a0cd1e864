"""Ratings, histories and profiles: two accounts finish a game over real sockets and
their ratings change by exactly what openskill computes; a game is rated once whatever
asks; a game with one account is in its history but not rated; the profile, the
history's pages, the records' download and the leaderboard read it back; each seat's
result (rank, rounds, cards) is the engine's."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
from collections.abc import Callable, Iterator

import httpx
import pytest
from openskill.models import PlackettLuce

from loveletter import tables
from loveletter.engine import Game, Options, Record, load_record
from loveletter.server.ratings import FIXED_MU, FIXED_SIGMA, results_of
from loveletter.server.repository import ServerRepository
from loveletter.server.sessions import CSRF_HEADER
from loveletter.tables import AccountData, FinishedGame, TableSpec
from loveletter.tables.results import family_of, seat_results

from .harness import Client, ServerThread, fast_settings, play_randomly

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    folder = tmp_path_factory.mktemp("ratings")
    settings = fast_settings(
        f"sqlite:///{folder / 'loveletter.db'}", signin_burst=100_000, leaderboard_min_games=1
    )
    with ServerThread(settings) as running:
        yield running


Player = tuple[httpx.Client, dict[str, str]]


@pytest.fixture
def signed_up(server: ServerThread) -> Iterator[Callable[[str], Player]]:
    """Sign up accounts, each in a browser of its own (closed after the test)."""
    browsers: list[httpx.Client] = []

    def sign_up(name: str) -> Player:
        browser = httpx.Client(base_url=server.url, timeout=30)
        browsers.append(browser)
        answer = browser.post("/api/account", json={"name": name, "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        info: dict[str, str] = answer.json()
        return browser, info

    yield sign_up
    for browser in browsers:
        browser.close()


def play_game(
    server: ServerThread, players: list[tuple[httpx.Client, dict[str, str]] | None]
) -> str:
    """A classic table of these players (None: a guest) played to its end at random;
    returns the table's id. The game is rated before its end is told: once every
    player has seen it, the ratings are written."""
    created = httpx.post(
        f"{server.url}/api/tables",
        json={
            "edition": "classic",
            "seats": [{"kind": "open"}] * len(players),
            "options": {"tokens_to_win": 2},
        },
    ).json()
    tokens = []
    for index, player in enumerate(players):
        if player is None:
            joined = httpx.post(
                f"{server.url}/api/tables/{created['table']}/join", json={"name": f"Guest {index}"}
            )
        else:
            browser, info = player
            joined = browser.post(
                f"/api/tables/{created['table']}/join",
                json={"name": "x"},
                headers={CSRF_HEADER: info["csrf"]},
            )
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])

    async def play() -> None:
        clients = [await Client.open(server.ws_url, created["table"], token) for token in tokens]
        await clients[0].send({"type": "start", "host_token": created["host_token"]})
        rng = random.Random(7)
        await asyncio.gather(*(play_randomly(client, rng) for client in clients))
        for client in clients:
            await client.close()

    asyncio.run(play())
    table: str = created["table"]
    return table


def test_two_accounts_finish_a_game_and_their_ratings_move_as_openskill_says(
    server: ServerThread, signed_up: Callable[[str], Player]
) -> None:
    ana, bruno = signed_up("Ana R"), signed_up("Bruno R")
    table = play_game(server, [ana, bruno])
    record = httpx.get(f"{server.url}/api/tables/{table}/games/1/record").json()
    results = seat_results(record)
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()]], ranks=[r.rank for r in results])
    for seat, (_, info) in enumerate([ana, bruno]):
        profile = httpx.get(f"{server.url}/api/players/{info['id']}").json()
        [rating] = profile["ratings"]
        assert rating["family"] == "classic"
        assert rating["games"] == 1
        assert rating["mu"] == pytest.approx(expected[seat][0].mu)
        assert rating["sigma"] == pytest.approx(expected[seat][0].sigma)
        assert rating["ordinal"] == pytest.approx(expected[seat][0].ordinal())
        [edition] = profile["editions"]
        assert edition == {
            "edition": "classic",
            "games": 1,
            "wins": int(results[seat].won),
            "rounds_won": results[seat].rounds_won,
        }
        [game] = httpx.get(f"{server.url}/api/players/{info['id']}/games").json()
        assert (game["table"], game["game"], game["seat"]) == (table, 1, seat)
        assert game["rating_before"] == pytest.approx(model.rating().ordinal())
        assert game["rating_after"] == pytest.approx(expected[seat][0].ordinal())
        assert game["replay"] == f"/r/{table}/1"
        assert profile["history"] == [
            {
                "family": "classic",
                "finished_at": game["finished_at"],
                "rating": game["rating_after"],
            }
        ]
        held = {c["card"]: (c["won"], c["out"]) for c in profile["cards"]}
        for card in set(results[seat].won_with) | set(results[seat].out_with):
            assert held[card] == (
                results[seat].won_with.count(card),
                results[seat].out_with.count(card),
            )
        records = httpx.get(f"{server.url}/api/players/{info['id']}/records")
        assert records.headers["content-disposition"].startswith("attachment")
        assert json.loads(records.content) == [record]
    changes = httpx.get(f"{server.url}/api/tables/{table}/games/1/ratings").json()
    assert [c["seat"] for c in changes] == [0, 1]
    board = httpx.get(f"{server.url}/api/leaderboard/classic").json()
    names = [entry["name"] for entry in board["players"]]
    assert {"Ana R", "Bruno R"} <= set(names)
    assert [entry["place"] for entry in board["players"]] == list(range(1, len(names) + 1))
    ordinals = [entry["ordinal"] for entry in board["players"]]
    assert ordinals == sorted(ordinals, reverse=True)


def test_a_game_of_one_account_is_in_its_history_but_not_rated(
    server: ServerThread, signed_up: Callable[[str], Player]
) -> None:
    chloe = signed_up("Chloé R")
    table = play_game(server, [chloe, None])
    profile = httpx.get(f"{server.url}/api/players/{chloe[1]['id']}").json()
    assert profile["ratings"] == []
    assert profile["history"] == []
    assert profile["editions"][0]["games"] == 1
    [game] = httpx.get(f"{server.url}/api/players/{chloe[1]['id']}/games").json()
    assert game["table"] == table
    assert game["rating_before"] is None
    assert game["rating_after"] is None
    assert profile["fixed_rating"] == {"mu": FIXED_MU, "sigma": FIXED_SIGMA}


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/players/nobody-here", 404),
        ("/api/players/a", 422),
        ("/api/players/" + "x" * 40, 422),
        ("/api/players/bad%20id", 422),
        ("/api/players/nobody-here/records", 404),
        ("/api/leaderboard/monopoly", 422),
        ("/api/leaderboard/classic?limit=0", 422),
        ("/api/leaderboard/classic?limit=100000", 422),
        ("/api/leaderboard/classic?offset=-1", 422),
        ("/api/players/nobody-here/games?limit=1e9", 422),
    ],
)
def test_bad_profile_requests_are_refused_clearly(
    server: ServerThread, path: str, status: int
) -> None:
    answer = httpx.get(f"{server.url}{path}")
    assert answer.status_code == status, answer.text
    assert set(answer.json()) == {"error"}


# ------------------------------------------------------------------ the stores


_tables = itertools.count(1)


def finished_table(repository: ServerRepository, accounts: list[str | None]) -> str:
    """A table whose first game is finished, played by these accounts (in order)."""
    for account in accounts:
        if account is not None and repository.account(account) is None:
            repository.create_account(AccountData(account, account, account.casefold(), "h", 1.0))
    spec = TableSpec(
        edition="classic",
        seats=(None,) * len(accounts),
        options=Options(tokens_to_win=1),
        bot_level="easy",
        disconnect_timeout=60.0,
    )
    table_id = f"table-{next(_tables)}"
    state = tables.new_table(spec, table_id, "host", 1.0)
    repository.create_table(state.data, state.seats)
    for seat, account in enumerate(accounts):
        new = tables.join(state, f"P{seat}", None, f"h{seat}", 2.0, account_id=account)
        state, commit = tables.settle(state, new, 2.0)
        assert repository.commit(commit)
    rng = random.Random(3)
    new = tables.start(state, rng, 3.0, rematch=False)
    now = 3.0
    while True:
        now += 1
        state, commit = tables.settle(state, new, now)
        assert repository.commit(commit)
        if state.status == "finished":
            return table_id
        assert state.game is not None
        mover = state.game.to_move
        new = (
            tables.next_round(state)
            if mover is None
            else tables.act(state, mover, rng.choice(state.view(mover)["legal_actions"]))
        )


def test_a_store_rates_a_finished_game_once(repository: ServerRepository) -> None:
    table = finished_table(repository, ["ana", "bruno", None])
    assert repository.unrated_games(10) == [(table, 1)]
    assert repository.rate_game(table, 1, results_of)
    assert not repository.rate_game(table, 1, results_of)  # once, whoever asks again
    assert repository.unrated_games(10) == []
    assert [g.seat for g in repository.game_results(table, 1)] == [0, 1]
    [ana] = repository.account_ratings("ana")
    assert ana.games == 1
    again = finished_table(repository, ["ana", "bruno", None])
    assert repository.rate_game(again, 1, results_of)
    [ana] = repository.account_ratings("ana")
    assert ana.games == 2
    assert [g.table_id for g in repository.account_games("ana", 10)] == [again, table]
    assert [g.table_id for g in repository.account_games("ana", 1, 1)] == [table]
    [stats] = repository.account_stats("ana")
    assert stats.games == 2
    board = repository.leaderboard("classic", 2, 10)
    assert {name for name, _ in board} == {"ana", "bruno"}
    assert repository.leaderboard("classic", 3, 10) == []
    assert repository.leaderboard("premium", 0, 10) == []
    names_before = repository.games(table)[0].players
    repository.delete_account("ana")
    # The games stay, replayable, under a name that identifies nobody.
    assert repository.games(table)[0].players == ("Player 1", *names_before[1:])
    status, record = repository.record(table, 1) or ("missing", None)
    assert status == "finished"
    assert record is not None
    assert record["players"][0] == "Player 1"
    assert load_record(record).outcome() is not None
    assert repository.account_games("ana", 10) == []
    assert repository.account_ratings("ana") == []
    assert repository.account_cards("ana") == []
    assert {name for name, _ in repository.leaderboard("classic", 0, 10)} == {"bruno"}


def test_a_game_of_guests_and_bots_is_marked_rated_as_it_finishes(
    repository: ServerRepository,
) -> None:
    # No account played: the commit that finishes it says so, nothing is left to do.
    table = finished_table(repository, [None, None])
    assert repository.unrated_games(10) == []
    assert not repository.rate_game(table, 1, results_of)
    assert repository.game_results(table, 1) == []


def test_each_seat_result_is_the_engines() -> None:
    rng = random.Random(11)
    game = Game("premium", ["A", "B", "C", "D", "E"], rng=rng)
    while game.outcome() is None:
        if game.to_move is None:
            game.next_round()
        else:
            game.apply(rng.choice(game.legal_actions()))
    results = seat_results(game.record())
    assert [r.won for r in results] == [seat in game.winners for seat in range(5)]
    assert [r.tokens for r in results] == list(game.tokens)
    assert [r.rounds_won for r in results] == [
        sum(seat in result.winners for result in game.results) for seat in range(5)
    ]
    assert {r.seat for r in results if r.rank == 1} == set(game.winners)
    # Places follow tokens; equal tokens share a place (the winners aside).
    for a in results:
        for b in results:
            if not a.won and not b.won and a.tokens > b.tokens:
                assert a.rank < b.rank
            if not a.won and not b.won and a.tokens == b.tokens:
                assert a.rank == b.rank
    assert sum(len(r.won_with) for r in results) == sum(len(x.winners) for x in game.results)
    assert load_record(game.record()).winners == game.winners


def test_families_group_the_editions_that_play_alike() -> None:
    assert family_of("2019-classic") == family_of("classic") == "classic"
    assert family_of("princess") == family_of("2019") == "2019"
    assert family_of("premium") == "premium"
    finished = FinishedGame("t", 1, "princess", 1.0, _a_record("princess"), ("a", "b"))
    assert {r.family for r in results_of(finished, {}).ratings} == {"2019"}


def _a_record(edition: str) -> Record:
    rng = random.Random(5)
    game = Game(edition, ["A", "B"], rng=rng)
    while game.outcome() is None:
        if game.to_move is None:
            game.next_round()
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game.record()


def test_a_store_rates_games_that_end_together_in_one_batch(repository: ServerRepository) -> None:
    first = finished_table(repository, ["ana", "bruno"])
    second = finished_table(repository, ["ana", "bruno"])
    assert repository.rate_games([(first, 1), (second, 1), (first, 1)], results_of) == [
        True,
        True,
        False,  # once, even twice in a batch
    ]
    [ana] = repository.account_ratings("ana")
    assert ana.games == 2  # the second game read the rating the first one wrote
    assert repository.unrated_games(10) == []
