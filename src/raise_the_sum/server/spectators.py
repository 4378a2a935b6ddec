"""Spectators: a read-only token that sees what is public at a table, and nothing else.

Each table is created with a spectators' token beside its seats' (the
create answer's ``spectator_token``): a link to watch the table. It reads
``GET /api/tables/{table}/spectator`` and opens the socket
``/api/tables/{table}/spectator/ws``, and can do nothing else: an action,
a check, a seat's document or socket asked for with it gets 403
``read_only``. Once the match is over it reads the record too, with the
seed, to check the deal against ``seed_commitment`` as the seats do.

The spectators' document (:func:`spectator_document`) is built from the
state's public parts only:

``table``, ``version``
    as in a seat's document;
``seat``
    null: a spectator holds no seat;
``view``
    the public view (:func:`public_view`): a seat's view without ``seat``
    and ``hand`` (and without the view's ``format`` and ``version``, since it
    is not a view a seat could hold);
``events``
    the events since the version the client last saw, as nobody at the
    table observes them: every draw without its card;
``seats``, ``seating``, ``seed_commitment``, ``attack_text``, ``next_round_at``
    as in a seat's document.

It has no hand, no legal actions, and nothing of the deck's order, the seed
or the generator: the swap tests hold it, over HTTP and on the socket.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from raise_the_sum import wire
from raise_the_sum.server._json import text as _text
from raise_the_sum.server.documents import _utc
from raise_the_sum.server.errors import ProtocolError
from raise_the_sum.state import GameState, Phase
from raise_the_sum.views import observe

__all__ = ["PRIVATE_FIELDS", "public_view", "read_only", "spectator_document"]

#: The fields of a seat's view that a spectator's view leaves out: the seat, its hand, and
#: the markers of a seat's view.
PRIVATE_FIELDS: Final = frozenset({"format", "version", "seat", "hand"})


def public_view(state: GameState) -> dict[str, Any]:
    """What anyone may know of ``state``: a seat's view without its seat and hand.

    >>> from raise_the_sum import new_game
    >>> view = public_view(new_game(seed=7))
    >>> "hand" in view, view["hand_sizes"], view["deck_size"]
    (False, [8, 7, 7, 7], 33)
    """
    encoded = wire.encode(observe(state, 0))
    assert isinstance(encoded, dict), "a view is encoded as an object"
    return {key: value for key, value in encoded.items() if key not in PRIVATE_FIELDS}


def spectator_document(
    *,
    table: str,
    version: int,
    state: GameState,
    events: Iterable[str],
    seats: Sequence[str],
    seating: Sequence[dict[str, Any]],
    seed_commitment: str,
    next_round_at: float | None = None,
) -> bytes:
    """What a spectator receives at ``version``: the document, encoded.

    ``events`` are the pieces of each version's public events since the one
    the client last saw (:func:`~raise_the_sum.server.documents.seat_events`
    of :data:`~raise_the_sum.server.documents.SPECTATOR`).
    """
    head = _text({"table": table, "version": version, "seat": None, "view": public_view(state)})
    events_text = ",".join([piece for piece in events if piece])
    tail = _text(
        {
            "seats": list(seats),
            "seating": list(seating),
            "seed_commitment": seed_commitment,
            "attack_text": None if state.attack.is_none else str(state.attack),
            "next_round_at": (
                _utc(next_round_at)
                if next_round_at is not None and state.phase is Phase.ROUND_OVER
                else None
            ),
        }
    )
    return f'{head[:-1]},"events":[{events_text}],{tail[1:]}'.encode()


def read_only() -> ProtocolError:
    """The 403 ``read_only`` that a spectator's token gets where a seat's is needed."""
    return ProtocolError(
        403,
        "read_only",
        "this is a spectator's token: it reads the table "
        "(GET /api/tables/{table}/spectator, and the record at the end) and cannot act, "
        "check or read a seat's document",
    )
