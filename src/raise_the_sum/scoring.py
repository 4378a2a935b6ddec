"""The arithmetic of a play: its total (rules R2.1 to R2.7) and its attack (R2.8).

This module is the one place where a play's arithmetic lives; the engine, the
explanations, the bots and every front end call it. Inside the package, the
engine's tables and the bots use :class:`PlayProfile` (a play's Add sum, its
multiplier and whether it holds a Zero card) and :func:`least_adds_to_beat`,
so that the formula below is written once.

Against an incoming attack of subtraction ``S`` and divisor ``D``::

    total = floor(max(A - S, 0) * M / D)

where ``A`` is the sum of the play's Add cards and ``M`` the product of its
Multiply cards; a Zero card in the play makes ``S = 0`` and ``D = 1``.

>>> from raise_the_sum import parse_cards
>>> score(parse_cards("+8 +4 x2"), Attack(subtract=2, divide=3))
6
>>> attack_of(parse_cards("-4 -3 /2 /3 +1"))
Attack(subtract=7, divide=6)
>>> print(explain(parse_cards("+8 +4 x2"), Attack(subtract=2, divide=3)))
(8 + 4 − 2) × 2 ÷ 3 = 20 ÷ 3 = 6 (rounded down)
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter
from typing import Final, NamedTuple

import attrs

from raise_the_sum import _memo, _validate
from raise_the_sum.cards import ALL_CARDS, Card, Kind

__all__ = ["NO_ATTACK", "Attack", "Explanation", "Step", "attack_of", "explain", "score"]


_non_negative: Final = _validate.at_least(0, "Attack")


def _positive(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        _validate.whole(value, f"Attack.{attribute.name}")
    if value < 1:
        raise ValueError(f"Attack.{attribute.name} must be 1 or more (1: no division), got {value}")


@attrs.frozen
class Attack:
    """The attack that faces a play: a subtraction and a divisor (rule R2.8).

    ``Attack()`` is no attack at all. Subtract cards add up and Divide cards
    multiply, so the divisor is any product of 2s and 3s in play, but any
    positive divisor is accepted here.

    >>> Attack()
    Attack(subtract=0, divide=1)
    >>> str(Attack(subtract=2, divide=3))
    '−2 ÷3'
    >>> Attack(divide=0)
    Traceback (most recent call last):
    ...
    ValueError: Attack.divide must be 1 or more (1: no division), got 0
    """

    #: Subtracted from the addition total of the play it faces (0: none).
    subtract: int = attrs.field(default=0, validator=_non_negative)
    #: Divides the whole total of the play it faces (1: none).
    divide: int = attrs.field(default=1, validator=_positive)

    @property
    def is_none(self) -> bool:
        """True when this is no attack at all (``Attack()``)."""
        return self.subtract == 0 and self.divide == 1

    def __str__(self) -> str:
        """The attack in the guide's signs: ``−2 ÷3``, ``−7``, ``÷4``; ``none``."""
        parts = []
        if self.subtract:
            parts.append(f"−{self.subtract}")
        if self.divide != 1:
            parts.append(f"÷{self.divide}")
        return " ".join(parts) if parts else "none"


#: No attack: ``Attack()``.
NO_ATTACK: Final = Attack()

# Per card index: what the card adds, multiplies, subtracts, divides; is it Zero.
# Package-internal: the engine's tables add these up for many plays at once, as
# PlayProfile does for one (rules R2.1, R2.2 and R2.4).
#: What each card (by :attr:`Card.index`) adds to its play's Add sum (rule R2.1).
ADDS: Final = tuple(c.value if c.kind is Kind.ADD else 0 for c in ALL_CARDS)
#: What each card multiplies its play's total by (rule R2.4); 1 for every other kind.
MULTIPLIERS: Final = tuple(c.value if c.kind is Kind.MULTIPLY else 1 for c in ALL_CARDS)
#: The index of the Zero card (rule R2.2).
ZERO_INDEX: Final = ALL_CARDS[-1].index
_ADD: Final = ADDS
_MUL: Final = MULTIPLIERS
_SUB: Final = tuple(c.value if c.kind is Kind.SUBTRACT else 0 for c in ALL_CARDS)
_DIV: Final = tuple(c.value if c.kind is Kind.DIVIDE else 1 for c in ALL_CARDS)
_ZERO_INDEX: Final = ZERO_INDEX
_INDEX: Final = attrgetter("index")


class PlayProfile(NamedTuple):
    """What a play's total depends on: its Add sum, its multiplier, and whether it holds a zero.

    Package-internal (not in ``__all__``): the engine's tables and the bots
    build one per play and ask it for totals, so that the arithmetic is
    written once, here. Its inputs are trusted (the public functions
    validate theirs first).

    >>> from raise_the_sum import parse_cards
    >>> profile = PlayProfile.of(parse_cards("+8 +4 x2 -3"))
    >>> profile
    PlayProfile(adds=12, multiplier=2, zero=False)
    >>> profile.total(2, 3), score(parse_cards("+8 +4 x2 -3"), Attack(2, 3))
    (6, 6)
    """

    #: The sum of the play's Add cards (rule R2.1).
    adds: int
    #: The product of its Multiply cards; 1 when none (rule R2.4).
    multiplier: int
    #: True when it holds a Zero card (rule R2.2).
    zero: bool

    @classmethod
    def of(cls, cards: Iterable[Card]) -> PlayProfile:
        """The profile of a play of ``cards`` (trusted to be cards)."""
        return cls.of_indices(map(_INDEX, cards))

    @classmethod
    def of_indices(cls, indices: Iterable[int]) -> PlayProfile:
        """The profile of the play whose cards have these indices (:attr:`Card.index`)."""
        adds = 0
        mult = 1
        zero = False
        for i in indices:
            adds += _ADD[i]
            mult *= _MUL[i]
            if i == _ZERO_INDEX:
                zero = True
        return cls(adds, mult, zero)

    def total(self, subtract: int, divide: int) -> int:
        """The total facing an attack of ``subtract`` and ``divide`` (rules R2.2 to R2.5).

        ``floor(max(adds - subtract, 0) * multiplier / divide)``; a zero
        cancels the attack (``subtract = 0``, ``divide = 1``).
        """
        if self.zero:
            return self.adds * self.multiplier
        base = self.adds - subtract
        if base <= 0:
            return 0
        return base * self.multiplier // divide


def _attack(attack: object) -> Attack:
    return _validate.instance(attack, Attack, "attack")


def score(cards: Iterable[Card], attack: Attack = NO_ATTACK) -> int:
    """The total of a play of ``cards`` facing ``attack`` (rules R2.1 to R2.7).

    The order of the cards never matters (rule R1.3). A play with no Add card
    starts at 0 (R2.1); a Zero card cancels the whole incoming attack (R2.2);
    the subtraction floors at 0 (R2.3); every multiplier applies (R2.4); the
    one division comes last and rounds down once (R2.5).

    >>> from raise_the_sum import parse_cards
    >>> score(parse_cards("+9 x2"), Attack(divide=4))
    4
    >>> score(parse_cards("+3 x3"), Attack(subtract=5))
    0
    >>> score(parse_cards("+3 x3 0"), Attack(subtract=5))
    9
    >>> score(parse_cards("x2"))
    0

    ``cards`` must be :class:`~raise_the_sum.Card` objects (any iterable of
    them, read once); text is refused with a pointer to ``parse_cards``, and
    ``attack`` must be an :class:`Attack`. Both raise :class:`TypeError`.
    """
    attack = _attack(attack)
    profile = PlayProfile.of(_validate.cards(cards, "cards"))
    return profile.total(attack.subtract, attack.divide)


def least_adds_to_beat(
    to_beat: int, subtract: int, divide: int, multiplier: int, zero: bool
) -> int:
    """The least Add sum with which a play totals more than ``to_beat`` (``to_beat >= 0``).

    :meth:`PlayProfile.total` solved for the Add sum ``A``, for a play whose
    Multiply cards make ``multiplier``: with a Zero card,
    ``A * multiplier > to_beat`` (R2.2); without,
    ``(A - subtract) * multiplier // divide > to_beat`` (R2.3 to R2.5), that is
    ``(A - subtract) * multiplier >= (to_beat + 1) * divide``. Package-internal:
    ``legal_plays`` compares each play's Add sum with this instead of scoring
    every play.

    >>> least_adds_to_beat(5, 2, 3, 2, False)       # to beat 5 against -2 /3, with x2
    11
    >>> PlayProfile(10, 2, False).total(2, 3), PlayProfile(11, 2, False).total(2, 3)
    (5, 6)
    """
    if zero:
        return to_beat // multiplier + 1
    return subtract - (-(to_beat + 1) * divide // multiplier)


def attack_of(cards: Iterable[Card]) -> Attack:
    """The attack a play of ``cards`` sends to the next player (rule R2.8).

    Subtract values add up; Divide values multiply. Zero cards are not part of
    it, and neither kind changes the player's own total.

    >>> from raise_the_sum import parse_cards
    >>> attack_of(parse_cards("/2 /2 +5"))
    Attack(subtract=0, divide=4)
    >>> attack_of(parse_cards("+5 x2")).is_none
    True
    """
    return sent_by(_validate.cards(cards, "cards"))


def sent_by(cards: Iterable[Card]) -> Attack:
    """:func:`attack_of` for cards the package already holds as cards (no validation).

    Package-internal: the state's attack in force and the bots' facts ask it
    for the cards of plays the engine itself made.
    """
    subtract = 0
    divide = 1
    for card in cards:
        i = card.index
        subtract += _SUB[i]
        divide *= _DIV[i]
    if subtract == 0 and divide == 1:
        return NO_ATTACK
    key = (subtract, divide)
    attack = _SENT.get(key)
    if attack is None:
        attack = Attack(subtract, divide)
        _SENT.put(key, attack)
    return attack


# The attacks sent so far, shared: an Attack is frozen, so one object serves every play
# that sends it (a play of at most a few cards sends one of a few hundred attacks).
_SENT: Final[_memo.BoundedMemo[tuple[int, int], Attack]] = _memo.BoundedMemo(4096)


@attrs.frozen
class Step:
    """One step of an :class:`Explanation`: what happened, by which rule."""

    #: The identifier of the rule this step applies (see :mod:`raise_the_sum.rulebook`).
    rule: str
    #: The step in a player's words, for example ``"12 − 2 = 10"``.
    text: str
    #: The running total after this step.
    value: int


@attrs.frozen
class Explanation:
    """A structured derivation of a play's total, for front ends to render.

    Build one with :func:`explain`. ``str()`` gives one line in the guide's
    style; :attr:`steps` gives the derivation a step at a time, each step
    citing its rule.
    """

    #: The play's cards, sorted (rule R1.4).
    cards: tuple[Card, ...]
    #: The attack the play faces.
    incoming: Attack
    #: True when a Zero card cancels a real incoming attack (rule R2.2).
    cancelled: bool
    #: The Add values, largest first (rule R2.1).
    adds: tuple[int, ...]
    #: The subtraction that applies: the incoming one, or 0 when cancelled.
    subtract: int
    #: The Multiply values, in card order (rule R2.4).
    multipliers: tuple[int, ...]
    #: The divisor that applies: the incoming one, or 1 when cancelled.
    divide: int
    #: The play's total; always equal to :func:`score` of the same arguments.
    total: int
    #: The attack the play sends on (rule R2.8).
    outgoing: Attack
    #: The derivation, one :class:`Step` at a time.
    steps: tuple[Step, ...]

    @property
    def floored(self) -> bool:
        """True when the subtraction took the additions below zero (rule R2.3)."""
        return sum(self.adds) < self.subtract

    def __str__(self) -> str:
        """The derivation on one line, in the guide's style.

        >>> from raise_the_sum import parse_cards
        >>> print(explain(parse_cards("+8 +4 x2"), Attack(2, 3)))
        (8 + 4 − 2) × 2 ÷ 3 = 20 ÷ 3 = 6 (rounded down)
        >>> print(explain(parse_cards("+3 x2"), Attack(subtract=5)))
        (3 − 5 → 0) × 2 = 0 (below zero counts as 0)
        >>> print(explain(parse_cards("+3 +1"), Attack(subtract=5)))
        3 + 1 − 5 → 0 (below zero counts as 0)
        >>> print(explain(parse_cards("+6 0"), Attack(2, 3)))
        6 (the zero card cancels the incoming −2 ÷3)
        >>> print(explain(parse_cards("x2 x3")))
        0 × 2 × 3 = 0 (no blue cards: the total starts at 0)
        """
        terms = [str(a) for a in self.adds] or ["0"]
        expr = " + ".join(terms)
        if self.subtract:
            expr += f" − {self.subtract}"
        if self.floored:
            expr += " → 0"  # the floor, written into the line (rule R2.3)
        compound = len(terms) > 1 or self.subtract > 0
        before_divide = max(sum(self.adds) - self.subtract, 0)
        if self.multipliers:
            if compound:
                expr = f"({expr})"
            expr += "".join(f" × {m}" for m in self.multipliers)
            before_divide *= _product(self.multipliers)
            compound = True
        if self.divide != 1:
            if compound and not self.multipliers:
                expr = f"({expr})"
            expr += f" ÷ {self.divide}"
        parts = [expr]
        if self.divide != 1 and compound:
            parts.append(f"{before_divide} ÷ {self.divide}")
        bare_floor = self.floored and not self.multipliers and self.divide == 1  # "3 − 5 → 0"
        if (compound or self.divide != 1) and not bare_floor:
            parts.append(str(self.total))
        line = " = ".join(parts)
        notes = []
        if not self.adds:
            notes.append("no blue cards: the total starts at 0")
        if self.cancelled:
            notes.append(f"the zero card cancels the incoming {self.incoming}")
        if self.floored:
            notes.append("below zero counts as 0")
        if self.divide != 1 and before_divide % self.divide:
            notes.append("rounded down")
        if notes:
            line += f" ({'; '.join(notes)})"
        return line


def _product(values: Iterable[int]) -> int:
    result = 1
    for v in values:
        result *= v
    return result


def explain(cards: Iterable[Card], attack: Attack = NO_ATTACK) -> Explanation:
    """Explain how a play of ``cards`` facing ``attack`` reaches its total.

    The result's ``total`` is always ``score(cards, attack)``; its steps cite
    rules R2.1 (the blue sum), R2.2 (the zero card), R2.3 (the subtraction and
    its floor at zero), R2.4 (each multiplier) and R2.5 (the one division,
    rounded down).

    >>> from raise_the_sum import parse_cards
    >>> e = explain(parse_cards("+8 +4 x2"), Attack(subtract=2, divide=3))
    >>> for step in e.steps:
    ...     print(step.rule, step.text)
    R2.1 blue cards: 8 + 4 = 12
    R2.3 incoming subtraction: 12 − 2 = 10
    R2.4 multiply: 10 × 2 = 20
    R2.5 incoming division: 20 ÷ 3 = 6 (rounded down)
    >>> e.total
    6
    """
    attack = _attack(attack)
    played = tuple(sorted(_validate.cards(cards, "cards")))
    indices = [card.index for card in played]
    adds = tuple(sorted((_ADD[i] for i in indices if _ADD[i]), reverse=True))
    multipliers = tuple(_MUL[i] for i in indices if _MUL[i] != 1)
    zero = _ZERO_INDEX in indices
    cancelled = zero and not attack.is_none
    subtract = 0 if zero else attack.subtract
    divide = 1 if zero else attack.divide

    steps = []
    value = sum(adds)
    if adds:
        sum_text = " + ".join(map(str, adds))
        text = f"blue cards: {sum_text} = {value}" if len(adds) > 1 else f"blue card: {value}"
    else:
        text = "no blue cards: the total starts at 0"
    if len(played) == 1 and not adds:
        steps.append(Step("R2.7", text, value))  # a lone card opens at 0
    else:
        steps.append(Step("R2.1", text, value))
    if cancelled:
        steps.append(Step("R2.2", f"the zero card cancels the incoming {attack}", value))
    if subtract:
        after = max(value - subtract, 0)
        if value >= subtract:
            text = f"incoming subtraction: {value} − {subtract} = {after}"
        else:
            text = f"incoming subtraction: {value} − {subtract} is below zero, so it counts as 0"
        steps.append(Step("R2.3", text, after))
        value = after
    for m in multipliers:
        steps.append(Step("R2.4", f"multiply: {value} × {m} = {value * m}", value * m))
        value *= m
    if divide != 1:
        text = f"incoming division: {value} ÷ {divide} = {value // divide}"
        if value % divide:
            text += " (rounded down)"
        steps.append(Step("R2.5", text, value // divide))
        value //= divide
    return Explanation(
        cards=played,
        incoming=attack,
        cancelled=cancelled,
        adds=adds,
        subtract=subtract,
        multipliers=multipliers,
        divide=divide,
        total=value,
        outgoing=attack_of(played),
        steps=tuple(steps),
    )
