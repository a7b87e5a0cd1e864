"""The HTTP API: tables, seats, the host's commands and the history of finished games.

Each route only turns a request into a service command and its result into an
answer model; errors come back as ``{"error": {"code", "message"}}`` with a fitting
status.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from .. import __version__
from ..tables import GameSummary, Lang
from .catalogue import EditionInfo, editions
from .connections import ConnectionManager
from .protocol import (
    CreateTable,
    ErrorResponse,
    GameInfo,
    HostCommand,
    Joined,
    JoinTable,
    TableCreated,
    TableInfo,
    table_info,
)
from .replay import Replay
from .service import TableService

LangQuery = Annotated[Lang, Query(description="The language of names and texts.")]

_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorResponse} for status in (403, 404, 409, 422)
}


def api_router(service: TableService, manager: ConnectionManager) -> APIRouter:
    """The routes under ``/api``."""
    router = APIRouter(prefix="/api", responses=_ERRORS)

    @router.post("/tables", status_code=201, tags=["tables"])
    async def create_table(spec: CreateTable, request: Request) -> TableCreated:
        """Create a table; share ``invite_url``, keep ``host_token`` to start the game."""
        state, host_token = await service.create(spec.to_spec())
        base = str(request.base_url)
        ws_base = "ws" + base[4:] if base.startswith("http") else base
        return TableCreated(
            table=state.id,
            host_token=host_token,
            invite_url=f"{base}t/{state.id}",
            ws_url=f"{ws_base}ws",
        )

    @router.get("/tables/{table_id}", tags=["tables"])
    async def get_table(table_id: str) -> TableInfo:
        """A table as everyone sees it: seats, names, status."""
        return table_info(await service.get(table_id))

    @router.post("/tables/{table_id}/join", tags=["tables"])
    async def join_table(table_id: str, body: JoinTable) -> Joined:
        """Take a free seat; the token in the answer is the seat's only key."""
        seat, token = await service.join(table_id, body.name, body.seat)
        return Joined(table=table_id, seat=seat, token=token)

    @router.post("/tables/{table_id}/start", tags=["tables"])
    async def start_game(table_id: str, body: HostCommand) -> TableInfo:
        """The host starts the game; bots take the seats still open."""
        state = await service.start(table_id, body.host_token, rematch=False)
        return table_info(state)

    @router.post("/tables/{table_id}/rematch", tags=["tables"])
    async def rematch(table_id: str, body: HostCommand) -> TableInfo:
        """The host starts a new game with the same seats, once the game is over."""
        state = await service.start(table_id, body.host_token, rematch=True)
        return table_info(state)

    @router.get("/tables/{table_id}/games", tags=["history"])
    async def table_games(table_id: str) -> list[GameInfo]:
        """Every game of a table; finished ones link to their record."""
        return [_game_info(game) for game in await service.games(table_id)]

    @router.get(
        "/tables/{table_id}/games/{number}/record",
        tags=["history"],
        response_class=JSONResponse,
        responses={200: {"description": "The game record (docs/records.md)."}},
    )
    async def game_record(table_id: str, number: int) -> JSONResponse:
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
    async def game_replay(table_id: str, number: int, lang: LangQuery = "en") -> Replay:
        """A finished game step by step, every hand shown (only once it is finished)."""
        return await service.replay(table_id, number, lang)

    @router.get("/editions", tags=["server"], response_model=None)
    async def edition_list(lang: LangQuery = "en") -> list[EditionInfo]:
        """Every edition: its decks by number of players, card names and effects in ``lang``."""
        return editions(lang)

    @router.get("/games", tags=["history"])
    async def finished_games(
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
        offset: Annotated[int, Query(ge=0)] = 0,
    ) -> list[GameInfo]:
        """Finished games, most recent first."""
        return [_game_info(game) for game in await service.finished_games(limit, offset)]

    @router.get("/health", tags=["server"])
    async def health() -> dict[str, Any]:
        """The server answers; how many clients this process holds."""
        return {"status": "ok", "version": __version__, "clients": manager.count}

    return router


def _game_info(game: GameSummary) -> GameInfo:
    record = None
    if game.status == "finished":
        record = f"/api/tables/{game.table_id}/games/{game.number}/record"
    return GameInfo(
        table=game.table_id,
        number=game.number,
        edition=game.edition,
        players=list(game.players),
        status=game.status,
        winners=list(game.winners) if game.winners is not None else None,
        created_at=game.created_at,
        finished_at=game.finished_at,
        record=record,
    )
