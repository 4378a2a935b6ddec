"""The web game's first paint on localhost: medians over fresh browser contexts.

Run from the repository root, in the project's virtual environment (needs the
``web`` and ``test`` extras and Debian's ``/usr/bin/chromium``)::

    .venv/bin/python benchmarks/bench_web.py [--repeats 15]

It starts ``raise-the-sum serve`` on a free port of 127.0.0.1 with a temporary
database, then opens ``/`` in a fresh browser context ``--repeats`` times
(nothing cached) and reports the medians of the browser's own figures:
``first-paint`` and ``first-contentful-paint`` (the Paint Timing API), and the
moment the start screen is ready (the page's modules have run: the
performance mark ``rts-ready``). Then it
starts a standard match and reports the median time from the click on "Play"
to the first table with the player's hand. The target of issue 10 is a first
paint under 1 s on localhost.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    options = parser.parse_args()
    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "raise_the_sum.cli",
                "serve",
                "--port",
                str(port),
                "--db",
                str(Path(tmp) / "bench.sqlite3"),
                "--pace",
                "0",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(url, timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            figures: dict[str, list[float]] = {
                "first-paint": [],
                "first-contentful-paint": [],
                "start screen ready": [],
                "Play to the table": [],
            }
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
                for _ in range(options.repeats):
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    page = context.new_page()
                    page.goto(url)
                    page.wait_for_selector("#start-play", state="visible")
                    paints = page.evaluate(
                        "Object.fromEntries(performance.getEntriesByType('paint')"
                        ".map(e => [e.name, e.startTime]))"
                    )
                    for name in ("first-paint", "first-contentful-paint"):
                        figures[name].append(float(paints[name]))
                    figures["start screen ready"].append(
                        float(
                            page.evaluate("performance.getEntriesByName('rts-ready')[0].startTime")
                        )
                    )
                    began = time.perf_counter()
                    page.click("#start-play")
                    page.wait_for_selector("#hand .card")
                    figures["Play to the table"].append((time.perf_counter() - began) * 1000)
                    context.close()
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(f"web page on localhost, {options.repeats} fresh contexts (medians, ms)")
    for name, values in figures.items():
        print(
            f"  {name:<24} {statistics.median(values):8.1f}"
            f"   (min {min(values):.1f}, max {max(values):.1f})"
        )


if __name__ == "__main__":
    main()
