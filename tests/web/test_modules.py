"""The page's modules are all preloaded by index.html, so the browser fetches them at once
rather than level by level as it finds the imports."""

from __future__ import annotations

import re
from pathlib import Path

import raise_the_sum

WEB = Path(raise_the_sum.__file__).parent / "web"


def test_index_preloads_every_module_the_page_imports() -> None:
    html = (WEB / "index.html").read_text(encoding="utf-8")
    preloaded = set(re.findall(r'<link rel="modulepreload" href="/static/([\w.]+)">', html))
    imported = set()
    for module in WEB.glob("*.js"):
        imported.update(re.findall(r'from "\./([\w.]+)"', module.read_text(encoding="utf-8")))
    assert imported, "no imports found: the pattern no longer matches the modules"
    assert preloaded == imported
