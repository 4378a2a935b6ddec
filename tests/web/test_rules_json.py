"""The page's rule titles (``web/rules.json``) are the rulebook's, so the guided hand's rule ids
are explained in the rulebook's own words."""

from __future__ import annotations

import json
from pathlib import Path

import raise_the_sum
from raise_the_sum.rulebook import RULES

RULES_JSON = Path(raise_the_sum.__file__).parent / "web" / "rules.json"


def rule_titles() -> str:
    """The file's text, as made from the rulebook."""
    titles = {rule.id: rule.title for rule in RULES.values()}
    return json.dumps(titles, ensure_ascii=False, indent=1) + "\n"


def test_the_pages_rule_titles_are_the_rulebooks() -> None:
    assert RULES_JSON.read_text(encoding="utf-8") == rule_titles(), (
        "web/rules.json is out of date: write tests.web.test_rules_json.rule_titles() to it"
    )
