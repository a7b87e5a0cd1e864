"""The application factory: one place wires storage, hub, service, bots and routes."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, WebSocket
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from .. import __version__
from ..tables import StorageError
from .account_routes import account_router, player_router
from .accounts import AccountService
from .addresses import LinkBase
from .autoplay import BotPool, Pacer, sweep_forever
from .collector import Collector
from .connections import ConnectionManager
from .http import api_router
from .hub import make_hub
from .lessons import lesson_router
from .mail import Mailer
from .players import PlayerService
from .ratelimit import Occupancy
from .refusals import install_refusals
from .repository import MEMORY, make_repository
from .service import TableService
from .sessions import Sessions
from .settings import Settings
from .turns import TurnMails
from .websocket import SocketClient, refuse_connection

STATIC = Path(__file__).parent / "static"

log = logging.getLogger(__name__)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The Love Letter server as an ASGI app (serve it with uvicorn)."""
    settings = settings or Settings()
    if settings.db_url == MEMORY and settings.redis_url:
        raise ValueError("tables kept in memory cannot be shared with other processes")
    hub = make_hub(settings.redis_url)
    repository = make_repository(settings.db_url)
    service = TableService(repository, hub, max_idle=settings.max_idle_tables, clock=settings.clock)
    mailer = Mailer(settings.smtp_url, settings.mail_from)
    accounts = AccountService(
        repository, secret_key=settings.secret_key, mailer=mailer, clock=settings.clock.now
    )
    sessions = Sessions(accounts, settings)
    manager = ConnectionManager(service)
    pool = BotPool(settings.bot_workers, settings.policies)
    link_base = LinkBase(settings.public_url)
    pacer = Pacer(service, pool, settings, TurnMails(service, mailer, link_base))
    service.on_commit.append(pacer.poke)
    occupancy = Occupancy(settings.max_connections)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        collector = (
            Collector(settings.collect_interval, load=lambda: service.held + occupancy.connections)
            if settings.collect_interval
            else None
        )
        if collector is not None:
            collector.start()  # before the tables in play are rebuilt: they are load
        failed = False
        try:
            await hub.start(manager.deliver, manager.catch_up)
            for state in await service.open(only_process=hub.only_process):
                pacer.poke(state)
        except StorageError as error:  # told in one line by whoever stops the server
            if not hasattr(app.state, "stop"):
                raise
            app.state.startup_error, failed = error, True
            app.state.stop()
        except BaseException:
            if collector is not None:
                await collector.stop()
            raise
        sweeper = None
        if not failed:
            sweep = sweep_forever(service, pacer, manager.local_seats, settings)
            sweeper = asyncio.create_task(sweep)
        try:
            yield
        finally:
            if sweeper is not None:
                sweeper.cancel()
                await asyncio.gather(sweeper, return_exceptions=True)
            await pacer.close()
            await hub.close()
            pool.close()
            service.close()
            if collector is not None:
                await collector.stop()

    app = FastAPI(
        title="Love Letter server",
        version=__version__,
        summary="Tables online: create, invite, play over a WebSocket (docs/protocol.md).",
        lifespan=lifespan,
    )
    app.state.service = service  # for tests and tools that look inside a running server
    install_refusals(app, settings.max_body_bytes)
    app.include_router(api_router(service, manager, settings, sessions, link_base))
    app.include_router(account_router(sessions, settings))
    app.include_router(player_router(PlayerService(repository), settings))
    app.include_router(lesson_router())

    @app.websocket("/ws")
    async def play(websocket: WebSocket) -> None:
        """One client: see docs/protocol.md."""
        address = websocket.client.host if websocket.client else ""
        if not occupancy.enter(address):
            await refuse_connection(websocket, settings.max_connections)
            return
        link_base.saw(websocket)
        try:
            await SocketClient(websocket, service, manager, settings, sessions).run()
        finally:
            occupancy.leave(address)

    @app.get("/", include_in_schema=False)
    @app.get("/t/{table_id}", include_in_schema=False)
    @app.get("/w/{table_id}", include_in_schema=False)
    @app.get("/r/{table_id}/{number}", include_in_schema=False)
    @app.get("/rules", include_in_schema=False)
    @app.get("/p/{account_id}", include_in_schema=False)
    @app.get("/leaderboard", include_in_schema=False)
    @app.get("/verify", include_in_schema=False)
    @app.get("/reset", include_in_schema=False)
    @app.get("/lobby", include_in_schema=False)
    @app.get("/games", include_in_schema=False)
    @app.get("/learn", include_in_schema=False)
    async def index() -> FileResponse:
        """The browser UI: one page; its script shows the home, a table, or a replay."""
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
