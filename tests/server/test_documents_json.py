"""The server's JSON: orjson's bytes are the standard library's compact JSON, byte for byte."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from raise_the_sum import Pass, Play, legal_plays, new_game, parse_cards, wire
from raise_the_sum.events import Passed
from raise_the_sum.server import documents
from raise_the_sum.server.documents import dumps

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@given(_JSON)
def test_dumps_writes_the_standard_library_s_compact_utf8_json_for_any_json_value(
    value: Any,
) -> None:
    expected = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode(
        "utf-8", "surrogatepass"
    )
    assert dumps(value) == expected


def test_the_texts_of_actions_are_the_wire_json_of_each_whether_met_before_or_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # actions_text finds actions met before by their id (documents._BY_ID), which holds
    # each action so that its id cannot go to another object; equal actions that are
    # distinct objects, and the table emptied when full, give the same texts.
    monkeypatch.setattr(documents, "_MAX_TEXTS", 5)
    documents._BY_ID.clear()
    state = new_game(seed=11)
    legal = legal_plays(state)
    plays = [action for action in legal if isinstance(action, Play)]
    assert len(plays) == len(legal) > 5  # an opening: plays only
    copies = tuple(Play(parse_cards(" ".join(map(str, play.cards)))) for play in plays)
    expected = ",".join(wire.dumps(action) for action in legal)
    for actions in (legal, legal, copies, (*legal[:3], Pass()), (Pass(), Pass())):
        assert documents.actions_text(actions) == ",".join(wire.dumps(action) for action in actions)
        assert len(documents._BY_ID) <= 5
        for action, text in documents._BY_ID.values():
            assert documents._BY_ID[id(action)] == (action, text)
            assert text == wire.dumps(action)
    assert documents.actions_text(legal) == expected
    assert documents.actions_text(()) == ""
    # An action met alone (as the server writes each committed step) is not kept by id.
    alone = Play(parse_cards("+1 +2"))
    assert documents.action_text(alone) == wire.dumps(alone)
    assert id(alone) not in documents._BY_ID


def test_a_document_joins_its_event_pieces_and_leaves_out_the_empty_ones() -> None:
    # A piece is what one seat may know of one version's events; it is empty when the seat
    # saw nothing of that version. Empty pieces must not leave empty items (",,") in the list.
    state = new_game(seed=11)
    pieces = [documents.seat_events((Passed(1),), 0), documents.seat_events((Passed(2),), 0)]
    for events in (pieces, ["", *pieces], [pieces[0], "", "", pieces[1], ""], ["", ""]):
        answer = documents.seat_document(
            table="t",
            version=2,
            state=state,
            events=events,
            seat=0,
            seats=["human", "riley", "sam", "alex"],
            tutorial=False,
        )
        written = json.loads(answer)
        expected = [{"type": "passed", "seat": seat} for seat in (1, 2)] if any(events) else []
        assert written["events"] == expected
        assert answer == dumps(written)
