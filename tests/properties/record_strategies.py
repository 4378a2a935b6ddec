"""Hypothesis strategies for match records: random seeded matches, as records with tags.

:func:`match_records` builds records the rules accept (every action legal),
of 2 to 4 players under the standard rules or a :func:`rules_variants`
configuration, dealt from a shuffled or now and then a stacked deck, with
tags that hold the characters the text notation must escape.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from raise_the_sum import Action, MatchRecord, Phase, Rules, apply, legal_plays, new_game
from raise_the_sum.records import seat_tag

from .strategies import rules_variants, seeds

__all__ = ["finished_match", "match_records", "seat_names", "tag_values"]

#: Seats' names: letters, spaces inside, digits, signs, non-ASCII (never { } ; : ").
seat_names: st.SearchStrategy[str] = st.one_of(
    st.sampled_from(
        [
            "You",
            "Riley",
            "Sam",
            "Alex",
            "Mary Ann",
            "Zoë",
            "[bot] 3",
            "*",
            "Round 2",
            "3.14",
            "winner",
            "O'Neil",
            "Seat 1",
            "\\o/",
            "李",
        ]
    ),
    st.text(
        alphabet=st.characters(
            codec="utf-8",
            exclude_categories=("Cc", "Cs", "Zl", "Zp", "Zs"),
            exclude_characters='{};:"',
        ),
        min_size=1,
        max_size=12,
    ),
)

#: Tag values: one line of any printable text, quotes, backslashes and braces included.
tag_values: st.SearchStrategy[str] = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")),
    max_size=20,
) | st.sampled_from(['say "hi"', "a\\b", "{not a comment}", "; nor this", "[x]", ""])

_free_tags = st.dictionaries(
    st.sampled_from(["Event", "Site", "Date", "Result", "Note", "Match", "X_Round_", "X_x"]),
    tag_values,
    max_size=4,
)


@st.composite
def match_records(draw: st.DrawFn, max_actions: int = 120) -> MatchRecord:
    """A record of a random seeded match: every action legal, up to ``max_actions`` of them."""
    rules = draw(st.one_of(st.builds(Rules, players=st.integers(2, 4)), rules_variants()))
    seed = draw(seeds)
    deck = draw(st.none() | st.permutations(rules.deck).map(tuple))
    chooser = draw(st.randoms(use_true_random=False))
    steps = draw(st.integers(min_value=0, max_value=max_actions))
    state = new_game(rules, seed=seed, deck=deck)
    actions: list[Action] = []
    while len(actions) < steps and state.phase is not Phase.MATCH_OVER:
        action = chooser.choice(legal_plays(state))
        actions.append(action)
        state = apply(state, action)
    tags = draw(_free_tags)
    for seat in range(rules.players):
        if draw(st.booleans()):
            tags[seat_tag(seat)] = draw(seat_names)
    return MatchRecord(rules=rules, seed=seed, actions=tuple(actions), deck=deck, tags=tags)


def finished_match(rules: Rules, seed: int, chooser: random.Random) -> MatchRecord:
    """A whole match, every action chosen by ``chooser`` among the legal ones."""
    state = new_game(rules, seed=seed)
    actions: list[Action] = []
    while state.phase is not Phase.MATCH_OVER:
        action = chooser.choice(legal_plays(state))
        actions.append(action)
        state = apply(state, action)
    return MatchRecord(rules=rules, seed=seed, actions=tuple(actions))
