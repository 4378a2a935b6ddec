"""``raise-the-sum check`` and ``raise-the-sum replay``: through ``main``, and once as installed.

What ``check`` prints is held against the library's own :func:`check`,
:func:`explain` and rulebook; what ``replay`` prints against the record's
states and events. ``replay --seat N`` is swap-tested: two matches that
differ only in cards seat N never sees print the same lines for seat N.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from properties.strategies import game_states
from raise_the_sum import (
    STANDARD_DECK,
    Action,
    Attack,
    Discard,
    GameState,
    MatchRecord,
    NextRound,
    Pass,
    Play,
    PlayerView,
    Rng,
    Rules,
    Verdict,
    check,
    explain,
    from_position,
    legal_plays,
    observe,
    observe_events,
    parse_action,
    parse_cards,
    step,
    to_position,
    wire,
)
from raise_the_sum.cli import PROG, main
from raise_the_sum.cli.check import deciding_rule, table
from raise_the_sum.cli.rules import format_rule
from raise_the_sum.events import Drew, Event, Played
from raise_the_sum.rulebook import rule
from test_records import CLUB_NIGHT, club_night

SCRIPT = Path(sys.executable).with_name("raise-the-sum")


def run(*argv: str, stdin: str | None = None) -> tuple[int, str, str]:
    """``main(argv)`` with captured output: (exit status, out, err)."""
    out, err = io.StringIO(), io.StringIO()
    if stdin is None:
        status = main(list(argv), out=out, err=err)
    else:
        saved = sys.stdin
        sys.stdin = io.StringIO(stdin)
        try:
            status = main(list(argv), out=out, err=err)
        finally:
            sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club.rts"
    path.write_text(CLUB_NIGHT, encoding="utf-8")
    return path


def bad_input(*argv: str, stdin: str | None = None) -> str:
    """Run a command that must refuse its input: exit 2, one line on stderr, nothing out."""
    status, out, err = run(*argv, stdin=stdin)
    assert (status, out) == (2, ""), (status, out, err)
    assert err.startswith(f"{PROG}: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err.removeprefix(f"{PROG}: error: ").rstrip("\n")


# --- check at a table on the command line ----------------------------------------------------


def test_R2_6_check_judges_the_issues_example_prints_the_rule_and_the_arithmetic() -> None:
    status, out, err = run(
        "check", "+8 +4 x2", "--hand", "+8 +4 x2 -3 /2", "--to-beat", "5", "--against", "-2 /3"
    )
    assert (status, err) == (0, "")
    state = table(parse_cards("+8 +4 x2 -3 /2"), to_beat=5, against=parse_cards("-2 /3"))
    verdict = check(state, Play(parse_cards("+8 +4 x2")))
    lines = out.splitlines()
    assert (
        lines[0]
        == str(verdict)
        == "legal: (8 + 4 − 2) × 2 ÷ 3 = 20 ÷ 3 = 6 (rounded down), which beats 5"
    )
    assert out.count(format_rule(rule("R4.4"), in_words=False)) == 1
    expected = explain(parse_cards("+8 +4 x2"), Attack(subtract=2, divide=3))
    steps = [line.split(maxsplit=1) for line in lines if line.startswith("  R2")]
    assert steps == [[s.rule, s.text] for s in expected.steps]
    assert "to beat:   5: 6 beats 5 (R4.4)" in lines


@pytest.mark.parametrize(
    ("argv", "status", "rule_id", "first"),
    [
        (
            ["+6 +6", "--to-beat", "12"],
            1,
            "R4.4",
            "illegal (rule R4.4): a reply must beat 12; this play totals 12",
        ),
        (["play +6 +6", "--to-beat", "11"], 0, "R4.4", "legal: 6 + 6 = 12, which beats 11"),
        (["x2"], 0, "R4.3", "legal: 0 × 2 = 0 (no blue cards: the total starts at 0), an opening"),
        (
            ["x2", "--opening"],
            0,
            "R4.3",
            "legal: 0 × 2 = 0 (no blue cards: the total starts at 0), an opening",
        ),
        (
            ["pass", "--hand", "+9 +4"],
            1,
            "R4.3",
            "illegal (rule R4.3): the opener must play: an opening cannot be passed",
        ),
        (["pass", "--hand", "+9 +4", "--to-beat", "30"], 0, "R4.5", "legal"),
        (
            ["+1 +2 +3 +4 +5 +6"],
            1,
            "R4.2",
            "illegal (rule R4.2): a play is 1 to 5 cards; this one has 6",
        ),
        (["+9", "--hand", "+8 +4"], 1, "R4.2", "illegal (rule R4.2): you do not hold +9"),
        (["discard -3", "--hand", "+1 +2 +3 +4 +5 +6 +7 -3", "--discard"], 0, "R4.8", "legal"),
        (
            ["discard -3 +1", "--hand", "+1 +2 +3 +4 +5 +6 +7 -3", "--discard"],
            1,
            "R4.8",
            "illegal (rule R4.8): you hold 8 cards and keep 7: discard exactly 1, not 2",
        ),
        (
            ["+9", "--hand", "+9 +1 +2 +3 +4 +5 +6 +7", "--discard"],
            1,
            "R4.8",
            "illegal (rule R4.8): you hold 8 cards",
        ),
        (
            ["discard +9", "--hand", "+9 +8"],
            1,
            "R4.8",
            "illegal (rule R4.8): discarding comes at the end of a turn",
        ),
        (
            ["next round", "--hand", "+9"],
            1,
            "R5.4",
            "illegal (rule R5.4): the round is still under way",
        ),
        (
            ["+4 x3 0", "--to-beat", "11", "--against", "+9 +2 -5 /2"],
            0,
            "R4.4",
            "legal: 4 × 3 = 12 (the zero card cancels the incoming −5 ÷2), which beats 11",
        ),
        (["+9 +9 +9 +8 +8"], 0, "R4.3", "legal: 9 + 9 + 9 + 8 + 8 = 43, an opening"),
    ],
)
def test_check_gives_the_verdict_the_deciding_rule_and_the_exit_status(
    argv: list[str], status: int, rule_id: str, first: str
) -> None:
    got, out, err = run("check", *argv)
    assert (got, err) == (status, ""), (out, err)
    lines = out.splitlines()
    assert lines[0].startswith(first), lines[0]
    assert lines[1].split()[0] == rule_id
    assert format_rule(rule(rule_id), in_words=False) in out
    action = (
        parse_action(argv[0])
        if argv[0].split()[0] in ("play", "pass", "discard", "next")
        else Play(parse_cards(argv[0]))
    )
    has_arithmetic = isinstance(action, Play) and "--discard" not in argv
    assert ("total:" in out) is has_arithmetic


def test_bare_cards_are_a_play_and_cards_may_be_given_one_by_one() -> None:
    expected = run("check", "play +8 +4 x2", "--to-beat", "5", "--against", "-2 /3")
    assert run("check", "+8 +4 x2", "--to-beat", "5", "--against", "-2 /3") == expected
    assert run("check", "+8", "+4", "×2", "--to-beat", "5", "--against", "-2", "/3") == expected
    assert run("check", "play", "x2", "+8", "+4", "--to-beat=5", "--against=-2 ÷3") == expected


def test_deciding_rule_is_the_broken_rule_or_the_one_that_allows_the_action() -> None:
    state = table(parse_cards("+9 +4"), to_beat=3)
    assert deciding_rule(check(state, Play(parse_cards("+9"))), state) == "R4.4"
    assert deciding_rule(check(state, Pass()), state) == "R4.5"
    assert deciding_rule(check(state, NextRound()), state) == "R5.4"


def test_the_table_check_builds_holds_every_card_once() -> None:
    state = table(
        parse_cards("+9 +9 +9 +9 +8 0 0 x3"), to_beat=5, against=parse_cards("-2 /3"), discard=True
    )
    held = [card for hand in state.hands for card in hand]
    assert sorted([*held, *state.standing, *state.deck, *state.discard]) == list(state.rules.deck)
    assert state.rules == Rules(players=2)
    assert check(state, parse_action("discard 0")).legal


def test_the_table_check_builds_for_other_rules_seats_every_player() -> None:
    rules = Rules(players=3, hand_limit=5, deck=(*STANDARD_DECK, *parse_cards("+9 -9")))
    state = table(parse_cards("+9 +9 +9 +9 +9 -9"), to_beat=3, rules=rules)
    assert [len(hand) for hand in state.hands] == [6, 5, 5]
    assert state.rules == rules
    held = [card for hand in state.hands for card in hand]
    assert sorted([*held, *state.standing, *state.deck]) == list(rules.deck)
    assert check(state, Play(parse_cards("+9 -9"))).legal


@pytest.mark.parametrize(
    ("action", "card", "held"),
    [
        ("+9 -9 -9", "-9", 1),
        ("+5 +5 +5 +5 +5", "+5", 4),
        ("0 0 0", "0", 2),
        ("x3 x3 x3 x3", "x3", 3),
    ],
)
def test_R1_2_check_refuses_a_table_the_deck_cannot_hold_and_judges_it_with_a_deck_that_can(
    tmp_path: Path, action: str, card: str, held: int
) -> None:
    words = bad_input("check", action)
    assert words == (
        f"argument --hand: the deck holds {held} {card}; this table holds {held + 1} "
        "(rule R1.2); give a deck that holds them with --rules FILE"
    )
    deck = (*STANDARD_DECK, *parse_cards(action))
    path = tmp_path / "house.json"
    path.write_text(wire.dumps(Rules(players=2, deck=deck)), encoding="utf-8")
    status, out, err = run("check", action, "--rules", str(path))
    assert (status, err) == (0, ""), out
    assert out.startswith("legal: ")


def test_R4_8_check_refuses_a_twelve_card_hand_and_judges_it_under_rules_that_allow_it(
    tmp_path: Path,
) -> None:
    hand = "+1 +1 +2 +2 +3 +3 +4 +4 +5 +5 +6 +6"
    words = bad_input("check", "+1 +2", "--hand", hand)
    assert words == (
        "argument --hand: a hand holds at most 8 cards here, got 12 (rule R4.8); "
        "give other rules with --rules FILE"
    )
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"players": 2, "hand_limit": 11}), encoding="utf-8")
    assert run("check", "+1 +2", "--hand", hand, "--rules", str(path))[0] == 0


def test_R1_2_an_attack_the_deck_cannot_hold_is_refused_naming_against() -> None:
    words = bad_input("check", "+8", "--to-beat", "2", "--against", "-9 -9")
    assert words.startswith("argument --against: the deck holds 1 -9; this table holds 2")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["fold"], "argument ACTION: action 'fold': write 'play CARDS'"),
        (["+8 +10"], "argument ACTION: card '+10': an Add card's value is 1 to 9 (rule R1.6)"),
        (["play +8 +10"], "argument ACTION: card '+10'"),
        (["pass"], "argument --hand: say what the player holds, to judge 'pass'"),
        (["+8", "--to-beat", "five"], "argument --to-beat: a score to beat is a whole number"),
        (["+8", "--hand", "+8 +44"], "argument --hand: card '+44'"),
        (["+8", "--against", "-2"], "argument --against: the attack comes with a score to beat"),
        (
            ["+8", "--opening", "--to-beat", "3"],
            "argument --opening: an opening has no score to beat",
        ),
        (
            ["discard +8", "--discard"],
            "argument --discard: a player discards only above 7 cards (rule R4.8)",
        ),
        (["+8", "--at", "3"], "argument --at: a position in a record; give --record FILE"),
        (
            ["+8", "--record", "/no/such/record.rts"],
            "/no/such/record.rts: No such file or directory",
        ),
        ([], "the following arguments are required: ACTION"),
    ],
)
def test_check_refuses_bad_input_on_one_line_with_status_2(argv: list[str], words: str) -> None:
    assert bad_input("check", *argv).startswith(words)


# --- check at a position of a record ---------------------------------------------------------


def test_check_at_a_position_of_a_record_judges_as_the_library_does(club: Path) -> None:
    states = club_night().replay()
    for at, text in [
        (1, "+9 +8"),
        (1, "+9 +8 +4 x3 x3"),
        (1, "pass"),
        (2, "discard -6"),
        (3, "next round"),
        (0, "pass"),
        (7, "pass"),
    ]:
        status, out, err = run("check", text, "--record", str(club), "--at", str(at))
        verdict = check(
            states[at], Play(parse_cards(text)) if text[0] == "+" else parse_action(text)
        )
        assert (status, err) == (0 if verdict.legal else 1, "")
        first, blank, judged, *_ = out.splitlines()
        assert first.startswith(f"after {at} action")
        assert (blank, judged) == ("", str(verdict))
    status, out, _ = run("check", "+9 +8", "--record", str(club), "--at", "1")
    assert out.splitlines()[0] == (
        "after 1 action: Bo (seat 1) to act, holding +3 +3 +4 +8 +9 ×3 ×3 −6, to beat 19 against ÷2"
    )
    status, out, _ = run("check", "pass", "--record", str(club))
    assert (status, out.splitlines()[0]) == (
        1,
        "after 7 actions: the match is over, won by Ann (seat 0)",
    )


def test_check_reads_a_record_from_standard_input() -> None:
    assert run("check", "pass", "--record", "-", "--at", "1", stdin=CLUB_NIGHT)[0] == 0


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--at", "8"], "argument --at: the record has 7 actions; give 0 to 7, got 8"),
        (["--at", "-1"], "argument --at: a score to beat is a whole number"),
        (["--hand", "+9"], "argument --record: the record gives the table; leave out --hand"),
        (
            ["--opening", "--to-beat", "3"],
            "argument --record: the record gives the table; leave out --to-beat, --opening",
        ),
    ],
)
def test_check_with_a_record_refuses_a_bad_position_or_a_second_table(
    club: Path, argv: list[str], words: str
) -> None:
    assert bad_input("check", "pass", "--record", str(club), *argv).startswith(words)


def test_a_record_that_cannot_be_read_is_one_line_with_its_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "bad.rts"
    path.write_text(CLUB_NIGHT.replace("2. Bo: pass", "2. Bo: play +9 +8"), encoding="utf-8")
    expected = (
        f"{path}: line 11, column 8: action 2 (Bo: play +8 +9): a reply must beat 19; "
        "this play totals 8 (rule R4.4)"
    )
    assert bad_input("check", "pass", "--record", str(path)) == expected
    assert bad_input("replay", str(path)) == expected
    path.write_bytes(b'[Seed "1"]\n\xff\n')
    assert bad_input("replay", str(path)).startswith(f"{path}: not UTF-8 text")


# --- replay ----------------------------------------------------------------------------------


def test_replay_prints_every_action_with_the_arithmetic_of_each_play_and_every_draw(
    club: Path,
) -> None:
    status, out, err = run("replay", str(club))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    record = club_night()
    states = record.replay()
    numbered = [line for line in lines if line[:1].isdigit()]
    assert [line.split(".")[0] for line in numbered] == [str(n) for n in range(1, 8)]
    for line, state, action in zip(numbered, states, record.actions, strict=False):
        _, events = step(state, action)
        played = [e for e in events if isinstance(e, Played)]
        if played:
            assert str(explain(played[0].cards, played[0].faced)) in line
        for drew in (e for e in events if isinstance(e, Drew)):
            assert drew.card is not None
            assert f"{record.name(drew.seat)} draws {drew.card:u}, and holds" in out
    assert "Ann holds +3 +4 +6 +7 +8 +9 ×2 ÷2" in lines[6] and "Bo holds" in lines[7]
    assert lines[-1] == "     Ann wins the match with 2 points"
    assert lines[:4] == [
        "Ann (seat 0), Bo (seat 1): 2 players, 7 cards each, first to 2 points, seed 27",
        "Event: Club night",
        "Date: 2026-12-01",
        "The whole table.",
    ]


def _swapped_pair() -> tuple[MatchRecord, MatchRecord]:
    """The club night dealt from a stacked deck, and again with two of Ann's cards swapped.

    Ann never plays her +6 and x2; the swap puts them at the bottom of the
    deck, which no one reaches, and brings up two other cards in their place.
    Bo sees none of it.
    """
    record = club_night()
    order, _ = Rng.from_seed(27).shuffle(record.rules.deck)
    deck = list(order)
    ann = [i for i in range(0, 14, 2) if str(deck[i]) in ("+6", "x2")]
    assert len(ann) == 2
    bottom = [
        j for j in range(len(deck) - 1, len(deck) - 10, -1) if str(deck[j]) not in ("+6", "x2")
    ]
    swapped = list(deck)
    for i, j in zip(ann, bottom, strict=False):
        swapped[i], swapped[j] = swapped[j], swapped[i]
    assert swapped[ann[0]] != deck[ann[0]] and sorted(swapped) == sorted(deck)
    first = MatchRecord(record.rules, 27, record.actions, tuple(deck), record.tags)
    second = MatchRecord(record.rules, 27, record.actions, tuple(swapped), record.tags)
    assert first.replay()[-1] != second.replay()[-1]
    return first, second


def _written(folder: Path, *records: MatchRecord) -> list[str]:
    """Write each record's text notation to a file in ``folder``; return the files' paths."""
    paths = []
    for n, record in enumerate(records):
        path = folder / f"{n}.rts"
        path.write_text(record.to_text(), encoding="utf-8")
        paths.append(str(path))
    return paths


def test_replay_seat_shows_only_what_that_seat_saw_a_swap_test(tmp_path: Path) -> None:
    first, second = _swapped_pair()
    paths = _written(tmp_path, first, second)
    assert run("replay", paths[0]) != run("replay", paths[1])  # the whole table differs
    assert run("replay", paths[0], "--seat", "0") != run("replay", paths[1], "--seat", "0")
    bo = run("replay", paths[0], "--seat", "1")
    assert bo == run("replay", paths[1], "--seat", "1") and bo[0] == 0
    assert "Ann holds" not in bo[1] and "Ann draws a card" in bo[1] and "seed" not in bo[1]
    assert "As Bo (seat 1) saw it." in bo[1]


def test_replay_json_is_the_wire_format_and_a_seat_sees_no_more_a_swap_test(
    tmp_path: Path,
) -> None:
    first, second = _swapped_pair()
    paths = _written(tmp_path, first, second)
    bo = run("replay", paths[0], "--seat", "1", "--json")
    assert bo == run("replay", paths[1], "--seat", "1", "--json") and bo[0] == 0
    assert run("replay", paths[0], "--json") != run("replay", paths[1], "--json")
    document = json.loads(bo[1])
    assert "seed" not in document and document["seat"] == 1
    assert document["names"] == list(first.names)
    assert wire.decode(Rules, document["rules"]) == first.rules
    start = first.start()
    assert wire.decode(PlayerView, document["start"]) == observe(start, 1)
    state = start
    for number, (entry, action) in enumerate(zip(document["steps"], first.actions, strict=True), 1):
        assert entry["number"] == number and entry["seat"] == state.current
        assert wire.decode(Action, entry["action"]) == action
        state, events = step(state, action)
        decoded = tuple(wire.decode(Event, value) for value in entry["events"])
        assert decoded == observe_events(events, 1)
    whole = json.loads(run("replay", paths[0], "--json")[1])
    assert whole["seat"] is None and whole["seed"] == first.seed
    assert wire.decode(GameState, whole["start"]) == start


def test_replay_reads_standard_input(club: Path) -> None:
    assert run("replay", "-", stdin=CLUB_NIGHT) == run("replay", str(club))


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--seat", "2"], "argument --seat: a seat from 0 to 1, got 2"),
        (["--seat", "one"], "argument --seat: a seat is a whole number from 0, got 'one'"),
    ],
)
def test_replay_refuses_a_seat_not_at_the_table(club: Path, argv: list[str], words: str) -> None:
    assert bad_input("replay", str(club), *argv) == words


def test_replay_refuses_a_missing_file_and_a_bad_record(tmp_path: Path) -> None:
    assert (
        bad_input("replay", str(tmp_path / "none.rts"))
        == f"{tmp_path / 'none.rts'}: No such file or directory"
    )
    assert bad_input("replay", str(tmp_path)).startswith(f"{tmp_path}: Is a directory")
    assert bad_input("replay", "-", stdin='[Seed "1"]\nRound 1\n*\nmore\n') == (
        "-: line 4, column 1: nothing may follow the result"
    )


# --- as installed ----------------------------------------------------------------------------


def test_the_installed_command_checks_and_replays(club: Path) -> None:
    assert SCRIPT.exists(), "run .venv/bin/pip install -e '.[test]' to install the script"
    for argv in (
        ["check", "+8 +4 x2", "--hand", "+8 +4 x2 -3 /2", "--to-beat", "5", "--against", "-2 /3"],
        ["check", "+6 +6", "--to-beat", "12"],
        ["check", "pass", "--record", str(club), "--at", "1"],
        ["check", "fold"],
        ["replay", str(club), "--seat", "0"],
    ):
        done = subprocess.run(
            [str(SCRIPT), *argv], capture_output=True, text=True, encoding="utf-8", timeout=60
        )
        assert (done.returncode, done.stdout, done.stderr) == run(*argv)
    assert [
        subprocess.run([str(SCRIPT), *argv], capture_output=True, timeout=60).returncode
        for argv in (
            ["check", "+6 +6", "--to-beat", "11"],
            ["check", "+6 +6", "--to-beat", "12"],
            ["check", "+66"],
        )
    ] == [0, 1, 2]


# --- JSON ------------------------------------------------------------------------------------


def test_check_json_prints_the_encoded_verdict_and_keeps_the_exit_status() -> None:
    for argv, status in (
        (["+9 x2", "--to-beat", "5", "--against", "+5 /2 /2"], 1),
        (["+9 +7 +4 x2", "--to-beat", "5", "--against", "+5 /2 /2"], 0),
    ):
        got, out, err = run("check", *argv, "--json")
        assert (got, err) == (status, "")
        state = table(parse_cards(argv[0]), to_beat=5, against=parse_cards("+5 /2 /2"))
        verdict = check(state, Play(parse_cards(argv[0])))
        assert out == wire.dumps(verdict) + "\n"
        assert wire.loads(Verdict, out) == verdict


def test_replay_and_check_read_the_json_form_of_a_record(club: Path, tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    path.write_text("\n  " + wire.dumps(club_night()), encoding="utf-8")
    assert run("replay", str(path), "--seat", "1") == run("replay", str(club), "--seat", "1")
    argv = ["check", "pass", "--at", "1", "--record"]
    assert run(*argv, str(path)) == run(*argv, str(club))


def test_a_bad_json_record_is_one_line_naming_the_place(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    data = wire.encode(club_night())
    assert isinstance(data, dict)
    data["seed"] = 27
    path.write_text(json.dumps(data), encoding="utf-8")
    assert bad_input("replay", str(path)).startswith(f"{path}: ")
    path.write_text("{not json", encoding="utf-8")
    assert bad_input("replay", str(path)).startswith(f"{path}: ")
    data = wire.encode(club_night())
    assert isinstance(data, dict)
    data["tags"] = {"Seed": "1"}  # a tag the record refuses
    path.write_text(json.dumps(data), encoding="utf-8")
    assert "reserved" in bad_input("replay", str(path))


# --- check at a position, and replay --at ----------------------------------------------------


def _judged(state: GameState, action: Action, seat: int | None) -> tuple[int, str]:
    """``check ACTION --position`` at ``state`` (the referee's, or seat's): status and verdict."""
    status, out, err = run("check", str(action), "--position", to_position(state, seat=seat))
    assert err == "", err
    return status, out.splitlines()[2]


@settings(max_examples=40, deadline=None)
@given(game_states(max_steps=60), st.data())
def test_check_position_judges_every_action_as_the_library_does_at_random_states(
    state: GameState, data: st.DataObject
) -> None:
    actions = list(legal_plays(state)[:6])
    hand = state.hands[state.current]
    if hand:
        actions.append(Play(data.draw(st.lists(st.sampled_from(hand), min_size=1, max_size=6))))
        actions.append(Discard(hand[:1]))
    actions += [Pass(), NextRound()]
    for action in actions:
        verdict = check(state, action)
        expected = (0 if verdict.legal else 1, str(verdict))
        assert _judged(state, action, None) == expected
        assert _judged(state, action, state.current) == expected


def test_check_position_judges_a_seat_not_to_act_out_of_turn() -> None:
    state = club_night().replay()[1]
    status, out, _ = run("check", "+3", "--position", to_position(state, seat=0))
    assert status == 1
    assert out.splitlines()[0] == "seat 1 to act; judging for seat 0, holding +4 +6 +8 ×2"
    assert out.splitlines()[2] == "illegal (rule R4.9): it is seat 1's turn, not seat 0's"


def test_check_position_reads_a_file_standard_input_and_a_json_state_or_view(
    tmp_path: Path,
) -> None:
    state = club_night().replay()[1]
    expected = run("check", "+9 +8", "--position", to_position(state))
    path = tmp_path / "position.txt"
    path.write_text(to_position(state) + "\n", encoding="utf-8")
    assert run("check", "+9 +8", "--position", str(path)) == expected
    assert run("check", "+9 +8", "--position", "-", stdin=to_position(state)) == expected
    path = tmp_path / "state.json"
    path.write_text(wire.dumps(state), encoding="utf-8")
    assert run("check", "+9 +8", "--position", str(path)) == expected
    path = tmp_path / "view.json"
    path.write_text(wire.dumps(observe(state, 1)), encoding="utf-8")
    assert run("check", "+9 +8", "--position", str(path)) == expected


def test_check_record_given_a_json_state_points_to_position(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text(wire.dumps(club_night().start()), encoding="utf-8")
    assert bad_input("check", "+9", "--record", str(path)) == (
        f"{path}: this is a game state, not a match record; judge an action there with: "
        f"check ACTION --position {path}"
    )


def test_check_position_with_rules_judges_a_house_deck(tmp_path: Path) -> None:
    text = "rts1 0 +9-9-9|?7 - p0 - 0,0 ? -"
    assert bad_input("check", "-9 -9", "--position", text) == (
        "argument --position: column 12: the deck holds 1 -9; this position shows 2 (rule R1.2)"
    )
    path = tmp_path / "house.json"
    path.write_text(
        wire.dumps(Rules(players=2, deck=(*STANDARD_DECK, *parse_cards("-9")))), encoding="utf-8"
    )
    status, out, _ = run("check", "-9 -9", "--position", text, "--rules", str(path))
    assert (
        status == 0
        and out.splitlines()[2] == "legal: 0 (no blue cards: the total starts at 0), an opening"
    )


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--position", ""], "argument --position: empty; give a position"),
        (["--position", "rts1 0 +9|?7"], "argument --position: column 13: a position has 9"),
        (["--position", "/no/such.rts"], "/no/such.rts: No such file or directory"),
        (
            ["--position", "rts1 0 +9|?7 - p0 - 0,0 ? -", "--hand", "+9"],
            "argument --position: the position gives the table; leave out --hand",
        ),
        (
            ["--position", "rts1 0 +9|?7 - p0 - 0,0 ? -", "--at", "1"],
            "argument --at: a position in a record; give --record FILE",
        ),
        (
            ["--position", "rts1 * ?1|?7 - p0 - 0,0 ? -"],
            "argument --position: the position does not show the hand of seat 0, who is to act",
        ),
    ],
)
def test_check_position_refuses_bad_input_on_one_line(argv: list[str], words: str) -> None:
    assert bad_input("check", "+9", *argv).startswith(words)


def test_check_position_and_record_together_are_refused(club: Path) -> None:
    assert bad_input(
        "check", "+9", "--record", str(club), "--position", "rts1 0 +9|?7 - p0 - 0,0 ? -"
    ) == ("argument --position: give a position or a record, not both")


def test_replay_at_prints_the_position_after_n_actions_referee_or_seat(club: Path) -> None:
    states = club_night().replay()
    for at in range(len(states)):
        status, out, err = run("replay", str(club), "--at", str(at))
        assert (status, err) == (0, "")
        assert out == to_position(states[at]) + "\n"
        assert from_position(out).state() == states[at]
        status, out, _ = run("replay", str(club), "--at", str(at), "--seat", "1")
        assert out == to_position(states[at], seat=1) + "\n"
        assert from_position(out).view() == observe(states[at], 1)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--at", "8"], "argument --at: the record has 7 actions; give 0 to 7, got 8"),
        (["--at", "x"], "argument --at: a number of actions, 0 or more, got 'x'"),
        (["--at", "1", "--json"], "argument --at: the position is one line of text"),
    ],
)
def test_replay_at_refuses_a_bad_number(club: Path, argv: list[str], words: str) -> None:
    assert bad_input("replay", str(club), *argv).startswith(words)
