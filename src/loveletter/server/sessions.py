"""Who a request comes from: the session in its cookie, and the checks of a request
that changes something with it (docs/protocol.md, "Accounts").

A session lives in the ``ll_session`` cookie. A request that changes something with
it must carry the session's token in ``X-CSRF-Token`` (the page reads it from
``GET /api/account``), and any request that says where it comes from (``Origin``)
must come from this server; a WebSocket from another site is not signed in.
"""

from __future__ import annotations

import hmac
from urllib.parse import urlsplit

from fastapi import Request
from starlette.requests import HTTPConnection

from ..tables import AccountData, SessionData
from .accounts import AccountService
from .refusals import RequestRefused
from .settings import Settings

SESSION_COOKIE = "ll_session"
CSRF_HEADER = "X-CSRF-Token"


class Sessions:
    """Who a request comes from: its session, read from the cookie, and the checks of
    a request that changes something with it."""

    def __init__(self, accounts: AccountService, settings: Settings) -> None:
        self.accounts = accounts
        self.public_url = settings.public_url

    def own_site(self, connection: HTTPConnection) -> bool:
        """Whether the request (or WebSocket) comes from this server's pages, or says
        nothing of where it comes from (no browser leaves ``Origin`` out of a
        cross-site request that changes something, or of a WebSocket)."""
        origin = connection.headers.get("origin")
        if origin is None:
            return True
        scheme = {"ws": "http", "wss": "https"}.get(connection.url.scheme, connection.url.scheme)
        own = {f"{scheme}://{connection.headers.get('host', '')}"}
        if self.public_url:
            public = urlsplit(self.public_url)
            own.add(f"{public.scheme}://{public.netloc}")
        return origin in own

    def same_origin(self, request: HTTPConnection) -> None:
        """403 ``cross_site`` for a request from another site."""
        if not self.own_site(request):
            raise RequestRefused(403, "cross_site", "this request comes from another site")

    async def current(self, connection: HTTPConnection) -> tuple[SessionData, AccountData] | None:
        """The session of the request's cookie and its account, if any (none from
        another site: its cookie is not its own to use)."""
        session_id = connection.cookies.get(SESSION_COOKIE)
        if not session_id or not self.own_site(connection):
            return None
        return await self.accounts.current(session_id)

    async def acting(self, request: Request) -> AccountData | None:
        """The account a request acts for: none without a session, else the checks of
        a changing request."""
        found = await self.current(request)  # from this site, or None
        if found is None:
            return None
        session, account = found
        _check_token(request, session)
        return account

    async def signed_in(self, request: Request) -> tuple[SessionData, AccountData]:
        """The session and account; 401 ``not_signed_in`` without one."""
        found = await self.current(request)
        if found is None:
            raise RequestRefused(401, "not_signed_in", "sign in first")
        return found

    async def changing(self, request: Request) -> tuple[SessionData, AccountData]:
        """The session and account of a request that changes something: from this
        site, with the session's token in ``X-CSRF-Token``."""
        self.same_origin(request)
        session, account = await self.signed_in(request)
        _check_token(request, session)
        return session, account


def _check_token(request: Request, session: SessionData) -> None:
    """403 ``bad_csrf`` unless the request carries the session's token."""
    if not hmac.compare_digest(request.headers.get(CSRF_HEADER, ""), session.csrf):
        raise RequestRefused(403, "bad_csrf", f"this request lacks the {CSRF_HEADER} header")
