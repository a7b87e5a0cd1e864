"""Accounts over real sockets: sign up, sign in on another device, sign out, change the
password, delete; the session cookie's flags, cross-site requests, the same answer
for an unknown name and a wrong password, rate limits, and bad input that changes
nothing (on SQLite, and on the memory and PostgreSQL repositories for the repository)."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loveletter.server.repository import ServerRepository
from loveletter.server.sessions import CSRF_HEADER, SESSION_COOKIE
from loveletter.tables import AccountData, SessionData

from .harness import Client, ServerLog, ServerThread, fast_settings, is_state

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    folder = tmp_path_factory.mktemp("accounts")
    # Sign-ins are limited per address: the tests all come from 127.0.0.1.
    settings = fast_settings(f"sqlite:///{folder / 'loveletter.db'}", signin_burst=100_000)
    with ServerThread(settings) as running:
        yield running


def client(server: ServerThread) -> httpx.Client:
    """A browser of its own: its own cookie jar."""
    return httpx.Client(base_url=server.url, timeout=30)


_names = iter(range(10**6))


def fresh_name(prefix: str = "Player") -> str:
    return f"{prefix} {next(_names)}"


def sign_up(browser: httpx.Client, name: str, password: str = PASSWORD) -> dict[str, str]:
    answer = browser.post("/api/account", json={"name": name, "password": password})
    assert answer.status_code == 201, answer.text
    info: dict[str, str] = answer.json()
    return info


def refused(answer: httpx.Response, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code


def test_sign_up_signs_in_with_a_cookie_that_scripts_and_other_sites_cannot_use(
    server: ServerThread,
) -> None:
    with client(server) as browser:
        name = fresh_name()
        answer = browser.post("/api/account", json={"name": f"  {name} ", "password": PASSWORD})
        assert answer.status_code == 201
        info = answer.json()
        assert info["name"] == name  # spaces collapsed, as a seat's name
        cookie = answer.headers["set-cookie"]
        assert cookie.startswith(f"{SESSION_COOKIE}=")
        flags = {part.strip().lower() for part in cookie.split(";")[1:]}
        assert {"httponly", "samesite=lax", "path=/"} <= flags
        assert "secure" not in flags  # the public URL is not https here
        me = browser.get("/api/account").json()
        assert me == info


def test_a_page_asks_who_is_signed_in_without_an_error(server: ServerThread) -> None:
    with client(server) as browser:
        assert browser.get("/api/session").json() == {"account": None}
        info = sign_up(browser, fresh_name())
        assert browser.get("/api/session").json() == {"account": info}
        browser.delete("/api/session", headers={CSRF_HEADER: info["csrf"]})
        assert browser.get("/api/session").json() == {"account": None}


def test_the_cookie_is_secure_when_the_public_url_is_https(tmp_path: Path) -> None:
    settings = fast_settings(
        f"sqlite:///{tmp_path / 'secure.db'}", public_url="https://letters.example"
    )
    with ServerThread(settings) as secure, client(secure) as browser:
        answer = browser.post("/api/account", json={"name": "Ana", "password": PASSWORD})
        assert "secure" in answer.headers["set-cookie"].lower().split("; ")


def test_signing_in_on_another_device_opens_a_session_of_its_own(server: ServerThread) -> None:
    name = fresh_name()
    with client(server) as phone, client(server) as laptop:
        first = sign_up(phone, name)
        answer = laptop.post("/api/session", json={"name": name, "password": PASSWORD})
        assert answer.status_code == 200
        second = answer.json()
        assert second["id"] == first["id"]
        assert second["csrf"] != first["csrf"]
        assert laptop.cookies[SESSION_COOKIE] != phone.cookies[SESSION_COOKIE]
        # Signing out on the laptop leaves the phone signed in.
        out = laptop.delete("/api/session", headers={CSRF_HEADER: second["csrf"]})
        assert out.status_code == 204
        refused(laptop.get("/api/account"), 401, "not_signed_in")
        assert phone.get("/api/account").status_code == 200


def test_a_session_id_given_before_signing_in_is_never_kept(server: ServerThread) -> None:
    # Session fixation: a cookie planted by someone else is replaced at sign-in.
    name = fresh_name()
    with client(server) as browser:
        sign_up(browser, name)
    planted = {"cookie": f"{SESSION_COOKIE}=planted-by-an-attacker"}
    with client(server) as browser:
        answer = browser.post(
            "/api/session", json={"name": name, "password": PASSWORD}, headers=planted
        )
        assert answer.status_code == 200
        assert answer.cookies[SESSION_COOKIE] != "planted-by-an-attacker"
    with client(server) as attacker:
        refused(attacker.get("/api/account", headers=planted), 401, "not_signed_in")


def test_a_lookalike_of_a_taken_name_is_taken(server: ServerThread) -> None:
    name = fresh_name("Ana")
    with client(server) as browser:
        sign_up(browser, name)
    lookalike = name.replace("A", "\u0410")  # a Cyrillic capital A
    with client(server) as other:
        answer = other.post("/api/account", json={"name": lookalike, "password": PASSWORD})
        refused(answer, 409, "name_taken")
        assert SESSION_COOKIE not in other.cookies


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(server: ServerThread) -> None:
    name = fresh_name()
    with client(server) as browser:
        sign_up(browser, name)
    with client(server) as stranger:
        wrong = stranger.post("/api/session", json={"name": name, "password": "not the one"})
        unknown = stranger.post(
            "/api/session", json={"name": fresh_name(), "password": "not the one"}
        )
        assert (wrong.status_code, wrong.json()) == (unknown.status_code, unknown.json())
        refused(wrong, 401, "bad_credentials")
        assert SESSION_COOKIE not in stranger.cookies


def test_an_unknown_name_takes_as_long_as_a_wrong_password(server: ServerThread) -> None:
    # Both check a password against an argon2 hash: an unknown name is not told apart
    # by answering sooner. The median of a few tries, each well over the noise.
    name = fresh_name()
    with client(server) as browser:
        sign_up(browser, name)

    def median_time(login: str) -> float:
        times = []
        with client(server) as stranger:
            for _ in range(5):
                began = time.perf_counter()
                stranger.post("/api/session", json={"name": login, "password": "not the one"})
                times.append(time.perf_counter() - began)
        return sorted(times)[2]

    known, unknown = median_time(name), median_time(fresh_name())
    assert 0.5 < unknown / known < 2.0, (known, unknown)


def test_a_changing_request_without_the_token_or_from_another_site_changes_nothing(
    server: ServerThread,
) -> None:
    with client(server) as browser:
        info = sign_up(browser, fresh_name())
        refused(browser.delete("/api/session"), 403, "bad_csrf")
        refused(browser.delete("/api/session", headers={CSRF_HEADER: "guess"}), 403, "bad_csrf")
        evil = {CSRF_HEADER: info["csrf"], "Origin": "https://evil.example"}
        refused(browser.delete("/api/session", headers=evil), 403, "cross_site")
        body = {"password": PASSWORD, "new_password": "a new password"}
        refused(browser.post("/api/account/password", json=body), 403, "bad_csrf")
        refused(browser.post("/api/account/delete", json={"password": PASSWORD}), 403, "bad_csrf")
        assert browser.get("/api/account").json() == info  # still signed in, unchanged
        own = {CSRF_HEADER: info["csrf"], "Origin": server.url}
        assert browser.delete("/api/session", headers=own).status_code == 204


def test_signing_up_or_in_from_another_site_is_refused(server: ServerThread) -> None:
    with client(server) as browser:
        evil = {"Origin": "https://evil.example"}
        body = {"name": fresh_name(), "password": PASSWORD}
        refused(browser.post("/api/account", json=body, headers=evil), 403, "cross_site")
        refused(browser.post("/api/session", json=body, headers=evil), 403, "cross_site")
        # Nothing was made: the name is free.
        assert browser.post("/api/account", json=body).status_code == 201


def test_changing_the_password_ends_the_other_sessions(server: ServerThread) -> None:
    name = fresh_name()
    with client(server) as phone, client(server) as laptop:
        sign_up(phone, name)
        info = laptop.post("/api/session", json={"name": name, "password": PASSWORD}).json()
        body = {"password": "not the one", "new_password": "a new password"}
        headers = {CSRF_HEADER: info["csrf"]}
        refused(
            laptop.post("/api/account/password", json=body, headers=headers), 401, "bad_credentials"
        )
        body = {"password": PASSWORD, "new_password": "a new password"}
        assert laptop.post("/api/account/password", json=body, headers=headers).status_code == 204
        assert laptop.get("/api/account").status_code == 200  # this one stays
        refused(phone.get("/api/account"), 401, "not_signed_in")  # the other ended
    with client(server) as browser:
        old = browser.post("/api/session", json={"name": name, "password": PASSWORD})
        refused(old, 401, "bad_credentials")
        new = browser.post("/api/session", json={"name": name, "password": "a new password"})
        assert new.status_code == 200


def test_a_deleted_account_signs_in_no_more_and_its_name_is_free(server: ServerThread) -> None:
    name = fresh_name()
    with client(server) as browser, client(server) as other:
        info = sign_up(browser, name)
        other.post("/api/session", json={"name": name, "password": PASSWORD})
        headers = {CSRF_HEADER: info["csrf"]}
        wrong = browser.post(
            "/api/account/delete", json={"password": "not the one"}, headers=headers
        )
        refused(wrong, 401, "bad_credentials")
        answer = browser.post("/api/account/delete", json={"password": PASSWORD}, headers=headers)
        assert answer.status_code == 204
        refused(browser.get("/api/account"), 401, "not_signed_in")
        refused(other.get("/api/account"), 401, "not_signed_in")  # every session ended
        again = other.post("/api/session", json={"name": name, "password": PASSWORD})
        refused(again, 401, "bad_credentials")
    with client(server) as newcomer:
        sign_up(newcomer, name)


def test_sign_in_attempts_are_limited_per_account_and_per_address(tmp_path: Path) -> None:
    settings = fast_settings(f"sqlite:///{tmp_path / 'limits.db'}", signin_rate=0.0, signin_burst=3)
    with ServerThread(settings) as limited, client(limited) as browser:
        sign_up(browser, "Target")  # 1 of the address's 3
        for _ in range(2):
            wrong = browser.post("/api/session", json={"name": "Target", "password": "guess one"})
            refused(wrong, 401, "bad_credentials")
        # The address has used its attempts: even the right password waits now.
        answer = browser.post("/api/session", json={"name": "Target", "password": PASSWORD})
        refused(answer, 429, "rate_limited")
        assert SESSION_COOKIE in browser.cookies  # the sign-up's session, untouched


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"name": "Ana"},
        {"name": "Ana", "password": ""},
        {"name": "Ana", "password": "short"},
        {"name": "Ana", "password": "x" * 257},
        {"name": "Ana", "password": "with a \u0000 NUL inside"},
        {"name": "", "password": PASSWORD},
        {"name": "   ", "password": PASSWORD},
        {"name": "A\u202eevil", "password": PASSWORD},
        {"name": "x" * 100, "password": PASSWORD},
        {"name": 5, "password": PASSWORD},
        {"name": "Ana", "password": 12345678},
        {"name": "Ana", "password": PASSWORD, "admin": True},
        [],
        "Ana",
    ],
)
def test_bad_credentials_are_refused_clearly_and_make_nothing(
    server: ServerThread, body: object
) -> None:
    with client(server) as browser:
        for path in ("/api/account", "/api/session"):
            refused(browser.post(path, json=body), 422, "invalid_message")
        assert SESSION_COOKIE not in browser.cookies


@pytest.mark.parametrize(
    "text",
    [
        b'{"name": "Ana", "password": "\\ud800\\ud800\\ud800\\ud800"}',  # lone surrogates
        b'{"name": "Ana", "password": "' + b"x" * 20_000 + b'"}',  # over the body limit
        b'{"name": "Ana", "password": NaN}',
        b'{"name": {"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": {}}}}}}}}}}',
        b"not json",
    ],
)
def test_malformed_bodies_are_refused_and_make_nothing(server: ServerThread, text: bytes) -> None:
    with client(server) as browser:
        answer = browser.post(
            "/api/account", content=text, headers={"content-type": "application/json"}
        )
        assert 400 <= answer.status_code < 500, answer.text
        assert "error" in answer.json()
        assert SESSION_COOKIE not in browser.cookies


@pytest.mark.parametrize("cookie", ["", "forged", "x" * 5000, "\u00e9t\u00e9", "a;b=c", "0" * 32])
def test_a_forged_cookie_is_not_signed_in(server: ServerThread, cookie: str) -> None:
    with client(server) as browser:
        header = f"{SESSION_COOKIE}={cookie}".encode()
        answer = browser.get("/api/account", headers={b"cookie": header})
        refused(answer, 401, "not_signed_in")


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(max_size=40),
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=10), inner, max_size=3)
        ),
        max_leaves=8,
    )
    | st.fixed_dictionaries({"name": st.text(max_size=30), "password": st.text(max_size=30)}),
    path=st.sampled_from(["/api/session", "/api/account/password", "/api/account/delete"]),
)
def test_no_body_makes_the_accounts_routes_fail(
    server: ServerThread, body: object, path: str
) -> None:
    # /api/account is left out: a body that happens to be valid would make an account
    # per example, each a password hash; sign-in checks the same models.
    with client(server) as browser:
        answer = browser.post(path, json=body)
        assert answer.status_code in (401, 403, 422), answer.text
        assert set(answer.json()) == {"error"}


# ------------------------------------------------------------------ the stores


def account(number: int, name: str = "Ana") -> AccountData:
    return AccountData(f"account-{number}", name, name.casefold(), "hash", 1.0)


def session(number: int, account_id: str, expires_at: float = 100.0) -> SessionData:
    return SessionData(f"session-{number}", account_id, f"csrf-{number}", 1.0, expires_at)


def test_a_store_keeps_accounts_with_one_name_each(repository: ServerRepository) -> None:
    assert repository.create_account(account(1))
    assert not repository.create_account(dataclasses.replace(account(2), name="ANA"))  # same key
    assert repository.account("account-2") is None
    assert repository.account_named("ana") == account(1)
    repository.set_password("account-1", "new hash")
    assert repository.account("account-1") == dataclasses.replace(
        account(1), password_hash="new hash"
    )


def test_a_store_ends_sessions_when_they_expire_or_are_ended(repository: ServerRepository) -> None:
    repository.create_account(account(1))
    repository.create_account(account(2, "Bruno"))
    for number, owner in ((1, "account-1"), (2, "account-1"), (3, "account-1"), (4, "account-2")):
        repository.create_session(session(number, owner))
    assert repository.session("session-1", 50.0) == (session(1, "account-1"), account(1))
    assert repository.session("session-1", 100.0) is None  # ended at its expiry
    repository.end_session("session-1")
    assert repository.session("session-1", 50.0) is None
    repository.end_sessions("account-1", keep="session-2")
    assert repository.session("session-2", 50.0) is not None
    assert repository.session("session-3", 50.0) is None
    repository.delete_account("account-1")
    assert repository.session("session-2", 50.0) is None
    assert repository.account("account-1") is None
    assert repository.session("session-4", 50.0) is not None  # another account's


# ------------------------------------------------------------------ seats of accounts


def new_table(server: ServerThread) -> dict[str, str]:
    created = httpx.post(
        f"{server.url}/api/tables",
        json={"edition": "classic", "seats": [{"kind": "open"}, {"kind": "open"}]},
        timeout=30,
    )
    assert created.status_code == 201, created.text
    table: dict[str, str] = created.json()
    return table


def join_signed_in(browser: httpx.Client, table: str, info: dict[str, str]) -> dict[str, Any]:
    answer = browser.post(
        f"/api/tables/{table}/join", json={"name": "ignored"}, headers={CSRF_HEADER: info["csrf"]}
    )
    assert answer.status_code == 200, answer.text
    joined: dict[str, Any] = answer.json()
    return joined


async def seat_seen(server: ServerThread, table: str, browser: httpx.Client, **headers: str) -> Any:
    """The seat a WebSocket with this browser's cookie plays at the table (None: watching)."""
    cookie = f"{SESSION_COOKIE}={browser.cookies.get(SESSION_COOKIE, '')}"
    client = await Client.open(server.ws_url, table, headers={"Cookie": cookie, **headers})
    try:
        state = await client.until(is_state)
        return state["you"]["seat"]
    finally:
        await client.close()


def test_a_seat_taken_signed_in_is_the_accounts_on_every_device(server: ServerThread) -> None:
    table = new_table(server)["table"]
    name = fresh_name()
    with client(server) as laptop, client(server) as phone, client(server) as stranger:
        info = sign_up(laptop, name)
        joined = join_signed_in(laptop, table, info)
        seats = httpx.get(f"{server.url}/api/tables/{table}").json()["seats"]
        assert seats[joined["seat"]]["name"] == name  # the account's name, not the body's
        again = laptop.post(
            f"/api/tables/{table}/join", json={"name": "Twice"}, headers={CSRF_HEADER: info["csrf"]}
        )
        refused(again, 409, "already_seated")
        # Another device, signed in to the same account, plays the seat with no token.
        phone.post("/api/session", json={"name": name, "password": PASSWORD})
        assert asyncio.run(seat_seen(server, table, phone)) == joined["seat"]
        # Nobody else does: another account, a guest, the same cookie from another site.
        sign_up(stranger, fresh_name())
        assert asyncio.run(seat_seen(server, table, stranger)) is None
        with client(server) as guest:
            assert asyncio.run(seat_seen(server, table, guest)) is None
        evil = {"Origin": "https://evil.example"}
        assert asyncio.run(seat_seen(server, table, phone, **evil)) is None


def test_joining_signed_in_without_the_csrf_token_is_refused(server: ServerThread) -> None:
    table = new_table(server)["table"]
    with client(server) as browser:
        sign_up(browser, fresh_name())
        answer = browser.post(f"/api/tables/{table}/join", json={"name": "Ana"})
        refused(answer, 403, "bad_csrf")
        seats = httpx.get(f"{server.url}/api/tables/{table}").json()["seats"]
        assert all(seat["kind"] == "open" for seat in seats)


def test_a_guest_who_signs_up_during_a_game_keeps_their_seat(server: ServerThread) -> None:
    table = new_table(server)["table"]
    name = fresh_name()
    with client(server) as browser, client(server) as other_device:
        joined = browser.post(f"/api/tables/{table}/join", json={"name": "Guest"}).json()
        info = sign_up(browser, name)
        claim = {"token": joined["token"]}
        headers = {CSRF_HEADER: info["csrf"]}
        refused(browser.post(f"/api/tables/{table}/claim", json=claim), 403, "bad_csrf")
        answer = browser.post(f"/api/tables/{table}/claim", json=claim, headers=headers)
        assert answer.status_code == 200, answer.text
        assert answer.json() == {"table": table, "seat": joined["seat"]}
        other_device.post("/api/session", json={"name": name, "password": PASSWORD})
        assert asyncio.run(seat_seen(server, table, other_device)) == joined["seat"]
    # The token still plays the seat, as every guest's does.
    with client(server) as thief:
        thief_info = sign_up(thief, fresh_name())
        stolen = thief.post(
            f"/api/tables/{table}/claim", json=claim, headers={CSRF_HEADER: thief_info["csrf"]}
        )
        refused(stolen, 403, "seat_owned")
        wrong = thief.post(
            f"/api/tables/{table}/claim",
            json={"token": "not-a-token-of-this-table"},
            headers={CSRF_HEADER: thief_info["csrf"]},
        )
        refused(wrong, 403, "bad_token")


def test_no_password_or_session_id_reaches_the_log(server: ServerThread) -> None:
    # Every record at every level, from the server's loggers, its libraries' and
    # uvicorn's (its access log included), while an account is made, signed in,
    # refused and changed.
    secret = "zebra-quartz-umbrella-9"
    loggers = [
        logging.getLogger(name) for name in ("", "uvicorn", "uvicorn.access", "uvicorn.error")
    ]
    levels = [logger.level for logger in loggers]
    log = ServerLog()
    log.LOGGERS = ("", "uvicorn", "uvicorn.access")  # the access log does not propagate
    log.setLevel(logging.DEBUG)
    for logger in loggers:
        logger.setLevel(logging.DEBUG)
    try:
        with log, client(server) as browser:
            name = fresh_name()
            info = sign_up(browser, name, secret)
            browser.post("/api/session", json={"name": name, "password": secret + "x"})
            browser.post("/api/session", json={"name": name, "password": secret})
            browser.post("/api/session", json={"name": name, "password": secret, "extra": secret})
            browser.post(
                "/api/account/password",
                json={"password": secret, "new_password": secret + "2"},
                headers={CSRF_HEADER: browser.get("/api/account").json()["csrf"]},
            )
            session_id = browser.cookies[SESSION_COOKIE]
            browser.get("/api/account", headers={"cookie": f"{SESSION_COOKIE}={session_id}"})
        # The test's own HTTP client logs what it receives: not the server's log.
        texts = [
            log.format(record)
            for record in log.records
            if not record.name.startswith(("httpx", "httpcore"))
        ]
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)
    assert any("POST /api/session" in text for text in texts)  # the access log heard it
    for text in texts:
        assert secret not in text
        assert session_id not in text
        assert info["csrf"] not in text
