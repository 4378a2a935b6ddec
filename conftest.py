"""pytest settings for the whole suite (one conftest, so that none shadows another).

* Hypothesis's per-example deadline is a timing assertion; speed is measured
  in ``benchmarks/``, never asserted by a test, and on a loaded CI machine a
  deadline only makes property tests flaky. So it is off.
* The documentation: ``--doctest-glob='*.rst'`` collects the pages under
  ``docs/``. ``docs/conf.py`` and the extension in ``docs/_ext/`` are
  Sphinx's, not tests (the extension imports Sphinx, which the test extra
  does not install), and ``docs/_build/`` is output. The pages' examples run
  from the repository's root, as a reader runs them (the tutorial loads
  ``examples/minimal_frontend.py`` by that path).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("raise-the-sum", deadline=None, print_blob=True)
settings.load_profile("raise-the-sum")

ROOT = Path(__file__).resolve().parent
DOCS = ROOT / "docs"

collect_ignore = ["docs/conf.py"]
collect_ignore_glob = ["docs/_ext/*", "docs/_build/*"]


@pytest.fixture(autouse=True)
def _docs_run_from_the_repository_root(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    if DOCS in Path(request.node.path).parents:
        monkeypatch.chdir(ROOT)
