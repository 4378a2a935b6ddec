"""CI runs the README's own test command: the two cannot drift apart.

``.ci/run`` takes the README's line ``README_TEST_LINE`` whole, with no
pattern to match; ``CI_DRY_RUN=1`` makes it print that command and stop.
These tests fail if the line CI runs is not the README's test command (it
must build the venv, install the test extras and run pytest), or if CI
reads another line than the one the README's text calls the test command
("The third installs the test extras").
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _ci_command() -> str:
    done = subprocess.run(
        ["bash", str(ROOT / ".ci" / "run")],
        env={**os.environ, "CI_DRY_RUN": "1"},
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return done.stdout.rstrip("\n")


def test_ci_runs_exactly_the_readmes_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    command = _ci_command()
    assert command in readme
    line = readme.index(command) + 1
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert f"README_TEST_LINE={line}\n" in script
    ordinal = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}[line]
    text = " ".join(" ".join(readme).split())
    assert f"The {ordinal} installs the test extras" in text, (
        f"the README's own text must call line {line} the test command"
    )


def test_the_readmes_test_command_builds_a_venv_installs_the_test_extras_and_runs_pytest() -> None:
    command = _ci_command()
    steps = [step.strip() for step in command.split("&&")]
    assert steps[0] == "python3 -m venv .venv"
    assert any("pip install" in step and ".[test]" in step for step in steps)
    assert steps[-1].startswith(".venv/bin/python -m pytest")


def test_ci_also_runs_ruff_mypy_and_the_docs() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for step in (
        "ruff check .",
        "ruff format --check .",
        "mypy --strict src tests",
        "sphinx -W -n",
    ):
        assert step in script, step


def _extras_tools() -> list[str]:
    """The names of the test and docs extras' requirements (not the package's own extras)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    names = []
    for requirement in [*extras["test"], *extras["docs"]]:
        name = re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0]
        if name != "raise-the-sum":
            names.append(name)
    return names


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_ci_pins_every_test_and_docs_tool_in_its_constraints_file() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'export PIP_CONSTRAINT="$PWD/.ci/constraints.txt"' in script
    pins = {}
    for line in (ROOT / ".ci" / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"not an exact pin: {line}"
            pins[_canonical(name)] = version
    tools = _extras_tools()
    assert {"ruff", "mypy", "sphinx", "playwright", "pytest", "hypothesis"} <= {
        _canonical(tool) for tool in tools
    }
    for tool in tools:
        assert _canonical(tool) in pins, f"{tool} is not pinned in .ci/constraints.txt"


def test_the_ci_hypothesis_profile_keeps_random_examples_even_on_a_ci_machine() -> None:
    """Hypothesis loads a derandomized profile of its own where CI is set; ours does not."""
    code = (
        "import conftest\n"
        "from hypothesis import settings\n"
        "ci = settings.get_profile('raise-the-sum-ci')\n"
        "print(settings.default.derandomize, ci.derandomize, ci.database, ci.deadline)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "CI": "true", "GITHUB_ACTIONS": "true"},
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert done.stdout.split() == ["False", "False", "None", "None"]
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "--hypothesis-profile=raise-the-sum-ci --hypothesis-seed=$seed" in script
    assert 'echo "ci: Hypothesis seed $seed' in script


def test_ci_gates_coverage_runs_the_benchmarks_and_smoke_tests_the_wheel() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for step in (
        "--cov=raise_the_sum --cov-branch",
        'coverage report --include="${include%,}" --fail-under="$CORE_COVERAGE_FLOOR"',
        "mypy --strict src tests benchmarks examples tools",
        "tools/tiny_benchmarks.py",
        "pip wheel -q --no-deps",
        'install -q "$wheel[web,cli]"',
        "tools/smoke_wheel.py",
    ):
        assert step in script, step
    floor = re.search(r"^CORE_COVERAGE_FLOOR=(\d+)$", script, re.MULTILINE)
    assert floor is not None and int(floor[1]) >= 95
    testing = (ROOT / "docs" / "testing.rst").read_text(encoding="utf-8")
    assert f"{floor[1]} %" in testing, "docs/testing.rst must give the coverage floor"


def test_every_benchmark_has_a_tiny_mode() -> None:
    spec = importlib.util.spec_from_file_location("tiny", ROOT / "tools" / "tiny_benchmarks.py")
    assert spec is not None and spec.loader is not None
    tiny = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tiny)
    scripts = {path.name for path in (ROOT / "benchmarks").glob("*.py")}
    assert set(tiny.TINY) == scripts
