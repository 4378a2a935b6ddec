"""Every script in ``examples/`` runs, and prints what it claims to.

Each script runs as a subprocess with this interpreter; a new script fails
:func:`test_every_example_runs_and_prints_what_it_claims` until it is given
a check in :data:`CHECKS`. The printed matches are checked against the
rules, not against a recording: every play's arithmetic is recomputed with
:func:`explain`, every reply beats the standing score (R4.4), the attack a
reply faces is the standing play's (R4.6, R4.7), the round goes to the last
player to make a play (R5.1), and the points add up (R3.5, R5.2).
:mod:`minimal_frontend` is also driven in-process through its ``read`` and
``write`` seams.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import attrs
import pytest

from raise_the_sum import (
    ALL_CARDS,
    NO_ATTACK,
    Attack,
    IllegalAction,
    Pass,
    Play,
    Rules,
    apply,
    attack_of,
    explain,
    new_game,
    parse_cards,
    score,
)
from raise_the_sum.rulebook import rule

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))


def load(name: str) -> ModuleType:
    """Import ``examples/<name>.py`` as a module."""
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def flat(text: str) -> str:
    """``text`` with all whitespace runs made one space: wrapped text compares equal."""
    return " ".join(text.split())


# --- checking a printed match against the rules -----------------------------------------------


@attrs.frozen
class Played:
    """One play as printed: who, the cards, the attack it faced (if printed), its arithmetic."""

    who: str
    cards: str
    derivation: str
    sent: str | None = None
    against: str | None = None


@attrs.define
class Round:
    """One round as printed: its plays, and its winner and the points after it (if printed)."""

    plays: list[Played] = attrs.Factory(list)
    winner: str | None = None
    points: dict[str, int] | None = None


def verify(rounds: list[Round], *, max_play: int = 5) -> None:
    """Check every printed round against the rules (see the module's docstring)."""
    assert rounds and all(r.plays for r in rounds)
    previous: dict[str, int] | None = None
    for number, round_ in enumerate(rounds, start=1):
        attack: Attack = NO_ATTACK  # a new round starts with no attack (R5.3)
        to_beat: int | None = None
        for play in round_.plays:
            cards = parse_cards(play.cards)
            assert 1 <= len(cards) <= max_play, play  # R4.2
            if play.against is not None:
                assert play.against == str(attack), play
            explanation = explain(cards, attack)
            assert play.derivation == str(explanation), play
            assert explanation.total == score(cards, attack)
            if play.sent is not None:
                assert play.sent == str(attack_of(cards)), play
            else:
                assert attack_of(cards).is_none, play
            if to_beat is not None:
                assert explanation.total > to_beat, play  # R4.4: a tie does not beat
            to_beat, attack = explanation.total, attack_of(cards)  # R4.6; a pass keeps it (R4.7)
        winner = round_.winner
        if winner is not None:
            assert winner == round_.plays[-1].who  # the last one in made the last play
        if round_.points is not None:
            assert winner is not None
            assert sum(round_.points.values()) == number  # one point a round (R5.1)
            if previous is not None:
                gained = {w for w in round_.points if round_.points[w] != previous[w]}
                assert gained == {winner}
                assert round_.points[winner] == previous[winner] + 1
            previous = round_.points


def points_of(text: str) -> dict[str, int]:
    """``"Jo 0, Riley 1"`` as ``{"Jo": 0, "Riley": 1}``."""
    return {name: int(value) for name, value in (part.split() for part in text.split(", "))}


_DEMO_PLAY = re.compile(
    r"^  (?P<who>\w+) plays (?P<cards>[^:]+?)(?: against (?P<against>[^:]+))?: "
    r"(?P<derivation>.+?)(?:; attacks (?P<sent>.+))?$"
)
_DEMO_WON = re.compile(
    r"^  (?P<who>\w+) (?:is the last one in and )?wins round \d+ +\((?P<points>.+)\)$"
)
_DEMO_MATCH = re.compile(r"^(?P<who>\w+) wins the match, (?P<most>\d+) points to (?P<next>\d+)")


def match_log(out: str, points_to_win: int, *, max_play: int = 5) -> str:
    """Check a match printed as ``demo_match`` and ``custom_variant`` print it; the winner."""
    rounds: list[Round] = []
    final = None
    for line in out.splitlines():
        if line.startswith("Round "):
            rounds.append(Round())
        elif match := _DEMO_PLAY.match(line):
            rounds[-1].plays.append(
                Played(
                    match["who"],
                    match["cards"],
                    match["derivation"],
                    match["sent"],
                    match["against"],
                )
            )
        elif match := _DEMO_WON.match(line):
            rounds[-1].winner, rounds[-1].points = match["who"], points_of(match["points"])
        elif match := _DEMO_MATCH.match(line):
            final = match
    verify(rounds, max_play=max_play)
    assert final is not None, "no match result printed"
    last = rounds[-1].points
    assert last is not None
    assert final["who"] == rounds[-1].winner
    assert int(final["most"]) == last[final["who"]] == points_to_win  # R3.5, R5.2
    assert int(final["next"]) == sorted(last.values())[-2] < points_to_win
    return final["who"]


# --- the scripts, one check each -------------------------------------------------------------


def check_demo_match(out: str) -> None:
    assert out.startswith("Raise the Sum: a 4-player match, seed ")
    match_log(out, Rules().points_to_win)


def check_custom_variant(out: str) -> None:
    variant = load("custom_variant").VARIANT
    assert variant == Rules(
        players=2, hand_size=5, hand_limit=5, max_play=3, points_to_win=3, deck=variant.deck
    )
    assert (
        f"Its deck holds {len(variant.deck)} cards; these rules need at least "
        f"{variant.min_deck_size} (rule R3.6)." in out
    )
    refusals = re.findall(r"^    refused: (.+)$", out, flags=re.MULTILINE)
    assert [re.search(r"\(rule (R\d\.\d+)\)$", r) is not None for r in refusals] == [True] * 4
    assert {m.group(1) for r in refusals if (m := re.search(r"\(rule (R\d\.\d+)\)$", r))} == {
        "R3.1",
        "R3.6",
        "R3.7",
    }
    assert all(r.startswith("Rules.") for r in refusals)  # each names the field (R7.2)
    assert set(re.findall(r"^  (\w+) plays", out, flags=re.MULTILINE)) == {"Ann", "Ben"}
    match_log(out, variant.points_to_win, max_play=variant.max_play)


def check_settle_dispute(out: str) -> None:
    to_beat = 12
    tie = parse_cards("+6 +6")
    assert score(tie) == to_beat
    assert f"illegal (rule R4.4): a reply must beat {to_beat}; this play totals {to_beat}" in out
    own = explain(parse_cards("+9 +4 -3"))
    assert f"legal: {own}, which beats {to_beat}" in out
    assert f"sends on: {own.outgoing}" in out and str(own.outgoing) == "−3"
    halved = attack_of(parse_cards("/2 /2"))
    nine_times_two = explain(parse_cards("+9 x2"), halved)
    sam = score(parse_cards("+9 +9 /2 /2"), attack_of(parse_cards("+9 +4 -3")))
    assert f"a reply must beat {sam}; this play totals {nine_times_two.total}" in out
    with_zero = explain(parse_cards("+9 x2 0"), halved)
    assert f"legal: {with_zero}, which beats {sam}" in out
    for step in (*nine_times_two.steps, *with_zero.steps):
        assert f"{step.rule:<5} {step.text}" in out
    for rule_id in ("R4.4", "R2.8", "R2.5", "R2.2"):
        assert flat(f"{rule_id} {rule(rule_id).title}: {rule(rule_id).text}") in flat(out)


def check_minimal_frontend(out: str) -> None:
    """Run with junk on standard input, then its end: each refused, then a clean exit."""
    prompts = out.count("Your hand: ")
    assert prompts == 3
    with pytest.raises(ValueError) as bad_card:
        parse_cards("x9")
    with pytest.raises(IllegalAction) as opening_pass:
        apply(new_game(seed=0), Pass())
    assert f"Not allowed: {bad_card.value}\n" in out
    assert f"Not allowed: {opening_pass.value}\n" in out and "(rule R4.3)" in out
    assert out.endswith("Bye.\n")


def check_server_client(out: str) -> None:
    """Every round's point is printed, and they add up to the match result; the seed is fair."""
    lines = out.splitlines()
    final = re.fullmatch(r"match over: seat (\d) wins; points \[(.+)\]", lines[-2])
    assert final is not None, lines[-2:]
    points = [int(p) for p in final[2].split(", ")]
    rounds = [int(m[1]) for line in lines if (m := re.fullmatch(r"seat (\d) round won", line))]
    assert len(rounds) == sum(points) and all(rounds.count(s) == p for s, p in enumerate(points))
    assert points[int(final[1])] == max(points) == Rules().points_to_win  # R5.2
    assert [line for line in lines if line.endswith("match won")] == [f"seat {final[1]} match won"]
    assert re.fullmatch(r"the seed \d+ matches the commitment", lines[-1]), lines[-1]
    assert "seat 0 plays " in out and "seat 3 plays " in out


#: Each script's standard input and the check of its output.
CHECKS: dict[str, tuple[str, Callable[[str], None]]] = {
    "demo_match.py": ("", check_demo_match),
    "custom_variant.py": ("", check_custom_variant),
    "settle_dispute.py": ("", check_settle_dispute),
    "minimal_frontend.py": ("x9\npass\n", check_minimal_frontend),
    "server_client.py": ("", check_server_client),
}

#: The scripts that talk to the game server: they get its URL, of a real one started for them.
NEEDS_SERVER = {"server_client.py"}


@pytest.fixture
def arguments(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[Callable[[Path], list[str]]]:
    """The command-line arguments of a script: the URL of a real server (pace 0) if it needs one."""
    from server.harness import Server

    started: list[Server] = []

    def of(script: Path) -> list[str]:
        if script.name not in NEEDS_SERVER:
            return []
        started.append(Server(tmp_path / "tables.db", pace=0).start())
        return [started[-1].url]

    yield of
    for server in started:
        server.stop()


@pytest.mark.parametrize("script", SCRIPTS, ids=[path.name for path in SCRIPTS])
def test_every_example_runs_and_prints_what_it_claims(
    script: Path, arguments: Callable[[Path], list[str]]
) -> None:
    assert script.name in CHECKS, f"add a check of what {script.name} prints to CHECKS"
    stdin, check = CHECKS[script.name]
    done = subprocess.run(
        [sys.executable, str(script), *arguments(script)],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        cwd=script.parent,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    check(done.stdout)


def test_every_example_says_what_it_shows_and_how_to_run_it() -> None:
    for script in SCRIPTS:
        module = load(script.stem)
        assert module.__doc__ and f"python examples/{script.name}" in module.__doc__, script
        assert callable(module.main), script


@pytest.mark.parametrize("seed", [2026, 7])
def test_the_demo_and_the_variant_take_a_seed(seed: int) -> None:
    for name in ("demo_match", "custom_variant"):
        done = subprocess.run(
            [sys.executable, str(EXAMPLES / f"{name}.py"), "--seed", str(seed)],
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=120,
            env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        )
        assert done.returncode == 0, done.stderr
        assert f"seed {seed}" in done.stdout
        CHECKS[f"{name}.py"][1](done.stdout)


# --- minimal_frontend through its seams ------------------------------------------------------


class Terminal:
    """Scripted input for ``minimal_frontend.main``; records the prompts and the output."""

    def __init__(self, answer: Callable[[str], str]) -> None:
        self.answer = answer
        self.prompts: list[str] = []
        self.lines: list[str] = []

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        return self.answer(prompt)

    def write(self, line: str) -> None:
        self.lines.append(line)


def scripted(*answers: str, end: type[BaseException] = EOFError) -> Callable[[str], str]:
    """Give ``answers`` in turn, then raise ``end`` (the end of input, or Ctrl-C)."""
    queue: Iterator[str] = iter(answers)

    def answer(prompt: str) -> str:
        try:
            return next(queue)
        except StopIteration:
            raise end from None

    return answer


def hand_in(prompt: str) -> list[str]:
    """The cards a prompt shows as the human's hand."""
    match = re.match(r"Your hand: ([^.]*)\. ", prompt)
    assert match is not None, prompt
    return match[1].split()


@pytest.mark.parametrize("seed", [2026, 7, 11])
def test_minimal_frontend_refuses_junk_with_the_reason_and_asks_again(seed: int) -> None:
    frontend = load("minimal_frontend")
    state = new_game(seed=seed)
    hand = state.hands[0]
    not_held = next(card for card in ALL_CARDS if card not in hand)
    junk = [
        "fold",
        "+10",
        "7",
        "pass",
        "",
        "   ",
        str(not_held),
        " ".join(map(str, hand)),
        "next round",
        "discard +1",
    ]
    expected = []
    for text in junk:
        with pytest.raises(ValueError) as error:  # IllegalAction is a ValueError
            action = Pass() if text.strip() == "pass" else Play(parse_cards(text))
            apply(state, action)
        expected.append(f"  Not allowed: {error.value}")
    rules_cited = {e.rsplit("(rule ", 1)[1] for e in expected}
    assert rules_cited >= {"R1.6)", "R4.2)", "R4.3)"}

    terminal = Terminal(scripted(*junk))
    assert frontend.main(terminal.read, terminal.write, seed=seed) == 0
    assert terminal.lines == [*expected, "Bye."]
    assert len(set(terminal.prompts)) == 1  # the state never changed
    assert hand_in(terminal.prompts[0]) == [format(card, "u") for card in hand]
    assert "Open with 1 to 5 cards" in terminal.prompts[0]


def test_minimal_frontend_leaves_cleanly_on_ctrl_c() -> None:
    frontend = load("minimal_frontend")
    terminal = Terminal(scripted("nonsense", end=KeyboardInterrupt))
    assert frontend.main(terminal.read, terminal.write) == 0
    assert terminal.lines[-1] == "Bye."
    assert len(terminal.prompts) == 2


_FRONTEND_PLAY = re.compile(
    r"^(?P<who>\w+): (?P<cards>[^:]+?)  ->  (?P<derivation>.+); attack sent: (?P<sent>.+)$"
)
_FRONTEND_WON = re.compile(r"^(?P<who>\w+) won the round \((?P<points>.+)\)\. Next round\.$")
_FRONTEND_MATCH = re.compile(r"^(?P<who>\w+) won the match, (?P<points>\d+) points\.$")


@pytest.mark.parametrize("seed", [2026, 3])
def test_minimal_frontend_plays_a_whole_match_that_keeps_the_rules(seed: int) -> None:
    """The human opens with their highest card, passes every reply, discards their
    lowest card, and answers one prompt in five with junk first; the match
    ends, and what it prints keeps the rules."""
    frontend = load("minimal_frontend")
    asked = 0

    def answer(prompt: str) -> str:
        nonlocal asked
        asked += 1
        if asked % 5 == 0:
            return "+0"
        hand = hand_in(prompt)
        if "Open with" in prompt:
            return hand[-1] if hand[-1] != "0" else hand[0]
        if "Discard down to" in prompt:
            return hand[0]
        assert "To beat: " in prompt and "; attack on you: " in prompt
        return "pass"

    terminal = Terminal(answer)
    assert frontend.main(terminal.read, terminal.write, seed=seed) == 0
    rounds = [Round()]
    for line in terminal.lines:
        if match := _FRONTEND_PLAY.match(line):
            sent = None if match["sent"] == "none" else match["sent"]
            rounds[-1].plays.append(Played(match["who"], match["cards"], match["derivation"], sent))
        elif match := _FRONTEND_WON.match(line):
            rounds[-1].winner, rounds[-1].points = match["who"], points_of(match["points"])
            rounds.append(Round())
    verify(rounds)
    final = _FRONTEND_MATCH.match(terminal.lines[-1])
    assert final is not None, terminal.lines[-1]
    assert final["who"] == rounds[-1].plays[-1].who  # the last one in wins the last round
    assert int(final["points"]) == Rules().points_to_win
    assert sum(r.plays[0].who == "You" for r in rounds) >= 1  # the human opened a round
    assert "You: pass" in terminal.lines
    assert any(line.startswith("You: discard ") for line in terminal.lines)
    assert (
        terminal.lines.count("  Not allowed: card '+0': an Add card's value is 1 to 9 (rule R1.6)")
        == asked // 5
    )


_DOCS = EXAMPLES.parent / "docs"


@pytest.mark.parametrize("script", sorted(p.name for p in EXAMPLES.glob("*.py")))
def test_every_example_is_linked_from_the_docs_page_it_illustrates(script: str) -> None:
    """A ``:download:`` link (or a ``literalinclude``) of ``examples/<script>`` on some page."""
    link = re.compile(
        rf":download:`[^`]*<\.\./examples/{re.escape(script)}>`"
        rf"|literalinclude:: \.\./examples/{re.escape(script)}\b"
    )
    pages = [page.name for page in _DOCS.glob("*.rst") if link.search(page.read_text("utf-8"))]
    assert pages, f"examples/{script} is linked from no page of docs/"
