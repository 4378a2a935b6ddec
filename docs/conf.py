"""Sphinx configuration for the raise-the-sum documentation.

Build it, warnings as errors and every cross-reference checked, with::

    .venv/bin/python -m sphinx -W -n -b html docs docs/_build/html

The build needs no network: there is no intersphinx mapping, so the few
standard-library and attrs names that cannot resolve are listed, narrowly,
in ``nitpick_ignore``.
"""

from __future__ import annotations

import sys
from importlib.util import find_spec
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

import raise_the_sum

project = "raise-the-sum"
author = "the raise-the-sum authors"
copyright = "2026, the raise-the-sum authors"
release = raise_the_sum.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "myst_parser",  # renders CHANGELOG.md on the changelog page
    "rulebook_ref",  # docs/_ext: the rules reference, the :rule: role, the API check
]

source_suffix = {".rst": "restructuredtext"}
exclude_patterns = ["_build"]
root_doc = "index"

nitpicky = True
nitpick_ignore = [
    # Standard-library types in signatures; without intersphinx they cannot resolve.
    ("py:class", "collections.abc.Callable"),
    ("py:class", "collections.abc.Iterable"),
    ("py:class", "collections.abc.Mapping"),
    ("py:class", "collections.abc.Sequence"),
    ("py:mod", "random"),
    # The game server's signatures: the standard library, Starlette.
    ("py:class", "pathlib.Path"),
    ("py:class", "asyncio.locks.Event"),
    ("py:class", "asyncio.locks.Lock"),
    ("py:class", "_asyncio.Task"),
    ("py:class", "starlette.applications.Starlette"),
    ("py:class", "concurrent.futures.Executor"),
    ("py:class", "concurrent.futures._base.Executor"),
    # The type variable of Rng.shuffle.
    ("py:class", "raise_the_sum.rng.T"),
    # The type variable of wire.decode and wire.loads, and the PEP 747 type form they
    # take (imported for type checkers only).
    ("py:class", "raise_the_sum.wire._api.T"),
    # The type variable of the table service's run_engine (its work's result).
    ("py:class", "raise_the_sum.server.driving.T"),
    ("py:class", "collections.abc.Awaitable"),
    ("py:class", "T"),
    ("py:class", "TypeForm"),
    # The adapters' signatures name numpy, gymnasium and PettingZoo types (extra "rl"),
    # and the OpenSpiel state's private node.
    ("py:class", "npt.NDArray"),
    ("py:class", "np.int8"),
    ("py:class", "numpy.ndarray"),
    ("py:class", "numpy.dtype"),
    ("py:class", "pettingzoo.utils.env.AECEnv"),
    ("py:class", "gymnasium.spaces.space.Space"),
    ("py:class", "raise_the_sum.adapters.openspiel._Node"),
    # The same types as autodoc's mocks name them, when the rl extra is not installed.
    ("py:class", "pettingzoo.AECEnv"),
    ("py:class", "gymnasium.spaces.Space.typing.Any"),
    ("py:class", "numpy.typing.NDArray.typing.Any"),
]

# The optional extras' packages (web, postgres, rl, cli, cluster): those not installed are
# mocked, so the docs build from a fresh virtual environment with the docs extra alone.
OPTIONAL_IMPORTS = [
    "dask",
    "gymnasium",
    "numpy",
    "open_spiel",
    "orjson",
    "pettingzoo",
    "psycopg",
    "psycopg_pool",
    "pyspiel",
    "rich",
    "starlette",
    "uvicorn",
    "uvloop",
    "websockets",
]
autodoc_mock_imports = [name for name in OPTIONAL_IMPORTS if find_spec(name) is None]

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
add_module_names = True

html_theme = "furo"
html_title = f"raise-the-sum {release}"
html_static_path = ["_static"]
html_css_files = ["rulebook.css"]

myst_heading_anchors = 2
