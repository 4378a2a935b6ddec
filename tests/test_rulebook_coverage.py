"""The rulebook and the tests agree: every rule is tested, every rule cited exists.

A test cites a rule by naming it, with the dot replaced by an underscore:
``test_R4_4_a_tie_does_not_beat_the_score`` cites R4.4. This module reads the
test files with :mod:`ast` and checks that

* every rule in :data:`raise_the_sum.rulebook.RULES` is cited by a test name,
  and every rule a test name cites exists;
* every rule the library's code can name -- in an ``IllegalAction``, in a
  scoring ``Step``, passed on to the function that raises, or in the words of
  an error message or a docstring -- exists.

The scanning functions are tested on made-up input too, so that the checks are
known to fail when they should.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import raise_the_sum
from raise_the_sum.rulebook import RULES

TESTS = Path(__file__).resolve().parent
SOURCE = Path(raise_the_sum.__file__).resolve().parent

#: A citation in a test name: ``R4_4``, not followed by another digit (R4_1 is not R4_10).
_CITATION = re.compile(r"R(\d+)_(\d+)(?!\d)")
#: A rule identifier written in text: ``R4.4``, not followed by another digit.
_RULE_ID = re.compile(r"\bR(\d+)\.(\d+)(?!\d)")
#: The constructors whose first argument is a rule identifier.
_CITING_CALLS = frozenset({"IllegalAction", "Step"})


# -- the scanners ---------------------------------------------------------------------------


def names_of_tests(source: str) -> list[str]:
    """The names of the test functions in a module's source, methods of test classes included."""
    return [
        node.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.name.startswith("test")
    ]


def cited_rules(names: Iterable[str]) -> set[str]:
    """The rule identifiers that test names cite: ``test_R4_11_and_R5_1_x`` cites R4.11 and R5.1."""
    return {f"R{a}.{b}" for name in names for a, b in _CITATION.findall(name)}


def uncited(rule_ids: Iterable[str], names: Iterable[str]) -> list[str]:
    """The rules of ``rule_ids`` that no name in ``names`` cites, in the order given."""
    cited = cited_rules(names)
    return [rule_id for rule_id in rule_ids if rule_id not in cited]


def unknown(rule_ids: Iterable[str]) -> list[str]:
    """The identifiers that are not in the rulebook, sorted."""
    return sorted(set(rule_ids) - set(RULES))


def _call_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def raised_rules(source: str) -> set[str]:
    """The rule identifiers a module's code can put in an error or a scoring step.

    The first argument of every ``IllegalAction(...)`` and ``Step(...)`` call
    that is written out, and every argument written as a bare rule identifier
    (``_take(hand, cards, "R4.2")``, which raises it).
    """
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        args = [*node.args, *(keyword.value for keyword in node.keywords)]
        if _call_name(node) in _CITING_CALLS and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.add(first.value)
        for arg in args:
            if (
                isinstance(arg, ast.Constant)
                and isinstance(arg.value, str)
                and re.fullmatch(r"R\d+\.\d+", arg.value)
            ):
                found.add(arg.value)
    return found


def uncheckable_citations(source: str) -> list[str]:
    """``IllegalAction``/``Step`` calls whose rule is neither written out nor a plain name.

    A plain name is a parameter that a caller fills in with a written-out
    identifier, which :func:`raised_rules` finds; anything else (an
    expression) would escape the check.
    """
    bad = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and _call_name(node) in _CITING_CALLS:
            first = node.args[0] if node.args else None
            if not isinstance(first, (ast.Constant, ast.Name)):
                bad.append(ast.unparse(node)[:80])
    return bad


def mentioned_rules(source: str) -> set[str]:
    """Every rule identifier written in a string of a module: messages, docstrings, f-strings."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.update(f"R{a}.{b}" for a, b in _RULE_ID.findall(node.value))
    return found


def _test_files() -> list[Path]:
    return sorted(TESTS.rglob("test_*.py"))


def _source_files() -> list[Path]:
    return sorted(SOURCE.rglob("*.py"))


@cache
def _all_test_names() -> tuple[str, ...]:
    return tuple(
        name for path in _test_files() for name in names_of_tests(path.read_text(encoding="utf-8"))
    )


# -- the checks -----------------------------------------------------------------------------------


def test_every_rule_in_the_rulebook_is_cited_by_a_test_name() -> None:
    names = _all_test_names()
    assert len(names) > 100  # the scan found the suite
    assert uncited(RULES, names) == []


def test_every_rule_a_test_name_cites_is_in_the_rulebook() -> None:
    assert unknown(cited_rules(_all_test_names())) == []


def test_every_rule_the_engine_can_raise_is_in_the_rulebook() -> None:
    raised: set[str] = set()
    for path in _source_files():
        source = path.read_text(encoding="utf-8")
        raised |= raised_rules(source)
        assert uncheckable_citations(source) == [], path.name
    # The scan reaches every kind of refusal the engine makes, and the scoring steps.
    assert {"R4.2", "R4.3", "R4.4", "R4.8", "R4.9", "R5.2", "R5.4"} <= raised
    assert {"R2.1", "R2.2", "R2.3", "R2.4", "R2.5"} <= raised
    assert unknown(raised) == []


#: Identifiers the library writes on purpose although they are not rules: the
#: rulebook's own example of looking up a rule that does not exist.
_NOT_RULES_ON_PURPOSE = {"rulebook.py": {"R9.9"}}


def test_every_rule_the_library_mentions_in_its_words_is_in_the_rulebook() -> None:
    mentioned: set[str] = set()
    for path in _source_files():
        found = mentioned_rules(path.read_text(encoding="utf-8"))
        on_purpose = _NOT_RULES_ON_PURPOSE.get(path.name, set())
        assert on_purpose <= found, f"{path.name} no longer mentions {on_purpose}: update the list"
        mentioned |= found - on_purpose
    assert {"R1.6", "R3.1", "R3.6", "R3.7"} <= mentioned  # the messages of bad input
    assert unknown(mentioned) == []


# -- the scanners fail when they should ---------------------------------------------------------


def test_the_citation_check_fails_for_a_rule_no_test_names() -> None:
    names = names_of_tests(
        "def test_R4_10_last_card(): pass\n"
        "class TestX:\n    def test_R4_11_and_R5_1_both(self): pass\n"
        "def helper_R1_1(): pass\n"
    )
    assert names == ["test_R4_10_last_card", "test_R4_11_and_R5_1_both"]
    assert cited_rules(names) == {"R4.10", "R4.11", "R5.1"}
    # R4.1 is not cited by R4_10 or R4_11, and a helper's name cites nothing.
    assert uncited(["R1.1", "R4.1", "R4.10", "R4.11", "R5.1"], names) == ["R1.1", "R4.1"]
    assert uncited(RULES, names) != []


def test_the_rulebook_check_fails_for_a_rule_that_does_not_exist() -> None:
    assert unknown(["R4.4", "R9.9", "R4.99"]) == ["R4.99", "R9.9"]
    assert unknown(cited_rules(["test_R4_99_no_such_rule"])) == ["R4.99"]


def test_the_raise_scan_finds_every_way_code_names_a_rule() -> None:
    source = (
        "def f(x):\n"
        "    if x: raise IllegalAction('R9.9', 'no')\n"
        "    take(x, 'R8.1')\n"
        "    steps.append(Step('R2.1', 'text', 3))\n"
        "    raise actions.IllegalAction(rule, 'no')\n"
        "    print('R4.4 is only text here')\n"
    )
    assert raised_rules(source) == {"R9.9", "R8.1", "R2.1"}
    assert unknown(raised_rules(source)) == ["R8.1", "R9.9"]
    assert uncheckable_citations(source) == []
    assert uncheckable_citations("raise IllegalAction('R' + n, 'no')") == [
        "IllegalAction('R' + n, 'no')"
    ]


def test_the_mention_scan_reads_messages_docstrings_and_f_strings() -> None:
    source = (
        '"""Rules R2.1 to R2.7."""\n'
        "x = f'bad {y} (rule R3.6)'\n"
        "z = 'R4.10, but not XR5.5 or R5 or R6_1'\n"
    )
    assert mentioned_rules(source) == {"R2.1", "R2.7", "R3.6", "R4.10"}
    assert unknown(mentioned_rules("raise ValueError('bad (rule R3.9)')")) == ["R3.9"]
