"""Hosting a server of one's own: settings from the environment, the secret key that
signs the sessions, ``loveletter migrate``, and the image's command as a deployment
runs it: migrated once, then two replicas configured by LOVELETTER_ variables only,
behind one address, playing one game to its end and stopping cleanly on SIGTERM.
"""

from __future__ import annotations

import asyncio
import os
import random
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from loveletter.cli import serve as serve_module
from loveletter.cli.main import app
from loveletter.server.secret_key import FILE_NAME, is_local_url, local_key
from loveletter.server.sessions import SESSION_COOKIE
from loveletter.server.settings import Settings
from loveletter.storage.models import SCHEMA_VERSION

from .conftest import REDIS
from .deployfiles import health_command, read_variables
from .harness import (
    TIMEOUT,
    Client,
    Oracle,
    ServerProcess,
    create_table,
    finished,
    join,
    play_randomly,
    record,
    start,
)

runner = CliRunner()

KEY = "k" * 40
OTHER_KEY = "o" * 40
POLICY = Path(__file__).resolve().parents[2] / "docs" / "ppo_classic_2p.npz"


@pytest.fixture
def own_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The data folder is the test's, and no LOVELETTER_ variable of this process
    leaks in."""
    for variable in read_variables():
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch, own_environment: None) -> list[dict[str, Any]]:
    """What ``serve`` would start, instead of starting it: its settings and notes."""
    calls: list[dict[str, Any]] = []

    def record_start(
        settings: Settings, port: int, log_level: str, notes: list[str], *_: Any
    ) -> None:
        calls.append({"settings": settings, "port": port, "log_level": log_level, "notes": notes})

    monkeypatch.setattr(serve_module, "start", record_start)
    return calls


def serve(*args: str, **env: str) -> Any:
    return runner.invoke(app, ["serve", *args], env=env)


def one_line_error(result: Any, status: int = 2) -> str:
    """The error of a refused command line: one line on standard error, no traceback."""
    assert result.exit_code == status, result.output
    assert result.stderr.startswith("error: "), result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert not result.stdout
    message: str = result.stderr
    return message


# ------------------------------------------------------------ settings from the environment


def test_every_setting_comes_from_the_environment(started: list[dict[str, Any]]) -> None:
    result = serve(
        LOVELETTER_DB="memory",
        LOVELETTER_PORT="0",
        LOVELETTER_HOST="0.0.0.0",
        LOVELETTER_BOT_DELAY="0.25",
        LOVELETTER_ROUND_PAUSE="2",
        LOVELETTER_BOT_WORKERS="3",
        LOVELETTER_LOG_LEVEL="WARNING",
        LOVELETTER_MAX_CONNECTIONS="7",
        LOVELETTER_TRUSTED_PROXIES="172.30.87.0/24",
        LOVELETTER_PUBLIC_URL="https://cards.example.org",
        LOVELETTER_SECRET_KEY=KEY,
        LOVELETTER_SMTP="smtp+starttls://cards@mail.example.org:587",
        LOVELETTER_MAIL_FROM="Cards <cards@example.org>",
        LOVELETTER_POLICY=f"ppo={POLICY} other={POLICY}",  # a list: spaces between
    )
    assert result.exit_code == 0, result.output
    (call,) = started
    settings: Settings = call["settings"]
    assert (call["port"], call["log_level"]) == (0, "warning")
    assert settings.db_url == "memory"
    assert settings.listen_host == "0.0.0.0"
    assert (settings.bot_delay, settings.round_pause, settings.bot_workers) == (0.25, 2.0, 3)
    assert settings.max_connections == 7
    assert settings.trusted_proxies == "172.30.87.0/24"
    assert settings.public_url == "https://cards.example.org"
    assert settings.secret_key == KEY
    assert settings.smtp_url == "smtp+starttls://cards@mail.example.org:587"
    assert settings.mail_from == "Cards <cards@example.org>"
    assert [level.name for level in settings.policies] == ["ppo", "other"]
    assert KEY not in repr(settings)


def test_an_option_wins_over_the_environment(started: list[dict[str, Any]]) -> None:
    env = {"LOVELETTER_DB": "memory", "LOVELETTER_BOT_DELAY": "0.25", "LOVELETTER_SECRET_KEY": KEY}
    result = serve("--bot-delay", "3", "--secret-key", OTHER_KEY, **env)
    assert result.exit_code == 0, result.output
    settings: Settings = started[0]["settings"]
    assert (settings.db_url, settings.bot_delay, settings.secret_key) == ("memory", 3.0, OTHER_KEY)


def test_an_empty_variable_counts_as_unset(started: list[dict[str, Any]]) -> None:
    result = serve(LOVELETTER_DB="memory", LOVELETTER_SMTP="", LOVELETTER_TRUSTED_PROXIES="")
    assert result.exit_code == 0, result.output
    settings: Settings = started[0]["settings"]
    assert (settings.smtp_url, settings.trusted_proxies) == (None, "127.0.0.1")


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("LOVELETTER_LOG_LEVEL", "loud", "error: LOVELETTER_LOG_LEVEL takes critical"),
        ("LOVELETTER_SMTP", "http://mail", "error: bad LOVELETTER_SMTP URL"),
        ("LOVELETTER_PUBLIC_URL", "cards.example.org", "error: LOVELETTER_PUBLIC_URL must"),
        ("LOVELETTER_POLICY", "ppo", "error: LOVELETTER_POLICY: --policy takes NAME=FILE.npz"),
        ("LOVELETTER_SECRET_KEY", "short", "has 5 characters, fewer than 32"),
    ],
)
def test_a_bad_variable_is_refused_in_one_line_naming_it(
    started: list[dict[str, Any]], variable: str, value: str, message: str
) -> None:
    result = serve(**{variable: value})
    assert message in one_line_error(result)
    assert not started


@pytest.mark.usefixtures("own_environment")
def test_a_bad_database_url_in_the_environment_is_named() -> None:
    for env, message in [
        ({"LOVELETTER_DB": "nonsense"}, "error: bad LOVELETTER_DB or --redis URL"),
        ({"LOVELETTER_REDIS": "nonsense://x"}, "error: bad --db or LOVELETTER_REDIS URL"),
    ]:
        assert message in one_line_error(serve("--port", "0", **env))


def test_a_variable_of_the_wrong_type_is_a_usage_error_naming_it(
    started: list[dict[str, Any]],
) -> None:
    for variable in ("LOVELETTER_PORT", "LOVELETTER_MAX_CONNECTIONS", "LOVELETTER_BOT_DELAY"):
        result = serve(**{variable: "many"})
        assert result.exit_code == 2, result.output
        assert variable in " ".join(result.stderr.split())
        assert "Traceback" not in result.output
    assert not started


def test_the_help_names_each_variable() -> None:
    text = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200"}).output
    for variable in read_variables() - {"LOVELETTER_SMTP_PASSWORD"}:
        assert f"[env var: {variable}]" in text, variable
    assert "LOVELETTER_SMTP_PASSWORD" in text  # the --smtp option's help tells it


# ------------------------------------------------------------------ the secret key


def test_a_public_url_needs_a_secret_key(started: list[dict[str, Any]]) -> None:
    message = one_line_error(serve("--db", "memory", "--public-url", "https://cards.example.org"))
    assert "needs a secret key" in message
    assert 'python -c "import secrets; print(secrets.token_urlsafe(32))"' in message
    assert "LOVELETTER_SECRET_KEY" in message
    assert not started


@pytest.mark.parametrize(
    ("url", "local"),
    [
        (None, True),
        ("http://localhost:8000", True),
        ("http://127.0.0.1:8000", True),
        ("http://[::1]:8000", True),
        ("http://cards.localhost", True),
        ("https://cards.example.org", False),
        ("http://192.168.1.20:8000", False),
        ("http://localhost.example.org", False),
    ],
)
def test_what_is_a_local_url(url: str | None, local: bool) -> None:
    assert is_local_url(url) is local


def test_a_local_run_makes_its_key_once_and_keeps_it(
    started: list[dict[str, Any]], tmp_path: Path
) -> None:
    path = tmp_path / "data" / "loveletter" / FILE_NAME
    assert serve("--db", "memory", "--public-url", "http://localhost:8000").exit_code == 0
    first: Settings = started[0]["settings"]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text(encoding="utf-8").strip() == first.secret_key
    assert len(first.secret_key) >= 32
    assert started[0]["notes"] == [f"Made a secret key for the sessions in {path}"]
    made = path.stat().st_mtime_ns
    assert serve("--db", "memory").exit_code == 0
    again: Settings = started[1]["settings"]
    assert again.secret_key == first.secret_key
    assert started[1]["notes"] == []
    assert path.stat().st_mtime_ns == made


def test_processes_starting_together_agree_on_one_local_key(tmp_path: Path) -> None:
    barrier = threading.Barrier(8)
    keys: list[tuple[str, bool]] = []

    def make() -> None:
        barrier.wait()
        keys.append(local_key(tmp_path))

    threads = [threading.Thread(target=make) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIMEOUT)
    assert len({key for key, _ in keys}) == 1
    assert sum(made for _, made in keys) == 1
    assert [path.name for path in tmp_path.iterdir()] == [FILE_NAME]  # no draft left


def test_a_key_file_and_the_command_line(started: list[dict[str, Any]], tmp_path: Path) -> None:
    key_file = tmp_path / "secret"
    key_file.write_text(KEY + "\n", encoding="utf-8")
    public = {"LOVELETTER_DB": "memory", "LOVELETTER_PUBLIC_URL": "https://cards.example.org"}
    assert serve(LOVELETTER_SECRET_KEY_FILE=str(key_file), **public).exit_code == 0
    assert started[-1]["settings"].secret_key == KEY
    # An option wins over a variable, even of the other kind.
    result = serve("--secret-key", OTHER_KEY, LOVELETTER_SECRET_KEY_FILE=str(key_file), **public)
    assert result.exit_code == 0, result.output
    assert started[-1]["settings"].secret_key == OTHER_KEY
    # Two keys from the same place: which one?
    message = one_line_error(
        serve(LOVELETTER_SECRET_KEY=KEY, LOVELETTER_SECRET_KEY_FILE=str(key_file), **public)
    )
    assert "give LOVELETTER_SECRET_KEY or LOVELETTER_SECRET_KEY_FILE, not both" in message
    missing = one_line_error(serve("--secret-key-file", str(tmp_path / "nope"), **public))
    assert f"cannot read the secret key file {tmp_path / 'nope'} (--secret-key-file)" in missing
    assert len(started) == 2


# ------------------------------------------------------------------------ migrate


def test_migrate_brings_the_schema_up_to_date_and_says_its_version(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'loveletter.db'}"
    for _ in range(2):  # a database already up to date is left as it is
        result = runner.invoke(app, ["migrate"], env={"LOVELETTER_DB": url})
        assert result.exit_code == 0, result.output
        assert result.stdout == (
            f"The database file {tmp_path / 'loveletter.db'} is at schema version"
            f" {SCHEMA_VERSION} (Alembic revision {SCHEMA_VERSION:04d})\n"
        )
    memory = runner.invoke(app, ["migrate", "--db", "memory"])
    assert "memory keeps nothing" in one_line_error(memory)
    broken = tmp_path / "broken.db"
    broken.write_bytes(b"not a database" * 100)
    refused = one_line_error(runner.invoke(app, ["migrate", "--db", f"sqlite:///{broken}"]), 1)
    assert "cannot use the database file" in refused


# -------------------------------------------------- two replicas behind one address


class RoundRobinProxy:
    """One address in front of several servers: each new TCP connection goes to the
    next one in turn (the load balancer of a deployment, in a thread of its own)."""

    def __init__(self, backends: list[int]) -> None:
        self.backends = backends
        self.chosen: list[int] = []  # the backend of each connection, in order
        self.port = 0
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=asyncio.run, args=(self._serve(),), daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> RoundRobinProxy:
        self._thread.start()
        assert self._ready.wait(TIMEOUT)
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._loop is not None
        assert self._stop is not None
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(TIMEOUT)

    async def _serve(self) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        tasks: set[asyncio.Task[None]] = set()

        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            task = asyncio.current_task()
            assert task is not None
            tasks.add(task)
            backend = len(self.chosen) % len(self.backends)
            self.chosen.append(backend)
            upstream: asyncio.StreamWriter | None = None
            try:
                up_reader, upstream = await asyncio.open_connection(
                    "127.0.0.1", self.backends[backend]
                )
                await asyncio.gather(_pipe(reader, upstream), _pipe(up_reader, writer))
            except OSError:
                pass
            finally:
                for stream in (writer, upstream):
                    if stream is not None:
                        stream.close()
                tasks.discard(task)

        server = await asyncio.start_server(handle, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        await self._stop.wait()
        server.close()
        await server.wait_closed()
        for task in list(tasks):
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Copy until the end of the stream, then pass the end on."""
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
        if writer.can_write_eof():
            writer.write_eof()
    except OSError:
        pass


class Replica(ServerProcess):
    """The image's command, ``loveletter serve``, configured by its environment only."""

    def __init__(self, log: Path, env: dict[str, str]) -> None:
        super().__init__("", log)
        self.args = [*loveletter_command(), "serve"]
        self.env = env

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])


def loveletter_command() -> list[str]:
    """The installed ``loveletter`` program (what the image runs), or its module."""
    program = Path(sys.executable).with_name("loveletter")
    if program.exists():
        return [str(program)]
    return [sys.executable, "-c", "from loveletter.cli.main import app; app()"]


def clean_environment(tmp_path: Path, **variables: str) -> dict[str, str]:
    """This process's environment without its LOVELETTER_ variables, with these."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("LOVELETTER_")}
    return env | {"XDG_DATA_HOME": str(tmp_path / "data")} | variables


def wait_healthy(url: str, answers: int = 1) -> None:
    """Ask /api/health until it has answered ``answers`` times, within the deadline."""
    deadline = time.monotonic() + TIMEOUT
    while answers:
        try:
            if httpx.get(f"{url}/api/health", timeout=TIMEOUT).status_code == 200:
                answers -= 1
                continue
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline, f"{url} never answered"
        time.sleep(0.05)


@pytest.fixture
def replicas(postgres_url: str, tmp_path: Path) -> Iterator[tuple[Replica, Replica]]:
    """Two replicas on one PostgreSQL schema and Redis, migrated once beforehand; one
    reads the key from its variable, the other from a file (a container's secret)."""
    key_file = tmp_path / "secret_key"
    key_file.write_text(KEY + "\n", encoding="utf-8")
    common = {
        "LOVELETTER_DB": postgres_url,
        "LOVELETTER_REDIS": os.environ[REDIS],
        "LOVELETTER_HOST": "127.0.0.1",
        "LOVELETTER_PORT": "0",
        "LOVELETTER_PUBLIC_URL": "https://cards.example.org",
        "LOVELETTER_BOT_DELAY": "0",
        "LOVELETTER_ROUND_PAUSE": "0",
        "LOVELETTER_BOT_WORKERS": "1",
        "LOVELETTER_LOG_LEVEL": "warning",
    }
    migrated = subprocess.run(
        [*loveletter_command(), "migrate"],
        env=clean_environment(tmp_path, LOVELETTER_DB=postgres_url),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert migrated.returncode == 0, migrated.stderr
    assert f"is at schema version {SCHEMA_VERSION}" in migrated.stdout
    one = Replica(
        tmp_path / "one.log", clean_environment(tmp_path, **common, LOVELETTER_SECRET_KEY=KEY)
    )
    two = Replica(
        tmp_path / "two.log",
        clean_environment(tmp_path, **common, LOVELETTER_SECRET_KEY_FILE=str(key_file)),
    )
    try:
        one.start()
        two.start()
        yield one, two
    finally:
        one.stop()
        two.stop()


@pytest.mark.postgres
@pytest.mark.redis
def test_two_replicas_behind_one_address_play_a_game_and_stop_cleanly(
    replicas: tuple[Replica, Replica],
) -> None:
    one, two = replicas
    with RoundRobinProxy([one.port, two.port]) as proxy:
        wait_healthy(proxy.url, answers=2)  # each replica has answered once
        signed_in_everywhere(proxy)
        asyncio.run(play_through(proxy))
    # The image's health check, as Docker runs it, on a replica that answers.
    for where in ("Dockerfile", "compose.yaml"):
        command = [part.replace(":8000/", f":{one.port}/") for part in health_command(where)]
        assert command[0] == "python"
        subprocess.run([sys.executable, *command[1:]], check=True, timeout=TIMEOUT)
    for replica in replicas:
        replica.stop()  # SIGTERM
        assert replica.process is not None
        assert replica.process.returncode == 0, replica.log.read_text()
        assert "Traceback" not in replica.log.read_text()


def signed_in_everywhere(proxy: RoundRobinProxy) -> None:
    """A session made through one replica is good on the other: both sign with the
    same key, one read from its variable, the other from its file."""
    answer = httpx.post(
        f"{proxy.url}/api/account",
        json={"name": "Ana", "password": "correct horse battery"},
        timeout=TIMEOUT,
    )
    assert answer.status_code == 201, answer.text
    cookie = {"Cookie": f"{SESSION_COOKIE}={answer.cookies[SESSION_COOKIE]}"}
    begin = len(proxy.chosen)
    for _ in range(2):
        session = httpx.get(f"{proxy.url}/api/session", headers=cookie, timeout=TIMEOUT)
        account = session.json()["account"]
        assert account is not None, "a replica does not know the other's session"
        assert account["name"] == "Ana"
    assert sorted(proxy.chosen[begin:]) == [0, 1]


async def play_through(proxy: RoundRobinProxy) -> None:
    created = create_table(proxy.url, edition="classic", seats=[{"kind": "open"}, {"kind": "open"}])
    table = created["table"]
    assert created["invite_url"].startswith("https://cards.example.org/")
    assert created["ws_url"] == "wss://cards.example.org/ws"
    ana = join(proxy.url, table, "Ana", seat=0)
    bruno = join(proxy.url, table, "Bruno", seat=1)
    ws_url = f"ws://127.0.0.1:{proxy.port}/ws"
    begin = len(proxy.chosen)
    ana_ws = await Client.open(ws_url, table, ana["token"], seat=0)
    bruno_ws = await Client.open(ws_url, table, bruno["token"], seat=1)
    assert sorted(proxy.chosen[begin:]) == [0, 1]  # one player on each replica
    start(proxy.url, created)
    ends = await asyncio.gather(
        play_randomly(ana_ws, random.Random(1)), play_randomly(bruno_ws, random.Random(2))
    )
    assert all(finished(end) for end in ends)
    oracle = Oracle({1: record(proxy.url, table)})
    for client in (ana_ws, bruno_ws):
        assert oracle.check(client) > 0
        await client.close()
