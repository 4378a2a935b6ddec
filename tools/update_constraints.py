"""Write ``.ci/constraints.txt``: the newest releases of all that the test and docs extras install.

CI passes the file to pip (``PIP_CONSTRAINT`` in ``.ci/run``), so that a new
release of ruff, mypy, Sphinx, Playwright, pytest, Hypothesis or any of their
dependencies cannot turn CI red without a change of ours. To move to new
releases on purpose, run from the repository's root::

    python3 tools/update_constraints.py
    git diff .ci/constraints.txt        # what moved
    bash .ci/run                        # CI with the new pins, then commit both

It installs ``.[test,docs]`` without constraints in a scratch virtual
environment and writes its ``pip freeze`` (the package itself left out).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / ".ci" / "constraints.txt"
HEADER = """\
# The versions CI installs (.ci/run passes this file to pip as PIP_CONSTRAINT).
# Written by tools/update_constraints.py from a fresh install of .[test,docs];
# to update: python3 tools/update_constraints.py, then run .ci/run and commit.
"""


def main() -> int:
    """Install the extras unconstrained in a scratch venv and write the freeze."""
    env = {key: value for key, value in os.environ.items() if key != "PIP_CONSTRAINT"}
    with tempfile.TemporaryDirectory() as scratch:
        venv = Path(scratch) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        pip = [str(venv / "bin" / "python"), "-m", "pip"]
        subprocess.run([*pip, "install", "-q", f"{ROOT}[test,docs]"], check=True, env=env)
        frozen = subprocess.run(
            [*pip, "freeze", "--exclude", "raise-the-sum"],
            check=True,
            capture_output=True,
            text=True,
            env=env,
        ).stdout
    pins = sorted(line for line in frozen.splitlines() if "==" in line)
    TARGET.write_text(HEADER + "\n".join(pins) + "\n", encoding="utf-8")
    print(f"wrote {len(pins)} pins to {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
