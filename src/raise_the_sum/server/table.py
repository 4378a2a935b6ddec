"""A live table: its state and history in memory, as the store has them.

:class:`Table` is what the table service keeps of a table between
requests: the state, the actions, what each person's seat may know of each
version's events, and the documents built at the current version.
:func:`revive` rebuilds one from the store (the state it was created with,
then its actions replayed: the engine is deterministic), and
:func:`setup_text` and :func:`extra_text` write what the store keeps.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import time
from collections.abc import Callable, Sequence
from typing import Final

import attrs

from raise_the_sum import driver as match_driver
from raise_the_sum import wire
from raise_the_sum.actions import Action, IllegalAction
from raise_the_sum.bots import Bot, make_bot
from raise_the_sum.cards import Card
from raise_the_sum.events import Event, step
from raise_the_sum.limits import action_bound
from raise_the_sum.rng import Rng
from raise_the_sum.server.documents import SPECTATOR, seat_document, seat_events, seating_entry
from raise_the_sum.server.limits import INLINE_ACTIONS
from raise_the_sum.server.presence import FORFEIT, Roster
from raise_the_sum.server.spectators import spectator_document
from raise_the_sum.server.store import Answer, StoredStep, StoredTable
from raise_the_sum.state import GameState, Phase

__all__ = [
    "HUMAN",
    "THREAD_BOTS",
    "Created",
    "Outcome",
    "Step",
    "Table",
    "catch_up",
    "extra_text",
    "reseat",
    "revive",
    "seated",
    "seed_commitment",
    "setup_text",
]

#: The seat kind of a person; any other seat kind is a bot's name (``make_bot``).
HUMAN: Final = "human"

#: The bots whose decisions run on the thread pool: those that search (tens of milliseconds).
#: The others (random, greedy, cautious, riley, sam) decide in well under a millisecond.
THREAD_BOTS: Final = frozenset({"search", "alex"})

#: A step to commit: the seat, its action, the state after it, and its (full) events.
Step = tuple[int, Action, GameState, tuple[Event, ...]]


def seed_commitment(seed: int) -> str:
    """The SHA-256, lowercase hex, of the seed's decimal digits (UTF-8).

    >>> seed_commitment(7) == hashlib.sha256(b"7").hexdigest()
    True
    """
    return hashlib.sha256(str(seed).encode()).hexdigest()


@attrs.frozen
class Created:
    """A new table: its id, one token per human seat, the seed's commitment, a spectator's."""

    #: The table's id.
    table: str
    #: Each human seat's token, by seat.
    tokens: dict[int, str]
    #: :func:`seed_commitment` of the table's seed.
    seed_commitment: str
    #: The read-only token of the table's spectators.
    spectator_token: str | None = None


@attrs.frozen
class Outcome:
    """The answer to an action: what to send, and the version it shows (None for an error)."""

    #: The status and body, as first answered.
    answer: Answer
    #: The answer document's version, or None for an error answer.
    version: int | None

    @classmethod
    def of(cls, answer: Answer) -> Outcome:
        """The outcome of a stored answer: a 200's version is read from its body."""
        version = json.loads(answer.body)["version"] if answer.status == 200 else None
        return cls(answer, version)


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
    #: Documents built at this version, by (seat, since, scores); a spectator's seat is
    #: :data:`~raise_the_sum.server.documents.SPECTATOR`.
    documents: dict[tuple[int, int, bool], bytes] = attrs.field(factory=dict)
    #: The SHA-256 hex of the spectators' token, or None when the table has none.
    spectator: str | None = None
    #: True when the table's creator listed it in the lobby.
    public: bool = False
    #: The human seats taken: whose token was used, or that were claimed in the lobby.
    taken: set[int] = attrs.field(factory=set)
    #: The open spectators' WebSockets.
    spectators: int = 0
    #: The latest notices pushed to the table's sockets, numbered: ``(number, notice)``.
    notices: list[tuple[int, bytes]] = attrs.field(factory=list)
    #: :func:`seed_commitment` of the table's seed.
    commitment: str = attrs.field(init=False)
    #: The seats' names, who left, and who plays a left seat
    #: (:mod:`~raise_the_sum.server.presence`).
    roster: Roster = attrs.field(factory=Roster)
    #: The time for each turn of a person's seat, in seconds (rule R4.15), or None: no limit.
    turn_seconds: int | None = None
    #: The seats present at another process sharing the store, as its notices said.
    elsewhere: dict[int, bool] = attrs.field(factory=dict)
    #: Set to wake the table's task (:mod:`~raise_the_sum.server.driving`) when it waits for a
    #: turn's deadline and the table moves on.
    nudge: asyncio.Event = attrs.field(factory=asyncio.Event)
    #: Counts the changes of seating (presence, names, leaving): a document built while one
    #: happened is not kept.
    seating_serial: int = 0
    #: The document's ``seating`` as built at ``seating_serial``: (serial, entries).
    _seating: tuple[int, list[dict[str, object]]] | None = attrs.field(default=None, init=False)

    def __attrs_post_init__(self) -> None:
        # The parts that driven() rebuilds the driver's table from, checked once, here.
        match_driver.Table(self.state, self.bots, self.rngs, match_driver.NextRoundBy.DRIVER)
        self.commitment = seed_commitment(self.state.seed)

    def humans(self) -> tuple[int, ...]:
        """The human seats, in order."""
        return tuple(seat for seat, kind in enumerate(self.seats) if kind == HUMAN)

    def free(self) -> tuple[int, ...]:
        """The human seats not taken yet, in order."""
        return tuple(seat for seat in self.humans() if seat not in self.taken)

    def notice(self, notice: bytes) -> None:
        """Keep a notice for the table's sockets (the latest 64), and drop the documents built:
        every notice tells of a change that the next document shows."""
        number = self.notices[-1][0] + 1 if self.notices else 1
        self.notices.append((number, notice))
        del self.notices[:-64]
        self.seating_changed()

    def timed(self, state: GameState) -> bool:
        """True when a person is to play or discard in ``state`` and the table has a time limit."""
        return (
            self.turn_seconds is not None
            and (state.phase is Phase.PLAY or state.phase is Phase.DISCARD)
            and self.bots[state.current] is None
        )

    def deadline(self) -> float | None:
        """When the person to act now runs out of time (seconds since the epoch), or None.

        The turn began at the table's last commit (``touched``, as the store
        keeps it), so a restarted server finds the same deadline.
        """
        if not self.timed(self.state):
            return None
        assert self.turn_seconds is not None
        return self.touched + self.turn_seconds

    def server_acts(self, state: GameState, rngs: tuple[Rng | None, ...]) -> bool:
        """True when the server acts next at ``state``: a bot, the next round, or a timer."""
        driven = match_driver.trusted_table(
            state, self.bots, rngs, match_driver.NextRoundBy.DRIVER
        ).driver_to_act
        return driven or self.timed(state)

    def seating(self) -> list[dict[str, object]]:
        """The document's ``seating``: each seat's player, name, presence, and whether it left.

        A seat handed over to a bot shows the bot's name as its kind, and
        no presence; a forfeited seat stays ``"human"``. Built once per change of
        seating (:meth:`seating_changed`), for every document until the next.
        """
        kept = self._seating
        if kept is not None and kept[0] == self.seating_serial:
            return kept[1]
        entries = []
        for seat, kind in enumerate(self.seats):
            left = self.roster.left.get(seat)
            player = self.roster.players.get(seat)
            playing = player[0] if player is not None and left != FORFEIT else kind
            entries.append(
                seating_entry(
                    kind=playing,
                    name=self.roster.names.get(seat),
                    present=self.present(seat) if playing == HUMAN else None,
                    taken=seat in self.taken or seat in self.roster.left,
                    left=left,
                )
            )
        self._seating = (self.seating_serial, entries)
        return entries

    def last_notice(self) -> int:
        """The number of the table's latest notice (0 before any)."""
        return self.notices[-1][0] if self.notices else 0

    def notices_after(self, number: int) -> list[tuple[int, bytes]]:
        """The table's notices numbered after ``number``, oldest first."""
        return [(n, notice) for n, notice in self.notices if n > number]

    def present(self, seat: int) -> bool:
        """True when ``seat`` has a socket open here, or at another process that said so."""
        return self.sockets.get(seat, 0) > 0 or self.elsewhere.get(seat, False)

    def seating_changed(self) -> None:
        """Forget the documents built: the seating they show changed."""
        self.seating_serial += 1
        self.documents.clear()

    def document(self, seat: int, since: int, *, scores: bool = False) -> bytes:
        """The seat's document now, with the events since ``since`` (built once per version).

        It lists the seat's legal actions here and now: the service builds
        a heavy table's documents on a thread instead
        (:meth:`TableService.document <raise_the_sum.server.service.TableService.document>`).
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
            seating=self.seating(),
            seed_commitment=self.commitment,
            turn_deadline=self.deadline(),
        )

    def spectate(self, since: int) -> bytes:
        """The spectators' document now, with the public events since ``since`` (built once)."""
        key = (SPECTATOR, since, False)
        built = self.documents.get(key)
        if built is None:
            built = spectator_document(
                table=self.table_id,
                version=self.version,
                state=self.state,
                events=self.seen[SPECTATOR][since:],
                seats=self.seats,
                seating=self.seating(),
                seed_commitment=self.commitment,
                next_round_at=self.touched + self.pace if self.pace > 0 else None,
            )
            self.keep(key, built)
        return built

    def keep(self, key: tuple[int, int, bool], built: bytes) -> None:
        """Keep a document built at this version, by ``(seat, since, scores)``."""
        if len(self.documents) > 64:
            self.documents.clear()
        self.documents[key] = built

    def driven(self) -> match_driver.Table:
        """The table as the match driver sees it: the server sends ``NextRound()`` itself.

        Rebuilt from parts checked once, when the table was created or loaded
        (:func:`revive`), without checking them again: this is asked at every
        commit.
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
        if state.phase is Phase.ROUND_OVER:
            return False
        bot = self.bots[state.current]
        return bot is not None and bot.name in THREAD_BOTS

    def seen_in(self, steps: Sequence[Step]) -> dict[int, list[str]]:
        """What each person's seat may know of each step's events, as documents write them."""
        return {
            seat: [seat_events(events, seat) for _, _, _, events in steps] for seat in self.seen
        }

    def burst(
        self, driven: match_driver.Table, steps: list[Step], limit: int
    ) -> match_driver.Table:
        """The rule-based bots' actions from ``driven`` on, added to ``steps`` (up to ``limit``).

        They run where this is called: each decides in tens of
        microseconds. It stops where a search bot (``THREAD_BOTS``) or a
        person is to act, or the match is over; the table it returns has the
        bots' generators advanced.
        """
        while len(steps) < limit and driven.driver_to_act and not self.threaded(driven):
            driven, move = match_driver.bot_step(driven)
            steps.append((move.seat, move.action, driven.state, move.events))
        return driven


def setup_text(
    seats: Sequence[str],
    deck: Sequence[Card] | None,
    tutorial: bool,
    *,
    spectator: str | None = None,
    public: bool = False,
    turn_seconds: int | None = None,
) -> str:
    """What a table was created with and never changes, as the store keeps it (JSON).

    ``spectator`` is the hash of the spectators' token; ``public`` lists the table in the
    lobby; ``turn_seconds`` is the time for each turn of a person's seat, if any.
    """
    setup: dict[str, object] = {
        "seats": list(seats),
        "deck": None if deck is None else [wire.encode(card) for card in deck],
        "tutorial": tutorial,
        "spectator": spectator,
        "public": public,
    }
    if turn_seconds is not None:
        setup["turn_seconds"] = turn_seconds
    return json.dumps(setup)


def extra_text(rngs: Sequence[Rng | None]) -> str:
    """What changes with the state, as the store keeps it: the bots' generators (JSON)."""
    return json.dumps({"rngs": [None if rng is None else str(rng.state) for rng in rngs]})


def _replay(
    table_id: str,
    state: GameState,
    steps: Sequence[StoredStep],
    seen: dict[int, list[str]],
    actions: list[Action],
) -> GameState:
    """The state after ``steps`` from ``state``; each step's action and what each person's
    seat may know of its events are added to ``actions`` and ``seen``."""
    for stored_step in steps:
        action = wire.loads(Action, stored_step.action)
        try:
            state, events = step(state, action)
        except IllegalAction as error:
            raise RuntimeError(
                f"table {table_id}: version {stored_step.version} does not "
                f"replay from the stored state: {error}"
            ) from error
        for seat, pieces in seen.items():
            pieces.append(seat_events(events, seat))
        actions.append(action)
    return state


def catch_up(table: Table, stored: StoredTable) -> None:
    """Bring ``table`` to the stored version, replaying only the steps it does not have.

    ``stored`` is the same table loaded later, with its steps after
    ``table``'s version at least (``Store.load(..., after=table.version)``):
    its history starts with ``table``'s (a compare-and-set on the version
    never lets two histories part). Raises :class:`RuntimeError`, as
    :func:`revive` does, when the new steps are missing or do not replay.
    """
    new = [s for s in stored.steps if s.version > table.version]
    wanted = list(range(table.version + 1, stored.version + 1))
    if [s.version for s in new] != wanted:
        raise RuntimeError(
            f"table {table.table_id}: steps {[s.version for s in new][:5]}... stored for "
            f"versions {table.version + 1} to {stored.version}"
        )
    extra = json.loads(stored.extra)
    rngs = tuple(None if rng is None else Rng(int(rng)) for rng in extra["rngs"])
    seen = {seat: list(pieces) for seat, pieces in table.seen.items()}
    actions = list(table.actions)
    state = _replay(table.table_id, table.state, new, seen, actions)
    table.state, table.version, table.rngs = state, stored.version, rngs
    table.seen, table.actions = seen, actions
    table.answered |= set(stored.answered)
    table.touched = stored.touched
    reseat(table, stored)


def seated(
    seats: Sequence[str], roster: Roster, rngs: tuple[Rng | None, ...]
) -> tuple[tuple[Bot | None, ...], tuple[Rng | None, ...]]:
    """Who plays each seat, and the bots' generators: the seat kinds, then those who left.

    A left seat is played by its bot (:meth:`Roster.player
    <raise_the_sum.server.presence.Roster.player>`); its generator is the
    stored one, or, before the seat's first commit since it left, a new one
    from the seed the roster keeps.
    """
    bots = [None if kind == HUMAN else make_bot(kind) for kind in seats]
    generators = list(rngs)
    for seat, (_, seed) in roster.players.items():
        bots[seat] = roster.player(seat)
        if generators[seat] is None:
            generators[seat] = Rng.from_seed(seed)
    return tuple(bots), tuple(generators)


def reseat(table: Table, stored: StoredTable) -> None:
    """Take the stored seating (names, who left) into ``table``: another process may have
    changed it. A seat that left is then played by its bot here too."""
    roster = Roster.parse(stored.seating)
    if roster != table.roster:
        table.roster = roster
        table.bots, table.rngs = seated(table.seats, roster, table.rngs)
    table.seating_changed()


def revive(stored: StoredTable, *, pace: float = 0.0) -> Table:
    """The live table of a stored one: its first state, then its actions replayed.

    Raises :class:`RuntimeError`, naming the table and the version, when
    the stored table does not hold together (an action that does not replay,
    a missing step, generators that do not fit the seats).
    """
    try:
        setup = json.loads(stored.setup)
        extra = json.loads(stored.extra)
        seats = tuple(setup["seats"])
        deck = setup["deck"]
        turn_seconds = setup.get("turn_seconds")
        state = wire.loads(GameState, stored.state)
        roster = Roster.parse(stored.seating)
    except (KeyError, TypeError, ValueError) as error:
        raise RuntimeError(f"table {stored.table_id}: {error}") from error
    humans = [seat for seat, _ in stored.token_hashes]
    seen: dict[int, list[str]] = {seat: [] for seat in [*humans, SPECTATOR]}
    actions: list[Action] = []
    state = _replay(stored.table_id, state, stored.steps, seen, actions)
    if len(actions) != stored.version:
        raise RuntimeError(
            f"table {stored.table_id}: {len(actions)} steps stored for version {stored.version}"
        )
    try:
        bots, rngs = seated(
            seats,
            roster,
            tuple(None if rng is None else Rng(int(rng)) for rng in extra["rngs"]),
        )
        return Table(
            table_id=stored.table_id,
            seats=seats,
            bots=bots,
            token_hashes=dict(stored.token_hashes),
            deck=None if deck is None else tuple(wire.decode(Card, card) for card in deck),
            tutorial=bool(setup["tutorial"]),
            state=state,
            version=stored.version,
            rngs=rngs,
            seen=seen,
            actions=actions,
            answered=set(stored.answered),
            heavy=action_bound(state.rules) > INLINE_ACTIONS,
            touched=stored.touched,
            pace=pace,
            spectator=setup.get("spectator"),
            public=bool(setup.get("public", False)),
            taken=set(stored.taken),
            roster=roster,
            turn_seconds=None if turn_seconds is None else int(turn_seconds),
        )
    except (KeyError, TypeError, ValueError) as error:  # the bots and generators disagree
        raise RuntimeError(f"table {stored.table_id}: {error}") from error
