"""The server's limits: what one client may ask of it, and for how long it waits.

Every limit has a default that no person playing meets, and a ``serve``
option. They are gathered in :class:`Limits`, which the application and the
table service take; the "Game server" page lists them.

>>> Limits().max_actions
50000
>>> bucket = TokenBucket(burst=2, rate=1.0)
>>> bucket.take("10.0.0.1", now=0.0), bucket.take("10.0.0.1", now=0.0)
(0.0, 0.0)
>>> bucket.take("10.0.0.1", now=0.0)     # empty: the seconds until a token is back
1.0
>>> bucket.take("10.0.0.1", now=1.0)
0.0
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Any, Final

import attrs

from raise_the_sum.limits import DEFAULT_ACTION_LIMIT

__all__ = ["INLINE_ACTIONS", "Limits", "TokenBucket"]

#: Tables whose rules allow at most this many legal actions in a state (the standard game
#: allows a few hundred) have their rules-engine work done on the event loop, where it takes
#: microseconds. Larger ones have it done on a worker thread, so that a long list of legal
#: actions never holds up another table.
INLINE_ACTIONS: Final = 2_000


def _positive(instance: object, attribute: attrs.Attribute[Any], value: float) -> None:
    if not (isinstance(value, int | float) and math.isfinite(value) and value > 0):
        raise ValueError(f"{attribute.name}: a number above 0, got {value!r}")


@attrs.frozen
class Limits:
    """The server's limits, each with its ``serve`` option."""

    #: The most legal actions the rules of a new table may allow in any state
    #: (:func:`raise_the_sum.action_bound`); ``--max-actions``.
    max_actions: int = attrs.field(default=DEFAULT_ACTION_LIMIT, validator=_positive)
    #: Requests (and sockets opened) one client address may make at once; ``--request-burst``.
    request_burst: int = attrs.field(default=200, validator=_positive)
    #: Requests per second one client address may make after its burst; ``--request-rate``.
    request_rate: float = attrs.field(default=100.0, validator=_positive)
    #: Messages one socket may send at once, then a second; ``--message-burst``, ``--message-rate``.
    message_burst: int = attrs.field(default=20, validator=_positive)
    message_rate: float = attrs.field(default=10.0, validator=_positive)
    #: Client addresses that no limit per address applies to (a gateway that speaks for many
    #: people, a load test's client); ``--limit-exempt``.
    exempt: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    #: Tables one client address may create at once; ``--create-burst``.
    create_burst: int = attrs.field(default=20, validator=_positive)
    #: Tables per second one client address may create after its burst; ``--create-rate``.
    create_rate: float = attrs.field(default=1.0, validator=_positive)
    #: Seconds without an action after which an unfinished table is archived; ``--archive-after``.
    archive_after: float = attrs.field(default=7 * 24 * 3600.0, validator=_positive)
    #: Refused actions remembered per seat and table, the newest; ``--refusals-kept``.
    refusals_kept: int = attrs.field(default=256, validator=_positive)
    #: WebSockets open at once on one seat; ``--max-sockets-per-seat``.
    sockets_per_seat: int = attrs.field(default=8, validator=_positive)
    #: Spectators' WebSockets open at once on one table; ``--max-spectators``.
    spectators_per_table: int = attrs.field(default=64, validator=_positive)
    #: WebSockets open at once on the server; ``--max-sockets``.
    sockets: int = attrs.field(default=2_000, validator=_positive)
    #: Connections open at once from one client address; ``--max-connections-per-address``.
    connections_per_address: int = attrs.field(default=64, validator=_positive)
    #: Connections open at once on the server (beyond, new requests get 503); ``--max-connections``.
    connections: int = attrs.field(default=4_000, validator=_positive)
    #: Seconds to send a request's line and headers; ``--header-timeout``.
    header_timeout: float = attrs.field(default=10.0, validator=_positive)
    #: Seconds to send a request's body once its headers are in; ``--body-timeout``.
    body_timeout: float = attrs.field(default=10.0, validator=_positive)
    #: Seconds an idle kept-alive HTTP connection stays open; ``--keep-alive``.
    keep_alive: float = attrs.field(default=5.0, validator=_positive)


class TokenBucket:
    """A token bucket per key: ``burst`` at once, then ``rate`` a second.

    It remembers at most ``keys`` keys (the least recently used go first,
    as if their buckets were full), so that many addresses cannot fill the
    memory.
    """

    def __init__(self, *, burst: int, rate: float, keys: int = 100_000) -> None:
        self.burst = burst
        self.rate = rate
        self.keys = keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, key: str, *, now: float) -> float:
        """Take a token for ``key`` at ``now``: 0.0 if one was there, else the seconds to wait."""
        tokens, then = self._buckets.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        if tokens >= 1.0:
            self._buckets[key] = (tokens - 1.0, now)
            wait = 0.0
        else:
            self._buckets[key] = (tokens, now)
            wait = (1.0 - tokens) / self.rate
        while len(self._buckets) > self.keys:
            self._buckets.popitem(last=False)
        return wait
