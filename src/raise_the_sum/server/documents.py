"""The one function that builds what a seat receives: :func:`seat_document`.

Every answer to a seat, over HTTP or on a WebSocket, is a document built
here from :func:`~raise_the_sum.observe` and
:func:`~raise_the_sum.observe_events` (by :func:`seat_events`, version by
version, as the table moves on) and encoded once, with
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
    it points at (:func:`raise_the_sum.lessons.lesson`), else null;
``must_discard``
    how many cards the seat must discard now (rule R4.8), else 0;
``attack_text``
    the attack in force on the player to act, in the guide's signs, such
    as ``"−5 ÷2"`` (:class:`~raise_the_sum.Attack`'s ``str``), or null when
    there is none;
``next_round_at``
    in the brief result between rounds, when the table moves on by itself:
    a UTC time in ISO 8601 with milliseconds, such as
    ``"2026-12-02T10:41:07.250Z"``; else null (and at a pace of 0);
``seating``
    one object per seat, in seat order (:func:`seating_entry`): its kind,
    and whether it is ``taken`` (a human seat whose token was used, or
    that was claimed in the lobby; a bot's seat always is);
``seed_commitment``
    the SHA-256, lowercase hex, of the seed's decimal digits, as the create
    answer gave it: with the record, at the end, any seat checks the seed;
``legal_scores``
    only when asked for (``?scores=1``): for each legal action, in the same
    order, a play's ``{"total": N, "attack": <Attack>, "attack_text": ...}``
    (its total against the attack in force, and the attack it sends on),
    or null for any other action;
``seating``
    one object per seat, in seat order (:func:`seating_entry`): who plays it
    now (``"human"`` or a bot's name), its display name, whether a person's
    seat has a socket open (``present``), whether it is taken, and whether
    the person left (``"bot"``: handed over, ``"forfeit"``), else null;
``turn_deadline``
    when the person to act runs out of time at a table with a time per turn
    (rule R4.15), a UTC time as ``next_round_at`` writes it; else null.

The last six were added in wire format 1 too: a client that does not
know them ignores them.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterable, Sequence
from operator import itemgetter
from typing import Any, Final, cast

from raise_the_sum import wire
from raise_the_sum.actions import Action, Play
from raise_the_sum.engine import legal_plays
from raise_the_sum.events import Event, Played, observe_events
from raise_the_sum.scoring import PlayProfile, explain, sent_by
from raise_the_sum.server._json import dumps
from raise_the_sum.server._json import text as _text
from raise_the_sum.state import GameState, Phase
from raise_the_sum.views import PlayerView, observe

__all__ = [
    "SPECTATOR",
    "action_text",
    "actions_text",
    "dumps",
    "encode_event",
    "seat_document",
    "seat_events",
    "seating_entry",
]

#: Where a table keeps what its spectators may know of each version's events, beside its
#: seats' (:func:`seat_events`): no seat, so nobody's draws keep their cards.
SPECTATOR: Final = -1

#: A seat number no table has (tables seat 2 to 4 players): what nobody at the table sees.
_NOBODY: Final = 4


def seating_entry(
    kind: str,
    *,
    taken: bool,
    name: str | None = None,
    present: bool | None = None,
    left: str | None = None,
) -> dict[str, Any]:
    """One seat of a document's ``seating``: its kind, name, presence, whether taken, left.

    A bot's seat is always taken and never present or absent (``present``
    is null).

    >>> seating_entry("riley", taken=False)
    {'kind': 'riley', 'name': None, 'present': None, 'taken': True, 'left': None}
    """
    human = kind == "human"
    return {
        "kind": kind,
        "name": name,
        "present": present if human else None,
        "taken": taken or not human,
        "left": left,
    }


def encode_event(event: Event) -> dict[str, Any]:
    """The wire form of an event; a ``played`` one also has its ``explanation``."""
    encoded = cast(dict[str, Any], wire.encode(event))
    if isinstance(event, Played):
        encoded["explanation"] = str(explain(event.cards, event.faced))
    return encoded


def _lesson(view: PlayerView) -> dict[str, Any] | None:
    from raise_the_sum import lessons  # the guided first hand (a core module)

    lesson = lessons.lesson(view)
    if lesson is None:
        return None
    return {"text": lesson.text, "cards": [wire.encode(card) for card in lesson.cards]}


def seat_events(events: Sequence[Event], seat: int) -> str:
    """What ``seat`` may know of one version's full ``events``, as a document writes them.

    The :func:`~raise_the_sum.observe_events` of the seat, each encoded by
    :func:`encode_event`, as compact JSON texts joined by commas (empty when
    the seat saw nothing): a piece of the document's ``events`` list. The
    table service keeps these pieces, version by version, for each person's
    seat, and :func:`seat_document` joins them.

    ``seat`` :data:`SPECTATOR` is nobody at the table: every draw loses its card.

    >>> from raise_the_sum.events import Drew, Passed
    >>> from raise_the_sum.cards import Card
    >>> seat_events((Passed(seat=1),), 0)
    '{"type":"passed","seat":1}'
    >>> seat_events((Drew(0, Card.parse("+5")),), SPECTATOR)
    '{"type":"drew","seat":0,"card":null}'
    """
    observer = _NOBODY if seat == SPECTATOR else seat
    return _text([encode_event(event) for event in observe_events(events, observer)])[1:-1]


def seat_document(
    *,
    table: str,
    version: int,
    state: GameState,
    events: Iterable[str],
    seat: int,
    seats: Sequence[str],
    tutorial: bool,
    next_round_at: float | None = None,
    scores: bool = False,
    seating: Sequence[dict[str, Any]] | None = None,
    seed_commitment: str | None = None,
    turn_deadline: float | None = None,
) -> bytes:
    """What ``seat`` receives at ``version``: the document, encoded.

    ``events`` are the pieces of each version's events since the one the
    client last saw, oldest first, each what this seat may know of them
    (:func:`seat_events`). ``next_round_at`` is when the brief result ends
    (seconds since the epoch), and ``scores`` adds ``legal_scores``.
    ``seating`` (:func:`seating_entry` for each seat) and
    ``seed_commitment`` are written when given; ``turn_deadline`` is when
    the person to act runs out of time (seconds since the epoch), or None.
    """
    view = observe(state, seat)
    legal = legal_plays(state) if view.to_act else ()
    lesson = _lesson(view) if tutorial and seat == 0 else None
    more: dict[str, Any] = {
        "must_discard": (
            len(view.hand) - state.rules.hand_limit
            if view.to_act and state.phase is Phase.DISCARD
            else 0
        ),
        "attack_text": None if state.attack.is_none else str(state.attack),
        "next_round_at": (
            _utc(next_round_at)
            if next_round_at is not None and state.phase is Phase.ROUND_OVER
            else None
        ),
    }
    if seating is not None:
        more["seating"] = list(seating)
    if seed_commitment is not None:
        more["seed_commitment"] = seed_commitment
    more["turn_deadline"] = None if turn_deadline is None else _utc(turn_deadline)
    if scores:
        more["legal_scores"] = [_scored(action, state) for action in legal]
    # The same bytes as dumps() of the whole object, in the keys' order: the legal
    # actions (often a hundred plays or more) are written from their cached texts, and
    # the events from their pieces (a JSON list is its items' texts joined by commas).
    head = _text({"table": table, "version": version, "view": wire.encode(view)})
    legal_text = actions_text(legal)
    events_text = ",".join([piece for piece in events if piece])
    tail = _text({"seats": list(seats), "lesson": lesson, **more})
    return f'{head[:-1]},"legal":[{legal_text}],"events":[{events_text}],{tail[1:]}'.encode()


@functools.lru_cache(maxsize=256)
def _utc(seconds: float) -> str:
    """Seconds since the epoch as UTC ISO 8601 with milliseconds and a ``Z``.

    >>> _utc(0.25)
    '1970-01-01T00:00:00.250Z'
    """
    moment = datetime.datetime.fromtimestamp(seconds, datetime.UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _scored(action: Action, state: GameState) -> dict[str, Any] | None:
    """A legal play's total against the attack in force, and the attack it sends on."""
    if not isinstance(action, Play):
        return None
    attack = state.attack
    sent = sent_by(action.cards)
    return {
        "total": PlayProfile.of(action.cards).total(attack.subtract, attack.divide),
        "attack": wire.encode(sent),
        "attack_text": None if sent.is_none else str(sent),
    }


#: Action texts by value: a play's or a discard's key is its kind and its cards'
#: indices (hashing small ints is far cheaper than hashing the cards themselves).
_ACTION_TEXTS: dict[object, str] = {}

#: Action texts by the action object's ``id``, each with the action itself, for the legal
#: actions of the documents (:func:`actions_text`). Holding the action keeps its ``id``
#: from being given to another object while the entry lives, so an ``id`` found here is
#: that very action. ``legal_plays`` hands out the same shared action objects again and
#: again, so most lookups end here, in C. An action met alone (a decoded one, say) is not
#: kept here: it is seldom met again.
_BY_ID: dict[int, tuple[Action, str]] = {}

#: Past this many entries, each table of texts is emptied and refilled as needed.
_MAX_TEXTS: Final = 1 << 17

_TEXT_OF_ENTRY: Final = itemgetter(1)


def action_text(action: Action) -> str:
    """An action's wire JSON text, as :func:`raise_the_sum.wire.dumps` writes it, encoded once.

    >>> from raise_the_sum import Pass
    >>> action_text(Pass())
    '{"type":"pass"}'
    """
    entry = _BY_ID.get(id(action))
    if entry is not None:
        return entry[1]
    cards = getattr(action, "cards", None)
    key = type(action) if cards is None else (type(action), tuple([c.index for c in cards]))
    text = _ACTION_TEXTS.get(key)
    if text is None:
        text = _text(wire.encode(action))
        if len(_ACTION_TEXTS) >= _MAX_TEXTS:
            _ACTION_TEXTS.clear()
        _ACTION_TEXTS[key] = text
    return text


def actions_text(actions: Sequence[Action]) -> str:
    """The actions' texts (:func:`action_text`) joined by commas: the items of a JSON list.

    >>> from raise_the_sum import Pass, parse_cards, Play
    >>> actions_text((Play(parse_cards("+2 x2")), Pass()))
    '{"type":"play","cards":["+2","x2"]},{"type":"pass"}'
    """
    entries = list(map(_BY_ID.get, map(id, actions)))  # in C: the actions met before
    if None in entries:
        entries = [
            _kept(action) if entry is None else entry
            for action, entry in zip(actions, entries, strict=True)
        ]
    return ",".join(map(_TEXT_OF_ENTRY, entries))  # type: ignore[arg-type]  # no None left


def _kept(action: Action) -> tuple[Action, str]:
    """``(action, its text)``, kept in :data:`_BY_ID` by the action's id."""
    entry = (action, action_text(action))
    if len(_BY_ID) >= _MAX_TEXTS:
        _BY_ID.clear()
    _BY_ID[id(action)] = entry
    return entry
