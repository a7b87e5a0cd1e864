"""``loveletter serve``: the web server (tables online, bots, history)."""

from __future__ import annotations

from typing import Annotated

import typer

from .common import fail


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", help="Port to listen on (0: any free port).", min=0, max=65535)
    ] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="SQLAlchemy URL of the database (default: a SQLite file in your data folder);"
            " 'memory' stores nothing.",
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option("--redis", help="Redis URL: fan out to other server processes."),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option("--bot-delay", help="A bot's usual thinking time, seconds.", min=0)
    ] = 1.0,
    round_pause: Annotated[
        float, typer.Option("--round-pause", help="Pause between rounds, seconds.", min=0)
    ] = 5.0,
    bot_workers: Annotated[
        int | None,
        typer.Option("--bot-workers", help="Processes for bot decisions.", min=1),
    ] = None,
    log_level: Annotated[
        str, typer.Option("--log-level", help="critical, error, warning, info or debug.")
    ] = "info",
) -> None:
    """Serve the web game: create a table, share its link, play with friends and bots."""
    from sqlalchemy.exc import ArgumentError

    from ..server.run import bind, make_server, tune_gc
    from ..server.settings import Settings, default_db_url

    settings = Settings(
        db_url=db or default_db_url(),
        redis_url=redis,
        bot_delay=bot_delay,
        round_pause=round_pause,
        **({"bot_workers": bot_workers} if bot_workers else {}),
    )
    try:
        server = make_server(settings, log_level=log_level)
    except ImportError as error:
        fail(f"{error}: install the extra it needs, loveletter[postgres] or loveletter[redis]")
    except (ValueError, ArgumentError) as error:
        fail(f"bad --db or --redis URL: {error}")
    try:
        sock = bind(host, port)
    except OSError as error:
        fail(f"cannot listen on {host}:{port}: {error.strerror or error}")
    address, actual = sock.getsockname()[:2]
    shown = f"[{address}]" if ":" in address else address
    url = f"http://{shown}:{actual}"
    print(f"Love Letter server on {url} (database: {settings.db_url})", flush=True)
    tune_gc()
    server.run(sockets=[sock])
