"""The rulebook's edition, its stable identifiers, provenance by sentence and its two parts.

A rule's identifier is cited at tables, in errors and in match records, so it
never goes away and never changes meaning. This module pins every identifier
of every edition, and a fingerprint of each edition's words: a change to a
rule's text fails here until someone decides whether its meaning changed (then
the edition is bumped) or not (a typo: the fingerprint is updated).
"""

from __future__ import annotations

import hashlib
import itertools
import json

import attrs
import pytest

from raise_the_sum.rulebook import EDITION, PARTS, RULES, Edition, Part, Rule, Source, rule

#: Every identifier of each edition, in reference order. Append an edition; never edit one.
PINNED_IDS: dict[int, tuple[str, ...]] = {
    1: (
        *("R1.1", "R1.2", "R1.3", "R1.4", "R1.5", "R1.6"),
        *("R2.1", "R2.2", "R2.3", "R2.4", "R2.5", "R2.6", "R2.7", "R2.8"),
        *("R3.1", "R3.2", "R3.3", "R3.4", "R3.5", "R3.6", "R3.7", "R3.8"),
        *("R4.1", "R4.2", "R4.3", "R4.4", "R4.5", "R4.6", "R4.7", "R4.8", "R4.9"),
        *("R4.10", "R4.11", "R4.12", "R4.13", "R4.14"),
        *("R5.1", "R5.2", "R5.3", "R5.4"),
        *("R6.1", "R6.2"),
        *("R7.1", "R7.2"),
    ),
    2: (
        *("R1.1", "R1.2", "R1.3", "R1.4", "R1.5", "R1.6"),
        *("R2.1", "R2.2", "R2.3", "R2.4", "R2.5", "R2.6", "R2.7", "R2.8"),
        *("R3.1", "R3.2", "R3.3", "R3.4", "R3.5", "R3.6", "R3.7", "R3.8"),
        *("R4.1", "R4.2", "R4.3", "R4.4", "R4.5", "R4.6", "R4.7", "R4.8", "R4.9"),
        *("R4.10", "R4.11", "R4.12", "R4.13", "R4.14", "R4.15"),
        *("R5.1", "R5.2", "R5.3", "R5.4", "R5.5"),
        *("R6.1", "R6.2"),
        *("R7.1", "R7.2"),
    ),
}

#: The fingerprint of each edition's words (see :func:`fingerprint`).
PINNED_WORDS: dict[int, str] = {
    1: "8cb64c6a53e2edff",
    2: "af263c15722abbf3",
}

#: The rules of the software, not of the table (notation, generator, bad input).
LIBRARY_RULES = ("R1.4", "R1.6", "R3.2", "R3.8", "R7.1", "R7.2")


def fingerprint(rules: list[Rule]) -> str:
    """A digest of what the rules say: identifier, title, text, source, rulings and part."""
    words = [[r.id, r.title, r.text, r.source.value, list(r.rulings), r.part.value] for r in rules]
    return hashlib.sha256(json.dumps(words, ensure_ascii=False).encode()).hexdigest()[:16]


def test_the_edition_has_a_number_and_a_month() -> None:
    assert str(EDITION) == f"Rulebook {EDITION.number}, {EDITION.date}"
    assert EDITION.number >= 1
    year, month = EDITION.date.split("-")
    assert len(year) == 4 and 1 <= int(month) <= 12


def test_every_edition_is_pinned_and_the_current_one_is_the_last() -> None:
    assert max(PINNED_IDS) == EDITION.number == max(PINNED_WORDS)


def test_no_rule_id_of_any_edition_is_ever_removed() -> None:
    for number, ids in PINNED_IDS.items():
        missing = [rule_id for rule_id in ids if rule_id not in RULES]
        assert missing == [], f"Rulebook {number}'s rules {missing} are gone: never remove one"


def test_no_rule_id_is_renumbered_the_current_edition_keeps_the_order_and_only_appends() -> None:
    """Each edition's identifiers keep their places; a new rule is a new identifier."""
    current = list(RULES)
    for ids in PINNED_IDS.values():
        assert [rule_id for rule_id in current if rule_id in ids] == list(ids)
    assert tuple(current) == PINNED_IDS[EDITION.number], (
        "the rulebook's identifiers changed: pin a new edition in PINNED_IDS and bump EDITION"
    )


def test_a_change_to_any_rules_words_is_caught_until_the_edition_is_decided() -> None:
    assert fingerprint(list(RULES.values())) == PINNED_WORDS[EDITION.number], (
        "a rule's words changed. If its meaning changed, bump EDITION and pin the new "
        "fingerprint under the new number; if not (a typo), update this edition's fingerprint."
    )


def test_the_fingerprint_sees_a_change_to_a_rules_text_source_or_rulings() -> None:
    rules = list(RULES.values())
    before = fingerprint(rules)
    first = rules[0]
    for changed in (
        attrs.evolve(first, text=first.text + " "),
        attrs.evolve(first, title=first.title.lower()),
        attrs.evolve(first, source=Source.RULING),
        attrs.evolve(first, part=Part.LIBRARY),
    ):
        assert fingerprint([changed, *rules[1:]]) != before
    # The worked examples are not the rule's words: improving one needs no new edition.
    assert fingerprint([attrs.evolve(first, in_words="Another example."), *rules[1:]]) == before


def test_an_edition_prints_as_it_is_cited() -> None:
    assert str(Edition(1, "2026-12")) == "Rulebook 1, 2026-12"
    assert str(Edition(12, "2031-01")) == "Rulebook 12, 2031-01"


# -- provenance by sentence -------------------------------------------------------------------


#: The library's decisions found inside rules marked as the guide's.
DECISIONS_IN_GUIDE_RULES = {
    "R4.8": "exactly 7",
    "R4.6": "The replaced cards go to the discard pile.",
    "R5.3": "The standing play goes to the discard pile.",
    "R3.3": "seat 0 first",
    "R5.1": "once the passer's turn, with its discard, has finished",
    "R4.3": "The opener may not pass",
    "R2.3": "never goes below zero",
}


@pytest.mark.parametrize(("rule_id", "words"), sorted(DECISIONS_IN_GUIDE_RULES.items()))
def test_each_library_decision_in_a_guide_rule_is_in_a_sentence_marked_as_a_ruling(
    rule_id: str, words: str
) -> None:
    entry = rule(rule_id)
    assert entry.source is Source.GUIDE
    marked = [sentence for sentence in entry.rulings if words in sentence]
    assert len(marked) == 1, f"{rule_id}: {words!r} is not in a sentence marked as a ruling"
    guide_pieces = [p for p, source in entry.provenance() if source is Source.GUIDE]
    assert not any(words in piece for piece in guide_pieces)


def test_R4_8_the_guides_keep_at_most_7_is_the_guides_and_exactly_7_is_the_ruling() -> None:
    pieces = {source: piece for piece, source in rule("R4.8").provenance()[:2]}
    assert "more than 7 cards" in pieces[Source.GUIDE]
    assert "exactly 7" in pieces[Source.RULING]


@pytest.mark.parametrize("entry", list(RULES.values()), ids=list(RULES))
def test_the_provenance_pieces_join_to_the_rules_text_and_alternate(entry: Rule) -> None:
    pieces = entry.provenance()
    assert "".join(piece for piece, _ in pieces) == entry.text
    sources = [source for _, source in pieces]
    assert all(a is not b for a, b in itertools.pairwise(sources))
    if entry.source is Source.RULING:
        assert sources == [Source.RULING] and entry.rulings == ()
    else:
        assert sources[0] is Source.GUIDE
        assert sources.count(Source.RULING) == len(entry.rulings)


def test_R4_3_the_bundled_opening_rule_is_split_by_new_ids_not_renumbered() -> None:
    """R4.3 held three decisions: the opener may not pass, R4.13 and R4.14."""
    assert rule("R4.3").title == "The opening"
    assert "R4.13" in rule("R4.3").text
    assert rule("R4.13").source is rule("R4.14").source is Source.RULING
    assert "must pass" in rule("R4.13").text
    assert "the next active player opens" in rule("R4.14").text


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"rulings": ("Not in the text.",)}, "must be a sentence of its text, once"),
        ({"source": Source.RULING, "rulings": ("One.",)}, "the whole rule is a ruling"),
        ({"rulings": "One."}, "must be a tuple of sentences"),
        ({"rulings": ("",)}, "must be a tuple of sentences"),
    ],
)
def test_a_ruling_that_is_not_a_sentence_of_a_guide_rule_is_refused(
    changes: dict[str, object], message: str
) -> None:
    arguments: dict[str, object] = {"source": Source.GUIDE, **changes}
    with pytest.raises((ValueError, TypeError), match=message):
        Rule("R9.1", "A made-up rule", "One. Two.", **arguments)  # type: ignore[arg-type]


# -- the table's rules and the software's ------------------------------------------------------


def test_the_notation_the_generator_and_bad_input_are_the_librarys_part() -> None:
    library = [rule_id for rule_id, entry in RULES.items() if entry.part is Part.LIBRARY]
    assert library == list(LIBRARY_RULES)
    assert all(RULES[rule_id].source is Source.RULING for rule_id in library)
    assert list(PARTS) == [Part.TABLE, Part.LIBRARY]
