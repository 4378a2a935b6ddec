"""The wire format's writer: each type's JSON shape, as a function of the value.

:data:`ENCODERS` maps each type to the function that writes its JSON value;
``wire.encode`` looks the type up there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any, Final, TypeAlias, cast

import attrs

from raise_the_sum._memo import IdentityMemo
from raise_the_sum.actions import Action, Discard, IllegalAction, NextRound, Pass, Play
from raise_the_sum.cards import Card
from raise_the_sum.events import (
    Discarded,
    Drew,
    Event,
    MatchWon,
    MustDiscard,
    Passed,
    Played,
    Reshuffled,
    RoundStarted,
    RoundWon,
)
from raise_the_sum.records import MatchRecord
from raise_the_sum.rules import Rules
from raise_the_sum.scoring import Attack, Explanation, Step
from raise_the_sum.state import GameState
from raise_the_sum.verdicts import Verdict
from raise_the_sum.views import PlayerView
from raise_the_sum.wire._errors import WireError
from raise_the_sum.wire._format import (
    CARD_TEXT,
    FORMAT_VERSION,
    JSON,
    PHASE_NAME,
    RECORD_FORMAT,
    STATE_FORMAT,
    VIEW_FORMAT,
)

__all__ = ["ENCODERS", "Encodable", "attack_object", "cannot_encode"]

_text_of: Final = CARD_TEXT.__getitem__
_index_of: Final = attrgetter("index")


def _cards(cards: Iterable[Card]) -> list[JSON]:
    """A multiset of cards: written in card order (rule R1.4)."""
    return list(map(_text_of, sorted(map(_index_of, cards))))


def _pile(cards: Iterable[Card]) -> list[JSON]:
    """A pile of cards: written in its own order (also a multiset already sorted)."""
    return list(map(_text_of, map(_index_of, cards)))


def attack_object(attack: Attack) -> dict[str, JSON]:
    """An attack's JSON object."""
    return {"subtract": attack.subtract, "divide": attack.divide}


# Rules are encoded often (in every view and state) and rarely differ: keep the
# last few encodings, keyed by the object itself.
_BY_RULES: Final[IdentityMemo[Rules, dict[str, JSON]]] = IdentityMemo(8)


def _rules(rules: Rules) -> dict[str, JSON]:
    encoded = _BY_RULES.get(rules)
    if encoded is None:
        encoded = {**attrs.asdict(rules, recurse=False), "deck": _cards(rules.deck)}
        _BY_RULES.put(rules, encoded)
    out = encoded.copy()
    out["deck"] = list(cast(list[JSON], encoded["deck"]))
    return out


# Play and Discard keep their cards sorted (their converter sorts them), so the
# hot path of a view's legal actions writes them as they are.
def _play(action: Play) -> dict[str, JSON]:
    return {"type": "play", "cards": _pile(action.cards)}


def _pass(action: Pass) -> dict[str, JSON]:
    return {"type": "pass"}


def _discard(action: Discard) -> dict[str, JSON]:
    return {"type": "discard", "cards": _pile(action.cards)}


def _next_round(action: NextRound) -> dict[str, JSON]:
    return {"type": "next_round"}


def _state(state: GameState) -> dict[str, JSON]:
    return {
        "format": STATE_FORMAT,
        "version": FORMAT_VERSION,
        "rules": _rules(state.rules),
        "seed": str(state.seed),
        "rng": str(state.rng.state),
        "phase": PHASE_NAME[state.phase],
        "current": state.current,
        "hands": [_cards(hand) for hand in state.hands],
        "points": list(state.points),
        "to_beat": state.to_beat,
        "standing": _cards(state.standing),
        "standing_seat": state.standing_seat,
        "passed": list(sorted(state.passed)),  # noqa: C413 (list() types it as JSON)
        "deck": _pile(state.deck),
        "discard": _pile(state.discard),
    }


def _view(view: PlayerView) -> dict[str, JSON]:
    return {
        "format": VIEW_FORMAT,
        "version": FORMAT_VERSION,
        "rules": _rules(view.rules),
        "seat": view.seat,
        "phase": PHASE_NAME[view.phase],
        "current": view.current,
        "hand": _cards(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "to_beat": view.to_beat,
        "attack": attack_object(view.attack),
        "standing": _cards(view.standing),
        "standing_seat": view.standing_seat,
        "passed": list(sorted(view.passed)),  # noqa: C413 (list() types it as JSON)
        "points": list(view.points),
        "deck_size": view.deck_size,
        "discard": _pile(view.discard),
        "players": view.players,
        "active": list(view.active),
    }


def _step(step: Step) -> dict[str, JSON]:
    return {"rule": step.rule, "text": step.text, "value": step.value}


def _explanation(e: Explanation) -> dict[str, JSON]:
    return {
        "cards": _cards(e.cards),
        "incoming": attack_object(e.incoming),
        "cancelled": e.cancelled,
        "adds": list(e.adds),
        "subtract": e.subtract,
        "multipliers": list(e.multipliers),
        "divide": e.divide,
        "total": e.total,
        "outgoing": attack_object(e.outgoing),
        "steps": [_step(step) for step in e.steps],
    }


def _verdict(v: Verdict) -> dict[str, JSON]:
    return {
        "action": _nested(v.action),
        "legal": v.legal,
        "rule": v.rule,
        "reason": v.reason,
        "total": v.total,
        "explanation": None if v.explanation is None else _explanation(v.explanation),
        "to_beat": v.to_beat,
    }


def _record(r: MatchRecord) -> dict[str, JSON]:
    return {
        "format": RECORD_FORMAT,
        "version": FORMAT_VERSION,
        "rules": _rules(r.rules),
        "seed": str(r.seed),
        "deck": None if r.deck is None else _pile(r.deck),
        "actions": [_nested(action) for action in r.actions],
        "tags": {key: r.tags[key] for key in sorted(r.tags)},
    }


def _illegal(error: IllegalAction) -> dict[str, JSON]:
    return {"error": "illegal_action", "rule": error.rule, "message": error.reason}


def _wire_error(error: WireError) -> dict[str, JSON]:
    return {"error": "bad_input", "path": error.path, "message": error.reason}


ENCODERS: Final[dict[type, Callable[[Any], JSON]]] = {
    Card: lambda card: CARD_TEXT[card.index],
    Attack: attack_object,
    Rules: _rules,
    Play: _play,
    Pass: _pass,
    Discard: _discard,
    NextRound: _next_round,
    GameState: _state,
    PlayerView: _view,
    Step: _step,
    Explanation: _explanation,
    Verdict: _verdict,
    MatchRecord: _record,
    IllegalAction: _illegal,
    WireError: _wire_error,
    Played: lambda e: {
        "type": "played",
        "seat": e.seat,
        "cards": _cards(e.cards),
        "total": e.total,
        "faced": attack_object(e.faced),
        "beat": e.beat,
    },
    Passed: lambda e: {"type": "passed", "seat": e.seat},
    MustDiscard: lambda e: {"type": "must_discard", "seat": e.seat, "count": e.count},
    Discarded: lambda e: {"type": "discarded", "seat": e.seat, "cards": _cards(e.cards)},
    RoundWon: lambda e: {"type": "round_won", "seat": e.seat, "points": e.points},
    MatchWon: lambda e: {"type": "match_won", "seat": e.seat, "points": e.points},
    RoundStarted: lambda e: {"type": "round_started", "seat": e.seat},
    Reshuffled: lambda e: {"type": "reshuffled", "size": e.size},
    Drew: lambda e: {
        "type": "drew",
        "seat": e.seat,
        "card": None if e.card is None else CARD_TEXT[e.card.index],
    },
}


#: The types :func:`encode` writes as a JSON object.
Encodable: TypeAlias = (
    Attack
    | Rules
    | Action
    | GameState
    | PlayerView
    | Step
    | Explanation
    | Verdict
    | MatchRecord
    | IllegalAction
    | WireError
    | Event
)


def cannot_encode(obj: object) -> str:
    """The message for a value of a type the format does not cover."""
    return f"encode: cannot encode a {type(obj).__name__}: {obj!r:.80}"


def _nested(obj: object) -> JSON:
    """A value inside another (a verdict's action, a record's actions), by its type."""
    encoder = ENCODERS.get(type(obj))
    if encoder is None:
        raise TypeError(cannot_encode(obj))
    return encoder(obj)
