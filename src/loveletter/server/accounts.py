"""Accounts: sign up, sign in and out, change the password, delete the account.

Passwords are hashed with argon2 (pwdlib's recommended hasher), in a worker thread:
a hash takes a tenth of a second of one core. A session is a random id in a cookie;
the store keeps only its HMAC under the server's secret key (``tokens.session_hash``),
with the token that the session's changing requests carry against cross-site
requests. An unknown name is answered as a wrong password is, after the same work (a
hash checked against a stand-in).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
import smtplib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from pwdlib import PasswordHash
from starlette.concurrency import run_in_threadpool

from ..tables import AccountData, MailToken, SessionData, name_key
from .mail import MAILS, Mailer
from .refusals import RequestRefused
from .repository import AccountRepository
from .tokens import hash_token, new_token, session_hash

#: How long a session lasts without signing in again (30 days).
SESSION_SECONDS = 30 * 24 * 3600.0

WRONG_CREDENTIALS = "wrong name or password"

#: How long a link sent by mail works: to verify an address, to reset a password.
VERIFY_SECONDS = 24 * 3600.0
RESET_SECONDS = 3600.0

Purpose = Literal["verify", "reset"]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A new session: the id the cookie holds (never stored) and what is stored."""

    session_id: str
    session: SessionData
    account: AccountData


class AccountService:
    """The accounts' commands over a repository; sessions are signed with
    ``secret_key``; the clock is injectable for tests."""

    def __init__(
        self,
        repository: AccountRepository,
        *,
        secret_key: str,
        mailer: Mailer | None = None,
        session_seconds: float = SESSION_SECONDS,
        clock: Callable[[], float] = time.time,
        hasher: PasswordHash | None = None,
    ) -> None:
        self.repository = repository
        self._secret_key = secret_key
        self.mailer = mailer or Mailer(None, "")
        self._sending: set[asyncio.Task[None]] = set()
        self.session_seconds = session_seconds
        self.clock = clock
        self.hasher = hasher or PasswordHash.recommended()
        # What an unknown name's password is checked against: the same work as a real one.
        self._stand_in = self.hasher.hash(secrets.token_urlsafe(16))

    async def sign_up(self, name: str, password: str) -> SignedIn:
        """A new account, signed in; 409 ``name_taken`` if a name that looks the same is."""
        password_hash = await run_in_threadpool(self.hasher.hash, password)
        account = AccountData(
            id=new_token()[:24],
            name=name,
            name_key=name_key(name),
            password_hash=password_hash,
            created_at=self.clock(),
        )
        if not await run_in_threadpool(self.repository.create_account, account):
            raise RequestRefused(409, "name_taken", "an account has that name (or one like it)")
        return await self._new_session(account)

    async def sign_in(self, name: str, password: str) -> SignedIn:
        """A new session of the account with this name and password; 401
        ``bad_credentials`` for a wrong password and for an unknown name alike."""
        account = await run_in_threadpool(self.repository.account_named, name_key(name))
        await self._check_password(account, password)
        assert account is not None
        return await self._new_session(account)

    async def current(self, session_id: str) -> tuple[SessionData, AccountData] | None:
        """The session this cookie's id opens and its account, or None."""
        return await run_in_threadpool(
            self.repository.session, session_hash(self._secret_key, session_id), self.clock()
        )

    async def sign_out(self, session: SessionData) -> None:
        """End this session."""
        await run_in_threadpool(self.repository.end_session, session.id_hash)

    async def change_password(
        self, session: SessionData, account: AccountData, password: str, new_password: str
    ) -> None:
        """Change the password (the current one must be given); every other session ends."""
        await self._check_password(account, password)
        new_hash = await run_in_threadpool(self.hasher.hash, new_password)
        await run_in_threadpool(self.repository.set_password, account.id, new_hash)
        await run_in_threadpool(self.repository.end_sessions, account.id, keep=session.id_hash)

    async def delete(self, account: AccountData, password: str) -> None:
        """Delete the account and end its sessions (its password must be given)."""
        await self._check_password(account, password)
        await run_in_threadpool(self.repository.delete_account, account.id)

    # ---------------------------------------------------------------- mail

    def _need_mail(self) -> None:
        if not self.mailer.enabled:
            raise RequestRefused(503, "mail_off", "this server sends no mail")

    async def set_email(
        self, account: AccountData, email: str | None, lang: str, base: str
    ) -> None:
        """Give the account an address (None: take it away), unverified until the link
        sent there is opened."""
        if email is None:
            await run_in_threadpool(self.repository.set_email, account.id, None, verified=False)
            return
        self._need_mail()
        await run_in_threadpool(self.repository.set_email, account.id, email, verified=False)
        await self._send_link(account, email, "verify", lang, base)

    async def verify_email(self, token: str) -> None:
        """The address the link was sent to is verified (403 ``bad_link`` for a link
        used, expired or unknown, or an address changed since)."""
        found = await run_in_threadpool(
            self.repository.take_mail_token, hash_token(token), "verify", self.clock()
        )
        account = None
        if found is not None:
            account = await run_in_threadpool(self.repository.account, found.account_id)
        if found is None or account is None or account.email != found.email:
            raise RequestRefused(403, "bad_link", "this link is used, expired or unknown")
        await run_in_threadpool(self.repository.set_email, account.id, found.email, verified=True)

    async def forgot_password(self, name: str, lang: str, base: str) -> None:
        """Send a link to choose a new password to the account's verified address, if it
        has one; the answer is the same, and as quick, either way (the mail goes out
        after it)."""
        self._need_mail()
        account = await run_in_threadpool(self.repository.account_named, name_key(name))
        if account is not None and account.email and account.email_verified:
            task = asyncio.get_running_loop().create_task(
                self._send_link(account, account.email, "reset", lang, base)
            )
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)

    async def reset_password(self, token: str, new_password: str) -> None:
        """Choose a new password with a link's token; every session of the account ends."""
        found = await run_in_threadpool(
            self.repository.take_mail_token, hash_token(token), "reset", self.clock()
        )
        if found is None:
            raise RequestRefused(403, "bad_link", "this link is used, expired or unknown")
        new_hash = await run_in_threadpool(self.hasher.hash, new_password)
        await run_in_threadpool(self.repository.set_password, found.account_id, new_hash)
        await run_in_threadpool(self.repository.end_sessions, found.account_id)

    async def set_turn_mail(self, account: AccountData, on: bool) -> AccountData:
        """Whether the account is mailed when it is its turn at a turn-based table."""
        await run_in_threadpool(self.repository.set_turn_mail, account.id, on)
        return dataclasses.replace(account, turn_mail=on)

    async def _send_link(
        self, account: AccountData, email: str, purpose: Purpose, lang: str, base: str
    ) -> None:
        token = new_token()
        lifetime = VERIFY_SECONDS if purpose == "verify" else RESET_SECONDS
        await run_in_threadpool(
            self.repository.create_mail_token,
            MailToken(hash_token(token), account.id, purpose, email, self.clock() + lifetime),
        )
        subject, body = MAILS[purpose]["fr" if lang == "fr" else "en"]
        link = f"{base.rstrip('/')}/{purpose}?token={token}"
        try:
            await run_in_threadpool(
                self.mailer.send, email, subject, body.format(name=account.name, link=link)
            )
        except (OSError, smtplib.SMTPException) as error:
            log.error("could not send the %s mail: %s", purpose, error)
            raise RequestRefused(
                503, "mail_failed", "the mail could not be sent: try again later"
            ) from None

    async def _check_password(self, account: AccountData | None, password: str) -> None:
        stored = account.password_hash if account else self._stand_in
        valid = await run_in_threadpool(self.hasher.verify, password, stored)
        if account is None or not valid:
            raise RequestRefused(401, "bad_credentials", WRONG_CREDENTIALS)

    async def _new_session(self, account: AccountData) -> SignedIn:
        session_id = new_token()
        now = self.clock()
        session = SessionData(
            id_hash=session_hash(self._secret_key, session_id),
            account_id=account.id,
            csrf=new_token(),
            created_at=now,
            expires_at=now + self.session_seconds,
        )
        await run_in_threadpool(self.repository.create_session, session)
        return SignedIn(session_id, session, account)
