"""The web game's first paint on localhost: medians over fresh browser contexts.

Run from the repository's root, in the project's virtual environment (needs the
``web`` and ``test`` extras and Debian's ``/usr/bin/chromium``)::

    .venv/bin/python benchmarks/bench_web.py [--repeats 15] [--against ../other-checkout]

It starts ``raise-the-sum serve`` on a free port of 127.0.0.1 with a temporary
database, then opens ``/`` in a fresh browser context ``--repeats`` times
(nothing cached) and reports the medians of the browser's own figures:
``first-paint`` and ``first-contentful-paint`` (the Paint Timing API), and the
moment the start screen is ready (the page's modules have run: the
performance mark ``rts-ready``). Then it starts a standard match and reports
the median time from the click on "Play" to the first table with the
player's hand. The targets: a first paint under 250 ms and a click
to the table under 200 ms on localhost.

``--against`` names another checkout of the project (its ``src/`` is put first
on the server's ``PYTHONPATH``, so its page and server are served): both are
measured in the same run, taking turns, and the ratios of this tree's medians
to the other's are printed, which hold on a loaded machine where the
milliseconds alone do not.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
FIGURES = ("first-paint", "first-contentful-paint", "start screen ready", "Play to the table")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _serve(db: Path, source: Path | None) -> tuple[str, subprocess.Popen[bytes]]:
    """Start the server (of ``source``'s tree when given); return its URL once it answers."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(source / "src"), env.get("PYTHONPATH", "")])
    command = [sys.executable, "-m", "raise_the_sum.cli", "serve", "--port", str(port)]
    server = subprocess.Popen(
        [*command, "--db", str(db), "--pace", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    for _ in range(300):
        try:
            urllib.request.urlopen(url, timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    return url, server


def _measure(browser: Browser, url: str, figures: dict[str, list[float]]) -> None:
    """One fresh context: the paints, the start screen, then Play to the table."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#start-play", state="visible")
    paints = page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('paint').map(e => [e.name, e.startTime]))"
    )
    for name in ("first-paint", "first-contentful-paint"):
        figures[name].append(float(paints[name]))
    ready = page.evaluate("performance.getEntriesByName('rts-ready')[0].startTime")
    figures["start screen ready"].append(float(ready))
    began = time.perf_counter()
    page.click("#start-play")
    page.wait_for_selector("#hand .card")
    figures["Play to the table"].append((time.perf_counter() - began) * 1000)
    context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--against", type=Path, default=None, help="another checkout to compare")
    options = parser.parse_args()
    trees: list[tuple[str, Path | None]] = [("this tree", None)]
    if options.against is not None:
        trees.append((f"{options.against}", options.against.resolve()))
    results: dict[str, dict[str, list[float]]] = {
        name: {figure: [] for figure in FIGURES} for name, _ in trees
    }
    servers: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory() as tmp:
        try:
            urls: dict[str, str] = {}
            for number, (name, source) in enumerate(trees):
                url, server = _serve(Path(tmp) / f"bench{number}.sqlite3", source)
                servers.append(server)
                urls[name] = url
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
                for repeat in range(options.repeats):
                    order = list(urls.items())
                    if repeat % 2:  # the trees take turns going first
                        order.reverse()
                    for name, url in order:
                        _measure(browser, url, results[name])
                browser.close()
        finally:
            for server in servers:
                server.terminate()
                server.wait(timeout=10)
    print(f"web page on localhost, {options.repeats} fresh contexts each (medians, ms)")
    for name, figures in results.items():
        print(f" {name}")
        for figure, values in figures.items():
            print(
                f"  {figure:<24} {statistics.median(values):8.1f}"
                f"   (min {min(values):.1f}, max {max(values):.1f})"
            )
    if len(results) == 2:
        (mine, here), (other, there) = results.items()
        print(f" ratios, {mine} / {other}")
        for figure in FIGURES:
            ratio = statistics.median(here[figure]) / statistics.median(there[figure])
            print(f"  {figure:<24} {ratio:8.2f}x")


if __name__ == "__main__":
    main()
