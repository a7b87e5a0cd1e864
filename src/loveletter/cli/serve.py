"""``loveletter serve``: the web server (tables online, bots, history)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .common import (
    fail,
    from_command_line,
    given_as,
    known_reason,
    os_reason,
    run_language,
    tell,
    usage_error,
)

if TYPE_CHECKING:
    from ..server.policies import PolicyLevel
    from ..server.settings import Settings


def serve(
    ctx: typer.Context,
    host: Annotated[
        str, typer.Option("--host", envvar="LOVELETTER_HOST", help="Address to listen on.")
    ] = "127.0.0.1",
    port: Annotated[
        int,
        typer.Option(
            "--port",
            envvar="LOVELETTER_PORT",
            help="Port to listen on (0: any free port).",
            min=0,
            metavar="PORT",
            max=65535,
        ),
    ] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            envvar="LOVELETTER_DB",
            help="SQLAlchemy URL of the database (default: a SQLite file in your data folder);"
            " 'memory' stores nothing.",
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            "--redis",
            envvar="LOVELETTER_REDIS",
            help="Redis URL: fan out to other server processes.",
        ),
    ] = None,
    bot_delay: Annotated[
        float,
        typer.Option(
            "--bot-delay",
            envvar="LOVELETTER_BOT_DELAY",
            help="A bot's usual thinking time, seconds.",
            min=0,
            metavar="SECONDS",
        ),
    ] = 1.0,
    round_pause: Annotated[
        float,
        typer.Option(
            "--round-pause",
            envvar="LOVELETTER_ROUND_PAUSE",
            help="Pause between rounds, seconds.",
            min=0,
            metavar="SECONDS",
        ),
    ] = 5.0,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            "--bot-workers",
            envvar="LOVELETTER_BOT_WORKERS",
            help="Processes for bot decisions.",
            min=1,
            metavar="COUNT",
        ),
    ] = None,
    log_level: Annotated[
        str,
        typer.Option(
            "--log-level",
            envvar="LOVELETTER_LOG_LEVEL",
            help="critical, error, warning, info or debug.",
        ),
    ] = "info",
    request_timeout: Annotated[
        float | None,
        typer.Option(
            "--request-timeout",
            envvar="LOVELETTER_REQUEST_TIMEOUT",
            help="Seconds a client has to send a whole HTTP request (default 10).",
            min=0.1,
            metavar="SECONDS",
        ),
    ] = None,
    max_body_bytes: Annotated[
        int | None,
        typer.Option(
            "--max-body-bytes",
            envvar="LOVELETTER_MAX_BODY_BYTES",
            help="The largest HTTP request body (default 16384).",
            min=0,
            metavar="BYTES",
        ),
    ] = None,
    create_rate: Annotated[
        float | None,
        typer.Option(
            "--create-rate",
            envvar="LOVELETTER_CREATE_RATE",
            help="Tables one address may create per second, after the burst (default 0.5).",
            min=0,
            metavar="RATE",
        ),
    ] = None,
    create_burst: Annotated[
        int | None,
        typer.Option(
            "--create-burst",
            envvar="LOVELETTER_CREATE_BURST",
            help="Tables one address may create at once (default 20).",
            min=1,
            metavar="COUNT",
        ),
    ] = None,
    signin_rate: Annotated[
        float | None,
        typer.Option(
            "--signin-rate",
            envvar="LOVELETTER_SIGNIN_RATE",
            help="Attempts to sign in or up per second from one address, or to sign in to"
            " one account, after the burst (default 0.2).",
            min=0,
            metavar="RATE",
        ),
    ] = None,
    signin_burst: Annotated[
        int | None,
        typer.Option(
            "--signin-burst",
            envvar="LOVELETTER_SIGNIN_BURST",
            help="Attempts to sign in or up at once from one address, or to one account"
            " (default 10).",
            min=1,
            metavar="COUNT",
        ),
    ] = None,
    max_connections: Annotated[
        int | None,
        typer.Option(
            "--max-connections",
            envvar="LOVELETTER_MAX_CONNECTIONS",
            help="WebSocket connections one address may hold at once (default 100; 0: any).",
            min=0,
            metavar="COUNT",
        ),
    ] = None,
    max_idle_tables: Annotated[
        int | None,
        typer.Option(
            "--max-idle-tables",
            envvar="LOVELETTER_MAX_IDLE_TABLES",
            help="Tables kept in memory that no client here watches (default 1000).",
            min=0,
            metavar="COUNT",
        ),
    ] = None,
    trusted_proxies: Annotated[
        str | None,
        typer.Option(
            "--trusted-proxies",
            envvar="LOVELETTER_TRUSTED_PROXIES",
            help="Addresses (or networks, 172.16.0.0/12) whose X-Forwarded-For is believed,"
            " comma-separated (default 127.0.0.1; '' for none, '*' for any).",
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            envvar="LOVELETTER_PUBLIC_URL",
            help="The address others use to reach this server (behind a proxy), such as"
            " https://ll.example.org: invitation links start with it.",
        ),
    ] = None,
    smtp: Annotated[
        str | None,
        typer.Option(
            "--smtp",
            envvar="LOVELETTER_SMTP",
            help="The SMTP server that sends the accounts' mail (address checks, password"
            " resets): smtp://HOST:25, smtp+starttls://USER@HOST:587 or smtps://USER@HOST:465;"
            " the password in LOVELETTER_SMTP_PASSWORD. Without it, no mail is sent.",
        ),
    ] = None,
    mail_from: Annotated[
        str | None,
        typer.Option(
            "--mail-from",
            envvar="LOVELETTER_MAIL_FROM",
            help="The mail's sender (default: Love Letter <loveletter@localhost>).",
        ),
    ] = None,
    policy: Annotated[
        list[str] | None,
        typer.Option(
            "--policy",
            envvar="LOVELETTER_POLICY",
            help="A trained policy offered as a bot level for the table it fits, as"
            " NAME=FILE.npz (docs/rl.md); repeat for several (in the environment, separate"
            " them with spaces).",
        ),
    ] = None,
    secret_key: Annotated[
        str | None,
        typer.Option(
            "--secret-key",
            envvar="LOVELETTER_SECRET_KEY",
            help="What the accounts' sessions are signed with: at least 32 characters, the"
            " same for every process of the site. Needed with a --public-url other than"
            " this computer; without it, a key is made once in your data folder. Prefer the"
            " environment to the command line, which other users of the machine can see.",
        ),
    ] = None,
    secret_key_file: Annotated[
        Path | None,
        typer.Option(
            "--secret-key-file",
            envvar="LOVELETTER_SECRET_KEY_FILE",
            help="A file that holds the secret key (such as a container's secret).",
        ),
    ] = None,
) -> None:
    """Serve the web game: create a table, share its link, play with friends and bots.

    With --host 0.0.0.0, friends on other machines of your network join with the
    addresses printed at start. Every option can be set in the environment instead,
    by the variable its help names; an option given wins over the environment."""
    from ..server.mail import check_smtp_url
    from ..server.repository import prepare_store
    from ..server.settings import Settings, default_db_url

    def named(parameter: str) -> str:
        return given_as(ctx, parameter)

    if log_level.lower() not in LOG_LEVELS:
        usage_error(
            tell(
                "{option} takes {levels}, not {given!r}",
                "{option} prend {levels}, pas {given!r}",
                option=named("log_level"),
                levels=", ".join(LOG_LEVELS),
                given=log_level,
            )
        )
    if smtp is not None:
        try:
            check_smtp_url(smtp)
        except ValueError as error:
            usage_error(
                tell(
                    "bad {option} URL: {error}",
                    "URL {option} invalide : {error}",
                    option=named("smtp"),
                    error=known_reason(str(error), _URL_REASONS),
                )
            )
    if public_url is not None and not public_url.startswith(("http://", "https://")):
        usage_error(
            tell(
                "{option} must start with http:// or https://, not {given!r}",
                "{option} doit commencer par http:// ou https://, pas {given!r}",
                option=named("public_url"),
                given=public_url,
            )
        )
    policies = read_policies(policy or [], named("policy"))
    key = given_secret_key(ctx, secret_key, secret_key_file, public_url)
    db_url = db or default_db_url()
    with database_errors(db_url, named("db"), either(named("db"), named("redis"))):
        prepare_store(db_url)  # a database that cannot be used stops the start now
    made = None
    if key is None:  # a server on this computer only: its own key, made once
        key, made = local_secret_key()
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
    settings = Settings(
        db_url=db_url,
        redis_url=redis,
        bot_delay=bot_delay,
        round_pause=round_pause,
        listen_host=host,
        public_url=public_url,
        policies=policies,
        collect_interval=0.2,  # young collections five times a second (server.collector)
        secret_key=key,
        **{name: value for name, value in given.items() if value is not None},
    )
    notes = (
        [
            tell(
                "Made a secret key for the sessions in {made}",
                "Clé secrète des sessions créée dans {made}",
                made=made,
            )
        ]
        if made
        else []
    )
    start(settings, port, log_level.lower(), notes, named)


#: uvicorn's log levels.
LOG_LEVELS = ("critical", "error", "warning", "info", "debug")


def start(
    settings: Settings,
    port: int,
    log_level: str,
    notes: Sequence[str],
    named: Callable[[str], str],
) -> None:
    """Make the server (its database prepared already), listen on ``port`` and serve
    until SIGTERM (or Ctrl+C); ``named`` tells how the user gave an option, for the
    errors."""
    from ..server.addresses import is_loopback, reachable_urls
    from ..server.run import bind, exit_on_sigterm, make_server, startup_error

    host, public_url = settings.listen_host, settings.public_url
    with database_errors(settings.db_url, named("db"), either(named("db"), named("redis"))):
        server = make_server(settings, log_level=log_level)
    try:
        sock = bind(host, port)
    except OSError as error:
        fail(
            tell(
                "cannot listen on {host}:{port}: {reason}",
                "impossible d'écouter sur {host}:{port} : {reason}",
                host=host,
                port=port,
                reason=os_reason(error),
            )
        )
    actual = sock.getsockname()[1]
    urls = reachable_urls(host, actual)
    database = shown_url(settings.db_url)
    print(
        tell(
            "Love Letter server on {url} (database: {database})",
            "Serveur Love Letter sur {url} (base de données : {database})",
            url=urls[0],
            database=database,
        ),
        flush=True,
    )
    if is_loopback(host):
        print(
            tell(
                "Only this computer can join; for friends on other machines: --host 0.0.0.0",
                "Seul cet ordinateur peut se joindre ; pour des amis sur d'autres machines : "
                "--host 0.0.0.0",
            )
        )
    else:
        for url in urls[1:] if public_url is None else urls:
            print(tell("Also reachable at {url}", "Joignable aussi à {url}", url=url))
        if public_url is not None:
            print(
                tell(
                    "Invitation links use {url}",
                    "Les liens d'invitation utilisent {url}",
                    url=public_url,
                )
            )
    for level in settings.policies:
        print(
            tell(
                "Bot level {name}: the policy {path} ({edition}, {players} players)",
                "Niveau de robot {name} : la politique {path} ({edition}, {players} joueurs)",
                name=level.name,
                path=level.path,
                edition=level.edition,
                players=level.players,
            )
        )
    for note in notes:
        print(note)
    sys.stdout.flush()
    exit_on_sigterm()
    server.run(sockets=[sock])
    failure = startup_error(server)
    if failure is not None:  # the store opened, then failed as the tables were rebuilt
        with database_errors(settings.db_url, named("db"), f"{named('db')} or {named('redis')}"):
            raise failure


@contextmanager
def database_errors(db_url: str, db: str, urls: str) -> Iterator[None]:
    """Fail in one line if the database at ``db_url`` cannot be used: ``db`` names its
    option (or environment variable), ``urls`` the options whose URL may be bad."""
    from sqlalchemy.exc import ArgumentError

    from ..tables import StorageError

    try:
        yield
    except ImportError as error:
        fail(
            tell(
                "{error}: install the extra it needs, loveletter[postgres] or loveletter[redis]",
                "{error} : installez l'extra qu'il lui faut, loveletter[postgres] ou "
                "loveletter[redis]",
                error=known_reason(str(error), _URL_REASONS),
            )
        )
    except (ValueError, ArgumentError) as error:
        usage_error(
            tell(
                "bad {urls} URL: {error}",
                "URL {urls} invalide : {error}",
                urls=urls,
                error=known_reason(str(error), _URL_REASONS),
            )
        )
    except StorageError as error:
        remedy = (
            tell(
                "move the file away (or restore a backup) to start afresh, or give another {db}",
                "déplacez le fichier (ou restaurez une sauvegarde) pour repartir de zéro, ou "
                "donnez un autre {db}",
                db=db,
            )
            if db_url.startswith("sqlite")
            else tell(
                "check that the database server runs and that {db} names it",
                "vérifiez que le serveur de base de données tourne et que {db} le nomme",
                db=db,
            )
        )
        fail(
            tell(
                "cannot use {error}: {remedy}",
                "impossible d'utiliser {error} : {remedy}",
                error=storage_reason(error, db_url),
                remedy=remedy,
            )
        )
    except OSError as error:
        fail(
            tell(
                "cannot use the database {url}: {reason}",
                "impossible d'utiliser la base de données {url} : {reason}",
                url=shown_url(db_url),
                reason=os_reason(error),
            )
        )


def given_secret_key(
    ctx: typer.Context, key: str | None, key_file: Path | None, public_url: str | None
) -> str | None:
    """The key that signs the sessions, as given (option or environment, in a file or
    not); None for none, which only a server on this computer may do without. A usage
    error for a bad one, and for none at a public URL."""
    from ..server.secret_key import (
        MAKE_ONE,
        SecretKeyError,
        check_key,
        is_local_url,
        read_key_file,
    )

    if key is not None and key_file is not None:
        typed = [from_command_line(ctx, name) for name in ("secret_key", "secret_key_file")]
        if typed[0] == typed[1]:
            usage_error(
                tell(
                    "give {key} or {file}, not both",
                    "donnez {key} ou {file}, pas les deux",
                    key=given_as(ctx, "secret_key"),
                    file=given_as(ctx, "secret_key_file"),
                )
            )
        if typed[0]:  # the command line wins over the environment
            key_file = None
        else:
            key = None
    try:
        if key_file is not None:
            return read_key_file(key_file, given_as(ctx, "secret_key_file"))
        if key is not None:
            return check_key(key, given_as(ctx, "secret_key"))
    except SecretKeyError as error:
        usage_error(known_reason(str(error), _KEY_REASONS))
    if not is_local_url(public_url):
        usage_error(
            tell(
                "the public URL {url} needs a secret key, the same for every server process "
                "of the site: make one with {make} and give it in LOVELETTER_SECRET_KEY (or a "
                "file named by LOVELETTER_SECRET_KEY_FILE)",
                "l'URL publique {url} demande une clé secrète, la même pour chaque processus "
                "serveur du site : créez-en une avec {make} et donnez-la dans "
                "LOVELETTER_SECRET_KEY (ou un fichier nommé par LOVELETTER_SECRET_KEY_FILE)",
                url=public_url,
                make=MAKE_ONE,
            )
        )
    return None


def local_secret_key() -> tuple[str, Path | None]:
    """The data folder's key, for a server on this computer only, and its file if it
    was made now (there was none)."""
    from ..paths import data_folder
    from ..server.secret_key import FILE_NAME, SecretKeyError, local_key

    folder = data_folder()
    try:
        found, made = local_key(folder)
    except SecretKeyError as error:
        fail(known_reason(str(error), _KEY_REASONS))
    except OSError as error:
        fail(
            tell(
                "cannot make a secret key in {folder}: {reason}: give one with --secret-key "
                "or LOVELETTER_SECRET_KEY",
                "impossible de créer une clé secrète dans {folder} : {reason} : donnez-en une "
                "avec --secret-key ou LOVELETTER_SECRET_KEY",
                folder=folder,
                reason=os_reason(error),
            )
        )
    return found, folder / FILE_NAME if made else None


def shown_url(url: str) -> str:
    """A database URL as the output shows it: without its password."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def read_policies(options: list[str], source: str = "--policy") -> tuple[PolicyLevel, ...]:
    """The policy levels of the ``--policy`` options; a usage error for a bad one (which
    names ``source``, the environment variable, when they come from there)."""
    from ..server.policies import PolicyError, read_policy_option

    levels: list[PolicyLevel] = []
    for option in options:
        try:
            levels.append(read_policy_option(option, [level.name for level in levels]))
        except PolicyError as error:
            reason = known_reason(str(error), _POLICY_REASONS)
            usage_error(reason if source == "--policy" else f"{source}{tell(': ', ' : ')}{reason}")
    return tuple(levels)


def either(first: str, second: str) -> str:
    """Two options, one of which is at fault: "--db or --redis"."""
    return tell("{first} or {second}", "{first} ou {second}", first=first, second=second)


def database_place(url: str) -> str:
    """The database at ``url`` as the run's language names it (no password)."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return tell(
            "the database file {path}",
            "le fichier de base de données {path}",
            path=parsed.database or ":memory:",
        )
    return tell(
        "the database {url}",
        "la base de données {url}",
        url=parsed.render_as_string(hide_password=True),
    )


def storage_reason(error: Exception, db_url: str) -> str:
    """Why the database at ``db_url`` cannot be used, in the run's language (what its
    driver says stays in the driver's words, but for SQLite's best-known ones)."""
    from ..storage.repository import database_where

    text = str(error)
    english = database_where(db_url)
    if run_language() != "fr" or not text.startswith(english):
        return text
    place, rest = database_place(db_url), text.removeprefix(english)
    schema = re.fullmatch(r" has schema version (.*); this server needs (\d+)", rest)
    if schema:
        return tell(
            "{place} has schema version {version}; this server needs {needed}",
            "{place} est à la version {version} du schéma ; ce serveur demande la version {needed}",
            place=place,
            version=schema[1],
            needed=schema[2],
        )
    reason = rest.removeprefix(": ")
    reason = _SQLITE_REASONS.get(reason, reason)
    return tell("{place}: {reason}", "{place} : {reason}", place=place, reason=reason)


#: SQLite's best-known reasons, in French.
_SQLITE_REASONS = {
    "unable to open database file": "impossible d'ouvrir le fichier de base de données",
    "file is not a database": "ce fichier n'est pas une base de données",
    "database is locked": "la base de données est verrouillée",
    "database disk image is malformed": "le fichier de base de données est endommagé",
    "attempt to write a readonly database": "la base de données est en lecture seule",
    "database or disk is full": "la base de données ou le disque est plein",
    "disk I/O error": "erreur d'entrée-sortie du disque",
}

_QUOTED = "['\"](.*)['\"]"
#: The English of a database or SMTP URL refused, and its French.
_URL_REASONS = (
    (
        "Could not parse SQLAlchemy URL from given URL string",
        "SQLAlchemy ne sait pas lire cette URL",
    ),
    (
        r"Can't load plugin: sqlalchemy\.dialects:(.+)",
        "SQLAlchemy ne connaît pas la base de données « {0} »",
    ),
    (
        "tables kept in memory cannot be shared with other processes",
        "des tables gardées en mémoire ne se partagent pas avec d'autres processus",
    ),
    (rf"an SMTP URL starts with (.+): {_QUOTED}", "une URL SMTP commence par {0}, pas « {1} »"),
    (rf"No module named {_QUOTED}", "le module « {0} » n'est pas installé"),
)
#: The English of a secret key refused, and its French.
_KEY_REASONS = (
    (
        r"the secret key in (.+) has (\d+) characters, fewer than (\d+) \(make one with (.+)\)",
        "la clé secrète de {0} est trop courte : il lui faut au moins {2} caractères, elle "
        "en a {1} (créez-en une avec {3})",
    ),
    (
        r"cannot read the secret key file (.+) \(made by a local start\): (.+): remove it to "
        r"make a new one \(every session then ends\)",
        "impossible de lire le fichier de clé secrète {0} (créé par un démarrage local) : "
        "{1} : supprimez-le pour en créer un autre (toutes les sessions se terminent alors)",
    ),
    (
        r"cannot read the secret key file (.+) \((.+)\): (.+)",
        "impossible de lire le fichier de clé secrète {0} ({1}) : {2}",
    ),
)
#: The English of a --policy refused, and its French.
_POLICY_REASONS = (
    (
        rf"--policy takes NAME=FILE\.npz, not {_QUOTED}",
        "--policy prend NOM=FICHIER.npz, pas « {0} »",
    ),
    (
        rf"--policy name {_QUOTED} must be a simple identifier \(letters, digits, _; at most "
        r"32 characters\)",
        "le nom « {0} » de --policy doit être un identifiant simple (lettres, chiffres, _ ; "
        "32 caractères au plus)",
    ),
    (
        rf"--policy name {_QUOTED} is a built-in bot level: choose another",
        "le nom « {0} » de --policy est celui d'un niveau de robot : choisissez-en un autre",
    ),
    (rf"--policy name {_QUOTED} is given twice", "le nom « {0} » de --policy est donné deux fois"),
    (rf"--policy (.+): no such file {_QUOTED}", "--policy {0} : le fichier « {1} » n'existe pas"),
    (
        r"--policy needs NumPy \((.*)\): install loveletter\[env\]",
        "--policy a besoin de NumPy ({0}) : installez loveletter[env]",
    ),
    (
        rf"--policy (.+): {_QUOTED} is not a saved policy \(a \.npz of save_mlp, docs/rl\.md\)",
        "--policy {0} : « {1} » n'est pas une politique sauvegardée (un .npz de save_mlp, "
        "docs/rl.md)",
    ),
    (
        rf"--policy (.+): {_QUOTED} does not say which edition and player count it plays",
        "--policy {0} : « {1} » ne dit pas pour quelle édition ni pour combien de joueurs "
        "elle est faite",
    ),
    (
        rf"--policy (.+): {_QUOTED} plays no table: (.+)",
        "--policy {0} : « {1} » ne joue à aucune table : {2}",
    ),
)
