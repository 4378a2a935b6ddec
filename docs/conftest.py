"""pytest, for the documentation: run every ``.rst`` page's examples, nothing else.

``--doctest-glob='*.rst'`` collects the pages. ``conf.py`` and the extension
in ``_ext/`` are Sphinx's, not tests (the extension imports Sphinx, which the
test extra does not install), and ``_build/`` is output.

The pages' examples run from the repository's root, as a reader runs them
(the tutorial loads ``examples/minimal_frontend.py`` by that path).
"""

from __future__ import annotations

from pathlib import Path

import pytest

collect_ignore = ["conf.py"]
collect_ignore_glob = ["_ext/*", "_build/*"]

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _run_from_the_repository_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
