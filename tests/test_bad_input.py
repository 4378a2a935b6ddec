"""Rule R7: every illegal action and every bad input is refused clearly, and changes nothing.

R7.1: an illegal action raises :class:`IllegalAction` naming the rule it breaks,
in a player's words, and the state it was tried on is left exactly as it was
(compared with a deep copy taken before). :func:`check` gives the same verdict
without raising. R7.2: bad configuration, bad notation and arguments of the
wrong type raise :class:`ValueError` or :class:`TypeError` whose message names
the field or the text.

The tables here are dealt from stacked decks, so every case is exact.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest

from raise_the_sum import (
    STANDARD_DECK,
    Action,
    Attack,
    Card,
    Discard,
    GameState,
    IllegalAction,
    InvalidState,
    Kind,
    MatchRecord,
    NextRound,
    NotationError,
    Pass,
    Phase,
    Play,
    RaiseTheSumError,
    RecordError,
    Rules,
    apply,
    check,
    new_game,
    parse_action,
    parse_cards,
    validate,
    wire,
)


def _deal(hands: Sequence[str], draws: str, rules: Rules) -> GameState:
    """A game dealt exactly ``hands`` (one card at a time, seat 0 first), ``draws`` next."""
    dealt = [parse_cards(h) for h in hands]
    order = [dealt[s][i] for i in range(rules.hand_size) for s in range(rules.players)]
    order += parse_cards(draws)
    rest = Counter(rules.deck)
    rest.subtract(order)
    assert all(n >= 0 for n in rest.values()), "the stacked cards are not all in the deck"
    return new_game(rules, seed=7, deck=(*order, *sorted(rest.elements())))


_HANDS = ("+1 +1 +1 -1 +2 +2 +2", "+3 +3 +3 +3 +4 +4 +4", "+5 +5 +5 +5 +6 +6 +6")


def opening(points_to_win: int = 5) -> GameState:
    """Seat 0 to open, holding +1 +1 +1 +2 +2 +2 +9 -1."""
    return _deal(_HANDS, "+9 +8 +7", Rules(players=3, points_to_win=points_to_win))


def reply() -> GameState:
    """Seat 1 to reply to +1 +2 -1 (3 to beat, facing -1), holding +3 +3 +3 +3 +4 +4 +4 +8."""
    return apply(opening(), Play(parse_cards("+1 +2 -1")))


def discarding() -> GameState:
    """Seat 1 has passed holding 8 cards and must discard 1."""
    return apply(reply(), Pass())


def round_over() -> GameState:
    """Seats 1 and 2 have passed: the brief result, seat 0 the round's winner."""
    state = apply(discarding(), Discard(parse_cards("+8")))
    state = apply(state, Pass())
    return apply(state, Discard(parse_cards("+7")))


def match_over() -> GameState:
    """As :func:`round_over`, but the round's point wins the match for seat 0."""
    state = apply(opening(points_to_win=1), Play(parse_cards("+1 +2 -1")))
    state = apply(apply(state, Pass()), Discard(parse_cards("+8")))
    return apply(apply(state, Pass()), Discard(parse_cards("+7")))


def test_the_tables_are_in_the_phases_their_names_say() -> None:
    assert opening().phase is Phase.PLAY and opening().opening
    assert reply().phase is Phase.PLAY and reply().to_beat == 3 and reply().current == 1
    assert discarding().phase is Phase.DISCARD and discarding().current == 1
    assert round_over().phase is Phase.ROUND_OVER and round_over().current == 0
    assert match_over().phase is Phase.MATCH_OVER and match_over().current == 0


def _refused(
    state: GameState, action: object, rule: str, reason: str, seat: int | None = None
) -> None:
    saved = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as caught:
        apply(state, action, seat=seat)  # type: ignore[arg-type]
    error = caught.value
    assert (error.rule, error.reason) == (rule, reason)
    assert str(error) == f"{reason} (rule {rule})"
    assert isinstance(error, ValueError)
    assert state == saved and hash(state) == hash(saved)
    verdict = check(state, action, seat=seat)  # type: ignore[arg-type]
    assert (verdict.legal, verdict.rule, verdict.reason) == (False, rule, reason)
    assert state == saved


ILLEGAL: list[tuple[str, Callable[[], GameState], object, int | None, str, str]] = [
    ("card-not-in-hand", opening, Play(parse_cards("+3")), None, "R4.2", "you do not hold +3"),
    (
        "card-of-a-kind-not-held",
        reply,
        Play(parse_cards("x2 +3")),
        None,
        "R4.2",
        "you do not hold x2",
    ),
    (
        "two-of-a-card-held-once",
        opening,
        Play(parse_cards("+9 +9")),
        None,
        "R4.2",
        "you hold 1 +9, not 2",
    ),
    (
        "five-of-a-card-held-four-times",
        reply,
        Play(parse_cards("+3 +3 +3 +3 +3")),
        None,
        "R4.2",
        "you hold 4 +3, not 5",
    ),
    ("too-few-cards", opening, Play(()), None, "R4.2", "a play is 1 to 5 cards; this one has 0"),
    (
        "too-many-cards",
        opening,
        Play(parse_cards("+1 +1 +1 -1 +2 +2")),
        None,
        "R4.2",
        "a play is 1 to 5 cards; this one has 6",
    ),
    (
        "reply-that-ties",
        reply,
        Play(parse_cards("+4")),
        None,
        "R4.4",
        "a reply must beat 3; this play totals 3",
    ),
    (
        "reply-that-loses",
        reply,
        Play(parse_cards("+3")),
        None,
        "R4.4",
        "a reply must beat 3; this play totals 2",
    ),
    (
        "pass-by-the-opener",
        opening,
        Pass(),
        None,
        "R4.3",
        "the opener must play: an opening cannot be passed",
    ),
    (
        "discard-too-many",
        discarding,
        Discard(parse_cards("+3 +3")),
        None,
        "R4.8",
        "you hold 8 cards and keep 7: discard exactly 1, not 2",
    ),
    (
        "discard-none",
        discarding,
        Discard(()),
        None,
        "R4.8",
        "you hold 8 cards and keep 7: discard exactly 1, not 0",
    ),
    (
        "discard-not-held",
        discarding,
        Discard(parse_cards("+9")),
        None,
        "R4.8",
        "you do not hold +9",
    ),
    (
        "discard-in-play-phase",
        opening,
        Discard(parse_cards("+9")),
        None,
        "R4.8",
        "discarding comes at the end of a turn, after a play or a pass, and only above 7 cards",
    ),
    (
        "play-while-discarding",
        discarding,
        Play(parse_cards("+3")),
        None,
        "R4.8",
        "you hold 8 cards: discard 1 to end your turn with 7",
    ),
    (
        "pass-while-discarding",
        discarding,
        Pass(),
        None,
        "R4.8",
        "you hold 8 cards: discard 1 to end your turn with 7",
    ),
    (
        "play-out-of-turn",
        opening,
        Play(parse_cards("+3")),
        1,
        "R4.9",
        "it is seat 0's turn, not seat 1's",
    ),
    ("pass-out-of-turn", reply, Pass(), 2, "R4.9", "it is seat 1's turn, not seat 2's"),
    (
        "discard-out-of-turn",
        discarding,
        Discard(parse_cards("+8")),
        0,
        "R4.9",
        "it is seat 1's turn, not seat 0's",
    ),
    (
        "next-round-out-of-turn",
        round_over,
        NextRound(),
        2,
        "R4.9",
        "it is seat 0's turn, not seat 2's",
    ),
    (
        "next-round-in-play",
        reply,
        NextRound(),
        None,
        "R5.4",
        "the round is still under way: play or pass",
    ),
    (
        "play-in-round-over",
        round_over,
        Play(parse_cards("+9")),
        None,
        "R5.4",
        "the round is over: start the next round (NextRound()) before anyone acts",
    ),
    (
        "pass-in-round-over",
        round_over,
        Pass(),
        0,
        "R5.4",
        "the round is over: start the next round (NextRound()) before anyone acts",
    ),
    (
        "discard-in-round-over",
        round_over,
        Discard(parse_cards("+9")),
        None,
        "R5.4",
        "the round is over: start the next round (NextRound()) before anyone acts",
    ),
]


@pytest.mark.parametrize(
    ("make", "action", "seat", "rule", "reason"),
    [case[1:] for case in ILLEGAL],
    ids=[case[0] for case in ILLEGAL],
)
def test_R7_1_an_illegal_action_is_refused_naming_its_rule_and_changes_nothing(
    make: Callable[[], GameState], action: object, seat: int | None, rule: str, reason: str
) -> None:
    _refused(make(), action, rule, reason, seat)


@pytest.mark.parametrize(
    "action", [Play(parse_cards("+9")), Pass(), Discard(parse_cards("+9")), NextRound()], ids=str
)
@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_R7_1_any_action_after_the_match_ends_is_refused_naming_R5_2(
    action: object, seat: int | None
) -> None:
    _refused(
        match_over(),
        action,
        "R5.2",
        "the match is over: seat 0 has won it; no action is legal",
        seat,
    )


def test_R7_1_each_refused_case_is_legal_once_its_fault_is_removed() -> None:
    # The cases above fail for the reason given, not because the tables are broken.
    apply(opening(), Play(parse_cards("+9")))
    apply(opening(), Play(parse_cards("+1 +1 +1 -1 +2")))
    apply(reply(), Play(parse_cards("+3 +3")))
    apply(reply(), Pass(), seat=1)
    apply(discarding(), Discard(parse_cards("+8")), seat=1)
    apply(round_over(), NextRound(), seat=0)


# -- arguments of the wrong type or out of range: TypeError / ValueError ----------------------


PHASES = [reply, discarding, round_over, match_over]


@pytest.mark.parametrize("make", PHASES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("seat", [3, -1, 99])
def test_R7_2_a_seat_out_of_range_is_refused_naming_the_field(
    make: Callable[[], GameState], seat: int
) -> None:
    # In every phase, the match's end included: a bad argument is not a move.
    state = make()
    saved = copy.deepcopy(state)
    with pytest.raises(ValueError, match=rf"^seat: a seat from 0 to 2, got {seat}$") as caught:
        apply(state, Pass(), seat=seat)
    assert not isinstance(caught.value, IllegalAction)
    assert state == saved


@pytest.mark.parametrize("make", PHASES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("seat", [1.0, "1", True, [1]])
def test_R7_2_a_seat_that_is_not_an_int_is_refused(
    make: Callable[[], GameState], seat: object
) -> None:
    state = make()
    saved = copy.deepcopy(state)
    with pytest.raises(TypeError, match=r"^seat must be an int or None, got "):
        apply(state, Pass(), seat=seat)  # type: ignore[arg-type]
    assert state == saved


@pytest.mark.parametrize("action", ["pass", None, 0, Card.parse("+3"), Pass, (Pass(),)], ids=repr)
def test_R7_2_an_object_that_is_not_an_action_is_refused(action: object) -> None:
    state = reply()
    saved = copy.deepcopy(state)
    with pytest.raises(
        TypeError, match=r"^action must be a Play, Pass, Discard or NextRound, got "
    ):
        apply(state, action)  # type: ignore[arg-type]
    assert state == saved


def test_R7_2_a_state_that_is_not_a_game_state_is_refused() -> None:
    with pytest.raises(TypeError, match=r"^state must be a GameState, got "):
        apply("state", Pass())  # type: ignore[arg-type]


@pytest.mark.parametrize("cards", ["+8 x2", [1, 2], [Card.parse("+8"), "x2"]], ids=repr)
def test_R7_2_a_play_or_discard_of_things_that_are_not_cards_is_refused(cards: Any) -> None:
    with pytest.raises(TypeError, match=r"^cards must (be|hold) Card objects"):
        Play(cards)
    with pytest.raises(TypeError, match=r"^cards must (be|hold) Card objects"):
        Discard(cards)


# -- bad configuration ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("config", "error", "message"),
    [
        ({"players": 1}, ValueError, r"^Rules\.players: 2 to 4 players, got 1 \(rule R3\.1\)$"),
        ({"players": 5}, ValueError, r"^Rules\.players: 2 to 4 players, got 5 \(rule R3\.1\)$"),
        ({"players": True}, TypeError, r"^Rules\.players must be an int, got True$"),
        ({"players": 3.0}, TypeError, r"^Rules\.players must be an int, got 3\.0$"),
        ({"hand_size": 0}, ValueError, r"^Rules\.hand_size: .*got 0 \(rule R3\.7\)$"),
        ({"hand_size": "7"}, TypeError, r"^Rules\.hand_size must be an int"),
        ({"hand_limit": -1}, ValueError, r"^Rules\.hand_limit: .*got -1 \(rule R3\.7\)$"),
        ({"min_play": 0}, ValueError, r"^Rules\.min_play: .*got 0 \(rule R3\.7\)$"),
        (
            {"min_play": 4, "max_play": 3},
            ValueError,
            r"^Rules\.max_play: .*min_play \(4\), got 3 \(rule R3\.7\)$",
        ),
        ({"max_play": None}, TypeError, r"^Rules\.max_play must be an int"),
        ({"points_to_win": 0}, ValueError, r"^Rules\.points_to_win: .*got 0 \(rule R3\.7\)$"),
        ({"points_to_win": False}, TypeError, r"^Rules\.points_to_win must be an int"),
        (
            {"first_player": 4},
            ValueError,
            r"^Rules\.first_player: a seat from 0 to 3, got 4 \(rule R3\.7\)$",
        ),
        (
            {"players": 2, "first_player": 2},
            ValueError,
            r"^Rules\.first_player: a seat from 0 to 1, got 2",
        ),
        ({"first_player": 1.0}, TypeError, r"^Rules\.first_player must be an int"),
        (
            {"deck": STANDARD_DECK[:33]},
            ValueError,
            r"^Rules\.deck: 4 players .* at least 34 cards, got 33 \(rule R3\.6\)$",
        ),
        ({"deck": ()}, ValueError, r"^Rules\.deck: .* at least 34 cards, got 0 \(rule R3\.6\)$"),
        (
            {"deck": (*STANDARD_DECK[:40], "+1")},
            TypeError,
            r"^Rules\.deck must hold Card objects, got '\+1' \(use parse_cards\)$",
        ),
        (
            {"deck": (*STANDARD_DECK[:40], 7)},
            TypeError,
            r"^Rules\.deck must hold Card objects, got 7$",
        ),
        ({"deck": "+1 +2 +3"}, TypeError, r"^Rules\.deck must be Card objects"),
    ],
    ids=lambda value: repr(value)[:40] if isinstance(value, dict) else "",
)
def test_R7_2_a_bad_configuration_is_refused_naming_the_field(
    config: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        Rules(**config)


def test_R7_2_new_game_refuses_rules_that_are_not_rules() -> None:
    with pytest.raises(TypeError, match=r"^rules must be a Rules, got "):
        new_game({"players": 2}, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [1.5, "1", True, [1]])
def test_R7_2_a_seed_that_is_not_an_int_is_refused(seed: object) -> None:
    with pytest.raises(TypeError, match=r"^seed must be an int or None, got "):
        new_game(seed=seed)  # type: ignore[arg-type]


def test_R7_2_a_stacked_deck_that_is_not_a_reordering_of_the_rules_deck_is_refused() -> None:
    rules = Rules(players=2)
    good = list(reversed(rules.deck))
    new_game(rules, seed=1, deck=good)  # a reordering is fine
    missing = good[1:]
    with pytest.raises(
        ValueError,
        match=r"^deck: must be a reordering of rules\.deck \(62 cards\); "
        r"it has 61: missing 0 \(rule R1\.2\)$",
    ):
        new_game(rules, seed=1, deck=missing)
    swapped = [Card.parse("+1"), *good[1:]]
    with pytest.raises(ValueError, match=r"it has 62: extra \+1; missing 0 \(rule R1\.2\)$"):
        new_game(rules, seed=1, deck=swapped)
    with pytest.raises(ValueError, match=r"it has 63: extra \+5 \(rule R1\.2\)$"):
        new_game(rules, seed=1, deck=[*good, Card.parse("+5")])
    with pytest.raises(
        TypeError, match=r"^deck must hold Card objects, got 'x2' \(use parse_cards\)$"
    ):
        new_game(rules, seed=1, deck=[*good[1:], "x2"])  # type: ignore[list-item]
    with pytest.raises(
        TypeError, match=r"^deck must be Card objects, not the text '\+1 \+2' \(use parse_cards\)$"
    ):
        new_game(rules, seed=1, deck="+1 +2")  # type: ignore[arg-type]


# -- bad notation and bad cards -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["+10", "x4", "/1", "7", "", " +8", "+8 ", "x", "+0", "-10", "÷1", "0x2"]
)
def test_R7_2_bad_notation_is_refused_by_card_parse_naming_the_text(text: str) -> None:
    with pytest.raises(ValueError) as caught:
        Card.parse(text)
    assert str(caught.value).startswith(f"card {text!r}: ")
    assert str(caught.value).endswith("(rule R1.6)")


def test_R7_2_bad_notation_is_refused_by_parse_cards_and_parse_action() -> None:
    with pytest.raises(ValueError, match=r"^card 'x4': "):
        parse_cards("+8 x4 +1")
    with pytest.raises(ValueError, match=r"^card 'x4': "):
        parse_action("play +8 x4")
    with pytest.raises(ValueError, match=r"^card '7': "):
        parse_action("discard 7")
    for text in ("fold", "", "play", "discard", "next", "pass pass", "Play +8", "pass +8"):
        with pytest.raises(
            ValueError,
            match=r"^action .*: write 'play CARDS', 'pass', 'discard CARDS' or 'next round'$",
        ):
            parse_action(text)


@pytest.mark.parametrize("parse", [Card.parse, parse_cards, parse_action], ids=lambda f: f.__name__)
def test_R7_2_notation_that_is_not_text_is_refused(parse: Callable[[Any], object]) -> None:
    for value in (8, None, b"+8", ["+8"]):
        with pytest.raises(TypeError, match=r"takes a str, got "):
            parse(value)


@pytest.mark.parametrize(
    ("kind", "value", "error", "message"),
    [
        (
            Kind.ADD,
            10,
            ValueError,
            r"^Card\.value: an Add card's value is 1 to 9, got 10 \(rule R1\.1\)$",
        ),
        (Kind.ADD, 0, ValueError, r"^Card\.value: an Add card's value is 1 to 9, got 0"),
        (Kind.MULTIPLY, 4, ValueError, r"^Card\.value: a Multiply card's value is 2 or 3, got 4"),
        (Kind.DIVIDE, 1, ValueError, r"^Card\.value: a Divide card's value is 2 or 3, got 1"),
        (Kind.ZERO, 1, ValueError, r"^Card\.value: the Zero card's value is 0, got 1"),
        (Kind.ADD, 1.0, TypeError, r"^Card\.value must be an int, got 1\.0$"),
        (Kind.ADD, True, TypeError, r"^Card\.value must be an int, got True$"),
        ("add", 1, TypeError, r"^Card\.kind must be a Kind, got 'add'$"),
    ],
)
def test_R7_2_a_card_out_of_range_is_refused_naming_the_field(
    kind: Any, value: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        Card(kind, value)


@pytest.mark.parametrize(
    ("config", "error", "message"),
    [
        ({"subtract": -1}, ValueError, r"^Attack\.subtract must be 0 or more, got -1$"),
        (
            {"divide": 0},
            ValueError,
            r"^Attack\.divide must be 1 or more \(1: no division\), got 0$",
        ),
        ({"divide": -2}, ValueError, r"^Attack\.divide must be 1 or more"),
        ({"subtract": 1.5}, TypeError, r"^Attack\.subtract must be an int, got 1\.5$"),
        ({"divide": "2"}, TypeError, r"^Attack\.divide must be an int, got '2'$"),
    ],
)
def test_R7_2_an_attack_out_of_range_is_refused_naming_the_field(
    config: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        Attack(**config)


# -- every error shares one base class ---------------------------------------------------------


def _raised(make: Callable[[], object]) -> BaseException:
    with pytest.raises(RaiseTheSumError) as caught:
        make()
    return caught.value


@pytest.mark.parametrize(
    ("make", "kind", "rule"),
    [
        (lambda: apply(opening(), Pass()), IllegalAction, "R4.3"),
        (lambda: parse_cards("+10"), NotationError, "R1.6"),
        (lambda: validate(attrs.evolve(new_game(seed=7), current=4)), InvalidState, "R3.1"),
        (lambda: MatchRecord.from_text('[Players "5"]\n[Seed "1"]\n'), RecordError, "R3.1"),
        (lambda: MatchRecord.from_text('[Seed "1"]\n\nRound 1\n*\nmore\n'), RecordError, None),
        (lambda: wire.loads(Card, '"x4"'), wire.WireError, "R1.6"),
        (lambda: wire.loads(Action, '{"type": "pass", "seat": 1}'), wire.WireError, None),
    ],
    ids=["illegal", "notation", "state", "record-rules", "record-text", "wire-card", "wire-shape"],
)
def test_every_error_the_library_raises_is_a_RaiseTheSumError_and_a_ValueError_with_its_rule(
    make: Callable[[], object], kind: type[Exception], rule: str | None
) -> None:
    error = _raised(make)
    assert type(error) is kind
    assert isinstance(error, RaiseTheSumError) and isinstance(error, ValueError)
    assert isinstance(error.reason, str) and error.reason
    assert error.rule == rule
    if rule is not None:
        assert str(error).endswith(f"(rule {rule})")


def test_a_record_error_names_the_rule_its_message_cites() -> None:
    # A bad card in a tag (R1.6) and in an action (R1.6), bad rules (R3.x): the rule, not None.
    cases = [
        ('[Deck "+1 x4"]\n[Seed "1"]\n', "R1.6", 1, 11),
        ('[Players "2"]\n[Seed "1"]\n\nRound 1\n1. Seat 0: play +8 x4\n*\n', "R1.6", 5, 20),
        ('[Players "2"]\n[MinPlay "3"]\n[MaxPlay "2"]\n[Seed "1"]\n', "R3.7", 3, 10),
    ]
    for text, rule, line, column in cases:  # the error's place is unchanged
        with pytest.raises(RecordError) as caught:
            MatchRecord.from_text(text)
        error = caught.value
        assert (error.rule, f"(rule {rule})" in error.reason) == (rule, True)
        assert (error.line, error.column) == (line, column)
