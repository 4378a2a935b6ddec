"""``Phase`` and ``GameState``: the whole table at one moment.

A state is never changed: :func:`~raise_the_sum.apply` returns a new one.
States are frozen, hashable and equal by value, so two games that reach the
same table by the same seed and actions have equal states. Build the first
state with :func:`~raise_the_sum.new_game`.
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from collections.abc import Callable, Sequence, Set
from typing import TYPE_CHECKING, Final, Protocol, cast

import attrs

from raise_the_sum import _validate
from raise_the_sum._render import short_repr, table_html
from raise_the_sum.cards import Card, Kind
from raise_the_sum.errors import RaiseTheSumError
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules
from raise_the_sum.scoring import Attack, attack_of, score, sent_by

if TYPE_CHECKING:
    from raise_the_sum.views import PlayerView

__all__ = ["GameState", "InvalidState", "Phase", "validate"]


class Phase(enum.Enum):
    """What the player to act is doing."""

    #: Play cards or pass (rules R4.2 to R4.5).
    PLAY = "play"
    #: Discard down to the hand limit before the turn ends (rule R4.8).
    DISCARD = "discard"
    #: The brief result between rounds; ``NextRound()`` ends it (rule R5.4).
    ROUND_OVER = "round over"
    #: The match is won; no action is legal (rule R5.2).
    MATCH_OVER = "match over"


_PLAY: Final = Phase.PLAY  # a global: faster than the Enum's attribute, in a hot path


class _Table(Protocol):
    phase: Phase
    standing: tuple[Card, ...]


def is_opening(table: _Table) -> bool:
    """The one definition of "an opening" (rule R4.3): a play to make, and no standing play.

    Package-internal: it is the ``opening`` property of both
    :class:`GameState` and :class:`~raise_the_sum.PlayerView`. While it holds
    there is no score to beat (``to_beat`` is None) and no attack.
    """
    return table.phase is _PLAY and not table.standing


def _is_cards(value: object) -> bool:
    return type(value) is tuple and all(type(card) is Card for card in value)


def _is_sorted(cards: tuple[Card, ...]) -> bool:
    return all(a.index <= b.index for a, b in itertools.pairwise(cards))


def _seat_or_none(value: object) -> bool:
    return value is None or type(value) is int


def _check_hands_on_the_way_in(
    state: GameState, attribute: attrs.Attribute[tuple[tuple[Card, ...], ...]], hands: object
) -> None:
    """``GameState(hands=...)``: tuples of cards, each in card order (rules R7.2 and R1.4).

    The engine builds its states without this check (it sorts every hand it
    makes); a state built by hand gets it, so that no function of the
    library is handed a hand it would misread.
    """
    _check_hands_type(hands)
    _check_hands_order(cast(tuple[tuple[Card, ...], ...], hands))


def _check_standing_on_the_way_in(
    state: GameState, attribute: attrs.Attribute[tuple[Card, ...]], standing: object
) -> None:
    """``GameState(standing=...)``: a tuple of cards in card order (rules R7.2 and R1.4)."""
    _check_standing_type(standing)
    _check_standing_order(cast(tuple[Card, ...], standing))


def _wrong_type(field: str, what: str, value: object, owner: str = "GameState") -> InvalidState:
    return InvalidState((field,), f"must be {what}, got {_validate.shown(value)}", "R7.2", owner)


def _check_hands_type(hands: object) -> None:
    if type(hands) is not tuple or not all(_is_cards(hand) for hand in hands):
        raise _wrong_type("hands", "a tuple of tuples of Card", hands)


def _check_standing_type(standing: object) -> None:
    if not _is_cards(standing):
        raise _wrong_type("standing", "a tuple of Card", standing)


def _check_hands_order(hands: tuple[tuple[Card, ...], ...]) -> None:
    for seat, hand in enumerate(hands):
        if not _is_sorted(hand):
            raise InvalidState(("hands", seat), "a hand is kept in card order", "R1.4")


def _check_standing_order(standing: tuple[Card, ...], owner: str = "GameState") -> None:
    if not _is_sorted(standing):
        raise InvalidState(("standing",), "the standing play is kept in card order", "R1.4", owner)


@attrs.frozen(cache_hash=True)
class GameState:
    """The whole table: hands, piles, scores, whose turn it is, and the generator.

    This is full information: hands, the order of the deck, the seed and the
    generator are all here. Give a player :func:`~raise_the_sum.observe`
    instead, which shows only what their seat may know.

    The engine builds states; it trusts them and does not re-check them. A
    state built by hand is checked for what the engine would misread: each
    hand and the standing play must be a tuple of cards in card order (rules
    R7.2 and R1.4). :func:`validate` checks the rest.

    >>> import attrs
    >>> from raise_the_sum import new_game
    >>> state = new_game(seed=7)
    >>> attrs.evolve(state, hands=(state.hands[0][::-1], *state.hands[1:]))
    Traceback (most recent call last):
    ...
    raise_the_sum.state.InvalidState: GameState.hands[0]: a hand is kept in card order (rule R1.4)
    """

    #: The configuration of this game.
    rules: Rules
    #: The seed the game was started with (rule R3.8); hidden information.
    seed: int
    #: The generator's current state, used for the next reshuffle (rule R6.1); hidden.
    rng: Rng = attrs.field(repr=False)
    #: What the player to act is doing.
    phase: Phase
    #: The seat to act; in ``ROUND_OVER`` and ``MATCH_OVER``, the round's winner.
    current: int
    #: Each seat's hand, sorted (rule R1.4).
    hands: tuple[tuple[Card, ...], ...] = attrs.field(validator=_check_hands_on_the_way_in)
    #: Each seat's points.
    points: tuple[int, ...]
    #: The score a reply must beat (rule R4.4); None while the round has no standing play.
    to_beat: int | None
    #: The standing play's cards, sorted; empty when there is none (rule R4.6).
    standing: tuple[Card, ...] = attrs.field(validator=_check_standing_on_the_way_in)
    #: The seat that made the standing play, or None.
    standing_seat: int | None
    #: The seats out of this round (rule R4.5).
    passed: frozenset[int]
    #: The cards left to draw, next draw first; hidden.
    deck: tuple[Card, ...] = attrs.field(repr=False)
    #: The discard pile, oldest first (rule R1.4); face up (rule R4.12).
    discard: tuple[Card, ...]

    @property
    def attack(self) -> Attack:
        """The attack facing the player to act: the standing play's (rule R4.11).

        ``Attack()`` when there is no standing play.
        """
        return sent_by(self.standing)

    @property
    def players(self) -> int:
        """The number of seats, ``rules.players``."""
        return self.rules.players

    #: True when the player to act opens the round: no standing play, no score (rule R4.3).
    #: The one test of "is this an opening" (``state.is_opening``), the same for a seat's
    #: :attr:`PlayerView.opening <raise_the_sum.PlayerView.opening>`.
    opening = property(is_opening)

    @property
    def active(self) -> tuple[int, ...]:
        """The seats still in this round, in seat order."""
        return tuple(s for s in range(self.rules.players) if s not in self.passed)

    def __repr__(self) -> str:
        """The table in the position notation, with the deck and the discard pile as sizes.

        Every hand shows; the deck's order, the seed and the generator do not,
        and a house deck is left out. The whole state, to paste, is
        :func:`to_position(state) <raise_the_sum.to_position>`.

        >>> from raise_the_sum import Play, apply, new_game, parse_cards
        >>> apply(new_game(seed=7), Play(parse_cards("+7 +6 -5")))
        <GameState rts1 * +5+5+6-3-6|+1+3+4+8+8x2-2-7|+1+2+4+6+9x3/2|+2+3+8+8+9-1/3 +6+7-5@0=13 p1 - 0,0,0,0 ?32 ?0>
        """  # noqa: E501 (a doctest shows the repr whole)
        return short_repr(self, None, self.hands, len(self.deck), len(self.discard))

    def _repr_html_(self) -> str:
        """A small HTML table for notebooks: every hand in the guide's colours and signs."""
        return table_html(self, "the whole table", self.hands, len(self.deck), len(self.discard))


class InvalidState(RaiseTheSumError, ValueError):
    """A state (or a view) that the rules do not allow; raised by :func:`validate`.

    :attr:`where` names the field, :attr:`rule` the rule it breaks and
    :attr:`reason` what is wrong; ``str()`` puts the three together:

    >>> import attrs
    >>> from raise_the_sum import new_game
    >>> state = attrs.evolve(new_game(seed=7), current=4)
    >>> validate(state)
    Traceback (most recent call last):
    ...
    raise_the_sum.state.InvalidState: GameState.current: a seat from 0 to 3, got 4 (rule R3.1)
    """

    #: The field at fault, as a path: ``("hands", 2)`` is ``GameState.hands[2]``;
    #: ``()`` for the state as a whole.
    where: tuple[str | int, ...]
    #: What is wrong, in words, without the field and the rule.
    reason: str
    #: The identifier of the rule broken.
    rule: str

    def __init__(
        self, where: tuple[str | int, ...], reason: str, rule: str, owner: str = "GameState"
    ) -> None:
        field = owner + "".join(f"[{part}]" if type(part) is int else f".{part}" for part in where)
        super().__init__(f"{field}: {reason} (rule {rule})")
        self.where = where
        self.reason = reason
        self.rule = rule


def validate(state: GameState | PlayerView) -> None:
    """Check that a state, or a view, is one the rules allow; raise :class:`InvalidState` if not.

    :class:`InvalidState` is a :class:`ValueError` that names the field and
    the rule. The engine builds only valid states and does not re-check
    them; this is for states and views that come from outside (a save file,
    a server's store, a hand-built position): :func:`raise_the_sum.wire.decode`
    runs it on every state it reads. A :class:`GameState` built by hand is
    already refused on construction when a hand or the standing play is not
    a tuple of cards in card order (checks 1 and 3). The checks of a state,
    in order:

    1. Types: every field holds what :class:`GameState` documents (rule R7.2).
    2. Seats (rule R3.1): one hand per seat.
    3. Order (rule R1.4): every hand and the standing play are sorted.
    4. The table (see below, shared with the views).
    5. Card conservation (rule R6.2): the hands, the standing play, the deck
       and the discard pile together are exactly ``rules.deck``.

    The table's checks, which a view is held to as well, each a function
    of its own:

    * Seats (R3.1): one points entry per seat; ``current``,
      ``standing_seat`` and every passed seat are seats at the table.
    * Phase and passes: in ``PLAY``, ``current`` has not passed (R4.9) and at
      least two seats are still in (R5.1); in ``DISCARD``, at least one seat
      is still in (R5.1); in ``ROUND_OVER`` and ``MATCH_OVER``, every seat
      but ``current``, the winner, has passed (R5.1).
    * Points (R3.5, R5.2): no seat has reached ``points_to_win``, except
      ``current`` in ``MATCH_OVER``, who has exactly that many; in
      ``ROUND_OVER``, the winner has at least the point just scored (R5.1).
    * Passes before an opening (R4.3): while no play stands, no seat made
      it, there is no score to beat, and only a seat holding fewer than
      ``min_play`` cards can have passed.
    * The standing play (R4.6): ``standing``, ``standing_seat`` and
      ``to_beat`` are all set; it has ``min_play`` to ``max_play`` cards
      (R4.2); its seat has not passed (R4.5); in ``PLAY`` it is not its own
      seat's turn (R5.1: the round would be over); in ``ROUND_OVER`` and
      ``MATCH_OVER`` it is the winner's (R5.1).
    * ``to_beat`` (R2.5): at least 0 and at most the standing play's total
      with no attack; exactly that total when the play holds a Zero card,
      which cancels the attack it faced (R2.2).
    * Hand sizes (R4.8): no hand holds more than ``max(hand_size,
      hand_limit)``, except the seat to act in ``PLAY`` and ``DISCARD``,
      which may hold one more (its turn-start draw, R4.1); in ``PLAY`` the
      seat to act holds at least that one card; in ``DISCARD`` it holds more
      than ``hand_limit``.

    A :class:`~raise_the_sum.PlayerView` is held to its types (R7.2), one
    hand size per seat (R3.1), its own hand's size and order (R6.2, R1.4),
    the table's checks, the attack of the standing play (R4.11), and what it
    shows of the cards (R6.2): no card the deck lacks, and as many cards in
    all as the deck holds.

    Every state that :func:`~raise_the_sum.new_game` and
    :func:`~raise_the_sum.apply` build passes, and so does every view of
    it (property tests play many random matches to make sure):

    >>> from raise_the_sum import new_game, observe
    >>> validate(new_game(seed=7)) is None, validate(observe(new_game(seed=7), 2)) is None
    (True, True)
    """
    if isinstance(state, GameState):
        for check in _STATE_CHECKS:
            check(state)
        return
    if _is_view(state):
        for view_check in _VIEW_CHECKS:
            view_check(state)
        return
    raise TypeError(f"validate takes a GameState or a PlayerView, got {_validate.shown(state)}")


def _is_view(value: object) -> bool:
    """Whether ``value`` is a :class:`~raise_the_sum.PlayerView`.

    The views' module imports this one, so the class is known here by its
    module and name: imports go one way.
    """
    kind = type(value)
    return kind.__module__ == "raise_the_sum.views" and kind.__qualname__ == "PlayerView"


# -- the checks of a state -------------------------------------------------------------------


def _check_state_types(state: GameState) -> None:
    """Every field holds what :class:`GameState` documents (rule R7.2)."""
    if not isinstance(state.rules, Rules):
        raise _wrong_type("rules", "a Rules", state.rules)
    if type(state.seed) is not int:
        raise _wrong_type("seed", "an int", state.seed)
    if not isinstance(state.rng, Rng):
        raise _wrong_type("rng", "an Rng", state.rng)
    if not isinstance(state.phase, Phase):
        raise _wrong_type("phase", "a Phase", state.phase)
    if type(state.current) is not int:
        raise _wrong_type("current", "an int", state.current)
    _check_hands_type(state.hands)
    if type(state.points) is not tuple or not all(type(p) is int for p in state.points):
        raise _wrong_type("points", "a tuple of ints", state.points)
    if not _seat_or_none(state.to_beat):
        raise _wrong_type("to_beat", "an int or None", state.to_beat)
    _check_standing_type(state.standing)
    if not _seat_or_none(state.standing_seat):
        raise _wrong_type("standing_seat", "an int or None", state.standing_seat)
    if type(state.passed) is not frozenset or not all(type(s) is int for s in state.passed):
        raise _wrong_type("passed", "a frozenset of ints", state.passed)
    if not _is_cards(state.deck):
        raise _wrong_type("deck", "a tuple of Card", state.deck)
    if not _is_cards(state.discard):
        raise _wrong_type("discard", "a tuple of Card", state.discard)


def _check_one_hand_per_seat(state: GameState) -> None:
    """One hand per seat (rule R3.1)."""
    players = state.rules.players
    if len(state.hands) != players:
        raise InvalidState(
            ("hands",), f"one hand per seat: {players}, got {len(state.hands)}", "R3.1"
        )


def _check_state_order(state: GameState) -> None:
    """Every hand and the standing play are in card order (rule R1.4)."""
    _check_hands_order(state.hands)
    _check_standing_order(state.standing)


def _check_state_table(state: GameState) -> None:
    """The table's checks, shared with the views."""
    check_table(
        "GameState",
        state.rules,
        state.phase,
        state.current,
        tuple(len(hand) for hand in state.hands),
        state.points,
        state.to_beat,
        state.standing,
        state.standing_seat,
        state.passed,
    )


def _check_cards_conserved(state: GameState) -> None:
    """The hands, the standing play, the deck and the discard pile are the deck (rule R6.2)."""
    held: Counter[Card] = Counter()
    for hand in state.hands:
        held.update(hand)
    held.update(state.standing)
    held.update(state.deck)
    held.update(state.discard)
    wanted = Counter(state.rules.deck)
    if held != wanted:
        parts = []
        extra = held - wanted
        missing = wanted - held
        if extra:
            parts.append("extra " + " ".join(map(str, sorted(extra.elements()))))
        if missing:
            parts.append("missing " + " ".join(map(str, sorted(missing.elements()))))
        raise InvalidState(
            (),
            "the hands, the standing play, the deck and the discard pile must hold "
            f"exactly the rules' deck; {'; '.join(parts)}",
            "R6.2",
        )


_STATE_CHECKS: Final[tuple[Callable[[GameState], None], ...]] = (
    _check_state_types,
    _check_one_hand_per_seat,
    _check_state_order,
    _check_state_table,
    _check_cards_conserved,
)


# -- the checks of the table, shared by states and views ---------------------------------------


@attrs.frozen
class _PublicTable:
    """What a state and a view both show of the table, and whose it is (for the messages)."""

    owner: str
    rules: Rules
    phase: Phase
    current: int
    hand_sizes: Sequence[int]
    points: Sequence[int]
    to_beat: int | None
    standing: tuple[Card, ...]
    standing_seat: int | None
    passed: Set[int]

    def fail(self, where: tuple[str | int, ...], reason: str, rule: str) -> InvalidState:
        """The error for this table's owner."""
        return InvalidState(where, reason, rule, self.owner)

    def hand_field(self, seat: int) -> tuple[str | int, ...]:
        """Where a seat's hand size lives: ``hands[seat]`` in a state, ``hand_sizes[seat]``."""
        return ("hands", seat) if self.owner == "GameState" else ("hand_sizes", seat)


def check_table(
    owner: str,
    rules: Rules,
    phase: Phase,
    current: int,
    hand_sizes: Sequence[int],
    points: Sequence[int],
    to_beat: int | None,
    standing: tuple[Card, ...],
    standing_seat: int | None,
    passed: Set[int],
) -> None:
    """The checks of the public table, shared by states and views (see :func:`validate`).

    ``hand_sizes`` has one entry per seat (the caller checks). Raises
    :class:`InvalidState` for ``owner`` (``"GameState"`` or ``"PlayerView"``).
    """
    table = _PublicTable(
        owner, rules, phase, current, hand_sizes, points, to_beat, standing, standing_seat, passed
    )
    for check in _TABLE_CHECKS:
        check(table)


def _check_seats(table: _PublicTable) -> None:
    """One points entry per seat; ``current``, ``standing_seat`` and the passes are seats (R3.1)."""
    players = table.rules.players
    seats = range(players)
    last = players - 1
    if len(table.points) != players:
        raise table.fail(
            ("points",), f"one entry per seat: {players}, got {len(table.points)}", "R3.1"
        )
    if table.current not in seats:
        raise table.fail(("current",), f"a seat from 0 to {last}, got {table.current}", "R3.1")
    if table.standing_seat is not None and table.standing_seat not in seats:
        raise table.fail(
            ("standing_seat",),
            f"a seat from 0 to {last} or None, got {table.standing_seat}",
            "R3.1",
        )
    outside = sorted(seat for seat in table.passed if seat not in seats)
    if outside:
        raise table.fail(("passed",), f"seats from 0 to {last}, got {outside[0]}", "R3.1")


def _check_phase_and_passes(table: _PublicTable) -> None:
    """Who may still be in for the phase (R4.9, R5.1)."""
    current, passed = table.current, table.passed
    still_in = table.rules.players - len(passed)
    if table.phase is Phase.PLAY:
        if current in passed:
            raise table.fail(
                ("current",), f"seat {current} has passed and cannot act this round", "R4.9"
            )
        if still_in < 2:
            raise table.fail(
                ("passed",),
                "in play, two seats at least are still in; else the round is over",
                "R5.1",
            )
    elif table.phase is Phase.DISCARD:
        if still_in < 1:
            raise table.fail(("passed",), "one seat at least is still in the round", "R5.1")
    elif set(passed) != set(range(table.rules.players)) - {current}:
        raise table.fail(
            ("passed",),
            f"when a round is over, every seat but the winner ({current}) has passed",
            "R5.1",
        )


def _check_points(table: _PublicTable) -> None:
    """Only the match's winner has reached the points to win; a round's winner has scored."""
    goal = table.rules.points_to_win
    for seat, count in enumerate(table.points):
        if count < 0:
            raise table.fail(("points", seat), f"points are 0 or more, got {count}", "R5.1")
        winner = table.phase is Phase.MATCH_OVER and seat == table.current
        if winner and count != goal:
            raise table.fail(
                ("points", seat), f"the match's winner has {goal} points, got {count}", "R5.2"
            )
        if not winner and count >= goal:
            raise table.fail(
                ("points", seat),
                f"{count} points would have won the match ({goal} win it)",
                "R5.2",
            )
    if table.phase is Phase.ROUND_OVER and table.points[table.current] < 1:
        raise table.fail(
            ("points", table.current), "the round's winner has scored its point", "R5.1"
        )


def _check_no_play_stands(table: _PublicTable) -> None:
    """With no standing play: no seat made it, no score to beat, no pass but forced ones."""
    if table.standing:
        return
    if table.standing_seat is not None:
        raise table.fail(("standing_seat",), "no play stands, so no seat made it", "R4.6")
    if table.to_beat is not None:
        raise table.fail(("to_beat",), "no play stands, so there is no score to beat", "R4.6")
    least = table.rules.min_play
    for seat in sorted(table.passed):
        if table.hand_sizes[seat] >= least:
            raise table.fail(
                ("passed",),
                f"no play stands, so seat {seat} could not pass: it holds "
                f"{table.hand_sizes[seat]} cards and an opener may pass only below {least}",
                "R4.3",
            )


def _check_standing_play(table: _PublicTable) -> None:
    """A standing play has its seat and its score, a legal size, and a seat still in."""
    if not table.standing:
        return
    rules, current, seat = table.rules, table.current, table.standing_seat
    if seat is None:
        raise table.fail(("standing_seat",), "a play stands, so a seat made it", "R4.6")
    if table.to_beat is None:
        raise table.fail(("to_beat",), "a play stands, so its score is the score to beat", "R4.6")
    if not rules.min_play <= len(table.standing) <= rules.max_play:
        raise table.fail(
            ("standing",),
            f"a play is {rules.min_play} to {rules.max_play} cards, got {len(table.standing)}",
            "R4.2",
        )
    if seat in table.passed:
        raise table.fail(
            ("standing_seat",), f"seat {seat} made the standing play, so it has not passed", "R4.5"
        )
    if table.phase is Phase.PLAY and seat == current:
        raise table.fail(
            ("current",),
            f"seat {current} made the standing play; had the turn come back to it, "
            "the round would be over",
            "R5.1",
        )
    if table.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER) and seat != current:
        raise table.fail(
            ("standing_seat",), f"the round's winner ({current}) made the last play", "R5.1"
        )


def _check_score_to_beat(table: _PublicTable) -> None:
    """A score the standing play can total (R2.5); its total when it holds a Zero (R2.2)."""
    if not table.standing or table.to_beat is None:
        return
    most = score(table.standing)
    if not 0 <= table.to_beat <= most:
        raise table.fail(
            ("to_beat",),
            f"the standing play totals 0 to {most} whatever the attack it faced, "
            f"got {table.to_beat}",
            "R2.5",
        )
    if any(card.kind is Kind.ZERO for card in table.standing) and table.to_beat != most:
        raise table.fail(
            ("to_beat",),
            f"the standing play holds the Zero card, which cancels any attack: "
            f"it totals {most}, not {table.to_beat}",
            "R2.2",
        )


def _check_hand_sizes(table: _PublicTable) -> None:
    """No hand above the most held, the seat to act's draw aside (R4.8, R4.1)."""
    rules, current, phase = table.rules, table.current, table.phase
    most_held = max(rules.hand_size, rules.hand_limit)
    for seat, size in enumerate(table.hand_sizes):
        acting = seat == current and phase in (Phase.PLAY, Phase.DISCARD)
        limit = most_held + 1 if acting else most_held
        if size > limit:
            raise table.fail(
                table.hand_field(seat),
                f"a hand holds at most {limit} cards here, got {size}",
                "R4.8",
            )
    held = table.hand_sizes[current]
    if phase is Phase.PLAY and held < 1:
        raise table.fail(
            table.hand_field(current),
            "the seat to act has drawn its turn's card, so it holds one at least",
            "R4.1",
        )
    if phase is Phase.DISCARD and held <= rules.hand_limit:
        raise table.fail(
            table.hand_field(current),
            f"a seat discards only above the hand limit ({rules.hand_limit}), and holds {held}",
            "R4.8",
        )


_TABLE_CHECKS: Final[tuple[Callable[[_PublicTable], None], ...]] = (
    _check_seats,
    _check_phase_and_passes,
    _check_points,
    _check_no_play_stands,
    _check_standing_play,
    _check_score_to_beat,
    _check_hand_sizes,
)


# -- the checks of a view ----------------------------------------------------------------------


def _check_view_types(view: PlayerView) -> None:
    """Every field holds what :class:`~raise_the_sum.PlayerView` documents (rule R7.2)."""

    def wrong(field: str, what: str, value: object) -> InvalidState:
        return _wrong_type(field, what, value, "PlayerView")

    if not isinstance(view.rules, Rules):
        raise wrong("rules", "a Rules", view.rules)
    for field in ("seat", "current", "deck_size"):
        if type(getattr(view, field)) is not int:
            raise wrong(field, "an int", getattr(view, field))
    if not isinstance(view.phase, Phase):
        raise wrong("phase", "a Phase", view.phase)
    for field in ("hand", "standing", "discard"):
        if not _is_cards(getattr(view, field)):
            raise wrong(field, "a tuple of Card", getattr(view, field))
    for field in ("hand_sizes", "points"):
        value = getattr(view, field)
        if type(value) is not tuple or not all(type(n) is int for n in value):
            raise wrong(field, "a tuple of ints", value)
    for field in ("to_beat", "standing_seat"):
        if not _seat_or_none(getattr(view, field)):
            raise wrong(field, "an int or None", getattr(view, field))
    if not isinstance(view.attack, Attack):
        raise wrong("attack", "an Attack", view.attack)
    if type(view.passed) is not frozenset or not all(type(s) is int for s in view.passed):
        raise wrong("passed", "a frozenset of ints", view.passed)


def _check_view_seats(view: PlayerView) -> None:
    """One hand size per seat, and the view's seat at the table (rule R3.1)."""
    players = view.rules.players
    if len(view.hand_sizes) != players:
        raise InvalidState(
            ("hand_sizes",),
            f"one size per seat: {players}, got {len(view.hand_sizes)}",
            "R3.1",
            "PlayerView",
        )
    if not 0 <= view.seat < players:
        raise InvalidState(
            ("seat",), f"a seat from 0 to {players - 1}, got {view.seat}", "R3.1", "PlayerView"
        )


def _check_own_hand(view: PlayerView) -> None:
    """The seat's own hand has the size the view shows for it (R6.2), in card order (R1.4)."""
    if view.hand_sizes[view.seat] != len(view.hand):
        raise InvalidState(
            ("hand_sizes", view.seat),
            f"the seat's own hand holds {len(view.hand)} cards, not {view.hand_sizes[view.seat]}",
            "R6.2",
            "PlayerView",
        )
    if not _is_sorted(view.hand):
        raise InvalidState(("hand",), "a hand is kept in card order", "R1.4", "PlayerView")
    _check_standing_order(view.standing, "PlayerView")


def _check_view_table(view: PlayerView) -> None:
    """The table's checks, shared with the states."""
    check_table(
        "PlayerView",
        view.rules,
        view.phase,
        view.current,
        view.hand_sizes,
        view.points,
        view.to_beat,
        view.standing,
        view.standing_seat,
        view.passed,
    )


def _check_view_attack(view: PlayerView) -> None:
    """The attack facing the player to act is the standing play's (rule R4.11)."""
    sent = attack_of(view.standing)
    if view.attack != sent:
        raise InvalidState(
            ("attack",),
            f"the attack is the standing play's: {sent}, not {view.attack}",
            "R4.11",
            "PlayerView",
        )


def _check_view_cards(view: PlayerView) -> None:
    """The cards shown are the deck's, and all the cards add up to the deck (rule R6.2)."""
    seen = Counter(view.hand)
    seen.update(view.standing)
    seen.update(view.discard)
    extra = seen - Counter(view.rules.deck)
    if extra:
        raise InvalidState(
            (),
            "the hand, the standing play and the discard pile hold cards the deck "
            f"does not: extra {' '.join(map(str, sorted(extra.elements())))}",
            "R6.2",
            "PlayerView",
        )
    counted = sum(view.hand_sizes) + view.deck_size + len(view.standing) + len(view.discard)
    if counted != len(view.rules.deck):
        raise InvalidState(
            ("deck_size",),
            f"the hands, the deck, the standing play and the discard pile hold {counted} "
            f"cards; the rules' deck has {len(view.rules.deck)}",
            "R6.2",
            "PlayerView",
        )


_VIEW_CHECKS: Final[tuple[Callable[[PlayerView], None], ...]] = (
    _check_view_types,
    _check_view_seats,
    _check_own_hand,
    _check_view_table,
    _check_view_attack,
    _check_view_cards,
)
