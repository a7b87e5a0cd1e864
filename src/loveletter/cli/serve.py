"""``loveletter serve``: the web server (tables online, bots, history)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .common import fail, usage_error

if TYPE_CHECKING:
    from ..server.policies import PolicyLevel


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
    request_timeout: Annotated[
        float | None,
        typer.Option(
            "--request-timeout",
            help="Seconds a client has to send a whole HTTP request (default 10).",
            min=0.1,
        ),
    ] = None,
    max_body_bytes: Annotated[
        int | None,
        typer.Option(
            "--max-body-bytes", help="The largest HTTP request body (default 16384).", min=0
        ),
    ] = None,
    create_rate: Annotated[
        float | None,
        typer.Option(
            "--create-rate",
            help="Tables one address may create per second, after the burst (default 0.5).",
            min=0,
        ),
    ] = None,
    create_burst: Annotated[
        int | None,
        typer.Option(
            "--create-burst", help="Tables one address may create at once (default 20).", min=1
        ),
    ] = None,
    signin_rate: Annotated[
        float | None,
        typer.Option(
            "--signin-rate",
            help="Attempts to sign in or up per second from one address, or to sign in to"
            " one account, after the burst (default 0.2).",
            min=0,
        ),
    ] = None,
    signin_burst: Annotated[
        int | None,
        typer.Option(
            "--signin-burst",
            help="Attempts to sign in or up at once from one address, or to one account"
            " (default 10).",
            min=1,
        ),
    ] = None,
    max_connections: Annotated[
        int | None,
        typer.Option(
            "--max-connections",
            help="WebSocket connections one address may hold at once (default 100; 0: any).",
            min=0,
        ),
    ] = None,
    max_idle_tables: Annotated[
        int | None,
        typer.Option(
            "--max-idle-tables",
            help="Tables kept in memory that no client here watches (default 1000).",
            min=0,
        ),
    ] = None,
    trusted_proxies: Annotated[
        str | None,
        typer.Option(
            "--trusted-proxies",
            help="Addresses whose X-Forwarded-For is believed, comma-separated"
            " (default 127.0.0.1; '' for none, '*' for any).",
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            help="The address others use to reach this server (behind a proxy), such as"
            " https://cards.example.org; invitation links start with it.",
        ),
    ] = None,
    smtp: Annotated[
        str | None,
        typer.Option(
            "--smtp",
            help="The SMTP server that sends the accounts' mail (address checks, password"
            " resets): smtp://HOST:25, smtp+starttls://USER@HOST:587 or smtps://USER@HOST:465;"
            " the password in LOVELETTER_SMTP_PASSWORD. Without it, no mail is sent.",
        ),
    ] = None,
    mail_from: Annotated[
        str | None,
        typer.Option(
            "--mail-from", help="The mail's sender (default: Love Letter <loveletter@localhost>)."
        ),
    ] = None,
    policy: Annotated[
        list[str] | None,
        typer.Option(
            "--policy",
            help="A trained policy offered as a bot level for the table it fits, as"
            " NAME=FILE.npz (docs/rl.md); repeat for several.",
        ),
    ] = None,
) -> None:
    """Serve the web game: create a table, share its link, play with friends and bots.

    With --host 0.0.0.0, friends on other machines of your network join with the
    addresses printed at start."""
    from sqlalchemy.exc import ArgumentError

    from ..server.addresses import is_loopback, reachable_urls
    from ..server.mail import check_smtp_url
    from ..server.repository import prepare_store
    from ..server.run import bind, exit_on_sigterm, make_server
    from ..server.settings import Settings, default_db_url
    from ..tables import StorageError

    given: dict[str, Any] = {
        "bot_workers": bot_workers,
        "request_timeout": request_timeout,
        "max_body_bytes": max_body_bytes,
        "create_rate": create_rate,
        "create_burst": create_burst,
        "signin_rate": signin_rate,
        "signin_burst": signin_burst,
        "max_connections": max_connections,
        "max_idle_tables": max_idle_tables,
        "trusted_proxies": trusted_proxies,
        "smtp_url": smtp,
        "mail_from": mail_from,
    }
    if smtp is not None:
        try:
            check_smtp_url(smtp)
        except ValueError as error:
            usage_error(f"bad --smtp URL: {error}")
    if public_url is not None and not public_url.startswith(("http://", "https://")):
        usage_error(f"--public-url must start with http:// or https://, not {public_url!r}")
    policies = read_policies(policy or [])
    settings = Settings(
        db_url=db or default_db_url(),
        redis_url=redis,
        bot_delay=bot_delay,
        round_pause=round_pause,
        listen_host=host,
        public_url=public_url,
        policies=policies,
        collect_interval=0.2,  # young collections five times a second (server.collector)
        **{name: value for name, value in given.items() if value is not None},
    )
    try:
        prepare_store(settings.db_url)
        server = make_server(settings, log_level=log_level)
    except ImportError as error:
        fail(f"{error}: install the extra it needs, loveletter[postgres] or loveletter[redis]")
    except (ValueError, ArgumentError) as error:
        usage_error(f"bad --db or --redis URL: {error}")
    except StorageError as error:
        remedy = (
            "move the file away (or restore a backup) to start afresh, or give another --db"
            if settings.db_url.startswith("sqlite")
            else "check that the database server runs and that --db names it"
        )
        fail(f"cannot use {error}: {remedy}")
    except OSError as error:
        fail(f"cannot use the database {settings.db_url}: {error.strerror or error}")
    try:
        sock = bind(host, port)
    except OSError as error:
        fail(f"cannot listen on {host}:{port}: {error.strerror or error}")
    actual = sock.getsockname()[1]
    urls = reachable_urls(host, actual)
    print(f"Love Letter server on {urls[0]} (database: {settings.db_url})", flush=True)
    if is_loopback(host):
        print("Only this computer can join; for friends on other machines: --host 0.0.0.0")
    else:
        for url in urls[1:] if public_url is None else urls:
            print(f"Also reachable at {url}")
        if public_url is not None:
            print(f"Invitation links use {public_url}")
    for level in policies:
        table = f"{level.edition}, {level.players} players"
        print(f"Bot level {level.name}: the policy {level.path} ({table})")
    sys.stdout.flush()
    exit_on_sigterm()
    server.run(sockets=[sock])


def read_policies(options: list[str]) -> tuple[PolicyLevel, ...]:
    """The policy levels of the ``--policy`` options; a usage error for a bad one."""
    from ..server.policies import PolicyError, read_policy_option

    levels: list[PolicyLevel] = []
    for option in options:
        try:
            levels.append(read_policy_option(option, [level.name for level in levels]))
        except PolicyError as error:
            usage_error(str(error))
    return tuple(levels)
