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
same pause, unless the round's winner sends ``NextRound`` first. After a
restart, :meth:`TableService.start` resumes every unfinished table that has
a bot to act.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hmac
import logging
import secrets
import time
from collections.abc import Sequence

from raise_the_sum import driver as match_driver
from raise_the_sum import wire
from raise_the_sum.actions import Action, IllegalAction
from raise_the_sum.bots import make_bot
from raise_the_sum.cards import Card
from raise_the_sum.events import step
from raise_the_sum.limits import action_bound
from raise_the_sum.records import MatchRecord, seat_tag
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules
from raise_the_sum.server.documents import SPECTATOR, action_text, dumps, seat_document
from raise_the_sum.server.driving import MAX_BURST, Driving
from raise_the_sum.server.errors import ProtocolError, bad_input
from raise_the_sum.server.limits import INLINE_ACTIONS, Limits
from raise_the_sum.server.lobby import listing_text, parse_seat, seat_taken
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
        self.tables = Tables(store, self.limits, pace)
        self.driving = Driving(
            pace=pace, bot_threads=bot_threads, commit=self._bots_commit, reload=self._reload
        )
        self._sockets = 0
        self._sweeper: asyncio.Task[None] | None = None

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
        since = time.time() - self.limits.archive_after
        for table_id in await self.store.resumable(since):
            try:
                table = await self.table(table_id)
            except ProtocolError:  # set aside or archived: said in the log, answered on request
                continue
            if table is not None:
                self.driving.kick(table)
        self._sweeper = asyncio.get_running_loop().create_task(self.tables.sweep())

    async def close(self) -> None:
        """Stop the bots (their next actions are simply not taken) and the thread pools."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(BaseException):
                await self._sweeper
        await self.driving.close(self.tables.live())

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
    ) -> Created:
        """Seat a new table: ``"human"`` seats get tokens, the others are bots by name.

        Without ``rules``, the players follow the number of seats. A
        tutorial table is :func:`raise_the_sum.lessons.tutorial_game`, with
        the seats ``human, riley, sam, alex`` unless given. ``seed`` and
        ``deck`` (a stacked deck) are for tests and tools: the protocol's
        tables get a fresh seed from ``secrets``. A ``public`` table is
        listed in the lobby (:mod:`~raise_the_sum.server.lobby`) while it has
        a free human seat. Every table gets a spectators' token too. Raises
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
        )
        await self.store.create(
            NewTable(
                table_id=table_id,
                state=wire.dumps(state),
                setup=setup_text(seats, seating.deck, tutorial, spectator=spectator, public=public),
                extra=extra_text(rngs),
                token_hashes=tuple(sorted(hashes.items())),
                driven=table.automatic(),
                listing=listing_text(seats, state.rules) if public else None,
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
        if seat not in table.taken:
            await self.take(table, seat)
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

    async def take(self, table: Table, seat: int) -> None:
        """Note that ``seat``'s token was used: the seat is taken, and the table's sockets told.

        Taken at once in memory (a claim in the lobby meanwhile finds it
        taken), then in the store; a taken seat leaves the lobby.
        """
        table.taken.add(seat)
        try:
            await self.store.take(table.table_id, seat, table.humans())
        except BaseException:
            table.taken.discard(seat)
            raise
        self.notify(table, {"notice": "taken", "seat": seat})

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
        table.notice(dumps(notice))
        self._wake(table)

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
        if not 0 <= since <= table.version:
            raise bad_input("/since", f"since: a version from 0 to {table.version}, got {since}")
        key = (seat, since, scores)
        built = table.documents.get(key)
        if built is None:
            version = table.version
            built = await self.driving.run_engine(table, table.build(seat, since, scores=scores))
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
                return Outcome.of(kept)
        if version != table.version:
            why = f"the table is at version {table.version}, not {version}"
            return await self._stale(table, seat, client_id, why)
        at_once = self.pace == 0 and not self.driving.closing
        work = functools.partial(self._answer, table, seat, action, version, table.state, at_once)
        computed = await self.driving.run_engine(table, work)
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
    ) -> IllegalAction | tuple[list[Step], tuple[Rng | None, ...], dict[int, list[str]], bytes]:
        """The rules-engine work of an action (run by :meth:`Driving.run_engine
        <raise_the_sum.server.driving.Driving.run_engine>`): its refusal, or
        its steps, the bots' generators after them, what each seat sees, and the answer.

        With ``at_once`` (a pace of 0), the rule-based bots' actions that follow join the
        action's steps (a search bot's wait for the driver). A bot's failure is the driver's
        to report; here it only ends the burst.
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
        body = seat_document(
            table=table.table_id,
            version=version + len(steps),
            state=steps[-1][2],
            events=seen[seat],
            seat=seat,
            seats=table.seats,
            tutorial=table.tutorial,
            next_round_at=time.time() + table.pace if table.pace > 0 else None,
            seating=table.seating(),
            seed_commitment=table.commitment,
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
    ) -> bool:
        """Write the steps, ``(seat, action, state after, events)`` each, in one commit.

        ``seen`` is :meth:`Table.seen_in <raise_the_sum.server.table.Table.seen_in>` of the
        steps, when the caller has it already.

        The store gets each step's seat and action (the states and events
        follow from them, on replay). On success the table moves on to the
        last step's state, and its watchers and its bots are woken once.
        """
        state = steps[-1][2]
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
            driven=match_driver.trusted_table(
                state, table.bots, rngs, match_driver.NextRoundBy.DRIVER
            ).driver_to_act,
        )
        if not await self.store.commit(commit):
            return False
        table.state, table.version, table.rngs = state, commit.version, rngs
        table.touched = time.time()
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

    async def _bots_commit(
        self, table: Table, steps: list[Step], rngs: tuple[Rng | None, ...]
    ) -> bool:
        """The bots' write path (:class:`~raise_the_sum.server.driving.Driving`'s)."""
        return await self._commit(table, steps, rngs, None)


def _same(stored: str | None, digest: str) -> bool:
    """True when ``stored`` is ``digest``, compared in constant time (None is never)."""
    return stored is not None and hmac.compare_digest(stored, digest)
