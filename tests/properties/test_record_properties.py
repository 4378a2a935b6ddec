"""Properties of match records: replay, the text notation's round trip, and fuzzing the reader.

Over random seeded matches of 2 to 4 players, standard and variant rules,
shuffled and stacked decks (:func:`match_records`):

* ``replay`` gives ``len(actions) + 1`` states, and each is ``apply`` of the
  one before (the first is ``new_game``);
* ``MatchRecord.from_text(r.to_text()) == r``, comments and blank lines
  anywhere change nothing, and equal records have equal text and hashes;
* whatever text ``from_text`` is given, random or a mutated record, it
  returns a legal record or raises :class:`RecordError` with a line and a
  column inside the text; nothing else escapes.
"""

from __future__ import annotations

import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

from raise_the_sum import MatchRecord, RecordError, apply, new_game, wire
from raise_the_sum.records import Tags

from .record_strategies import match_records

records = match_records()


@given(records)
def test_replay_gives_one_state_per_action_each_the_apply_of_the_one_before(
    record: MatchRecord,
) -> None:
    states = record.replay()
    assert len(states) == len(record.actions) + 1
    assert states[0] == new_game(record.rules, seed=record.seed, deck=record.deck)
    for before, action, after in zip(states, record.actions, states[1:], strict=False):
        assert apply(before, action) == after


@given(records)
def test_the_text_notation_round_trips_exactly(record: MatchRecord) -> None:
    text = record.to_text()
    again = MatchRecord.from_text(text)
    assert again == record
    assert hash(again) == hash(record)
    assert again.to_text() == text
    assert list(again.tags.items()) == list(record.tags.items())


@given(records, st.data())
def test_comments_blank_lines_and_spacing_change_nothing(
    record: MatchRecord, data: st.DataObject
) -> None:
    lines = record.to_text().splitlines()
    noisy = []
    for line in lines:
        if data.draw(st.booleans(), label="comment before"):
            noisy.append(data.draw(st.sampled_from(["{a comment}", "; a note", "", "  \t"])))
        indent = data.draw(st.sampled_from(["", "  ", "\t"]))
        tail = data.draw(st.sampled_from(["", " ", " {x ; y}", " ; {z", "\r"]))
        noisy.append(indent + line + tail)
    noisy.insert(data.draw(st.integers(0, len(noisy))), '{a comment\nover lines [Seed "3"]}')
    assert MatchRecord.from_text("\n".join(noisy)) == record


@given(records)
def test_records_are_hashable_and_survive_pickle(record: MatchRecord) -> None:
    copy = pickle.loads(pickle.dumps(record))
    assert copy == record and hash(copy) == hash(record)
    assert isinstance(copy.tags, Tags)


def _check_reader(text: str) -> None:
    """``from_text(text)``: a legal record that round-trips, or a RecordError placed in the text."""
    try:
        record = MatchRecord.from_text(text)
    except RecordError as error:
        assert error.line is not None and error.column is not None
        lines = text.split("\n")
        assert 1 <= error.line <= len(lines), (error, len(lines))
        assert 1 <= error.column <= len(lines[error.line - 1]) + 1, error
        assert str(error).startswith(f"line {error.line}, column {error.column}: ")
        return
    assert MatchRecord.from_text(record.to_text()) == record
    record.replay()


_SIGNIFICANT = [*'[]{}";:.*\\ \t\n\r0123456789+-x/', "Round ", "pass", "play ", "winner: "]


@settings(max_examples=300)
@given(st.text(max_size=300) | st.lists(st.sampled_from(_SIGNIFICANT)).map("".join))
def test_fuzzing_from_text_with_random_text_raises_only_record_error(text: str) -> None:
    _check_reader(text)


@st.composite
def mutated_records(draw: st.DrawFn) -> str:
    """A record's text with a few random edits: characters and lines removed, added, swapped."""
    text = draw(match_records(max_actions=40)).to_text()
    for _ in range(draw(st.integers(1, 4))):
        lines = text.split("\n")
        edit = draw(
            st.sampled_from(
                ["delete", "insert", "replace", "drop line", "copy line", "swap lines", "cut"]
            )
        )
        at = draw(st.integers(0, max(len(text) - 1, 0)))
        row = draw(st.integers(0, len(lines) - 1))
        other = draw(st.integers(0, len(lines) - 1))
        piece = draw(st.sampled_from(_SIGNIFICANT) | st.text(max_size=3))
        if edit == "delete":
            text = text[:at] + text[at + 1 :]
        elif edit == "insert":
            text = text[:at] + piece + text[at:]
        elif edit == "replace":
            text = text[:at] + piece + text[at + 1 :]
        elif edit == "drop line":
            text = "\n".join(lines[:row] + lines[row + 1 :])
        elif edit == "copy line":
            text = "\n".join([*lines[: row + 1], lines[other], *lines[row + 1 :]])
        elif edit == "swap lines":
            lines[row], lines[other] = lines[other], lines[row]
            text = "\n".join(lines)
        else:
            text = text[:at]
    return text


@settings(max_examples=300)
@given(mutated_records())
def test_fuzzing_from_text_with_mutated_records_raises_only_record_error(text: str) -> None:
    _check_reader(text)


@given(records)
def test_records_round_trip_through_the_wire_format(record: MatchRecord) -> None:
    assert wire.decode(MatchRecord, wire.encode(record)) == record
    assert wire.loads(MatchRecord, wire.dumps(record)) == record
