"""The accounts' HTTP API: ``/api/account`` and ``/api/session``, and the players'
pages' ``/api/players`` and ``/api/leaderboard`` (docs/protocol.md).

The session's cookie is ``HttpOnly``, ``SameSite=Lax``, ``Secure`` when the public
URL is https, with a new id at each sign-in; the checks of the requests that use it
are in :mod:`.sessions`.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from fastapi import Path as PathParam
from fastapi.responses import StreamingResponse
from pydantic import Field

from ..tables import AccountData, Lang, SessionData, name_key
from .accounts import SignedIn
from .players import PlayerService
from .protocol import LARGEST, URL_SAFE, DisplayName, ErrorResponse, Incoming, Model, Token
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


#: An e-mail address, as far as a form can tell (the mail sent there tells the rest).
EmailAddress = Annotated[
    str, Field(min_length=3, max_length=254, pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
]


class EmailChange(Incoming):
    """The account's new address (null: none), and the language of the mail sent there."""

    email: EmailAddress | None
    lang: Lang = "en"


class LinkToken(Incoming):
    """The token of a link sent by mail."""

    token: Token


class ForgottenPassword(Incoming):
    """The account whose password is forgotten, and the language of the mail."""

    name: DisplayName
    lang: Lang = "en"


class PasswordReset(Incoming):
    """A link's token and the new password."""

    token: Token
    new_password: Password


class AccountInfo(Model):
    """The signed-in account, and the token its changing requests carry; its address
    (only ever shown to itself), whether it is verified, whether this server sends
    mail at all, and whether the account is mailed when it is its turn."""

    id: str
    name: str
    csrf: str
    email: str | None
    email_verified: bool
    mail: bool
    turn_mail: bool


class Notifications(Incoming):
    """Whether to be mailed when it is your turn at a turn-based table."""

    turn_mail: bool


class SessionInfo(Model):
    """The signed-in account of the request's session, or null."""

    account: AccountInfo | None


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

    def info(session: SessionData, account: AccountData) -> AccountInfo:
        """What the page is told of the signed-in account."""
        return AccountInfo(
            id=account.id,
            name=account.name,
            csrf=session.csrf,
            email=account.email,
            email_verified=account.email_verified,
            mail=accounts.mailer.enabled,
            turn_mail=account.turn_mail,
        )

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

    @router.get("/session")
    async def current_session(request: Request) -> SessionInfo:
        """Who is signed in: the account, or null (not an error: a page asks on load)."""
        found = await sessions.current(request)
        return SessionInfo(account=info(*found) if found else None)

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

    def base(request: Request) -> str:
        return settings.public_url or str(request.base_url)

    @router.post("/account/email", status_code=204, responses={503: {"model": ErrorResponse}})
    async def change_email(body: EmailChange, request: Request) -> None:
        """Give the account an address (null: none); a link to verify it is sent there
        (503 ``mail_off`` when this server sends no mail)."""
        _, account = await changing(request)
        limit(request, account.name)
        await accounts.set_email(account, body.email, body.lang, base(request))

    @router.post("/account/notifications")
    async def change_notifications(body: Notifications, request: Request) -> AccountInfo:
        """Whether to be mailed when it is your turn at a turn-based table."""
        session, account = await changing(request)
        return info(session, await accounts.set_turn_mail(account, body.turn_mail))

    @router.post("/account/email/verify", status_code=204)
    async def verify_email(body: LinkToken, request: Request) -> None:
        """The address is the account's: the link's token says so (any browser)."""
        same_origin(request)
        limit(request)
        await accounts.verify_email(body.token)

    @router.post(
        "/password/forgot",
        status_code=202,
        response_class=Response,
        responses={
            202: {"description": "Sent, if the account has a verified address."},
            503: {"model": ErrorResponse},
        },
    )
    async def forgot_password(body: ForgottenPassword, request: Request) -> Response:
        """Send a link to choose a new password to the account's verified address, if
        it has one (the answer is the same, and empty, either way)."""
        same_origin(request)
        limit(request, body.name)
        await accounts.forgot_password(body.name, body.lang, base(request))
        return Response(status_code=202)

    @router.post("/password/reset", status_code=204)
    async def reset_password(body: PasswordReset, request: Request) -> None:
        """Choose a new password with a link's token; every session of the account ends."""
        same_origin(request)
        limit(request)
        await accounts.reset_password(body.token, body.new_password)

    @router.post("/account/delete", status_code=204)
    async def delete_account(body: PasswordProof, request: Request, response: Response) -> None:
        """Delete the account (its password is asked again); its sessions end."""
        _, account = await changing(request)
        limit(request, account.name)
        await accounts.delete(account, body.password)
        response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")

    return router


AccountIdPath = Annotated[
    str, PathParam(min_length=4, max_length=24, pattern=URL_SAFE, description="An account's id.")
]
Family = Literal["classic", "2019", "premium"]


def player_router(players: PlayerService, settings: Settings) -> APIRouter:
    """The players' profiles, histories and the leaderboards, under ``/api``."""
    router = APIRouter(
        prefix="/api",
        tags=["players"],
        responses={status: {"model": ErrorResponse} for status in (404, 422)},
        route_class=StrictJSONRoute,
    )

    @router.get("/players/{account_id}", response_model=None)
    async def profile(account_id: AccountIdPath) -> dict[str, Any]:
        """A player's profile: games by edition, ratings and their history, cards."""
        return await players.profile(account_id)

    @router.get("/players/{account_id}/games", response_model=None)
    async def player_games(
        account_id: AccountIdPath,
        limit: Annotated[int, Query(ge=1, le=200)] = 20,
        offset: Annotated[int, Query(ge=0, le=LARGEST)] = 0,
    ) -> list[dict[str, Any]]:
        """A page of a player's finished games, most recent first."""
        return await players.games(account_id, limit, offset)

    @router.get(
        "/players/{account_id}/records",
        response_class=StreamingResponse,
        responses={200: {"description": "Every finished game's record, as a JSON array."}},
    )
    async def player_records(account_id: AccountIdPath) -> StreamingResponse:
        """Every finished game's record of a player (docs/records.md), as one download."""
        await players.check(account_id)
        return StreamingResponse(
            players.records(account_id),
            media_type="application/json",
            headers={"Content-Disposition": 'attachment; filename="loveletter-games.json"'},
        )

    @router.get("/leaderboard/{family}", response_model=None)
    async def leaderboard(
        family: Family,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
        offset: Annotated[int, Query(ge=0, le=LARGEST)] = 0,
    ) -> dict[str, Any]:
        """The best ratings of a family of editions, among the players with at least
        ``leaderboard_min_games`` rated games."""
        return await players.leaderboard(family, settings.leaderboard_min_games, limit, offset)

    @router.get("/tables/{table_id}/games/{number}/ratings", response_model=None)
    async def game_ratings(
        table_id: Annotated[str, PathParam(min_length=4, max_length=24, pattern=URL_SAFE)],
        number: Annotated[int, PathParam(ge=1, le=LARGEST)],
    ) -> list[dict[str, Any]]:
        """The signed-in players' ratings before and after a finished game."""
        return await players.game_ratings(table_id, number)

    return router
