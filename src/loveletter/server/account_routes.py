"""The accounts' HTTP API: ``/api/account`` and ``/api/session`` (docs/protocol.md).

The session's cookie is ``HttpOnly``, ``SameSite=Lax``, ``Secure`` when the public
URL is https, with a new id at each sign-in; the checks of the requests that use it
are in :mod:`.sessions`.
"""

from __future__ import annotations

import math
from typing import Annotated

from fastapi import APIRouter, Request, Response
from pydantic import Field

from ..tables import AccountData, SessionData, name_key
from .accounts import SignedIn
from .protocol import DisplayName, ErrorResponse, Incoming, Model
from .ratelimit import KeyedBuckets
from .refusals import RequestRefused
from .routing import StrictJSONRoute
from .sessions import SESSION_COOKIE, Sessions
from .settings import Settings

#: A password: 8 to 256 characters (any, but no control character).
Password = Annotated[str, Field(min_length=8, max_length=256)]


class Credentials(Incoming):
    """A name and a password: to sign up or to sign in."""

    name: DisplayName
    password: Password


class PasswordChange(Incoming):
    """The current password and the new one."""

    password: Password
    new_password: Password


class PasswordProof(Incoming):
    """The current password, which deleting the account asks for."""

    password: Password


class AccountInfo(Model):
    """The signed-in account, and the token its changing requests carry."""

    id: str
    name: str
    csrf: str


def account_router(sessions: Sessions, settings: Settings) -> APIRouter:
    """The routes of accounts and sessions, under ``/api``."""
    router = APIRouter(
        prefix="/api",
        tags=["accounts"],
        responses={status: {"model": ErrorResponse} for status in (401, 403, 409, 422, 429)},
        route_class=StrictJSONRoute,
    )
    accounts = sessions.accounts
    by_address = KeyedBuckets(settings.signin_rate, settings.signin_burst)
    by_name = KeyedBuckets(settings.signin_rate, settings.signin_burst)
    secure = (settings.public_url or "").startswith("https://")
    same_origin, signed_in, changing = sessions.same_origin, sessions.signed_in, sessions.changing

    def limit(request: Request, name: str | None = None) -> None:
        keys = [(by_address, request.client.host if request.client else "")]
        if name is not None:
            keys.append((by_name, name_key(name)))
        for buckets, key in keys:
            wait = buckets.take(key)
            if wait is not None:
                retry = {"Retry-After": str(math.ceil(wait))} if math.isfinite(wait) else None
                message = "too many attempts: try again in a moment"
                raise RequestRefused(429, "rate_limited", message, retry)

    def open_session(response: Response, signed: SignedIn) -> AccountInfo:
        response.set_cookie(
            SESSION_COOKIE,
            signed.session_id,
            max_age=int(accounts.session_seconds),
            path="/",
            httponly=True,
            samesite="lax",
            secure=secure,
        )
        return info(signed.session, signed.account)

    @router.post("/account", status_code=201)
    async def sign_up(body: Credentials, request: Request, response: Response) -> AccountInfo:
        """Make an account and sign in with it."""
        same_origin(request)
        limit(request)
        return open_session(response, await accounts.sign_up(body.name, body.password))

    @router.post("/session")
    async def sign_in(body: Credentials, request: Request, response: Response) -> AccountInfo:
        """Sign in: a new session (its id in the cookie)."""
        same_origin(request)
        limit(request, body.name)
        return open_session(response, await accounts.sign_in(body.name, body.password))

    @router.get("/account")
    async def current_account(request: Request) -> AccountInfo:
        """The signed-in account (401 ``not_signed_in`` without a session)."""
        return info(*await signed_in(request))

    @router.delete("/session", status_code=204)
    async def sign_out(request: Request, response: Response) -> None:
        """End this session."""
        session, _ = await changing(request)
        await accounts.sign_out(session)
        response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")

    @router.post("/account/password", status_code=204)
    async def change_password(body: PasswordChange, request: Request) -> None:
        """Change the password; every other session of the account ends."""
        session, account = await changing(request)
        limit(request, account.name)
        await accounts.change_password(session, account, body.password, body.new_password)

    @router.post("/account/delete", status_code=204)
    async def delete_account(body: PasswordProof, request: Request, response: Response) -> None:
        """Delete the account (its password is asked again); its sessions end."""
        _, account = await changing(request)
        limit(request, account.name)
        await accounts.delete(account, body.password)
        response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")

    return router


def info(session: SessionData, account: AccountData) -> AccountInfo:
    """What the page is told of the signed-in account."""
    return AccountInfo(id=account.id, name=account.name, csrf=session.csrf)
