"""The public lobby and quick match: which tables the lobby lists (every repository says
what the domain says, tried on many random tables), its filters and pages, quick
match seating strangers together, and the signed-in player's list of games."""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loveletter.server.repository import ServerRepository
from loveletter.server.sessions import CSRF_HEADER
from loveletter.tables import TURN_BASED, LobbyQuery, SeatData, TableData, TableState

from .harness import ServerThread, create_table, fast_settings, join

NOW = 1_000_000.0
PASSWORD = "correct horse battery"
_ids = itertools.count()


def table(**changes: Any) -> TableData:
    """A public table in the lobby, created at NOW, its host at seat 0."""
    fields: dict[str, Any] = {
        "id": f"lobby{next(_ids):05d}",
        "edition": "classic",
        "options": {},
        "bot_level": "medium",
        "disconnect_timeout": 60.0,
        "host_hash": "h" * 64,
        "status": "lobby",
        "game_number": 0,
        "awaiting": None,
        "version": 1,
        "created_at": NOW,
        "updated_at": NOW,
        "public": True,
        "host_seat": 0,
    }
    return TableData(**{**fields, **changes})


def seats(*kinds: str, seen_at: float = NOW, online: bool = False) -> tuple[SeatData, ...]:
    """Seats of these kinds; humans named after their seat."""
    return tuple(
        SeatData(
            seat=i,
            kind=kind,  # type: ignore[arg-type]
            name=f"P{i}" if kind != "open" else None,
            seen_at=seen_at,
            online=online and kind == "human",
        )
        for i, kind in enumerate(kinds)
    )


def stored(repository: ServerRepository, data: TableData, held: tuple[SeatData, ...]) -> str:
    repository.create_table(data, held)
    return data.id


def listed(repository: ServerRepository, now: float = NOW, **query: Any) -> list[str]:
    page = repository.lobby(LobbyQuery(**query), now, 200)
    assert page.total == len(page.entries)
    return [entry.table.id for entry in page.entries]


def test_the_lobby_lists_public_tables_waiting_with_a_player_there(
    repository: ServerRepository,
) -> None:
    waiting = stored(repository, table(), seats("human", "open"))
    stored(repository, table(public=False), seats("human", "open"))  # link only
    stored(repository, table(), seats("human", "human"))  # full
    stored(repository, table(status="playing"), seats("human", "open"))
    stored(repository, table(host_seat=None), seats("open", "open"))  # nobody sat yet
    gone = table(created_at=NOW + 1)
    stored(repository, gone, seats("human", "open", seen_at=NOW - 60))  # gone at NOW
    online = stored(repository, table(created_at=NOW + 2), seats("human", "open", online=True))
    later = table(created_at=NOW + 3, turn_timer=TURN_BASED)  # turn-based: seated is enough
    stored(repository, later, seats("human", "open", seen_at=NOW - 86400))
    assert listed(repository) == [later.id, online, waiting]
    page = repository.lobby(LobbyQuery(), NOW, 2, 1, oldest_first=True)
    assert (page.total, [e.table.id for e in page.entries]) == (3, [online, later.id])


def test_the_lobby_filters_by_edition_size_and_turn_timer(repository: ServerRepository) -> None:
    two = stored(repository, table(), seats("human", "open"))
    four = stored(repository, table(edition="2019"), seats("human", "open", "open", "bot"))
    daily = stored(repository, table(turn_timer=86400.0), seats("human", "open"))
    assert listed(repository, edition="2019") == [four]
    assert listed(repository, players=2) == [daily, two]
    assert listed(repository, players=4, edition="classic") == []
    assert listed(repository, turn_timer=86400.0) == [daily]
    assert listed(repository, turn_timer=0.0, players=2) == [two]


def test_the_lobby_shows_the_host_s_rating_in_the_edition_s_family(
    repository: ServerRepository,
) -> None:
    from loveletter.tables import AccountData, FinishedGame, GameResults, RatingData

    repository.create_account(AccountData("acc1", "Ana", "ana", "x", NOW))
    host = dataclasses.replace(seats("human")[0], account_id="acc1")
    rated = stored(repository, table(), (host, *seats("human", "open")[1:]))
    other = stored(repository, table(edition="premium"), (host, *seats("human", "open")[1:]))
    rating = RatingData("acc1", "classic", 25.0, 3.0, 16.0, 4)

    def rate(game: FinishedGame, ratings: dict[str, RatingData]) -> GameResults:
        return GameResults((), (rating,), ())

    # A rating is written by rating a finished game: finish one on a table of its own.
    _finish_a_game(repository, rate)
    found = {e.table.id: e.host_rating for e in repository.lobby(LobbyQuery(), NOW, 10).entries}
    assert found == {rated: 16.0, other: None}  # premium is a family of its own


def _finish_a_game(repository: ServerRepository, rate: Any) -> None:
    from loveletter.tables import Commit

    data = table(public=False)
    player = dataclasses.replace(seats("human")[0], account_id="acc1")
    repository.create_table(data, (player, *seats("human", "human")[1:]))
    playing = dataclasses.replace(data, status="playing", game_number=1, version=2)
    assert repository.commit(Commit(expected=1, table=playing, new_game=("P0", "P1")))
    over = dataclasses.replace(playing, status="finished", version=3)
    record: Any = {"players": ["P0", "P1"]}  # what the rater reads of it: nothing
    done = Commit(expected=2, table=over, record=record, winners=(0,), accounts_played=True)
    assert repository.commit(done)
    assert repository.rate_game(data.id, 1, rate)


seat_kinds = st.sampled_from(["open", "human", "bot"])
seat_draw = st.tuples(seat_kinds, st.booleans(), st.sampled_from([-120.0, -60.0, -59.5, 0.0]))


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    drawn=st.lists(
        st.tuples(
            st.booleans(),
            st.sampled_from(["lobby", "playing", "finished"]),
            st.sampled_from([0.0, 30.0, 3599.0, TURN_BASED, 86400.0]),
            st.lists(seat_draw, min_size=2, max_size=4),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_every_repository_lists_what_the_domain_says_is_waiting(
    repository: ServerRepository, drawn: list[Any]
) -> None:
    made = []
    for public, status, timer, kinds in drawn:
        data = table(public=public, status=status, turn_timer=timer)
        held = tuple(
            SeatData(
                seat=i,
                kind=kind,
                name=None if kind == "open" else f"P{i}",
                online=online and kind == "human",
                seen_at=NOW + seen,
            )
            for i, (kind, online, seen) in enumerate(kinds)
        )
        repository.create_table(data, held)
        made.append(TableState(data, held))
    ids = {state.id for state in made}
    found = {i for i in listed(repository) if i in ids}
    assert found == {state.id for state in made if state.waiting_in_lobby(NOW)}


# ----------------------------------------------------------------------- over HTTP


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    folder = tmp_path_factory.mktemp("lobby")
    settings = fast_settings(f"sqlite:///{folder / 'loveletter.db'}", signin_burst=100_000)
    with ServerThread(settings) as running:
        yield running


def lobby(server: ServerThread, **query: Any) -> dict[str, Any]:
    answer = httpx.get(f"{server.url}/api/lobby", params=query)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def quick(server: ServerThread, client: httpx.Client | None = None, **body: Any) -> Any:
    if client is not None:
        return client.post("/api/quickmatch", json=body)
    return httpx.post(f"{server.url}/api/quickmatch", json=body)


def test_a_public_table_shows_in_the_lobby_with_its_host_as_text(server: ServerThread) -> None:
    created = create_table(server.url, edition="2019", seats=[{"kind": "open"}] * 3, public=True)
    assert lobby(server, edition="2019", players=3)["tables"] == []  # nobody sat yet
    hostile = "<b>Bob</b> & co"
    join(server.url, created["table"], hostile, host_token=created["host_token"])
    found = lobby(server, edition="2019", players=3)
    assert found["total"] == 1
    (entry,) = found["tables"]
    assert entry == {
        "id": created["table"],
        "edition": "2019",
        "players": 3,
        "free": 2,
        "turn_timer": 0.0,
        "lang": "en",
        "created_at": entry["created_at"],
        "host": {"name": hostile, "account": None, "rating": None},
        "seated": [hostile],
    }
    private = create_table(server.url, edition="2019", seats=[{"kind": "open"}] * 3)
    join(server.url, private["table"], "Cleo", host_token=private["host_token"])
    assert [t["id"] for t in lobby(server, edition="2019")["tables"]] == [created["table"]]
    table = httpx.get(f"{server.url}/api/tables/{created['table']}").json()
    assert (table["public"], table["lang"]) == (True, "en")


def test_quick_match_seats_strangers_at_one_table_then_opens_another(
    server: ServerThread,
) -> None:
    body: dict[str, Any] = {"edition": "premium", "players": 3, "turn_timer": 60.0, "lang": "fr"}
    first = quick(server, **body, name="Ana")
    assert first.status_code == 200, first.text
    opened = first.json()
    assert opened["created"]
    assert opened["host_token"]
    assert opened["seat"] == 0
    second = quick(server, **body, name="Bruno").json()
    assert (second["table"], second["seat"], second["created"]) == (opened["table"], 1, False)
    assert second["host_token"] is None
    # A name already at the table: the match goes elsewhere rather than fail.
    alike = quick(server, **body, name="ana").json()
    assert alike["table"] != opened["table"]
    assert alike["created"]
    third = quick(server, **body, name="Chloé").json()
    assert third["table"] == opened["table"]  # the table waiting longest comes first
    table = httpx.get(f"{server.url}/api/tables/{opened['table']}").json()
    assert [s["name"] for s in table["seats"]] == ["Ana", "Bruno", "Chloé"]
    assert (table["public"], table["lang"], table["turn_timer"]) == (True, "fr", 60.0)
    assert table["host_seat"] == 0
    # Another size is another table; the full one is no longer listed.
    other = quick(server, **{**body, "players": 4}, name="Dana").json()
    assert other["created"]
    assert other["table"] != opened["table"]
    assert opened["table"] not in [t["id"] for t in lobby(server, edition="premium")["tables"]]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"edition": "classic", "players": 2}, "invalid_message"),  # a guest without a name
        ({"edition": "classic", "players": 9, "name": "X"}, "invalid_message"),
        ({"edition": "classic", "players": 6, "name": "X"}, "invalid_table"),
        ({"edition": "nope", "players": 2, "name": "X"}, "invalid_message"),
        ({"edition": "classic", "turn_timer": 1e999, "name": "X"}, "invalid_message"),
        ({"edition": "classic", "turn_timer": 8 * 86400, "name": "X"}, "invalid_message"),
        ({"edition": "classic", "name": "X", "public": True}, "invalid_message"),
    ],
)
def test_a_bad_quick_match_is_refused_and_opens_nothing(
    server: ServerThread, body: dict[str, Any], code: str
) -> None:
    before = lobby(server)["total"]
    answer = httpx.post(
        f"{server.url}/api/quickmatch",
        content=json.dumps(body).replace("Infinity", "1e999"),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status_code in (409, 422), answer.text
    assert answer.json()["error"]["code"] == code
    assert lobby(server)["total"] == before


@pytest.mark.parametrize(
    "query",
    [{"players": 9}, {"edition": "x"}, {"limit": 0}, {"turn_timer": "nan"}, {"offset": -1}],
)
def test_a_bad_lobby_query_is_refused(server: ServerThread, query: dict[str, Any]) -> None:
    answer = httpx.get(f"{server.url}/api/lobby", params=query)
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == "invalid_message"


def signed_up(server: ServerThread, client: httpx.Client, name: str) -> str:
    answer = client.post("/api/account", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    csrf: str = answer.json()["csrf"]
    client.headers[CSRF_HEADER] = csrf
    return csrf


def test_a_signed_in_player_s_games_list_their_turn_first(server: ServerThread) -> None:
    with httpx.Client(base_url=server.url) as ana:
        assert ana.get("/api/account/games").status_code == 401
        signed_up(server, ana, "Ana Games")
        matched = quick(server, ana, edition="classic", players=2, turn_timer=86400.0).json()
        assert matched["created"]
        waiting = ana.get("/api/account/games").json()
        assert [g["status"] for g in waiting["games"]] == ["lobby"]
        # A second table, where she plays first against a bot.
        created = create_table(
            server.url,
            seats=[{"kind": "open"}, {"kind": "bot", "level": "easy"}],
            options={"first_player": 0},
            turn_timer=3600.0,
        )
        seated = ana.post(
            f"/api/tables/{created['table']}/join",
            json={"name": "ignored", "host_token": created["host_token"]},
        ).json()
        assert seated["seat"] == 0
        started = httpx.post(
            f"{server.url}/api/tables/{created['table']}/start",
            json={"host_token": created["host_token"]},
        )
        assert started.status_code == 200
        games = ana.get("/api/account/games").json()
        first, second = games["games"]
        assert first["table"] == created["table"]
        assert first["your_turn"]
        assert first["deadline"] == pytest.approx(games["server_time"] + 3600.0, abs=60)
        assert first["players"][0] == "Ana Games"
        assert (second["table"], second["your_turn"], second["deadline"]) == (
            matched["table"],
            False,
            None,
        )
        # Quick match never seats her twice at one table.
        again = quick(server, ana, edition="classic", players=2, turn_timer=86400.0).json()
        assert again["table"] != matched["table"]
