"""The printable sheet: made from the rulebook's registry, complete, and one page in print.

The shipped copy is compared with what the registry makes now, so it cannot
drift; every rule, every ruling sentence, the worked example and the edition
are found in it; and, where Chromium is installed, it is printed to PDF on A4
and on Letter and must take exactly one page of each.
"""

from __future__ import annotations

import html
import io
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from types import MappingProxyType

import attrs
import pytest

from raise_the_sum import rulebook_sheet
from raise_the_sum.cli import main
from raise_the_sum.rulebook import EDITION, PARTS, RULES, Source
from raise_the_sum.rulebook_sheet import render_sheet, shipped_sheet

CHROMIUM = Path("/usr/bin/chromium")

#: The rules in the sheet's order: the table's part, then the library's.
IN_ORDER = [entry for part in PARTS for entry in RULES.values() if entry.part is part]


class _Spans(HTMLParser):
    """The text of every ``<span class="ruling">`` and of every rule paragraph, by id."""

    def __init__(self) -> None:
        super().__init__()
        self.rulings: list[str] = []
        self.rules: dict[str, str] = {}
        self._ruling: list[str] | None = None
        self._rule: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "span" and found.get("class") == "ruling":
            self._ruling = []
        if tag == "p" and found.get("class") == "rule":
            self._rule = found["id"]
            self.rules[self._rule or ""] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "span" and self._ruling is not None:
            self.rulings.append("".join(self._ruling))
            self._ruling = None
        if tag == "p":
            self._rule = None

    def handle_data(self, data: str) -> None:
        if self._ruling is not None:
            self._ruling.append(data)
        if self._rule is not None:
            self.rules[self._rule] += data


def _parsed(text: str) -> _Spans:
    spans = _Spans()
    spans.feed(text)
    return spans


def test_the_shipped_sheet_is_exactly_what_the_registry_makes_now() -> None:
    assert shipped_sheet() == render_sheet(), (
        "the shipped sheet is out of date: run python -m raise_the_sum.rulebook_sheet"
    )


def test_the_sheet_holds_every_rule_with_its_words_and_the_edition() -> None:
    sheet = render_sheet()
    spans = _parsed(sheet)
    assert list(spans.rules) == [r.id.lower().replace(".", "-") for r in IN_ORDER]
    for entry in IN_ORDER:
        shown = spans.rules[entry.id.lower().replace(".", "-")]
        assert shown.startswith(f"{entry.id} {entry.title}. ")
        assert shown.replace("RULING", "").endswith(entry.text)  # less the tags
    assert sheet.count(str(EDITION)) >= 2  # the heading and the footer
    assert html.escape(RULES["R2.6"].text) in sheet.split('<main class="columns">')[0]


def test_every_ruling_is_marked_on_the_sheet_and_nothing_from_the_guide_is() -> None:
    expected = [
        piece
        for entry in IN_ORDER
        for piece, source in entry.provenance()
        if source is Source.RULING
    ]
    rulings = _parsed(render_sheet()).rulings
    assert rulings[0] == "Marked text"  # the legend's own sample
    assert rulings[1:] == expected


def test_the_sheet_is_made_from_the_registry_a_changed_rule_changes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    changed = dict(RULES)
    changed["R4.4"] = attrs.evolve(RULES["R4.4"], text="Every later play must total 99.")
    monkeypatch.setattr(rulebook_sheet, "RULES", MappingProxyType(changed))
    sheet = render_sheet()
    assert "Every later play must total 99." in sheet
    assert html.escape(RULES["R4.4"].text) not in sheet
    assert sheet != shipped_sheet()


def test_rules_sheet_writes_the_sheet_and_refuses_rule_ids_with_it() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["rules", "--sheet"], out=out, err=err) == 0
    assert out.getvalue() == render_sheet() and err.getvalue() == ""
    out, err = io.StringIO(), io.StringIO()
    assert main(["rules", "--sheet", "R4.4"], out=out, err=err) == 2
    assert "the sheet holds every rule" in err.getvalue()


def _pages(pdf: bytes) -> int:
    """The number of page objects in a PDF (not its page tree, ``/Type /Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf))


@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium to print")
@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_the_sheet_prints_on_exactly_one_page_of(paper: str, tmp_path: Path) -> None:
    page = tmp_path / "sheet.html"
    page.write_text(
        render_sheet().replace("@page { margin:", f"@page {{ size: {paper}; margin:", 1),
        encoding="utf-8",
    )
    pdf = tmp_path / "sheet.pdf"
    subprocess.run(
        [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-pdf-header-footer",
            f"--user-data-dir={tmp_path / 'profile'}",
            f"--print-to-pdf={pdf}",
            page.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    assert _pages(pdf.read_bytes()) == 1
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
        assert re.search(r"Pages:\s+1\n", info)
        assert ("A4" if paper == "A4" else "letter") in info


def test_the_page_counter_counts_pages_not_the_page_tree() -> None:
    assert _pages(b"<< /Type /Pages /Count 2 >> << /Type /Page >> << /Type/Page >>") == 2
    assert _pages(b"<< /Type /Pages /Count 0 >>") == 0
