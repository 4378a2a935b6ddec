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
from collections.abc import Sequence, Set
from typing import Final, Protocol

import attrs

from raise_the_sum._render import short_repr, table_html
from raise_the_sum.cards import Card, Kind
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules
from raise_the_sum.scoring import Attack, score, sent_by

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


@attrs.frozen(cache_hash=True)
class GameState:
    """The whole table: hands, piles, scores, whose turn it is, and the generator.

    This is full information: hands, the order of the deck, the seed and the
    generator are all here. Give a player :func:`~raise_the_sum.observe`
    instead, which shows only what their seat may know.

    The engine builds states; it trusts them and does not re-check them.
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
    hands: tuple[tuple[Card, ...], ...]
    #: Each seat's points.
    points: tuple[int, ...]
    #: The score a reply must beat (rule R4.4); None while the round has no standing play.
    to_beat: int | None
    #: The standing play's cards, sorted; empty when there is none (rule R4.6).
    standing: tuple[Card, ...]
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


class InvalidState(ValueError):
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


def _is_cards(value: object) -> bool:
    return type(value) is tuple and all(type(card) is Card for card in value)


def _is_sorted(cards: tuple[Card, ...]) -> bool:
    return all(a.index <= b.index for a, b in itertools.pairwise(cards))


def _seat_or_none(value: object) -> bool:
    return value is None or type(value) is int


def validate(state: GameState) -> None:
    """Check that ``state`` is one the rules allow; raise :class:`InvalidState` if not.

    :class:`InvalidState` is a :class:`ValueError` that names the field and
    the rule. The engine builds only valid states and does not re-check
    them; this is for states that come from outside (a save file, a
    server's store, a hand-built position): :func:`raise_the_sum.wire.decode`
    runs it on every state it reads. The checks, in order:

    1. Types: every field holds what :class:`GameState` documents (rule R7.2).
    2. Seats (rule R3.1): one hand and one points entry per seat; ``current``,
       ``standing_seat`` and every passed seat are seats at the table.
    3. Order (rule R1.4): every hand and the standing play are sorted.
    4. Card conservation (rule R6.2): the hands, the standing play, the deck
       and the discard pile together are exactly ``rules.deck``.
    5. The table (see below, shared with the views).

    The table's checks, which a view can be held to as well:

    * Phase and passes: in ``PLAY``, ``current`` has not passed (R4.9) and at
      least two seats are still in (R5.1); in ``DISCARD``, at least one seat
      is still in (R5.1); in ``ROUND_OVER`` and ``MATCH_OVER``, every seat
      but ``current``, the winner, has passed (R5.1).
    * Points (R3.5, R5.2): no seat has reached ``points_to_win``, except
      ``current`` in ``MATCH_OVER``, who has exactly that many; in
      ``ROUND_OVER``, the winner has at least the point just scored (R5.1).
    * The standing play (R4.6): ``standing``, ``standing_seat`` and
      ``to_beat`` are all empty (None) or all set; it has ``min_play`` to
      ``max_play`` cards (R4.2); its seat has not passed (R4.5); in ``PLAY``
      it is not its own seat's turn (R5.1: the round would be over); in
      ``ROUND_OVER`` and ``MATCH_OVER`` it is the winner's (R5.1).
    * ``to_beat`` (R2.5): at least 0 and at most the standing play's total
      with no attack; exactly that total when the play holds a Zero card,
      which cancels the attack it faced (R2.2).
    * Hand sizes (R4.8): no hand holds more than ``max(hand_size,
      hand_limit)``, except the seat to act in ``PLAY`` and ``DISCARD``,
      which may hold one more (its turn-start draw, R4.1); in ``PLAY`` the
      seat to act holds at least that one card; in ``DISCARD`` it holds more
      than ``hand_limit``.
    * Passes before an opening (R4.3): while no play stands, only a seat
      holding fewer than ``min_play`` cards can have passed.

    Every state that :func:`~raise_the_sum.new_game` and
    :func:`~raise_the_sum.apply` build passes (a property test plays many
    random matches to make sure):

    >>> from raise_the_sum import new_game
    >>> validate(new_game(seed=7)) is None
    True
    """
    if not isinstance(state, GameState):
        raise TypeError(f"validate takes a GameState, got {state!r}")
    _check_types(state)
    rules = state.rules
    players = rules.players
    if len(state.hands) != players:
        raise InvalidState(
            ("hands",), f"one hand per seat: {players}, got {len(state.hands)}", "R3.1"
        )
    for seat, hand in enumerate(state.hands):
        if not _is_sorted(hand):
            raise InvalidState(("hands", seat), "a hand is kept in card order", "R1.4")
    if not _is_sorted(state.standing):
        raise InvalidState(("standing",), "the standing play is kept in card order", "R1.4")
    check_table(
        "GameState",
        rules,
        state.phase,
        state.current,
        tuple(len(hand) for hand in state.hands),
        state.points,
        state.to_beat,
        state.standing,
        state.standing_seat,
        state.passed,
    )
    held: Counter[Card] = Counter()
    for hand in state.hands:
        held.update(hand)
    held.update(state.standing)
    held.update(state.deck)
    held.update(state.discard)
    wanted = Counter(rules.deck)
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


def _check_types(state: GameState) -> None:
    def bad(field: str, what: str, value: object) -> InvalidState:
        return InvalidState((field,), f"must be {what}, got {value!r:.60}", "R7.2")

    if not isinstance(state.rules, Rules):
        raise bad("rules", "a Rules", state.rules)
    if type(state.seed) is not int:
        raise bad("seed", "an int", state.seed)
    if not isinstance(state.rng, Rng):
        raise bad("rng", "an Rng", state.rng)
    if not isinstance(state.phase, Phase):
        raise bad("phase", "a Phase", state.phase)
    if type(state.current) is not int:
        raise bad("current", "an int", state.current)
    if type(state.hands) is not tuple or not all(_is_cards(hand) for hand in state.hands):
        raise bad("hands", "a tuple of tuples of Card", state.hands)
    if type(state.points) is not tuple or not all(type(p) is int for p in state.points):
        raise bad("points", "a tuple of ints", state.points)
    if not _seat_or_none(state.to_beat):
        raise bad("to_beat", "an int or None", state.to_beat)
    if not _is_cards(state.standing):
        raise bad("standing", "a tuple of Card", state.standing)
    if not _seat_or_none(state.standing_seat):
        raise bad("standing_seat", "an int or None", state.standing_seat)
    if type(state.passed) is not frozenset or not all(type(s) is int for s in state.passed):
        raise bad("passed", "a frozenset of ints", state.passed)
    if not _is_cards(state.deck):
        raise bad("deck", "a tuple of Card", state.deck)
    if not _is_cards(state.discard):
        raise bad("discard", "a tuple of Card", state.discard)


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

    def fail(where: tuple[str | int, ...], reason: str, rule: str) -> InvalidState:
        return InvalidState(where, reason, rule, owner)

    players = rules.players
    seats = range(players)
    last = players - 1
    if len(points) != players:
        raise fail(("points",), f"one entry per seat: {players}, got {len(points)}", "R3.1")
    if current not in seats:
        raise fail(("current",), f"a seat from 0 to {last}, got {current}", "R3.1")
    if standing_seat is not None and standing_seat not in seats:
        raise fail(
            ("standing_seat",), f"a seat from 0 to {last} or None, got {standing_seat}", "R3.1"
        )
    outside = sorted(seat for seat in passed if seat not in seats)
    if outside:
        raise fail(("passed",), f"seats from 0 to {last}, got {outside[0]}", "R3.1")

    # Phase and passes.
    still_in = players - len(passed)
    if phase is Phase.PLAY:
        if current in passed:
            raise fail(("current",), f"seat {current} has passed and cannot act this round", "R4.9")
        if still_in < 2:
            raise fail(
                ("passed",),
                "in play, two seats at least are still in; else the round is over",
                "R5.1",
            )
    elif phase is Phase.DISCARD:
        if still_in < 1:
            raise fail(("passed",), "one seat at least is still in the round", "R5.1")
    else:
        if set(passed) != set(seats) - {current}:
            raise fail(
                ("passed",),
                f"when a round is over, every seat but the winner ({current}) has passed",
                "R5.1",
            )

    # Points.
    goal = rules.points_to_win
    for seat, count in enumerate(points):
        if count < 0:
            raise fail(("points", seat), f"points are 0 or more, got {count}", "R5.1")
        winner = phase is Phase.MATCH_OVER and seat == current
        if winner and count != goal:
            raise fail(
                ("points", seat), f"the match's winner has {goal} points, got {count}", "R5.2"
            )
        if not winner and count >= goal:
            raise fail(
                ("points", seat),
                f"{count} points would have won the match ({goal} win it)",
                "R5.2",
            )
    if phase is Phase.ROUND_OVER and points[current] < 1:
        raise fail(("points", current), "the round's winner has scored its point", "R5.1")

    # The standing play and the score to beat.
    if not standing:
        if standing_seat is not None:
            raise fail(("standing_seat",), "no play stands, so no seat made it", "R4.6")
        if to_beat is not None:
            raise fail(("to_beat",), "no play stands, so there is no score to beat", "R4.6")
        for seat in sorted(passed):
            if hand_sizes[seat] >= rules.min_play:
                raise fail(
                    ("passed",),
                    f"no play stands, so seat {seat} could not pass: it holds "
                    f"{hand_sizes[seat]} cards and an opener may pass only below "
                    f"{rules.min_play}",
                    "R4.3",
                )
    else:
        if standing_seat is None:
            raise fail(("standing_seat",), "a play stands, so a seat made it", "R4.6")
        if to_beat is None:
            raise fail(("to_beat",), "a play stands, so its score is the score to beat", "R4.6")
        if not rules.min_play <= len(standing) <= rules.max_play:
            raise fail(
                ("standing",),
                f"a play is {rules.min_play} to {rules.max_play} cards, got {len(standing)}",
                "R4.2",
            )
        if standing_seat in passed:
            raise fail(
                ("standing_seat",),
                f"seat {standing_seat} made the standing play, so it has not passed",
                "R4.5",
            )
        if phase is Phase.PLAY and standing_seat == current:
            raise fail(
                ("current",),
                f"seat {current} made the standing play; had the turn come back to it, "
                "the round would be over",
                "R5.1",
            )
        if phase in (Phase.ROUND_OVER, Phase.MATCH_OVER) and standing_seat != current:
            raise fail(
                ("standing_seat",), f"the round's winner ({current}) made the last play", "R5.1"
            )
        most = score(standing)
        if not 0 <= to_beat <= most:
            raise fail(
                ("to_beat",),
                f"the standing play totals 0 to {most} whatever the attack it faced, got {to_beat}",
                "R2.5",
            )
        if any(card.kind is Kind.ZERO for card in standing) and to_beat != most:
            raise fail(
                ("to_beat",),
                f"the standing play holds the Zero card, which cancels any attack: "
                f"it totals {most}, not {to_beat}",
                "R2.2",
            )

    # Hand sizes.
    most_held = max(rules.hand_size, rules.hand_limit)
    for seat, size in enumerate(hand_sizes):
        acting = seat == current and phase in (Phase.PLAY, Phase.DISCARD)
        limit = most_held + 1 if acting else most_held
        if size > limit:
            raise fail(
                ("hands", seat) if owner == "GameState" else ("hand_sizes", seat),
                f"a hand holds at most {limit} cards here, got {size}",
                "R4.8",
            )
    where: tuple[str | int, ...] = (
        ("hands", current) if owner == "GameState" else ("hand_sizes", current)
    )
    if phase is Phase.PLAY and hand_sizes[current] < 1:
        raise fail(
            where, "the seat to act has drawn its turn's card, so it holds one at least", "R4.1"
        )
    if phase is Phase.DISCARD and hand_sizes[current] <= rules.hand_limit:
        raise fail(
            where,
            f"a seat discards only above the hand limit ({rules.hand_limit}), "
            f"and holds {hand_sizes[current]}",
            "R4.8",
        )
