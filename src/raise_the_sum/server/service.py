"""The table service: tables in memory, the bots, the pacing, and the one write path.

Every change to a table goes one way: :func:`~raise_the_sum.events.step`
with the acting seat, then :meth:`Store.commit
<raise_the_sum.server.store.Store.commit>` (a compare-and-set on the
version), and only then the table in memory moves on and its watchers are
woken. An action is answered only after its commit.

What a commit writes is the table's match record as it grows: each
version's seat and action (and the bots' generators), not the states or the
events, which follow from the first state and the actions. A table loaded
from the store (after a restart) replays its actions from the state stored
with it, with :func:`~raise_the_sum.events.step`, to the same states and
events, byte for byte.

Bots act on the server, after a pause of ``pace`` seconds before each
action. The search bots (``THREAD_BOTS``: ``search`` and ``alex``, tens
of milliseconds a decision) run on a thread pool, off the event loop, so
that they never hold up another table; the rule-based bots decide in tens of
microseconds, less than handing the work to a thread costs, and run on the
event loop. At a pace of 0 the bots' actions that follow one another at a
table form one burst: computed together, committed in one transaction (one
version each), and the table moves on, and its watchers hear of it, once.
In the brief result between rounds, the table moves on by itself after the
same pause, unless the round's winner sends ``NextRound`` first. After a
restart, :meth:`TableService.start` resumes every unfinished table that has
a bot to act.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Final, TypeVar

import attrs

from raise_the_sum import driver as match_driver
from raise_the_sum import wire
from raise_the_sum.actions import Action, IllegalAction
from raise_the_sum.bots import BOTS, Bot, make_bot
from raise_the_sum.cards import Card
from raise_the_sum.engine import new_game
from raise_the_sum.events import Event, step
from raise_the_sum.limits import action_bound
from raise_the_sum.records import MatchRecord, seat_tag
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules
from raise_the_sum.server.documents import (
    action_text,
    dumps,
    seat_document,
    seat_events,
)
from raise_the_sum.server.errors import ProtocolError, bad_input
from raise_the_sum.server.limits import INLINE_ACTIONS, Limits
from raise_the_sum.server.store import (
    Answer,
    Commit,
    NewTable,
    Store,
    StoredStep,
    StoredTable,
    StoreUnavailable,
)
from raise_the_sum.server.tokens import MAX_TOKEN_LENGTH, new_token, token_hash
from raise_the_sum.state import GameState, Phase
from raise_the_sum.verdicts import check

__all__ = [
    "HUMAN",
    "KEEP_FINISHED",
    "MAX_BURST",
    "THREAD_BOTS",
    "Created",
    "Outcome",
    "Table",
    "TableService",
    "seed_commitment",
]

_log = logging.getLogger("raise_the_sum.server")

#: The seat kind of a person; any other seat kind is a bot's name (``make_bot``).
HUMAN: Final = "human"

#: The seats of a tutorial table when none are given: You, then Riley, Sam and Alex.
TUTORIAL_SEATS: Final = ("human", "riley", "sam", "alex")

#: The bots whose decisions run on the thread pool: those that search (tens of milliseconds).
#: The others (random, greedy, cautious, riley, sam) decide in well under a millisecond.
THREAD_BOTS: Final = frozenset({"search", "alex"})

#: The most bots' actions one burst commits at once (at a pace of 0).
MAX_BURST: Final = 64

#: The shortest and the longest wait, in seconds, before the bots try again after a failure
#: (a commit the store could not write, a bot that raised): it doubles from one to the other.
RETRY_FIRST: Final = 0.1
RETRY_MOST: Final = 30.0

T = TypeVar("T")

#: How many finished tables stay in memory: the oldest are let go (the store has them, and
#: loads them again when asked), so that a long-running server's heap, and the garbage
#: collector's pauses, stay bounded.
KEEP_FINISHED: Final = 256


def seed_commitment(seed: int) -> str:
    """The SHA-256, lowercase hex, of the seed's decimal digits (UTF-8).

    >>> seed_commitment(7) == hashlib.sha256(b"7").hexdigest()
    True
    """
    return hashlib.sha256(str(seed).encode()).hexdigest()


@attrs.frozen
class Created:
    """A new table: its id, one token per human seat, and the seed's commitment."""

    #: The table's id.
    table: str
    #: Each human seat's token, by seat.
    tokens: dict[int, str]
    #: :func:`seed_commitment` of the table's seed.
    seed_commitment: str


@attrs.frozen
class Outcome:
    """The answer to an action: what to send, and the version it shows (None for an error)."""

    #: The status and body, as first answered.
    answer: Answer
    #: The answer document's version, or None for an error answer.
    version: int | None


@attrs.define(eq=False)
class Table:
    """A live table: the state and its history in memory, as the store has them."""

    table_id: str
    seats: tuple[str, ...]
    bots: tuple[Bot | None, ...]
    token_hashes: dict[int, str]
    deck: tuple[Card, ...] | None
    tutorial: bool
    state: GameState
    version: int
    rngs: tuple[Rng | None, ...]
    #: For each person's seat, ``seen[seat][v - 1]`` is what it may know of version ``v``'s
    #: events, as its documents write them (:func:`~raise_the_sum.server.documents.seat_events`):
    #: text, which is cheap to join and which the garbage collector never has to scan.
    seen: dict[int, list[str]]
    #: ``actions[v - 1]`` made version ``v``.
    actions: list[Action]
    lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    #: One event per open WebSocket, set at every change.
    watchers: set[asyncio.Event] = attrs.field(factory=set)
    driver: asyncio.Task[None] | None = None
    #: The client action ids answered at this table, as ``(seat, id)``; their answers are stored.
    #: A refusal's id is here only when the table was loaded; those refused since are in
    #: ``refused``, bounded as the store bounds them.
    answered: set[tuple[int, str]] = attrs.field(factory=set)
    #: The ids refused since the table was loaded, the newest last, by seat.
    refused: dict[int, dict[str, None]] = attrs.field(factory=dict)
    #: The open WebSockets, by seat.
    sockets: dict[int, int] = attrs.field(factory=dict)
    #: True when the rules allow more than ``INLINE_ACTIONS`` legal actions in a state: the
    #: table's rules-engine work is then done on a worker thread, never on the event loop.
    heavy: bool = False
    #: When the table was created or last moved on (seconds since the epoch).
    touched: float = attrs.field(factory=time.time)
    #: The pause before the bots act and between rounds (the service's), in seconds.
    pace: float = 0.0
    #: Documents built at this version, by (seat, since, scores).
    documents: dict[tuple[int, int, bool], bytes] = attrs.field(factory=dict)
    #: The version of the state the store holds (the table's first, 0, unless an older
    #: server wrote one at every commit); the steps after it are replayed on loading.
    state_version: int = 0

    def __attrs_post_init__(self) -> None:
        # The parts that driven() rebuilds the driver's table from, checked once, here.
        match_driver.Table(self.state, self.bots, self.rngs, match_driver.NextRoundBy.DRIVER)

    def document(self, seat: int, since: int, *, scores: bool = False) -> bytes:
        """The seat's document now, with the events since ``since`` (built once per version).

        It lists the seat's legal actions here and now: the service builds
        a heavy table's documents on a thread instead
        (:meth:`TableService.document`).
        """
        key = (seat, since, scores)
        built = self.documents.get(key)
        if built is None:
            built = self.build(seat, since, scores=scores)()
            self.keep(key, built)
        return built

    def build(self, seat: int, since: int, *, scores: bool = False) -> Callable[[], bytes]:
        """The work of building the seat's document now, to be run here or on a thread.

        The parts are taken now, on the event loop, so that the work sees one
        version even if the table moves on meanwhile. ``scores`` adds the
        legal actions' totals and attacks.
        """
        return functools.partial(
            seat_document,
            table=self.table_id,
            version=self.version,
            state=self.state,
            events=self.seen[seat][since:],
            seat=seat,
            seats=self.seats,
            tutorial=self.tutorial,
            next_round_at=self.touched + self.pace if self.pace > 0 else None,
            scores=scores,
        )

    def keep(self, key: tuple[int, int, bool], built: bytes) -> None:
        """Keep a document built at this version, by ``(seat, since, scores)``."""
        if len(self.documents) > 64:
            self.documents.clear()
        self.documents[key] = built

    def driven(self) -> match_driver.Table:
        """The table as the match driver sees it: the server sends ``NextRound()`` itself.

        Rebuilt from parts checked once, when the table was created or loaded
        (:meth:`TableService._revive`), without checking them again: this is
        asked at every commit.
        """
        return match_driver.trusted_table(
            self.state, self.bots, self.rngs, match_driver.NextRoundBy.DRIVER
        )

    def automatic(self) -> bool:
        """True when the server acts now: a bot's turn, or the end of the brief result."""
        return self.driven().driver_to_act

    def threaded(self, driven: match_driver.Table) -> bool:
        """True when the driver's next action at ``driven`` is a search bot's: for the pool."""
        state = driven.state
        return state.phase is not Phase.ROUND_OVER and self.seats[state.current] in THREAD_BOTS


#: A step to commit: the seat, its action, the state after it, and its (full) events.
_Step = tuple[int, Action, GameState, tuple[Event, ...]]


def _extra_text(rngs: Sequence[Rng | None], state_version: int) -> str:
    """The per-table data that changes: the bots' generators, and the stored state's version."""
    return json.dumps(
        {
            "rngs": [None if rng is None else str(rng.state) for rng in rngs],
            "state_version": state_version,
        }
    )


class TableService:
    """The tables of one server: create, authenticate, act, watch, and the bots.

    ``store`` keeps everything a restart needs; ``pace`` is the pause, in
    seconds, before each bot action and between rounds (0 acts at once);
    ``limits`` are the server's :class:`~raise_the_sum.server.limits.Limits`.
    Use it from one event loop; call :meth:`start` before and :meth:`close`
    after.
    """

    def __init__(
        self,
        store: Store,
        *,
        pace: float = 1.0,
        bot_threads: int = 4,
        limits: Limits | None = None,
    ) -> None:
        if not pace >= 0:
            raise ValueError(f"pace: seconds, 0 or more, got {pace!r}")
        self.store = store
        self.pace = pace
        self.limits = Limits() if limits is None else limits
        self._tables: dict[str, Table] = {}
        self._finished: OrderedDict[str, None] = OrderedDict()
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        self._tokens: dict[str, tuple[str, int]] = {}
        #: The tables that could not be loaded, set aside: why, in one line, by id.
        self.set_aside: dict[str, str] = {}
        self._executor = ThreadPoolExecutor(max_workers=bot_threads, thread_name_prefix="bot")
        # The rules-engine work of heavy tables: two threads, so that two such tables at most
        # share the GIL with the event loop at once.
        self._engine = ThreadPoolExecutor(max_workers=2, thread_name_prefix="engine")
        self._sockets = 0
        self._sweeper: asyncio.Task[None] | None = None
        self._closing = False

    # --- life ----------------------------------------------------------------------------------

    async def start(self) -> None:
        """Resume the tables whose bots are to act, and start archiving idle tables.

        A table that cannot be loaded is set aside (one log line) and the
        others are served. Tables idle for longer than the archive time are
        left in the store (:meth:`Store.resumable <raise_the_sum.server.store.Store.resumable>`).
        """
        since = time.time() - self.limits.archive_after
        for table_id in await self.store.resumable(since):
            try:
                table = await self.table(table_id)
            except ProtocolError:  # set aside or archived: said in the log, answered on request
                continue
            if table is not None:
                self._kick(table)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def close(self) -> None:
        """Stop the bots (their next actions are simply not taken) and the thread pools."""
        self._closing = True
        tasks = [t.driver for t in self._tables.values() if t.driver is not None]
        if self._sweeper is not None:
            tasks.append(self._sweeper)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        self._executor.shutdown(wait=True, cancel_futures=True)
        self._engine.shutdown(wait=True, cancel_futures=True)

    async def _sweep(self) -> None:
        """Let go of the unfinished tables idle for longer than the archive time.

        Such a table is archived: it stays in the store, and a request for
        it gets 410 ``archived``. Runs until cancelled.
        """
        every = min(self.limits.archive_after / 4, 60.0)
        while True:
            await asyncio.sleep(every)
            cutoff = time.time() - self.limits.archive_after
            for table in list(self._tables.values()):
                if (
                    table.touched < cutoff
                    and table.state.phase is not Phase.MATCH_OVER
                    and not table.watchers
                    and not table.lock.locked()
                    and (table.driver is None or table.driver.done())
                ):
                    self._forget(table)

    def _forget(self, table: Table) -> None:
        """Let go of a table in memory (the store keeps it)."""
        self._tables.pop(table.table_id, None)
        self._finished.pop(table.table_id, None)
        for digest in table.token_hashes.values():
            self._tokens.pop(digest, None)

    async def run_engine(self, table: Table, work: Callable[[], T]) -> T:
        """Run rules-engine ``work`` for ``table``: on the event loop, or on a thread if heavy."""
        if not table.heavy:
            return work()
        return await asyncio.get_running_loop().run_in_executor(self._engine, work)

    # --- tables --------------------------------------------------------------------------------

    async def create(
        self,
        seats: Sequence[str] | None = None,
        rules: Rules | None = None,
        *,
        tutorial: bool = False,
        seed: int | None = None,
        deck: Sequence[Card] | None = None,
    ) -> Created:
        """Seat a new table: ``"human"`` seats get tokens, the others are bots by name.

        Without ``rules``, the players follow the number of seats. A
        tutorial table is :func:`raise_the_sum.lessons.tutorial_game`, with
        the seats ``human, riley, sam, alex`` unless given. ``seed`` and
        ``deck`` (a stacked deck) are for tests and tools: the protocol's
        tables get a fresh seed from ``secrets``. Raises
        :class:`~raise_the_sum.server.errors.ProtocolError` (400) on bad seats or rules.
        """
        if tutorial:
            from raise_the_sum import lessons

            seats = TUTORIAL_SEATS if seats is None else seats
            if rules is not None or deck is not None:
                raise bad_input(
                    "/rules", "a tutorial table is dealt from the tutorial's rules and deck"
                )
            # The deck is the lesson's (public); a fresh seed keeps the later reshuffles secret.
            state = lessons.tutorial_game(seed=secrets.randbits(64) if seed is None else seed)
            stacked: tuple[Card, ...] | None = tuple(lessons.tutorial_deck())
        else:
            state = None
            stacked = None if deck is None else tuple(deck)
        if seats is None:
            raise bad_input("/seats", "seats: a list of 2 or more seat kinds")
        seats = tuple(seats)
        for number, kind in enumerate(seats):
            # Only the library's own bots, by name: never a module to import.
            if kind != HUMAN and kind not in BOTS:
                raise bad_input(
                    f"/seats/{number}",
                    f"'human' or a bot: unknown bot {kind[:40]!r}; "
                    f"choose from {', '.join(sorted(BOTS))}",
                )
        if HUMAN not in seats:
            raise bad_input("/seats", "seats: at least one must be 'human'")
        if state is None:
            if rules is None:
                try:
                    rules = Rules(players=len(seats))
                except ValueError as error:
                    raise bad_input("/seats", f"seats: {error}") from None
            elif rules.players != len(seats):
                raise bad_input(
                    "/rules/players",
                    f"rules.players is {rules.players} but there are {len(seats)} seats",
                )
            self._check_bound(rules)
            try:
                state = new_game(rules, seed=seed, deck=stacked)
            except ValueError as error:
                raise bad_input("/deck", str(error)) from None
        elif len(seats) != state.players:
            raise bad_input("/seats", f"seats: the tutorial has {state.players} seats")
        if tutorial and seats[0] != HUMAN:
            raise bad_input("/seats/0", "the tutorial's seat 0 is the human learning")
        table_id = secrets.token_urlsafe(9)
        tokens = {seat: new_token() for seat, kind in enumerate(seats) if kind == HUMAN}
        hashes = {seat: token_hash(token) for seat, token in tokens.items()}
        rngs = tuple(
            None if kind == HUMAN else Rng.from_seed(secrets.randbits(64)) for kind in seats
        )
        table = Table(
            table_id=table_id,
            seats=seats,
            bots=tuple(None if kind == HUMAN else make_bot(kind) for kind in seats),
            token_hashes=hashes,
            deck=stacked,
            tutorial=tutorial,
            state=state,
            version=0,
            rngs=rngs,
            seen={seat: [] for seat in hashes},
            actions=[],
            heavy=action_bound(state.rules) > INLINE_ACTIONS,
            pace=self.pace,
        )
        setup = {
            "seats": list(seats),
            "deck": None if stacked is None else [wire.encode(card) for card in stacked],
            "tutorial": tutorial,
        }
        await self.store.create(
            NewTable(
                table_id=table_id,
                state=wire.dumps(state),
                setup=json.dumps(setup),
                extra=_extra_text(rngs, 0),
                token_hashes=tuple(sorted(hashes.items())),
                driven=table.automatic(),
            )
        )
        self._tables[table_id] = table
        for seat, digest in hashes.items():
            self._tokens[digest] = (table_id, seat)
        self._kick(table)
        return Created(table_id, tokens, seed_commitment(state.seed))

    def _check_bound(self, rules: Rules) -> None:
        """Refuse rules that allow more legal actions in a state than the server's limit."""
        most = self.limits.max_actions
        bound = action_bound(rules)
        if bound <= most:
            return
        # The field at fault: the play size if smaller plays would do, else the hands.
        try:
            smaller = attrs.evolve(rules, max_play=rules.min_play)
        except (TypeError, ValueError):
            smaller = rules
        field = "max_play" if action_bound(smaller) <= most else "hand_limit"
        raise ProtocolError(
            400,
            "too_big",
            f"these rules allow up to {bound:,} legal actions in a state, over this server's "
            f"limit of {most:,}: lower {field} (or hand_size, hand_limit, max_play)",
            path=f"/rules/{field}",
        )

    async def table(self, table_id: str) -> Table | None:
        """The live table, loaded from the store on first use; None when there is none.

        Raises :class:`~raise_the_sum.server.errors.ProtocolError` 410
        ``archived`` for a table idle for longer than the archive time, and
        503 ``unavailable`` for a table set aside (it could not be loaded).
        """
        table = self._tables.get(table_id)
        if table is not None:
            return table
        if table_id in self.set_aside:
            raise self._unloadable(table_id)
        loading = self._loading.get(table_id)
        if loading is not None:
            return await asyncio.shield(loading)
        future: asyncio.Future[Table | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            table = await self._load(table_id)
            if table is not None:
                self._tables[table_id] = table
                if table.state.phase is Phase.MATCH_OVER:
                    self._finish(table)
            future.set_result(table)
        except BaseException as error:
            future.set_exception(error)
            raise
        finally:
            del self._loading[table_id]
        return table

    async def _load(self, table_id: str) -> Table | None:
        stored = await self.store.load(table_id)
        if stored is None:
            return None
        archived = stored.touched < time.time() - self.limits.archive_after
        if archived and not stored.over:
            raise ProtocolError(
                410,
                "archived",
                f"the table {table_id!r} was archived: no action for "
                f"{self.limits.archive_after:g} seconds",
            )
        try:
            table = self._revive(stored)
            table.pace = self.pace
            self._check_bound(table.state.rules)
        except Exception as error:  # one line in the log; its requests get 503; others go on
            reason = " ".join(str(error).split()) or type(error).__name__
            self.set_aside[table_id] = reason
            _log.error("table %s is set aside: it cannot be loaded: %s", table_id, reason)
            raise self._unloadable(table_id) from None
        return table

    def _unloadable(self, table_id: str) -> ProtocolError:
        return ProtocolError(
            503,
            "unavailable",
            f"the table {table_id!r} cannot be loaded: {self.set_aside[table_id]}",
        )

    @staticmethod
    def _revive(stored: StoredTable) -> Table:
        setup = json.loads(stored.setup)
        extra = json.loads(stored.extra)
        seats = tuple(setup["seats"])
        deck = setup["deck"]
        # The stored state is at ``state_version`` (a database written before it was kept in
        # ``extra`` has the state of every commit: at the table's version). The steps up to
        # it have their events stored; those after it are replayed from it.
        at = int(extra.get("state_version", stored.version))
        state = wire.loads(GameState, stored.state)
        humans = [seat for seat, _ in stored.token_hashes]
        seen: dict[int, list[str]] = {seat: [] for seat in humans}
        actions: list[Action] = []
        for stored_step in stored.steps:
            action = wire.loads(Action, stored_step.action)
            if stored_step.version <= at and stored_step.events is not None:
                events = tuple(wire.decode(Event, e) for e in json.loads(stored_step.events))
            elif stored_step.version > at:
                try:
                    state, events = step(state, action)
                except IllegalAction as error:
                    raise RuntimeError(
                        f"table {stored.table_id}: version {stored_step.version} does not "
                        f"replay from the stored state: {error}"
                    ) from error
            else:
                raise RuntimeError(
                    f"table {stored.table_id}: version {stored_step.version} has no events"
                )
            for seat in humans:
                seen[seat].append(seat_events(events, seat))
            actions.append(action)
        if len(actions) != stored.version or len(actions) < at:
            raise RuntimeError(
                f"table {stored.table_id}: {len(actions)} steps stored for version {stored.version}"
            )
        try:
            return Table(
                table_id=stored.table_id,
                seats=seats,
                bots=tuple(None if kind == HUMAN else make_bot(kind) for kind in seats),
                token_hashes=dict(stored.token_hashes),
                deck=None if deck is None else tuple(wire.decode(Card, card) for card in deck),
                tutorial=bool(setup["tutorial"]),
                state=state,
                version=stored.version,
                rngs=tuple(None if rng is None else Rng(int(rng)) for rng in extra["rngs"]),
                seen=seen,
                actions=actions,
                answered=set(stored.answered),
                state_version=at,
                heavy=action_bound(state.rules) > INLINE_ACTIONS,
                touched=stored.touched,
            )
        except (TypeError, ValueError) as error:  # the bots and generators disagree
            raise RuntimeError(f"table {stored.table_id}: {error}") from error

    async def _reload(self, table: Table) -> None:
        """Catch up with the store after a lost compare-and-set (another process wrote)."""
        stored = await self.store.load(table.table_id)
        if stored is None:
            return
        fresh = self._revive(stored)
        table.state, table.version, table.rngs = fresh.state, fresh.version, fresh.rngs
        table.seen, table.actions = fresh.seen, fresh.actions
        table.state_version = fresh.state_version
        table.answered |= fresh.answered
        table.touched = fresh.touched
        table.documents.clear()
        self._wake(table)

    # --- who is asking -------------------------------------------------------------------------

    async def authenticate(self, table_id: str, token: str | None) -> tuple[Table, int]:
        """The table and the seat that ``token`` holds there.

        Checked in this order: the token is one the server issued (401
        ``unauthorized``), the table exists (404 ``not_found``), and the
        token is this table's (401). The digest is compared with every
        human seat's in constant time.
        """
        if not token or len(token) > MAX_TOKEN_LENGTH:
            raise ProtocolError(
                401, "unauthorized", "a seat's token is needed: Authorization: Bearer <token>"
            )
        digest = token_hash(token)
        owner = self._tokens.get(digest)
        if owner is None:
            owner = await self.store.token(digest)
            if owner is None:
                raise ProtocolError(401, "unauthorized", "this is not a seat's token")
            self._tokens[digest] = owner
        table = await self.table(table_id)
        if table is None:
            raise ProtocolError(404, "not_found", f"there is no table {table_id!r}")
        seat = None
        for candidate, stored in table.token_hashes.items():
            if hmac.compare_digest(stored, digest):
                seat = candidate
        if seat is None:
            raise ProtocolError(401, "unauthorized", "this token is for another table")
        return table, seat

    # --- reading -------------------------------------------------------------------------------

    async def document(
        self, table: Table, seat: int, since: int | None, *, scores: bool = False
    ) -> bytes:
        """The seat's document, with its events since version ``since`` (all when None).

        ``scores`` adds ``legal_scores``. Raises a 400 ``bad_input`` for a
        ``since`` below 0 or above the version.
        """
        if since is None:
            since = 0
        if not 0 <= since <= table.version:
            raise bad_input("/since", f"since: a version from 0 to {table.version}, got {since}")
        key = (seat, since, scores)
        built = table.documents.get(key)
        if built is None:
            version = table.version
            built = await self.run_engine(table, table.build(seat, since, scores=scores))
            if table.version == version:
                table.keep(key, built)
        return built

    async def check(self, table: Table, seat: int, action: Action) -> bytes:
        """The encoded :class:`~raise_the_sum.Verdict` on ``action`` for ``seat`` now.

        Additive field for the web page: ``explanation_text``, the one line of
        the play's :class:`~raise_the_sum.Explanation` in the guide's
        style (``str(verdict.explanation)``, such as ``(8 + 4 − 2) × 2 ÷ 3 =
        20 ÷ 3 = 6 (rounded down)``), or null when the verdict has none; the
        page shows it while a player picks cards.
        """
        verdict = await self.run_engine(
            table, functools.partial(check, table.state, action, seat=seat)
        )
        encoded = wire.encode(verdict)
        assert isinstance(encoded, dict), "a verdict is encoded as an object"
        line = None if verdict.explanation is None else str(verdict.explanation)
        return dumps({**encoded, "explanation_text": line})

    def record(self, table: Table) -> bytes:
        """The encoded ``MatchRecord``, once the match is over (409 before)."""
        state = table.state
        if state.phase is not Phase.MATCH_OVER:
            raise ProtocolError(
                409,
                "match_not_over",
                "the record, with the seed, is published when the match is over",
            )
        tags = {"Event": "Raise the Sum server", "Table": table.table_id}
        tags.update({seat_tag(seat): kind for seat, kind in enumerate(table.seats)})
        record = MatchRecord(
            rules=state.rules,
            seed=state.seed,
            actions=tuple(table.actions),
            deck=table.deck,
            tags=tags,
        )
        return dumps(wire.encode(record))

    def watch(self, table: Table) -> asyncio.Event:
        """An event set at every change of ``table`` (until :meth:`unwatch`)."""
        event = asyncio.Event()
        table.watchers.add(event)
        return event

    def unwatch(self, table: Table, event: asyncio.Event) -> None:
        """Stop setting ``event``."""
        table.watchers.discard(event)

    def open_socket(self, table: Table, seat: int) -> None:
        """Count a WebSocket opened on ``seat``, within the limits (:meth:`close_socket` after).

        Raises a 429 ``rate_limited`` when the seat has
        ``limits.sockets_per_seat`` open already, and a 503 ``unavailable``
        when the server has ``limits.sockets``.
        """
        if self._sockets >= self.limits.sockets:
            raise ProtocolError(
                503, "unavailable", "the server has all the sockets it can hold open; try later"
            )
        open_here = table.sockets.get(seat, 0)
        if open_here >= self.limits.sockets_per_seat:
            raise ProtocolError(
                429,
                "rate_limited",
                f"this seat has {open_here} sockets open, the most it may: close one first",
            )
        table.sockets[seat] = open_here + 1
        self._sockets += 1

    def close_socket(self, table: Table, seat: int) -> None:
        """Count a WebSocket of ``seat`` closed."""
        table.sockets[seat] -= 1
        self._sockets -= 1

    # --- acting --------------------------------------------------------------------------------

    async def act(
        self, table: Table, seat: int, action: Action, version: int, client_id: str
    ) -> Outcome:
        """Apply a seat's action, durably, and answer with its document or its refusal.

        After the body (checked by the caller): a client id this seat
        already posted at this table returns its first answer; then the
        version (409 ``stale_version``); then the rules (422
        ``illegal_action``). Every answer is kept as the id's first answer.

        At a pace of 0, the rule-based bots' actions that follow at once
        join the action's commit, one version each, and the answer shows
        them: its version is then past ``version + 1``, and its events are
        those of every version since ``version``.

        A write the store cannot make (a full disk) raises a 503
        ``unavailable`` :class:`~raise_the_sum.server.errors.ProtocolError`,
        with nothing changed.
        """
        async with table.lock:
            try:
                return await self._act(table, seat, action, version, client_id)
            except StoreUnavailable as error:
                _log.error("table %s: %s", table.table_id, error)
                raise ProtocolError(
                    503,
                    "unavailable",
                    f"the server cannot store the action now: {error.reason}; nothing was "
                    "changed, try again later",
                    headers={"Retry-After": "5"},
                ) from None

    async def _act(
        self, table: Table, seat: int, action: Action, version: int, client_id: str
    ) -> Outcome:
        # Every id answered at this table is in ``answered`` or ``refused`` (loaded with the
        # table, added at each answer), so only a retry reads the store. An id answered by
        # another process sharing the store is caught by the compare-and-set below.
        if (seat, client_id) in table.answered or client_id in table.refused.get(seat, ()):
            kept = await self.store.answer(table.table_id, seat, client_id)
            if kept is not None:
                return self._outcome(kept)
        if version != table.version:
            stale = ProtocolError(
                409,
                "stale_version",
                f"the table is at version {table.version}, not {version}",
                version=table.version,
            )
            return await self._refuse(table, seat, client_id, stale.status, stale.encoded())
        at_once = self.pace == 0 and not self._closing
        work = functools.partial(self._answer, table, seat, action, version, table.state, at_once)
        computed = await self.run_engine(table, work)
        if isinstance(computed, IllegalAction):
            return await self._refuse(table, seat, client_id, 422, dumps(wire.encode(computed)))
        steps, rngs, seen, body = computed
        answer = Answer(200, body)
        if await self._commit(table, steps, rngs, (seat, client_id, answer), seen):
            # The answer is also the document a GET with since=version gets now.
            table.documents[(seat, version, False)] = body
            return Outcome(answer, table.version)
        await self._reload(table)
        kept = await self.store.answer(table.table_id, seat, client_id)
        if kept is not None:
            return self._outcome(kept)
        stale = ProtocolError(
            409,
            "stale_version",
            f"the table moved on to version {table.version}",
            version=table.version,
        )
        return await self._refuse(table, seat, client_id, stale.status, stale.encoded())

    @classmethod
    def _answer(
        cls,
        table: Table,
        seat: int,
        action: Action,
        version: int,
        state: GameState,
        at_once: bool,
    ) -> IllegalAction | tuple[list[_Step], tuple[Rng | None, ...], dict[int, list[str]], bytes]:
        """The rules-engine work of an action (run by :meth:`run_engine`): its refusal, or
        its steps, the bots' generators after them, what each seat sees, and the answer.

        With ``at_once`` (a pace of 0), the rule-based bots' actions that follow join the
        action's steps (a search bot's wait for the driver). A bot's failure is the driver's
        to report; here it only ends the burst.
        """
        try:
            after, events = step(state, action, seat=seat)
        except IllegalAction as error:
            return error
        steps: list[_Step] = [(seat, action, after, events)]
        rngs = table.rngs
        if at_once:
            driven = match_driver.trusted_table(
                after, table.bots, rngs, match_driver.NextRoundBy.DRIVER
            )
            burst: list[_Step] = []
            try:
                driven = cls._burst(table, driven, burst, MAX_BURST)
            except Exception:  # the driver will meet it again, and log it
                pass
            else:
                steps += burst
                rngs = driven.rngs
        seen = cls._seen(table, steps)
        body = seat_document(
            table=table.table_id,
            version=version + len(steps),
            state=steps[-1][2],
            events=seen[seat],
            seat=seat,
            seats=table.seats,
            tutorial=table.tutorial,
            next_round_at=time.time() + table.pace if table.pace > 0 else None,
        )
        return steps, rngs, seen, body

    @staticmethod
    def _outcome(answer: Answer) -> Outcome:
        version = json.loads(answer.body)["version"] if answer.status == 200 else None
        return Outcome(answer, version)

    async def _refuse(
        self, table: Table, seat: int, client_id: str, status: int, body: bytes
    ) -> Outcome:
        keep = self.limits.refusals_kept
        kept = await self.store.remember(
            table.table_id, seat, client_id, Answer(status, body), keep=keep
        )
        refused = table.refused.setdefault(seat, {})
        refused[client_id] = None
        while len(refused) > keep:  # the oldest first (a dict keeps the order of insertion)
            del refused[next(iter(refused))]
        return self._outcome(kept)

    async def _commit(
        self,
        table: Table,
        steps: Sequence[_Step],
        rngs: tuple[Rng | None, ...],
        answer: tuple[int, str, Answer] | None,
        seen: dict[int, list[str]] | None = None,
    ) -> bool:
        """Write the steps, ``(seat, action, state after, events)`` each, in one commit.

        ``seen`` is :meth:`_seen` of the steps, when the caller has it already.

        The store gets each step's seat and action (the states and events
        follow from them, on replay). On success the table moves on to the
        last step's state, and its watchers and its bots are woken once.
        """
        state = steps[-1][2]
        commit = Commit(
            table_id=table.table_id,
            expected=table.version,
            state=None,
            extra=_extra_text(rngs, table.state_version),
            steps=tuple(
                StoredStep(table.version + number, seat, action_text(action))
                for number, (seat, action, _, _) in enumerate(steps, 1)
            ),
            over=state.phase is Phase.MATCH_OVER,
            answer=answer,
            driven=match_driver.trusted_table(
                state, table.bots, rngs, match_driver.NextRoundBy.DRIVER
            ).driver_to_act,
        )
        if not await self.store.commit(commit):
            return False
        table.state, table.version, table.rngs = state, commit.version, rngs
        table.touched = time.time()
        table.actions += [action for _, action, _, _ in steps]
        for seat, pieces in (self._seen(table, steps) if seen is None else seen).items():
            table.seen[seat] += pieces
        if answer is not None:
            table.answered.add((answer[0], answer[1]))
        table.documents.clear()
        self._wake(table)
        self._kick(table)
        if state.phase is Phase.MATCH_OVER:
            self._finish(table)
        return True

    def _finish(self, table: Table) -> None:
        """Note a finished table; let go of the oldest beyond ``KEEP_FINISHED``.

        A finished table never changes again, so a client still holding the
        one let go sees the same as one loaded again.
        """
        self._finished[table.table_id] = None
        while len(self._finished) > KEEP_FINISHED:
            oldest, _ = self._finished.popitem(last=False)
            dropped = self._tables.pop(oldest, None)
            if dropped is not None:
                for digest in dropped.token_hashes.values():
                    self._tokens.pop(digest, None)

    @staticmethod
    def _seen(table: Table, steps: Sequence[_Step]) -> dict[int, list[str]]:
        """What each person's seat may know of each step's events, as documents write them."""
        return {
            seat: [seat_events(events, seat) for _, _, _, events in steps] for seat in table.seen
        }

    @staticmethod
    def _burst(
        table: Table, driven: match_driver.Table, steps: list[_Step], limit: int
    ) -> match_driver.Table:
        """The rule-based bots' actions from ``driven`` on, added to ``steps`` (up to ``limit``).

        They run here, on the event loop: each decides in tens of
        microseconds. It stops where a search bot (``THREAD_BOTS``) or
        a person is to act, or the match is over; the table it returns has
        the bots' generators advanced.
        """
        while len(steps) < limit and driven.driver_to_act and not table.threaded(driven):
            driven, move = match_driver.bot_step(driven)
            steps.append((move.seat, move.action, driven.state, move.events))
        return driven

    @staticmethod
    def _wake(table: Table) -> None:
        for watcher in table.watchers:
            watcher.set()

    # --- the bots and the pause between rounds -------------------------------------------------

    def _kick(self, table: Table) -> None:
        if self._closing or not table.automatic():
            return
        if table.driver is None or table.driver.done():
            table.driver = asyncio.get_running_loop().create_task(self._drive(table))

    async def _drive(self, table: Table) -> None:
        """Take the driver's actions at ``table`` while it is to act (a bot, or the next round).

        The pause of ``pace`` seconds runs from the start of the turn, and the
        bots decide at its start: a bot that finds nothing to choose from and
        one that searches long are seen to act at the same time. A failure (a
        commit the store could not write, a bot that raised) is logged in one
        line and tried again after a wait that doubles from ``RETRY_FIRST`` to
        ``RETRY_MOST`` seconds, the table reloaded from the store first: a table
        whose bots are to act never waits for ever.
        """
        loop = asyncio.get_running_loop()
        wait = RETRY_FIRST
        while table.automatic() and not self._closing:
            version = table.version
            started = loop.time()
            try:
                driven, steps = await self._bots_move(table)
                if self.pace > 0:
                    await asyncio.sleep(max(0.0, started + self.pace - loop.time()))
                async with table.lock:
                    if table.version != version:
                        continue
                    if not await self._commit(table, steps, driven.rngs, None):
                        await self._reload(table)  # another writer was first: catch up
                wait = RETRY_FIRST
                continue
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the table's alone; the others go on
                reason = " ".join(str(error).split()) or type(error).__name__
                _log.error(
                    "table %s: the bots' action failed (%s); trying again in %g s",
                    table.table_id,
                    reason,
                    wait,
                )
            await asyncio.sleep(wait)
            wait = min(wait * 2, RETRY_MOST)
            with contextlib.suppress(Exception):  # the store may still be failing: next time
                async with table.lock:
                    await self._reload(table)

    async def _bots_move(self, table: Table) -> tuple[match_driver.Table, list[_Step]]:
        """The driver's next actions at ``table``, not yet committed, and its table after them.

        A bot's choice (from its view and the legal actions, with its own
        generator) or NextRound(). A search bot's runs on a worker thread, then
        the rule-based bots' actions that follow (a search bot's waits for the
        next turn), up to MAX_BURST at a pace of 0, else none; those run on the
        event loop, or on a thread at a heavy table.
        """
        driven = table.driven()
        steps: list[_Step] = []
        if table.threaded(driven):
            driven, move = await asyncio.get_running_loop().run_in_executor(
                self._executor, match_driver.bot_step, driven
            )
            steps.append((move.seat, move.action, driven.state, move.events))
        limit = MAX_BURST if self.pace == 0 else 1
        driven = await self.run_engine(
            table, functools.partial(self._burst, table, driven, steps, limit)
        )
        return driven, steps
