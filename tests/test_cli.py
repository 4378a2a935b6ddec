"""The ``raise-the-sum`` command line: ``explain``, ``rules``, and bad input.

Most tests drive :func:`raise_the_sum.cli.main` in-process with captured
``out`` and ``err``; a few run the installed console script and
``python -m raise_the_sum.cli`` as subprocesses. What ``explain`` prints is
checked against the library's own :func:`explain`, :func:`score` and
:func:`check`, and what ``rules`` prints against the rulebook.
"""

from __future__ import annotations

import ast
import io
import itertools
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import raise_the_sum
import raise_the_sum.cli as cli_package
import raise_the_sum.cli.rules as rules_command
from raise_the_sum import (
    Attack,
    Play,
    apply,
    attack_of,
    check,
    explain,
    new_game,
    parse_cards,
    score,
)
from raise_the_sum.cli import PROG, SUBCOMMANDS, main, overview
from raise_the_sum.rulebook import PARTS, RULES, SECTIONS, Rule, Source, parse_rule_id, rule

CLI = Path(raise_the_sum.cli.__file__).parent
SRC = CLI.parent
SCRIPT = Path(sys.executable).with_name("raise-the-sum")


def run(*argv: str) -> tuple[int, str, str]:
    """``main(argv)`` with captured output: (exit status, out, err)."""
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def run_json(*argv: str) -> dict[str, object]:
    status, out, err = run(*argv, "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def attack_json(attack: Attack) -> dict[str, int]:
    return {"subtract": attack.subtract, "divide": attack.divide}


# --- explain ---------------------------------------------------------------------------------


def test_R2_6_explain_prints_the_guides_example_then_each_step_with_its_rule() -> None:
    status, out, err = run("explain", "+8 +4 x2", "--against", "-2 /3")
    assert (status, err) == (0, "")
    expected = explain(parse_cards("+8 +4 x2"), Attack(subtract=2, divide=3))
    lines = out.splitlines()
    assert lines[0] == str(expected) == "(8 + 4 − 2) × 2 ÷ 3 = 20 ÷ 3 = 6 (rounded down)"
    step_lines = [line for line in lines if line.startswith("  R")]
    assert [line.split(maxsplit=1) for line in step_lines] == [
        [step.rule, step.text] for step in expected.steps
    ]
    assert [step.rule for step in expected.steps] == ["R2.1", "R2.3", "R2.4", "R2.5"]
    assert "total:     6" in lines
    assert "against:   −2 ÷3" in lines
    assert "sends on:  none (R2.8)" in lines
    assert not any(line.startswith("to beat") for line in lines)


def test_R2_8_explain_shows_the_attack_the_play_sends_on_not_its_own_total() -> None:
    status, out, _ = run("explain", "+9 x2 -3 /2")
    assert status == 0
    assert "total:     18" in out.splitlines()
    assert f"sends on:  {attack_of(parse_cards('-3 /2'))} (R2.8)" in out.splitlines()
    assert "sends on:  −3 ÷2 (R2.8)" in out.splitlines()


def test_R2_2_explain_shows_the_zero_card_cancelling_the_attack() -> None:
    status, out, _ = run("explain", "+6 0", "--against", "-2 /3")
    assert status == 0
    assert out.splitlines()[0] == "6 (the zero card cancels the incoming −2 ÷3)"
    assert "  R2.2  the zero card cancels the incoming −2 ÷3" in out.splitlines()


def test_explain_takes_the_whole_attacking_play_and_keeps_only_its_attack() -> None:
    """``--against`` is the attacking play's cards: its Add cards do not attack (R2.8)."""
    assert run("explain", "+9 +9", "--against", "+7 +6 -5") == run(
        "explain", "+9 +9", "--against", "-5"
    )
    assert run_json("explain", "+9 +9", "--against", "+7 +6 -5")["incoming"] == {
        "subtract": 5,
        "divide": 1,
    }


@pytest.mark.parametrize(
    ("total_vs", "verdict"),
    [
        (11, "12 beats 11 (R4.4)"),
        (12, "12 does not beat 12: a tie does not count (R4.4)"),
        (13, "12 does not beat 13 (R4.4)"),
    ],
)
def test_R4_4_explain_to_beat_says_whether_the_play_beats_and_a_tie_does_not(
    total_vs: int, verdict: str
) -> None:
    status, out, err = run("explain", "+6 +6", "--to-beat", str(total_vs))
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == f"to beat:   {total_vs}: {verdict}"
    data = run_json("explain", "+6 +6", "--to-beat", str(total_vs))
    assert data["beats"] is (total_vs < 12)
    assert data["to_beat"] == total_vs
    assert data["beats_rule"] == "R4.4"


def test_R4_4_explain_to_beat_agrees_with_the_engine_on_every_play_of_a_real_hand() -> None:
    """For every distinct play of up to 5 cards from seat 1's hand, facing a real
    standing play, ``--to-beat`` says "beats" exactly when ``check`` finds it legal."""
    standing = "+7 +6 -5"
    state = apply(new_game(seed=7), Play(parse_cards(standing)))
    assert state.to_beat is not None
    hand = state.hands[state.current]
    plays = {combo for size in range(1, 6) for combo in itertools.combinations(hand, size)}
    outcomes = set()
    for cards in sorted(plays):
        text = " ".join(map(str, cards))
        data = run_json("explain", text, "--against", standing, "--to-beat", str(state.to_beat))
        verdict = check(state, Play(cards))
        assert data["total"] == verdict.total, text
        assert data["beats"] is verdict.legal, text
        outcomes.add(verdict.legal)
    assert outcomes == {True, False}


def test_explain_json_is_the_librarys_explanation() -> None:
    cards, against = parse_cards("+3 x2 x3 -4"), parse_cards("-5 /2")
    data = run_json("explain", "+3 x2 x3 -4", "--against", "-5 /2")
    expected = explain(cards, attack_of(against))
    assert data == {
        "cards": [str(card) for card in expected.cards],
        "incoming": attack_json(expected.incoming),
        "line": str(expected),
        "steps": [{"rule": s.rule, "text": s.text, "value": s.value} for s in expected.steps],
        "total": score(cards, attack_of(against)),
        "cancelled": False,
        "floored": True,
        "outgoing": attack_json(attack_of(cards)),
    }


@pytest.mark.parametrize(
    ("argv", "cards", "against"),
    [
        (["explain", "-3"], "-3", ""),
        (["explain", "-3 /2"], "-3 /2", ""),
        (["explain", "-3", "/2"], "-3 /2", ""),
        (["explain", "-3 /2", "--against", "-2"], "-3 /2", "-2"),
        (["explain", "+8", "--against", "-2"], "+8", "-2"),
        (["explain", "+8", "--against=-3"], "+8", "-3"),
        (["explain", "+8", "--against", "-2 /3"], "+8", "-2 /3"),
        (["explain", "+8", "--against", "-2", "/3"], "+8", "-2 /3"),
        (["explain", "+8", "+4", "x2", "--against", "-2", "/3"], "+8 +4 x2", "-2 /3"),
        (["explain", "--against=-2 /3", "+8 +4 x2"], "+8 +4 x2", "-2 /3"),
        (
            ["explain", "--to-beat", "3", "--against", "-2 /3", "--", "+8 +4 x2"],
            "+8 +4 x2",
            "-2 /3",
        ),
        (["explain", "+8 +4 ×2", "--against", "−2 ÷3"], "+8 +4 x2", "-2 /3"),
        (["explain", "−3", "--against=÷2"], "-3", "/2"),
        (["explain", "-9", "--against", "-1", "--to-beat", "0"], "-9", "-1"),
    ],
)
def test_explain_reads_values_that_start_with_a_minus_and_the_guides_signs(
    argv: list[str], cards: str, against: str
) -> None:
    status, out, err = run(*argv)
    assert (status, err) == (0, "")
    expected = explain(parse_cards(cards), attack_of(parse_cards(against)))
    assert out.splitlines()[0] == str(expected)
    assert f"total:     {expected.total}" in out.splitlines()
    assert f"sends on:  {expected.outgoing} (R2.8)" in out.splitlines()


# --- rules -----------------------------------------------------------------------------------


def test_rules_prints_every_rule_grouped_by_part_and_section_with_its_badge() -> None:
    status, out, err = run("rules")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    flat = " ".join(out.split())
    parts = [lines.index(f"Part {n}. {title}") for n, title in enumerate(PARTS.values(), 1)]
    assert parts == sorted(parts)
    for entry in RULES.values():
        badge = "[guide]" if entry.source is Source.GUIDE else "[ruling]"
        heading_line = f"{entry.id:<5} {entry.title}  {badge}"
        assert heading_line in lines, entry.id
        at = lines.index(heading_line)
        part_at = parts[list(PARTS).index(entry.part)]
        section_at = lines.index(f"{entry.section}. {SECTIONS[entry.section]}", part_at)
        following = [i for i, line in enumerate(lines) if i > section_at and line[:1] == "-"]
        assert part_at < section_at < at < (following[1] if following[1:] else len(lines))
        assert " ".join(rules_command.marked_text(entry).split()) in flat, entry.id
    assert out.count("[guide]") >= sum(r.source is Source.GUIDE for r in RULES.values())


def test_rules_wraps_its_text_to_a_readable_width() -> None:
    """Every line but the doctests (``--doctest``), which are shown as written."""
    examples = {
        line.strip()
        for entry in RULES.values()
        for example in entry.examples
        for line in example.splitlines()
    }
    for argv in (["rules"], ["rules", *RULES], ["rules", "--doctest", *RULES]):
        _, out, _ = run(*argv)
        text = [line for line in out.splitlines() if line.strip() not in examples]
        assert max(len(line) for line in text) <= rules_command.WIDTH


def test_every_rule_has_a_worked_example_in_words_for_players() -> None:
    """Words, not code: no doctest prompt, no Python names, and longer than a phrase."""
    code = re.compile(r">>>|\b(apply|parse_cards|legal_plays|new_game|Rules\(|Play\()")
    for entry in RULES.values():
        assert len(entry.in_words.split()) >= 12, entry.id
        assert not code.search(entry.in_words), entry.id


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_rules_id_prints_that_rule_with_its_worked_example_in_words(rule_id: str) -> None:
    status, out, err = run("rules", rule_id)
    assert (status, err) == (0, "")
    entry = rule(rule_id)
    assert out == rules_command.format_rule(entry) + "\n"
    assert out.startswith(f"{rule_id:<5} {entry.title}  [{entry.source.value}]")
    flat = " ".join(out.split())
    assert " ".join(rules_command.marked_text(entry).split()) in flat
    assert "Example: " + " ".join(entry.in_words.split()) in flat
    assert ">>>" not in out


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_rules_id_doctest_adds_the_doctests_that_prove_the_rule(rule_id: str) -> None:
    status, out, err = run("rules", rule_id, "--doctest")
    assert (status, err) == (0, "")
    entry = rule(rule_id)
    assert out == rules_command.format_rule(entry, doctests=True) + "\n"
    assert out.startswith(rules_command.format_rule(entry) + "\n")
    for example in entry.examples:
        for line in textwrap.dedent(example).strip("\n").splitlines():
            assert line.rstrip() in out


def test_rules_shows_the_doctests_verbatim_below_the_text() -> None:
    example = "\n    >>> score(parse_cards('+8 +4 x2'), Attack(2, 3))\n    6\n"
    entry = Rule(
        "R9.1",
        "A made-up rule",
        "Some text. " * 12,
        Source.RULING,
        in_words="You play +8 +4 ×2 against −2 ÷3: (8 + 4 − 2) × 2 ÷ 3 = 6.",
        examples=(example, ">>> 1 + 1\n2"),
    )
    text = rules_command.format_rule(entry, doctests=True)
    assert text.splitlines()[0] == "R9.1  A made-up rule  [ruling]"
    assert text.endswith(
        "\n      Example: You play +8 +4 ×2 against −2 ÷3: (8 + 4 − 2) × 2 ÷ 3 = 6."
        "\n      As code (the doctests that prove it):"
        "\n        >>> score(parse_cards('+8 +4 x2'), Attack(2, 3))"
        "\n        6"
        "\n"
        "\n        >>> 1 + 1"
        "\n        2"
    )
    assert "As code" not in rules_command.format_rule(entry)
    assert "Example:" not in rules_command.format_rulebook([entry])


def test_rules_never_breaks_a_line_inside_a_sum_or_a_play() -> None:
    words = "word " * 9 + "+8 +8 +2 totals 8 + 8 + 2 − 5 = 13 and (3 − 5 → 0) × 3 = 0."
    entry = Rule("R9.1", "A made-up rule", "Text.", Source.RULING, in_words=words)
    for width in range(30, 80):
        lines = rules_command.format_rule(entry, width).splitlines()
        for whole in ("+8 +8 +2", "8 + 8 + 2 − 5 = 13", "(3 − 5 → 0) × 3 = 0."):
            assert any(whole in line for line in lines), (width, whole)


@pytest.mark.parametrize("spelling", ["R4.4", "r4.4", "4.4", " 4.4 "])
def test_rules_reads_every_spelling_of_a_rule_id_with_the_rulebooks_one_parser(
    spelling: str,
) -> None:
    assert parse_rule_id(spelling) == "R4.4"
    assert rule(spelling) is RULES["R4.4"]
    assert run("rules", spelling) == run("rules", "R4.4")


def test_rules_takes_several_ids_and_a_lowercase_r() -> None:
    status, out, err = run("rules", "r4.4", "R2.5")
    assert (status, err) == (0, "")
    assert out == (
        rules_command.format_rule(rule("R4.4"))
        + "\n\n"
        + rules_command.format_rule(rule("R2.5"))
        + "\n"
    )


def test_no_command_lists_every_command_on_one_line_and_how_to_start_playing() -> None:
    status, out, err = run()
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert f"To start playing:  {PROG} play   (the first time: {PROG} play --tutorial)" in lines
    for name in SUBCOMMANDS:
        listed = [line for line in lines if line.split()[:1] == [name]]
        assert len(listed) == 1, name
        assert len(listed[0].split()) > 2, name  # a name and a line of what it does
    assert out == overview() + "\n"


def test_the_interrupt_status_and_the_terminal_test_are_each_defined_once() -> None:
    package = Path(cli_package.__file__).parent.parent
    found: dict[str, list[str]] = {"EXIT_INTERRUPT": [], "is_tty": []}
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.lstrip("_") == "is_tty":
                found["is_tty"].append(path.name)
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else ([node.target] if isinstance(node, ast.AnnAssign) else [])
            )
            for target in targets:
                if isinstance(target, ast.Name) and target.id == "EXIT_INTERRUPT":
                    found["EXIT_INTERRUPT"].append(path.name)
    assert found == {"EXIT_INTERRUPT": ["__init__.py"], "is_tty": ["__init__.py"]}


# --- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["deal"], "invalid choice: 'deal'"),
        (["--bogus", "rules"], "unrecognized arguments: --bogus"),
        (["explain"], "the following arguments are required: CARDS"),
        (
            ["explain", "+10"],
            "argument CARDS: card '+10': an Add card's value is 1 to 9 (rule R1.6)",
        ),
        (["explain", "7"], "a number needs its sign"),
        (["explain", "+8 fold"], "card 'fold'"),
        (["explain", "x4"], "card 'x4'"),
        (["explain", ""], "a play is at least 1 card (rule R4.2)"),
        (
            ["explain", "+1 +2 +3 +4 +5 +6", "--to-beat", "3"],
            "argument CARDS: a play is 1 to 5 cards, and this one has 6 (rule R4.2)",
        ),
        (["explain", "+1", "+2 +3", "+4", "+5 +6 +7"], "this one has 7 (rule R4.2)"),
        (["explain", "+1", "--against", "/4"], "argument --against: card '/4'"),
        (["explain", "+1", "--against"], "argument --against: expected at least one argument"),
        (["explain", "+1", "--to-beat"], "argument --to-beat: expected one argument"),
        (
            ["explain", "+1", "--to-beat", "x"],
            "a score to beat is a whole number, 0 or more; got 'x'",
        ),
        (["explain", "+1", "--to-beat", "-1"], "got '-1'"),
        (["explain", "+1", "--to-beat", "1.5"], "got '1.5'"),
        (["explain", "+1", "--to-beat", "١٢"], "got '١٢'"),
        (["explain", "+1", "--bogus"], "unrecognized arguments: --bogus"),
        (["explain", "+1", "--agains", "-2"], "unrecognized arguments"),
        (["rules", "R9.9"], "no rule 'R9.9' in the rulebook; rules are R1.1 to R7.2"),
        (["rules", "R4.4", "4.44"], "no rule '4.44'"),
        (["rules", "R4"], "no rule 'R4'"),
        (["rules", ""], "no rule ''"),
    ],
)
def test_R7_2_bad_input_is_one_line_on_stderr_and_exit_status_2(
    argv: list[str], fragment: str
) -> None:
    status, out, err = run(*argv)
    assert status == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith(f"{PROG}: error: ")
    assert fragment in err
    assert "Traceback" not in err and "usage:" not in err


@pytest.mark.parametrize("argv", [["--help"], ["-h"], *([name, "--help"] for name in SUBCOMMANDS)])
def test_help_still_prints_the_usage_and_exits_0(argv: list[str]) -> None:
    status, out, err = run(*argv)
    assert (status, err) == (0, "")
    assert out.startswith(f"usage: {PROG}")
    if argv[0] not in SUBCOMMANDS:
        for name in SUBCOMMANDS:
            assert f"\n    {name} " in out


def test_version_prints_the_librarys_version() -> None:
    assert run("--version") == (0, f"{PROG} {raise_the_sum.__version__}\n", "")


def test_ctrl_c_exits_130_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(rules_command, "run", interrupted)
    assert run("rules") == (130, "", "")


# --- the package -----------------------------------------------------------------------------


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def _defines_register(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(isinstance(node, ast.FunctionDef) and node.name == "register" for node in tree.body)


def test_every_subcommand_module_is_listed_in_SUBCOMMANDS() -> None:
    """A module of ``cli/`` that defines ``register`` is a subcommand: it must be listed."""
    modules = {path.stem for path in CLI.glob("*.py") if _defines_register(path)}
    assert modules == set(SUBCOMMANDS)


@pytest.mark.parametrize("name", ["__init__", "__main__", "explain", "rules"])
def test_the_cli_uses_only_the_standard_library_and_the_public_api(name: str) -> None:
    for module in _imports(CLI / f"{name}.py"):
        top = module.split(".")[0]
        if top == "raise_the_sum":
            assert not any(part.startswith("_") for part in module.split(".")), module
        else:
            assert top in sys.stdlib_module_names, module


def test_nothing_in_the_library_imports_the_cli() -> None:
    for path in SRC.rglob("*.py"):
        if CLI in path.parents or path == SRC / "__main__.py":  # python -m raise_the_sum
            continue
        assert not any(m.startswith("raise_the_sum.cli") for m in _imports(path)), path


# --- as installed ----------------------------------------------------------------------------


def test_the_console_script_and_python_m_run_the_same_command() -> None:
    assert SCRIPT.exists(), "run .venv/bin/pip install -e '.[test]' to install the script"
    argv = ["explain", "+8 +4 x2", "--against", "-2 /3", "--to-beat", "6"]
    expected = run(*argv)
    for command in (
        [str(SCRIPT)],
        [sys.executable, "-m", "raise_the_sum.cli"],
        [sys.executable, "-m", "raise_the_sum"],
    ):
        done = subprocess.run(
            [*command, *argv], capture_output=True, text=True, encoding="utf-8", timeout=60
        )
        assert (done.returncode, done.stdout, done.stderr) == expected


def test_the_console_script_reports_bad_input_on_one_line_with_status_2() -> None:
    done = subprocess.run(
        [str(SCRIPT), "rules", "R0"], capture_output=True, text=True, encoding="utf-8", timeout=60
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert (
        done.stderr
        == f"{PROG}: error: argument RULE: no rule 'R0' in the rulebook; rules are R1.1 to R7.2\n"
    )


def test_a_closed_pipe_stops_the_console_script_quietly() -> None:
    """``raise-the-sum rules | head -1``: no traceback when the reader goes away."""
    with subprocess.Popen(
        [str(SCRIPT), "rules"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # before the script has had time to write
        stderr = process.stderr.read()
        process.wait(timeout=60)
    assert stderr == b""
    assert process.returncode in (0, 1)
