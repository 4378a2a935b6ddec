"""Smoke-test an installed wheel: the package data, ``serve`` over HTTP, and ``play``.

Run with the Python of a fresh virtual environment where the wheel (not the
source tree) is installed with the extras ``web`` and ``cli``, from a folder
outside the repository, as ``.ci/run`` does::

    python -m venv /tmp/wheel && /tmp/wheel/bin/pip install 'dist/raise_the_sum-...whl[web,cli]'
    cd /tmp && /tmp/wheel/bin/python /path/to/tools/smoke_wheel.py

It checks that the package comes from the environment's site-packages, that
the page and the JSON Schemas are installed as package data, then starts
``raise-the-sum serve`` on a free port and fetches the page, one of its
static files and a new table's document, and plays a few keys of
``raise-the-sum play``. Only the standard library talks to the server.
Exits 1 with the reason on the first failure.
"""

from __future__ import annotations

import json
import re
import select
import subprocess
import sys
import sysconfig
import tempfile
import time
import urllib.request
from importlib import resources
from pathlib import Path
from typing import Any

import raise_the_sum


def fetch(url: str, body: dict[str, Any] | None = None, token: str = "") -> tuple[int, bytes]:
    """GET (or POST ``body`` as JSON) ``url``: the status and the body."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST")
    if body is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return answer.status, answer.read()


def check_installed() -> None:
    """The package is the wheel's, in site-packages, with its page and schemas."""
    where = Path(raise_the_sum.__file__).resolve()
    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    assert site in where.parents, f"raise_the_sum comes from {where}, not from {site}"
    package = resources.files("raise_the_sum")
    for name in ("py.typed", "web/index.html", "web/app.js", "schemas/view.json"):
        assert package.joinpath(name).is_file(), f"{name} is not in the installed package"
    json.loads(package.joinpath("schemas/state.json").read_text(encoding="utf-8"))
    print(f"smoke: raise_the_sum {where.parent}, with its page and schemas")


def check_serve(command: Path, folder: Path) -> None:
    """``serve`` on a free port: the page, a static file, a table and its document."""
    server = subprocess.Popen(
        [str(command), "serve", "--port", "0", "--db", str(folder / "tables.db")],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert server.stdout is not None
        url = ""
        deadline = time.monotonic() + 60
        while not url and time.monotonic() < deadline and server.poll() is None:
            ready, _, _ = select.select([server.stdout], [], [], 0.5)
            if ready and (match := re.search(r"http://\S+/", server.stdout.readline())):
                url = match[0].rstrip("/")
        assert url, "serve printed no URL within 60 s"
        status, page = fetch(url + "/")
        assert status == 200 and b"<html" in page.lower(), (status, page[:200])
        status, script = fetch(url + "/static/app.js")
        assert status == 200 and script, status
        status, created = fetch(url + "/api/tables", {"seats": ["human", "riley"]})
        assert status == 201, (status, created)
        table = json.loads(created)
        status, doc = fetch(f"{url}/api/tables/{table['table']}", token=table["tokens"]["0"])
        assert status == 200 and json.loads(doc)["view"]["seat"] == 0, (status, doc[:200])
        print(f"smoke: serve at {url}: the page, /static/app.js, a table and its document")
    finally:
        server.terminate()
        server.wait(20)


def check_play(command: Path) -> None:
    """``play`` against one bot: an opening by number, then quit."""
    done = subprocess.run(
        [str(command), "play", "--players", "2", "--seed", "7", "--delay", "0"],
        input="1\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, (done.returncode, done.stdout[-500:], done.stderr[-500:])
    assert "replay it with --seed 7" in done.stdout, done.stdout[-500:]
    print("smoke: play, an opening and quit")


def main() -> int:
    """Run the three checks; 0 when all pass."""
    command = Path(sys.executable).parent / "raise-the-sum"
    try:
        check_installed()
        with tempfile.TemporaryDirectory() as folder:
            check_serve(command, Path(folder))
        check_play(command)
    except AssertionError as failure:
        print(f"smoke: FAILED: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
