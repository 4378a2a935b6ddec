"""The match driver: let the bots act until a human must, and say what happened.

A :class:`Table` is a match under way, as one frozen value: the
:class:`~raise_the_sum.GameState`, who sits at each seat (a
:class:`~raise_the_sum.bots.Bot`, or ``None`` for a seat that the caller
plays, such as a human's), each bot's own seeded
:class:`~raise_the_sum.Rng`, and who sends ``NextRound()`` between rounds
(:class:`NextRoundBy`). Three pure functions move a table on, each
returning the new table and a :class:`Move` (the seat, the action and its
:mod:`events <raise_the_sum.events>`):

* :func:`bot_step`: one action by the driver, a bot's choice or the
  ``NextRound()`` that the driver sends. This is what an asynchronous
  server calls between its own paced pauses, in a worker thread: it holds
  no lock and touches nothing but its argument.
* :func:`run_bots`: :func:`bot_step` until a human must act or the match is
  over, calling an optional ``hook`` after every action (to show it, or to
  pause). A tournament runs a whole match of bots with it; a terminal game
  runs the opponents up to the player's turn.
* :func:`act`: the caller's own action, for a human seat (or the
  ``NextRound()`` that the driver leaves to the caller).

Nothing is hidden in a table that the caller cannot persist: ``state`` has
its wire form, each generator is one 64-bit integer (``rng.state``), and a
bot is a frozen value named by ``bot.name``. Rebuild a table with
``Table(state, bots, rngs, next_round)``.

A whole match between two bots:

>>> from raise_the_sum import Rng, Rules, new_game
>>> from raise_the_sum.bots import GreedyBot, RandomBot
>>> table = Table.start(new_game(Rules(players=2), seed=1), [GreedyBot(), RandomBot()],
...                     Rng.from_seed(1), next_round=NextRoundBy.DRIVER)
>>> table, moves = run_bots(table)
>>> table.over, max(table.state.points), moves[-1].events[-1]
(True, 5, MatchWon(seat=0, points=5))

A human at seat 0 against two bots: the bots act until it is seat 0's turn.

>>> from raise_the_sum import Pass, Play
>>> from raise_the_sum.bots import OPPONENTS
>>> table = Table.start(new_game(Rules(players=3), seed=4),
...                     [None, OPPONENTS["riley"], OPPONENTS["sam"]], Rng.from_seed(4))
>>> table.waiting_for
0
>>> table, move = act(table, Play(table.state.hands[0][-1:]), seat=0)
>>> table, moves = run_bots(table)
>>> [move.seat for move in moves], table.waiting_for
([1, 2], 0)
"""

from __future__ import annotations

import enum
import traceback
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from raise_the_sum import _memo
from raise_the_sum.actions import Action, Discard, IllegalAction, NextRound, Pass, Play
from raise_the_sum.bots.base import Bot
from raise_the_sum.engine import legal_plays
from raise_the_sum.errors import RaiseTheSumError
from raise_the_sum.events import Event, observe_events, step
from raise_the_sum.rng import Rng
from raise_the_sum.state import GameState, Phase
from raise_the_sum.views import PlayerView, observe

__all__ = [
    "MAX_ACTIONS",
    "BotError",
    "Move",
    "NextRoundBy",
    "Table",
    "act",
    "bot_step",
    "run_bots",
    "trusted_table",
]

#: :func:`run_bots` stops with :class:`RuntimeError` after this many actions in one call:
#: bots stuck in a loop.
MAX_ACTIONS: Final = 100_000

_NEXT_ROUND: Final = NextRound()
_ACTION_TYPES: Final = (Play, Pass, Discard, NextRound)


class BotError(RaiseTheSumError, ValueError):
    """A bot broke its contract: it raised, returned the wrong shape, chose an illegal action,
    or ran out of time.

    ``str(error)`` says it in one line: the bot, its seat and what went
    wrong, then, in a tournament, the match's number and the seeds that
    replay it, and the position the bot saw. The fields hold the same
    parts for a program:

    >>> error = BotError("opener", 1, "raised", "raised ZeroDivisionError: division by zero")
    >>> print(error)
    bot 'opener' at seat 1 raised ZeroDivisionError: division by zero
    >>> print(error.at(match=3, seed=7, game_seed=42))
    bot 'opener' at seat 1 raised ZeroDivisionError: division by zero (match 3, tournament seed 7, game seed 42)

    A :class:`~raise_the_sum.RaiseTheSumError` and a :class:`ValueError`,
    as a bot's illegal choice always raised; :attr:`rule` is the rule an
    illegal choice breaks, else None. It pickles whole, so it comes back
    from a worker process as it was raised.
    """  # noqa: E501 (a doctest shows the message whole)

    #: What ``kind`` may be: the bot raised, returned the wrong shape, chose an illegal
    #: action, or ran out of time.
    KINDS: Final = ("raised", "shape", "illegal", "time")

    def __init__(
        self,
        bot: str,
        seat: int,
        kind: str,
        reason: str,
        *,
        bot_traceback: str | None = None,
        position: str | None = None,
        match: int | None = None,
        seed: int | None = None,
        game_seed: int | None = None,
        rule: str | None = None,
    ) -> None:
        if kind not in self.KINDS:
            raise ValueError(f"BotError.kind: one of {', '.join(self.KINDS)}, got {kind!r}")
        #: The bot's name.
        self.bot = bot
        #: The seat it played.
        self.seat = seat
        #: ``"raised"``, ``"shape"``, ``"illegal"`` or ``"time"``.
        self.kind = kind
        #: What went wrong, as the message says it after the seat.
        self.reason = reason
        #: The traceback of the bot's own exception, as text, for its author (kind ``raised``).
        self.bot_traceback = bot_traceback
        #: The position the bot saw, in its seat's form, when known.
        self.position = position
        #: The match's number in its tournament, from 1, when in a tournament.
        self.match = match
        #: The tournament's seed, when in a tournament.
        self.seed = seed
        #: The seed the match was dealt with, when in a tournament.
        self.game_seed = game_seed
        #: The rule an illegal choice breaks (kind ``illegal``), else None.
        self.rule = rule
        super().__init__(str(self))

    def _fields(self) -> dict[str, Any]:
        return {
            "bot_traceback": self.bot_traceback,
            "position": self.position,
            "match": self.match,
            "seed": self.seed,
            "game_seed": self.game_seed,
            "rule": self.rule,
        }

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_bot_error, (self.bot, self.seat, self.kind, self.reason, self._fields()))

    def __str__(self) -> str:
        text = f"bot {self.bot!r} at seat {self.seat} {self.reason}"
        if self.match is not None:
            text += (
                f" (match {self.match}, tournament seed {self.seed}, game seed {self.game_seed})"
            )
        if self.position is not None:
            text += f"; position: {self.position}"
        return text

    def at(self, *, match: int, seed: int, game_seed: int, position: str | None = None) -> BotError:
        """The same error, placed in a tournament: match ``match`` (from 1), its seeds, and
        the position the bot saw (in its seat's form)."""
        fields = {**self._fields(), "match": match, "seed": seed, "game_seed": game_seed}
        if position is not None:
            fields["position"] = position
        return BotError(self.bot, self.seat, self.kind, self.reason, **fields)


def _rebuild_bot_error(
    bot: str, seat: int, kind: str, reason: str, fields: dict[str, Any]
) -> BotError:
    return BotError(bot, seat, kind, reason, **fields)


#: What :meth:`Bot.choose <raise_the_sum.bots.Bot.choose>` must return, as error messages say it.
CONTRACT: Final = (
    "choose(view, legal, rng) must return a tuple (action, rng): one of the legal actions, "
    "and the Rng it was given, advanced or as it was"
)


def _shape(value: object) -> str:
    """What a bot returned, short, for an error message."""
    if isinstance(value, tuple):
        return (
            "("
            + ", ".join(_shape_item(item) for item in value)
            + ("," if len(value) == 1 else "")
            + ")"
        )
    return _shape_item(value)


def _shape_item(value: object) -> str:
    text = str(value) if isinstance(value, (*_ACTION_TYPES, Rng)) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class NextRoundBy(enum.Enum):
    """Who sends ``NextRound()`` in the brief result between rounds (rule R5.4)."""

    #: The driver sends it as soon as the round ends, whoever won: a tournament.
    DRIVER = "driver"
    #: The round's winner sends it: the driver for a bot, the caller for a human seat.
    WINNER = "winner"
    #: The caller always sends it: the driver stops at the end of every round
    #: (a terminal's "Press Enter for the next round").
    CALLER = "caller"


def _bots(value: Sequence[Bot | None]) -> tuple[Bot | None, ...]:
    return tuple(value)


def _rngs(value: Sequence[Rng | None]) -> tuple[Rng | None, ...]:
    return tuple(value)


@attrs.frozen
class Table:
    """A match under way: the state, who sits where, the bots' generators, who ends rounds.

    ``bots[s]`` is the bot at seat ``s``, or ``None`` for a seat that the
    caller plays with :func:`act`; ``rngs[s]`` is that bot's generator
    (``None`` for a caller's seat), advanced by each of its choices. Build
    the first table with :meth:`Table.start`; rebuild a persisted one with
    ``Table(state, bots, rngs, next_round)``. A table is checked when it is
    built: one entry per seat in ``bots`` and ``rngs``, and a generator for
    exactly the bots' seats.
    """

    #: The table now.
    state: GameState
    #: The bot at each seat, or None for a seat that the caller plays.
    bots: tuple[Bot | None, ...] = attrs.field(converter=_bots)
    #: Each bot's own generator, by seat; None at the caller's seats.
    rngs: tuple[Rng | None, ...] = attrs.field(converter=_rngs)
    #: Who sends ``NextRound()`` between rounds.
    next_round: NextRoundBy = NextRoundBy.WINNER

    def __attrs_post_init__(self) -> None:
        state = self.state
        if not isinstance(state, GameState):
            raise TypeError(f"Table.state must be a GameState, got {state!r}")
        players = state.rules.players
        if len(self.bots) != players or len(self.rngs) != players:
            raise ValueError(
                f"Table: {players} seats need {players} bots (None for a caller's seat) and "
                f"{players} generators, got {len(self.bots)} and {len(self.rngs)}"
            )
        for seat, (bot, rng) in enumerate(zip(self.bots, self.rngs, strict=True)):
            if bot is None:
                if rng is not None:
                    raise ValueError(f"Table.rngs[{seat}]: seat {seat} has no bot, so no generator")
            elif not callable(getattr(bot, "choose", None)):
                raise TypeError(f"Table.bots[{seat}] must be a Bot or None, got {bot!r}")
            elif not isinstance(rng, Rng):
                raise TypeError(
                    f"Table.rngs[{seat}]: the bot at seat {seat} needs an Rng, got {rng!r}"
                )
        if not isinstance(self.next_round, NextRoundBy):
            raise TypeError(f"Table.next_round must be a NextRoundBy, got {self.next_round!r}")

    @classmethod
    def start(
        cls,
        state: GameState,
        bots: Sequence[Bot | None],
        rng: Rng,
        *,
        next_round: NextRoundBy = NextRoundBy.WINNER,
    ) -> Table:
        """A table at ``state`` with ``bots`` by seat, each bot's generator split from ``rng``.

        Seat ``s`` gets the ``s``-th generator that ``rng.split()`` splits off,
        in seat order; a caller's seat uses up its split too, so a bot's
        generator depends only on ``rng`` and its seat.
        """
        if not isinstance(rng, Rng):
            raise TypeError(f"rng must be an Rng, got {rng!r}")
        bots = tuple(bots)
        rngs: list[Rng | None] = []
        for bot in bots:
            child, rng = rng.split()
            rngs.append(None if bot is None else child)
        return cls(state, bots, rngs, next_round)

    @property
    def over(self) -> bool:
        """True when the match is won (rule R5.2): nobody acts again."""
        return self.state.phase is Phase.MATCH_OVER

    @property
    def driver_to_act(self) -> bool:
        """True when :func:`bot_step` acts now: a bot's turn, or a ``NextRound()`` it sends."""
        state = self.state
        phase = state.phase
        if phase is Phase.PLAY or phase is Phase.DISCARD:
            return self.bots[state.current] is not None
        if phase is Phase.ROUND_OVER:
            by = self.next_round
            return by is NextRoundBy.DRIVER or (
                by is NextRoundBy.WINNER and self.bots[state.current] is not None
            )
        return False

    @property
    def waiting_for(self) -> int | None:
        """The seat whose action the driver waits for from the caller, or None.

        None when the driver acts next or the match is over. Otherwise the
        seat to act (``state.current``): a caller's seat to play or discard,
        or, between rounds, the round's winner, in whose name ``NextRound()``
        is sent (with :attr:`NextRoundBy.CALLER`, a bot winner too).
        """
        if self.over or self.driver_to_act:
            return None
        return self.state.current

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know of the table now: ``observe(self.state, seat)``."""
        return observe(self.state, seat)


@attrs.frozen
class Move:
    """One action taken at a table, and what happened."""

    #: The seat that acted; for ``NextRound()``, the round's winner.
    seat: int
    #: The action.
    action: Action
    #: What happened, in the order of the rules (:func:`~raise_the_sum.step`).
    events: tuple[Event, ...]
    #: True when the driver chose it (a bot's action, or a ``NextRound()`` it sent).
    by_driver: bool

    def observed(self, seat: int) -> tuple[Event, ...]:
        """The events as ``seat`` may know them (:func:`~raise_the_sum.observe_events`)."""
        return observe_events(self.events, seat)


def bot_step(table: Table) -> tuple[Table, Move]:
    """One action by the driver: the acting bot's choice, or the ``NextRound()`` the driver sends.

    The bot at ``state.current`` chooses from its view and
    ``legal_plays`` with its own generator, which the new table holds
    advanced. Between rounds, when :attr:`Table.driver_to_act` says so, the
    driver sends ``NextRound()`` itself, without asking the bot (it has no
    choice to make, and its generator stays as it was).

    Raises :class:`ValueError` when the driver is not to act (a caller's
    seat must act, or the match is over), and :class:`BotError` (a
    ``ValueError``) when the bot breaks its contract: its ``choose`` raises
    (the error keeps the bot's traceback), returns anything but a tuple
    ``(action, rng)`` with an :class:`~raise_the_sum.Rng`, or chooses an
    action that the rules refuse (the message names the action and the
    rule). A :class:`BotError` that ``choose`` itself raises passes as it is:
    that is how a supervisor, such as a tournament's time limit, stops a bot.
    The table is never changed.
    """
    if not isinstance(table, Table):
        raise TypeError(f"table must be a Table, got {table!r}")
    state = table.state
    seat = state.current
    if not table.driver_to_act:
        if table.over:
            raise ValueError(f"bot_step: the match is over; seat {seat} has won it (rule R5.2)")
        raise ValueError(f"bot_step: the driver waits for the caller to act for seat {seat}")
    if state.phase is Phase.ROUND_OVER:
        after, events = step(state, _NEXT_ROUND)
        return _moved(table, after, table.rngs), Move(seat, _NEXT_ROUND, events, True)
    bot = table.bots[seat]
    rng = table.rngs[seat]
    assert bot is not None and rng is not None  # driver_to_act: a bot sits here
    try:
        chosen = bot.choose(observe(state, seat), legal_plays(state), rng)
    except BotError:  # a supervisor's verdict on the bot (the time limit): as it was raised
        raise
    except Exception as error:  # the bot's own bug: kept whole for its author
        kept = error.__traceback__
        raise BotError(
            bot.name,
            seat,
            "raised",
            f"raised {type(error).__name__}: {_one_line(error)}",
            bot_traceback="".join(
                traceback.format_exception(type(error), error, kept.tb_next if kept else None)
            ),
        ) from error
    if type(chosen) is not tuple or len(chosen) != 2 or type(chosen[1]) is not Rng:
        raise BotError(
            bot.name,
            seat,
            "shape",
            f"returned {_shape(chosen)}; {CONTRACT}",
        )
    action, rng = chosen
    try:
        after, events = step(state, action)
    except (IllegalAction, TypeError) as error:
        raise BotError(
            bot.name,
            seat,
            "illegal",
            f"chose {action}, which is not a legal action: {error}",
            rule=getattr(error, "rule", None),
        ) from error
    rngs = (*table.rngs[:seat], rng, *table.rngs[seat + 1 :])
    return _moved(table, after, rngs), Move(seat, action, events, True)


_table: Final = _memo.maker(Table)


def trusted_table(
    state: GameState,
    bots: tuple[Bot | None, ...],
    rngs: tuple[Rng | None, ...],
    next_round: NextRoundBy,
) -> Table:
    """``Table(state, bots, rngs, next_round)`` without its checks: for parts already checked.

    For a caller that keeps a checked table's parts and rebuilds the table
    from them at every step, as the game server does: ``bots`` and
    ``next_round`` as they were checked, ``state`` made by the engine from
    the checked state (the same rules, so the same seats), and ``rngs``
    differing from the checked generators at most in the bots' own
    advances. Anything else must go through :class:`Table`, which checks.

    >>> from raise_the_sum import Rng, Rules, new_game
    >>> from raise_the_sum.bots import RandomBot
    >>> table = Table.start(new_game(Rules(players=2), seed=3), [None, RandomBot()],
    ...                     Rng.from_seed(3))
    >>> trusted_table(table.state, table.bots, table.rngs, table.next_round) == table
    True
    """
    return _table(state, bots, rngs, next_round)


def _moved(table: Table, state: GameState, rngs: tuple[Rng | None, ...]) -> Table:
    """``attrs.evolve(table, state=state, rngs=rngs)``, without checking the table again.

    The table was checked when it was built; the engine made ``state`` from
    its state and ``rngs`` differs from its generators at most in the one bot
    that just chose (see :func:`trusted_table`).
    """
    return trusted_table(state, table.bots, rngs, table.next_round)


def run_bots(
    table: Table,
    *,
    hook: Callable[[Table, Move], None] | None = None,
    max_actions: int = MAX_ACTIONS,
) -> tuple[Table, tuple[Move, ...]]:
    """Let the driver act until the caller must or the match is over; the table then, and the moves.

    Calls :func:`bot_step` while :attr:`Table.driver_to_act` holds, and
    ``hook(table, move)`` after each action with the table after it (to
    show the move, or to pause between bots' actions). When it returns,
    either the match is over or :attr:`Table.waiting_for` names the seat to
    act for. With no caller's seat and :attr:`NextRoundBy.DRIVER` (or
    :attr:`NextRoundBy.WINNER`), that is the whole match.

    Raises :class:`RuntimeError` after ``max_actions`` actions (bots stuck in
    a loop), and what :func:`bot_step` raises.
    """
    moves: list[Move] = []
    while table.driver_to_act:
        if len(moves) >= max_actions:
            raise RuntimeError(f"run_bots: the bots took {max_actions} actions without an end")
        table, move = bot_step(table)
        moves.append(move)
        if hook is not None:
            hook(table, move)
    return table, tuple(moves)


def act(table: Table, action: Action, *, seat: int | None = None) -> tuple[Table, Move]:
    """The caller's ``action`` at ``table``: ``step(table.state, action, seat=seat)``.

    Pass ``seat`` to have the action refused unless that seat is the one to
    act, as a server does for each player. An illegal action raises
    :class:`~raise_the_sum.IllegalAction` (rule R7.1) and the table is as it
    was. ``act`` does not ask whose seat it is: the caller may act for any
    seat, a bot's too (a terminal's "Press Enter" sends a bot winner's
    ``NextRound()`` this way).
    """
    if not isinstance(table, Table):
        raise TypeError(f"table must be a Table, got {table!r}")
    actor = table.state.current
    after, events = step(table.state, action, seat=seat)
    return _moved(table, after, table.rngs), Move(actor, action, events, False)


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split())
