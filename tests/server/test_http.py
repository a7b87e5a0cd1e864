"""The HTTP API: creating and joining tables, host commands, history, OpenAPI, pages."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, get_args

import httpx
import pytest
from typer.testing import CliRunner

from loveletter.bots import BOTS
from loveletter.cli.main import app
from loveletter.engine import EDITIONS, Options
from loveletter.server.protocol import BOT_LEVELS, Edition, TableOptions

from .harness import ServerThread, create_table, join, start


def post(server: ServerThread, path: str, body: Any) -> httpx.Response:
    return httpx.post(f"{server.url}{path}", json=body)


def test_protocol_lists_match_the_engine_and_the_bots() -> None:
    assert set(get_args(Edition)) == set(EDITIONS)
    assert set(TableOptions.model_fields) == {field.name for field in fields(Options)}
    assert set(BOT_LEVELS) <= set(BOTS)


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"edition": "monopoly"}, 422),
        ({"edition": "classic", "seats": [{"kind": "open"}] * 5}, 422),  # classic seats 2-4
        ({"seats": [{"kind": "open"}]}, 422),
        ({"options": {"tokens_to_win": 0}}, 422),
        ({"options": {"cheat": True}}, 422),
        ({"options": {"first_player": 3}}, 422),  # no seat 3 at a 2-seat table
        ({"seats": [{"kind": "bot", "level": "exec:rm -rf /"}, {"kind": "open"}]}, 422),
        ({"bot_level": "exec:sh"}, 422),
        ({"disconnect_timeout": -1}, 422),
        ({"edition": "classic", "extra": 1}, 422),
    ],
)
def test_bad_tables_are_refused(server: ServerThread, body: Any, status: int) -> None:
    assert post(server, "/api/tables", body).status_code == status


def test_create_join_and_start(server: ServerThread) -> None:
    created = create_table(server.url, edition="premium", seats=[{"kind": "open"}] * 5)
    assert created["invite_url"] == f"{server.url}/t/{created['table']}"
    assert created["ws_url"] == server.ws_url
    table = created["table"]
    ana = join(server.url, table, "  Ana   Maria ")
    assert ana["seat"] == 0
    assert len(ana["token"]) >= 32
    info = httpx.get(f"{server.url}/api/tables/{table}").json()
    assert info["seats"][0]["name"] == "Ana Maria"
    assert "token" not in str(info)
    assert "hash" not in str(info)
    assert join(server.url, table, "<b>Bruno</b>", seat=3)["seat"] == 3  # names are text
    for body, code in [
        ({"name": "ana maria"}, "name_taken"),
        ({"name": "Chloé", "seat": 3}, "seat_taken"),
        ({"name": "Chloé", "seat": 7}, "no_such_seat"),
    ]:
        response = post(server, f"/api/tables/{table}/join", body)
        assert response.status_code == 409
        assert response.json()["error"]["code"] == code
    for name in ["", "   ", "x" * 25, "zero\u200bwidth", "bell\x07", 5]:
        assert post(server, f"/api/tables/{table}/join", {"name": name}).status_code == 422
    wrong = post(server, f"/api/tables/{table}/start", {"host_token": "W" * 32})
    assert wrong.status_code == 403
    assert wrong.json()["error"]["code"] == "not_host"
    info = start(server.url, created)
    assert [s["kind"] for s in info["seats"]] == ["human", "bot", "bot", "human", "bot"]
    late = post(server, f"/api/tables/{table}/join", {"name": "Late"})
    assert late.status_code == 409
    assert late.json()["error"]["code"] == "not_in_lobby"


def test_a_full_table_and_an_unknown_one(server: ServerThread) -> None:
    created = create_table(server.url, seats=[{"kind": "open"}, {"kind": "bot"}])
    join(server.url, created["table"], "Ana")
    full = post(server, f"/api/tables/{created['table']}/join", {"name": "Bruno"})
    assert full.json()["error"]["code"] == "table_full"
    for response in (
        httpx.get(f"{server.url}/api/tables/nope"),
        post(server, "/api/tables/nope/join", {"name": "Ana"}),
        httpx.get(f"{server.url}/api/tables/nope/games"),
        httpx.get(f"{server.url}/api/tables/nope/games/1/record"),
    ):
        assert response.status_code == 404, response.text


def test_an_unfinished_game_record_is_never_given(server: ServerThread) -> None:
    created = create_table(server.url, seats=[{"kind": "open"}, {"kind": "open"}])
    table = created["table"]
    join(server.url, table, "Ana")
    start(server.url, created)
    response = httpx.get(f"{server.url}/api/tables/{table}/games/1/record")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "not_finished"
    assert "rounds" not in response.text
    [game] = httpx.get(f"{server.url}/api/tables/{table}/games").json()
    assert game["status"] == "playing"
    assert game["record"] is None
    assert all(g["table"] != table for g in httpx.get(f"{server.url}/api/games").json())


def test_openapi_docs_and_pages(server: ServerThread) -> None:
    schema = httpx.get(f"{server.url}/openapi.json").json()
    assert "/api/tables" in schema["paths"]
    assert "/api/tables/{table_id}/games/{number}/record" in schema["paths"]
    assert httpx.get(f"{server.url}/docs").status_code == 200
    for path in ("/", "/t/some-table", "/static/index.html"):
        page = httpx.get(f"{server.url}{path}")
        assert page.status_code == 200
        assert "Love Letter" in page.text
    assert httpx.get(f"{server.url}/api/health").json()["status"] == "ok"


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--db", "nonsense"], "bad --db or --redis URL"),
        (["--db", "postgresql+pg8000://x@localhost/y"], "install the extra"),
        (["--redis", "nonsense://x"], "bad --db or --redis URL"),
        (["--db", "memory", "--redis", "redis://localhost"], "cannot be shared"),
    ],
)
def test_serve_refuses_bad_urls_clearly(option: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["serve", *option])
    assert result.exit_code == 1
    assert message in result.output
