"""The HTTP API: creating and joining tables, host commands, history, OpenAPI, pages."""

from __future__ import annotations

import json
import socket
from dataclasses import fields
from pathlib import Path
from typing import Any, get_args, get_type_hints

import httpx
import pytest
from typer.testing import CliRunner

from loveletter.bots import BOTS
from loveletter.cli.main import app
from loveletter.cli.serve import serve
from loveletter.engine import EDITIONS, Options
from loveletter.server.protocol import BOT_LEVELS, Edition, OptionsSpec
from loveletter.server.settings import Settings

from .harness import TIMEOUT, ServerThread, create_table, join, start


def post(server: ServerThread, path: str, body: Any) -> httpx.Response:
    return httpx.post(f"{server.url}{path}", json=body)


def post_text(server: ServerThread, path: str, text: str | bytes) -> httpx.Response:
    """POST a body as raw JSON text (which the json= of httpx could not write)."""
    headers = {"content-type": "application/json"}
    return httpx.post(f"{server.url}{path}", content=text, headers=headers)


def assert_refused(response: httpx.Response, status: int, code: str) -> None:
    """A refusal with the documented body, quoting at most a little of the input."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    error = response.json()["error"]
    assert error["code"] == code, error
    assert 0 < len(error["message"]) <= 300


def test_protocol_lists_match_the_engine_and_the_bots() -> None:
    assert set(get_args(Edition)) == set(EDITIONS)
    assert set(OptionsSpec.model_fields) == {field.name for field in fields(Options)}
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
    response = post(server, "/api/tables", body)
    assert response.status_code == status
    assert response.json()["error"]["code"] in ("invalid_message", "invalid_table")


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
    for name in ["", "   ", "x" * 25, "zero\u200bwidth", "bell\x07", "tab\tbed", "nel\x85", 5]:
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


def test_serve_help_tells_the_limits_settings_defaults() -> None:
    hints = get_type_hints(serve, include_extras=True)
    defaults = Settings(db_url="")
    for name in ("request_timeout", "max_body_bytes", "create_rate", "create_burst"):
        option = get_args(hints[name])[1]
        assert f"(default {getattr(defaults, name):g})" in option.help, name


@pytest.mark.parametrize(
    ("option", "message", "status"),
    [
        (["--db", "nonsense"], "bad --db or --redis URL", 2),
        (["--db", "postgresql+pg8000://x@localhost/y"], "install the extra", 1),
        (["--redis", "nonsense://x"], "bad --db or --redis URL", 2),
        (["--db", "memory", "--redis", "redis://localhost"], "cannot be shared", 2),
    ],
)
def test_serve_refuses_bad_urls_clearly(
    option: list[str], message: str, status: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # never the user's own database
    result = CliRunner().invoke(app, ["serve", *option])
    assert result.exit_code == status
    assert message in result.output


# ------------------------------------------------------------------- hostile input

HOSTILE_BODIES = [
    ('{"name": "\\ud800"}', 422, "invalid_message"),
    ('{"edition": "\\udc00"}', 422, "invalid_message"),
    ('{"host_token": "\\ud800AAAAAAAAAAAAAAAAAAAA"}', 422, "invalid_message"),
    ('{"seats": [{"kind": "\\ud800"}, {"kind": "open"}]}', 422, "invalid_message"),
    ('{"\\ud800": 1}', 422, "invalid_message"),
    ('{"disconnect_timeout": NaN}', 400, "bad_json"),
    ('{"disconnect_timeout": Infinity}', 400, "bad_json"),
    ('{"options": {"tokens_to_win": -Infinity}}', 400, "bad_json"),
    ('{"disconnect_timeout": 1e999}', 422, "invalid_message"),
    ('{"options": {"tokens_to_win": ' + "9" * 4000 + "}}", 422, "invalid_message"),
    ('{"seat": ' + str(2**64) + "}", 422, "invalid_message"),
    ('{"options": ' + "[" * 5000 + "]" * 5000 + "}", 422, "invalid_message"),
    ('{"name": "bell\\u0007"}', 422, "invalid_message"),
    ('{"host_token": "\\u001b[2J"}', 422, "invalid_message"),
    ('{"name": "Ana"', 400, "bad_json"),
    (b'{"name": "\xff"}', 400, "bad_json"),
    ("[1, 2]", 422, "invalid_message"),
    ('"Ana"', 422, "invalid_message"),
    ("null", 422, "invalid_message"),
    ('{"' + "k" * 10_000 + '": 1}', 422, "invalid_message"),
]


@pytest.mark.parametrize("route", ["create", "join", "start", "rematch"])
@pytest.mark.parametrize(("text", "status", "code"), HOSTILE_BODIES)
def test_hostile_bodies_are_refused_with_the_error_body(
    server: ServerThread, route: str, text: str | bytes, status: int, code: str
) -> None:
    created = create_table(server.url)
    table = created["table"]
    before = httpx.get(f"{server.url}/api/tables/{table}").json()
    path = "/api/tables" if route == "create" else f"/api/tables/{table}/{route}"
    assert_refused(post_text(server, path, text), status, code)
    assert httpx.get(f"{server.url}/api/tables/{table}").json() == before


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/games?offset=99999999999999999999", 422),
        ("/api/games?limit=1e999", 422),
        ("/api/editions?lang=%ED%A0%80", 422),
        ("/api/tables/ab%00cd", 422),
        ("/api/tables/" + "x" * 5000, 422),
        ("/api/tables/abcd/games/99999999999999999999/record", 422),
        ("/api/tables/abcd/games/-1/replay", 422),
        ("/api/no-such-route", 404),
    ],
)
def test_hostile_paths_and_queries_are_refused_with_the_error_body(
    server: ServerThread, path: str, status: int
) -> None:
    response = httpx.get(f"{server.url}{path}")
    assert_refused(response, status, "invalid_message" if status == 422 else "not_found")


def test_a_body_over_the_limit_is_refused_unread(server: ServerThread) -> None:
    limit = server.settings.max_body_bytes
    # Announced: the answer comes before the body is sent, and the connection closes.
    with socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT) as sock:
        head = (
            "POST /api/tables HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
            f"Content-Length: {50 * 1024 * 1024}\r\n\r\n"
        )
        sock.sendall(head.encode() + b'{"edition": "')
        answer = read_until_closed(sock)
    head_lines, _, body = answer.partition(b"\r\n\r\n")
    assert head_lines.startswith(b"HTTP/1.1 413")
    assert b"connection: close" in head_lines.lower()
    assert json.loads(body)["error"]["code"] == "too_large"
    # Streamed without a length: refused once the limit is passed.
    chunks = (b"[" + b" " * 1023 for _ in range(4 * limit // 1024))
    response = httpx.post(
        f"{server.url}/api/tables", content=chunks, headers={"content-type": "application/json"}
    )
    assert_refused(response, 413, "too_large")
    # Just under the limit, the body is read (and refused for what it says).
    assert_refused(
        post_text(server, "/api/tables", " " * (limit - 2) + "[]"), 422, "invalid_message"
    )


def read_until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def test_names_that_look_the_same_are_the_same_name(server: ServerThread) -> None:
    table = create_table(server.url, seats=[{"kind": "open"}] * 4, edition="premium")["table"]
    path = f"/api/tables/{table}/join"
    join(server.url, table, "Zo\u00e9")  # é precomposed
    join(server.url, table, "Ana")
    for lookalike in [
        "Zoe\u0301",  # e and a combining accent
        "ZOÉ",
        "\u0410na",  # Cyrillic capital A
        "\u0391\u039d\u0391",  # Greek capitals alpha, nu, alpha
        "\uff21na",  # fullwidth A
        "Zo\u0435\u0301",  # Cyrillic ie and a combining accent
        "An\u034fa",  # a combining grapheme joiner, drawn as nothing
        "Ana\ufe00",  # a variation selector
        "Ana\u3164",  # a Hangul filler, drawn as a blank
    ]:
        assert_refused(post(server, path, {"name": lookalike}), 409, "name_taken")
    for blank in ("\u2800", "\u3164\u2800 \uffa0"):
        assert_refused(post(server, path, {"name": blank}), 422, "invalid_message")
    assert join(server.url, table, "Zoe")["seat"] == 2  # no accent: another name
    other = create_table(server.url)["table"]
    join(server.url, other, "Zoe\u0301")
    names = [s["name"] for s in httpx.get(f"{server.url}/api/tables/{other}").json()["seats"]]
    assert names[0] == "Zo\u00e9"  # shown as typed, in composed form


def test_a_wrong_host_token_is_refused_alike_whatever_its_length(server: ServerThread) -> None:
    created = create_table(server.url)
    path = f"/api/tables/{created['table']}/start"
    answers = [
        post(server, path, {"host_token": token}).json()
        for token in ("W" * len(created["host_token"]), "W" * 8, "W" * 64)
    ]
    assert answers == [answers[0]] * 3
    assert answers[0]["error"]["code"] == "not_host"
