"""A bot of your own in a process of its own, so that a decision that runs too long is stopped.

A tournament with a time limit per decision (``move_seconds``) plays the
bots that are not the library's through a *host*: a child process that
holds them and answers each ``choose`` over a pipe. The match itself stays
in the tournament's process. When an answer does not come within the
limit, the host is killed, whatever the bot was doing (a Python loop, a
sleep, a C call), and a new one is started for the next decision that
needs it. Only a process can be stopped this way: a thread cannot be
killed, and a signal can be caught or ignored by the bot.

Each thread that plays matches has its own host, started on first use
with the ``spawn`` method (a fresh interpreter: it holds nothing of the
tournament's process, and the bot's module is imported from the same
``sys.path``). A host ignores Ctrl-C, which its parent handles, and ends
when its parent closes the pipe or dies.
"""

from __future__ import annotations

import multiprocessing
import pickle
import signal
import threading
import traceback
import weakref
from collections.abc import Sequence
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Final

import attrs

from raise_the_sum.actions import Action
from raise_the_sum.bots.base import Bot
from raise_the_sum.driver import BotError
from raise_the_sum.rng import Rng
from raise_the_sum.views import PlayerView

#: Seconds a new host may take to start and load the match's bots (an import of the
#: library and of the bots' modules); a host slower than that is reported.
START_SECONDS: Final = 60.0

_CONTEXT: Final = multiprocessing.get_context("spawn")


def _serve(conn: Connection) -> None:
    """The host's loop: load the match's bots, then answer each decision, until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    bots: dict[int, Bot] = {}
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message[0] == "bots":
            try:
                bots = {seat: pickle.loads(data) for seat, data in message[1].items()}
            except Exception as error:
                conn.send(("failed", f"{type(error).__name__}: {error}", _trace(error)))
            else:
                conn.send(("ok", None, None))
            continue
        _, seat, view, legal, rng = message
        try:
            result = bots[seat].choose(view, legal, rng)
        except Exception as error:
            conn.send(("raised", f"{type(error).__name__}: {error}", _trace(error)))
            continue
        try:
            conn.send(("ok", result, None))
        except Exception as error:  # the bot returned something that cannot be sent back
            conn.send(("shape", f"{type(result).__name__} that cannot be pickled: {error}", None))


def _trace(error: BaseException) -> str:
    """The traceback of ``error`` from the bot's own frames on (the host's line left out)."""
    kept = error.__traceback__
    return "".join(traceback.format_exception(type(error), error, kept.tb_next if kept else None))


def _stop(process: BaseProcess, conn: Connection) -> None:
    conn.close()
    if process.is_alive():
        process.kill()
    process.join()


class Host:
    """One child process holding the bots of one match, answering their decisions."""

    def __init__(self) -> None:
        ours, theirs = _CONTEXT.Pipe()
        try:
            process = _CONTEXT.Process(target=_serve, args=(theirs,), daemon=True)
            process.start()
        except (AssertionError, OSError) as error:  # e.g. a daemonic worker may have no children
            raise RuntimeError(
                "move_seconds: cannot start a process for the bots of your own here "
                f"({error}); play without a time limit (move_seconds=None)"
            ) from None
        finally:
            theirs.close()
        self.process = process
        self.conn = ours
        #: The bots of the match it holds (the dict itself: one per match), or None.
        self.loaded: dict[int, bytes] | None = None
        self._finalizer = weakref.finalize(self, _stop, process, ours)

    def close(self) -> None:
        """Stop the host (killed if it is busy) and wait for it."""
        self._finalizer()

    @property
    def alive(self) -> bool:
        """True while the host's process runs and its pipe is open."""
        return self._finalizer.alive and self.process.is_alive()

    def _ask(self, message: tuple[object, ...], seconds: float) -> tuple[str, object, object]:
        """Send ``message`` and wait up to ``seconds`` for the answer; None when time runs out.

        On any failure to answer (time out, Ctrl-C, a dead process) the host
        is stopped, so that no stale answer can be read later.
        """
        try:
            self.conn.send(message)
            if not self.conn.poll(seconds):
                self.close()
                return ("time", None, None)
            answer: tuple[str, object, object] = self.conn.recv()
            return answer
        except (EOFError, OSError):
            code = self.process.exitcode
            self.close()
            return ("died", self.process.exitcode if code is None else code, None)
        except BaseException:
            self.close()
            raise

    def load(self, bots: dict[int, bytes], names: dict[int, str]) -> None:
        """Give the host the match's bots, pickled, by seat (fresh copies for a new match)."""
        kind, detail, trace = self._ask(("bots", bots), START_SECONDS)
        if kind == "ok":
            self.loaded = bots
            return
        seat = min(bots)
        reason = (
            f"could not be loaded in its own process: {detail}"
            if kind == "failed"
            else f"could not be loaded in its own process: it did not start in {START_SECONDS:g} s"
            if kind == "time"
            else f"could not be loaded in its own process: it ended with exit code {detail}"
        )
        raise BotError(
            names[seat],
            seat,
            "raised",
            reason,
            bot_traceback=trace if isinstance(trace, str) else None,
        )


_LOCAL: Final = threading.local()


def host() -> Host:
    """This thread's host, started if there is none (or the last one was stopped)."""
    current: Host | None = getattr(_LOCAL, "host", None)
    if current is None or not current.alive:
        current = _LOCAL.host = Host()
    return current


def close_host() -> None:
    """Stop this thread's host, if it has one (a tournament's end)."""
    current: Host | None = getattr(_LOCAL, "host", None)
    if current is not None:
        current.close()
        _LOCAL.host = None


@attrs.frozen
class Remote:
    """A seat's bot as the driver sees it: each ``choose`` answered by this thread's host.

    ``position`` gives the view's position for a report; the time limit is
    ``seconds`` per decision. Out of time, ``choose`` raises a
    :class:`~raise_the_sum.driver.BotError` of kind ``"time"``; a bot that
    raises in the host gives kind ``"raised"`` with its traceback.
    """

    name: str
    seat: int
    seconds: float
    bots: dict[int, bytes] = attrs.field(eq=False)
    names: dict[int, str] = attrs.field(eq=False)

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> object:
        """Ask the host; the bot's answer as it gave it (the driver checks its shape)."""
        current = host()
        if current.loaded is not self.bots:
            current.load(self.bots, self.names)
        kind, detail, trace = current._ask(("choose", self.seat, view, legal, rng), self.seconds)
        if kind == "ok":
            return detail
        if kind == "time":
            reason = f"took more than {self.seconds:g} s to decide (the time limit) and was stopped"
        elif kind == "died":
            reason = f"ended its process (exit code {detail}) while deciding"
        elif kind == "shape":
            reason = f"returned a {detail}"
        else:
            reason = f"raised {detail}"
        raise BotError(
            self.name,
            self.seat,
            "raised" if kind in ("raised", "died") else kind,
            reason,
            bot_traceback=trace if isinstance(trace, str) else None,
        )
