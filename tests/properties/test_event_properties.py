"""``step`` and its events, as properties over whole random matches of 2 to 4 players.

Each match is dealt by a seeded ``new_game`` under the standard rules for 2
to 4 players or a :func:`~tests.properties.strategies.rules_variants`
configuration (hands above the limit, plays of 2 or 3 cards, cut decks that
reshuffle often), and played to its end by a hypothesis-seeded chooser. At
every step the test checks that ``step`` is ``apply`` (the same state, the
same error) and that the events say exactly what changed between the two
states. The swap test builds, for a seat, a twin of the state that differs
only in what that seat cannot see (:func:`~raise_the_sum.sample_state` of
its view) and checks that the seat observes the same events from both.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from raise_the_sum import (
    Action,
    Card,
    Discard,
    GameState,
    IllegalAction,
    NextRound,
    Pass,
    Phase,
    Play,
    Rng,
    Rules,
    apply,
    legal_plays,
    new_game,
    observe,
    observe_events,
    sample_state,
    score,
    step,
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
)

from .strategies import rules_variants, seeds

any_rules = st.one_of(st.builds(Rules, players=st.integers(2, 4)), rules_variants())

#: The order of the rules within one step, as a pattern over the events' initials:
#: the action (P played, S passed, D discarded, N round started), then either the
#: discard phase (M), or the round's point (W) and perhaps the match (X), or the
#: next turn's draw (R reshuffled, at most once, then d drew).
ORDER = re.compile(r"[PSD](M|WX?|R?d)|NR?d")

_LETTER = {
    Played: "P",
    Passed: "S",
    Discarded: "D",
    RoundStarted: "N",
    MustDiscard: "M",
    RoundWon: "W",
    MatchWon: "X",
    Reshuffled: "R",
    Drew: "d",
}


def match_steps(state: GameState, chooser: random.Random) -> Iterator[tuple[GameState, Action]]:
    """Each state of a whole match with the action chosen there (Pass a quarter of the time)."""
    while state.phase is not Phase.MATCH_OVER:
        legal = legal_plays(state)
        action = Pass() if Pass() in legal and chooser.random() < 0.25 else chooser.choice(legal)
        yield state, action
        state = apply(state, action)


def check_events(
    before: GameState, action: Action, after: GameState, events: tuple[Event, ...]
) -> None:
    """The events are what changed from ``before`` to ``after``, in the order of the rules."""
    assert ORDER.fullmatch("".join(_LETTER[type(e)] for e in events)), events
    actor = before.current
    first = events[0]
    # The action itself (R4.3-R4.6, R4.5, R4.8, R5.3).
    if isinstance(action, Play):
        assert first == Played(actor, action.cards, after.to_beat, before.attack, before.to_beat)  # type: ignore[arg-type]
        assert first.total == score(action.cards, before.attack)
    elif isinstance(action, Pass):
        assert first == Passed(actor)
    elif isinstance(action, Discard):
        assert first == Discarded(actor, action.cards)
    else:
        assert first == RoundStarted(before.current)
    # Conservation (R6.2): the cards Drew names are exactly the cards that entered hands,
    # and the cards played or discarded are exactly the ones that left them.
    gained: Counter[Card] = Counter()
    lost: Counter[Card] = Counter()
    for old, new in zip(before.hands, after.hands, strict=True):
        gained += Counter(new) - Counter(old)
        lost += Counter(old) - Counter(new)
    drawn = [e for e in events if isinstance(e, Drew)]
    assert gained == Counter(e.card for e in drawn)
    assert lost == Counter(getattr(first, "cards", ()))
    if drawn:
        assert drawn[0].seat == after.current and after.phase is Phase.PLAY  # R4.1
    # A reshuffle exactly when a draw found the deck empty (R6.1), of the whole pile.
    shuffles = [e for e in events if isinstance(e, Reshuffled)]
    assert bool(shuffles) == (bool(drawn) and not before.deck)
    for shuffle in shuffles:
        assert shuffle.size == len(after.deck) + 1
        assert after.discard == ()
    # The discard phase (R4.8), the round's point (R5.1) and the match (R5.2).
    assert (MustDiscard(actor, len(after.hands[actor]) - after.rules.hand_limit) in events) == (
        after.phase is Phase.DISCARD
    )
    won = [e for e in events if isinstance(e, RoundWon)]
    assert bool(won) == (after.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER))
    for event in won:
        assert event == RoundWon(after.current, after.points[after.current])
        assert after.points[event.seat] == before.points[event.seat] + 1
    assert (MatchWon(after.current, after.points[after.current]) in events) == (
        after.phase is Phase.MATCH_OVER
    )


@settings(max_examples=40)
@given(rules=any_rules, seed=seeds, choices=st.randoms(use_true_random=False))
def test_step_is_apply_and_its_events_say_what_changed_along_whole_matches(
    rules: Rules, seed: int, choices: random.Random
) -> None:
    for state, action in match_steps(new_game(rules, seed=seed), choices):
        after, events = step(state, action)
        assert after == apply(state, action)
        assert step(state, action, seat=state.current) == (after, events)
        check_events(state, action, after, events)


@settings(max_examples=30)
@given(rules=any_rules, seed=seeds, choices=st.randoms(use_true_random=False))
def test_step_refuses_exactly_what_apply_refuses_with_the_same_error(
    rules: Rules, seed: int, choices: random.Random
) -> None:
    for state, _ in match_steps(new_game(rules, seed=seed), choices):
        wrong_seat = (state.current + 1) % rules.players
        attempts: list[tuple[Action, int | None]] = [
            (Pass(), None),
            (NextRound(), None),
            (Discard(state.hands[state.current][:1]), None),
            (Play(state.hands[state.current][:1]), None),
            (Pass(), wrong_seat),
        ]
        for action, seat in attempts:
            try:
                expected = apply(state, action, seat=seat)
            except IllegalAction as error:
                try:
                    step(state, action, seat=seat)
                except IllegalAction as same:
                    assert (same.rule, str(same)) == (error.rule, str(error))
                else:
                    raise AssertionError(f"step accepted {action} that apply refused")
            else:
                assert step(state, action, seat=seat)[0] == expected


@settings(max_examples=30)
@given(rules=any_rules, seed=seeds, choices=st.randoms(use_true_random=False), sampler=seeds)
def test_swap_hidden_cards_and_the_seat_observes_the_same_events(
    rules: Rules, seed: int, choices: random.Random, sampler: int
) -> None:
    """Twins that differ only in what ``seat`` cannot see (other hands, the deck's order,
    the seed and generator) give ``seat`` equal observed events for the same action.
    The one exception is the card of the seat's own draw: a fresh card from the
    hidden deck, which the seat then sees in its hand."""
    rng = Rng.from_seed(sampler)
    for state, action in match_steps(new_game(rules, seed=seed), choices):
        seat = choices.randrange(rules.players)
        twin_rng, rng = rng.split()
        twin = sample_state(observe(state, seat), twin_rng)
        assert observe(twin, seat) == observe(state, seat)
        if seat == state.current:
            tried = [action]
        else:  # another seat's action is legal in both twins only when it uses no hidden card
            tried = [a for a in (Pass(), NextRound()) if a in legal_plays(state)]
        for attempt in tried:
            after, events = step(state, attempt)
            twin_after, twin_events = step(twin, attempt)
            mine = observe_events(events, seat)
            theirs = observe_events(twin_events, seat)
            # The seat's own draw is the one thing that may differ: a fresh card from
            # the hidden deck, which the seat sees the moment it draws it.
            own_draw = any(isinstance(e, Drew) and e.seat == seat for e in events)
            if own_draw:
                assert [type(e) for e in mine] == [type(e) for e in theirs]
                mine, theirs = mask_draws(mine), mask_draws(theirs)
            assert mine == theirs
            if not own_draw:
                assert observe(after, seat) == observe(twin_after, seat)


def mask_draws(events: tuple[Event, ...]) -> tuple[Event, ...]:
    return tuple(Drew(e.seat, None) if isinstance(e, Drew) else e for e in events)


@settings(max_examples=20)
@given(rules=any_rules, seed=seeds, choices=st.randoms(use_true_random=False))
def test_observed_events_hide_every_other_seats_draw_and_nothing_else(
    rules: Rules, seed: int, choices: random.Random
) -> None:
    for state, action in match_steps(new_game(rules, seed=seed), choices):
        _, events = step(state, action)
        for seat in range(rules.players):
            observed = observe_events(events, seat)
            assert len(observed) == len(events)
            for event, seen in zip(events, observed, strict=True):
                if isinstance(event, Drew) and event.seat != seat:
                    assert seen == Drew(event.seat, None)
                else:
                    assert seen == event
