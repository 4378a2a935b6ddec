"""Positions: a table at one moment as one line of text, the library's FEN.

:func:`to_position` writes a position and :func:`from_position` reads one.
There are two forms. The referee's (``*``) holds everything: every hand, the
deck in order, the seed and the generator, enough to rebuild the exact
:class:`~raise_the_sum.GameState`. A seat's holds only what that seat may
know: its own hand, the other hands and the deck as sizes. That is enough
to judge the seat's action (:meth:`Position.sample` and
:func:`~raise_the_sum.check`).

>>> from raise_the_sum import Play, apply, new_game, observe, parse_cards
>>> state = apply(new_game(seed=7), Play(parse_cards("+7 +6 -5")))
>>> print(to_position(state, seat=1))
rts1 1 ?5|+1+3+4+8+8x2-2-7|?7|?7 +6+7-5@0=13 p1 - 0,0,0,0 ?32 -
>>> position = from_position(to_position(state))
>>> position.state() == state
True
>>> from_position(to_position(state, seat=1)).view() == observe(state, 1)
True

The reader is strict. An error names the column and the rule it breaks:

>>> from_position("rts1 0 +9-9-9|?7 - p0 - 0,0 ?46 -")
Traceback (most recent call last):
...
raise_the_sum.position.PositionError: column 12: the deck holds 1 -9; this position shows 2 (rule R1.2)

The grammar, field by field, is on the documentation's "Positions" page.
"""  # noqa: E501 (a doctest shows the message whole)

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final, NoReturn

import attrs

from raise_the_sum import _validate
from raise_the_sum._render import (
    PHASE_LETTERS,
    RULE_OPTIONS,
    TAG,
    Pile,
    position_text,
    rule_options,
)
from raise_the_sum._render import VERSION as _VERSION
from raise_the_sum.cards import STANDARD_DECK, Card, NotationError
from raise_the_sum.errors import RaiseTheSumError, cited_rule
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules
from raise_the_sum.scoring import Attack, sent_by
from raise_the_sum.state import GameState, InvalidState, Phase, check_table
from raise_the_sum.views import PlayerView, deal_unseen, observe, whole_state

__all__ = ["VERSION", "Position", "PositionError", "first_excess", "from_position", "to_position"]

#: The version of the notation this library writes and reads: the ``1`` of ``rts1``.
VERSION: Final = _VERSION
_TAG: Final = TAG


class PositionError(RaiseTheSumError, ValueError):
    """Text that is not a position, or a position the rules cannot hold.

    :attr:`column` is where the fault is (1 for the first character),
    :attr:`rule` the rule it breaks and :attr:`reason` what is wrong;
    ``str()`` puts the three together:

    >>> try:
    ...     from_position("rts1 * +9|+8 - p0 - 0,0")
    ... except PositionError as error:
    ...     print(error.column, error.rule, "|", error.reason)
    24 R7.2 | a position has 9 fields, then options; this one ends after 7: the deck is missing
    """

    #: Why the text is refused, without the place and the rule.
    reason: str
    #: The column at fault, 1 for the first character; None for the position as a whole.
    column: int | None
    #: The identifier of the rule the position breaks.
    rule: str

    def __init__(self, column: int | None, reason: str, rule: str) -> None:
        where = f"column {column}: " if column is not None else ""
        super().__init__(f"{where}{reason} (rule {rule})")
        self.column = column
        self.reason = reason
        self.rule = rule

    def __reduce__(self) -> tuple[type[PositionError], tuple[int | None, str, str]]:
        return (PositionError, (self.column, self.reason, self.rule))


_PHASE_BY_LETTER: Final = {PHASE_LETTERS[phase.value]: phase for phase in Phase}
_OPTIONS: Final = (*RULE_OPTIONS, "seed", "rng")
_NUMBER: Final = _validate.NUMBER
_SIGNED: Final = _validate.SIGNED
#: The most digits a number may have (a seed is any integer, rule R3.8).
_DIGITS: Final = 100
_SIGNS: Final = frozenset("+x×-−/÷")
_FIELDS: Final = (
    "the version",
    "who sees",
    "the hands",
    "the standing play",
    "the turn",
    "the passes",
    "the points",
    "the deck",
    "the discard pile",
)


@attrs.frozen
class Position:
    """A table at one moment, as the notation holds it: :func:`from_position` reads one.

    The fields are those of :class:`~raise_the_sum.GameState`, except that a
    hand, the deck and the discard pile may be unseen: then they are their
    size, an ``int``. :attr:`seat` says whose position it is: a seat's, which
    shows only that seat's hand, or the referee's (None). :meth:`state`
    rebuilds the exact state when nothing is missing; :meth:`view` gives
    what a seat sees; :meth:`sample` deals whatever is unseen at random.

    >>> position = from_position("rts1 1 ?5|+1+3+4+8+8x2-2-7|?7|?7 +6+7-5@0=13 p1 - 0,0,0,0 ?32 -")
    >>> position.seat, position.hands[0], position.to_beat, str(position.attack)
    (1, 5, 13, '−5')
    >>> str(position) == to_position(position.view())
    True
    """

    #: The configuration of the game; the notation names only what is not standard.
    rules: Rules
    #: Whose position it is: a seat, which sees only its own hand; None for the referee's.
    seat: int | None
    #: What the player to act is doing.
    phase: Phase
    #: The seat to act; in ``ROUND_OVER`` and ``MATCH_OVER``, the round's winner.
    current: int
    #: Each seat's hand, sorted, or its size when unseen.
    hands: tuple[Pile, ...]
    #: Each seat's points.
    points: tuple[int, ...]
    #: The score a reply must beat; None while no play stands.
    to_beat: int | None
    #: The standing play's cards, sorted; empty when there is none.
    standing: tuple[Card, ...]
    #: The seat that made the standing play, or None.
    standing_seat: int | None
    #: The seats out of this round.
    passed: frozenset[int]
    #: The cards left to draw, next draw first, or their number when unseen.
    deck: Pile
    #: The discard pile, oldest first, or its size when unseen.
    discard: Pile
    #: The seed the game was started with, when the position gives it (the referee's).
    seed: int | None = None
    #: The generator's state, when the position gives it (the referee's).
    rng: Rng | None = None

    @property
    def attack(self) -> Attack:
        """The attack facing the player to act: the standing play's (rule R4.11)."""
        return sent_by(self.standing)

    @classmethod
    def of(cls, table: GameState | PlayerView, seat: int | None = None) -> Position:
        """The position of a state (the referee's, or ``seat``'s) or of a view (its seat's).

        >>> from raise_the_sum import new_game
        >>> Position.of(new_game(seed=7), seat=2).hands
        (8, 7, (Card.parse('+1'), Card.parse('+2'), Card.parse('+4'), Card.parse('+6'), Card.parse('+9'), Card.parse('x3'), Card.parse('/2')), 7)
        """  # noqa: E501
        if isinstance(table, GameState) and seat is not None:
            table = observe(table, seat)  # a seat's position is its view's
        deck: Pile
        if isinstance(table, PlayerView):
            if seat is not None and seat != table.seat:
                raise ValueError(f"seat: this view is seat {table.seat}'s, not seat {seat}'s")
            who, hands, deck = table.seat, table._hands(), table.deck_size
            seed, rng = None, None
        else:
            _validate.instance(table, GameState, "state")
            who, hands, deck = None, table.hands, table.deck
            seed, rng = table.seed, table.rng
        return cls(
            table.rules,
            who,
            table.phase,
            table.current,
            hands,
            table.points,
            table.to_beat,
            table.standing,
            table.standing_seat,
            table.passed,
            deck,
            table.discard,
            seed,
            rng,
        )

    def state(self) -> GameState:
        """The exact state: only when the position holds everything, as the referee's does.

        Raises :class:`PositionError` naming what is missing (a hand, the
        deck's order, the discard pile, the seed or the generator), which
        :meth:`sample` can deal at random instead.
        """
        missing = [f"seat {n}'s hand" for n, hand in enumerate(self.hands) if isinstance(hand, int)]
        if isinstance(self.deck, int):
            missing.append("the deck's cards")
        if isinstance(self.discard, int):
            missing.append("the discard pile's cards")
        if self.seed is None:
            missing.append("the seed")
        if self.rng is None:
            missing.append("the generator")
        if missing:
            raise PositionError(
                None,
                "the position does not hold " + _listed(missing) + ", so it is not a whole "
                "state; Position.sample deals what is unseen",
                "R3.8",
            )
        assert self.seed is not None and self.rng is not None
        hands = tuple(_known(hand) for hand in self.hands)
        return whole_state(
            self, hands, _known(self.deck), _known(self.discard), self.seed, self.rng
        )

    def view(self, seat: int | None = None) -> PlayerView:
        """What ``seat`` sees (by default the position's own seat).

        Raises :class:`PositionError` when the position does not show that
        seat's hand or the discard pile's cards, which a view holds.
        """
        if seat is None:
            seat = self.seat
        if seat is None:
            raise PositionError(None, "the referee's position is no seat's: name the seat", "R3.1")
        _validate.whole(seat, "seat")
        if not 0 <= seat < self.rules.players:
            raise ValueError(f"seat: a seat from 0 to {self.rules.players - 1}, got {seat}")
        hand = self.hands[seat]
        if isinstance(hand, int):
            raise PositionError(None, f"the position does not show seat {seat}'s hand", "R3.1")
        if isinstance(self.discard, int):
            raise PositionError(
                None,
                "the position gives the discard pile as a size; a view holds its cards",
                "R4.12",
            )
        return observe(self.sample(Rng.from_seed(0)), seat)  # the unseen cards do not show

    def sample(self, rng: Rng) -> GameState:
        """A whole state that fits the position: what is unseen dealt at random by ``rng``.

        The unseen cards (the rules' deck less every card the position shows,
        rule R6.2) are shuffled and dealt to the unseen hands in seat order,
        then to the deck, then to the discard pile, as
        :func:`~raise_the_sum.sample_state` does for a view. A position that
        gives no seed or generator gets the next output of ``rng`` as its
        seed. Every action a seat could take is judged the same in every
        sample, since it depends only on what that seat sees.

        >>> from raise_the_sum import Play, Rng, check, parse_cards
        >>> position = from_position("rts1 1 ?5|+1+3+4+8+8x2-2-7|?7|?7 +6+7-5@0=13 p1 - 0,0,0,0 ?32 -")
        >>> state = position.sample(Rng.from_seed(0))
        >>> print(check(state, Play(parse_cards("+8 +8 x2")), seat=1))
        legal: (8 + 8 − 5) × 2 = 22, which beats 13
        >>> print(check(state, Play(parse_cards("+8 x2")), seat=1))
        illegal (rule R4.4): a reply must beat 13; this play totals 6
        """  # noqa: E501
        _validate.instance(rng, Rng, "rng")
        hands, deck, discard, seed = deal_unseen(
            self.rules, self.hands, self.standing, self.deck, self.discard, rng
        )
        if self.seed is not None:
            seed = self.seed
        rng = Rng.from_seed(seed) if self.rng is None else self.rng
        return whole_state(self, hands, deck, discard, seed, rng)

    def __str__(self) -> str:
        """The position in the notation: what :func:`to_position` writes."""
        fields = [
            position_text(self, self.seat, self.hands, self.deck, self.discard),
            *rule_options(self.rules),
        ]
        if self.seed is not None:
            fields.append(f"seed={self.seed}")
        if self.rng is not None:
            fields.append(f"rng={self.rng.state}")
        return " ".join(fields)


def to_position(table: GameState | PlayerView | Position, seat: int | None = None) -> str:
    """``table`` as one line of the notation: the referee's, or what ``seat`` may know.

    A state gives the referee's position (every hand, the deck in order, the
    seed and the generator), or with ``seat`` that seat's. A view gives its
    own seat's. The rules appear only where they are not the standard game's.

    >>> from raise_the_sum import Rules, new_game
    >>> print(to_position(new_game(Rules(players=2, hand_size=3), seed=1), seat=0))
    rts1 0 +1+7x3-6|?3 - p0 - 0,0 ?55 - hand_size=3
    """
    if isinstance(table, Position):
        if seat is not None and seat != table.seat:
            raise ValueError(f"seat: this position is {_whose(table.seat)}, not seat {seat}'s")
        return str(table)
    return str(Position.of(table, seat))


def from_position(text: str, *, rules: Rules | None = None) -> Position:
    """Read a position written in the notation (see the module text).

    ``rules`` is the game when the text names no rule of its own (its deck,
    for a house deck): its number of players must be the text's. Raises
    :class:`PositionError` (a :class:`ValueError`) with the column and the
    rule at fault: R7.2 for text that is not a position, R1.6 for a card,
    R1.2 for more of a card than the deck holds, R6.2 for counts that do not
    add up to the deck, and the table's own rules (R3.1, R4.x, R5.x) for
    a table that cannot happen.

    >>> position = from_position("rts1 0 +9|?7 - p0 - 0,0 ?54 -")
    >>> position.hands, position.deck
    (((Card.parse('+9'),), 7), 54)
    """
    if not isinstance(text, str):
        raise TypeError(f"from_position takes a str, got {_validate.shown(text)}")
    if rules is not None:
        _validate.instance(rules, Rules, "rules")
    return _Reader(text, rules).read()


# -- writing -------------------------------------------------------------------------------


def _known(pile: Pile) -> tuple[Card, ...]:
    assert not isinstance(pile, int)
    return pile


def _size(pile: Pile) -> int:
    return pile if isinstance(pile, int) else len(pile)


def _whose(seat: int | None) -> str:
    return "the referee's" if seat is None else f"seat {seat}'s"


def _listed(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


# -- reading -------------------------------------------------------------------------------


@attrs.frozen
class _Token:
    text: str
    column: int


class _Reader:
    """One reading of one text: every error at its column."""

    def __init__(self, text: str, rules: Rules | None) -> None:
        self.text = text
        self.given_rules = rules
        #: Where each card the position shows was written, in reading order.
        self.shown: list[tuple[Card, int]] = []

    def fail(self, column: int | None, reason: str, rule: str = "R7.2") -> NoReturn:
        raise PositionError(column, reason, rule)

    def tokens(self) -> list[_Token]:
        text = self.text
        stripped = text.strip()
        if not stripped:
            self.fail(None, f"an empty text; a position starts with {_TAG}")
        start = len(text) - len(text.lstrip())
        bad = re.search(r"[^ \S]|\s{2,}", stripped)
        if bad is not None:
            self.fail(start + bad.start() + 1, "fields are separated by one space, on one line")
        tokens = []
        for match in re.finditer(r"\S+", stripped):
            tokens.append(_Token(match.group(), start + match.start() + 1))
        return tokens

    def read(self) -> Position:
        tokens = self.tokens()
        version = tokens[0]
        if version.text != _TAG:
            found = re.fullmatch(r"rts([0-9]+)", version.text)
            if found:
                self.fail(
                    version.column,
                    f"notation version {found.group(1)} is not known; this library reads "
                    f"version {VERSION} ({_TAG})",
                )
            self.fail(version.column, f"a position starts with {_TAG}, got {version.text!r:.40}")
        if len(tokens) < len(_FIELDS):
            last = tokens[-1]
            self.fail(
                last.column + len(last.text),
                f"a position has {len(_FIELDS)} fields, then options; this one ends after "
                f"{len(tokens)}: {_FIELDS[len(tokens)]} is missing",
            )
        (_, who, hands_t, standing_t, turn_t, passed_t, points_t, deck_t, discard_t) = tokens[
            : len(_FIELDS)
        ]
        options = self.options(tokens[len(_FIELDS) :])
        hands_at = list(self.split(hands_t, "|"))
        players = len(hands_at)
        if not 2 <= players <= 4:
            self.fail(hands_t.column, f"one hand per seat: 2 to 4 seats, got {players}", "R3.1")
        rules = self.rules(options, players)
        seat = None if who.text == "*" else self.seat(who, players, "who sees: * or a seat")
        hands = tuple(self.pile(part, f"seat {n}'s hand") for n, part in enumerate(hands_at))
        sorted_hands = tuple(h if isinstance(h, int) else tuple(sorted(h)) for h in hands)
        standing, standing_seat, to_beat = self.standing(standing_t, players)
        phase, current = self.turn(turn_t, players)
        passed = self.passed(passed_t, players)
        points = self.points(points_t)
        discard = self.pile(discard_t, "the discard pile")
        if deck_t.text == "?":  # the rest: what the hands, the play and the discard leave
            others = sum(_size(part) for part in (*hands, discard)) + len(standing)
            rest = len(rules.deck) - others
            if rest < 0:
                self.fail(
                    deck_t.column,
                    f"the hands, the standing play and the discard pile hold {others} cards; "
                    f"the deck has {len(rules.deck)}",
                    "R6.2",
                )
            deck: Pile = rest
        else:
            deck = self.pile(deck_t, "the deck")
        seed = rng = None
        if "seed" in options:
            token = options["seed"]
            seed = self.number(token, _SIGNED, "the seed")
        if "rng" in options:
            token = options["rng"]
            value = self.number(token, _NUMBER, "the generator's state")
            if value >= 1 << 64:
                self.fail(token.column, "the generator's state is 0 to 2**64 - 1", "R3.2")
            rng = Rng(value)
        if seat is not None:
            self.seat_form(seat, hands_at, hands, deck, deck_t, options)
        self.counts(rules, hands, standing, deck, discard, deck_t)
        position = Position(
            rules,
            seat,
            phase,
            current,
            sorted_hands,
            points,
            to_beat,
            standing,
            standing_seat,
            passed,
            deck,
            discard,
            seed,
            rng,
        )
        columns: dict[str, int] = {
            "current": turn_t.column,
            "standing_seat": standing_t.column,
            "standing": standing_t.column,
            "to_beat": standing_t.column,
            "passed": passed_t.column,
            "points": points_t.column,
            "hands": hands_t.column,
        }
        try:
            check_table(
                "GameState",
                rules,
                phase,
                current,
                tuple(_size(hand) for hand in hands),
                points,
                to_beat,
                standing,
                standing_seat,
                passed,
            )
        except InvalidState as error:
            where = error.where
            if where and where[0] == "hands" and len(where) > 1 and type(where[1]) is int:
                column = hands_at[where[1]].column
            else:
                column = columns.get(str(where[0]) if where else "", hands_t.column)
            self.fail(column, error.reason, error.rule)
        return position

    def split(self, token: _Token, mark: str) -> Iterator[_Token]:
        at = 0
        for part in token.text.split(mark):
            yield _Token(part, token.column + at)
            at += len(part) + 1

    def options(self, tokens: Sequence[_Token]) -> dict[str, _Token]:
        found: dict[str, _Token] = {}
        for token in tokens:
            name, equals, value = token.text.partition("=")
            if not equals or name not in _OPTIONS:
                self.fail(
                    token.column,
                    f"after the {len(_FIELDS)} fields come options name=value, the names "
                    f"{', '.join(_OPTIONS)}; got {token.text!r:.40}",
                )
            if name in found:
                self.fail(token.column, f"the option {name} is given twice")
            found[name] = _Token(value, token.column + len(name) + 1)
        return found

    def rules(self, options: dict[str, _Token], players: int) -> Rules:
        fields: dict[str, Any] = {"players": players}
        for name in RULE_OPTIONS:
            token = options.get(name)
            if token is None:
                continue
            if self.given_rules is not None:
                self.fail(
                    token.column - len(name) - 1,
                    f"the position gives its own rules ({name}); leave out the rules given "
                    "beside it",
                )
            if name == "deck":
                cards = self.cards(token, "the rules' deck")
                if not cards:
                    self.fail(token.column, "the rules' deck holds no cards", "R3.6")
                fields[name] = cards
                self.shown.clear()
            else:
                fields[name] = self.number(token, _NUMBER, name)
        if self.given_rules is not None:
            if self.given_rules.players != players:
                self.fail(
                    None,
                    f"the rules given are for {self.given_rules.players} players; the "
                    f"position has {players} hands",
                    "R3.1",
                )
            return self.given_rules
        try:
            return Rules(**fields)
        except ValueError as error:
            message = str(error)
            named = re.match(r"Rules\.([a-z_]+)", message)
            name = named.group(1) if named else ""
            token = options.get(name)
            column = None if token is None else token.column
            rule = cited_rule(message) or "R3.7"
            self.fail(column, message.removesuffix(f" (rule {rule})"), rule)

    def number(self, token: _Token, pattern: re.Pattern[str], what: str) -> int:
        if not pattern.match(token.text) or len(token.text) > _DIGITS:
            self.fail(
                token.column,
                f"{what}: a whole number without leading zeros, got {token.text!r:.40}",
            )
        return int(token.text)

    def seat(self, token: _Token, players: int, what: str) -> int:
        if not _NUMBER.match(token.text):
            self.fail(token.column, f"{what}, got {token.text!r:.40}")
        value = int(token.text)
        if value >= players:
            self.fail(token.column, f"a seat from 0 to {players - 1}, got {value}", "R3.1")
        return value

    def cards(self, token: _Token, what: str) -> tuple[Card, ...]:
        """A run of cards written without spaces (``+8x2-3``), or ``-`` for none."""
        text = token.text
        if text == "-":
            return ()
        if not text:
            self.fail(token.column, f"{what}: write - for no cards")
        cards = []
        at = 0
        while at < len(text):
            char = text[at]
            size = 1 if char == "0" else 2
            word = text[at : at + size]
            column = token.column + at
            if char != "0" and char not in _SIGNS:
                self.fail(
                    column,
                    f"{what}: a card starts with + x - / (or × − ÷), or is 0; got {char!r}",
                    "R1.6",
                )
            try:
                card = Card.parse(word)
            except NotationError as error:
                self.fail(column, f"{what}: card {word!r}: {error.reason}", "R1.6")
            cards.append(card)
            self.shown.append((card, column))
            at += size
        return tuple(cards)

    def pile(self, token: _Token, what: str) -> Pile:
        if token.text.startswith("?"):
            return self.number(_Token(token.text[1:], token.column + 1), _NUMBER, f"{what}'s size")
        return self.cards(token, what)

    def standing(
        self, token: _Token, players: int
    ) -> tuple[tuple[Card, ...], int | None, int | None]:
        if token.text == "-":
            return (), None, None
        cards_text, at, rest = token.text.partition("@")
        seat_text, equals, score_text = rest.partition("=")
        if not at or not equals:
            self.fail(
                token.column,
                "the standing play: - for none, or its cards, @ its seat, = the score to "
                f"beat (+6+7-5@0=13); got {token.text!r:.40}",
            )
        cards = self.cards(_Token(cards_text, token.column), "the standing play")
        if not cards:
            self.fail(token.column, "the standing play holds a card at least", "R4.2")
        seat_at = token.column + len(cards_text) + 1
        seat = self.seat(_Token(seat_text, seat_at), players, "the standing play's seat")
        score = self.number(
            _Token(score_text, seat_at + len(seat_text) + 1), _NUMBER, "the score to beat"
        )
        return tuple(sorted(cards)), seat, score

    def turn(self, token: _Token, players: int) -> tuple[Phase, int]:
        phase = _PHASE_BY_LETTER.get(token.text[:1])
        if phase is None or len(token.text) < 2:
            self.fail(
                token.column,
                "the turn: p (play), d (discard), r (round over) or m (match over), then the "
                f"seat (p1); got {token.text!r:.40}",
            )
        return phase, self.seat(_Token(token.text[1:], token.column + 1), players, "a seat")

    def passed(self, token: _Token, players: int) -> frozenset[int]:
        if token.text == "-":
            return frozenset()
        seats = [self.seat(part, players, "a seat") for part in self.split(token, ",")]
        if seats != sorted(set(seats)):
            self.fail(token.column, "the passes: each seat once, in order (1,3)")
        return frozenset(seats)

    def points(self, token: _Token) -> tuple[int, ...]:
        return tuple(self.number(part, _NUMBER, "points") for part in self.split(token, ","))

    def seat_form(
        self,
        seat: int,
        hands_at: Sequence[_Token],
        hands: Sequence[Pile],
        deck: Pile,
        deck_t: _Token,
        options: dict[str, _Token],
    ) -> None:
        """A seat's position shows its own hand, and no other hand, deck order or seed."""
        if isinstance(hands[seat], int):
            self.fail(hands_at[seat].column, f"seat {seat}'s position shows its own hand", "R3.1")
        for n, hand in enumerate(hands):
            if n != seat and not isinstance(hand, int):
                self.fail(
                    hands_at[n].column,
                    f"seat {seat}'s position cannot show seat {n}'s hand: write its size, ?N",
                    "R3.8",
                )
        if not isinstance(deck, int):
            self.fail(deck_t.column, "a seat does not see the deck: write its size, ?N", "R3.8")
        for name in ("seed", "rng"):
            if name in options:
                self.fail(
                    options[name].column - len(name) - 1,
                    f"a seat does not know the {name}: only the referee's position gives it",
                    "R3.8",
                )

    def counts(
        self,
        rules: Rules,
        hands: Sequence[Pile],
        standing: tuple[Card, ...],
        deck: Pile,
        discard: Pile,
        deck_t: _Token,
    ) -> None:
        """No more of a card than the deck holds (R1.2), and exactly the deck in all (R6.2)."""
        found = first_excess(rules.deck, [card for card, _ in self.shown])
        if found is not None:
            at, card, held = found
            self.fail(self.shown[at][1], _excess_reason(rules, card, held, held + 1), "R1.2")
        total = sum(_size(part) for part in (*hands, deck, discard)) + len(standing)
        if total != len(rules.deck):
            self.fail(
                deck_t.column,
                f"the hands, the standing play, the deck and the discard pile hold {total} "
                f"cards; the deck has {len(rules.deck)}",
                "R6.2",
            )


def first_excess(deck: Sequence[Card], cards: Iterable[Card]) -> tuple[int, Card, int] | None:
    """The first of ``cards`` that ``deck`` cannot hold (rule R1.2), or None if it holds them all.

    Returns its index in ``cards``, the card and how many of it the deck
    holds. The one test of "more of a card than the deck has", for the
    position reader and for a table given on the command line:

    >>> from raise_the_sum import STANDARD_DECK, parse_cards
    >>> first_excess(STANDARD_DECK, parse_cards("+9 -9 +1 -9"))
    (3, Card.parse('-9'), 1)
    >>> first_excess(STANDARD_DECK, parse_cards("+9 -9")) is None
    True
    """
    held = Counter(deck)
    seen: Counter[Card] = Counter()
    for at, card in enumerate(cards):
        seen[card] += 1
        if seen[card] > held[card]:
            return at, card, held[card]
    return None


def _excess_reason(rules: Rules, card: Card, held: int, shown: int) -> str:
    which = "the deck" if rules.deck == STANDARD_DECK else "the rules' deck"
    return f"{which} holds {held} {card}; this position shows {shown}"
