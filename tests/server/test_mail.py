"""Mail over a real SMTP server (aiosmtpd on loopback): an address verified by the link
it receives, a password reset by the link its verified address receives (each link
used once), the same answer for a name with no address, and a server with no SMTP
that says so; an address is never shown to anyone else."""

from __future__ import annotations

import re
from collections.abc import Iterator
from email.message import Message
from pathlib import Path
from typing import Any

import httpx
import pytest

from loveletter.server.sessions import CSRF_HEADER

from .harness import Inbox, ServerThread, fast_settings

PASSWORD = "correct horse battery"
LINK = re.compile(r"http://\S+/(verify|reset)\?token=([\w-]+)")


@pytest.fixture(scope="module")
def inbox() -> Iterator[Inbox]:
    with Inbox() as box:
        yield box


@pytest.fixture(scope="module")
def server(inbox: Inbox, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    folder = tmp_path_factory.mktemp("mail")
    settings = fast_settings(
        f"sqlite:///{folder / 'loveletter.db'}",
        signin_burst=100_000,
        smtp_url=f"smtp://127.0.0.1:{inbox.port}",
        mail_from="Love Letter <letters@example.org>",
    )
    with ServerThread(settings) as running:
        yield running


def signed_up(server: ServerThread, browser: httpx.Client, name: str) -> dict[str, Any]:
    answer = browser.post("/api/account", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    info: dict[str, Any] = answer.json()
    return info


def link_in(mail: Message) -> tuple[str, str]:
    """The link a mail holds: its purpose and its token."""
    body = mail.get_payload(decode=True)
    assert isinstance(body, bytes)
    found = LINK.search(body.decode())
    assert found, body
    return found.group(1), found.group(2)


def verified(
    server: ServerThread, browser: httpx.Client, info: dict[str, Any], email: str, inbox: Inbox
) -> None:
    answer = browser.post(
        "/api/account/email", json={"email": email}, headers={CSRF_HEADER: info["csrf"]}
    )
    assert answer.status_code == 204, answer.text
    purpose, token = link_in(inbox.next())
    assert purpose == "verify"
    assert browser.post("/api/account/email/verify", json={"token": token}).status_code == 204


def test_an_address_is_verified_by_the_link_it_receives(server: ServerThread, inbox: Inbox) -> None:
    with httpx.Client(base_url=server.url) as browser:
        info = signed_up(server, browser, "Ana Mail")
        assert (info["email"], info["email_verified"], info["mail"]) == (None, False, True)
        headers = {CSRF_HEADER: info["csrf"]}
        body = {"email": "ana@example.org", "lang": "fr"}
        assert browser.post("/api/account/email", json=body, headers=headers).status_code == 204
        me = browser.get("/api/account").json()
        assert (me["email"], me["email_verified"]) == ("ana@example.org", False)
        mail = inbox.next()
        assert mail["To"] == "ana@example.org"
        assert mail["From"] == "Love Letter <letters@example.org>"
        assert mail["Subject"] == "Love Letter : confirmez votre adresse"
        purpose, token = link_in(mail)
        assert purpose == "verify"
        with httpx.Client(base_url=server.url) as other_browser:  # the link opens anywhere
            assert (
                other_browser.post("/api/account/email/verify", json={"token": token}).status_code
                == 204
            )
            again = other_browser.post("/api/account/email/verify", json={"token": token})
        assert again.status_code == 403
        assert again.json()["error"]["code"] == "bad_link"
        me = browser.get("/api/account").json()
        assert (me["email"], me["email_verified"]) == ("ana@example.org", True)
        # Nobody else ever sees it.
        profile = httpx.get(f"{server.url}/api/players/{info['id']}").text
        assert "ana@example.org" not in profile


def test_a_password_is_reset_by_the_link_its_verified_address_receives(
    server: ServerThread, inbox: Inbox
) -> None:
    with httpx.Client(base_url=server.url) as browser, httpx.Client(base_url=server.url) as other:
        info = signed_up(server, browser, "Bruno Mail")
        verified(server, browser, info, "bruno@example.org", inbox)
        other.post("/api/session", json={"name": "Bruno Mail", "password": PASSWORD})
        # A name with no account gets the same answer, and no mail: the next mail is
        # the one for the account with an address.
        with httpx.Client(base_url=server.url) as stranger:
            unknown = stranger.post("/api/password/forgot", json={"name": "Nobody Mail"})
            known = stranger.post("/api/password/forgot", json={"name": "Bruno Mail"})
        assert (
            (unknown.status_code, unknown.content)
            == (known.status_code, known.content)
            == (202, b"")
        )
        mail = inbox.next()
        assert mail["To"] == "bruno@example.org"
        assert mail["Subject"] == "Love Letter: choose a new password"
        purpose, token = link_in(mail)
        assert purpose == "reset"
        with httpx.Client(base_url=server.url) as anywhere:
            body = {"token": token, "new_password": "a brand new one"}
            assert anywhere.post("/api/password/reset", json=body).status_code == 204
            again = anywhere.post("/api/password/reset", json=body)
            assert again.json()["error"]["code"] == "bad_link"
        # Every session ended; the new password signs in, the old one no more.
        assert browser.get("/api/account").status_code == 401
        assert other.get("/api/account").status_code == 401
        old = browser.post("/api/session", json={"name": "Bruno Mail", "password": PASSWORD})
        assert old.status_code == 401
        new = browser.post(
            "/api/session", json={"name": "Bruno Mail", "password": "a brand new one"}
        )
        assert new.status_code == 200


def test_an_unverified_address_receives_no_reset_link(server: ServerThread, inbox: Inbox) -> None:
    with httpx.Client(base_url=server.url) as browser:
        info = signed_up(server, browser, "Chloé Mail")
        headers = {CSRF_HEADER: info["csrf"]}
        body = {"email": "chloe@example.org"}
        browser.post("/api/account/email", json=body, headers=headers)
        assert link_in(inbox.next())[0] == "verify"  # not opened
        assert browser.post("/api/password/forgot", json={"name": "Chloé Mail"}).status_code == 202
        # The next mail is another account's verification: no reset went to Chloé.
        other_info = signed_up(server, browser, "Denis Mail")
        browser.post(
            "/api/account/email",
            json={"email": "denis@example.org"},
            headers={CSRF_HEADER: other_info["csrf"]},
        )
        assert inbox.next()["To"] == "denis@example.org"


@pytest.mark.parametrize(
    "email",
    [
        "",
        "not an address",
        "a@b",
        "@example.org",
        "a@@example.org",
        "x" * 250 + "@e.org",
        "a b@example.org",
        "ana@example.org\r\nBcc: all@example.org",
        5,
        ["a@b.c"],
    ],
)
def test_a_bad_address_is_refused_and_changes_nothing(server: ServerThread, email: object) -> None:
    with httpx.Client(base_url=server.url) as browser:
        info = signed_up(server, browser, f"Bad Mail {abs(hash(str(email))) % 10**6}")
        answer = browser.post(
            "/api/account/email", json={"email": email}, headers={CSRF_HEADER: info["csrf"]}
        )
        assert answer.status_code == 422, answer.text
        assert browser.get("/api/account").json()["email"] is None


def test_a_server_with_no_smtp_says_so_and_the_rest_works(tmp_path: Path) -> None:
    settings = fast_settings(f"sqlite:///{tmp_path / 'nomail.db'}")
    with ServerThread(settings) as plain, httpx.Client(base_url=plain.url) as browser:
        info = signed_up(plain, browser, "Eve Mail")
        assert info["mail"] is False
        answer = browser.post(
            "/api/account/email",
            json={"email": "eve@example.org"},
            headers={CSRF_HEADER: info["csrf"]},
        )
        assert (answer.status_code, answer.json()["error"]["code"]) == (503, "mail_off")
        forgot = browser.post("/api/password/forgot", json={"name": "Eve Mail"})
        assert (forgot.status_code, forgot.json()["error"]["code"]) == (503, "mail_off")
        assert browser.get("/api/account").json()["email"] is None
