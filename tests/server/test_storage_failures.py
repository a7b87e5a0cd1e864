"""A database that fails: a full disk answers 503 and reads go on; a damaged file stops
the start in one line."""

from __future__ import annotations

import asyncio
import errno
import random
import re
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from loveletter.storage import Repository
from loveletter.storage.models import SCHEMA_VERSION

from .harness import (
    TIMEOUT,
    Client,
    ServerLog,
    ServerThread,
    create_table,
    fast_settings,
    finished,
    join,
    start,
)
from .legacy import before_alembic


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 8 MiB file system (tmpfs) that can be filled up; needs root to mount.

    Once the filler is gone, the freed space must hold what the rest of the test
    writes: SQLite's write-ahead log grows to about 4 MB (1,000 pages) before its
    automatic checkpoint, and a 2 MiB disk filled up again before the game ended."""
    folder = tmp_path / "disk"
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs (root needed): {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def fill(folder: Path) -> Path:
    """Write a file until the disk is full; returns it (delete it to free the space)."""
    filler = folder / "filler"
    full_disk = pytest.raises(OSError, match="No space left")
    with filler.open("wb", buffering=0) as out, full_disk as full:
        write_forever(out)
    assert full.value.errno == errno.ENOSPC
    return filler


def write_forever(out: BinaryIO) -> None:
    while True:
        out.write(b"\0" * 4096)


def test_a_full_disk_answers_503_and_reads_go_on(small_disk: Path) -> None:
    # Bots play a long game meanwhile, a move every 50 ms: their moves fail too.
    settings = fast_settings(f"sqlite:///{small_disk / 'loveletter.db'}", bot_delay=0.05)
    with ServerThread(settings) as server, ServerLog() as log:
        created = create_table(server.url)
        table = created["table"]
        join(server.url, table, "Ana")
        bots = create_table(
            server.url,
            seats=[{"kind": "bot", "level": "random"}] * 2,
            options={"tokens_to_win": 7},
        )
        start(server.url, bots)
        filler = fill(small_disk)
        for _ in range(500):  # pages SQLite already holds let a few writes through
            answer = httpx.post(f"{server.url}/api/tables", json={}, timeout=TIMEOUT)
            if answer.status_code != 201:
                break
        assert answer.status_code == 503, answer.text
        assert answer.json()["error"]["code"] == "server_error"
        assert answer.headers["retry-after"]
        join_answer = httpx.post(f"{server.url}/api/tables/{table}/join", json={"name": "Bo"})
        assert join_answer.status_code == 503
        for path in (f"/api/tables/{table}", f"/api/tables/{table}/games", "/api/games"):
            assert httpx.get(f"{server.url}{path}", timeout=TIMEOUT).status_code == 200, path
        info = httpx.get(f"{server.url}/api/tables/{table}").json()
        assert [s["name"] for s in info["seats"]] == ["Ana", None]  # the refused join left none
        failed = log.wait_for("an automatic move failed: ")
        assert "database or disk is full" in failed.getMessage()
        filler.unlink()
        assert httpx.post(f"{server.url}/api/tables", json={}).status_code == 201
        assert join(server.url, table, "Bo")["seat"] == 1
        asyncio.run(watch_to_the_end(server, bots["table"]))  # the sweeper drives it again
    assert log.tracebacks() == []


async def watch_to_the_end(server: ServerThread, table: str) -> None:
    spectator = await Client.open(server.ws_url, table)
    try:
        await spectator.until(finished, timeout=120)
    finally:
        await spectator.close()  # even on failure: no socket left for a later test


def serving(db: Path) -> list[str]:
    """The command line of ``loveletter serve`` on the SQLite file ``db`` (uvicorn's
    lines about its start left out)."""
    command = "from loveletter.cli.main import app; app()"
    args = ["serve", "--port", "0", "--db", f"sqlite:///{db}", "--log-level", "warning"]
    return [sys.executable, "-c", command, *args]


def serve(db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        serving(db),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def test_a_damaged_database_file_stops_the_start_in_one_line(tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(b"this is no SQLite file\n" * 1000)
    result = serve(damaged)
    assert result.returncode == 1
    assert result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith(f"error: cannot use the database file {damaged}: file is not a database")
    assert "move the file away" in line


def new_database(path: Path) -> Path:
    """A real database of this server's schema, with nothing in it."""
    repository = Repository(f"sqlite:///{path}")
    repository.create_schema()
    repository.close()
    return path


def scribbled(path: Path, at: int, scribble: bytes) -> Path:
    """A real database whose bytes from ``at`` (wrapped to its length) are overwritten."""
    data = bytearray(new_database(path).read_bytes())
    at %= len(data)
    data[at : at + len(scribble)] = scribble[: len(data) - at]
    path.write_bytes(bytes(data))
    return path


def start_or_refuse(db: Path) -> tuple[bool, str]:
    """Start ``loveletter serve`` on ``db``: whether it started (it answered a request;
    it is then stopped), and what it wrote on stderr."""
    errors = db.with_suffix(".stderr")
    with errors.open("w") as stderr:
        process = subprocess.Popen(serving(db), stdout=subprocess.PIPE, stderr=stderr, text=True)
    assert process.stdout is not None
    with process.stdout:
        address = re.search(r"http://\S+", process.stdout.readline())  # or the end: it stopped
        started = address is not None and answers(address.group(0))
        if started:
            process.terminate()
        process.wait(TIMEOUT)
    return started, errors.read_text()


def answers(url: str) -> bool:
    """Whether a server listening at ``url`` answers (it started), or closes (it stopped)."""
    try:
        httpx.get(f"{url}/api/games", timeout=TIMEOUT)
    except httpx.TransportError:
        return False
    return True


def refused_in_one_line(db: Path, stderr: str) -> str:
    [line] = stderr.splitlines()
    assert line.startswith(f"error: cannot use the database file {db}: "), line
    assert "move the file away" in line
    return line


def test_a_scribbled_schema_stops_the_start_in_one_line(tmp_path: Path) -> None:
    # SQLite's message quotes the scribbled statement: not UTF-8, it was a traceback.
    db = new_database(tmp_path / "scribbled.db")
    data = db.read_bytes()
    db.write_bytes(data.replace(b"CREATE TABLE ll_tables", b"CREATE \xff\xfeBLE ll_tables", 1))
    started, stderr = start_or_refuse(db)
    assert not started
    assert "damaged text" in refused_in_one_line(db, stderr)


def test_scribbled_rows_of_the_tables_in_play_stop_the_start_in_one_line(
    tmp_path: Path,
) -> None:
    """The schema reads, so the store opens; the seats' pages are random bytes, so
    rebuilding the tables in play fails: one line and status 1, as a damaged schema."""
    db = tmp_path / "loveletter.db"
    with ServerThread(fast_settings(f"sqlite:///{db}")) as server:
        created = create_table(server.url)
        join(server.url, created["table"], "Ana")
    with sqlite3.connect(db) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = connection.execute("PRAGMA page_size").fetchone()[0]
        query = "SELECT rootpage FROM sqlite_master WHERE name = 'll_seats'"
        page = connection.execute(query).fetchone()[0]
    data = bytearray(db.read_bytes())
    data[(page - 1) * size : page * size] = random.Random(37).randbytes(size)
    db.write_bytes(bytes(data))
    result = serve(db)
    assert result.returncode == 1, result.stderr
    assert "malformed" in refused_in_one_line(db, result.stderr)


@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(at=st.integers(0, 200_000), scribble=st.binary(min_size=1, max_size=4096))
def test_random_bytes_over_the_database_file_never_start_a_traceback(
    tmp_path_factory: pytest.TempPathFactory, at: int, scribble: bytes
) -> None:
    db = scribbled(tmp_path_factory.mktemp("scribbled") / "loveletter.db", at, scribble)
    started, stderr = start_or_refuse(db)
    assert "Traceback" not in stderr
    if not started:
        refused_in_one_line(db, stderr)


def test_a_database_of_another_schema_stops_the_start_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    repository = Repository(f"sqlite:///{path}")
    repository.create_schema()
    with repository.engine.begin() as db:
        db.execute(text("UPDATE ll_meta SET value = '999' WHERE key = 'schema_version'"))
    repository.close()
    result = serve(path)
    assert result.returncode == 1
    [line] = result.stderr.splitlines()
    assert f"has schema version 999; this server needs {SCHEMA_VERSION}" in line


def test_a_database_of_version_1_gets_the_turn_timer_and_hints_columns(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    repository = Repository(f"sqlite:///{path}")
    repository.create_schema()
    with repository.engine.begin() as db:  # the schema as version 1 had it
        before_alembic(db, 1)
    repository.close()
    repository = Repository(f"sqlite:///{path}")
    repository.create_schema()
    with repository.engine.begin() as db:
        version = db.scalar(text("SELECT value FROM ll_meta WHERE key = 'schema_version'"))
        columns = {row[1] for row in db.execute(text("PRAGMA table_info(ll_tables)"))}
    repository.close()
    assert version == str(SCHEMA_VERSION)
    assert {"turn_timer", "deadline", "standin_marks", "host_seat", "spectator_chat"} <= columns
    assert "hints" in columns  # version 3's, added after version 2's
