"""``raise-the-sum simulate`` stopped by Ctrl-C or SIGTERM, as a real process: the results so far,
every finished match's record, and no worker process left behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from raise_the_sum.records import MatchRecord

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc for the processes")

USER_BOTS = '''
import attrs


@attrs.frozen
class Opener:
    """Plays the first legal action."""

    name: str = "opener"

    def choose(self, view, legal, rng):
        return legal[0], rng
'''


def children(pid: int) -> set[int]:
    """Every process descended from ``pid``, from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rpartition(")")[2].split()[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for(condition: object, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {seconds} s waiting for {what}")
        time.sleep(0.05)


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    (tmp_path / "mybots.py").write_text(USER_BOTS, encoding="utf-8")
    yield tmp_path


def as_a_shell_starts_it() -> None:
    """Ctrl-C at its default, as a shell starts a foreground program: a test run from a
    background job inherits SIGINT ignored, and Python then installs no handler for it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(folder: Path, *args: str) -> subprocess.Popen[str]:
    """The real command line, in ``folder`` (where mybots.py is), in a session of its own,
    with no PYTHONPATH: the bot's module is found in the working folder."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.Popen(
        [sys.executable, "-m", "raise_the_sum", "simulate", *args],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=as_a_shell_starts_it,  # nothing but a signal disposition before the exec
    )


@pytest.mark.parametrize(
    ("jobs", "how"),
    [("1", "ctrl-c"), ("2", "ctrl-c"), ("1", "sigterm"), ("2", "sigterm")],
)
def test_ctrl_c_or_sigterm_stops_with_the_results_so_far_the_records_and_no_worker_left(
    folder: Path, jobs: str, how: str
) -> None:
    records = folder / "runs"
    process = start(
        folder,
        "--bots",
        "mybots:Opener",
        "search",
        "--matches",
        "5000",
        "--jobs",
        jobs,
        "--records",
        str(records),
        "--no-progress",
    )
    try:
        wait_for(lambda: len(list(records.glob("match-*.txt"))) >= 2, 120, "two records")
        # Each worker (or the command itself, with --jobs 1) runs the bot of your own in a
        # process of its own, for the time limit.
        wait_for(
            lambda: len(children(process.pid)) >= 2 * int(jobs) - (jobs == "1"),
            60,
            "the workers and the bots' own processes",
        )
        family = children(process.pid)
        if how == "ctrl-c":  # a terminal sends SIGINT to the whole foreground group
            os.killpg(process.pid, signal.SIGINT)
        else:  # kill PID
            process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == (130 if how == "ctrl-c" else 143), err
    why = "Ctrl-C" if how == "ctrl-c" else "SIGTERM"
    assert f"stopped by {why} after" in err, err
    assert "Traceback" not in err, err
    wait_for(lambda: not any(alive(pid) for pid in family), 10, f"the end of {family}")
    first = out.splitlines()[0]
    played = int(first.split(" matches")[0].split(", ")[-1])
    files = sorted(records.glob("match-*.txt"))
    assert len(files) == played >= 2, (first, files)
    assert not list(records.glob("*.part"))
    for path in files:
        record = MatchRecord.from_text(path.read_text(encoding="utf-8"))
        assert record.tags["Match"] == str(int(path.stem.split("-")[1]))
        assert record.replay()[-1].phase.name == "MATCH_OVER"
