"""The one function that builds what a seat receives: :func:`seat_document`.

Every answer to a seat, over HTTP or on a WebSocket, is a document built
here from :func:`~raise_the_sum.observe` and
:func:`~raise_the_sum.observe_events` and encoded once, with
:mod:`raise_the_sum.wire`. Nothing else in the server writes game data to a
client, so the leak tests hold this function:

``table``
    the table's id;
``version``
    the table's version (the number of actions applied);
``view``
    the seat's :class:`~raise_the_sum.PlayerView`;
``legal``
    the seat's legal actions, empty when it is not to act (in the brief
    result between rounds, ``next_round`` for the round's winner);
``events``
    the seat's observed events since the version the client last saw, each
    ``played`` event with an extra ``explanation``: the one line of
    :func:`~raise_the_sum.explain`;
``seats``
    the seat kinds as the table was created (``"human"`` or a bot's name);
``lesson``
    for seat 0 of a tutorial table, what the guide says now and the cards
    it points at (:func:`raise_the_sum.lessons.lesson`), else null.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from raise_the_sum import wire
from raise_the_sum.engine import legal_plays
from raise_the_sum.events import Event, Played, observe_events
from raise_the_sum.scoring import explain
from raise_the_sum.state import GameState
from raise_the_sum.views import PlayerView, observe

__all__ = ["dumps", "encode_event", "seat_document"]


def dumps(value: Any) -> bytes:
    """Compact UTF-8 JSON, the server's one encoder for everything it sends."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def encode_event(event: Event) -> dict[str, Any]:
    """The wire form of an event; a ``played`` one also has its ``explanation``."""
    encoded: dict[str, Any] = wire.encode(event)
    if isinstance(event, Played):
        encoded["explanation"] = str(explain(event.cards, event.faced))
    return encoded


def _lesson(view: PlayerView) -> dict[str, Any] | None:
    from raise_the_sum import lessons  # the guided first hand (a core module)

    lesson = lessons.lesson(view)
    if lesson is None:
        return None
    return {"text": lesson.text, "cards": [wire.encode(card) for card in lesson.cards]}


def seat_document(
    *,
    table: str,
    version: int,
    state: GameState,
    steps: Iterable[Sequence[Event]],
    seat: int,
    seats: Sequence[str],
    tutorial: bool,
) -> bytes:
    """What ``seat`` receives at ``version``: the document, encoded.

    ``steps`` are the full events of each version since the one the client
    last saw, oldest first; only what ``seat`` may know of them is sent.
    """
    view = observe(state, seat)
    legal = legal_plays(state) if view.to_act else ()
    events = [encode_event(event) for batch in steps for event in observe_events(batch, seat)]
    document = {
        "table": table,
        "version": version,
        "view": wire.encode(view),
        "legal": [wire.encode(action) for action in legal],
        "events": events,
        "seats": list(seats),
        "lesson": _lesson(view) if tutorial and seat == 0 else None,
    }
    return dumps(document)
