"""The servers the tests share: one at pace 0 (bots act at once), one that never moves by itself."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from .contract import validating
from .harness import Server
from .postgres_cluster import Cluster, binaries


@pytest.fixture(autouse=True)
def _every_answer_fits_its_schema() -> Iterator[None]:
    """Every answer and WebSocket message a server test receives is checked against its schema."""
    with validating():
        yield


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The real server at ``--pace 0``, on a temporary database."""
    running = Server(tmp_path_factory.mktemp("server") / "tables.db", pace=0).start()
    yield running
    errors = running.stop()
    assert "Traceback" not in errors, errors


@pytest.fixture(scope="session")
def still_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The real server at a pace of an hour: no table moves unless a client acts."""
    running = Server(tmp_path_factory.mktemp("still") / "tables.db", pace=3600).start()
    yield running
    errors = running.stop()
    assert "Traceback" not in errors, errors


def fresh_db(tmp_path: Path) -> Path:
    """A database path of its own, for a test that kills its server."""
    return tmp_path / "tables.db"


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A throwaway PostgreSQL cluster for the session (skipped where PostgreSQL is not
    installed, except in CI, which installs it: there its absence fails)."""
    found = binaries()
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL's programs (initdb, pg_ctl) are not installed")
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    cluster = Cluster(found)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.destroy()


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """A fresh, empty database on each store: an SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        return tmp_path / "tables.db"
    cluster: Cluster = request.getfixturevalue("postgres")
    return cluster.new_database()


@pytest.fixture(scope="session", params=["sqlite", "postgres"])
def any_still_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A still server (as ``still_server``) on each store: for the tests that both must pass."""
    folder = tmp_path_factory.mktemp(f"still-{request.param}")
    if request.param == "sqlite":
        running = Server(folder / "tables.db", pace=3600).start()
    else:
        cluster: Cluster = request.getfixturevalue("postgres")
        running = Server(cluster.new_database(), pace=3600, log=folder / "server.log").start()
    yield running
    errors = running.stop()
    assert "Traceback" not in errors, errors
