"""Properties of the wire format over random seeded matches, and fuzzing of ``decode``.

* ``decode(T, encode(x)) == x`` (and through ``dumps``/``loads``) for every
  type, over states of random matches of 2 to 4 players and variant rules;
* every state those matches reach passes ``validate`` (no legal state is refused);
* ``decode`` raises nothing but ``WireError`` for any JSON value at all, random
  or a mutation of a valid document.
"""

from __future__ import annotations

import contextlib
import json
import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from raise_the_sum import (
    Action,
    Attack,
    Card,
    Discard,
    Explanation,
    GameState,
    IllegalAction,
    NextRound,
    Pass,
    Phase,
    Play,
    PlayerView,
    Rng,
    Rules,
    Step,
    Verdict,
    apply,
    check,
    explain,
    legal_plays,
    observe,
    sample_state,
    score,
    validate,
)
from raise_the_sum.events import (
    Discarded,
    Drew,
    Event,
    MatchWon,
    MustDiscard,
    Passed,
    Played,
    Reshuffled,
    RoundStarted,
    RoundWon,
    observe_events,
    step,
)
from raise_the_sum.records import MatchRecord
from raise_the_sum.rulebook import parse_rule_id
from raise_the_sum.wire import WireError, decode, dumps, encode, loads

from .record_strategies import match_records
from .strategies import attacks, card_lists, cards, game_states, seeds
from .wire_schemas import assert_valid, validator


def round_trips(cls: Any, value: object) -> None:
    """``value`` survives encode/decode and dumps/loads, and its JSON fits its schema."""
    document = encode(value)
    assert_valid(cls, document)
    assert decode(cls, document) == value
    assert loads(cls, dumps(value)) == value
    assert dumps(decode(cls, json.loads(dumps(value)))) == dumps(value)


def same_error(a: BaseException, b: BaseException) -> bool:
    return type(a) is type(b) and str(a) == str(b)


# -- round trips -------------------------------------------------------------------------------


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(game_states(max_steps=120))
def test_every_state_and_view_of_random_matches_round_trips_and_validates(state: GameState) -> None:
    validate(state)
    round_trips(GameState, state)
    round_trips(Rules, state.rules)
    for seat in range(state.rules.players):
        round_trips(PlayerView, observe(state, seat))
    for action in legal_plays(state)[:20]:
        round_trips(Action, action)
        round_trips(type(action), action)
        verdict = check(state, action)
        round_trips(Verdict, verdict)
    if state.phase is Phase.PLAY:
        for wrong in (Discard(state.hands[state.current][:1]), NextRound(), Pass()):
            round_trips(Verdict, check(state, wrong))


@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_state_along_whole_random_matches_is_valid_and_round_trips(
    data: st.DataObject,
) -> None:
    state = data.draw(game_states(max_steps=0))
    chooser = data.draw(st.randoms(use_true_random=False))
    for _ in range(400):
        validate(state)
        assert decode(GameState, encode(state)) == state
        if state.phase is Phase.MATCH_OVER:
            break
        state = apply(state, chooser.choice(legal_plays(state)))


@given(card_lists(max_size=6), attacks())
def test_explanations_and_their_steps_round_trip(played: list[Card], attack: Attack) -> None:
    explanation = explain(played, attack)
    round_trips(Explanation, explanation)
    round_trips(Attack, attack)
    for each_step in explanation.steps:
        round_trips(Step, each_step)
    for card in played:
        round_trips(Card, card)


seats = st.integers(0, 3)
events: st.SearchStrategy[Event] = st.one_of(
    st.builds(
        lambda seat, played, attack, beat: Played(
            seat,
            tuple(sorted(played)),
            score(played, attack),
            attack,
            None
            if beat is None
            else min(beat, score(played, attack) - 1)
            if score(played, attack)
            else None,
        ),
        seats,
        card_lists(min_size=1, max_size=5),
        attacks(),
        st.none() | st.integers(0, 100),
    ),
    st.builds(Passed, seats),
    st.builds(MustDiscard, seats, st.integers(1, 10)),
    st.builds(lambda seat, c: Discarded(seat, tuple(sorted(c))), seats, card_lists(min_size=1)),
    st.builds(RoundWon, seats, st.integers(1, 10)),
    st.builds(MatchWon, seats, st.integers(1, 10)),
    st.builds(RoundStarted, seats),
    st.builds(Reshuffled, st.integers(1, 62)),
    st.builds(Drew, seats, st.none() | cards),
)


@given(events)
def test_every_event_round_trips_by_its_type(event: Event) -> None:
    round_trips(Event, event)
    round_trips(type(event), event)


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(match_records(max_actions=30))
def test_match_records_round_trip(record: MatchRecord) -> None:
    round_trips(MatchRecord, record)


@pytest.mark.parametrize(
    ("tags", "path"),
    [
        ({"": "x"}, "/tags"),
        ({"1x": "x"}, "/tags"),
        ({"Note": "a\nb"}, "/tags/Note"),
        ({"Seed": "1"}, "/tags"),
    ],
)
def test_a_tag_the_records_refuse_is_a_wire_error_at_its_path(
    tags: dict[str, str], path: str
) -> None:
    value = encode(MatchRecord())
    assert isinstance(value, dict)
    value["tags"] = dict(tags)
    with pytest.raises(WireError) as caught:
        decode(MatchRecord, value)
    assert caught.value.path == path


@given(st.sampled_from(["R4.4", "R4.2", "R1.6"]), st.text(max_size=30))
def test_errors_round_trip(rule: str, reason: str) -> None:
    error = IllegalAction(rule, reason)
    back = decode(IllegalAction, encode(error))
    assert same_error(back, error)
    assert_valid(IllegalAction, encode(error))
    wire_error = WireError("/cards/1", reason)
    assert same_error(decode(WireError, encode(wire_error)), wire_error)
    assert_valid(WireError, encode(wire_error))
    # A wire error's rule is the one its reason cites at its end, through JSON and pickle.
    cited = WireError("/cards/1", f"{reason} (rule {rule})", rule)
    for copy in (decode(WireError, encode(cited)), pickle.loads(pickle.dumps(cited))):
        assert same_error(copy, cited)
        assert copy.rule == rule


RULE_IDS = st.from_regex(r"[Rr ]?[0-9]{1,4}\.[0-9]{1,4} ?", fullmatch=True) | st.text(max_size=8)


@given(RULE_IDS)
def test_a_documents_rule_id_is_the_rulebook_grammar_read_strictly_and_its_schema_agrees(
    text: str,
) -> None:
    try:
        canonical = parse_rule_id(text, strict=True)
    except ValueError:
        canonical = None
    assert canonical is None or canonical == text
    document = {"rule": text, "text": "", "value": 0}
    try:
        step: Step | None = decode(Step, document)
    except WireError:
        step = None
    assert (step is None) == (canonical is None)
    assert step is None or step.rule == canonical
    # A schema says less than decode, never more; its "$" lets a last newline through.
    accepted = validator(Step).is_valid(document)
    assert accepted == (canonical is not None) or (accepted and text.endswith("\n"))


# -- fuzzing ----------------------------------------------------------------------------------

TYPES: list[Any] = [
    Card,
    Attack,
    Rules,
    Play,
    Pass,
    Discard,
    NextRound,
    Action,
    GameState,
    PlayerView,
    Step,
    Explanation,
    Verdict,
    MatchRecord,
    IllegalAction,
    WireError,
    Event,
    Played,
    Passed,
    MustDiscard,
    Discarded,
    RoundWon,
    MatchWon,
    RoundStarted,
    Reshuffled,
    Drew,
]

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.sampled_from(
        [
            "+8",
            "x2",
            "0",
            "play",
            "pass",
            "discard",
            "round_over",
            "1",
            "-1",
            "raise-the-sum/state",
            "raise-the-sum/view",
            "\ud800",
        ]
    ),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(["type", "cards", "seat", "rules", "phase", "players", "deck", "x"])
            | st.text(max_size=5),
            inner,
            max_size=6,
        )
    ),
    max_leaves=30,
)


def decode_only_wire_errors(cls: Any, value: object) -> None:
    """Decoding gives WireError or a value; a document decode accepts fits the schema."""
    try:
        decode(cls, value)
    except WireError as error:
        assert error.path == "" or error.path.startswith("/")
        assert error.reason
    else:
        assert_valid(cls, value)


@given(st.sampled_from(TYPES), json_values)
def test_decode_raises_only_wire_error_for_any_json_value(cls: Any, value: object) -> None:
    decode_only_wire_errors(cls, value)


@given(
    st.sampled_from(TYPES),
    st.one_of(
        st.dictionaries(st.integers() | st.tuples(st.integers()), json_scalars, min_size=1),
        st.tuples(json_scalars),
        st.sets(st.integers()),
        st.binary(),
        st.just(object()),
    ),
)
def test_decode_raises_only_wire_error_for_python_values_that_are_not_json(
    cls: Any, value: object
) -> None:
    decode_only_wire_errors(cls, value)


def mutate(document: Any, chooser: random.Random, replacement: object) -> Any:
    """``document`` with one place somewhere inside replaced, deleted or extended."""
    if isinstance(document, dict) and document and chooser.random() < 0.7:
        key = chooser.choice(sorted(document))
        fields = dict(document)
        roll = chooser.random()
        if roll < 0.15:
            del fields[key]
        elif roll < 0.3:
            fields[key] = replacement
        elif roll < 0.35:
            fields["extra"] = replacement
        else:
            fields[key] = mutate(fields[key], chooser, replacement)
        return fields
    if isinstance(document, list) and document and chooser.random() < 0.7:
        index = chooser.randrange(len(document))
        items = list(document)
        roll = chooser.random()
        if roll < 0.15:
            del items[index]
        elif roll < 0.3:
            items.append(items[index])
        else:
            items[index] = mutate(items[index], chooser, replacement)
        return items
    return replacement


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(game_states(max_steps=60), st.randoms(use_true_random=False), json_values)
def test_decode_raises_only_wire_error_for_mutated_states_and_views(
    state: GameState, chooser: random.Random, replacement: object
) -> None:
    for cls, value in [
        (GameState, state),
        (PlayerView, observe(state, 0)),
        (Verdict, check(state, legal_plays(state)[0] if legal_plays(state) else Pass())),
    ]:
        mutated = mutate(encode(value), chooser, replacement)
        try:
            back: Any = decode(cls, mutated)
        except WireError:
            continue
        # A mutation that is accepted is a valid document of its own.
        assert_valid(cls, mutated)
        assert decode(cls, encode(back)) == back
        if cls is GameState:
            validate(back)


@given(st.text(max_size=40) | st.binary(max_size=40))
def test_loads_raises_only_wire_error_for_any_text(text: str | bytes) -> None:
    for cls in (Action, GameState, Rules):
        with contextlib.suppress(WireError):
            loads(cls, text)


@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
@given(game_states(max_steps=0), st.randoms(use_true_random=False))
def test_the_events_of_step_along_random_matches_round_trip_and_fit_their_schemas(
    state: GameState, chooser: random.Random
) -> None:
    for _ in range(150):
        if state.phase is Phase.MATCH_OVER:
            break
        state, happened = step(state, chooser.choice(legal_plays(state)))
        for seat in range(state.rules.players):
            for event in observe_events(happened, seat):
                round_trips(Event, event)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(game_states(max_steps=80), st.integers(0, 3), seeds)
def test_a_views_json_is_the_same_for_every_state_that_differs_only_in_what_the_seat_cannot_see(
    state: GameState, seat: int, seed: int
) -> None:
    seat %= state.rules.players
    view = observe(state, seat)
    other = sample_state(view, Rng.from_seed(seed))  # other hands, deck, seed and generator
    assert dumps(observe(other, seat)) == dumps(view)
    assert "hands" not in encode(view) and "seed" not in encode(view)
