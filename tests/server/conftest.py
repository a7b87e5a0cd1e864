"""Fixtures of the server tests: real servers on free ports, databases, markers.

The PostgreSQL and Redis suites run only when their URLs are in the environment
(LOVELETTER_TEST_POSTGRES_URL, LOVELETTER_TEST_REDIS_URL); otherwise they are
reported as skipped with the variable to set (``-rs``), never silently dropped.
"""

from __future__ import annotations

import gc
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from loveletter.server.repository import MEMORY, ServerRepository, make_repository

from .harness import ServerThread, fast_settings

POSTGRES = "LOVELETTER_TEST_POSTGRES_URL"
REDIS = "LOVELETTER_TEST_REDIS_URL"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        for marker, variable in (("postgres", POSTGRES), ("redis", REDIS)):
            if item.get_closest_marker(marker) and not os.environ.get(variable):
                item.add_marker(pytest.mark.skip(reason=f"set {variable} to run this backend"))


@pytest.fixture(autouse=True)
def collect_leftovers() -> Iterator[None]:
    """Collect garbage after each test: a socket that a failing test left open is
    then reported against that test, never against whichever test runs next."""
    yield
    gc.collect()


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A PostgreSQL URL whose search path is a schema of its own, dropped afterwards."""
    with postgres_schema() as url:
        yield url


@contextmanager
def postgres_schema() -> Iterator[str]:
    """A PostgreSQL URL whose search path is a schema of its own, dropped on leaving."""
    import psycopg

    base = os.environ[POSTGRES]
    schema = f"ll_test_{secrets.token_hex(6)}"
    url = make_url(base)
    plain = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(plain, autocommit=True) as connection:
        connection.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield url.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
            hide_password=False
        )
    finally:
        with psycopg.connect(plain, autocommit=True) as connection:
            connection.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each storage backend in turn: a SQLite file, then PostgreSQL when configured."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'loveletter.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture(params=["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def repository(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServerRepository]:
    """Each repository in turn: the memory one, SQLite, then PostgreSQL when configured."""
    if request.param == "memory":
        url = MEMORY
    elif request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'loveletter.db'}"
    else:
        url = request.getfixturevalue("postgres_url")
    repository = make_repository(url)
    repository.create_schema()
    yield repository
    repository.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """One server (SQLite) for a module's tests, in a thread, with the fast settings."""
    folder = tmp_path_factory.mktemp("server")
    with ServerThread(fast_settings(f"sqlite:///{folder / 'loveletter.db'}")) as running:
        yield running
