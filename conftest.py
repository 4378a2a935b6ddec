"""pytest settings for the whole suite (one conftest, so that none shadows another).

* Hypothesis's per-example deadline is a timing assertion; speed is measured
  in ``benchmarks/``, never asserted by a test, and on a loaded CI machine a
  deadline only makes property tests flaky. So it is off.
* Hypothesis in CI: the profile ``raise-the-sum-ci`` keeps every example
  count and draws random examples from the seed ``--hypothesis-seed`` (which
  ``.ci/run`` picks and prints). A failed Hypothesis test's report adds the
  line that replays it with that seed.
* The documentation: ``--doctest-glob='*.rst'`` collects the pages under
  ``docs/``. ``docs/conf.py`` and the extension in ``docs/_ext/`` are
  Sphinx's, not tests (the extension imports Sphinx, which the test extra
  does not install), and ``docs/_build/`` is output. The pages' examples run
  from the repository's root, as a reader runs them (the tutorial loads
  ``examples/minimal_frontend.py`` by that path).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# The parent is Hypothesis' own default, named, so that a CI machine (where Hypothesis
# loads its derandomized "ci" profile by itself) keeps random examples and real counts.
settings.register_profile(
    "raise-the-sum", settings.get_profile("default"), deadline=None, print_blob=True
)
# CI's profile (.ci/run passes --hypothesis-profile=raise-the-sum-ci and a fresh
# --hypothesis-seed, which it prints): every example count as written, a new seed each
# run, no example database; a failure prints its seed and its reproduce_failure blob.
settings.register_profile("raise-the-sum-ci", settings.get_profile("raise-the-sum"), database=None)
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


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A failed Hypothesis test's report names the seed that replays it."""
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    seed = item.config.getoption("hypothesis_seed", None)
    if report.failed and seed is not None and getattr(item.obj, "is_hypothesis_test", False):
        report.sections.append(
            ("Hypothesis seed", f"replay: pytest --hypothesis-seed={seed} '{item.nodeid}'")
        )
