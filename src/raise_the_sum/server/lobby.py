"""The lobby: the open tables their creators listed, and taking a free seat at one.

A table created with ``"public": true`` is listed while its match is not
over, it is not idle for the archive time, and one of its human seats is
free. A human seat is free until it is *taken*: its token used for any
request, or the seat claimed here. A bot's seat is always taken.

``GET /api/lobby?limit=N&cursor=C`` lists them, the newest first, a page
at a time (:func:`parse_limit`, :func:`parse_cursor`): each with its id, its
seats' kinds, its free seats, a summary of its rules, when it was created
and its age. The store answers from an index of the listed tables only
(:meth:`Store.lobby <raise_the_sum.server.store.Store.lobby>`), so a page
costs the same however many private or finished tables there are.

``POST /api/lobby/{table}/seats/{seat}`` claims a free seat: the answer
holds a new token for it, and the seat's invitation, if it was never used,
stops working. Of two claims of one seat, exactly one gets the token; the
other gets 409 ``seat_taken``.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
import time
from collections.abc import Sequence
from typing import Any, Final

from raise_the_sum import wire
from raise_the_sum.rules import Rules
from raise_the_sum.server._json import dumps
from raise_the_sum.server.documents import _utc
from raise_the_sum.server.errors import ProtocolError, bad_input
from raise_the_sum.server.store import Listed, Store

__all__ = [
    "DEFAULT_LIMIT",
    "MAX_LIMIT",
    "cursor_of",
    "listing_text",
    "page",
    "parse_cursor",
    "parse_limit",
    "parse_seat",
    "rules_summary",
    "seat_taken",
]

#: The tables of a lobby page when the request gives no ``limit``.
DEFAULT_LIMIT: Final = 20
#: The most tables a lobby page may ask for.
MAX_LIMIT: Final = 100

#: A table's id, as the server makes them (``secrets.token_urlsafe``).
_TABLE_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")

#: The longest cursor read.
_MAX_CURSOR: Final = 200


def rules_summary(rules: Rules) -> dict[str, Any]:
    """The rules as the lobby shows them: every field but the deck, and the deck's size.

    >>> rules_summary(Rules(players=2))["deck_size"]
    62
    """
    encoded = wire.encode(rules)
    assert isinstance(encoded, dict), "rules are encoded as an object"
    summary = {key: value for key, value in encoded.items() if key != "deck"}
    summary["deck_size"] = len(rules.deck)
    return summary


def listing_text(seats: Sequence[str], rules: Rules) -> str:
    """What the lobby shows of a new public table, as the store keeps it (JSON)."""
    return json.dumps({"seats": list(seats), "rules": rules_summary(rules)})


def parse_limit(text: str | None) -> int:
    """The ``limit`` query parameter: 1 to :data:`MAX_LIMIT` tables (absent: the default)."""
    if text is None:
        return DEFAULT_LIMIT
    if not (text.isascii() and text.isdigit()) or len(text) > 4 or not 1 <= int(text) <= MAX_LIMIT:
        raise bad_input("/limit", f"limit: a whole number from 1 to {MAX_LIMIT}, got {text[:40]!r}")
    return int(text)


def cursor_of(listed: Listed) -> str:
    """The cursor of the page after ``listed``: its creation time and id, URL-safe.

    >>> from raise_the_sum.server.store import Listed
    >>> cursor = cursor_of(Listed("abc", 12.5, "{}", ()))
    >>> parse_cursor(cursor)
    (12.5, 'abc')
    """
    raw = f"{listed.created!r}~{listed.table_id}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def parse_cursor(text: str | None) -> tuple[float, str] | None:
    """The ``cursor`` query parameter, as :func:`cursor_of` wrote it; None when absent."""
    if text is None:
        return None
    wrong = bad_input(
        "/cursor", f"cursor: the 'next' of the lobby page before, unchanged, got {text[:40]!r}"
    )
    if not text or len(text) > _MAX_CURSOR or not text.isascii():
        raise wrong
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()
        created_text, table_id = raw.split("~")
        created = float(created_text)
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise wrong from None
    if not math.isfinite(created) or not _TABLE_ID.fullmatch(table_id):
        raise wrong
    return created, table_id


def parse_seat(text: str, players: int) -> int:
    """A seat number in a path: 0 to ``players - 1``, or a 400 naming ``/seat``."""
    if not (text.isascii() and text.isdigit()) or len(text) > 2 or int(text) >= players:
        raise bad_input("/seat", f"seat: a seat from 0 to {players - 1}, got {text[:40]!r}")
    return int(text)


def seat_taken(seat: int, why: str) -> ProtocolError:
    """The 409 ``seat_taken`` of a claim that came too late (or at a bot's seat)."""
    return ProtocolError(409, "seat_taken", f"seat {seat} is taken: {why}", seat=seat)


def _entry(listed: Listed, now: float) -> dict[str, Any] | None:
    shown = json.loads(listed.listing)
    seats: list[str] = shown["seats"]
    free = [seat for seat, kind in enumerate(seats) if kind == "human" and seat not in listed.taken]
    if not free:
        return None
    return {
        "table": listed.table_id,
        "seats": seats,
        "free": free,
        "rules": shown["rules"],
        "created_at": _utc(listed.created),
        "age_seconds": max(0, int(now - listed.created)),
    }


async def page(store: Store, *, limit: int, after: tuple[float, str] | None, since: float) -> bytes:
    """A lobby page: up to ``limit`` listed tables after the cursor ``after``, and ``next``.

    ``next`` is the cursor of the following page, or null on the last one.
    Tables touched before ``since`` (idle for the archive time) are left out.
    """
    rows = await store.lobby(since=since, after=after, limit=limit + 1)
    now = time.time()
    shown = rows[:limit]
    entries = [entry for entry in (_entry(row, now) for row in shown) if entry is not None]
    following = cursor_of(shown[-1]) if len(rows) > limit else None
    return dumps({"tables": entries, "next": following})
