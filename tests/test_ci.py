"""CI runs the README's own test command: the two cannot drift apart.

``.ci/run`` takes the README's line ``README_TEST_LINE`` whole, with no
pattern to match; ``CI_DRY_RUN=1`` makes it print that command and stop.
These tests fail if the line CI runs is not the README's test command (it
must build the venv, install the test extras and run pytest), or if CI
reads another line than the one the README's text calls the test command
("The third installs the test extras").
"""

from __future__ import annotations

import os
import subprocess
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
