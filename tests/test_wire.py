"""The wire format's pinned shapes (format version 1), and its refusals.

Every shape here is a literal: the tests fail if a key, a name or an order
changes. The property tests (round trips over random matches, fuzzing) are
in ``tests/properties/test_wire_properties.py``.
"""

from __future__ import annotations

import json
from types import MappingProxyType
from typing import Any, assert_type

import attrs
import pytest

from properties.wire_schemas import assert_valid
from raise_the_sum import (
    STANDARD_DECK,
    Action,
    Attack,
    Card,
    Discard,
    GameState,
    IllegalAction,
    NextRound,
    Pass,
    Phase,
    Play,
    PlayerView,
    Rules,
    Verdict,
    apply,
    check,
    explain,
    new_game,
    observe,
    parse_cards,
)
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
from raise_the_sum.wire import (
    MAX_DEPTH,
    MAX_INT,
    WireError,
    decode,
    dumps,
    encode,
    loads,
    read_json,
)


def doc(obj: object) -> dict[str, Any]:
    """``encode(obj)``, which must be an object."""
    document = encode(obj)
    assert isinstance(document, dict)
    return document


def refused(cls: Any, value: object) -> WireError:
    """The WireError that decoding ``value`` as ``cls`` raises."""
    with pytest.raises(WireError) as caught:
        decode(cls, value)
    return caught.value


# -- cards, attacks, actions ----------------------------------------------------------------


def test_a_card_is_its_notation_string() -> None:
    assert [encode(card) for card in parse_cards("+8 x2 -3 /2 0")] == ["+8", "x2", "-3", "/2", "0"]
    assert decode(Card, "×2") == Card.parse("x2")  # every notation parse_cards accepts (R1.6)
    assert decode(Card, "−3") == Card.parse("-3")


def test_a_bad_card_says_what_was_expected_citing_R1_6() -> None:
    error = refused(Card, "x4")
    assert error.path == ""
    assert error.reason == "expected a card: a Multiply card's value is 2 or 3 (rule R1.6)"
    assert refused(Card, 8).reason == 'expected a card (a string such as "+8"), got 8'


def test_an_attack_is_subtract_and_divide() -> None:
    assert encode(Attack(subtract=2, divide=3)) == {"subtract": 2, "divide": 3}
    assert decode(Attack, {"subtract": 2, "divide": 3}) == Attack(2, 3)
    assert refused(Attack, {"subtract": 2}).reason == "an attack is missing its field 'divide'"
    assert refused(Attack, {"subtract": 0, "divide": 0}).path == "/divide"
    assert refused(Attack, {"subtract": True, "divide": 1}).path == "/subtract"


def test_the_four_actions_by_their_type() -> None:
    play = Play(parse_cards("x2 +8 +4"))
    assert encode(play) == {"type": "play", "cards": ["+4", "+8", "x2"]}  # card order (R1.4)
    assert encode(Pass()) == {"type": "pass"}
    assert encode(Discard(parse_cards("-3"))) == {"type": "discard", "cards": ["-3"]}
    assert encode(NextRound()) == {"type": "next_round"}
    assert decode(Action, {"type": "play", "cards": ["x2", "+8", "+4"]}) == play
    assert decode(Action, {"type": "pass"}) == Pass()
    assert decode(Action, {"type": "discard", "cards": ["-3"]}) == Discard(parse_cards("-3"))
    assert decode(Action, {"type": "next_round"}) == NextRound()
    assert decode(Play, {"type": "play", "cards": ["+8"]}) == Play(parse_cards("+8"))


def test_a_bad_action_is_refused_at_its_place() -> None:
    error = refused(Action, {"type": "play", "cards": ["+8", "x4"]})
    assert (error.path, error.reason) == (
        "/cards/1",
        "expected a card: a Multiply card's value is 2 or 3 (rule R1.6)",
    )
    error = refused(Action, {"type": "fold"})
    assert error.path == "/type"
    assert "'play', 'pass', 'discard', 'next_round'" in error.reason
    assert refused(Action, {"cards": []}).reason == "an action is missing its field 'type'"
    assert refused(Action, ["pass"]).reason.startswith("expected an action")
    assert refused(Pass, {"type": "play", "cards": []}).path == "/cards"
    assert refused(Play, {"type": "pass"}).reason == "a play is missing its field 'cards'"
    assert refused(Play, {"type": "discard", "cards": []}).path == "/type"


def test_unknown_fields_are_refused_with_their_pointer_escaped() -> None:
    error = refused(Action, {"type": "pass", "a/b~c": 1})
    assert error.path == "/a~1b~0c"
    assert error.reason.startswith("unknown field 'a/b~c' in a pass")


def test_keys_must_be_strings() -> None:
    error = refused(Attack, {1: 2, "subtract": 0, "divide": 1})
    assert error.path == ""
    assert "keys are strings" in error.reason


# -- rules ----------------------------------------------------------------------------------


def test_rules_have_every_field_with_the_deck_in_card_order() -> None:
    rules = Rules(
        players=2,
        hand_size=1,
        hand_limit=1,
        max_play=2,
        deck=parse_cards("+9 +1 x2 +3 +4 +5 +6 +7 +8 +2"),
    )
    assert encode(rules) == {
        "players": 2,
        "hand_size": 1,
        "hand_limit": 1,
        "min_play": 1,
        "max_play": 2,
        "points_to_win": 5,
        "first_player": 0,
        "deck": ["+1", "+2", "+3", "+4", "+5", "+6", "+7", "+8", "+9", "x2"],
    }
    assert len(doc(Rules())["deck"]) == 62


def test_rules_fill_missing_fields_with_defaults_and_refuse_unknown_ones() -> None:
    assert decode(Rules, {}) == Rules()
    assert decode(Rules, {"players": 2, "points_to_win": 3}) == Rules(players=2, points_to_win=3)
    assert decode(Rules, {"deck": [str(card) for card in reversed(STANDARD_DECK)]}) == Rules()
    error = refused(Rules, {"players": 2, "colour": "blue"})
    assert error.path == "/colour"


def test_rules_refusals_name_the_field_and_the_rule() -> None:
    error = refused(Rules, {"players": 5})
    assert (error.path, error.reason) == ("/players", "2 to 4 players, got 5 (rule R3.1)")
    assert refused(Rules, {"players": 2, "first_player": 2}).path == "/first_player"
    error = refused(Rules, {"deck": ["+1"] * 5})
    assert error.path == "/deck"
    assert error.reason.endswith("(rule R3.6)")
    assert refused(Rules, {"players": 2.0}).reason == "expected an integer, got the number 2.0"
    assert refused(Rules, {"players": True}).reason == "expected an integer, got true"
    assert (
        refused(Rules, {"hand_size": 2**80}).reason
        == "expected an integer from 0, got an integer of 81 bits"
    )
    assert refused(Rules, {"hand_size": MAX_INT + 1}).path == "/hand_size"


# -- state and view -------------------------------------------------------------------------


def small_rules() -> Rules:
    return Rules(
        players=2,
        hand_size=2,
        hand_limit=2,
        max_play=2,
        deck=parse_cards("+1 +2 +3 +4 +5 +6 +7 +8 x2 -3"),
    )


def small_game() -> GameState:
    return new_game(
        small_rules(), seed=2**64 + 5, deck=parse_cards("+8 +2 -3 +5 x2 +1 +3 +4 +6 +7")
    )


SMALL_RULES = {
    "players": 2,
    "hand_size": 2,
    "hand_limit": 2,
    "min_play": 1,
    "max_play": 2,
    "points_to_win": 5,
    "first_player": 0,
    "deck": ["+1", "+2", "+3", "+4", "+5", "+6", "+7", "+8", "x2", "-3"],
}


def test_a_state_is_pinned_with_seed_and_rng_as_decimal_strings() -> None:
    state = apply(small_game(), Play(parse_cards("+8 x2")))
    assert encode(state) == {
        "format": "raise-the-sum/state",
        "version": 1,
        "rules": SMALL_RULES,
        "seed": "18446744073709551621",
        "rng": "5",
        "phase": "play",
        "current": 1,
        "hands": [["-3"], ["+1", "+2", "+5"]],
        "points": [0, 0],
        "to_beat": 16,
        "standing": ["+8", "x2"],
        "standing_seat": 0,
        "passed": [],
        "deck": ["+3", "+4", "+6", "+7"],
        "discard": [],
    }
    assert list(doc(state)) == [
        "format",
        "version",
        "rules",
        "seed",
        "rng",
        "phase",
        "current",
        "hands",
        "points",
        "to_beat",
        "standing",
        "standing_seat",
        "passed",
        "deck",
        "discard",
    ]
    assert decode(GameState, encode(state)) == state


def test_a_view_has_no_hands_deck_seed_or_rng() -> None:
    state = apply(small_game(), Play(parse_cards("+8 -3")))
    assert encode(observe(state, 1)) == {
        "format": "raise-the-sum/view",
        "version": 1,
        "rules": SMALL_RULES,
        "seat": 1,
        "phase": "play",
        "current": 1,
        "hand": ["+1", "+2", "+5"],
        "hand_sizes": [1, 3],
        "to_beat": 8,
        "attack": {"subtract": 3, "divide": 1},
        "standing": ["+8", "-3"],
        "standing_seat": 0,
        "passed": [],
        "points": [0, 0],
        "deck_size": 4,
        "discard": [],
        "players": 2,
        "active": [0, 1],
    }
    assert decode(PlayerView, encode(observe(state, 0))) == observe(state, 0)


def test_every_phase_has_its_pinned_name() -> None:
    states = [small_game()]
    states.append(apply(states[-1], Play(parse_cards("+8"))))
    states.append(apply(states[-1], Pass()))  # seat 1 passes above the hand limit
    states.append(apply(states[-1], Discard(parse_cards("+1"))))
    states.append(attrs.evolve(states[-1], phase=Phase.MATCH_OVER, points=(5, 0)))
    names = [doc(state)["phase"] for state in states]
    assert names == ["play", "play", "discard", "round_over", "match_over"]
    assert [state.phase for state in states[2:]] == [
        Phase.DISCARD,
        Phase.ROUND_OVER,
        Phase.MATCH_OVER,
    ]
    for state in states:
        assert decode(GameState, encode(state)) == state


def test_a_newer_format_version_is_refused() -> None:
    document = encode(small_game())
    assert isinstance(document, dict)
    error = refused(GameState, {**document, "version": 2})
    assert error.path == "/version"
    assert "reads up to version 1" in error.reason
    assert refused(GameState, {**document, "format": "raise-the-sum/view"}).path == "/format"
    assert refused(GameState, {**document, "seed": 5}).path == "/seed"
    assert refused(GameState, {**document, "seed": "05"}).path == "/seed"
    assert refused(GameState, {**document, "rng": str(2**64)}).path == "/rng"
    assert decode(GameState, {**document, "seed": "-12"}).seed == -12


# -- tampered states (four by hand, and one per check of validate) ------------------------


def tampered(**fields: object) -> dict[str, Any]:
    document = encode(apply(small_game(), Play(parse_cards("+8 x2"))))
    assert isinstance(document, dict)
    return {**document, **fields}


def test_a_state_with_an_extra_card_is_refused_citing_R6_2() -> None:
    error = refused(GameState, tampered(deck=["+3", "+4", "+6", "+7", "0"]))
    assert error.path == ""
    assert error.reason.endswith("extra 0 (rule R6.2)")


def test_a_state_with_a_missing_card_is_refused_citing_R6_2() -> None:
    error = refused(GameState, tampered(deck=["+3", "+4", "+6"]))
    assert error.reason.endswith("missing +7 (rule R6.2)")


def test_a_passed_seat_to_act_in_the_play_phase_is_refused() -> None:
    error = refused(GameState, tampered(passed=[1]))
    assert (error.path, error.reason) == (
        "/current",
        "seat 1 has passed and cannot act this round (rule R4.9)",
    )


def a_view(**fields: object) -> dict[str, Any]:
    """Seat 1's view after seat 0 opened +8 -3 in the small game, with ``fields`` replaced."""
    return {**doc(observe(apply(small_game(), Play(parse_cards("+8 -3"))), 1)), **fields}


@pytest.mark.parametrize("passed", [[1, 1], [0, 0], [1, 0]])
def test_passed_seats_that_repeat_or_are_out_of_order_are_refused(passed: list[int]) -> None:
    documents = [(GameState, tampered(passed=passed)), (PlayerView, a_view(passed=passed))]
    for cls, document in documents:
        error = refused(cls, document)
        assert (error.path, error.reason) == (
            "/passed",
            f"expected a sorted list of distinct seats, got {passed}",
        )


def test_a_view_whose_own_hand_size_is_not_its_hand_is_refused_at_that_size() -> None:
    error = refused(PlayerView, a_view(hand_sizes=[1, 2]))
    assert (error.path, error.rule) == ("/hand_sizes/1", "R6.2")
    assert error.reason == "the seat's own hand holds 3 cards, not 2 (rule R6.2)"


def test_a_view_whose_attack_is_not_its_standing_plays_is_refused_citing_R4_11() -> None:
    for attack in ({"subtract": 0, "divide": 1}, {"subtract": 3, "divide": 2}):
        error = refused(PlayerView, a_view(attack=attack))
        assert (error.path, error.rule) == ("/attack", "R4.11")
        assert error.reason.startswith("the attack is the standing play's: ")
    assert decode(PlayerView, a_view(attack={"subtract": 3, "divide": 1})).attack == Attack(3, 1)


def test_a_view_holding_cards_its_deck_has_not_is_refused_even_when_the_count_adds_up() -> None:
    # The standing play holds the deck's only +8; one more in the discard pile, with one card
    # fewer in the deck, keeps the total at 10: only the check of which cards catches it.
    error = refused(PlayerView, a_view(discard=["+8"], deck_size=3))
    assert (error.path, error.rule) == ("", "R6.2")
    assert error.reason.endswith("extra +8 (rule R6.2)")
    error = refused(PlayerView, a_view(deck_size=5))
    assert (error.path, error.rule) == ("/deck_size", "R6.2")


def test_a_view_whose_piles_and_hands_hold_fewer_cards_than_its_deck_is_refused() -> None:
    # One card fewer in the deck than the rules' deck leaves: a card has gone missing.
    shown = a_view()
    error = refused(PlayerView, a_view(deck_size=shown["deck_size"] - 1))
    assert (error.path, error.rule) == ("/deck_size", "R6.2")
    assert error.reason.startswith("the hands, the deck, the standing play and the discard pile")


def test_a_seat_out_of_range_is_refused() -> None:
    assert refused(GameState, tampered(current=2)).reason == "a seat from 0 to 1, got 2 (rule R3.1)"
    assert refused(GameState, tampered(standing_seat=7)).path == "/standing_seat"
    assert refused(GameState, tampered(current=-1)).path == "/current"


def test_a_phase_that_does_not_exist_is_refused() -> None:
    error = refused(GameState, tampered(phase="round over"))
    assert error.path == "/phase"
    assert error.reason == (
        "expected a phase: one of 'play', 'discard', 'round_over', 'match_over'; "
        "got the string 'round over'"
    )


# -- verdicts, explanations, events, records, errors ---------------------------------------


def test_an_illegal_action_is_the_reason_without_the_rule() -> None:
    error = IllegalAction("R4.4", "a reply must beat 12; this play totals 12")
    assert encode(error) == {
        "error": "illegal_action",
        "rule": "R4.4",
        "message": "a reply must beat 12; this play totals 12",
    }
    assert dumps(error) == (
        '{"error":"illegal_action","rule":"R4.4",'
        '"message":"a reply must beat 12; this play totals 12"}'
    )
    back = decode(IllegalAction, encode(error))
    assert (back.rule, back.reason) == (error.rule, error.reason)


def test_a_wire_error_is_bad_input_with_its_path() -> None:
    with pytest.raises(WireError) as caught:
        loads(Action, '{"type": "play", "cards": ["+8", 5]}')
    assert encode(caught.value) == {
        "error": "bad_input",
        "path": "/cards/1",
        "message": 'expected a card (a string such as "+8"), got 5',
    }
    back = decode(WireError, encode(caught.value))
    assert (back.path, back.reason) == (caught.value.path, caught.value.reason)
    assert (
        refused(WireError, {"error": "bad_input", "path": "cards", "message": "x"}).path == "/path"
    )


def test_a_verdict_and_its_explanation() -> None:
    state = apply(new_game(seed=7), Play(parse_cards("+7 +6 -5")))
    verdict = check(state, Play(parse_cards("+8 +8 +1")))
    assert encode(verdict) == {
        "action": {"type": "play", "cards": ["+1", "+8", "+8"]},
        "legal": False,
        "rule": "R4.4",
        "reason": "a reply must beat 13; this play totals 12",
        "total": 12,
        "explanation": {
            "cards": ["+1", "+8", "+8"],
            "incoming": {"subtract": 5, "divide": 1},
            "cancelled": False,
            "adds": [8, 8, 1],
            "subtract": 5,
            "multipliers": [],
            "divide": 1,
            "total": 12,
            "outgoing": {"subtract": 0, "divide": 1},
            "steps": [
                {"rule": "R2.1", "text": "blue cards: 8 + 8 + 1 = 17", "value": 17},
                {"rule": "R2.3", "text": "incoming subtraction: 17 − 5 = 12", "value": 12},
            ],
        },
        "to_beat": 13,
    }
    assert decode(Verdict, encode(verdict)) == verdict
    legal = check(state, Pass())
    assert encode(legal) == {
        "action": {"type": "pass"},
        "legal": True,
        "rule": None,
        "reason": None,
        "total": None,
        "explanation": None,
        "to_beat": None,
    }


def test_an_explanation_whose_numbers_do_not_follow_from_its_cards_is_refused() -> None:
    document = encode(explain(parse_cards("+8 +4 x2"), Attack(2, 3)))
    assert isinstance(document, dict)
    error = refused(type(explain(())), {**document, "total": 7})
    assert error.path == "/total"
    assert "is 6, not 7" in error.reason


def test_a_verdict_must_be_consistent() -> None:
    document = encode(check(apply(new_game(seed=7), Play(parse_cards("+7 +6 -5"))), Pass()))
    assert isinstance(document, dict)
    assert (
        refused(Verdict, {**document, "rule": "R4.3"}).reason
        == "a legal verdict has a null rule and reason"
    )
    assert (
        refused(Verdict, {**document, "legal": False}).reason
        == "an illegal verdict has a rule and a reason"
    )


EVENTS: list[tuple[Event, dict[str, object]]] = [
    (
        Played(1, parse_cards("+4 +8 x2"), 6, Attack(2, 3), 5),
        {
            "type": "played",
            "seat": 1,
            "cards": ["+4", "+8", "x2"],
            "total": 6,
            "faced": {"subtract": 2, "divide": 3},
            "beat": 5,
        },
    ),
    (
        Played(0, parse_cards("+3"), 3, Attack(), None),
        {
            "type": "played",
            "seat": 0,
            "cards": ["+3"],
            "total": 3,
            "faced": {"subtract": 0, "divide": 1},
            "beat": None,
        },
    ),
    (Passed(2), {"type": "passed", "seat": 2}),
    (MustDiscard(3, 1), {"type": "must_discard", "seat": 3, "count": 1}),
    (Discarded(3, parse_cards("-3")), {"type": "discarded", "seat": 3, "cards": ["-3"]}),
    (RoundWon(1, 2), {"type": "round_won", "seat": 1, "points": 2}),
    (MatchWon(1, 5), {"type": "match_won", "seat": 1, "points": 5}),
    (RoundStarted(1), {"type": "round_started", "seat": 1}),
    (Reshuffled(44), {"type": "reshuffled", "size": 44}),
    (Drew(0, Card.parse("x2")), {"type": "drew", "seat": 0, "card": "x2"}),
    (Drew(2, None), {"type": "drew", "seat": 2, "card": None}),
]


@pytest.mark.parametrize(("event", "shape"), EVENTS, ids=lambda x: type(x).__name__)
def test_every_event_is_encoded_with_its_type(event: Event, shape: dict[str, object]) -> None:
    assert encode(event) == shape
    assert decode(Event, shape) == event
    assert decode(type(event), shape) == event


def test_a_played_event_must_add_up() -> None:
    shape = dict(EVENTS[0][1])
    assert refused(Event, {**shape, "total": 7}).path == "/total"
    assert refused(Event, {**shape, "beat": 6}).path == "/beat"
    assert refused(Event, {**shape, "seat": 4}).path == "/seat"
    assert refused(Event, {**shape, "cards": []}).path == "/cards"
    assert (
        refused(Event, {"type": "drew", "seat": 0}).reason
        == "a 'drew' event is missing its field 'card'"
    )


def test_a_match_record() -> None:
    record = MatchRecord(
        rules=small_rules(),
        seed=-3,
        actions=(Play(parse_cards("+8")), Pass()),
        deck=parse_cards("+8 +2 -3 +5 x2 +1 +3 +4 +6 +7"),
        tags={"Seat1": "Riley", "Date": "2026-12-01"},
    )
    assert encode(record) == {
        "format": "raise-the-sum/record",
        "version": 1,
        "rules": SMALL_RULES,
        "seed": "-3",
        "deck": ["+8", "+2", "-3", "+5", "x2", "+1", "+3", "+4", "+6", "+7"],  # a pile: its order
        "actions": [{"type": "play", "cards": ["+8"]}, {"type": "pass"}],
        "tags": {"Date": "2026-12-01", "Seat1": "Riley"},
    }
    assert decode(MatchRecord, encode(record)) == record
    short = decode(
        MatchRecord, {"format": "raise-the-sum/record", "version": 1, "rules": {}, "seed": "1"}
    )
    assert short == MatchRecord(
        rules=Rules(), seed=1, actions=(), deck=None, tags=MappingProxyType({})
    )
    document = encode(record)
    assert isinstance(document, dict)
    assert refused(MatchRecord, {**document, "deck": ["+8"]}).path == "/deck"
    assert refused(MatchRecord, {**document, "tags": {"a": 1}}).path == "/tags/a"
    assert refused(MatchRecord, {**document, "tags": {"seat 1": "Riley"}}).path == "/tags"
    assert (
        refused(MatchRecord, {**document, "actions": [{"type": "pass"}, {}]}).path == "/actions/1"
    )


# -- text -----------------------------------------------------------------------------------


def test_dumps_is_compact_deterministic_json() -> None:
    state = new_game(seed=7)
    text = dumps(state)
    assert " " not in text.replace("raise-the-sum", "")
    assert text == dumps(new_game(seed=7))
    assert json.loads(text) == encode(state)
    assert loads(GameState, text) == state
    assert loads(GameState, text.encode("utf-8")) == state


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "expected JSON text: Expecting value at line 1 column 1"),
        ("NaN", "expected JSON text: NaN is not a JSON number"),
        (
            '{"subtract": Infinity, "divide": 1}',
            "expected JSON text: Infinity is not a JSON number",
        ),
        ("[" * 100_000 + "]" * 100_000, "expected JSON text, got one nested too deeply"),
        (
            "1" * 5000,
            "expected JSON text: Exceeds the limit (4300 digits) for integer string conversion:"
            " value has 5000 digits; use sys.set_int_max_str_digits() to increase the limit",
        ),
    ],
)
def test_loads_refuses_text_that_is_not_json(text: str, reason: str) -> None:
    with pytest.raises(WireError) as caught:
        loads(Attack, text)
    assert (caught.value.path, caught.value.reason) == ("", reason)


def test_loads_refuses_bytes_that_are_not_utf8() -> None:
    with pytest.raises(WireError, match="expected UTF-8 text"):
        loads(Attack, b'{"subtract": "\xff"}')


# -- the strict JSON reader ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "path", "key"),
    [
        ('{"type":"play","cards":["+1"],"cards":["+9"]}', "/cards", "cards"),
        ('{"type":"pass","type":"pass"}', "/type", "type"),
        ('[{"a": 1}, {"x": {"b/c": 1, "b/c": 2}}]', "/1/x/b~1c", "b/c"),
        ('{"": 1, "": 1}', "/", ""),
    ],
)
def test_read_json_refuses_a_repeated_key_at_any_depth_naming_it_and_its_place(
    text: str, path: str, key: str
) -> None:
    with pytest.raises(WireError) as caught:
        read_json(text)
    assert caught.value.path == path
    assert caught.value.reason == (
        f"expected an object with distinct keys; the key {key!r} appears twice"
    )
    with pytest.raises(WireError) as again:
        read_json(text.encode("utf-8"))
    assert (again.value.path, again.value.reason) == (caught.value.path, caught.value.reason)


def test_loads_refuses_a_repeated_key_where_json_loads_keeps_the_last() -> None:
    text = '{"type":"play","cards":["+1"],"cards":["+9"]}'
    assert json.loads(text)["cards"] == ["+9"]
    with pytest.raises(WireError) as caught:
        loads(Action, text)
    assert caught.value.path == "/cards"
    assert "'cards' appears twice" in caught.value.reason


@pytest.mark.parametrize(
    ("text", "path", "what"),
    [
        ('"\\ud800"', "", "a string"),
        ('["+8", "\\udfff"]', "/1", "a string"),
        ('{"tags": {"a": ["x", {"b": "ok \\ud83d"}]}}', "/tags/a/1/b", "a string"),
        ('{"\\udc00": 1}', "", "keys"),
        ('[{"ok": {"\\ud800x": true}}]', "/0/ok", "keys"),
        ('"\ud800"', "", "a string"),  # the surrogate itself in a str, not an escape
        ('{"a": "\udc00"}', "/a", "a string"),
    ],
)
def test_read_json_refuses_lone_surrogates_as_keys_or_values_at_any_depth(
    text: str, path: str, what: str
) -> None:
    with pytest.raises(WireError) as caught:
        read_json(text)
    assert caught.value.path == path
    assert caught.value.reason == f"expected {what} of valid Unicode, got a lone surrogate"


def test_read_json_takes_a_surrogate_pair_as_the_one_character_it_writes() -> None:
    assert read_json('["\\ud83d\\ude00", "\\\\ud800"]') == ["\U0001f600", "\\ud800"]
    assert read_json('{"\u00d7": "\u00f7"}'.encode()) == {"\u00d7": "\u00f7"}


def test_read_json_refuses_nesting_deeper_than_its_limit() -> None:
    assert MAX_DEPTH == 32
    deepest = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert read_json(deepest) == json.loads(deepest)
    objects = '{"a":' * MAX_DEPTH + "1" + "}" * MAX_DEPTH
    assert read_json(objects) == json.loads(objects)
    for text in (
        "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
        '{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1),
        '[[], [1, "[[[["], ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "]",
    ):
        with pytest.raises(WireError) as caught:
            read_json(text)
        assert (caught.value.path, caught.value.reason) == (
            "",
            "expected JSON text, got one nested too deeply",
        )
    # brackets inside strings are text, not nesting
    assert read_json(json.dumps(["[" * 100, "{" * 100])) == ["[" * 100, "{" * 100]


@pytest.mark.parametrize(
    ("body", "path"),
    [
        (b'{"action": {"type": "pass"}, "version": 0, "version": 1, "id": "x"}', "/version"),
        (b'{"action": {"type": "pass"}, "version": 0, "id": "\\ud800"}', "/id"),
        (b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), ""),
        (b'{"version": NaN}', ""),
        (b"\xff{}", ""),
    ],
)
def test_the_server_reads_bodies_with_the_same_strict_reader(body: bytes, path: str) -> None:
    from raise_the_sum.server.bodies import parse_json
    from raise_the_sum.server.errors import ProtocolError

    with pytest.raises(WireError) as refused_here:
        read_json(body)
    with pytest.raises(ProtocolError) as refused_there:
        parse_json(body)
    answer = refused_there.value
    assert (answer.status, answer.body["error"], answer.body["path"]) == (400, "bad_input", path)
    assert refused_here.value.path == path
    assert answer.body["message"] == f"the body is not strict JSON: {refused_here.value.reason}"


def test_read_json_refuses_what_is_not_text() -> None:
    with pytest.raises(TypeError, match="read_json takes a str or bytes, got int"):
        read_json(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="loads takes a str or bytes, got NoneType"):
        loads(Action, None)  # type: ignore[call-overload]


def test_decode_and_loads_are_typed_by_their_class_even_for_the_unions() -> None:
    # mypy --strict over tests/ checks each assert_type; at run time the values are checked.
    action = assert_type(decode(Action, {"type": "pass"}), Action)
    event = assert_type(decode(Event, {"type": "passed", "seat": 1}), Event)
    play = assert_type(loads(Play, '{"type":"play","cards":["+8"]}'), Play)
    rules = assert_type(loads(Rules, b"{}"), Rules)
    drawn = assert_type(loads(Event, '{"type":"drew","seat":0,"card":null}'), Event)
    assert (action, event, play, rules, drawn) == (
        Pass(),
        Passed(1),
        Play(parse_cards("+8")),
        Rules(),
        Drew(0, None),
    )


def test_encode_and_decode_refuse_types_they_do_not_cover() -> None:
    with pytest.raises(TypeError, match="cannot encode a int"):
        encode(5)
    with pytest.raises(TypeError, match="no wire format for"):
        decode(int, 5)


def test_every_pinned_shape_here_fits_its_schema() -> None:
    state = apply(small_game(), Play(parse_cards("+8 x2")))
    verdict_state = apply(new_game(seed=7), Play(parse_cards("+7 +6 -5")))
    examples: list[tuple[Any, object]] = [
        (Card, Card.parse("x2")),
        (Attack, Attack(2, 3)),
        (Rules, small_rules()),
        (Rules, Rules()),
        (GameState, state),
        (PlayerView, observe(state, 1)),
        (Verdict, check(verdict_state, Play(parse_cards("+8 +8 +1")))),
        (Verdict, check(verdict_state, Pass())),
        (IllegalAction, IllegalAction("R4.4", "a reply must beat 12; this play totals 12")),
        (WireError, WireError("/cards/1", "expected a card")),
        (MatchRecord, MatchRecord(rules=small_rules(), seed=-3, actions=(Pass(),))),
        *(
            (Action, action)
            for action in (Play(parse_cards("+8")), Pass(), Discard(()), NextRound())
        ),
        *((Event, event) for event, _ in EVENTS),
    ]
    for cls, value in examples:
        assert_valid(cls, encode(value))
    for cls, shape in [(Rules, {}), (Rules, {"players": 2})]:
        assert_valid(cls, shape)


def test_a_record_whose_tags_name_a_seat_its_players_do_not_have_is_a_wire_error() -> None:
    document = {
        "format": "raise-the-sum/record",
        "version": 1,
        "rules": {"players": 2},
        "seed": "1",
        "tags": {"Seat2": "Sam"},
    }
    error = refused(MatchRecord, document)
    assert error.path == "/tags"
    assert "Seat2" in error.reason
