"""The table service: the one write path, and what a seat may ask of a table.

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

The service is made of parts, one job each:

- :mod:`~raise_the_sum.server.seating` checks a new table's seats and rules;
- :mod:`~raise_the_sum.server.table` is a live table and its documents;
- :mod:`~raise_the_sum.server.tables` keeps the live tables in front of the
  store (loading, archiving, setting aside);
- :mod:`~raise_the_sum.server.driving` takes the server's own actions (the
  bots, the next round) and runs heavy work on threads.

Bots act on the server, after a pause of ``pace`` seconds before each
action. The search bots (``THREAD_BOTS``: ``search`` and ``alex``, tens
of milliseconds a decision) run on a thread pool, off the event loop, so
that they never hold up another table; the rule-based bots decide in tens of
microseconds, less than handing the work to a thread costs, and run on the
event loop. At a pace of 0 the bots' actions that follow one another at a
table form one burst: computed together, committed in one transaction (one
version each), and the table moves on, and its watchers hear of it, once.
In the brief result between rounds, the table moves on by itself after the
same pause, unless the round's winner sends ``NextRound`` first. At a table
with a time per turn, a person who has not acted by the deadline has the
action of rule R4.15 taken for them, by the same write path. After a
restart, :meth:`TableService.start` resumes every unfinished table that has
a bot to act or a deadline running.

Who is at the table (presence, names, who left: :mod:`~raise_the_sum.server.presence`)
changes without moving the version; each change is pushed to every socket of
the table as a notice.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hmac
import json
import logging
import secrets
import time
from collections.abc import Sequence

from raise_the_sum import driver as match_driver
from raise_the_sum import wire
from raise_the_sum.actions import Action, IllegalAction
from raise_the_sum.bots import make_bot
from raise_the_sum.cards import Card
from raise_the_sum.engine import legal_plays, timeout_action
from raise_the_sum.events import step
from raise_the_sum.limits import action_bound
from raise_the_sum.records import MatchRecord, seat_tag
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules
from raise_the_sum.server.bodies import LeaveBody
from raise_the_sum.server.documents import SPECTATOR, action_text, dumps, seat_document
from raise_the_sum.server.driving import MAX_BURST, Driving
from raise_the_sum.server.errors import ProtocolError, bad_input
from raise_the_sum.server.fanout import Fanout, sharing
from raise_the_sum.server.leases import CHECK_EVERY, Leases
from raise_the_sum.server.limits import INLINE_ACTIONS, Limits
from raise_the_sum.server.lobby import listing_text, parse_seat, seat_taken
from raise_the_sum.server.presence import (
    FORFEIT,
    STAND_IN,
    Roster,
    notice,
    timeout_kind,
)
from raise_the_sum.server.seating import seat_table
from raise_the_sum.server.spectators import read_only
from raise_the_sum.server.store import (
    Answer,
    Commit,
    NewTable,
    Store,
    StoredStep,
    StoreUnavailable,
)
from raise_the_sum.server.table import (
    HUMAN,
    THREAD_BOTS,
    Created,
    Outcome,
    Step,
    Table,
    extra_text,
    seed_commitment,
    setup_text,
)
from raise_the_sum.server.tables import KEEP_FINISHED, Tables
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


def _cannot_store(table: Table, what: str, error: StoreUnavailable) -> ProtocolError:
    """The 503 for a write the store could not make (logged in one line): nothing changed."""
    _log.error("table %s: %s", table.table_id, error)
    return ProtocolError(
        503,
        "unavailable",
        f"the server cannot store {what} now: {error.reason}; nothing was changed, try again later",
        headers={"Retry-After": "5"},
    )


class TableService:
    """The tables of one server: create, authenticate, act, watch, and the bots.

    ``store`` keeps everything a restart needs; ``pace`` is the pause, in
    seconds, before each bot action and between rounds (0 acts at once);
    ``limits`` are the server's :class:`~raise_the_sum.server.limits.Limits`.
    ``fanout`` and ``leases`` are how it shares the store with other
    processes (:mod:`~raise_the_sum.server.fanout`,
    :mod:`~raise_the_sum.server.leases`): by default, those that go with the
    store (:func:`~raise_the_sum.server.fanout.sharing`: alone on SQLite).
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
        fanout: Fanout | None = None,
        leases: Leases | None = None,
    ) -> None:
        if not pace >= 0:
            raise ValueError(f"pace: seconds, 0 or more, got {pace!r}")
        self.store = store
        self.pace = pace
        self.limits = Limits() if limits is None else limits
        if fanout is None or leases is None:
            found = sharing(store)
            fanout = found[0] if fanout is None else fanout
            leases = found[1] if leases is None else leases
        #: What this process hears of the others sharing the store (:mod:`.fanout`).
        self.fanout: Fanout = fanout
        #: Which tables' bots and pace this process drives (:mod:`.leases`).
        self.leases: Leases = leases
        self.tables = Tables(store, self.limits, pace, leases)
        self.driving = Driving(
            pace=pace,
            bot_threads=bot_threads,
            commit=self._bots_commit,
            reload=self._reload,
            leases=leases,
            timeout=self._timeout,
        )
        self._behind: dict[str, int] = {}
        self._catching_up: set[asyncio.Task[None]] = set()
        self._sockets = 0
        self._sweeper: asyncio.Task[None] | None = None
        self._checker: asyncio.Task[None] | None = None

    @property
    def set_aside(self) -> dict[str, str]:
        """The tables that could not be loaded, set aside: why, in one line, by id."""
        return self.tables.set_aside

    # --- life ----------------------------------------------------------------------------------

    async def start(self) -> None:
        """Resume the tables whose bots are to act, and start archiving idle tables.

        A table that cannot be loaded is set aside (one log line) and the
        others are served. Tables idle for longer than the archive time are
        left in the store (:meth:`Store.resumable <raise_the_sum.server.store.Store.resumable>`).
        """
        await self.fanout.start(self)  # first: no commit after the tables are loaded is missed
        since = time.time() - self.limits.archive_after
        for table_id in await self.leases.take_many(await self.store.resumable(since)):
            await self._resume(table_id)
        loop = asyncio.get_running_loop()
        self._sweeper = loop.create_task(self.tables.sweep())
        if self.leases.shared:
            self._checker = loop.create_task(self._take_over())

    async def _resume(self, table_id: str) -> None:
        """Drive a table whose lease this process took (its lease let go if it cannot be)."""
        try:
            table = await self.table(table_id)
        except ProtocolError:  # set aside or archived: said in the log, answered on request
            table = None
        if table is None:
            self.leases.release(table_id)
        else:
            self.driving.kick(table)

    async def _take_over(self) -> None:
        """Every ``CHECK_EVERY`` seconds, take over the tables whose lease nobody holds.

        Those are the tables whose server is to act (a bot, the next round)
        and whose lease holder died: one query of the store's index of such
        tables, and one of the leases, whatever their number. This is no
        fan-out: changes are heard as they are committed (:meth:`moved`).
        Runs until cancelled.
        """
        failing = False  # said once in the log while the check fails, not every time
        while True:
            await asyncio.sleep(CHECK_EVERY)
            try:
                await self.leases.check()
                since = time.time() - self.limits.archive_after
                ids = await self.store.resumable(since)
                free = [table_id for table_id in ids if not self.leases.holds(table_id)]
                for table_id in await self.leases.take_many(free):
                    _log.warning("table %s: taken over (its lease was free)", table_id)
                    await self._resume(table_id)
                self.driving.forget_elsewhere()
                failing = False
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database may be away: next time
                if not failing:
                    _log.warning("the check of the tables' leases failed: %s", error)
                failing = True

    async def close(self) -> None:
        """Stop the bots (their next actions are simply not taken) and the thread pools."""
        for task in (self._sweeper, self._checker, *self._catching_up):
            if task is not None:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
        await self.fanout.close()
        await self.driving.close(self.tables.live())
        await self.leases.close()

    # --- tables --------------------------------------------------------------------------------

    async def create(
        self,
        seats: Sequence[str] | None = None,
        rules: Rules | None = None,
        *,
        tutorial: bool = False,
        seed: int | None = None,
        deck: Sequence[Card] | None = None,
        public: bool = False,
        turn_seconds: int | None = None,
        name: str | None = None,
    ) -> Created:
        """Seat a new table: ``"human"`` seats get tokens, the others are bots by name.

        Without ``rules``, the players follow the number of seats. A
        tutorial table is :func:`raise_the_sum.lessons.tutorial_game`, with
        the seats ``human, riley, sam, alex`` unless given. ``seed`` and
        ``deck`` (a stacked deck) are for tests and tools: the protocol's
        tables get a fresh seed from ``secrets``. A ``public`` table is
        listed in the lobby (:mod:`~raise_the_sum.server.lobby`) while it has
        a free human seat. Every table gets a spectators' token too.
        ``turn_seconds`` is the time for each turn of a person's seat (rule
        R4.15; None: no limit), and ``name`` the display name of the first
        human seat (checked by the caller). Raises
        :class:`~raise_the_sum.server.errors.ProtocolError` (400) on bad seats or rules.
        """
        seating = seat_table(
            seats,
            rules,
            tutorial=tutorial,
            seed=seed,
            deck=deck,
            max_actions=self.limits.max_actions,
        )
        seats, state = seating.seats, seating.state
        table_id = secrets.token_urlsafe(9)
        tokens = {seat: new_token() for seat, kind in enumerate(seats) if kind == HUMAN}
        hashes = {seat: token_hash(token) for seat, token in tokens.items()}
        spectator_token = new_token()
        spectator = token_hash(spectator_token)
        rngs = tuple(
            None if kind == HUMAN else Rng.from_seed(secrets.randbits(64)) for kind in seats
        )
        roster = Roster() if name is None else Roster().named(seats.index(HUMAN), name)
        table = Table(
            table_id=table_id,
            seats=seats,
            bots=tuple(None if kind == HUMAN else make_bot(kind) for kind in seats),
            token_hashes=hashes,
            deck=seating.deck,
            tutorial=tutorial,
            state=state,
            version=0,
            rngs=rngs,
            seen={seat: [] for seat in [*hashes, SPECTATOR]},
            actions=[],
            heavy=action_bound(state.rules) > INLINE_ACTIONS,
            pace=self.pace,
            spectator=spectator,
            public=public,
            roster=roster,
            turn_seconds=turn_seconds,
        )
        await self.store.create(
            NewTable(
                table_id=table_id,
                state=wire.dumps(state),
                setup=setup_text(
                    seats,
                    seating.deck,
                    tutorial,
                    spectator=spectator,
                    public=public,
                    turn_seconds=turn_seconds,
                ),
                extra=extra_text(rngs),
                token_hashes=tuple(sorted(hashes.items())),
                driven=table.server_acts(state, rngs),
                listing=listing_text(seats, state.rules) if public else None,
                seating=roster.text(),
                touched=table.touched,
            )
        )
        self.tables.add(table)
        self.driving.kick(table)
        return Created(table_id, tokens, seed_commitment(state.seed), spectator_token)

    async def table(self, table_id: str) -> Table | None:
        """The live table, loaded from the store on first use; None when there is none.

        Raises :class:`~raise_the_sum.server.errors.ProtocolError` 410
        ``archived`` for a table idle for longer than the archive time, and
        503 ``unavailable`` for a table set aside (it could not be loaded).
        """
        return await self.tables.get(table_id)

    async def _reload(self, table: Table) -> None:
        """Catch up with the store after a lost compare-and-set (another process wrote)."""
        await self.tables.reload(table)
        self._wake(table)
        self.driving.kick(table)
        if table.state.phase is Phase.MATCH_OVER:
            self.tables.finish(table)

    # --- the other processes sharing the store (the fan-out's listener) ------------------------

    def moved(self, table_id: str, version: int) -> None:
        """A commit of ``table_id`` up to ``version`` was made: catch up if it is in memory.

        The table is loaded again from the store (under its lock, once
        however many announcements come meanwhile), and its sockets woken.
        """
        table = self.tables.peek(table_id)
        if table is None or table.version >= version:
            return
        behind = self._behind.get(table_id)
        self._behind[table_id] = max(version, behind or 0)
        if behind is None:
            task = asyncio.get_running_loop().create_task(self._catch_up(table))
            self._catching_up.add(task)
            task.add_done_callback(self._catching_up.discard)

    async def _catch_up(self, table: Table) -> None:
        table_id = table.table_id
        try:
            while table.version < self._behind[table_id]:
                async with table.lock:
                    before = table.version
                    if before < self._behind[table_id]:
                        await self._reload(table)
                    if table.version == before:  # the store has nothing newer: done
                        break
        except Exception as error:  # the store may be away: the next announcement, or a request
            _log.warning("table %s: could not catch up: %s", table_id, error)
        finally:
            del self._behind[table_id]

    def seated(self, table_id: str) -> None:
        """Another process changed the table's seats: if it is in memory, read them again.

        A claimed seat's old token then stops working here too.
        """
        table = self.tables.peek(table_id)
        if table is not None:
            task = asyncio.get_running_loop().create_task(self._reseat(table))
            self._catching_up.add(task)
            task.add_done_callback(self._catching_up.discard)

    async def _reseat(self, table: Table) -> None:
        try:
            async with table.lock:
                await self._reload(table)
        except Exception as error:  # the store may be away: the next announcement, or a request
            _log.warning("table %s: could not read its seats again: %s", table.table_id, error)

    def noticed(self, table_id: str, notice: bytes) -> None:
        """A notice another process pushed: to this process's sockets of the table."""
        table = self.tables.peek(table_id)
        if table is not None:
            heard = json.loads(notice)
            if heard.get("notice") == "presence":  # a seat's sockets at that process
                table.elsewhere[int(heard["seat"])] = bool(heard["present"])
            table.notice(notice)
            self._wake(table)

    async def missed(self) -> None:
        """Announcements were missed (the fan-out was cut off): catch up with the store.

        The leases are checked (a lost connection lost them too). A table in
        memory that nobody uses now is let go (it is loaded again when asked
        for); the others are caught up.
        """
        await self.leases.check()
        for table in self.tables.live():
            idle = not table.watchers and (table.driver is None or table.driver.done())
            if idle and not table.lock.locked():
                self.tables.forget(table)
            else:
                self.moved(table.table_id, table.version + 1)

    # --- who is asking -------------------------------------------------------------------------

    async def authenticate(self, table_id: str, token: str | None) -> tuple[Table, int]:
        """The table and the seat that ``token`` holds there.

        Checked in this order: the token is one the server issued (401
        ``unauthorized``; a spectator's token of this table gets 403
        ``read_only``), the table exists (404 ``not_found``), and the
        token is this table's (401). The digest is compared with every
        human seat's in constant time. The seat is taken from then on
        (:meth:`take`).
        """
        if not token or len(token) > MAX_TOKEN_LENGTH:
            raise ProtocolError(
                401, "unauthorized", "a seat's token is needed: Authorization: Bearer <token>"
            )
        digest = token_hash(token)
        owner = self.tables.tokens.get(digest)
        if owner is None:
            owner = await self.store.token(digest)
            if owner is None:
                try:
                    watched = await self.table(table_id)
                except ProtocolError:  # archived, set aside: said to a seat's token only
                    watched = None
                if watched is not None and _same(watched.spectator, digest):
                    raise read_only()
                raise ProtocolError(401, "unauthorized", "this is not a seat's token")
            self.tables.tokens[digest] = owner
        table = await self.table(table_id)
        if table is None:
            raise ProtocolError(404, "not_found", f"there is no table {table_id!r}")
        seat = None
        for candidate, stored in table.token_hashes.items():
            if hmac.compare_digest(stored, digest):
                seat = candidate
        if seat is None:
            raise ProtocolError(401, "unauthorized", "this token is for another table")
        if seat not in table.taken and not await self.take(table, seat) and self.fanout.shared:
            # Taken meanwhile through another process: a claim may have replaced this token.
            async with table.lock:
                await self._reload(table)
            if not _same(table.token_hashes.get(seat), digest):
                raise ProtocolError(
                    401, "unauthorized", "this seat was claimed: its invitation works no more"
                )
        return table, seat

    async def spectate(self, table_id: str, token: str | None) -> Table:
        """The table whose spectators' token ``token`` is.

        401 ``unauthorized`` when it is not (a seat's token, another
        table's spectators' token), 404 ``not_found`` when there is no
        such table; compared in constant time.
        """
        if not token or len(token) > MAX_TOKEN_LENGTH:
            raise ProtocolError(
                401,
                "unauthorized",
                "a spectator's token is needed: Authorization: Bearer <token>, or ?token= on "
                "the socket",
            )
        digest = token_hash(token)
        table = await self.table(table_id)
        if table is None:
            raise ProtocolError(404, "not_found", f"there is no table {table_id!r}")
        if not _same(table.spectator, digest):
            raise ProtocolError(401, "unauthorized", "this is not this table's spectators' token")
        return table

    # --- seats taken ---------------------------------------------------------------------------

    async def take(self, table: Table, seat: int) -> bool:
        """Note that ``seat``'s token was used: the seat is taken, and the table's sockets told.

        Taken at once in memory (a claim in the lobby meanwhile finds it
        taken), then in the store; a taken seat leaves the lobby. False when
        the store had it taken already (through another process sharing it).
        """
        table.taken.add(seat)
        try:
            taken = await self.store.take(table.table_id, seat, table.humans())
        except BaseException:
            table.taken.discard(seat)
            raise
        if taken:
            self.notify(table, {"notice": "taken", "seat": seat})
        return taken

    async def claim(self, table_id: str, seat_text: str) -> bytes:
        """Take a free seat of a table in the lobby: its new token, in the answer's JSON.

        404 ``not_found`` for a table that is not in the lobby (none, private,
        over), 400 ``bad_input`` for a seat not at the table, 409
        ``seat_taken`` for a seat taken (or a bot's). The seat's old token (an
        invitation never used) stops working.
        """
        table = await self.table(table_id)
        if table is None or not table.public or table.state.phase is Phase.MATCH_OVER:
            raise ProtocolError(
                404, "not_found", f"there is no table {table_id[:40]!r} in the lobby"
            )
        seat = parse_seat(seat_text, len(table.seats))
        if table.seats[seat] != HUMAN:
            raise seat_taken(seat, f"a bot ({table.seats[seat]}) plays it")
        if seat in table.taken:
            raise seat_taken(seat, "someone took it first")
        table.taken.add(seat)  # now, before any await: a claim or a token meanwhile finds it taken
        token = new_token()
        digest = token_hash(token)
        try:
            claimed = await self.store.claim(table.table_id, seat, digest, table.humans())
        except BaseException:
            table.taken.discard(seat)
            raise
        if not claimed:  # another server process sharing the store was first
            raise seat_taken(seat, "someone took it first")
        old = table.token_hashes[seat]
        table.token_hashes[seat] = digest
        self.tables.tokens.pop(old, None)
        self.tables.tokens[digest] = (table.table_id, seat)
        self.notify(table, {"notice": "taken", "seat": seat})
        answer = {
            "table": table.table_id,
            "seat": seat,
            "token": token,
            "seed_commitment": table.commitment,
        }
        return dumps(answer)

    def notify(self, table: Table, notice: dict[str, object]) -> None:
        """Push ``notice`` to every socket of ``table`` (seats and spectators).

        The table's next documents show the change: those built before are dropped.
        """
        self.push(table, dumps(notice))

    def push(self, table: Table, body: bytes) -> None:
        """Push the notice ``body`` (a JSON object) to every socket of ``table``, here and at
        the other processes sharing the store; the next documents show the change."""
        table.notice(body)
        self._wake(table)
        self.fanout.notice(table.table_id, body)

    # --- reading -------------------------------------------------------------------------------

    def spectator_document(self, table: Table, since: int | None) -> bytes:
        """The spectators' document, with the public events since ``since`` (all when None).

        Raises a 400 ``bad_input`` for a ``since`` below 0 or above the version.
        """
        since = 0 if since is None else since
        if not 0 <= since <= table.version:
            raise bad_input("/since", f"since: a version from 0 to {table.version}, got {since}")
        return table.spectate(since)

    async def document(
        self, table: Table, seat: int, since: int | None, *, scores: bool = False
    ) -> bytes:
        """The seat's document, with its events since version ``since`` (all when None).

        ``scores`` adds ``legal_scores``. Raises a 400 ``bad_input`` for a
        ``since`` below 0 or above the version.
        """
        if since is None:
            since = 0
        if since > table.version and self.fanout.shared:  # seen on another process: catch up
            async with table.lock:
                await self._reload(table)
        if not 0 <= since <= table.version:
            raise bad_input("/since", f"since: a version from 0 to {table.version}, got {since}")
        key = (seat, since, scores)
        built = table.documents.get(key)
        if built is None:
            version, serial = table.version, table.seating_serial
            built = await self.driving.run_engine(table, table.build(seat, since, scores=scores))
            if table.version == version and table.seating_serial == serial:
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
        verdict = await self.driving.run_engine(
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

    # --- watching ------------------------------------------------------------------------------

    def watch(self, table: Table) -> asyncio.Event:
        """An event set at every change of ``table`` (until :meth:`unwatch`)."""
        event = asyncio.Event()
        table.watchers.add(event)
        return event

    def unwatch(self, table: Table, event: asyncio.Event) -> None:
        """Stop setting ``event``."""
        table.watchers.discard(event)

    def open_socket(self, table: Table, seat: int) -> bool:
        """Count a WebSocket opened on ``seat``, within the limits (:meth:`close_socket` after).

        True when it is the seat's first: the seat is present now, and
        every socket of the table is told so (a ``presence`` notice).
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
        if open_here == 0:
            self.push(table, notice("presence", seat=seat, present=True))
        return open_here == 0

    def close_socket(self, table: Table, seat: int) -> None:
        """Count a WebSocket of ``seat`` closed; at its last, the seat is away (a notice)."""
        table.sockets[seat] -= 1
        self._sockets -= 1
        if table.sockets[seat] == 0:
            self.push(table, notice("presence", seat=seat, present=False))

    # --- who is at the table -------------------------------------------------------------------

    @staticmethod
    def _not_left(table: Table, seat: int) -> None:
        """A 409 ``seat_left`` when the seat left the table (rule R5.5)."""
        then = table.roster.left.get(seat)
        if then is not None:
            how = "forfeited" if then == FORFEIT else "handed over to a bot"
            raise ProtocolError(
                409,
                "seat_left",
                f"seat {seat} left this table ({how}, rule R5.5): its token can no longer act; "
                "it may still read the table",
            )

    async def name(self, table: Table, seat: int, name: str) -> bytes:
        """Give ``seat`` the display ``name`` (checked by the caller); its document after.

        Every socket of the table gets a ``name`` notice. A seat that left
        gets a 409 ``seat_left``.
        """
        async with table.lock:
            self._not_left(table, seat)
            if table.roster.names.get(seat) != name:
                roster = table.roster.named(seat, name)
                await self._write_roster(table, roster)
                self.push(table, notice("name", seat=seat, name=name))
        return await self.document(table, seat, table.version)

    async def leave(self, table: Table, seat: int, body: LeaveBody) -> bytes:
        """The seat leaves the table (rule R5.5): handed to a bot, or forfeited; its document.

        A bot (``body.bot``), or the stand-in that takes the action of rule
        R4.15 at once (a forfeit), plays the seat from then on; its token may
        read the table but never act again (409 ``seat_left``). Every socket
        of the table gets a ``left`` notice at once.
        """
        async with table.lock:
            self._not_left(table, seat)
            player = STAND_IN if body.bot is None else body.bot
            roster = table.roster.leaving(seat, body.then, player, secrets.randbits(64))
            bot = roster.player(seat)
            rngs = list(table.rngs)
            rngs[seat] = Rng.from_seed(roster.players[seat][1])
            bots = list(table.bots)
            bots[seat] = bot
            before = table.bots, table.rngs
            table.bots, table.rngs = tuple(bots), tuple(rngs)
            try:
                await self._write_roster(table, roster)
            except BaseException:
                table.bots, table.rngs = before
                raise
            self.push(table, notice("left", seat=seat, then=body.then, bot=body.bot))
            self.driving.kick(table)
        return await self.document(table, seat, table.version)

    async def _write_roster(self, table: Table, roster: Roster) -> None:
        """Store the roster (a 503 when the store cannot), then keep it in memory."""
        try:
            await self.store.seating(
                table.table_id,
                roster.text(),
                driven=table.server_acts(table.state, table.rngs),
            )
        except StoreUnavailable as error:
            raise _cannot_store(table, "the change", error) from None
        table.roster = roster

    def open_spectator(self, table: Table) -> None:
        """Count a spectator's WebSocket opened, within the limits (:meth:`close_spectator` after).

        Raises a 429 ``rate_limited`` when the table has
        ``limits.spectators_per_table`` open already, and a 503
        ``unavailable`` when the server has ``limits.sockets``.
        """
        if self._sockets >= self.limits.sockets:
            raise ProtocolError(
                503, "unavailable", "the server has all the sockets it can hold open; try later"
            )
        if table.spectators >= self.limits.spectators_per_table:
            raise ProtocolError(
                429,
                "rate_limited",
                f"this table has {table.spectators} spectators' sockets open, the most it may",
            )
        table.spectators += 1
        self._sockets += 1

    def close_spectator(self, table: Table) -> None:
        """Count a spectator's WebSocket closed."""
        table.spectators -= 1
        self._sockets -= 1

    @staticmethod
    def _wake(table: Table) -> None:
        for watcher in table.watchers:
            watcher.set()

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
        with nothing changed. A seat that left the table gets a 409
        ``seat_left`` (rule R5.5).
        """
        self._not_left(table, seat)
        async with table.lock:
            try:
                return await self._act(table, seat, action, version, client_id)
            except StoreUnavailable as error:
                raise _cannot_store(table, "the action", error) from None

    async def _act(
        self, table: Table, seat: int, action: Action, version: int, client_id: str
    ) -> Outcome:
        # Every id answered at this table is in ``answered`` or ``refused`` (loaded with the
        # table, added at each answer), so only a retry reads the store. An id answered by
        # another process sharing the store is caught by the compare-and-set below.
        if (seat, client_id) in table.answered or client_id in table.refused.get(seat, ()):
            kept = await self.store.answer(table.table_id, seat, client_id)
            if kept is not None:
                return Outcome.of(kept)
        if version > table.version and self.fanout.shared:  # seen on another process: catch up
            await self._reload(table)
        if version != table.version:
            why = f"the table is at version {table.version}, not {version}"
            return await self._stale(table, seat, client_id, why)
        at_once = self.pace == 0 and not self.driving.closing
        now = time.time()
        serial = table.seating_serial
        work = functools.partial(
            self._answer, table, seat, action, version, table.state, at_once, now
        )
        computed = await self.driving.run_engine(table, work)
        if isinstance(computed, IllegalAction):
            return await self._refuse(table, seat, client_id, 422, dumps(wire.encode(computed)))
        steps, rngs, seen, body = computed
        answer = Answer(200, body)
        if await self._commit(table, steps, rngs, (seat, client_id, answer), seen, now=now):
            if table.seating_serial == serial:
                # The answer is also the document a GET with since=version gets now.
                table.documents[(seat, version, False)] = body
            return Outcome(answer, table.version)
        await self._reload(table)
        kept = await self.store.answer(table.table_id, seat, client_id)
        if kept is not None:
            return Outcome.of(kept)
        why = f"the table moved on to version {table.version}"
        return await self._stale(table, seat, client_id, why)

    async def _stale(self, table: Table, seat: int, client_id: str, why: str) -> Outcome:
        """Refuse an action computed from another version than the table's: a 409."""
        stale = ProtocolError(409, "stale_version", why, version=table.version)
        return await self._refuse(table, seat, client_id, stale.status, stale.encoded())

    @staticmethod
    def _answer(
        table: Table,
        seat: int,
        action: Action,
        version: int,
        state: GameState,
        at_once: bool,
        now: float,
    ) -> IllegalAction | tuple[list[Step], tuple[Rng | None, ...], dict[int, list[str]], bytes]:
        """The rules-engine work of an action (run by :meth:`Driving.run_engine
        <raise_the_sum.server.driving.Driving.run_engine>`): its refusal, or
        its steps, the bots' generators after them, what each seat sees, and the answer.

        With ``at_once`` (a pace of 0), the rule-based bots' actions that follow join the
        action's steps (a search bot's wait for the driver). A bot's failure is the driver's
        to report; here it only ends the burst. ``now`` is when the next turn begins (the
        commit's time), for the turn's deadline.
        """
        try:
            after, events = step(state, action, seat=seat)
        except IllegalAction as error:
            return error
        steps: list[Step] = [(seat, action, after, events)]
        rngs = table.rngs
        if at_once:
            driven = match_driver.trusted_table(
                after, table.bots, rngs, match_driver.NextRoundBy.DRIVER
            )
            burst: list[Step] = []
            try:
                driven = table.burst(driven, burst, MAX_BURST)
            except Exception:  # the driver will meet it again, and log it
                pass
            else:
                steps += burst
                rngs = driven.rngs
        seen = table.seen_in(steps)
        after = steps[-1][2]
        body = seat_document(
            table=table.table_id,
            version=version + len(steps),
            state=after,
            events=seen[seat],
            seat=seat,
            seats=table.seats,
            tutorial=table.tutorial,
            next_round_at=now + table.pace if table.pace > 0 else None,
            seating=table.seating(),
            seed_commitment=table.commitment,
            turn_deadline=(
                now + table.turn_seconds
                if table.turn_seconds is not None and table.timed(after)
                else None
            ),
        )
        return steps, rngs, seen, body

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
        return Outcome.of(kept)

    async def _commit(
        self,
        table: Table,
        steps: Sequence[Step],
        rngs: tuple[Rng | None, ...],
        answer: tuple[int, str, Answer] | None,
        seen: dict[int, list[str]] | None = None,
        *,
        now: float | None = None,
    ) -> bool:
        """Write the steps, ``(seat, action, state after, events)`` each, in one commit.

        ``seen`` is :meth:`Table.seen_in <raise_the_sum.server.table.Table.seen_in>` of the
        steps, when the caller has it already; ``now``, when the next turn begins (the
        commit's time unless given).

        The store gets each step's seat and action (the states and events
        follow from them, on replay). On success the table moves on to the
        last step's state, and its watchers and its bots are woken once.
        """
        state = steps[-1][2]
        touched = time.time() if now is None else now  # the store keeps the same moment
        commit = Commit(
            table_id=table.table_id,
            expected=table.version,
            extra=extra_text(rngs),
            steps=tuple(
                StoredStep(table.version + number, seat, action_text(action))
                for number, (seat, action, _, _) in enumerate(steps, 1)
            ),
            over=state.phase is Phase.MATCH_OVER,
            answer=answer,
            driven=table.server_acts(state, rngs),
            touched=touched,
        )
        if not await self.store.commit(commit):
            return False
        table.state, table.version, table.rngs = state, commit.version, rngs
        table.touched = touched
        table.actions += [action for _, action, _, _ in steps]
        for seat, pieces in (table.seen_in(steps) if seen is None else seen).items():
            table.seen[seat] += pieces
        if answer is not None:
            table.answered.add((answer[0], answer[1]))
        table.documents.clear()
        self._wake(table)
        self.driving.kick(table)
        if state.phase is Phase.MATCH_OVER:
            self.tables.finish(table)
        return True

    async def _timeout(self, table: Table, deadline: float) -> bool:
        """Act for the person whose time ran out at ``deadline`` (rule R4.15); the timer's path.

        Under the table's lock, and only if that turn is still the one to
        act: :func:`~raise_the_sum.timeout_action`, committed as the seat's own action
        (compare-and-set on the version); then every socket gets a ``timeout``
        notice, before the new document. False when the turn had moved on or
        another writer was first.
        """
        async with table.lock:
            if table.deadline() != deadline:
                return False
            state, seat = table.state, table.state.current
            action = timeout_action(legal_plays(state))
            after, events = step(state, action, seat=seat)
            version = table.version
            if not await self._commit(table, [(seat, action, after, events)], table.rngs, None):
                await self._reload(table)
                return False
            did = timeout_kind(action)  # never the cards: a discard's are the seat's secret
            _log.info("table %s: seat %d ran out of time: %s", table.table_id, seat, did)
            self.push(table, notice("timeout", seat=seat, did=did, version=version + 1))
            return True

    async def _bots_commit(
        self, table: Table, steps: list[Step], rngs: tuple[Rng | None, ...]
    ) -> bool:
        """The bots' write path (:class:`~raise_the_sum.server.driving.Driving`'s)."""
        return await self._commit(table, steps, rngs, None)


def _same(stored: str | None, digest: str) -> bool:
    """True when ``stored`` is ``digest``, compared in constant time (None is never)."""
    return stored is not None and hmac.compare_digest(stored, digest)
