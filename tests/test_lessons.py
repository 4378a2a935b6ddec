"""The guided first hand (``raise_the_sum.lessons``), played through with the real bots.

The lesson must always work: the player opens, discards (rule R4.8), Riley
replies, Sam and Alex pass, and the player beats Riley's reply with the
cards the guide points at, whatever generator the bots are given. And
whenever the guide points at cards, those cards are a legal action and the
hint (:func:`~raise_the_sum.lessons.lesson_action`) names them.
"""

from __future__ import annotations

from collections import Counter

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
    PlayerView,
    Rng,
    Rules,
    apply,
    explain,
    legal_plays,
    new_game,
    observe,
    parse_cards,
)
from raise_the_sum.bots import OPPONENTS
from raise_the_sum.lessons import (
    BOTS,
    INTRO,
    SEATS,
    Lesson,
    lesson,
    lesson_action,
    tutorial_deck,
    tutorial_game,
    tutorial_rules,
)


def bot_turn(state: GameState, rng: Rng) -> tuple[Action, Rng]:
    seat = state.current
    return OPPONENTS[BOTS[seat - 1]].choose(observe(state, seat), legal_plays(state), rng)


def follow(seed: int) -> list[tuple[GameState, Lesson | None, Action]]:
    """Play the tutorial as the guide says, the bots on ``Rng.from_seed(seed)``, until it ends."""
    state = tutorial_game()
    rng = Rng.from_seed(seed)
    log: list[tuple[GameState, Lesson | None, Action]] = []
    while True:
        now = lesson(observe(state, 0))
        if state.current == 0 and now is None:
            return log
        if state.current == 0:
            action = lesson_action(observe(state, 0))
            assert action is not None, now
        else:
            action, rng = bot_turn(state, rng)
        log.append((state, now, action))
        state = apply(state, action)


def test_the_tutorial_deck_is_a_reordering_of_the_standard_deck_R1_2() -> None:
    assert Counter(tutorial_deck()) == Counter(STANDARD_DECK)
    assert tutorial_rules().deck == STANDARD_DECK


def test_the_tutorial_table_is_the_standard_four_seats_with_nine_cards_dealt_R3_7() -> None:
    rules = tutorial_rules()
    assert attrs.evolve(rules, hand_size=7) == Rules()
    assert SEATS == ("You", "Riley", "Sam", "Alex")
    assert BOTS == ("riley", "sam", "alex")
    state = tutorial_game()
    assert state == new_game(rules, seed=0, deck=tutorial_deck())
    assert [len(hand) for hand in state.hands] == [10, 9, 9, 9]
    # The seed drives only the reshuffles: the deal is the same.
    assert tutorial_game(seed=5).hands == state.hands


@pytest.mark.parametrize("seed", range(0, 400, 7))
def test_the_lesson_works_for_every_bot_seed(seed: int) -> None:
    log = follow(seed)
    moves = [(state.current, state.phase, action) for state, _, action in log]
    opening, discard, riley, sam, sam_discard, alex, alex_discard, reply = moves[:8]
    assert opening == (0, Phase.PLAY, Play(parse_cards("+9 -6")))
    assert discard == (0, Phase.DISCARD, Discard(parse_cards("+1")))  # rule R4.8
    assert riley == (1, Phase.PLAY, Play(parse_cards("+5 +7 +8 -9 /2")))
    assert sam[:2] == (2, Phase.PLAY) and sam[2] == Pass()
    assert sam_discard[:2] == (2, Phase.DISCARD)
    assert alex[:2] == (3, Phase.PLAY) and alex[2] == Pass()
    assert alex_discard[:2] == (3, Phase.DISCARD)
    assert reply == (0, Phase.PLAY, Play(parse_cards("+8 x2 0")))
    # Sam's and Alex's only legal action is to pass: no generator can change that.
    for state, _, _ in log[3:7]:
        if state.phase is Phase.PLAY:
            assert legal_plays(state) == (Pass(),)
    # The reply beats Riley's 14 because the black 0 cancels −9 ÷2 (rules R2.2, R4.4).
    before = log[7][0]
    assert before.to_beat == 14 and str(before.attack) == "−9 ÷2"
    assert explain(parse_cards("+8 x2 0"), before.attack).total == 16
    assert explain(parse_cards("+8 x2"), before.attack).total <= 14


def test_the_guide_explains_the_score_the_attack_the_zero_and_the_discard() -> None:
    said = [now.text for _, now, _ in follow(0) if now is not None]
    assert said[0].startswith(INTRO)
    opening, discard, watch = said[0], said[1], said[2]
    assert "R4.3" in opening and "score 9" in opening and "attack" in opening
    assert "R4.8" in discard and "discard one card" in discard
    assert "stands at 9" in watch and "R4.4" in watch and "−6 comes off Riley’s blue cards" in watch
    reply = next(text for text in said if text.startswith("Riley’s reply stands at 14. Now beat it"))
    assert "−9 comes off your blue cards" in reply and "÷2 divides your whole total" in reply
    assert "black 0 cancels the whole attack" in reply and "R2.2" in reply
    assert "which beats 14" in reply
    assert "That’s your guided hand" in said[-1]


def test_the_lesson_points_at_cards_only_when_the_player_acts() -> None:
    for state, now, _ in follow(3):
        assert now is not None
        if now.cards:
            assert state.current == 0


def test_the_lesson_is_over_at_the_players_next_turn() -> None:
    log = follow(11)
    state = log[-1][0]
    after = apply(state, log[-1][2])
    rng = Rng.from_seed(11)
    while after.current != 0 and after.phase in (Phase.PLAY, Phase.DISCARD):
        action, rng = bot_turn(after, rng)
        after = apply(after, action)
    assert lesson(observe(after, 0)) is None
    assert lesson_action(observe(after, 0)) is None


def test_lesson_is_none_away_from_the_tutorial() -> None:
    state = new_game(seed=7)
    assert lesson(observe(state, 0)) is None
    assert lesson(observe(tutorial_game(), 1)) is None
    assert lesson_action(observe(tutorial_game(), 1)) is None


def test_lesson_refuses_what_is_not_a_view() -> None:
    with pytest.raises(TypeError, match="view must be a PlayerView"):
        lesson(tutorial_game())  # type: ignore[arg-type]


def test_if_nothing_beats_the_score_the_guide_says_pass_R4_5() -> None:
    # Open with the biggest play the hand has: Riley then answers with what it likes, and the
    # guide either points at a legal reply or says to pass; the hint agrees either way.
    state = tutorial_game()
    state = apply(state, Play(parse_cards("+1 +2 +3 -6 0")))
    rng = Rng.from_seed(0)
    while state.current != 0:
        action, rng = bot_turn(state, rng)
        state = apply(state, action)
    view = observe(state, 0)
    now = lesson(view)
    assert now is not None
    hint = lesson_action(view)
    plays = [a for a in legal_plays(state) if isinstance(a, Play)]
    if plays:
        assert hint == Play(now.cards) and hint in plays
    else:
        assert now.cards == () and hint == Pass() and "pass" in now.text


@settings(max_examples=60)
@given(choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=12, max_size=12),
       follow_guide=st.lists(st.booleans(), min_size=12, max_size=12),
       seed=st.integers(min_value=0, max_value=2**32))
def test_whenever_the_lesson_points_at_cards_they_are_legal_and_the_hint_agrees(
    choices: list[int], follow_guide: list[bool], seed: int
) -> None:
    state = tutorial_game()
    rng = Rng.from_seed(seed)
    turn = 0
    for _ in range(40):
        if state.phase is Phase.MATCH_OVER:
            break
        view: PlayerView = observe(state, 0)
        now = lesson(view)
        hint = lesson_action(view)
        legal = legal_plays(state)
        if now is not None and now.cards:
            assert state.current == 0
            wanted = Discard(now.cards) if state.phase is Phase.DISCARD else Play(now.cards)
            assert wanted in legal
            assert hint == wanted
        if hint is not None:
            assert hint in legal
        if state.current != 0:
            action, rng = bot_turn(state, rng)
        elif hint is not None and follow_guide[turn % 12]:
            action = hint
            turn += 1
        else:
            action = legal[choices[turn % 12] % len(legal)]
            turn += 1
        state = apply(state, action)
