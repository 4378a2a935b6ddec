"""The base class of every error the library raises on purpose.

Catch :class:`RaiseTheSumError` to catch them all. Each error is also the
built-in exception it has always been (all are a :class:`ValueError`), so
older ``except ValueError`` code keeps working.

>>> from raise_the_sum import IllegalAction, NotationError, RaiseTheSumError, parse_cards
>>> try:
...     parse_cards("+10")
... except RaiseTheSumError as error:
...     print(type(error).__name__, error.rule, "|", error.reason)
NotationError R1.6 | an Add card's value is 1 to 9
>>> issubclass(IllegalAction, RaiseTheSumError), issubclass(IllegalAction, ValueError)
(True, True)
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["RaiseTheSumError", "cited_rule", "parse_rule_id"]


class RaiseTheSumError(Exception):
    """An error the library raises on purpose: bad input, or an action the rules refuse.

    Every such error has :attr:`reason` and :attr:`rule`. Its constructor
    takes the place at fault first where there is one (a JSON Pointer, a
    field, a card's text), then the reason, then the rule. The one
    exception is :class:`~raise_the_sum.IllegalAction`, which has no place
    and takes ``(rule, reason)``. The subclasses:

    - :class:`~raise_the_sum.IllegalAction`: an action the rules refuse;
    - :class:`~raise_the_sum.NotationError`: text that is not a card;
    - :class:`~raise_the_sum.InvalidState`: a state or view the rules do not allow;
    - :class:`~raise_the_sum.RecordError`: a match record that cannot be read or replayed;
    - :class:`~raise_the_sum.PositionError`: a position that cannot be read;
    - :class:`~raise_the_sum.wire.WireError`: a JSON document that is not valid;
    - :class:`~raise_the_sum.driver.BotError`: a bot that broke its contract;
    - :class:`~raise_the_sum.rulebook.UnknownRuleError`: a rule identifier that names no rule.

    .. attribute:: reason
       :type: str

       What is wrong, in words.

    .. attribute:: rule
       :type: str | None

       The identifier of the rule at fault (as in
       :mod:`raise_the_sum.rulebook`), or None where no rule applies.
    """

    reason: str
    rule: str | None


def cited_rule(message: str) -> str | None:
    """The rule a message cites at its end, as in ``... (rule R1.6)``, or None.

    The library's messages end with the rule they apply; this reads it back
    with the one grammar of rule identifiers (:func:`parse_rule_id`).

    >>> cited_rule("card 'x4': a Multiply card's value is 2 or 3 (rule R1.6)")
    'R1.6'
    >>> cited_rule("nothing may follow the result") is None
    True
    """
    _, cited, rest = message.rpartition(" (rule ")
    if not cited or not rest.endswith(")"):
        return None
    try:
        return parse_rule_id(rest[:-1], strict=True)
    except ValueError:
        return None


_RULE_ID: Final = re.compile(r"[Rr]?([0-9]{1,3})\.([0-9]{1,3})")


def parse_rule_id(text: str, *, strict: bool = False) -> str:
    """The canonical form of a rule identifier: ``R4.4`` for ``R4.4``, ``r4.4`` or ``4.4``.

    The one grammar of rule identifiers, for every place that reads one: a
    person typing one (the command line, the terminal game), and documents
    that carry one (the wire format). Spaces around it are ignored. It does
    not look the rule up: :func:`~raise_the_sum.rulebook.rule` does. It
    lives here, below the rulebook, so that every module may cite rules;
    :mod:`raise_the_sum.rulebook` exports it.

    >>> parse_rule_id("r4.4"), parse_rule_id("4.10"), parse_rule_id(" R2.5 ")
    ('R4.4', 'R4.10', 'R2.5')
    >>> parse_rule_id("rule four")
    Traceback (most recent call last):
    ...
    ValueError: rule id 'rule four': write it as R4.4, r4.4 or 4.4

    With ``strict=True`` only the canonical form itself is accepted, as a
    document must write it: an ``R``, then the section and the number in
    digits without leading zeros.

    >>> parse_rule_id("R4.10", strict=True)
    'R4.10'
    >>> parse_rule_id("r4.4", strict=True)
    Traceback (most recent call last):
    ...
    ValueError: rule id 'r4.4': write it as R4.4
    """
    if not isinstance(text, str):
        raise TypeError(f"rule id must be a str, got {text!r}")
    match = _RULE_ID.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"rule id {text!r}: write it as R4.4, r4.4 or 4.4")
    section, number = match.groups()
    canonical = f"R{int(section)}.{int(number)}"
    if strict and canonical != text:
        raise ValueError(f"rule id {text!r}: write it as {canonical}")
    return canonical
