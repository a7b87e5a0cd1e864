"""Accounts: sign up, sign in and out, change the password, delete the account.

Passwords are hashed with argon2 (pwdlib's recommended hasher), in a worker thread:
a hash takes a tenth of a second of one core. A session is a random id in a cookie;
the store keeps only its hash, with the token that the session's changing requests
carry against cross-site requests. An unknown name is answered as a wrong password
is, after the same work (a hash checked against a stand-in).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from pwdlib import PasswordHash
from starlette.concurrency import run_in_threadpool

from ..tables import AccountData, SessionData, name_key
from .refusals import RequestRefused
from .repository import AccountRepository
from .tokens import hash_token, new_token

#: How long a session lasts without signing in again (30 days).
SESSION_SECONDS = 30 * 24 * 3600.0

WRONG_CREDENTIALS = "wrong name or password"


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A new session: the id the cookie holds (never stored) and what is stored."""

    session_id: str
    session: SessionData
    account: AccountData


class AccountService:
    """The accounts' commands over a repository; the clock is injectable for tests."""

    def __init__(
        self,
        repository: AccountRepository,
        *,
        session_seconds: float = SESSION_SECONDS,
        clock: Callable[[], float] = time.time,
        hasher: PasswordHash | None = None,
    ) -> None:
        self.repository = repository
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
            self.repository.session, hash_token(session_id), self.clock()
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

    async def _check_password(self, account: AccountData | None, password: str) -> None:
        stored = account.password_hash if account else self._stand_in
        valid = await run_in_threadpool(self.hasher.verify, password, stored)
        if account is None or not valid:
            raise RequestRefused(401, "bad_credentials", WRONG_CREDENTIALS)

    async def _new_session(self, account: AccountData) -> SignedIn:
        session_id = new_token()
        now = self.clock()
        session = SessionData(
            id_hash=hash_token(session_id),
            account_id=account.id,
            csrf=new_token(),
            created_at=now,
            expires_at=now + self.session_seconds,
        )
        await run_in_threadpool(self.repository.create_session, session)
        return SignedIn(session_id, session, account)
