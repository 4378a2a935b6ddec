"""Every rule of the rulebook has a worked example, and every worked example runs.

Each :class:`~raise_the_sum.rulebook.Rule` carries ``examples``: doctest
strings that the documentation shows beside the rule. These tests run them
with :mod:`doctest`, one test per rule, so that a rule whose example no longer
holds fails under its own identifier (``test_the_worked_examples_of[R4.4]``).
"""

from __future__ import annotations

import ast
import doctest
import io

import pytest

import raise_the_sum
from raise_the_sum.rulebook import RULES, Rule

_PARSER = doctest.DocTestParser()

#: The sections whose rules are about play: their examples use an exact table.
_PLAY_SECTIONS = (4, 5, 6)


def _doctests(rule: Rule) -> list[doctest.DocTest]:
    return [
        _PARSER.get_doctest(text, {}, f"{rule.id} example {i + 1}", None, 0)
        for i, text in enumerate(rule.examples)
    ]


def _run(test: doctest.DocTest) -> tuple[doctest.TestResults, str]:
    """Run one doctest in a fresh namespace; its results and its failure report."""
    out = io.StringIO()
    runner = doctest.DocTestRunner(verbose=False)
    results = runner.run(test, out=out.write, clear_globs=True)
    return results, out.getvalue()


def _names_used(rule: Rule) -> tuple[set[str], set[str], list[ast.Call]]:
    """Modules imported, ``raise_the_sum`` names imported, and ``new_game`` calls."""
    modules: set[str] = set()
    names: set[str] = set()
    calls: list[ast.Call] = []
    for test in _doctests(rule):
        for example in test.examples:
            for node in ast.walk(ast.parse(example.source)):
                if isinstance(node, ast.Import):
                    modules.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom):
                    modules.add(node.module or "")
                    names.update(alias.name for alias in node.names)
                elif (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == "new_game"
                ):
                    calls.append(node)
    return modules, names, calls


_BY_ID = pytest.mark.parametrize("rule", list(RULES.values()), ids=list(RULES))


@_BY_ID
def test_the_worked_examples_of(rule: Rule) -> None:
    """The rule has at least one worked example, each checks an output, and all pass."""
    assert rule.examples, f"rule {rule.id} has no worked example"
    for test in _doctests(rule):
        assert any(example.want for example in test.examples), (
            f"{test.name} checks no output: it proves nothing"
        )
        results, report = _run(test)
        assert results.attempted == len(test.examples)
        assert results.failed == 0, f"{test.name} fails:\n{report}"


@_BY_ID
def test_a_wrong_expected_output_fails_the_worked_examples_of(rule: Rule) -> None:
    """The runner really compares: a changed expected output is caught.

    Each example is run again with its last checked output changed (the
    expected exception's message, if it expects one); the run must report
    exactly that failure.
    """
    for test in _doctests(rule):
        last = max(i for i, example in enumerate(test.examples) if example.want)
        wrong = test.examples[last]
        if wrong.exc_msg is not None:
            wrong.exc_msg = "Not" + wrong.exc_msg
        else:
            wrong.want = "not " + wrong.want
        results, report = _run(test)
        assert results.failed == 1, f"{test.name}: a wrong output went unnoticed"
        assert f"Line {wrong.lineno + 1}, in {test.name}" in report


@_BY_ID
def test_the_worked_examples_use_only_the_public_api(rule: Rule) -> None:
    """Examples import only from ``raise_the_sum`` itself, and only its public names."""
    modules, names, _ = _names_used(rule)
    assert modules <= {"raise_the_sum"}, f"{rule.id} imports {sorted(modules)}"
    assert names <= set(raise_the_sum.__all__), (
        f"{rule.id} imports non-public {sorted(names - set(raise_the_sum.__all__))}"
    )


@pytest.mark.parametrize(
    "rule",
    [r for r in RULES.values() if r.section in _PLAY_SECTIONS],
    ids=[r.id for r in RULES.values() if r.section in _PLAY_SECTIONS],
)
def test_the_worked_examples_of_play_are_set_on_an_exact_table(rule: Rule) -> None:
    """A rule about play is shown on a stacked deck: every ``new_game`` gets ``deck=``."""
    _, _, calls = _names_used(rule)
    assert calls, f"{rule.id}'s examples start no game"
    for call in calls:
        keywords = {keyword.arg for keyword in call.keywords}
        assert {"deck", "seed"} <= keywords, (
            f"{rule.id}: new_game(...) on line {call.lineno} needs seed= and a stacked deck="
        )
