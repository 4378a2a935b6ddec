"""The pure parts of who is at a table: names, the roster, the stand-in of a forfeited seat."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from raise_the_sum import Discard, Pass, Phase, Rng, apply, legal_plays, new_game, observe
from raise_the_sum.server.errors import ProtocolError
from raise_the_sum.server.presence import (
    FORFEIT,
    HAND_OVER,
    MAX_NAME,
    STAND_IN,
    Roster,
    StandIn,
    check_name,
    timeout_kind,
)


@given(st.text(max_size=40))
def test_a_name_is_refused_naming_name_or_comes_back_nfc_short_and_printable(text: str) -> None:
    try:
        name = check_name(text)
    except ProtocolError as error:
        assert error.status == 400 and error.body["path"] == "/name"
        return
    assert name == unicodedata.normalize("NFC", text)
    assert 1 <= len(name) <= MAX_NAME and name == name.strip() and "  " not in name
    assert all(unicodedata.category(c)[0] not in "CSZ" or c == " " for c in name)


@given(st.text(alphabet=st.characters(categories=["L", "Nd"]), min_size=1, max_size=MAX_NAME))
def test_a_name_of_letters_and_digits_is_taken_as_its_nfc_form(text: str) -> None:
    nfc = unicodedata.normalize("NFC", text)
    if len(nfc) <= MAX_NAME and unicodedata.category(nfc[0])[0] != "M":
        assert check_name(text) == nfc


@given(
    st.dictionaries(st.integers(0, 3), st.text(min_size=1, max_size=5)),
    st.dictionaries(st.integers(0, 3), st.sampled_from([HAND_OVER, FORFEIT])),
)
def test_a_roster_reads_back_as_it_was_written(names: dict[int, str], left: dict[int, str]) -> None:
    roster = Roster(names=names)
    for seat, then in left.items():
        roster = roster.leaving(seat, then, STAND_IN if then == FORFEIT else "sam", seat)
    assert Roster.parse(roster.text()) == roster
    assert Roster.parse("{}") == Roster()


def test_a_roster_whose_left_seat_has_no_player_does_not_load() -> None:
    with pytest.raises(ValueError, match="seat 1"):
        Roster.parse('{"left":{"1":"forfeit"}}')


def test_R4_15_the_stand_in_of_a_forfeited_seat_passes_when_it_may_and_discards_the_lowest() -> (
    None
):
    state = new_game(seed=7)
    rng = Rng.from_seed(1)
    action, back = StandIn().choose(observe(state, 0), legal_plays(state), rng)
    assert back == rng and timeout_kind(action) == "play"
    state = apply(state, action)
    action, _ = StandIn().choose(observe(state, 1), legal_plays(state), rng)
    assert action == Pass() and timeout_kind(action) == "pass"
    state = apply(state, action)
    assert state.phase is Phase.DISCARD
    action, _ = StandIn().choose(observe(state, 1), legal_plays(state), rng)
    assert isinstance(action, Discard) and timeout_kind(action) == "discard"
    assert list(action.cards) == sorted(state.hands[1])[: len(action.cards)]
