"""The memo and the tables behind ``legal_plays``: the same answers cold or warm, and bounded.

``legal_plays`` keeps its answers per hand (``engine._LEGAL``) and builds
them from shared tables (``_tables``). None of it may change an answer:
these tests compare answers with every table emptied against answers from
warm tables, against a reference enumeration written from the rules, and
across threads; and they hold each table to its bound.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from raise_the_sum import (
    STANDARD_DECK,
    Action,
    Discard,
    GameState,
    Pass,
    Phase,
    Play,
    Rules,
    _memo,
    _tables,
    apply,
    engine,
    legal_plays,
    new_game,
    parse_cards,
    score,
)
from raise_the_sum.cards import ALL_CARDS
from raise_the_sum.scoring import Attack, attack_of

from .strategies import rules_variants, seeds


def forget_everything() -> None:
    """Empty the memo and every table, as in a fresh process."""
    _memo.clear_all()


def random_match(rules: Rules, seed: int) -> Iterator[GameState]:
    """Every state of a match where each player takes a random legal action."""
    chooser = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.phase is not Phase.MATCH_OVER:
        yield state
        state = apply(state, chooser.choice(legal_plays(state)))
    yield state


def reference(state: GameState) -> tuple[Action, ...]:
    """``legal_plays`` written from the rules: itertools, ``score`` and the documented order."""
    rules = state.rules
    hand = state.hands[state.current]
    if state.phase is Phase.DISCARD:
        count = len(hand) - rules.hand_limit
        keys = engine.submultisets(tuple(c.index for c in hand), count, count)
        return tuple(Discard([STANDARD_DECK_BY_INDEX[i] for i in key]) for key in keys)
    if state.phase is not Phase.PLAY:
        return legal_plays(state)  # NextRound() or nothing: no table involved
    if len(hand) < rules.min_play:
        return (Pass(),)
    keys = engine.submultisets(tuple(c.index for c in hand), rules.min_play, rules.max_play)
    plays = [Play([STANDARD_DECK_BY_INDEX[i] for i in key]) for key in keys]
    if not state.standing:
        return tuple(plays)
    attack = attack_of(state.standing)
    to_beat = state.to_beat
    assert to_beat is not None
    return (*(p for p in plays if score(p.cards, attack) > to_beat), Pass())


STANDARD_DECK_BY_INDEX = {card.index: card for card in STANDARD_DECK}


def test_legal_plays_are_the_same_with_every_table_cold_and_warm_along_random_matches() -> None:
    states = [s for seed in range(6) for s in random_match(Rules(), seed)]
    forget_everything()
    cold = []
    for state in states:
        forget_everything()
        cold.append(legal_plays(state))
    warm_first = [legal_plays(state) for state in states]
    warm_again = [legal_plays(state) for state in states]  # now from the memo
    assert cold == warm_first == warm_again
    assert cold == [reference(state) for state in states]


def test_a_hand_seen_again_gets_the_same_tuple_back_from_the_memo() -> None:
    state = new_game(seed=11)
    first = legal_plays(state)
    assert legal_plays(attrs.evolve(state)) is first  # an equal state, another object
    engine._LEGAL.clear()
    again = legal_plays(state)
    assert again == first and again is not first


def test_the_memo_keys_the_score_to_beat_and_the_attack() -> None:
    # The same hand facing different standing plays gets different answers (rule R4.4).
    base = new_game(Rules(players=2), seed=3)
    hand = parse_cards("+1 +5 +9 x2 -3 /2 0")
    answers = set()
    for standing_text in ("+4", "+1 +9", "+4 -3", "+4 /2", "+9 x2"):
        standing = parse_cards(standing_text)
        state = attrs.evolve(
            base,
            current=1,
            hands=(base.hands[0], hand),
            standing=standing,
            standing_seat=0,
            to_beat=score(standing),
        )
        found = legal_plays(state)
        assert found == reference(state)
        answers.add(found)
    assert len(answers) == 5


@settings(max_examples=25, deadline=None)
@given(rules=rules_variants(), seed=seeds, forget=st.integers(min_value=1, max_value=7))
def test_memoised_and_fresh_legal_plays_are_equal_along_random_matches(
    rules: Rules, seed: int, forget: int
) -> None:
    for step, state in enumerate(random_match(rules, seed)):
        memoised = legal_plays(state)
        if step % forget == 0:
            forget_everything()
        assert legal_plays(state) == memoised
        engine._LEGAL.clear()
        assert legal_plays(state) == memoised == reference(state)


def test_the_tables_list_sub_multisets_in_the_reference_order_for_heaped_hands() -> None:
    # Hands with many copies of a card and a large play: the shapes a variant deck makes.
    chooser = random.Random(5)
    deck = [card.index for card in parse_cards("+1 +2 x2 x3 -4 /2 0")]
    for _ in range(300):
        hand = tuple(sorted(chooser.choice(deck) for _ in range(chooser.randint(0, 12))))
        low = chooser.randint(1, 4)
        high = chooser.randint(low, 9)
        expected = engine.submultisets(hand, low, high)
        plays = _tables.plays(hand, low, high)
        assert [tuple(c.index for c in p.cards) for p in plays] == expected
        discards = _tables.discards(hand, low)
        assert [tuple(c.index for c in d.cards) for d in discards] == (
            engine.submultisets(hand, low, low)
        )


def test_legal_plays_from_many_threads_equal_the_answers_of_one() -> None:
    states = [s for seed in range(3) for s in random_match(Rules(), 100 + seed)]
    forget_everything()
    expected = [reference(state) for state in states]
    failures: list[int] = []

    def work(offset: int) -> None:
        for i in range(len(states)):
            j = (i + offset) % len(states)
            if legal_plays(states[j]) != expected[j]:
                failures.append(j)

    threads = [threading.Thread(target=work, args=(k * 37,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


def test_a_bounded_memo_never_holds_more_than_its_limit() -> None:
    memo: _memo.BoundedMemo[int, tuple[int, ...]] = _memo.BoundedMemo(limit=50)
    chooser = random.Random(1)
    for key in range(500):
        value = tuple(range(chooser.randint(0, 12)))
        memo.put(key, value, weight=len(value) + 1)
        assert memo.weight <= memo.limit
        held = [memo.get(k) for k in range(key + 1)]
        assert memo.weight == sum(len(v) + 1 for v in held if v is not None)
    memo.put(-1, tuple(range(100)), weight=101)  # heavier than the limit: not kept
    assert memo.get(-1) is None


def test_the_engine_memo_stays_within_its_limit() -> None:
    for seed in range(3):
        for state in random_match(Rules(), 200 + seed):
            legal_plays(state)
            assert engine._LEGAL.weight <= engine.LEGAL_MEMO_LIMIT


@given(
    st.lists(st.sampled_from(range(len(ALL_CARDS))), min_size=1, max_size=9),
    st.integers(min_value=0, max_value=400),  # a score to beat is never below 0 (R2.5)
    st.integers(min_value=0, max_value=40),
    st.sampled_from([1, 2, 3, 4, 6, 9, 27]),
    st.integers(min_value=1, max_value=9),
)
@settings(max_examples=300, deadline=None)
def test_a_code_says_whether_a_play_beats_exactly_as_its_score_does(
    cards: list[int], to_beat: int, subtract: int, divide: int, high: int
) -> None:
    # A selection's code, summed from its cards' codes, read back through Needs: the same
    # verdict as score() on the play's cards facing that attack (rules R2.1 to R2.5, R4.4).
    width = _tables._width(max(high, len(cards)))
    code = sum(_tables.card_code(index, width) for index in cards)
    needs = _tables.Needs(to_beat, subtract, divide, width)
    beats = code >= needs[code >> width]
    played = [ALL_CARDS[index] for index in cards]
    assert beats == (score(played, Attack(subtract, divide)) > to_beat)


@given(
    st.lists(st.sampled_from(range(len(ALL_CARDS))), min_size=1, max_size=_tables.SMALL_HAND),
    st.integers(min_value=0, max_value=400),
    st.integers(min_value=0, max_value=40),
    st.sampled_from([1, 2, 3, 4, 6, 9, 27]),
    st.integers(min_value=1, max_value=5),
    st.booleans(),
)
@settings(max_examples=300, deadline=None)
def test_small_replies_keep_exactly_the_plays_replies_keep_cold_or_warm(
    cards: list[int], to_beat: int, subtract: int, divide: int, high: int, cold: bool
) -> None:
    # A small hand's replies come from its hand entry (every play and its code, filtered);
    # the general path picks codes from the halves. Same plays, same order, same objects.
    hand = tuple(sorted(cards))
    if cold:
        forget_everything()
    tail = (Pass(),)
    small = _tables.small_replies(hand, 1, high, to_beat, subtract, divide, tail)
    general = _tables.replies(hand, 1, high, to_beat, subtract, divide, tail)
    assert small == general
    assert all(a is b for a, b in zip(small, general, strict=True))
    played = [
        (p, [ALL_CARDS[i] for i in key])
        for p, key in zip(
            _tables.plays(hand, 1, high), engine.submultisets(hand, 1, high), strict=True
        )
    ]
    beating = [p for p, cards_ in played if score(cards_, Attack(subtract, divide)) > to_beat]
    assert list(small[:-1]) == beating


def test_the_engine_keeps_at_most_max_profiles_play_profiles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # apply() keeps each play's profile by object; the cache empties itself when full.
    monkeypatch.setattr(engine._PROFILES, "limit", 10)
    engine._PROFILES.clear()
    most = 0
    for _state in random_match(Rules(), 11):  # each step applies a random legal action
        assert len(engine._PROFILES) <= 10
        most = max(most, len(engine._PROFILES))
    assert most == 10  # the cache was used, and filled to its limit


def test_an_action_table_empties_itself_at_its_limit_and_still_answers() -> None:
    table = _tables.Actions(Play, limit=5)
    hand = tuple(card.index for card in parse_cards("+1 +2 +3 +4 x2 -3"))
    shape, left, right = _tables._read(hand, 1, 3)
    expected = engine.submultisets(hand, 1, 3)
    for _ in range(2):  # empty, then full
        looked = tuple(table.get(id) for id in _tables._ids(shape, left, right))
        found = table.filled(looked, shape.lefts, shape.rights, left, right)
        assert [tuple(c.index for c in p.cards) for p in found] == expected
        assert len(table) <= len(expected)  # it emptied itself, then kept this list's


def test_legal_plays_shares_one_play_object_per_multiset() -> None:
    # Two hands holding the same cards get the same Play objects: the memo holds references.
    first = new_game(seed=3)
    other = attrs.evolve(first, hands=(first.hands[0], *first.hands[1:]))
    engine._LEGAL.clear()
    plays = legal_plays(first)
    engine._LEGAL.clear()
    again = legal_plays(other)
    assert plays == again and all(a is b for a, b in zip(plays, again, strict=True))
