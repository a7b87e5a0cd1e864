"""The HTTP API: tables, seats, the host's commands and the history of finished games.

Each route only turns a request into a service command and its result into an
answer model; errors come back as ``{"error": {"code", "message"}}`` with a fitting
status (:mod:`.refusals`). Bodies are read by the server's strict JSON decoder
(:class:`StrictJSONRoute`); path and query parameters are bounded.
"""

from __future__ import annotations

import math
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request, Response
from fastapi.responses import JSONResponse

from .. import __version__
from ..tables import AccountData, Lang, LobbyQuery
from .addresses import LinkBase, Links, links
from .catalogue import EditionInfo, editions
from .connections import ConnectionManager
from .messages import account_table, game_info, lobby_table, table_info
from .policies import LevelsInfo, level_refusal, levels_info
from .protocol import (
    BOT_LEVELS,
    LARGEST,
    LONGEST_TURN,
    URL_SAFE,
    AccountTables,
    Claimed,
    ClaimSeat,
    CreateTable,
    Edition,
    ErrorResponse,
    GameInfo,
    Health,
    HostCommand,
    Joined,
    JoinTable,
    LinksInfo,
    LobbyInfo,
    Matched,
    QuickMatch,
    TableCreated,
    TableInfo,
)
from .ratelimit import KeyedBuckets
from .refusals import RequestRefused
from .routing import StrictJSONRoute
from .service import TableService
from .sessions import Sessions
from .settings import Settings

LangQuery = Annotated[Lang, Query(description="The language of names and texts.")]
TableIdPath = Annotated[
    str, Path(min_length=4, max_length=24, pattern=URL_SAFE, description="A table id.")
]
GameNumber = Annotated[int, Path(ge=1, le=LARGEST, description="A game of the table, from 1.")]

_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorResponse} for status in (400, 403, 404, 409, 413, 422, 503)
}


def api_router(
    service: TableService,
    manager: ConnectionManager,
    settings: Settings,
    sessions: Sessions,
    link_base: LinkBase,
) -> APIRouter:
    """The routes under ``/api``."""
    router = APIRouter(prefix="/api", responses=_ERRORS, route_class=StrictJSONRoute)
    by_address = KeyedBuckets(settings.create_rate, settings.create_burst)
    by_account = KeyedBuckets(settings.create_rate, settings.create_burst)

    def limit_creations(request: Request, account: AccountData | None) -> None:
        """Refuse a table's creation beyond the address's budget, or the account's."""
        keys = [(by_address, request.client.host if request.client else "")]
        if account is not None:
            keys.append((by_account, account.id))
        for buckets, key in keys:
            wait = buckets.take(key)
            if wait is not None:  # (never refilled when create_rate is 0)
                retry = {"Retry-After": str(math.ceil(wait))} if math.isfinite(wait) else None
                message = "too many tables created from your address: try again later"
                raise RequestRefused(429, "rate_limited", message, retry)

    def reach(request: Request) -> Links:
        port = request.url.port or (443 if request.url.scheme == "https" else 80)
        return links(settings.listen_host, port, settings.public_url)

    @router.post(
        "/tables", status_code=201, tags=["tables"], responses={429: {"model": ErrorResponse}}
    )
    async def create_table(spec: CreateTable, request: Request) -> TableCreated:
        """Create a table; share ``invite_url``, keep ``host_token`` to start the game."""
        found = await sessions.current(request)
        limit_creations(request, found[1] if found else None)
        link_base.saw(request)
        refused = level_refusal(spec.levels(), spec.edition, len(spec.seats), settings.policies)
        if refused is not None:
            raise RequestRefused(422, refused.code, refused.message)
        state, host_token = await service.create(spec.to_spec())
        base = reach(request).base
        base = f"{base}/" if base else str(request.base_url)
        ws_base = "ws" + base[4:] if base.startswith("http") else base
        return TableCreated(
            table=state.id,
            host_token=host_token,
            invite_url=f"{base}t/{state.id}",
            ws_url=f"{ws_base}ws",
        )

    @router.get("/tables/{table_id}", tags=["tables"])
    async def get_table(table_id: TableIdPath) -> TableInfo:
        """A table as everyone sees it: seats, names, status."""
        return table_info(await service.get(table_id))

    @router.post("/tables/{table_id}/join", tags=["tables"])
    async def join_table(table_id: TableIdPath, body: JoinTable, request: Request) -> Joined:
        """Take a free seat; the token in the answer is the seat's key. Signed in, the
        seat is the account's, under its name: played signed in on any device."""
        account = await sessions.acting(request)
        name, account_id = (account.name, account.id) if account else (body.name, None)
        seat, token = await service.join(table_id, name, body.seat, body.host_token, account_id)
        link_base.saw(request)
        return Joined(table=table_id, seat=seat, token=token)

    @router.get("/lobby", tags=["lobby"])
    async def lobby(
        edition: Annotated[Edition | None, Query()] = None,
        players: Annotated[int | None, Query(ge=2, le=8)] = None,
        turn_timer: Annotated[float | None, Query(ge=0, le=LONGEST_TURN)] = None,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
        offset: Annotated[int, Query(ge=0, le=LARGEST)] = 0,
    ) -> LobbyInfo:
        """The public tables waiting for players, newest first; a real-time table while
        a seated player is there, a turn-based one until it starts."""
        page = await service.lobby(LobbyQuery(edition, players, turn_timer), limit, offset)
        return LobbyInfo(total=page.total, tables=[lobby_table(e) for e in page.entries])

    @router.post("/quickmatch", tags=["lobby"], responses={429: {"model": ErrorResponse}})
    async def quick_match(body: QuickMatch, request: Request) -> Matched:
        """A seat at the public table of this edition, size and turn timer waiting
        longest, or at a new one whose host you are (it may then start with bots)."""
        account = await sessions.acting(request)
        if account is None and body.name is None:
            raise RequestRefused(422, "invalid_message", "a guest needs a name to sit down")
        limit_creations(request, account)
        link_base.saw(request)
        name, account_id = (account.name, account.id) if account else (body.name, None)
        assert name is not None
        matched = await service.quick_match(body.to_spec(), name, account_id)
        return Matched(
            table=matched.table,
            seat=matched.seat,
            token=matched.token,
            host_token=matched.host_token,
            created=matched.host_token is not None,
        )

    @router.get("/account/games", tags=["accounts"], responses={401: {"model": ErrorResponse}})
    async def account_tables(request: Request) -> AccountTables:
        """Your tables not finished: those where it is your turn first."""
        _, account = await sessions.signed_in(request)
        found = [
            account_table(state, account.id) for state in await service.account_tables(account.id)
        ]
        found.sort(key=lambda t: (not t.your_turn, t.deadline or math.inf))
        return AccountTables(server_time=service.clock.now(), games=found)

    @router.post("/tables/{table_id}/claim", tags=["tables"])
    async def claim_seat(table_id: TableIdPath, body: ClaimSeat, request: Request) -> Claimed:
        """Make the seat this token holds the signed-in account's (a guest who signed in
        during the game keeps their seat, then on every device)."""
        _, account = await sessions.changing(request)
        seat = await service.claim(table_id, body.token, account.id)
        return Claimed(table=table_id, seat=seat)

    @router.post("/tables/{table_id}/start", tags=["tables"])
    async def start_game(table_id: TableIdPath, body: HostCommand) -> TableInfo:
        """The host starts the game; bots take the seats still open."""
        state = await service.start(table_id, body.host_token, rematch=False, lang=body.lang)
        return table_info(state)

    @router.post("/tables/{table_id}/rematch", tags=["tables"])
    async def rematch(table_id: TableIdPath, body: HostCommand) -> TableInfo:
        """The host starts a new game with the same seats, once the game is over."""
        state = await service.start(table_id, body.host_token, rematch=True)
        return table_info(state)

    @router.get("/tables/{table_id}/games", tags=["history"])
    async def table_games(table_id: TableIdPath) -> list[GameInfo]:
        """Every game of a table; finished ones link to their record."""
        return [game_info(game) for game in await service.games(table_id)]

    @router.get(
        "/tables/{table_id}/games/{number}/record",
        tags=["history"],
        response_class=JSONResponse,
        responses={200: {"description": "The game record (docs/records.md)."}},
    )
    async def game_record(table_id: TableIdPath, number: GameNumber) -> JSONResponse:
        """A finished game's record (an unfinished game's is never given: it holds decks)."""
        record = await service.record(table_id, number)
        filename = f"loveletter-{table_id}-{number}.json"
        return JSONResponse(
            record, headers={"Content-Disposition": f'attachment; filename="{filename}"'}
        )

    @router.get(
        "/tables/{table_id}/games/{number}/replay",
        tags=["history"],
        responses={200: {"description": "The finished game's steps (docs/protocol.md)."}},
        response_model=None,  # a TypedDict: documented in docs/protocol.md, not by pydantic
    )
    async def game_replay(
        table_id: TableIdPath, number: GameNumber, lang: LangQuery = "en"
    ) -> Response:
        """A finished game step by step, every hand shown (only once it is finished)."""
        return Response(await service.replay(table_id, number, lang), media_type="application/json")

    @router.get("/editions", tags=["server"], response_model=None)
    async def edition_list(lang: LangQuery = "en") -> list[EditionInfo]:
        """Every edition: its decks by number of players, card names and effects in ``lang``."""
        return editions(lang)

    @router.get("/levels", tags=["server"], response_model=None)
    async def level_list() -> LevelsInfo:
        """The bot levels a seat may have: the built-in ones fit every table, each
        policy level (``loveletter serve --policy``) only its edition and player count."""
        return levels_info(BOT_LEVELS, settings.policies)

    @router.get("/games", tags=["history"])
    async def finished_games(
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
        offset: Annotated[int, Query(ge=0, le=LARGEST)] = 0,
    ) -> list[GameInfo]:
        """Finished games, most recent first."""
        return [game_info(game) for game in await service.finished_games(limit, offset)]

    @router.get("/links", tags=["server"])
    async def invitation_links(request: Request) -> LinksInfo:
        """Where invitation links point: ``base`` (null: the address the browser used),
        and whether they work only on the server's computer (it listens on loopback)."""
        found = reach(request)
        return LinksInfo(base=found.base, local_only=found.local_only, listen=found.listen)

    @router.get("/health", tags=["server"])
    async def health() -> Health:
        """The server answers; how many clients this process holds."""
        return Health(status="ok", version=__version__, clients=manager.count)

    return router
