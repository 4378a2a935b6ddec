"""A throwaway PostgreSQL cluster for the tests: ``initdb`` and ``pg_ctl`` in a temporary folder.

The cluster listens on 127.0.0.1 on a free port, trusts local connections
and is deleted when stopped. It runs with ``fsync=off``: the tests kill the
game server, never the machine, and PostgreSQL's own syncs to disk (at each
``CREATE DATABASE``, at each checkpoint) would take most of their time. A
commit is still acknowledged only once PostgreSQL wrote it to its log
(``synchronous_commit`` is the store's). PostgreSQL refuses to run as root: when the
tests run as root (as CI does), every PostgreSQL command runs as the
``postgres`` user that Debian's package makes, in a folder it owns.

pytest-postgresql starts its clusters the same way but runs ``pg_ctl`` as
the user running the tests, with no way to switch user, so as root it
cannot start one; this small helper does.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

import psycopg


def binaries() -> Path | None:
    """The folder of PostgreSQL's programs (the newest Debian installs), or None."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[-3])
    )
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("pg_ctl")
    return Path(on_path).parent if on_path else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Cluster:
    """One PostgreSQL server, started and stopped by the tests."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="raise-the-sum-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.user = "postgres" if os.geteuid() == 0 else None
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        self._run(
            "initdb", "-N", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8"
        )

    def _run(self, program: str, *args: str) -> None:
        subprocess.run(
            [str(self.bin / program), *args],
            check=True,
            capture_output=True,
            user=self.user,
            cwd=self.root,
        )

    def start(self) -> None:
        """Start the server and wait until it accepts connections."""
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            "pg_ctl",
            "start",
            "-w",
            "-D",
            str(self.data),
            "-l",
            str(self.root / "log"),
            "-o",
            options,
        )

    def stop(self) -> None:
        """Stop the server at once (``-m fast``: the sessions are ended, nothing is lost)."""
        self._run("pg_ctl", "stop", "-w", "-m", "fast", "-D", str(self.data))

    def url(self, database: str = "postgres") -> str:
        """The address of a database of the cluster."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; its address."""
        name = f"t{uuid.uuid4().hex[:16]}"
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def destroy(self) -> None:
        """Stop the server (if it runs) and delete its folder."""
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()
        shutil.rmtree(self.root, ignore_errors=True)
