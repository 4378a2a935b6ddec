"""``raise-the-sum play`` end to end: the installed command in a pseudo-terminal.

The command runs as a child process whose terminal is a pseudo-terminal
(:func:`pty.fork`), so it sees a real terminal: colours, line editing, the
terminal's Ctrl-C and Ctrl-D. The test types into it as a player would and
reads the screen. Every read is bounded by a deadline and the child is
killed at the end whatever happens, so the test cannot hang.
"""

from __future__ import annotations

import errno
import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("raise-the-sum")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|[\x01\x02]")
TIMEOUT = 30.0

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


class Terminal:
    """A child process on a pseudo-terminal: type into it, read its screen."""

    def __init__(self, pid: int, fd: int) -> None:
        self.pid = pid
        self.fd = fd
        self.raw = b""
        self.status: int | None = None

    @property
    def screen(self) -> str:
        """Everything shown so far, without the terminal's control codes."""
        return ANSI.sub("", self.raw.decode("utf-8", "replace")).replace("\r\n", "\n")

    def type(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def _read(self, deadline: float) -> bool:
        """Read what is there until ``deadline``; False once the child has closed the terminal."""
        ready, _, _ = select.select(
            [self.fd], [], [], max(0.0, min(0.2, deadline - time.monotonic()))
        )
        if not ready:
            return True
        try:
            chunk = os.read(self.fd, 65536)
        except OSError as error:  # Linux reports the closed end as EIO
            if error.errno != errno.EIO:
                raise
            return False
        self.raw += chunk
        return bool(chunk)

    def expect(self, text: str, after: int = 0) -> int:
        """Wait until ``text`` is on the screen after position ``after``; return where it ends."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            found = self.screen.find(text, after)
            if found >= 0:
                return found + len(text)
            if time.monotonic() > deadline or not self._read(deadline):
                pytest.fail(
                    f"{text!r} did not appear ({self._process()}); the screen:\n"
                    f"{self.screen[after:][-3000:]}"
                )

    def expect_any(self, texts: list[str], after: int = 0) -> tuple[int, int]:
        """Wait for the first of ``texts`` to appear after ``after``: (its index, where it ends)."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            found = [(self.screen.find(text, after), i) for i, text in enumerate(texts)]
            shown = sorted((at, i) for at, i in found if at >= 0)
            if shown:
                at, i = shown[0]
                return i, at + len(texts[i])
            if time.monotonic() > deadline or not self._read(deadline):
                pytest.fail(
                    f"none of {texts!r} appeared; the screen:\n{self.screen[after:][-3000:]}"
                )

    def _process(self) -> str:
        """The child's state and signal masks from ``/proc``, for a failure's message."""
        try:
            status = Path(f"/proc/{self.pid}/status").read_text().splitlines()
        except OSError:
            return "the child has no /proc entry"
        wanted = ("State", "SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt")
        return ", ".join(" ".join(line.split()) for line in status if line.startswith(wanted))

    def settle(self) -> None:
        """Wait (within the deadline) until the child sleeps, as it does waiting for a key.

        CPython's ``input()`` with readline shows the prompt, then waits in
        ``select``, and looks for signals only when that wait is broken: a
        Ctrl-C that lands in between is seen only once a line is entered. A
        person cannot type that fast, but a test on a loaded machine can, so
        it sends Ctrl-C once the child is asleep (its state in ``/proc``;
        where there is no ``/proc``, after a pause).
        """
        stat = Path(f"/proc/{self.pid}/stat")
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            try:
                state = stat.read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                time.sleep(0.5)
                return
            if state == "S":
                return
            time.sleep(0.01)
        pytest.fail(f"the game never waited for a key; the screen:\n{self.screen[-3000:]}")

    def wait(self) -> int:
        """Read to the end and return the exit status (within the deadline)."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if not self._read(deadline):
                break
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
                return self.status
            time.sleep(0.05)
        pytest.fail(f"the game did not end; the screen:\n{self.screen[-3000:]}")


@contextmanager
def game(*argv: str) -> Iterator[Terminal]:
    """``raise-the-sum play ARGV`` on a 100x40 pseudo-terminal; killed at the end if need be."""
    assert SCRIPT.exists(), "install the package first: .venv/bin/pip install -e '.[test]'"
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "40"}
    env.pop("NO_COLOR", None)
    pid, fd = pty.fork()
    if pid == 0:  # the child: its terminal is the pseudo-terminal
        try:
            # As a shell starts a program in the foreground: Ctrl-C and Ctrl-\ do their
            # default thing, even when pytest itself runs as a background job, which
            # inherits them ignored (a non-interactive shell's '&'; Python then installs
            # no handler for Ctrl-C, and the game never sees it).
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGQUIT, signal.SIG_DFL)
            os.execve(str(SCRIPT), [str(SCRIPT), "play", *argv], env)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
    terminal = Terminal(pid, fd)
    try:
        yield terminal
    finally:
        if terminal.status is None:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
        os.close(fd)


def test_play_in_a_terminal_a_bad_line_a_play_a_pass_and_quit() -> None:
    with game("--seed", "3", "--players", "2", "--delay", "0", "--wait-for-enter") as t:
        at = t.expect("Your opening › ")
        assert "Raise the Sum · You against Riley" in t.screen
        assert "Your hand (8 cards):" in t.screen
        # The cards are in colour: blue chips for Add cards, on a terminal.
        assert re.search(rb"\x1b\[[0-9;]*44m \+\d ", t.raw), "a blue chip for an Add card"

        t.type("9\r")
        at = t.expect(
            "✗ there is no card 9: your hand has 8 cards, numbered 1 to 8 (rule R4.2)", at
        )
        at = t.expect("Your opening › ", at)

        t.type("+6 +7\r")
        at = t.expect("You open with +6 +7: 7 + 6 = 13", at)
        # Riley replies or passes; then either You reply, or the round is over.
        which, at = t.expect_any(["Your reply (beat ", "Press Enter for round 2 › "], at)
        if which == 0:
            at = t.expect(") › ", at)
            t.type("pass\r")
            at = t.expect("You pass (out for the rest of the round)", at)
            at = t.expect("Press Enter for round 2 › ", at)
        t.type("quit\r")
        t.expect("Bye! (This was seed 3; replay it with --seed 3.)", at)
        assert t.wait() == 0
        assert "Traceback" not in t.screen


def test_ctrl_d_and_ctrl_c_leave_a_terminal_game_cleanly() -> None:
    with game("--seed", "5", "--delay", "0") as t:
        t.expect("Your opening › ")
        t.type("\x04")  # Ctrl-D: end of input
        t.expect("End of input: bye! (This was seed 5.)")
        assert t.wait() == 0
        # The goodbye starts a line of its own, not the prompt's.
        assert "Your opening › \nEnd of input: bye!" in t.screen
    with game("--seed", "5", "--delay", "0", "--tutorial") as t:
        at = t.expect("Guide: Play your first hand, see Riley’s reply")
        t.expect("Your opening › ", at)
        t.settle()
        t.type("\x03")  # Ctrl-C: the terminal sends SIGINT
        t.expect("Interrupted: bye! (This was seed 5.)")
        assert t.wait() == 130
        assert "Traceback" not in t.screen


def test_the_next_round_starts_by_itself_and_enter_skips_the_wait() -> None:
    # Seed 3, two players: You open +6 +7 and pass any reply, so round 1 ends quickly.
    for pause, skip in (("0.3", False), ("10", True)):
        with game("--seed", "3", "--players", "2", "--delay", "0", "--round-pause", pause) as t:
            at = t.expect("Your opening › ")
            t.type("+6 +7\r")
            which, at = t.expect_any(["Your reply (beat ", "Round 2 starts in a moment"], at)
            if which == 0:
                at = t.expect(") › ", at)
                t.type("pass\r")
                at = t.expect("Round 2 starts in a moment (Enter: now) › ", at)
            if skip:
                t.type("\r")
            at = t.expect("── Round 2 · ", at)
            asked = t.expect(" › ", at)  # the round's first prompt: an opening or a reply
            t.type("quit\r")
            t.expect("Bye! (This was seed 3", at)
            assert t.wait() == 0
            # The Enter was the wait's answer: had the wait not read it, it would have been
            # left for the round's first prompt, which answers an empty line with a ✗ and
            # asks again.
            after = t.screen[asked:]
            assert "✗" not in after and " › " not in after, after
