"""Bad input to the public API: a TypeError or ValueError naming the argument, nothing else.

Rule R7.2: a value of the wrong type or out of range is refused with an error
that names the argument or field. Never ``AttributeError``, ``IndexError``,
``KeyError`` or ``StopIteration`` (a Python error for the user to read), and
never a bad value silently taken for a good one.

The first half is a list of cases, one by one; the second is the fuzz run
as a hypothesis property: odd objects of many types (None, bools, floats,
text, bytes, containers of odd objects, iterators, impostors with an int
``index`` like a card's, the library's own objects in the wrong place) into
every argument of every public function, one argument at a time.
"""

# mypy: disable-error-code="arg-type, list-item, misc"
# (the calls below pass values of the wrong type on purpose)

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import raise_the_sum
from raise_the_sum import (
    ALL_CARDS,
    Attack,
    Card,
    Discard,
    GameState,
    IllegalAction,
    NextRound,
    Pass,
    Play,
    Rng,
    Rules,
    apply,
    attack_of,
    check,
    explain,
    legal_plays,
    legal_plays_by_definition,
    match_winner,
    new_game,
    observe,
    parse_action,
    parse_cards,
    round_winner,
    sample_state,
    score,
    timeout_action,
)
from raise_the_sum.bots import make_bot
from raise_the_sum.limits import action_bound
from raise_the_sum.rulebook import parse_rule_id, rule

STATE = new_game(Rules(players=3), seed=11)
VIEW = observe(STATE, 0)
CARDS = parse_cards("+8 +4 x2")
RNG = Rng.from_seed(5)


class Impostor:
    """Not a card, though it has an int ``index`` as a card has."""

    def __init__(self, index: int) -> None:
        self.index = index

    def __repr__(self) -> str:
        return f"Impostor({self.index})"


# -- the cases, one by one ---------------------------------------------------------------------

CASES: list[tuple[str, Callable[[], object], type[Exception], str]] = [
    ("legal_plays(None)", lambda: legal_plays(None), TypeError, r"^state must be a GameState"),
    (
        "legal_plays(view)",
        lambda: legal_plays(VIEW),
        TypeError,
        r"^state must be a GameState, got a PlayerView$",
    ),
    ("round_winner(None)", lambda: round_winner(None), TypeError, r"^state must be a GameState"),
    ("round_winner(view)", lambda: round_winner(VIEW), TypeError, r"^state must be a GameState"),
    ("round_winner(5)", lambda: round_winner(5), TypeError, r"^state must be a GameState"),
    ("match_winner(None)", lambda: match_winner(None), TypeError, r"^state must be a GameState"),
    ("match_winner(view)", lambda: match_winner(VIEW), TypeError, r"^state must be a GameState"),
    (
        "check(None, play)",
        lambda: check(None, Play(CARDS)),
        TypeError,
        r"^state must be a GameState",
    ),
    (
        "check(view, play)",
        lambda: check(VIEW, Play(CARDS)),
        TypeError,
        r"^state must be a GameState",
    ),
    (
        "score(cards, None)",
        lambda: score(CARDS, None),
        TypeError,
        r"^attack must be an Attack, got None$",
    ),
    (
        "score(+8 0, None)",
        lambda: score(parse_cards("+8 0"), None),
        TypeError,
        r"^attack must be an Attack",
    ),
    (
        "score(cards, (2, 3))",
        lambda: score(CARDS, (2, 3)),
        TypeError,
        r"^attack must be an Attack, got \(2, 3\)$",
    ),
    ("explain(cards, None)", lambda: explain(CARDS, None), TypeError, r"^attack must be an Attack"),
    (
        "score(iter([card, 5]))",
        lambda: score(iter([Card.parse("+8"), 5])),
        TypeError,
        r"^cards must hold Card objects, got 5$",
    ),
    (
        "list(map(score, [iter([card, 5])]))",
        lambda: list(map(score, [iter([Card.parse("+8"), 5])])),
        TypeError,
        r"got 5$",
    ),
    (
        "attack_of(iter([card, 5]))",
        lambda: attack_of(iter([Card.parse("-8"), 5])),
        TypeError,
        r"^cards must hold Card objects",
    ),
    (
        "explain(iter([card, 5]))",
        lambda: explain(iter([Card.parse("+8"), 5])),
        TypeError,
        r"^cards must hold Card objects",
    ),
    (
        "score([impostor])",
        lambda: score([Impostor(3)]),
        TypeError,
        r"^cards must hold Card objects, got Impostor\(3\)$",
    ),
    (
        "score([big impostor])",
        lambda: score([Impostor(10**6)]),
        TypeError,
        r"^cards must hold Card objects",
    ),
    ("Play([impostor])", lambda: Play([Impostor(3)]), TypeError, r"^cards must hold Card"),
    ("Rng.choice({5: 'a'})", lambda: RNG.choice({5: "a"}), TypeError, r"^items must be a sequence"),
    ("Rng.shuffle(5)", lambda: RNG.shuffle(5), TypeError, r"^items must be a sequence"),
    ("Rng.choice({1, 2})", lambda: RNG.choice({1, 2}), TypeError, r"^items must be a sequence"),
    ("Rng.shuffle({1, 2})", lambda: RNG.shuffle({1, 2}), TypeError, r"^items must be a sequence"),
    (
        "Play(None)",
        lambda: Play(None),
        TypeError,
        r"^cards must be Card objects \(a list or tuple of them\), got None$",
    ),
    ("Play(5)", lambda: Play(5), TypeError, r"^cards must be Card objects .*got 5$"),
    ("Discard(None)", lambda: Discard(None), TypeError, r"^cards must be Card objects"),
    (
        "Rules(deck=None)",
        lambda: Rules(deck=None),
        TypeError,
        r"^Rules\.deck must be Card objects .*got None$",
    ),
    (
        "new_game(seed=1, deck=5)",
        lambda: new_game(seed=1, deck=5),
        TypeError,
        r"^deck must be Card objects .*got 5$",
    ),
    ("score('+8 x2')", lambda: score("+8 x2"), TypeError, r"\(use parse_cards\)$"),
    ("score(['+8'])", lambda: score(["+8"]), TypeError, r"\(use parse_cards\)$"),
    ("explain('+8 x2')", lambda: explain("+8 x2"), TypeError, r"\(use parse_cards\)$"),
    ("attack_of('-2 /3')", lambda: attack_of("-2 /3"), TypeError, r"\(use parse_cards\)$"),
    ("observe(view, 0)", lambda: observe(VIEW, 0), TypeError, r"^state must be a GameState"),
    (
        "sample_state(state, rng)",
        lambda: sample_state(STATE, RNG),
        TypeError,
        r"^view must be a PlayerView, got a GameState$",
    ),
    ("rule(4.4)", lambda: rule(4.4), TypeError, r"^rule id must be a str"),
    ("rule('R9.9')", lambda: rule("R9.9"), ValueError, r"^no rule 'R9\.9' in the rulebook"),
]


@pytest.mark.parametrize(
    ("call", "error", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_R7_2_each_case_the_fuzz_run_found_is_refused_naming_the_argument(
    call: Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        call()


def test_R7_2_an_error_never_prints_the_state_it_was_given_by_mistake() -> None:
    """A GameState in the wrong place is named by its type: its repr would show every hand."""
    for call in (
        lambda: sample_state(STATE, RNG),
        lambda: apply(STATE, STATE),
        lambda: score(CARDS, STATE),
        lambda: observe(STATE, STATE),
    ):
        with pytest.raises(TypeError) as caught:
            call()
        assert "hands" not in str(caught.value) and "a GameState" in str(caught.value)


# -- the fuzz run --------------------------------------------------------------------------------

_OURS = [
    Attack(),
    Attack(2, 3),
    Pass(),
    NextRound(),
    Play(CARDS),
    Discard(CARDS[:1]),
    Rules(),
    STATE,
    VIEW,
    RNG,
    *ALL_CARDS[::4],
    CARDS,
]

leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-3, 70),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["+8", "x2 +8", "R4.4", "4.4", "pass", "play +8", "greedy", "", " "]),
    st.binary(max_size=6),
    st.builds(Impostor, st.integers(-5, 10**6)),
    st.sampled_from(_OURS),
    st.sampled_from(ALL_CARDS),
)
odd = st.one_of(
    leaves,
    st.lists(leaves, max_size=6),
    st.lists(st.sampled_from(ALL_CARDS), max_size=8),
    st.tuples(leaves, leaves),
    st.frozensets(st.integers(0, 9) | st.sampled_from(ALL_CARDS), max_size=4),
    st.dictionaries(st.integers(0, 5) | st.text(max_size=3), leaves, max_size=3),
    st.iterables(leaves, max_size=6),
    st.iterables(st.sampled_from(ALL_CARDS), max_size=6),
)

_RULES_FIELDS = (
    "players",
    "hand_size",
    "hand_limit",
    "min_play",
    "max_play",
    "points_to_win",
    "first_player",
    "deck",
)

#: Every public function and constructor, one argument at a time: the call with ``v`` in that
#: argument's place, and the words (one of which) its error must use to name the argument.
TARGETS: dict[str, tuple[Callable[[Any], object], tuple[str, ...]]] = {
    "score(cards)": (lambda v: score(v), ("cards",)),
    "score(attack)": (lambda v: score(CARDS, v), ("attack",)),
    "attack_of(cards)": (lambda v: attack_of(v), ("cards",)),
    "explain(cards)": (lambda v: explain(v), ("cards",)),
    "explain(attack)": (lambda v: explain(CARDS, v), ("attack",)),
    "Attack(subtract)": (lambda v: Attack(subtract=v), ("Attack.subtract",)),
    "Attack(divide)": (lambda v: Attack(divide=v), ("Attack.divide",)),
    **{f"Rules({f})": ((lambda v, f=f: Rules(**{f: v})), ("Rules.",)) for f in _RULES_FIELDS},
    "new_game(rules)": (lambda v: new_game(v, seed=1), ("rules",)),
    "new_game(seed)": (lambda v: new_game(seed=v), ("seed",)),
    "new_game(deck)": (lambda v: new_game(seed=1, deck=v), ("deck",)),
    "legal_plays(state)": (lambda v: legal_plays(v), ("state",)),
    "legal_plays_by_definition(state)": (lambda v: legal_plays_by_definition(v), ("state",)),
    "timeout_action(legal)": (lambda v: timeout_action(v), ("legal",)),
    "action_bound(rules)": (lambda v: action_bound(v), ("rules",)),
    "apply(state)": (lambda v: apply(v, Pass()), ("state",)),
    "apply(action)": (lambda v: apply(STATE, v), ("action",)),
    "apply(seat)": (lambda v: apply(STATE, Play(CARDS), seat=v), ("seat",)),
    "round_winner(state)": (lambda v: round_winner(v), ("state",)),
    "match_winner(state)": (lambda v: match_winner(v), ("state",)),
    "observe(state)": (lambda v: observe(v, 0), ("state",)),
    "observe(seat)": (lambda v: observe(STATE, v), ("seat",)),
    "sample_state(view)": (lambda v: sample_state(v, RNG), ("view",)),
    "sample_state(rng)": (lambda v: sample_state(VIEW, v), ("rng",)),
    "check(state)": (lambda v: check(v, Pass()), ("state",)),
    "check(action)": (lambda v: check(STATE, v), ("action",)),
    "check(seat)": (lambda v: check(STATE, Pass(), seat=v), ("seat",)),
    "Play(cards)": (lambda v: Play(v), ("cards",)),
    "Discard(cards)": (lambda v: Discard(v), ("cards",)),
    "parse_action(text)": (lambda v: parse_action(v), ("parse_action", "action", "card")),
    "parse_cards(text)": (lambda v: parse_cards(v), ("parse_cards", "card")),
    "Rng(state)": (lambda v: Rng(v), ("Rng.state",)),
    "Rng.from_seed(seed)": (lambda v: Rng.from_seed(v), ("seed",)),
    "Rng.below(n)": (lambda v: RNG.below(v), ("n",)),
    "Rng.skip(n)": (lambda v: RNG.skip(v), ("n",)),
    "Rng.shuffle(items)": (lambda v: RNG.shuffle(v), ("items",)),
    "Rng.choice(items)": (lambda v: RNG.choice(v), ("items", "choice")),
    "make_bot(name)": (lambda v: make_bot(v), ("bot",)),
    "rule(rule_id)": (lambda v: rule(v), ("rule",)),
    "parse_rule_id(text)": (lambda v: parse_rule_id(v), ("rule id",)),
}


def _names(message: str, words: tuple[str, ...]) -> bool:
    return any(re.search(rf"(?<![\w.]){re.escape(word)}", message) for word in words)


@settings(max_examples=1500)
@given(target=st.sampled_from(sorted(TARGETS)), value=odd)
def test_R7_2_odd_objects_in_any_argument_raise_only_type_or_value_errors_naming_it(
    target: str, value: object
) -> None:
    call, words = TARGETS[target]
    if isinstance(value, Iterator):
        value = iter(list(value))  # hypothesis's iterables are fine as they are; keep one pass
    try:
        call(value)
    except IllegalAction as refused:  # a well-formed action the rules refuse: it names its rule
        assert re.fullmatch(r"R\d\.\d+", refused.rule), refused
    except (TypeError, ValueError) as error:
        assert _names(str(error), words), f"{target}: {error!r} names none of {words}"


def test_the_fuzz_run_covers_every_public_function_of_the_core() -> None:
    core = {
        "raise_the_sum.scoring",
        "raise_the_sum.engine",
        "raise_the_sum.views",
        "raise_the_sum.verdicts",
        "raise_the_sum.actions",
        "raise_the_sum.rules",
        "raise_the_sum.rng",
        "raise_the_sum.cards",
        "raise_the_sum.limits",
    }
    fuzzed = {key.split("(")[0].split(".")[0] for key in TARGETS}
    for name in raise_the_sum.__all__:
        value = getattr(raise_the_sum, name)
        if callable(value) and getattr(value, "__module__", "") in core:
            if isinstance(value, type) and (
                issubclass(value, Exception)
                or value
                in {
                    Card,
                    GameState,
                    raise_the_sum.PlayerView,
                    raise_the_sum.Phase,
                    raise_the_sum.Kind,
                    raise_the_sum.Explanation,
                    raise_the_sum.Step,
                    raise_the_sum.Verdict,
                    Pass,
                    NextRound,
                }
            ):
                continue  # built by the library, or by wire's Card.parse and parse_cards
            assert name in fuzzed, f"{name} is public and not fuzzed"
