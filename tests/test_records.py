"""Match records: the fields' checks, ``replay``'s errors, and the text notation's reader.

The properties (round trips over random matches, fuzzing) are in
``tests/properties/test_record_properties.py``; here are the exact cases: each
bad field names itself, each illegal action in a record names its number and
its rule, and each error of the reader is at its line and column.
"""

from __future__ import annotations

import pickle
from collections.abc import Mapping

import attrs
import pytest

from raise_the_sum import (
    STANDARD_DECK,
    Action,
    Card,
    Discard,
    GameState,
    MatchRecord,
    NextRound,
    Pass,
    Phase,
    Play,
    RecordError,
    Rules,
    apply,
    legal_plays,
    new_game,
    parse_cards,
    wire,
)
from raise_the_sum.records import FREE_TAG_PREFIX, GAME_TAGS, KNOWN_TAGS, Tags, seat_tag

RULES = Rules(players=2, points_to_win=2)

#: A short match between two bots (Riley as Ann, Sam as Bo), as ``to_text`` writes it.
CLUB_NIGHT = """\
[Event "Club night"]
[Date "2026-12-01"]
[Seat0 "Ann"]
[Seat1 "Bo"]
[Players "2"]
[PointsToWin "2"]
[Seed "27"]

Round 1
1. Ann: play +3 +7 +9 /2 {9 + 7 + 3 = 19}
2. Bo: pass
3. Bo: discard -6 {round 1 to Ann; points: Ann 1, Bo 0}
4. Ann: next round

Round 2
5. Ann: play +4 +8 /3 {8 + 4 = 12}
6. Bo: pass
7. Bo: discard +1 {round 2 to Ann; points: Ann 2, Bo 0}
winner: Ann
"""

CLUB_ACTIONS = (
    Play(parse_cards("+3 +7 +9 /2")),
    Pass(),
    Discard(parse_cards("-6")),
    NextRound(),
    Play(parse_cards("+4 +8 /3")),
    Pass(),
    Discard(parse_cards("+1")),
)


def club_night() -> MatchRecord:
    return MatchRecord(
        rules=RULES,
        seed=27,
        actions=CLUB_ACTIONS,
        tags={"Seat1": "Bo", "Seat0": "Ann", "Date": "2026-12-01", "Event": "Club night"},
    )


# --- the record's fields -----------------------------------------------------------------


def test_a_record_is_frozen_hashable_and_equal_by_value() -> None:
    record = club_night()
    assert record == club_night() and hash(record) == hash(club_night())
    assert {record: 1}[club_night()] == 1
    with pytest.raises(AttributeError):
        record.seed = 3  # type: ignore[misc]


def test_a_record_takes_its_actions_and_deck_as_any_sequence_and_keeps_tuples() -> None:
    deck = list(STANDARD_DECK)[::-1]
    record = MatchRecord(seed=1, actions=[Play(parse_cards("+1"))], deck=deck)
    assert record.actions == (Play(parse_cards("+1")),)
    assert record.deck == tuple(deck)


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"rules": "standard"}, TypeError, "MatchRecord.rules must be a Rules, got 'standard'"),
        ({"seed": 1.5}, TypeError, "MatchRecord.seed must be an int, got 1.5"),
        ({"seed": True}, TypeError, "MatchRecord.seed must be an int, got True"),
        ({"actions": "pass"}, TypeError, "MatchRecord.actions must be actions"),
        ({"actions": 3}, TypeError, "MatchRecord.actions must be a sequence of actions, got 3"),
        ({"actions": (Pass(), "pass")}, TypeError, "MatchRecord.actions[1] must be a Play"),
        ({"deck": "+1 +2"}, TypeError, "MatchRecord.deck must be Card objects"),
        ({"deck": 7}, TypeError, "MatchRecord.deck must be None or a sequence of cards"),
        (
            {"deck": STANDARD_DECK[1:]},
            ValueError,
            "MatchRecord.deck: must be a reordering of rules.deck",
        ),
        ({"deck": [*STANDARD_DECK[1:], "0"]}, TypeError, "MatchRecord.deck must hold Card objects"),
        ({"tags": "Event"}, TypeError, "MatchRecord.tags must be a mapping of str to str"),
        ({"tags": 5}, TypeError, "MatchRecord.tags must be a mapping of str to str"),
        ({"tags": {1: "a"}}, TypeError, "MatchRecord.tags: tag names are str, got 1"),
        ({"tags": {"Event": 2026}}, TypeError, "MatchRecord.tags: tag Event's value must be a str"),
        ({"tags": {"my tag": "x"}}, ValueError, "MatchRecord.tags: tag name 'my tag': letters"),
        ({"tags": {"7up": "x"}}, ValueError, "MatchRecord.tags: tag name '7up': letters"),
        ({"tags": {"seed": "1"}}, ValueError, "MatchRecord.tags: tag name 'seed' is reserved"),
        (
            {"tags": {"Note": "a\nb"}},
            ValueError,
            "MatchRecord.tags: tag Note's value holds the control character '\\n'",
        ),
        (
            {"tags": {"Seat0": ""}},
            ValueError,
            "MatchRecord.tags: tag Seat0 is a seat's name: not empty",
        ),
        (
            {"tags": {"Seat0": " Ann"}},
            ValueError,
            "MatchRecord.tags: tag Seat0 is a seat's name: not empty, without spaces around it,"
            " got ' Ann'",
        ),
        (
            {"tags": {"Seat1": "Ann: 2"}},
            ValueError,
            "MatchRecord.tags: tag Seat1 is a seat's name and may not hold :",
        ),
        (
            {"tags": {"Seat1": "{Bo}"}},
            ValueError,
            "MatchRecord.tags: tag Seat1 is a seat's name and may not hold { }",
        ),
        (
            {"rules": Rules(players=3), "tags": {"Seat3": "Dee"}},
            ValueError,
            "MatchRecord.tags: tag Seat3 names a seat that 3 players do not have (seats 0 to 2)",
        ),
    ],
)
def test_each_bad_field_is_refused_naming_the_field(
    fields: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as raised:
        MatchRecord(**fields)  # type: ignore[arg-type]
    assert str(raised.value).startswith(message), str(raised.value)


def test_every_game_tag_is_reserved_in_any_case() -> None:
    for name in GAME_TAGS:
        for spelling in (name, name.lower(), name.upper()):
            with pytest.raises(ValueError, match="is reserved"):
                Tags({spelling: "1"})


def test_tags_are_a_read_only_hashable_mapping_in_a_fixed_order() -> None:
    tags = Tags(
        {"X_Zed": "z", "Result": "1-0", "Seat1": "Bo", "Event": "E", "Note": "a", "Seat0": "Ann"}
    )
    assert isinstance(tags, Mapping)
    assert list(tags) == ["Event", "Seat0", "Seat1", "Result", "Note", "X_Zed"]
    assert tags == dict(tags) and tags == Tags(dict(reversed(list(tags.items()))))
    assert hash(tags) == hash(Tags(dict(tags)))
    assert tags != {"Event": "E"} and tags != ["Event"]
    assert tags["Seat1"] == "Bo" and tags.get("Site") is None and len(tags) == 6
    with pytest.raises(TypeError):
        tags["Event"] = "F"  # type: ignore[index]
    with pytest.raises(AttributeError):
        tags._map = {}
    assert pickle.loads(pickle.dumps(tags)) == tags
    assert eval(repr(tags), {"Tags": Tags}) == tags


def test_a_record_keeps_tags_it_is_given_as_tags() -> None:
    tags = Tags({"Event": "E"})
    assert MatchRecord(tags=tags).tags is tags
    assert isinstance(MatchRecord(tags={"Event": "E"}).tags, Tags)
    assert MatchRecord(tags=[("Event", "E")]).tags == {"Event": "E"}


def test_seats_are_named_by_their_tags_or_by_number() -> None:
    record = MatchRecord(Rules(players=3), tags={seat_tag(2): "Sam"})
    assert record.names == ("Seat 0", "Seat 1", "Sam")


def test_record_error_keeps_its_facts_through_pickle() -> None:
    error = RecordError("a reply must beat 13", line=9, column=10, number=4, rule="R4.4")
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.line, again.column, again.number, again.rule) == (
        "line 9, column 10: a reply must beat 13",
        9,
        10,
        4,
        "R4.4",
    )
    assert isinstance(again, ValueError)
    assert str(RecordError("bad")) == "bad"


# --- replay ------------------------------------------------------------------------------


def test_replay_gives_every_state_from_the_deal_to_the_end() -> None:
    states = club_night().replay()
    assert len(states) == len(CLUB_ACTIONS) + 1
    assert states[0] == new_game(RULES, seed=27)
    assert states[-1].phase is Phase.MATCH_OVER and states[-1].points == (2, 0)


def test_R3_8_a_stacked_record_is_dealt_from_its_deck_and_the_seed_drives_the_reshuffles() -> None:
    rules = Rules(players=2, points_to_win=99)  # long enough to reach a reshuffle
    deck = tuple(reversed(STANDARD_DECK))
    assert MatchRecord(rules, seed=5, deck=deck).replay() == (new_game(rules, seed=5, deck=deck),)
    state = new_game(rules, seed=5, deck=deck)
    actions = []
    reshuffled = False
    while not reshuffled:  # play on to the first reshuffle (rule R6.1)
        action = legal_plays(state)[0]
        actions.append(action)
        after = apply(state, action)
        reshuffled, state = len(after.deck) > len(state.deck), after
    assert state.phase is not Phase.MATCH_OVER
    assert MatchRecord(rules, seed=5, actions=actions, deck=deck).replay()[-1] == state
    other = MatchRecord(rules, seed=6, actions=actions, deck=deck).replay()
    assert other[0].hands == record_start(rules, deck).hands  # the same deal
    assert other[-1].deck != state.deck  # another reshuffle


def record_start(rules: Rules, deck: tuple[Card, ...]) -> GameState:
    return MatchRecord(rules, seed=5, deck=deck).start()


def _bad_at(number: int, action: Action) -> MatchRecord:
    """The club night's actions up to ``number - 1``, then ``action``."""
    return attrs.evolve(club_night(), actions=(*CLUB_ACTIONS[: number - 1], action))


@pytest.mark.parametrize(
    ("number", "action", "rule", "words"),
    [
        (1, Pass(), "R4.3", "action 1 (Ann: pass): the opener must play"),
        (1, Play(parse_cards("x3")), "R4.2", "action 1 (Ann: play x3): you do not hold x3"),
        (
            1,
            Discard(parse_cards("+3")),
            "R4.8",
            "action 1 (Ann: discard +3): discarding comes at the end",
        ),
        (1, NextRound(), "R5.4", "action 1 (Ann: next round): the round is still under way"),
        (
            2,
            Play(parse_cards("+9 +8")),
            "R4.4",
            "action 2 (Bo: play +8 +9): a reply must beat 19; this play totals 8",
        ),
        (3, Pass(), "R4.8", "action 3 (Bo: pass): you hold 8 cards: discard 1"),
        (4, Play(parse_cards("+4")), "R5.4", "action 4 (Ann: play +4): the round is over"),
        (8, NextRound(), "R5.2", "action 8 (Ann: next round): the match is over"),
    ],
)
def test_replay_names_the_illegal_actions_number_and_rule(
    number: int, action: Action, rule: str, words: str
) -> None:
    record = _bad_at(number, action)
    with pytest.raises(RecordError) as raised:
        record.replay()
    error = raised.value
    assert (error.number, error.rule, error.line) == (number, rule, None)
    assert str(error).startswith(words) and str(error).endswith(f"(rule {rule})"), str(error)
    with pytest.raises(RecordError):  # it cannot be written either: its seats cannot be named
        record.to_text()


# --- the text notation -------------------------------------------------------------------


def test_to_text_writes_tags_rounds_actions_with_names_and_the_result() -> None:
    assert club_night().to_text() == CLUB_NIGHT
    assert MatchRecord.from_text(CLUB_NIGHT) == club_night()


def test_an_unfinished_match_ends_with_a_star_and_rounds_start_after_next_round() -> None:
    record = MatchRecord(RULES, seed=27, actions=CLUB_ACTIONS[:4])
    text = record.to_text()
    assert text.endswith("4. Seat 0: next round\n\nRound 2\n*\n")
    assert MatchRecord.from_text(text) == record
    assert (
        MatchRecord(RULES, seed=27).to_text()
        == '[Players "2"]\n[PointsToWin "2"]\n[Seed "27"]\n\nRound 1\n*\n'
    )


def test_the_rules_and_a_stacked_deck_are_written_as_tags_and_read_back() -> None:
    rules = Rules(
        players=3,
        hand_size=5,
        hand_limit=6,
        min_play=2,
        max_play=4,
        points_to_win=3,
        first_player=2,
        deck=STANDARD_DECK[:40],
    )
    deck = tuple(reversed(rules.deck))
    record = MatchRecord(rules, seed=-(2**70), deck=deck, tags={"Note": 'a "quoted" \\ value'})
    text = record.to_text()
    assert text.startswith(
        '[Note "a \\"quoted\\" \\\\ value"]\n[Players "3"]\n[HandSize "5"]\n[HandLimit "6"]\n'
        '[MinPlay "2"]\n[MaxPlay "4"]\n[PointsToWin "3"]\n[FirstPlayer "2"]\n'
        f'[Deck "{" ".join(map(str, rules.deck))}"]\n[Seed "{-(2**70)}"]\n'
        f'[StackedDeck "{" ".join(map(str, deck))}"]\n'
    )
    assert MatchRecord.from_text(text) == record


def test_the_reader_takes_tags_in_any_order_the_guides_signs_and_free_spacing() -> None:
    text = """
        ; a match at the club
        [Seat1 "Bo"]  ; Sam played as Bo
        [Seed   "27"]
        [PointsToWin "2"] [Players "2"]
    """
    with pytest.raises(RecordError, match="one tag pair to a line"):
        MatchRecord.from_text(text)
    text = (
        '[Seat1 "Bo"]\n[Seed   "27"]\n[PointsToWin "2"]\n[Players "2"]\n[Seat0 "Ann"]\n'
        '[Date "2026-12-01"]\n[Event "Club night"]\n'
        "Round 1 {Ann opens}\n  1.  Ann:   play +9   +7 +3 ÷2\n2. Bo: pass\n3. Bo: discard −6\n"
        "4. Ann: next round\nRound 2\n5. Ann: play +4 +8 /3\n6. Bo: pass\n7. Bo: discard +1\n"
        "{the end}\nwinner: Ann\n\n; that is all\n"
    )
    assert MatchRecord.from_text(text) == club_night()


def _error(text: str) -> RecordError:
    with pytest.raises(RecordError) as raised:
        MatchRecord.from_text(text)
    return raised.value


HEAD = '[Players "2"]\n[PointsToWin "2"]\n[Seed "27"]\n'
ROUND = HEAD + "Round 1\n"


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("", 1, 1, "the record has no seed"),
        ('[Players "2"]\nRound 1\n*\n', 2, 1, "the record has no seed"),
        ('[7 "x"]\n', 1, 2, 'a tag pair is [Name "value"]'),
        ('[Event"x"]\n', 1, 7, "tag Event: a space, then the value in double quotes"),
        ("[Event x]\n", 1, 8, "tag Event: a space, then the value in double quotes"),
        ('[Event "x]\n', 1, 8, "tag Event: the value's double quote is never closed"),
        ('[Event "a\\nb"]\n', 1, 10, 'tag Event: write \\" for a double quote'),
        ('[Event "x"\n', 1, 11, "tag Event: close the tag pair with ]"),
        ('[Event "x"] [Site "y"]\n', 1, 13, "one tag pair to a line"),
        ('[Event "x"]\n[Event "y"]\n', 2, 2, "tag Event is given twice (first on line 1)"),
        ('[Players "two"]\n', 1, 10, "tag Players: a whole number"),
        ('[Players "02"]\n', 1, 10, "tag Players: a whole number"),
        ('[Players "9"]\n', 1, 10, "Rules.players: 2 to 4 players, got 9 (rule R3.1)"),
        ('[MinPlay "3"]\n[MaxPlay "2"]\n', 2, 10, "Rules.max_play: the most cards in a play"),
        ('[Deck "+1 +2 +12"]\n', 1, 14, "tag Deck: card '+12'"),
        ('[Deck ""]\n', 1, 7, "tag Deck: no cards"),
        ('[Deck "+1 +2"]\n[Seed "1"]\n', 1, 7, "Rules.deck: 4 players holding up to 7 cards"),
        ('[Seed "1.5"]\n', 1, 7, "tag Seed: a whole number"),
        (f'[Seed "{"9" * 101}"]\n', 1, 7, "tag Seed: a whole number in at most 100 digits"),
        ('[Seed "1"]\n[StackedDeck "+1"]\n', 2, 14, "MatchRecord.deck: must be a reordering"),
        ('[Seed "1"]\n[seed "2"]\n', 2, 2, "tag name 'seed' is reserved"),
        ('[Seed "1"]\n[Seat7 "Gus"]\n', 2, 2, "MatchRecord.tags: tag Seat7 names a seat"),
        ('[Seed "1"]\n[Seat0 "A;B {"]\n', 2, 8, "tag Seat0 is a seat's name and may not hold ; {"),
        ('[Seed "1"]\n[Seat0 "A:B"]\n', 2, 8, "tag Seat0 is a seat's name and may not hold :"),
        ('[Seed "1"]\n[Seat0 ""]\n', 2, 8, "tag Seat0 is a seat's name: not empty"),
        (HEAD, 4, 1, "the actions start with 'Round 1'; then write '*'"),
        (HEAD + "*\n", 4, 1, "round 1 starts here: write 'Round 1' first"),
        (HEAD + "1. Seat 0: play +3\n", 4, 1, "round 1 starts here"),
        (HEAD + "Round 2\n", 4, 7, "this is round 1, not round 2"),
        (HEAD + "Round\n", 4, 1, "a round starts with 'Round 1'"),
        (ROUND, 5, 1, "the record ends without its result: write '*' after the last action"),
        (ROUND + "Round 1\n", 5, 1, "a new round starts only after 'next round' (rule R5.4)"),
        (ROUND + '[Event "late"]\n', 5, 1, "tag pairs come before the actions"),
        (
            ROUND + "2. Seat 0: play +3\n",
            5,
            1,
            "the actions are numbered in order: this is action 1, not 2",
        ),
        (ROUND + "1.Seat 0: play +3\n", 5, 3, "action 1: a space after '1.'"),
        (
            ROUND + "1. Seat 1: play +3\n",
            5,
            4,
            "action 1 is seat 0's to take (Seat 0), got 'Seat 1'",
        ),
        (
            ROUND + "1. Seat 0 play +3\n",
            5,
            4,
            "action 1 is seat 0's to take (Seat 0), got 'Seat 0 play +3'",
        ),
        (ROUND + "1. Seat 0: fold\n", 5, 12, "action 1: action 'fold': write 'play CARDS'"),
        (ROUND + "1. Seat 0:\n", 5, 11, "action 1: action '': write"),
        (
            ROUND + "1. Seat 0: play +3 +10\n",
            5,
            20,
            "action 1: card '+10': an Add card's value is 1 to 9 (rule R1.6)",
        ),
        (
            ROUND + "1. Seat 0: play +3 +3\n",
            5,
            12,
            "action 1 (Seat 0: play +3 +3): you hold 1 +3, not 2 (rule R4.2)",
        ),
        (ROUND + "1. Seat 0: pass\n", 5, 12, "action 1 (Seat 0: pass): the opener must play"),
        (ROUND + "1: Seat 0: pass\n", 5, 1, "an action is 'N. NAME: ACTION'"),
        (
            ROUND + "Seat 0 wins\n",
            5,
            1,
            "the match is not over after 0 actions: its result is '*', not 'Seat 0 wins'",
        ),
        (ROUND + "*\n1. Seat 0: play +3\n", 6, 1, "nothing may follow the result"),
        (ROUND + "1. Seat 0: play +3 }\n", 5, 20, "a } without the { that opens its comment"),
        (ROUND + "{ never\n closed\n", 5, 1, "this comment is never closed with }"),
        (
            CLUB_NIGHT.replace("winner: Ann", "*"),
            19,
            1,
            "the match is over after 7 actions: its result is 'winner: Ann', not '*'",
        ),
        (
            CLUB_NIGHT.replace("winner: Ann", "winner: Bo"),
            19,
            1,
            "the match is over after 7 actions: its result is 'winner: Ann', not 'winner: Bo'",
        ),
        (
            CLUB_NIGHT.replace("\nRound 2\n", "\n"),
            15,
            1,
            "round 2 starts here: write 'Round 2' first",
        ),
        (
            CLUB_NIGHT.replace("2. Bo: pass", "2. Bo: play +9 +8"),
            11,
            8,
            "action 2 (Bo: play +8 +9): a reply must beat 19; this play totals 8 (rule R4.4)",
        ),
        (
            CLUB_NIGHT.replace("3. Bo: discard -6", "3. Bo: pass"),
            12,
            8,
            "action 3 (Bo: pass): you hold 8 cards: discard 1 to end your turn with 7 (rule R4.8)",
        ),
        (
            CLUB_NIGHT.replace("winner: Ann", "8. Ann: next round"),
            19,
            9,
            "action 8 (Ann: next round): the match is over: seat 0 has won it; no action is legal",
        ),
    ],
)
def test_each_error_of_the_reader_gives_its_line_and_column(
    text: str, line: int, column: int, words: str
) -> None:
    error = _error(text)
    assert (error.line, error.column) == (line, column), str(error)
    assert str(error) == f"line {line}, column {column}: {error.reason}"
    assert error.reason.startswith(words), error.reason


def test_an_illegal_action_in_the_text_gives_its_number_and_rule() -> None:
    error = _error(CLUB_NIGHT.replace("2. Bo: pass", "2. Bo: play +9 +8"))
    assert (error.number, error.rule) == (2, "R4.4")
    error = _error(ROUND + "1. Seat 0: play +3 +10\n")
    assert (error.number, error.rule) == (1, "R1.6")  # the card's notation


def test_an_action_out_of_turn_names_R4_9_and_a_wrong_result_names_R5_2() -> None:
    error = _error(ROUND + "1. Seat 1: play +3\n")
    assert (error.rule, error.number) == ("R4.9", 1)
    assert error.reason == "action 1 is seat 0's to take (Seat 0), got 'Seat 1' (rule R4.9)"
    for result in ("*", "winner: Bo"):
        error = _error(CLUB_NIGHT.replace("winner: Ann", result))
        assert (error.rule, error.line) == ("R5.2", 19)
        assert error.reason == (
            f"the match is over after 7 actions: its result is 'winner: Ann', not {result!r} "
            "(rule R5.2)"
        )
    error = _error(ROUND + "winner: Seat 0\n")
    assert error.rule == "R5.2" and "the match is not over after 0 actions" in error.reason
    error = _error(ROUND + "1: Seat 0: pass\n")  # a fault of the notation itself: no rule
    assert error.rule is None


def test_a_misspelled_tag_is_refused_with_the_nearest_known_tag() -> None:
    # Before, [PointToWin "3"] was a free tag, and the record read with points_to_win=5.
    error = _error('[PointToWin "3"]\n[Players "2"]\n[Seed "27"]\n\nRound 1\n*\n')
    assert (error.line, error.column, error.rule) == (1, 2, None)
    assert error.reason == (
        "unknown tag PointToWin; did you mean PointsToWin? "
        "(a free tag's name starts with X_, as in X_PointToWin)"
    )
    for misspelled, near in [("Evnt", "Event"), ("date", "Date"), ("Seat_0", "Seat0")]:
        with pytest.raises(
            ValueError,
            match=rf"^MatchRecord\.tags: unknown tag {misspelled}; did you mean {near}\? ",
        ):
            MatchRecord(tags={misspelled: "x"})
    with pytest.raises(ValueError, match="unknown tag Coach: the tags are Event, Site, Date"):
        MatchRecord(tags={"Coach": "Kim"})
    with pytest.raises(wire.WireError) as caught:
        wire.decode(MatchRecord, {**wire.encode(MatchRecord()), "tags": {"Notes": "x"}})
    assert caught.value.path == "/tags"
    assert caught.value.reason.startswith("unknown tag Notes; did you mean Note?")


def test_free_tags_start_with_X_and_travel_through_text_and_json() -> None:
    assert (FREE_TAG_PREFIX, KNOWN_TAGS[-3:]) == ("X_", ("Match", "Table", "Note"))
    record = MatchRecord(Rules(players=2), seed=27, tags={"X_Coach": "Kim", "Note": "friendly"})
    text = record.to_text()
    assert text.startswith('[Note "friendly"]\n[X_Coach "Kim"]\n')
    assert MatchRecord.from_text(text) == record
    assert wire.loads(MatchRecord, wire.dumps(record)) == record
    for name in ("X_", "x_Coach", "XCoach"):  # the prefix and something after it
        with pytest.raises(ValueError, match=f"unknown tag {name}"):
            MatchRecord(tags={name: "Kim"})


def test_from_text_takes_only_text() -> None:
    with pytest.raises(TypeError, match=r"MatchRecord\.from_text takes a str"):
        MatchRecord.from_text(b'[Seed "1"]')  # type: ignore[arg-type]


def test_windows_line_endings_are_read_as_well() -> None:
    assert MatchRecord.from_text(CLUB_NIGHT.replace("\n", "\r\n")) == club_night()
