"""A Sphinx extension: the rules reference, generated from the library's rulebook.

* ``.. rulebook::`` renders every rule of :data:`raise_the_sum.rulebook.RULES`,
  under the edition, part by part (the table's rules, then the library's own)
  and section by section: its identifier as the anchor (``rules.html#r4-4``
  for ``R4.4``), its title, a *guide* or *ruling* badge, its text with each
  sentence that is a ruling in a guide rule marked, its worked example in
  words and the doctests that prove it. The page cannot drift from the code:
  it *is* the code.
* ``:rule:`R4.4``` links to a rule from any page; an unknown identifier is an
  error, and so (under ``-n``) is a link that does not resolve.
* In docstrings rendered by autodoc, a rule cited by its identifier ("rule
  R4.4") becomes a link to the rule, except inside code: literals, doctests
  and literal blocks are left as they are.
* A public constant (``raise_the_sum.STANDARD_DECK``) is documented by the
  ``#:`` comment where its own module defines it, rather than by the
  docstring of its type (autodoc would otherwise show ``tuple``'s).
* Signatures name the public defaults (``deck=STANDARD_DECK``,
  ``attack=NO_ATTACK``, ``rules=Rules()``) instead of spelling out their
  values, and enums show no constructor signature.
* At the end of reading, every name in ``raise_the_sum.__all__`` must have
  been documented (by autodoc, on the API page), and so must the modules
  ``raise_the_sum.rulebook`` and ``raise_the_sum.rng``; a missing one is a
  warning, which ``-W`` makes an error.
"""

from __future__ import annotations

import enum
import re
import sys
import textwrap
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import PycodeError
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

import raise_the_sum
from raise_the_sum.rulebook import EDITION, PARTS, RULES, SECTIONS, Part, Rule, Source

logger = logging.getLogger(__name__)

#: The modules the API page must document besides the names in ``__all__``.
DOCUMENTED_MODULES = ("raise_the_sum", "raise_the_sum.rulebook", "raise_the_sum.rng")

_BADGE = {Source.GUIDE: "guide", Source.RULING: "ruling"}


def anchor(rule_id: str) -> str:
    """The HTML anchor of a rule: ``r4-4`` for ``R4.4``."""
    return "r" + rule_id[1:].replace(".", "-")


class RulebookDirective(SphinxDirective):
    """``.. rulebook::`` -- every rule, with its badge, text and worked examples."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        guide = [rule for rule in RULES.values() if rule.source is Source.GUIDE]
        marked = sum(len(rule.rulings) for rule in guide)
        summary = (
            f"{EDITION}. {len(RULES)} rules in {len(SECTIONS)} sections: {len(guide)} from "
            f"the guide, {len(RULES) - len(guide)} rulings, and {marked} sentences of the "
            "guide's rules marked as rulings."
        )
        out: list[nodes.Node] = [nodes.paragraph(text=summary, classes=["rulebook-summary"])]
        for part_number, (part, part_title) in enumerate(PARTS.items(), start=1):
            part_id = f"part-{part.value}"
            part_node = nodes.section(ids=[part_id], names=[part_id])
            part_node += nodes.title(text=f"Part {part_number}. {part_title}")
            self.state.document.note_explicit_target(part_node, part_node)
            for number, heading in SECTIONS.items():
                rules = [r for r in RULES.values() if r.section == number and r.part is part]
                if not rules:
                    continue
                prefix = "" if part is Part.TABLE else f"{part.value}-"
                section_id = f"{prefix}section-{number}"
                section = nodes.section(ids=[section_id], names=[section_id])
                section += nodes.title(text=f"{number}. {heading}")
                self.state.document.note_explicit_target(section, section)
                for rule in rules:
                    section += self._rule(rule)
                part_node += section
            out.append(part_node)
        return out

    def _rule(self, rule: Rule) -> nodes.section:
        node_id = anchor(rule.id)
        section = nodes.section(ids=[node_id], names=[node_id], classes=["rule"])
        title = nodes.title()
        title += nodes.inline(text=rule.id, classes=["rule-id"])
        title += nodes.Text(" " + rule.title)
        section += title
        self.state.document.note_explicit_target(section, section)

        text = nodes.paragraph(classes=["rule-text"])
        badge = _BADGE[rule.source]
        text += nodes.inline(text=badge, classes=["rule-badge", f"rule-badge-{badge}"])
        text += nodes.Text(" ")
        for piece, source in rule.provenance():
            if source is rule.source:
                text += nodes.Text(piece)
                continue
            marked = nodes.inline(classes=["rule-ruling-sentence"])
            marked += nodes.inline(
                text="ruling", classes=["rule-badge", "rule-badge-ruling", "rule-badge-inline"]
            )
            marked += nodes.Text(piece)
            text += marked
        section += text

        if not rule.in_words:
            logger.warning("rule %s has no example in words", rule.id, location=self.get_location())
        example = nodes.paragraph(classes=["rule-in-words"])
        example += nodes.strong(text="Example. ")
        example += nodes.Text(rule.in_words)
        section += example

        if not rule.examples:
            logger.warning("rule %s has no worked example", rule.id, location=self.get_location())
        heading = (
            "As code: the doctest that proves it"
            if len(rule.examples) == 1
            else ("As code: the doctests that prove it")
        )
        section += nodes.rubric(text=heading, classes=["rule-examples"])
        for example in rule.examples:
            code = textwrap.dedent(example).strip("\n")
            block = nodes.literal_block(code, code, language="pycon", classes=["rule-example"])
            section += block
        return section


class RuleRole(SphinxRole):
    """``:rule:`R4.4``` -- a link to the rule's entry on the rules page."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        rule_id = self.text.strip()
        if rule_id not in RULES:
            message = self.inliner.reporter.error(
                f"unknown rule {rule_id!r}: rules are {next(iter(RULES))} to {list(RULES)[-1]}",
                line=self.lineno,
            )
            problem = self.inliner.problematic(self.rawtext, self.rawtext, message)
            return [problem], [message]
        ref = addnodes.pending_xref(
            self.rawtext,
            refdomain="std",
            reftype="ref",
            reftarget=anchor(rule_id),
            refexplicit=True,
            refwarn=True,
        )
        ref += nodes.inline(rule_id, rule_id, classes=["xref", "std", "std-ref", "rule-ref"])
        return [ref], []


def check_the_api_is_documented(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn for every public name, or listed module, that no page documents."""
    python = env.get_domain("py")
    objects = {name for name, *_ in python.get_objects()}
    for name in raise_the_sum.__all__:
        if f"raise_the_sum.{name}" not in objects:
            logger.warning(
                "the public name raise_the_sum.%s is not documented: add it to docs/api.rst",
                name,
            )
    for module in DOCUMENTED_MODULES:
        if module not in objects:
            logger.warning("the module %s is not documented: add it to docs/api.rst", module)


#: A rule identifier standing as a word of its own.
_RULE_ID = re.compile(r"(?<![\w.`:<])R\d+\.\d+(?![\w`]|\.\d)")
#: Inline code and roles, which must not be touched: ``literal`` and :role:`target`.
_CODE = re.compile(r"(``.+?``|:[\w:+-]+:`[^`]*`)")


def _link_ids(line: str) -> str:
    parts = _CODE.split(line)
    for i in range(0, len(parts), 2):  # the even parts are outside code
        parts[i] = _RULE_ID.sub(
            lambda m: f":rule:`{m.group(0)}`" if m.group(0) in RULES else m.group(0), parts[i]
        )
    return "".join(parts)


def link_rule_citations(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """``autodoc-process-docstring``: "rule R4.4" in prose links to the rule."""
    in_doctest = False
    literal_indent: int | None = None
    for i, line in enumerate(lines):
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if literal_indent is not None:
            if not stripped or indent > literal_indent:
                continue
            literal_indent = None
        if stripped.startswith(">>>"):
            in_doctest = True
            continue
        if in_doctest:
            in_doctest = bool(stripped)
            continue
        lines[i] = _link_ids(line)
        if stripped.endswith("::"):
            literal_indent = indent


def _source_comment(name: str) -> list[str] | None:
    """The ``#:`` comment on ``name`` in the ``raise_the_sum`` module that defines it."""
    value = getattr(raise_the_sum, name)
    for module_name, module in sorted(sys.modules.items()):
        if not module_name.startswith("raise_the_sum.") or getattr(module, name, None) is not value:
            continue
        try:
            docs = ModuleAnalyzer.for_module(module_name).find_attr_docs()
        except PycodeError:
            continue
        if ("", name) in docs:
            return list(docs[("", name)])
    return None


def document_constants_by_their_comment(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """``autodoc-process-docstring``: a public constant's docs are its source comment."""
    short = name.removeprefix("raise_the_sum.")
    if what != "data" or short == name or short not in raise_the_sum.__all__:
        return
    comment = _source_comment(short)
    if comment is None:
        logger.warning("raise_the_sum.%s has no #: comment where it is defined", short)
        return
    lines[:] = comment


#: Default values, as autodoc would spell them out, and the names to show instead.
_DEFAULT_NAMES = (
    (repr(raise_the_sum.Rules()), "Rules()"),
    (repr(raise_the_sum.STANDARD_DECK), "STANDARD_DECK"),
    (repr(raise_the_sum.NO_ATTACK), "NO_ATTACK"),
)


def tidy_signatures(
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """``autodoc-process-signature``: name the public defaults; no enum signature."""
    if isinstance(obj, type) and issubclass(obj, enum.Enum):
        return "", return_annotation
    if signature is None:
        return None
    for value, shown in _DEFAULT_NAMES:
        signature = signature.replace(value, shown)
    return signature, return_annotation


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("rulebook", RulebookDirective)
    app.add_role("rule", RuleRole())
    app.connect("autodoc-process-docstring", document_constants_by_their_comment)
    app.connect("autodoc-process-docstring", link_rule_citations)
    app.connect("autodoc-process-signature", tidy_signatures)
    app.connect("env-check-consistency", check_the_api_is_documented)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
