"""The terminal game, ``raise-the-sum play``, driven through its input and output seams.

A :class:`~raise_the_sum.cli.game.session.Session` talks to a
:class:`~raise_the_sum.cli.game.screen.Screen`: the tests either feed a
:class:`PlainScreen` a script of lines, or answer each prompt from a policy
that reads the table (``Scripted``). What the game shows and accepts is
checked against the library itself: ``legal_plays``, ``check``, ``explain``,
the rulebook and the match's own final state. The pseudo-terminal test of
the installed command is ``test_cli_play_pty.py``.
"""

from __future__ import annotations

import io
import itertools
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import raise_the_sum.cli.play as play_command
from raise_the_sum import (
    Action,
    Card,
    Discard,
    GameState,
    Kind,
    Pass,
    Phase,
    Play,
    Rules,
    apply,
    check,
    explain,
    legal_plays,
    match_winner,
    new_game,
    observe,
    parse_cards,
    step,
)
from raise_the_sum.bots import OPPONENTS, Bot, make_bot
from raise_the_sum.cli import build_parser, main
from raise_the_sum.cli.game.commands import (
    Enter,
    Fresh,
    Help,
    Hint,
    InputError,
    PassTurn,
    Pick,
    Quit,
    ReadRule,
    parse_command,
    parse_yes_no,
)
from raise_the_sum.cli.game.render import describe_action, hand_block, numbers_of
from raise_the_sum.cli.game.rich_screen import RICH_STYLES, RichScreen
from raise_the_sum.cli.game.screen import PlainScreen, Prompt, PromptKind
from raise_the_sum.cli.game.session import (
    EXIT_INTERRUPT,
    EXIT_OK,
    FRESH_START,
    Session,
    seat_names,
)
from raise_the_sum.cli.game.text import STYLES, Block, Span, card_span, plain
from raise_the_sum.lessons import INTRO
from raise_the_sum.rulebook import RULES, rule

RILEY_SAM_ALEX = [OPPONENTS["riley"], OPPONENTS["sam"], OPPONENTS["alex"]]


# --- the seams ---------------------------------------------------------------------------------


class Scripted:
    """A screen that answers each prompt from ``policy(prompt, session)`` and records it all.

    ``lines`` is the transcript, each prompt followed by its answer, as a
    terminal shows it; ``asked`` is every prompt with the table it was asked
    at and the answer given.
    """

    def __init__(self, policy: Callable[[Prompt, Session], str]) -> None:
        self.policy = policy
        self.session: Session | None = None
        self.lines: list[str] = []
        self.asked: list[tuple[Prompt, GameState, str]] = []
        self.waited: list[float] = []

    def show(self, block: Block) -> None:
        self.lines.extend(plain(line).rstrip() for line in block)

    def ask(self, prompt: Prompt) -> str:
        assert self.session is not None and self.session.state is not None
        answer = self.policy(prompt, self.session)
        self.asked.append((prompt, self.session.state, answer))
        self.lines.append(plain(prompt.text) + answer)
        return answer

    def wait(self, prompt: Prompt, seconds: float) -> str | None:
        """A timed prompt: the policy's answer, or None (the time ran out) when it says "wait"."""
        self.waited.append(seconds)
        answer = self.ask(prompt)
        return None if answer == "wait" else answer

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def scripted_session(
    policy: Callable[[Prompt, Session], str],
    opponents: Sequence[Bot] = RILEY_SAM_ALEX,
    seeds: Sequence[int] = (3,),
    tutorial: bool = False,
) -> tuple[Session, Scripted]:
    screen = Scripted(policy)
    session = Session(screen, opponents, seeds=iter(seeds), tutorial=tutorial)
    screen.session = session
    return session, screen


def transcript(
    script: str,
    opponents: Sequence[Bot] = RILEY_SAM_ALEX,
    seeds: Sequence[int] = (3,),
    tutorial: bool = False,
) -> tuple[int, str, Session]:
    """Run a session on ``script`` (one line per answer) through a PlainScreen."""
    out = io.StringIO()
    session = Session(
        PlainScreen(io.StringIO(script), out, echo=True),
        opponents,
        seeds=iter(seeds),
        tutorial=tutorial,
    )
    status = session.run()
    return status, out.getvalue(), session


def table(session: Session) -> GameState:
    assert session.state is not None
    return session.state


def typed(action: Action, hand: Sequence[Card], by_number: bool) -> str:
    """What a player types for ``action``: card numbers or notation."""
    if isinstance(action, Pass):
        return "pass"
    assert isinstance(action, (Play, Discard))
    if by_number:
        return " ".join(map(str, numbers_of(action.cards, hand)))
    return " ".join(str(card) for card in action.cards)


def steady_policy(prompt: Prompt, session: Session) -> str:
    """Open with the first legal play, pass on a reply, discard the first cards, go on."""
    state = table(session)
    if prompt.kind is PromptKind.MATCH_OVER:
        return "quit"
    if prompt.kind is PromptKind.ROUND_OVER:
        return ""
    legal = legal_plays(state)
    by_number = len(state.hands[0]) % 2 == 0  # both ways of picking, by turns
    if prompt.kind is PromptKind.DISCARD or state.opening:
        return typed(legal[0], state.hands[0], by_number)
    return "pass"


# --- parsing what the player types ------------------------------------------------------------


HAND = parse_cards("+2 +5 +5 +8 x2 -3 /2 0")


def test_numbers_pick_cards_in_the_order_the_hand_is_shown() -> None:
    shown = list(map(plain, hand_block(HAND)))
    numbers, chips = shown[1].split(), shown[2].split()
    assert numbers == [str(i) for i in range(1, len(HAND) + 1)]
    assert chips == [format(card, "u") for card in HAND]
    for n in range(1, len(HAND) + 1):
        assert parse_command(str(n), HAND) == Pick((HAND[n - 1],), (n,))
    assert parse_command("1 3 5", HAND) == Pick((HAND[0], HAND[2], HAND[4]), (1, 3, 5))


def test_cards_can_be_picked_by_notation_in_any_sign_and_case() -> None:
    assert parse_command("+8 +5 x2", HAND) == Pick(parse_cards("+8 +5 x2"))
    assert parse_command("+8 ×2 −3 ÷2", HAND) == Pick(parse_cards("+8 x2 -3 /2"))
    assert parse_command("+8, X2", HAND) == Pick(parse_cards("+8 x2"))
    assert parse_command("play 0 4", HAND) == Pick((Card.parse("0"), HAND[3]), verb="play")
    assert parse_command("discard 2", HAND) == Pick((HAND[1],), (2,), verb="discard")


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("", Enter()),
        ("   ", Enter()),
        ("next", Enter()),
        ("pass", PassTurn()),
        ("PASS", PassTurn()),
        ("hint", Hint()),
        ("rules", ReadRule()),
        ("rule", ReadRule()),
        ("rule R4.4", ReadRule("R4.4")),
        ("rule r4.4", ReadRule("R4.4")),
        ("rule 2.5", ReadRule("R2.5")),
        ("new", Fresh()),
        ("quit", Quit()),
        ("q", Quit()),
        ("exit", Quit()),
        ("help", Help()),
        ("?", Help()),
    ],
)
def test_the_words_of_the_prompt(text: str, command: object) -> None:
    assert parse_command(text, HAND) == command


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("9", "there is no card 9: your hand has 8 cards, numbered 1 to 8 (rule R4.2)"),
        ("1 1", "card 1 is picked twice: each card in your hand can be picked once (rule R4.2)"),
        ("+10", "card '+10': an Add card's value is 1 to 9 (rule R1.6)"),
        ("+8 x4", "card 'x4': a Multiply card's value is 2 or 3 (rule R1.6)"),
        ("1 +8 y", "card 'y': unknown card; write +1..+9, x2, x3, -1..-9, /2, /3 or 0 (rule R1.6)"),
        ("fold", "'fold' is not a command or a card: type 'help' for the commands"),
        ("pass now", "'pass' takes nothing after it"),
        ("rule R4.4 R4.5", "write 'rule' and one rule's identifier, as in: rule R4.4"),
        ("play", "play what? Pick cards by number (1 3) or by card (+8 x2)"),
    ],
)
def test_bad_input_gets_the_reason(text: str, reason: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_command(text, HAND)
    assert str(caught.value) == reason


def test_card_notation_errors_are_the_librarys_own_words() -> None:
    for word in ["+10", "x4", "/1", "-0", "+", "7x"]:
        with pytest.raises(ValueError) as library:
            Card.parse(word)
        with pytest.raises(InputError) as game:
            parse_command(f"1 {word}", HAND)
        assert str(game.value) == str(library.value)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_parsing_any_text_gives_a_command_or_an_input_error_and_nothing_else(text: str) -> None:
    try:
        command = parse_command(text, HAND)
    except InputError as error:
        assert str(error)
        return
    if isinstance(command, Pick):
        assert command.cards and all(isinstance(c, Card) for c in command.cards)


def test_yes_or_no() -> None:
    assert [parse_yes_no(t) for t in ("y", "YES", " n ", "no")] == [True, True, False, False]
    for junk in ("", "maybe", "yy", "1"):
        with pytest.raises(InputError, match=r"answer y \(yes\) or n \(no\)"):
            parse_yes_no(junk)


# --- what the game shows ----------------------------------------------------------------------


def test_R1_5_each_card_is_shown_in_its_colour() -> None:
    looks = {"blue": "blue", "green": "green", "red": "red", "yellow": "yellow", "black": "grey15"}
    for kind in Kind:
        for value in kind.values:
            card = Card(kind, value)
            chip = card_span(card)
            assert chip.style == f"card.{kind.value}"
            colour = RICH_STYLES[chip.style].bgcolor
            assert colour is not None and colour.name == looks[card.colour]
            assert chip.text.strip() == format(card, "u")


def test_every_style_has_a_look_in_the_rich_screen() -> None:
    assert set(RICH_STYLES) == set(STYLES)


def test_seat_names_follow_the_page() -> None:
    assert seat_names(RILEY_SAM_ALEX) == ("You", "Riley", "Sam", "Alex")
    assert seat_names([make_bot("greedy"), make_bot("greedy")]) == ("You", "Greedy", "Greedy 2")


def test_the_table_shows_every_seat_the_score_the_attack_and_who_played_it() -> None:
    def policy(prompt: Prompt, session: Session) -> str:
        return "quit" if screen.asked else "+7 +6 -5"

    # Seed 7: You open with +7 +6 -5 (the README's example); the opponents reply.
    session, screen = scripted_session(policy, seeds=(7,))
    assert session.run() == EXIT_OK
    state = screen.asked[-1][1]
    assert state.current == 0 and state.standing_seat is not None
    text = screen.text
    block = text[text.rindex("Your turn") :]
    names = session.names
    for seat, name in enumerate(names):
        row = next(line for line in block.splitlines() if line.startswith(f"  {name} "))
        assert f" {state.points[seat]} pt" in row
        assert f" {len(state.hands[seat])} card" in row
        assert ("passed" in row) == (seat in state.passed)
    who = names[state.standing_seat]
    standing = " ".join(format(c, "u") for c in state.standing)
    assert f"Score to beat: {state.to_beat}  ({who} played {standing})" in block
    if state.attack.is_none:
        assert "Attack on the reply: none" in block
    else:
        assert f"Attack on the reply: {state.attack}  (from {who}'s" in block
    assert f"Your reply (beat {state.to_beat}) › quit" in block


def test_every_action_is_shown_with_the_arithmetic_of_every_play() -> None:
    """Replaying the match from its transcript alone reaches the session's final table."""
    session, screen = scripted_session(steady_policy)
    assert session.run() == EXIT_OK
    steps, final = replay(session.seed, session.names, screen.lines)
    assert final == session.state
    plays = [(before, action) for before, action in steps if isinstance(action, Play)]
    assert len(plays) > 10
    for before, action in plays:
        assert str(explain(action.cards, before.attack)) in screen.text


def replay(
    seed: int, names: Sequence[str], lines: Sequence[str]
) -> tuple[list[tuple[GameState, Action]], GameState]:
    """Replay a match from its transcript: at each step, the one legal action whose line
    the game printed next, so that the game's log is checked against the rules."""
    state = new_game(Rules(players=len(names)), seed=seed)
    steps: list[tuple[GameState, Action]] = []
    rest = iter(lines)
    while state.phase is not Phase.MATCH_OVER:
        if state.phase is Phase.ROUND_OVER:
            state = apply(state, legal_plays(state)[0])
            continue
        shown = {plain(describe_action(state, a, names)): a for a in legal_plays(state)}
        action = next((shown[line.strip()] for line in rest if line.strip() in shown), None)
        if action is None:
            break
        steps.append((state, action))
        state = apply(state, action)
    return steps, state


# --- a whole match ----------------------------------------------------------------------------


def junk_for(prompt: Prompt, state: GameState) -> list[str]:
    """Bad lines for ``prompt``: each must be refused with a reason."""
    common = ["fold", "99", "1 1", "+10", "x4 +1", "rule R9.9", "pass now"]
    if prompt.kind is PromptKind.PLAY:
        junk = ["", *common, "1 2 3 4 5 6"]
        if state.opening:
            junk.append("pass")  # rule R4.3
        else:
            # A play that does not beat the score (rule R4.4), if the hand has one.
            weak = [c for c in state.hands[0] if not check(state, Play((c,))).legal]
            if weak:
                junk.append(str(weak[0]))
        return junk
    if prompt.kind is PromptKind.DISCARD:
        return ["", *common, "pass", " ".join(str(n) for n in range(1, len(state.hands[0]) + 1))]
    return ["1", "pass", "+3", "fold", "rule R0"]


def test_a_full_match_with_junk_at_every_prompt() -> None:
    """Every prompt of a whole match first gets junk: each line is refused with a reason and
    the same prompt comes back on the same table; then a good answer goes through."""
    pending: list[str] = []
    junk_answers: set[int] = set()

    def policy(prompt: Prompt, session: Session) -> str:
        if not pending:
            pending.extend(junk_for(prompt, table(session)))
            pending.append("")
            return policy(prompt, session)
        answer = pending.pop(0)
        if not pending:
            return steady_policy(prompt, session)
        junk_answers.add(len(screen.asked))
        return answer

    session, screen = scripted_session(policy, opponents=[OPPONENTS["riley"], OPPONENTS["sam"]])
    assert session.run() == EXIT_OK
    state = table(session)
    assert state.phase is Phase.MATCH_OVER

    asked = screen.asked
    assert {asked[i][0].kind for i in junk_answers} == {
        PromptKind.PLAY,
        PromptKind.DISCARD,
        PromptKind.ROUND_OVER,
        PromptKind.MATCH_OVER,
    }
    for i in junk_answers:  # the same prompt again, on the same table
        assert (asked[i + 1][0], asked[i + 1][1]) == (asked[i][0], asked[i][1]), asked[i][2]
    refusals = [line for line in screen.lines if line.startswith("✗ ")]
    assert len(refusals) == len(junk_answers)
    for expected in (
        "✗ the opener must play: an opening cannot be passed (rule R4.3)",
        "✗ you hold 8 cards: discard 1 to end your turn with 7 (rule R4.8)",
        "✗ you hold 8 cards and keep 7: discard exactly 1, not 8 (rule R4.8)",
        "✗ the round is over: press Enter to start round 2 (rule R5.4)",
        "✗ the match is over: press Enter for a fresh match, or type quit (rule R5.2)",
        "✗ no rule 'R9.9' in the rulebook; rules are R1.1 to R7.2",
        "✗ card '+10': an Add card's value is 1 to 9 (rule R1.6)",
        "✗ there is no card 99: your hand has 8 cards, numbered 1 to 8 (rule R4.2)",
    ):
        assert expected in refusals
    assert any(
        line.startswith("✗ a reply must beat ") and line.endswith("(rule R4.4)")
        for line in refusals
    )

    # The end of the match as shown is the match's real end.
    winner = match_winner(state)
    assert winner is not None and state.points[winner] == 5
    names = session.names
    assert f"★★ {names[winner]} {'win' if winner == 0 else 'wins'} the match" in screen.text
    points = " · ".join(f"{n} {p}" for n, p in zip(names, state.points, strict=True))
    assert f"  Final points: {points}" in screen.lines
    rounds = sum(state.points)
    assert session.round_number == rounds
    assert sum(line.startswith("★ ") for line in screen.lines) == rounds  # every round's end
    assert screen.lines[-1].startswith("Bye!")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_matches_play_to_the_end_for_each_table_size(players: int) -> None:
    session, screen = scripted_session(
        steady_policy, opponents=RILEY_SAM_ALEX[: players - 1], seeds=(11,)
    )
    assert session.run() == EXIT_OK
    state = table(session)
    assert state.players == players and match_winner(state) is not None
    assert "Clockwise: " + " → ".join(("You", "Riley", "Sam", "Alex")[:players]) in screen.text


def test_a_play_by_number_and_one_by_notation_do_the_same() -> None:
    state = new_game(Rules(players=2), seed=3)
    first = legal_plays(state)[40]
    assert isinstance(first, Play)
    runs = []
    for by_number in (True, False):
        status, out, _session = transcript(
            typed(first, state.hands[0], by_number) + "\nquit\n", opponents=[OPPONENTS["sam"]]
        )
        assert status == EXIT_OK
        runs.append(out[out.index("Your opening ›") :].split("\n", 1)[1])
    assert runs[0] == runs[1]
    assert f"You open with {' '.join(format(c, 'u') for c in first.cards)}" in runs[0]


def test_a_refused_play_shows_the_rule_and_its_arithmetic() -> None:
    weak: list[Play] = []

    def policy(prompt: Prompt, session: Session) -> str:
        state = table(session)
        if weak or prompt.kind is not PromptKind.PLAY:
            return "quit"
        if state.opening:
            return "+7 +6 -5"
        weak.append(next(p for p in _plays_of(state.hands[0]) if check(state, p).rule == "R4.4"))
        return " ".join(map(str, weak[0].cards))

    session, screen = scripted_session(policy, seeds=(7,))
    assert session.run() == EXIT_OK
    assert weak, "the table came back to You with a score to beat"
    state = screen.asked[-2][1]
    verdict = check(state, weak[0])
    assert verdict.rule == "R4.4" and verdict.total is not None and verdict.total <= state.to_beat  # type: ignore[operator]
    assert f"✗ {verdict.reason} (rule R4.4)" in screen.lines
    assert (
        f"  {' '.join(format(c, 'u') for c in weak[0].cards)}: {verdict.explanation}"
        in screen.lines
    )


def _plays_of(hand: Sequence[Card]) -> Iterator[Play]:
    for n in (1, 2):
        for cards in itertools.combinations(hand, n):
            yield Play(cards)


# --- the discard prompt -----------------------------------------------------------------------


def test_R4_8_over_seven_cards_the_game_asks_which_to_discard() -> None:
    discarded: list[tuple[GameState, str]] = []

    def policy(prompt: Prompt, session: Session) -> str:
        state = table(session)
        if prompt.kind is PromptKind.DISCARD:
            if not discarded:
                discarded.append((state, "1 2"))
                return "1 2"  # one card too many: refused
            hand = state.hands[0]
            choice = f"{hand[-1]}"  # by notation: the last card shown
            discarded.append((state, choice))
            return choice
        if discarded and len(discarded) > 1:
            return "quit"
        return "1" if state.opening else "pass"

    session, screen = scripted_session(policy, seeds=(3,))
    assert session.run() == EXIT_OK
    assert len(discarded) == 2
    state, choice = discarded[1]
    assert state.phase is Phase.DISCARD and len(state.hands[0]) == 8
    assert (
        "You hold 8 cards: keep at most 7 at the end of your turn (rule R4.8). Pick 1 to discard."
        in screen.text
    )
    assert "✗ you hold 8 cards and keep 7: discard exactly 1, not 2 (rule R4.8)" in screen.lines
    card = Card.parse(choice)
    assert f"  You discard {format(card, 'u')} (down to 7 cards)" in screen.lines
    after = apply(state, Discard((card,)))
    assert after.discard[-1] == card and len(after.hands[0]) == 7


# --- hints, rules and help --------------------------------------------------------------------


def test_a_hint_is_a_legal_action_and_typing_it_plays_it() -> None:
    hints: list[str] = []

    def policy(prompt: Prompt, session: Session) -> str:
        state = table(session)
        if len(hints) >= 6 or prompt.kind is PromptKind.MATCH_OVER:
            return "quit"
        if prompt.kind is PromptKind.ROUND_OVER:
            return ""
        last = screen.asked[-1][2] if screen.asked else ""
        if last != "hint":
            return "hint"
        line = next(line for line in reversed(screen.lines) if line.startswith("Hint: "))
        hints.append(line)
        found = re.match(r"Hint: type ([\d ]+) to (play|discard) ", line)
        if found is None:
            assert line.startswith("Hint: pass")
            assert Pass() in legal_plays(state)
            return "pass"
        numbers = [int(n) for n in found.group(1).split()]
        cards = tuple(state.hands[0][n - 1] for n in numbers)
        action: Action = Play(cards) if found.group(2) == "play" else Discard(cards)
        assert action in legal_plays(state)
        if isinstance(action, Play):
            assert str(explain(cards, state.attack)) in line
        return found.group(1)

    session, screen = scripted_session(policy)
    assert session.run() == EXIT_OK
    assert len(hints) >= 6


def test_reading_a_rule_shows_the_rulebook() -> None:
    status, out, _ = transcript("rule R4.4\nrule r2.5\nrule 9.9\nrules\nquit\n")
    assert status == EXIT_OK
    for rule_id in ("R4.4", "R2.5"):
        found = rule(rule_id)
        assert f"{found.id:<5} {found.title}  [guide]" in out
        assert " ".join(found.text.split()) in " ".join(out.split())
    assert "✗ no rule 'R9.9' in the rulebook; rules are R1.1 to R7.2" in out
    for found in RULES.values():
        assert f"  {found.id:<6}{found.title}" in out
    assert out.count("Your opening ›") == 5  # the same prompt after each


def test_help_lists_the_commands() -> None:
    status, out, _ = transcript("help\nquit\n")
    assert status == EXIT_OK
    for word in ("1 3 5", "+8 +4 x2", "pass", "hint", "rule R4.4", "new", "quit", "help"):
        assert f"\n  {word:<10}" in out


# --- fresh start, quitting, end of input, Ctrl-C ----------------------------------------------


def test_a_fresh_start_asks_first_then_ends_the_match_and_resets_the_scores() -> None:
    answers = iter(["1", "new", "maybe", "n", "new", "", "y", "quit"])
    tables: list[GameState] = []

    def policy(prompt: Prompt, session: Session) -> str:
        state = table(session)
        if prompt.kind is PromptKind.ROUND_OVER:
            return ""
        tables.append(state)
        return next(answers)

    session, screen = scripted_session(policy, seeds=(3, 40))
    assert session.run() == EXIT_OK
    text = screen.text
    assert text.count(FRESH_START) == 2
    assert text.count("Start a fresh match? (y/n) › ") == 4
    assert text.count("✗ answer y (yes) or n (no)") == 2
    assert "The match goes on." in text
    # After "n", the same prompt on the same table; after "y", seed 40's new match.
    kinds = [p.kind for p, _, _ in screen.asked]
    assert kinds[1:5] == [PromptKind.PLAY, PromptKind.CONFIRM, PromptKind.CONFIRM, PromptKind.PLAY]
    assert screen.asked[1][1] == screen.asked[4][1]
    assert session.seed == 40 and session.matches == 2
    assert table(session) == new_game(Rules(players=4), seed=40)
    assert table(session).points == (0, 0, 0, 0) and session.round_number == 1
    assert "seed 40" in text


def test_at_the_end_of_a_match_enter_starts_a_fresh_one() -> None:
    done: list[int] = []

    def policy(prompt: Prompt, session: Session) -> str:
        if prompt.kind is PromptKind.MATCH_OVER:
            done.append(session.seed)
            return "" if len(done) == 1 else "quit"
        return steady_policy(prompt, session)

    session, screen = scripted_session(policy, opponents=[OPPONENTS["riley"]], seeds=(5, 6))
    assert session.run() == EXIT_OK
    assert done == [5, 6] and session.matches == 2
    assert FRESH_START not in screen.text  # no confirmation once the match is over


@pytest.mark.parametrize("kind", list(PromptKind))
def test_end_of_input_at_any_prompt_leaves_cleanly(kind: PromptKind) -> None:
    ended: list[PromptKind] = []

    def policy(prompt: Prompt, session: Session) -> str:
        if prompt.kind is kind:
            ended.append(prompt.kind)
            raise EOFError
        if kind is PromptKind.CONFIRM and prompt.kind is PromptKind.PLAY:
            return "new"
        return steady_policy(prompt, session) if prompt.kind is not PromptKind.MATCH_OVER else ""

    session, screen = scripted_session(policy, opponents=[OPPONENTS["riley"]])
    assert session.run() == EXIT_OK
    assert ended == [kind]
    assert screen.lines[-1] == f"End of input: bye! (This was seed {session.seed}.)"


@pytest.mark.parametrize("kind", [PromptKind.PLAY, PromptKind.ROUND_OVER])
def test_ctrl_c_leaves_cleanly(kind: PromptKind) -> None:
    ended: list[PromptKind] = []

    def policy(prompt: Prompt, session: Session) -> str:
        if prompt.kind is kind:
            ended.append(prompt.kind)
            raise KeyboardInterrupt
        return steady_policy(prompt, session)

    session, screen = scripted_session(policy, opponents=[OPPONENTS["riley"]])
    assert session.run() == EXIT_INTERRUPT
    assert ended == [kind]
    assert screen.lines[-1] == f"Interrupted: bye! (This was seed {session.seed}.)"


def test_ctrl_c_while_an_opponent_thinks_leaves_cleanly() -> None:
    def interrupt() -> None:
        raise KeyboardInterrupt

    out = io.StringIO()
    session = Session(
        PlainScreen(io.StringIO("1\n"), out), RILEY_SAM_ALEX, seeds=iter([3]), pause=interrupt
    )
    assert session.run() == EXIT_INTERRUPT
    assert out.getvalue().endswith("Interrupted: bye! (This was seed 3.)\n")


def test_quit_leaves_at_once() -> None:
    status, out, session = transcript("quit\nthis line is never read\n")
    assert status == EXIT_OK
    assert out.endswith("Your opening › quit\nBye! (This was seed 3; replay it with --seed 3.)\n")
    assert table(session) == new_game(Rules(players=4), seed=3)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.text(st.characters(codec="utf-8", exclude_characters="\n\r"), max_size=12), max_size=8
    )
)
def test_any_lines_at_any_prompt_never_crash_the_game(lines: list[str]) -> None:
    status, out, _session = transcript(
        "\n".join([*lines, "quit", ""]), opponents=[OPPONENTS["sam"]]
    )
    assert status == EXIT_OK
    assert "Traceback" not in out


# --- the guided first hand --------------------------------------------------------------------


GUIDE_TYPE = re.compile(r"Guide: type ([\d ]+) to (play|discard) ")


def guided_policy(hints: list[tuple[str, str]]) -> Callable[[Prompt, Session], str]:
    """Ask for a hint at every guided prompt, then type what the guide said to type."""

    def policy(prompt: Prompt, session: Session) -> str:
        screen = session.screen
        assert isinstance(screen, Scripted)
        if prompt.kind is PromptKind.MATCH_OVER or len(screen.asked) > 30:
            return "quit"
        if prompt.kind not in (PromptKind.PLAY, PromptKind.DISCARD):
            return ""
        said = [GUIDE_TYPE.match(line) for line in screen.lines]
        guided = [m for m in said if m is not None]
        last = screen.asked[-1][2] if screen.asked else ""
        if guided and len(hints) < len(guided):
            if last != "hint":
                return "hint"
            hint = next(line for line in reversed(screen.lines) if line.startswith("Hint: "))
            hints.append((guided[-1].group(0).removeprefix("Guide: "), hint.removeprefix("Hint: ")))
            return guided[-1].group(1)
        return "quit"

    return policy


def test_the_tutorial_is_the_stacked_lesson_and_the_hint_agrees_with_the_guide() -> None:
    hints: list[tuple[str, str]] = []
    session, screen = scripted_session(guided_policy(hints), tutorial=True)
    assert session.run() == EXIT_OK
    assert INTRO == (
        "Play your first hand, see Riley’s reply, then beat it. "
        "We’ll point out the cards as you go."
    )
    assert f"Guide: {INTRO}" in screen.text
    # The guide's three pointers, and the hint said the same each time.
    assert [guide for guide, _ in hints] == [
        "type 7 9 to play ",
        "type 1 to discard ",
        "type 6 7 8 to play ",
    ]
    for guide, hint in hints:
        assert hint.startswith(guide)
    moves = list(session.actions)
    assert moves[:2] == [Play(parse_cards("+9 -6")), Discard(parse_cards("+1"))]
    assert moves[2] == Play(parse_cards("+5 +7 +8 -9 /2"))
    assert Play(parse_cards("+8 x2 0")) in moves
    text = screen.text
    assert "Riley’s reply stands at 14. Now beat it" in text
    assert "Your black 0 cancels the whole attack" in text
    assert "That’s your guided hand" in text
    after = text[text.index("That’s your guided hand") :]
    assert "Guide: " not in after.split("\n", 1)[1]


def test_the_tutorial_is_played_at_the_pages_table() -> None:
    with pytest.raises(ValueError, match="Riley, Sam and Alex"):
        transcript("quit\n", opponents=[make_bot("greedy")], tutorial=True)
    status, out, err = play(["--tutorial", "--seed", "1"], "quit\n")
    assert (status, err) == (EXIT_OK, "")
    assert "Guide: Play your first hand" in out
    out_, err_ = io.StringIO(), io.StringIO()
    assert main(["play", "--tutorial", "--players", "2"], out=out_, err=err_) == 2
    assert "the guided first hand is played by 4 players" in err_.getvalue()


def test_without_the_tutorial_there_is_no_guide() -> None:
    status, out, _ = transcript("1\nquit\n")
    assert status == EXIT_OK and "Guide:" not in out


# --- the subcommand ---------------------------------------------------------------------------


def play(argv: list[str], script: str) -> tuple[int, str, str]:
    args = build_parser().parse_args(["play", *argv])
    out, err = io.StringIO(), io.StringIO()
    status = play_command.run(args, out, err, inp=io.StringIO(script))
    return status, out.getvalue(), err.getvalue()


def test_play_runs_a_seeded_match_through_the_rich_screen_as_plain_text() -> None:
    status, out, err = play(["--seed", "3", "--players", "2"], "9\nquit\n")
    assert (status, err) == (EXIT_OK, "")
    assert "\x1b[" not in out  # not a terminal: no colour codes
    _, plain_out, _ = transcript("9\nquit\n", opponents=[OPPONENTS["riley"]])
    assert [line.rstrip() for line in out.splitlines()] == plain_out.splitlines()


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        ([], ("You", "Riley", "Sam", "Alex")),
        (["--players", "3"], ("You", "Riley", "Sam")),
        (["--players", "2"], ("You", "Riley")),
        (["--opponents", "alex"], ("You", "Alex")),
        (["--opponents", "Greedy", "random", "sam"], ("You", "Greedy", "Random", "Sam")),
        (["--players", "3", "--opponents", "sam", "cautious"], ("You", "Sam", "Cautious")),
    ],
)
def test_players_and_opponents(argv: list[str], names: tuple[str, ...]) -> None:
    status, out, err = play([*argv, "--seed", "1"], "quit\n")
    assert (status, err) == (EXIT_OK, "")
    assert "Clockwise: " + " → ".join(names) + " · " in out
    for name in names:
        assert f"\n  {name} " in out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--players", "5"], "argument --players: invalid choice: 5 (choose from 2, 3, 4)"),
        (["--players", "1"], "argument --players: invalid choice: 1"),
        (["--seed", "x"], "argument --seed: a seed is a whole number (rule R3.8), got 'x'"),
        (["--opponents", "dealer"], "unknown bot 'dealer'; choose from alex, cautious, greedy"),
        (
            ["--opponents", "sam", "sam", "sam", "sam"],
            "at most 3 opponents (2 to 4 players, rule R3.1), got 4",
        ),
        (
            ["--players", "3", "--opponents", "alex"],
            "--players 3 needs 2 opponents, but --opponents names 1",
        ),
        (["--delay", "-1"], "argument --delay: a delay is 0 to 10 seconds, got '-1'"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(argv: list[str], fragment: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["play", *argv], out=out, err=err) == 2
    assert out.getvalue() == ""
    assert err.getvalue().count("\n") == 1 and fragment in err.getvalue()


def test_without_rich_play_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [m for m in sys.modules if m == "rich" or m.startswith("rich.")] or ["rich"]:
        monkeypatch.setitem(sys.modules, name, None)  # importing rich now fails
    monkeypatch.delitem(sys.modules, "raise_the_sum.cli.game.rich_screen")
    with pytest.raises(ImportError):
        import rich.console  # noqa: F401
    status, out, err = play(["--seed", "1"], "quit\n")
    assert (status, out) == (2, "")
    assert err == "raise-the-sum play needs the terminal extra: pip install 'raise-the-sum[cli]'\n"


def test_the_game_runs_when_input_is_not_a_terminal_and_ends_with_it() -> None:
    status, out, err = play(["--seed", "3"], "")
    assert (status, err) == (EXIT_OK, "")
    assert out.rstrip().endswith("End of input: bye! (This was seed 3.)")


def test_without_a_seed_each_match_gets_a_fresh_one_shown_for_replay() -> None:
    status, out, _ = play([], "quit\n")
    found = re.search(r"· seed (\d+)\n", out)
    assert status == EXIT_OK and found is not None
    seed = int(found.group(1))
    assert out.endswith(f"Bye! (This was seed {seed}; replay it with --seed {seed}.)\n")
    _, again, _ = play(["--seed", str(seed)], "quit\n")
    assert again == out


def test_the_rich_screen_echoes_what_it_reads_when_not_on_a_terminal() -> None:
    out = io.StringIO()
    screen = RichScreen(io.StringIO("1 2\n"), out)
    prompt = Prompt(PromptKind.PLAY, (Span("Your opening › ", "prompt"),))
    assert screen.ask(prompt) == "1 2"
    with pytest.raises(EOFError):
        screen.ask(prompt)
    assert out.getvalue() == "Your opening › 1 2\nYour opening › \n"


def test_a_closed_standard_input_is_the_end_of_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    args = build_parser().parse_args(["play", "--seed", "4"])
    out, err = io.StringIO(), io.StringIO()
    assert play_command.run(args, out, err) == EXIT_OK
    assert err.getvalue() == ""
    assert out.getvalue().rstrip().endswith("End of input: bye! (This was seed 4.)")


# --- what a first evening in the terminal tripped on ------------------------------------------


def test_the_word_discard_at_a_play_prompt_is_refused_citing_R4_8() -> None:
    status, out, session = transcript(
        "discard 1\nquit\n", opponents=[OPPONENTS["riley"]], seeds=(5,)
    )
    assert status == EXIT_OK
    assert "You open with" not in out
    assert (
        "✗ discarding comes at the end of a turn, after a play or a pass, and only above 7 "
        "cards (rule R4.8)"
    ) in out
    assert session.actions == []


def test_the_word_play_at_the_discard_prompt_is_refused_and_discard_works() -> None:
    seen: list[str] = []

    def policy(prompt: Prompt, session: Session) -> str:
        state = table(session)
        if prompt.kind is PromptKind.DISCARD:
            seen.append(screen.lines[-1] if seen else "")
            if len(seen) == 1:
                return "play 1"
            return "discard 1"
        if seen and len(seen) > 1:
            return "quit"
        return "1" if state.opening else "pass"

    session, screen = scripted_session(policy, seeds=(3,))
    assert session.run() == EXIT_OK
    assert "✗ you hold 8 cards: discard 1 to end your turn with 7 (rule R4.8)" in screen.lines
    assert any(line.startswith("  You discard ") for line in screen.lines)


def test_between_rounds_a_number_is_not_a_card() -> None:
    def policy(prompt: Prompt, session: Session) -> str:
        if prompt.kind is PromptKind.ROUND_OVER:
            return "99" if screen.asked[-1][0].kind is not PromptKind.ROUND_OVER else "quit"
        return steady_policy(prompt, session)

    session, screen = scripted_session(policy, opponents=[OPPONENTS["riley"]])
    assert session.run() == EXIT_OK
    assert "✗ the round is over: press Enter to start round 2 (rule R5.4)" in screen.lines
    assert not any("there is no card 99" in line for line in screen.lines)


def test_at_the_discard_prompt_a_card_not_held_cites_R4_8_the_discard_rule() -> None:
    from raise_the_sum import ALL_CARDS

    answers: list[str] = []

    def policy(prompt: Prompt, session: Session) -> str:
        state = table(session)
        if prompt.kind is PromptKind.DISCARD:
            hand = state.hands[0]
            if not answers:  # a card not held, then two of a card held once
                missing = next(c for c in ALL_CARDS if c not in hand)
                once = next(c for c in hand if hand.count(c) == 1)
                answers.extend([str(missing), f"{once} {once}", "quit"])
                refusals.extend(
                    [
                        f"✗ you do not hold {format(missing, 'u')} (rule R4.8)",
                        f"✗ you hold 1 {format(once, 'u')}, not 2 (rule R4.8)",
                    ]
                )
            return answers.pop(0)
        return "1" if state.opening else "pass"

    refusals: list[str] = []
    session, screen = scripted_session(policy, seeds=(3,))
    assert session.run() == EXIT_OK
    assert refusals and [line for line in screen.lines if line.startswith("✗ ")] == refusals


def test_fresh_and_fresh_start_are_a_fresh_start() -> None:
    for word in ("fresh", "fresh start", "Fresh Start", "new"):
        assert parse_command(word, HAND) == Fresh()
    status, out, session = transcript("fresh start\ny\nquit\n", seeds=(3, 9))
    assert status == EXIT_OK and session.seed == 9 and session.matches == 2
    assert FRESH_START in out


def test_quit_and_help_work_at_the_fresh_start_question() -> None:
    status, out, session = transcript("new\nhelp\nquit\n", seeds=(3, 9))
    assert status == EXIT_OK and session.matches == 1
    assert "  y         end this match and start a fresh one" in out
    assert out.endswith("Bye! (This was seed 3; replay it with --seed 3.)\n")


def test_guide_shows_the_quick_guide_with_rule_ids_in_the_game_and_on_the_command_line() -> None:
    from raise_the_sum.cli.guide import QUICK_GUIDE, format_guide

    status, out, _ = transcript("guide\nquit\n")
    assert status == EXIT_OK
    assert "THE QUICK GUIDE" in out
    words = " ".join(out.split())
    for text, ids in QUICK_GUIDE:
        assert " ".join(text.split()) in words or text.split()[0] in words
        for rule_id in ids:
            assert rule_id in RULES
    assert "R4.8" in out and "Keep at most 7 cards at the end of your turn." in out
    cli_out, err = io.StringIO(), io.StringIO()
    assert main(["guide"], out=cli_out, err=err) == 0
    assert cli_out.getvalue() == format_guide() + "\n"
    # The page's own sentences, word for word.
    page = " ".join(text for text, _ in QUICK_GUIDE)
    for sentence in (
        "Start with 7 cards.",
        "Replies must beat the score. Ties don’t count.",
        "First to 5 points wins.",
        "The discard pile is shuffled back in when the deck runs out.",
    ):
        assert sentence in page


def test_the_next_round_starts_by_itself_after_the_pause() -> None:
    def policy(prompt: Prompt, session: Session) -> str:
        if prompt.kind is PromptKind.ROUND_OVER:
            return "wait"
        return steady_policy(prompt, session)

    screen = Scripted(policy)
    session = Session(screen, [OPPONENTS["riley"]], seeds=iter([3]), round_pause=2.5)
    screen.session = session
    assert session.run() == EXIT_OK
    state = table(session)
    assert state.phase is Phase.MATCH_OVER
    assert screen.waited and set(screen.waited) == {2.5}
    assert len(screen.waited) == sum(state.points) - 1  # every round but the last, by itself
    assert "Round 2 starts in a moment (Enter: now) › wait" in screen.lines


def test_plain_input_does_not_wait_between_rounds() -> None:
    out = io.StringIO()
    screen = PlainScreen(io.StringIO(""), out)
    prompt = Prompt(PromptKind.ROUND_OVER, (Span("Round 2 starts › ", "prompt"),))
    assert screen.wait(prompt, 10.0) is None
    assert out.getvalue() == "Round 2 starts ›\n"


def test_a_reshuffle_is_announced_citing_R6_1() -> None:
    from raise_the_sum.events import Reshuffled

    session, screen = scripted_session(steady_policy, seeds=(1,))
    assert session.run() == EXIT_OK
    # Replay the match's actions with step: every reshuffle is announced, with the new deck's size.
    record = session.record
    state = record.start()
    sizes = []
    for action in record.actions:
        state, events = step(state, action)
        sizes += [e.size for e in events if isinstance(e, Reshuffled)]
    assert sizes, "seed 1's match reshuffles"
    shown = [line for line in screen.lines if "(rule R6.1)" in line]
    assert shown == [
        f"  The deck ran out: the discard pile is shuffled into a new deck of {n} cards (rule R6.1)"
        for n in sizes
    ]


@pytest.mark.parametrize("width", [80, 120])
def test_long_lines_wrap_with_their_continuations_indented(width: int) -> None:
    script = "hint\nguide\nrule R4.8\nhelp\n7 9\n1\n6 7 8\n" + "pass\n" * 3 + "quit\n"
    runs = []
    for w in (None, width):
        out = io.StringIO()
        session = Session(
            PlainScreen(io.StringIO(script), out, echo=True, width=w),
            RILEY_SAM_ALEX,
            seeds=iter([332697]),
            tutorial=True,
        )
        assert session.run() == EXIT_OK
        runs.append(out.getvalue().splitlines())
    whole, wrapped = runs
    assert all(len(line) <= width for line in wrapped if "›" not in line)
    assert max(map(len, whole)) > width  # there was something to wrap
    # Each long line becomes its start, then continuation lines indented deeper than it.
    rest = iter(wrapped)
    for line in whole:
        first = next(rest)
        if len(line) <= width or "›" in line:
            assert first == line
            continue
        assert line.startswith(first)
        indent = len(line) - len(line.lstrip(" ")) + 2
        words = first.split()
        while len(words) < len(line.split()):
            more = next(rest)
            assert more.startswith(" " * indent) and more[indent] != " ", more
            words += more.split()
        assert words == line.split()


def test_wrap_indents_continuations_and_keeps_styles() -> None:
    from raise_the_sum.cli.game.text import join, span, wrap

    line = join(
        "  You play ",
        span("+4 +5 +8 −2 −4", "strong"),
        " against −12: (4 + 5 + 8 − 12) × 1 = 5, which beats 4; ",
        span("attacks −6", "attack"),
    )
    parts = wrap(line, 40)
    assert len(parts) > 1
    assert all(len(plain(part)) <= 40 for part in parts)
    assert all(plain(part).startswith("    ") for part in parts[1:])
    assert " ".join(" ".join(plain(part).split()) for part in parts) == " ".join(
        plain(line).split()
    )
    assert any(s.style == "attack" for part in parts for s in part)


def test_piped_output_has_no_trailing_spaces() -> None:
    status, out, _ = play(["--seed", "3", "--players", "2"], "hint\nguide\n1\nquit\n")
    assert status == EXIT_OK
    lines = out.splitlines()
    assert any(line.strip().startswith("1    2") for line in lines)  # the hand's numbers row
    assert [line for line in lines if line != line.rstrip()] == []


def test_the_opening_hint_follows_the_rules_not_five_cards() -> None:
    from raise_the_sum.cli.game.render import table_block

    view = observe(new_game(Rules(players=2, max_play=2), seed=1), 0)
    shown = "\n".join(plain(line) for line in table_block(view, ("You", "Riley"), 1))
    assert "(any 1 to 2 cards; rule R4.3)" in shown
    view = observe(new_game(seed=1), 0)
    shown = "\n".join(plain(line) for line in table_block(view, seat_names(RILEY_SAM_ALEX), 1))
    assert "(any 1 to 5 cards; rule R4.3)" in shown


def test_the_tutorials_stage_is_the_lessons_enum() -> None:
    from raise_the_sum.cli.game import tutorial
    from raise_the_sum.lessons import Stage

    stages: list[Stage] = []

    def policy(prompt: Prompt, session: Session) -> str:
        assert session._tutorial is not None
        stages.append(session._tutorial.stage)
        return guided(prompt, session)

    guided = guided_policy([])
    session, _screen = scripted_session(policy, tutorial=True)
    assert session.run() == EXIT_OK
    assert all(isinstance(s, Stage) for s in stages)
    assert {Stage.OPEN, Stage.DISCARD, Stage.REPLY} <= set(stages)
    assert not hasattr(tutorial, "_next_seat")  # the clockwise rule is the library's (R4.9)


def test_the_hint_in_the_tutorial_is_the_guides() -> None:
    from raise_the_sum.lessons import lesson_action

    status, out, _session = transcript("hint\nquit\n", tutorial=True)
    assert status == EXIT_OK
    action = lesson_action(observe(lessons_game(), 0))
    assert isinstance(action, Play)
    assert f"Hint: type 7 9 to play {' '.join(format(c, 'u') for c in action.cards)}" in out


def lessons_game() -> GameState:
    from raise_the_sum.lessons import tutorial_game

    return tutorial_game(seed=3)


def test_play_record_saves_the_match_as_a_record_with_seat_names(tmp_path: Path) -> None:
    from raise_the_sum.records import MatchRecord

    path = tmp_path / "match.txt"
    script = "".join(f"{line}\n" for line in ["1"] + ["pass", ""] * 40) + "quit\n"
    status, _out, err = play(["--seed", "3", "--players", "2", "--record", str(path)], script)
    assert (status, err) == (EXIT_OK, "")
    record = MatchRecord.from_text(path.read_text(encoding="utf-8"))
    assert record.seed == 3 and record.rules == Rules(players=2)
    assert record.names == ("You", "Riley")
    assert record.actions
    # The record replays to the very table the transcript ended on.
    _, _again, session = transcript(script, opponents=[OPPONENTS["riley"]])
    assert record.replay()[-1] == session.state
    assert record == session.record


def test_play_record_of_a_fresh_start_and_of_the_tutorial(tmp_path: Path) -> None:
    from raise_the_sum.lessons import tutorial_deck
    from raise_the_sum.records import MatchRecord

    path = tmp_path / "tut.txt"
    status, _, err = play(
        ["--tutorial", "--seed", "4", "--record", str(path)], "7 9\nnew\ny\n1\nquit\n"
    )
    assert (status, err) == (EXIT_OK, "")
    first = MatchRecord.from_text(path.read_text(encoding="utf-8"))
    assert first.deck == tutorial_deck() and first.actions[0] == Play(parse_cards("+9 -6"))
    second = MatchRecord.from_text((tmp_path / "tut-2.txt").read_text(encoding="utf-8"))
    assert second.seed == 5 and second.deck is None
    assert second.actions[0] == Play((new_game(seed=5).hands[0][0],))


def test_play_record_to_a_place_that_cannot_be_written_is_a_usage_error(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    target = tmp_path / "no" / "such" / "dir" / "m.txt"
    assert main(["play", "--record", str(target)], out=out, err=err) == 2
    assert "argument --record: cannot write" in err.getvalue()
