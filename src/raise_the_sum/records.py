"""Match records: a match as its rules, seed and actions, replayable and readable.

A :class:`MatchRecord` holds what it takes to replay a match exactly: the
rules, the seed, an optional stacked deck and the actions, plus free-form
tags (seat names, date, event, result).

``replay`` and the text notation are added on top of this class.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import attrs

from raise_the_sum.actions import Action
from raise_the_sum.cards import Card
from raise_the_sum.rules import Rules

__all__ = ["MatchRecord", "RecordError"]


class RecordError(ValueError):
    """A record that cannot be read or replayed: the message says where and why."""


def _tags(value: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(value))


@attrs.frozen
class MatchRecord:
    """A whole match: enough to replay it exactly, plus tags for people."""

    #: The rules the match was played under.
    rules: Rules = attrs.field(factory=Rules)
    #: The seed it was dealt with (with ``deck``, the seed drives only the reshuffles).
    seed: int = 0
    #: Every action, in order.
    actions: tuple[Action, ...] = ()
    #: The stacked deck it was dealt from, top card first, or None for a shuffled one.
    deck: tuple[Card, ...] | None = None
    #: Tags: seat names, date, event, result, and anything else a person adds.
    tags: Mapping[str, str] = attrs.field(factory=dict, converter=_tags)
