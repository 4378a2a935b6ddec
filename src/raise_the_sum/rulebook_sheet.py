"""The rules on one printed page: an HTML sheet made from the rulebook's registry.

The sheet holds every rule of :data:`raise_the_sum.rulebook.RULES`: the
guide's rules, every ruling (each ruling sentence of a guide rule marked), the
guide's worked example of the arithmetic, and the edition. It is one self-contained
HTML file with a print stylesheet, sized to print on one page of A4 or Letter.

It is made from the registry, so it cannot drift from the rules: the copy
shipped in the package (:data:`SHEET`, ``rulebook-sheet.html``) is exactly
what :func:`render_sheet` returns, and the test suite holds them equal.
``raise-the-sum rules --sheet`` writes it; after a change to the rulebook,
``python -m raise_the_sum.rulebook_sheet`` writes the shipped copy again.

>>> html = render_sheet()
>>> html.startswith("<!DOCTYPE html>") and "Rulebook 2, 2026-12" in html
True
>>> all(f'id="{r.lower().replace(".", "-")}"' in html for r in RULES)
True
"""

from __future__ import annotations

import html
import sys
from importlib import resources
from pathlib import Path
from typing import Final

from raise_the_sum.rulebook import EDITION, PARTS, RULES, SECTIONS, Rule, Source

__all__ = ["SHEET", "render_sheet", "shipped_sheet"]

#: The name of the sheet's file in the package.
SHEET: Final = "rulebook-sheet.html"

#: The rule whose text is the guide's worked example of the arithmetic.
_WORKED_EXAMPLE: Final = "R2.6"

_STYLE: Final = """
@page { margin: 8mm; }
* { box-sizing: border-box; }
html { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: #111; }
body { margin: 0 auto; max-width: 200mm; font-size: 6.7pt; line-height: 1.25; }
header { display: flex; justify-content: space-between; align-items: baseline;
  border-bottom: 1.2pt solid #111; padding-bottom: 1mm; margin-bottom: 1.2mm; }
h1 { font-size: 13pt; margin: 0; letter-spacing: 0.02em; }
.edition { font-size: 8.5pt; font-weight: 700; }
.intro { display: flex; gap: 3mm; margin-bottom: 1.4mm; }
.legend { flex: 1; margin: 0; }
.example { flex: 1.25; margin: 0; border: 0.8pt solid #111; border-radius: 1.5mm;
  padding: 0.8mm 1.5mm; background: #f1f5ff; }
.example .sum { font-size: 7.4pt; font-weight: 700; }
.columns { column-count: 3; column-gap: 3.2mm; column-rule: 0.4pt solid #bbb; }
h2 { font-size: 7.6pt; margin: 0.9mm 0 0.5mm; padding: 0.3mm 1mm; background: #111; color: #fff;
  break-after: avoid; }
h3 { font-size: 7pt; margin: 0.9mm 0 0.3mm; border-bottom: 0.5pt solid #777; break-after: avoid; }
p.rule { margin: 0 0 0.55mm; break-inside: avoid; }
.id { font-weight: 700; font-family: "DejaVu Sans Mono", Menlo, monospace; }
.title { font-weight: 700; }
.ruling { font-style: italic; background: #fff1d6; }
.tag { font-size: 0.78em; font-style: normal; font-weight: 700; letter-spacing: 0.03em;
  border: 0.5pt solid #b06f00; color: #7a4a00; border-radius: 0.8mm; padding: 0 0.5mm;
  margin-right: 0.4mm; background: #fff; }
footer { margin-top: 1mm; border-top: 0.5pt solid #777; padding-top: 0.6mm; font-size: 6pt;
  color: #333; }
@media screen { body { padding: 6mm; font-size: 8.5pt; max-width: 210mm; } }
@media print { html { -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
"""


def _anchor(rule_id: str) -> str:
    return rule_id.lower().replace(".", "-")


def _text(entry: Rule) -> str:
    """The rule's text in HTML: a ruling as a whole, or each ruling sentence, marked."""
    tag = '<span class="tag">RULING</span>'
    if entry.source is Source.RULING:
        return f'{tag}<span class="ruling">{html.escape(entry.text)}</span>'
    return "".join(
        f'{tag}<span class="ruling">{html.escape(piece)}</span>'
        if source is Source.RULING
        else html.escape(piece)
        for piece, source in entry.provenance()
    )


def _rule(entry: Rule) -> str:
    return (
        f'<p class="rule" id="{_anchor(entry.id)}"><span class="id">{entry.id}</span> '
        f'<span class="title">{html.escape(entry.title)}.</span> {_text(entry)}</p>'
    )


def render_sheet() -> str:
    """The sheet as a complete HTML document, made from the rulebook's registry."""
    example = RULES[_WORKED_EXAMPLE]
    guide = sum(entry.source is Source.GUIDE for entry in RULES.values())
    body: list[str] = []
    for number, (part, title) in enumerate(PARTS.items(), start=1):
        body.append(f"<h2>Part {number}. {html.escape(title)}</h2>")
        for section, heading in SECTIONS.items():
            rules = [r for r in RULES.values() if r.section == section and r.part is part]
            if rules:
                body.append(f"<h3>{section}. {html.escape(heading)}</h3>")
                body.extend(_rule(entry) for entry in rules)
    lines = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>Raise the Sum: the rules on one page ({EDITION})</title>",
        f"<style>{_STYLE}</style>",
        "</head>",
        "<body>",
        "<header>",
        "<h1>Raise the Sum: the rules on one page</h1>",
        f'<span class="edition">{EDITION}</span>',
        "</header>",
        '<div class="intro">',
        '<p class="legend">Plain text is the game\'s own quick guide. '
        '<span class="tag">RULING</span><span class="ruling">Marked text</span> is a ruling '
        "of the reference library, where the guide is silent or unclear. "
        f"{len(RULES)} rules: {guide} from the guide, {len(RULES) - guide} rulings. "
        f"Cite a rule with its edition: R4.8, {EDITION}. Part 2 is for software: "
        "a game with real cards does not need it.</p>",
        f'<p class="example"><span class="title">The arithmetic, worked ({example.id}).</span> '
        f"{html.escape(example.text)}<br>"
        '<span class="sum">Total = (Add cards − incoming subtraction, never below 0) '
        "× every multiplier ÷ incoming divisor, rounded down once</span></p>",
        "</div>",
        '<main class="columns">',
        *body,
        "</main>",
        f"<footer>Made from the rulebook of the raise-the-sum library, {EDITION}. "
        "Every rule at length, with worked examples: the rules page of its documentation, "
        "or <code>raise-the-sum rules R4.8</code>.</footer>",
        "</body>",
        "</html>",
    ]
    return "\n".join(lines) + "\n"


def shipped_sheet() -> str:
    """The sheet shipped in the package, as text."""
    return resources.files("raise_the_sum").joinpath(SHEET).read_text(encoding="utf-8")


def _write_shipped_sheet() -> Path:
    path = Path(__file__).with_name(SHEET)
    path.write_text(render_sheet(), encoding="utf-8")
    return path


if __name__ == "__main__":  # pragma: no cover - a maintainer's tool
    sys.stdout.write(f"wrote {_write_shipped_sheet()}\n")
