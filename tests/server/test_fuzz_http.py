"""Fuzzing the HTTP API: hostile bodies on every route that takes one, hostile paths
and query strings on the others.

Every hostile request must get a 4xx with the documented body (a code of
docs/protocol.md, never a 500), change nothing, and leave no traceback in the
server's log.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .harness import TIMEOUT, ServerLog, ServerThread, create_table, fast_settings, join
from .hostile import HTTP_CODES, fragments, hostile_json

BODIES: dict[str, list[dict[str, Any]]] = {
    "create": [
        {
            "edition": "premium",
            "seats": [{"kind": "open"}, {"kind": "bot", "level": "easy"}, {"kind": "open"}],
            "options": {"tokens_to_win": 3, "face_up": False, "first_player": 1},
            "bot_level": "medium",
            "disconnect_timeout": 60,
        }
    ],
    "join": [{"name": "Chloé", "seat": 2}, {"name": "Dario"}],
    "start": [{"host_token": "A" * 32}],
    "rematch": [{"host_token": "A" * 32}],
    "claim": [{"token": "A" * 32}],
    "/api/account": [{"name": "Zed", "password": "correct horse"}],
    "/api/session": [{"name": "Zed", "password": "correct horse"}],
    "/api/account/password": [{"password": "correct horse", "new_password": "battery staple"}],
    "/api/account/delete": [{"password": "correct horse"}],
    "/api/account/email": [{"email": "zed@example.org", "lang": "fr"}],
    "/api/account/email/verify": [{"token": "A" * 32}],
    "/api/password/forgot": [{"name": "Zed", "lang": "en"}],
    "/api/password/reset": [{"token": "A" * 32, "new_password": "battery staple"}],
    "/api/account/notifications": [{"turn_mail": False}],
    "/api/quickmatch": [
        {"edition": "2019", "players": 4, "turn_timer": 86400, "lang": "fr", "name": "Zoé"}
    ],
}
#: Some over the 16 KiB a body may hold, most within it; every string longer than the
#: longest field a body has (a password: 256 characters; 100 x's made a valid one).
FRAGMENTS = fragments(max_depth=4000, oversize=(257, 40_000))
#: Text for a path segment or a query value, percent-encoded (lone surrogates too),
#: within what an HTTP client sends in a URL.
SEGMENTS = st.one_of(
    fragments(max_depth=300, oversize=(100, 3000)), st.text(max_size=100), st.text(max_size=30)
).map(lambda text: quote(text.encode("utf-8", "surrogatepass"), safe=""))


class Lobby:
    """A table in the lobby (Ana seated, two seats open) that no request may change."""

    def __init__(self, server: ServerThread) -> None:
        self.url = server.url
        created = create_table(self.url, seats=[{"kind": "open"}] * 3, edition="classic")
        self.table: str = created["table"]
        join(self.url, self.table, "Ana")
        self.http = httpx.Client(base_url=self.url, timeout=TIMEOUT)

    def info(self) -> dict[str, Any]:
        answer: dict[str, Any] = self.http.get(f"/api/tables/{self.table}").json()
        return answer


@pytest.fixture(scope="module")
def lobby(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Lobby, ServerLog]]:
    folder = tmp_path_factory.mktemp("fuzz-http")
    with (
        ServerThread(fast_settings(f"sqlite:///{folder / 'loveletter.db'}")) as server,
        ServerLog() as log,
    ):
        lobby = Lobby(server)
        yield lobby, log
        lobby.http.close()


def assert_documented_refusal(answer: httpx.Response) -> None:
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text[:300])
    assert answer.headers["content-type"] == "application/json"
    error = answer.json()["error"]
    assert error["code"] in HTTP_CODES - {"server_error"}, error
    assert 0 < len(error["message"]) <= 300


FUZZ = settings(
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@FUZZ
@given(data=st.data(), route=st.sampled_from(sorted(BODIES)))
def test_hostile_bodies_are_refused_and_change_nothing(
    lobby: tuple[Lobby, ServerLog], data: st.DataObject, route: str
) -> None:
    table, log = lobby
    body = data.draw(
        st.one_of(
            hostile_json(BODIES[route], FRAGMENTS),
            st.text(max_size=200).filter(lambda text: not text.lstrip().startswith("{")),
        )
    )
    if route.startswith("/"):
        path = route
    else:
        path = "/api/tables" if route == "create" else f"/api/tables/{table.table}/{route}"
    before = table.info()
    answer = table.http.post(path, content=body, headers={"content-type": "application/json"})
    assert_documented_refusal(answer)
    assert table.info() == before
    assert log.tracebacks() == []


@FUZZ
@given(data=st.data())
def test_hostile_paths_and_queries_are_refused_or_answered(
    lobby: tuple[Lobby, ServerLog], data: st.DataObject
) -> None:
    table, log = lobby
    hostile = data.draw(SEGMENTS)
    path = data.draw(
        st.sampled_from(
            [
                f"/api/tables/{hostile}",
                f"/api/tables/{hostile}/games",
                f"/api/tables/{table.table}/games/{hostile}/record",
                f"/api/tables/{table.table}/games/{hostile}/replay?lang=fr",
                f"/api/games?limit={hostile}",
                f"/api/games?offset={hostile}&limit=1",
                f"/api/editions?lang={hostile}",
                f"/api/tables/{table.table}/games/1/replay?lang={hostile}",
                f"/api/players/{hostile}",
                f"/api/players/{hostile}/games",
                f"/api/players/{hostile}/records",
                f"/api/players/someone/games?limit={hostile}",
                f"/api/leaderboard/{hostile}",
                f"/api/leaderboard/2019?offset={hostile}",
                f"/api/tables/{table.table}/games/{hostile}/ratings",
                f"/api/lobby?edition={hostile}",
                f"/api/lobby?players={hostile}&turn_timer=60",
                f"/api/lobby?turn_timer={hostile}",
                f"/api/lobby?limit={hostile}&offset=2",
                f"/api/account/games?x={hostile}",
            ]
        )
    )
    before = table.info()
    answer = table.http.get(path)
    if answer.status_code >= 400:  # some hostile-looking text is a fine value
        assert_documented_refusal(answer)
    assert table.info() == before
    assert log.tracebacks() == []
