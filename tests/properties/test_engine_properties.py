"""Engine properties over many seeded random matches, driven only through the public API.

Every match here is played with :func:`~raise_the_sum.legal_plays` and
:func:`~raise_the_sum.apply` alone, its actions chosen by a seeded
:class:`random.Random` in the test (Pass with probability 1/4 when it is
listed beside other actions, else any listed action uniformly), so each run
replays the same matches. The matches are played once per configuration and
shared by the tests, each of which states one property over every step of
every match:

* 2, 3 and 4 players with the standard rules, 50, 40 and 30 matches;
* non-standard ``Rules``: hands dealt above the hand limit (rule R3.7), plays
  of 2 to 3 cards, short matches, other first players, a cut deck, decks of
  exactly the least size rule R3.6 allows (so the discard pile is reshuffled
  often, rule R6.1), and openers forced to pass (rule R4.3).

The last tests draw their configuration, seed and choices from hypothesis.
"""

from __future__ import annotations

import copy
import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from raise_the_sum import (
    ALL_CARDS,
    STANDARD_DECK,
    Action,
    Card,
    Discard,
    GameState,
    IllegalAction,
    NextRound,
    Pass,
    Phase,
    Play,
    PlayerView,
    Rng,
    Rules,
    apply,
    attack_of,
    legal_plays,
    match_winner,
    new_game,
    observe,
    parse_cards,
    round_winner,
    score,
)
from raise_the_sum.rulebook import RULES

from .strategies import rules_variants, seeds

# -- the matches -----------------------------------------------------------------------------

#: The least deck for 2 players, hands of 5 and plays of up to 3: 2 * 5 + 3 + 1 = 14 (rule R3.6).
LEAST_DECK = parse_cards("+1 +2 +3 +4 +5 +6 +7 +8 +9 x2 x3 -4 /2 0")
#: 13 cards, the least for 3 players, a limit of 3 and plays of up to 3: 3 * 3 + 3 + 1.
FORCED_PASS_DECK = parse_cards("+2 +3 +5 +7 +8 +9 x2 x3 -3 -6 /2 /3 0")
#: The standard deck without 20 of its cards: 42 cards.
CUT_DECK = tuple(
    (
        Counter(STANDARD_DECK)
        - Counter(parse_cards("+1 +1 +2 +2 +3 +3 +4 +4 +5 +5 +6 +6 +7 +7 +8 +8 +9 +9 x2 /2"))
    ).elements()
)

#: Name -> (rules, number of matches).
CONFIGS: dict[str, tuple[Rules, int]] = {
    "2 players": (Rules(players=2), 50),
    "3 players": (Rules(players=3), 40),
    "4 players": (Rules(players=4), 30),
    "hand_size 9 above hand_limit 7": (Rules(players=3, hand_size=9, hand_limit=7), 20),
    "plays of 2 to 3 cards, 2 points": (
        Rules(players=2, min_play=2, max_play=3, points_to_win=2),
        20,
    ),
    "least deck of 14 cards": (
        Rules(players=2, hand_size=5, hand_limit=5, max_play=3, points_to_win=2, deck=LEAST_DECK),
        20,
    ),
    "openers forced to pass": (
        Rules(
            players=3,
            hand_size=1,
            hand_limit=3,
            min_play=3,
            max_play=3,
            points_to_win=3,
            first_player=2,
            deck=FORCED_PASS_DECK,
        ),
        20,
    ),
    "4 players, cut deck, seat 1 opens": (
        Rules(players=4, points_to_win=3, first_player=1, deck=CUT_DECK),
        20,
    ),
}
CONFIG_NAMES = list(CONFIGS)
STANDARD_CONFIGS = ["2 players", "3 players", "4 players"]

#: No match of these configurations comes near this many actions; a longer one is a bug.
MAX_ACTIONS = 5_000


@attrs.frozen
class Match:
    """One recorded match: ``states[i + 1] == apply(states[i], actions[i])``."""

    rules: Rules
    seed: int
    states: tuple[GameState, ...]
    actions: tuple[Action, ...]

    def steps(self) -> Iterator[tuple[GameState, Action, GameState]]:
        """Every (state, action, next state) of the match, in order."""
        return zip(self.states, self.actions, self.states[1:], strict=False)


def choose(actions: tuple[Action, ...], chooser: random.Random) -> Action:
    """The test's random player: Pass with probability 1/4 when it has a choice, else uniform."""
    if len(actions) > 1 and actions[-1] == Pass() and chooser.random() < 0.25:
        return actions[-1]
    return chooser.choice(actions)


def play_match(rules: Rules, seed: int) -> Match:
    """Play one match to its end with :func:`choose`, seeded by ``seed``."""
    chooser = random.Random(seed)
    state = new_game(rules, seed=seed)
    states = [state]
    actions: list[Action] = []
    while state.phase is not Phase.MATCH_OVER:
        assert len(actions) < MAX_ACTIONS, f"match {rules!r} seed {seed} does not end"
        action = choose(legal_plays(state), chooser)
        state = apply(state, action)
        actions.append(action)
        states.append(state)
    return Match(rules, seed, tuple(states), tuple(actions))


@functools.cache
def matches(name: str) -> tuple[Match, ...]:
    """The recorded matches of configuration ``name`` (played once per test session)."""
    rules, count = CONFIGS[name]
    offset = 1_000 * CONFIG_NAMES.index(name)
    return tuple(play_match(rules, seed=offset + i) for i in range(count))


def every_state(name: str) -> Iterator[GameState]:
    for match in matches(name):
        yield from match.states


def every_step(name: str) -> Iterator[tuple[GameState, Action, GameState]]:
    for match in matches(name):
        yield from match.steps()


per_config = pytest.mark.parametrize("name", CONFIG_NAMES)


# -- independent references, written from the rules --------------------------------------------


def submultisets(hand: tuple[Card, ...], low: int, high: int) -> set[tuple[Card, ...]]:
    """Every distinct sub-multiset of ``hand`` with ``low`` to ``high`` cards, sorted.

    Written independently of the engine: choose how many copies of each
    distinct card to take, with :func:`itertools.product` over the counts.
    """
    counts = Counter(hand)
    distinct = sorted(counts)
    found = set()
    for taken in itertools.product(*(range(counts[card] + 1) for card in distinct)):
        if low <= sum(taken) <= high:
            found.add(
                tuple(card for card, k in zip(distinct, taken, strict=True) for _ in range(k))
            )
    return found


def brute_force_legal(state: GameState) -> set[Action]:
    """The legal actions of ``state.current``, from the rules and :func:`score` alone."""
    rules = state.rules
    hand = state.hands[state.current]
    if state.phase is Phase.PLAY:
        if len(hand) < rules.min_play:  # R4.3: fewer cards than the least play: pass
            return {Pass()}
        opening = not state.standing  # R4.3: no standing play, any play will do
        to_beat = -1 if opening else state.to_beat  # R4.4: a reply must beat the score
        assert to_beat is not None
        attack = attack_of(state.standing)  # R4.11: the standing play's attack
        found: set[Action] = {
            Play(cards)
            for cards in submultisets(hand, rules.min_play, rules.max_play)  # R4.2
            if score(cards, attack) > to_beat
        }
        if not opening:
            found.add(Pass())  # R4.5
        return found
    if state.phase is Phase.DISCARD:  # R4.8: down to exactly the limit
        excess = len(hand) - rules.hand_limit
        return {Discard(cards) for cards in submultisets(hand, excess, excess)}
    if state.phase is Phase.ROUND_OVER:  # R5.4
        return {NextRound()}
    return set()  # R5.2


def assert_cards_conserved(state: GameState) -> None:
    """Rule R6.2: deck + discard pile + hands + standing play == the rules' deck, as multisets."""
    every = [*state.deck, *state.discard, *state.standing, *itertools.chain(*state.hands)]
    assert sorted(card.index for card in every) == [card.index for card in state.rules.deck]


Fingerprint = tuple[object, ...]


def fingerprint(state: GameState) -> Fingerprint:
    """A copy of the whole content of ``state`` in plain ints, strings and tuples.

    Taken before an action is tried and compared after, it shows that nothing
    in the state (nor in any object it holds) was changed in place.
    """

    def ids(cards: tuple[Card, ...]) -> tuple[int, ...]:
        return tuple(card.index for card in cards)

    rules = state.rules
    return (
        (rules.players, rules.hand_size, rules.hand_limit, rules.min_play, rules.max_play,
         rules.points_to_win, rules.first_player, ids(rules.deck)),
        state.seed, state.rng.state, state.phase.value, state.current,
        tuple(ids(hand) for hand in state.hands), state.points, state.to_beat,
        ids(state.standing), state.standing_seat, tuple(sorted(state.passed)),
        ids(state.deck), ids(state.discard),
    )  # fmt: skip


def assert_unchanged(state: GameState, before: Fingerprint, before_hash: int) -> None:
    """``state`` still holds exactly what ``before`` recorded, and hashes the same."""
    assert fingerprint(state) == before
    assert hash(state) == before_hash
    rebuilt = GameState(**attrs.asdict(state, recurse=False))  # a fresh object: no cached hash
    assert rebuilt == state and hash(rebuilt) == before_hash


def random_candidates(state: GameState, chooser: random.Random) -> list[Action]:
    """Actions to try, most of them outside the list: every kind, of every shape.

    Plays and discards of random cards (often cards not held, of any size,
    the empty play included), of random parts of the hand (often the wrong
    size, or not beating the score), ``Pass()`` (refused at an opening) and
    ``NextRound()`` (refused outside the brief result).
    """
    hand = state.hands[state.current]
    candidates: list[Action] = [Pass(), NextRound()]
    for kind in (Play, Discard):
        for _ in range(3):
            size = chooser.randint(0, 7)
            candidates.append(kind(chooser.choices(ALL_CARDS, k=size)))
            size = chooser.randint(0, len(hand))
            candidates.append(kind(chooser.sample(hand, size)))
    return candidates


# -- the properties ---------------------------------------------------------------------------


@per_config
def test_every_listed_action_is_accepted(name: str) -> None:
    for state in every_state(name):
        for action in legal_plays(state):
            assert_cards_conserved(apply(state, action, seat=state.current))


@per_config
def test_R7_1_actions_outside_legal_plays_are_refused_and_change_nothing(name: str) -> None:
    """An action is accepted exactly when it is listed; a refused one leaves the state as it was.

    The state is compared with a copy of its content taken before
    (:func:`fingerprint`), its hash, and field by field by identity.
    """
    chooser = random.Random(f"refusals {name}")
    rules_seen: Counter[str] = Counter()
    for state in every_state(name):
        listed = set(legal_plays(state))
        before, before_hash = fingerprint(state), hash(state)
        before_fields = attrs.astuple(state, recurse=False)
        for action in random_candidates(state, chooser):
            if action in listed:
                apply(state, action)
                continue
            try:
                apply(state, action)
            except IllegalAction as refused:
                assert refused.rule in RULES
                assert str(refused).endswith(f"(rule {refused.rule})")
                rules_seen[refused.rule] += 1
            else:
                pytest.fail(f"{action} is not listed but was accepted in {state!r}")
        assert_unchanged(state, before, before_hash)
        after_fields = attrs.astuple(state, recurse=False)
        assert all(a is b for a, b in zip(after_fields, before_fields, strict=True))
    # The candidates reached every kind of refusal this configuration has.
    expected = {"R4.2", "R4.4", "R4.8", "R5.2", "R5.4"}
    if name != "openers forced to pass":
        expected.add("R4.3")
    assert expected <= set(rules_seen), rules_seen


@per_config
def test_R4_9_an_action_by_a_seat_not_to_act_is_refused_and_changes_nothing(name: str) -> None:
    for state in every_state(name):
        if state.phase is Phase.MATCH_OVER:
            continue
        before, before_hash = fingerprint(state), hash(state)
        for action in legal_plays(state)[:3]:
            for seat in range(state.players):
                if seat == state.current:
                    continue
                try:
                    apply(state, action, seat=seat)
                except IllegalAction as refused:
                    out = seat in state.passed and state.phase is not Phase.ROUND_OVER
                    assert refused.rule == ("R4.5" if out else "R4.9")  # a passer is out
                else:
                    pytest.fail(f"seat {seat} was let act for seat {state.current}")
        assert_unchanged(state, before, before_hash)


@per_config
def test_R5_2_every_action_after_the_match_is_over_is_refused(name: str) -> None:
    chooser = random.Random(f"after the match {name}")
    for match in matches(name):
        final = match.states[-1]
        snapshot = copy.deepcopy(final)
        before, before_hash = fingerprint(final), hash(final)
        tried = random_candidates(final, chooser) + list(match.actions[-3:])
        for action in tried:
            for seat in (None, *range(final.players)):
                with pytest.raises(IllegalAction) as refused:
                    apply(final, action, seat=seat)
                assert refused.value.rule == "R5.2"
        assert final == snapshot and hash(final) == hash(snapshot)
        assert_unchanged(final, before, before_hash)


@per_config
def test_R6_2_every_card_is_in_exactly_one_place_after_every_action(name: str) -> None:
    for state in every_state(name):
        assert_cards_conserved(state)


@per_config
def test_R4_8_no_hand_is_above_the_hand_limit_when_a_turn_ends(name: str) -> None:
    """The hand sizes, exactly.

    A seat has *finished a turn* once it has played or passed and, if that
    left it above the limit, discarded. Then, in every state:

    * a seat that has finished a turn and is not the one to act holds at
      most ``hand_limit`` cards (rule R4.8); the seat to act in ``PLAY``
      holds at most ``hand_limit + 1`` (its turn-start draw, R4.1);
    * a seat that has not yet finished a turn still holds its deal,
      ``hand_size`` cards, which may be above the limit (R3.7), or
      ``hand_size + 1`` while it is the one to act in ``PLAY``;
    * in ``DISCARD`` the seat to act holds more than ``hand_limit``, and a
      discard leaves it exactly ``hand_limit``.
    """
    rules = CONFIGS[name][0]
    limit, dealt = rules.hand_limit, rules.hand_size

    def check_sizes(state: GameState, finished: set[int]) -> None:
        for seat, hand in enumerate(state.hands):
            to_act = seat == state.current and state.phase in (Phase.PLAY, Phase.DISCARD)
            if to_act and state.phase is Phase.DISCARD:
                assert limit < len(hand) <= (limit if seat in finished else dealt) + 1
            elif seat in finished:
                assert len(hand) <= limit + to_act
            else:
                assert len(hand) == dealt + to_act

    for match in matches(name):
        finished: set[int] = set()
        check_sizes(match.states[0], finished)
        for before, action, after in match.steps():
            actor = before.current
            discarding = after.phase is Phase.DISCARD and after.current == actor
            if not isinstance(action, NextRound) and not discarding:
                finished.add(actor)
                assert len(after.hands[actor]) <= limit
                if isinstance(action, Discard):
                    assert len(after.hands[actor]) == limit
            check_sizes(after, finished)


@per_config
def test_R4_4_the_score_to_beat_rises_strictly_within_a_round(name: str) -> None:
    for match in matches(name):
        scores_this_round: list[int] = []
        for before, action, after in match.steps():
            if isinstance(action, NextRound):
                assert after.to_beat is None and after.standing == ()
                scores_this_round = []
            elif isinstance(action, Play):
                assert after.to_beat is not None
                assert before.to_beat is None or after.to_beat > before.to_beat
                scores_this_round.append(after.to_beat)
            else:
                assert after.to_beat == before.to_beat
            assert scores_this_round == sorted(set(scores_this_round))


@per_config
def test_R4_6_a_play_sets_the_score_to_its_total_and_the_attack_to_its_own(name: str) -> None:
    plays = 0
    for before, action, after in every_step(name):
        if not isinstance(action, Play):
            continue
        plays += 1
        seat = before.current
        assert after.to_beat == score(action.cards, before.attack)
        assert after.attack == attack_of(action.cards)
        assert after.standing == action.cards
        assert after.standing_seat == seat
        assert Counter(after.hands[seat]) == Counter(before.hands[seat]) - Counter(action.cards)
    assert plays > 0


@per_config
def test_R4_7_a_pass_changes_neither_the_score_to_beat_nor_the_attack(name: str) -> None:
    for before, action, after in every_step(name):
        if isinstance(action, (Pass, Discard)):
            assert after.to_beat == before.to_beat
            assert after.standing == before.standing
            assert after.attack == before.attack
        if isinstance(action, Pass):
            assert after.passed == before.passed | {before.current}


@per_config
def test_R4_1_R4_9_and_R5_3_the_next_seat_clockwise_still_in_draws_one_card(name: str) -> None:
    for before, action, after in every_step(name):
        if after.phase is not Phase.PLAY:
            continue
        if isinstance(action, NextRound):  # R5.3: the round's winner opens, drawing first
            assert after.current == before.current
            assert after.passed == frozenset()
        else:  # R4.9: the next seat clockwise that has not passed
            seat = (before.current + 1) % before.players
            while seat in after.passed:
                seat = (seat + 1) % before.players
            assert after.current == seat != before.current
        assert len(after.hands[after.current]) == len(before.hands[after.current]) + 1


@per_config
def test_R5_2_every_match_ends_with_exactly_one_winner_holding_points_to_win(name: str) -> None:
    rules = CONFIGS[name][0]
    for match in matches(name):
        final = match.states[-1]
        assert final.phase is Phase.MATCH_OVER
        winners = [seat for seat, p in enumerate(final.points) if p >= rules.points_to_win]
        assert winners == [final.current]
        assert final.points[final.current] == rules.points_to_win
        assert match_winner(final) == round_winner(final) == final.current
        assert legal_plays(final) == ()
        rounds = sum(isinstance(action, NextRound) for action in match.actions) + 1
        assert sum(final.points) == rounds
        for before, _, after in match.steps():
            assert match_winner(before) is None
            assert max(before.points) < rules.points_to_win
            if after.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                gained = [a - b for a, b in zip(after.points, before.points, strict=True)]
                assert gained == [int(seat == after.current) for seat in range(after.players)]
                assert round_winner(after) == after.current
                assert after.active == (after.current,)
            else:
                assert after.points == before.points
                assert round_winner(after) is None


@per_config
def test_R3_2_the_same_seed_and_actions_give_equal_states_and_hashes(name: str) -> None:
    for match in matches(name)[:10]:
        rules = attrs.evolve(match.rules)  # an equal, separately built Rules
        state = new_game(rules, seed=match.seed)
        assert state == match.states[0] and hash(state) == hash(match.states[0])
        for action, expected in zip(match.actions, match.states[1:], strict=True):
            state = apply(state, action)
            assert state == expected and hash(state) == hash(expected)
            assert state is not expected


@per_config
def test_the_states_the_engine_builds_equal_and_hash_like_the_same_fields_constructed(
    name: str,
) -> None:
    # apply builds states without the generated __init__ (_memo.maker): each must be the
    # state GameState's own constructor makes of the same fields.
    from raise_the_sum import engine

    assert engine._state is not GameState  # the fast path is the one in use
    fields = [field.name for field in attrs.fields(GameState)]
    for match in matches(name)[:5]:
        for state in match.states:
            rebuilt = GameState(**{field: getattr(state, field) for field in fields})
            assert state == rebuilt and hash(state) == hash(rebuilt)
            assert repr(state) == repr(rebuilt) and attrs.evolve(state) == state


def _documented_order(state: GameState, actions: tuple[Action, ...]) -> None:
    rules = state.rules
    hand = state.hands[state.current]
    assert len(set(actions)) == len(actions), "duplicates"
    if state.phase is Phase.PLAY:
        if len(hand) < rules.min_play:
            assert actions == (Pass(),)
            return
        plays = actions
        if state.standing:  # a reply: every play, then Pass() last
            assert actions[-1] == Pass()
            plays = actions[:-1]
        assert all(isinstance(a, Play) for a in plays)
        keys = [(len(a.cards), a.cards) for a in plays if isinstance(a, Play)]
        assert keys == sorted(keys)
        if not state.standing:
            assert len(plays) >= 1
    elif state.phase is Phase.DISCARD:
        assert all(isinstance(a, Discard) for a in actions)
        keys = [(len(a.cards), a.cards) for a in actions if isinstance(a, Discard)]
        assert keys == sorted(keys)
        assert {size for size, _ in keys} == {len(hand) - rules.hand_limit}
    elif state.phase is Phase.ROUND_OVER:
        assert actions == (NextRound(),)
    else:
        assert actions == ()


@per_config
def test_legal_plays_has_no_duplicates_and_is_in_the_documented_order(name: str) -> None:
    for state in every_state(name):
        _documented_order(state, legal_plays(state))


@per_config
def test_legal_plays_equals_the_brute_force_set_of_legal_actions(name: str) -> None:
    for state in every_state(name):
        assert set(legal_plays(state)) == brute_force_legal(state)


#: What a seat may see (rule R3.8): nothing else, and nothing of the seed, generator or deck order.
VIEW_FIELDS = {
    "rules", "seat", "phase", "current", "hand", "hand_sizes", "to_beat", "attack",
    "standing", "standing_seat", "passed", "points", "deck_size", "discard",
}  # fmt: skip


def _hide_the_hidden(state: GameState, seat: int, chooser: random.Random) -> GameState:
    """``state`` with everything ``seat`` may not know changed: other hands, deck order, seed, rng.

    The other seats' cards and the deck are pooled, shuffled and dealt back in
    the same sizes; the seed and the generator are replaced.
    """
    others = [s for s in range(state.players) if s != seat]
    pool = [card for s in others for card in state.hands[s]] + list(state.deck)
    chooser.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        size = len(state.hands[s])
        hands[s], pool = tuple(sorted(pool[:size])), pool[size:]
    return attrs.evolve(
        state,
        hands=tuple(hands),
        deck=tuple(pool),
        seed=state.seed + 1,
        rng=Rng.from_seed(chooser.getrandbits(64)),
    )


@per_config
def test_R3_8_observe_shows_a_seat_no_other_seats_cards_nor_the_seed_rng_or_deck_order(
    name: str,
) -> None:
    """A view shows its own hand, and is the same whatever the hidden information is."""
    chooser = random.Random(f"hidden {name}")
    assert {field.name for field in attrs.fields(PlayerView)} == VIEW_FIELDS
    for state in every_state(name):
        for seat in range(state.players):
            view = observe(state, seat)
            assert view.hand == state.hands[seat]
            assert view.hand_sizes == tuple(len(hand) for hand in state.hands)
            assert view.deck_size == len(state.deck)
            for hidden in ("seed", "rng", "deck", "hands"):
                assert not hasattr(view, hidden)
            assert observe(_hide_the_hidden(state, seat, chooser), seat) == view


@per_config
def test_the_random_matches_reach_every_phase(name: str) -> None:
    """The matches above are not vacuous: they pass, discard, end rounds and reshuffle."""
    phases = {state.phase for state in every_state(name)}
    assert phases == set(Phase)
    reshuffled = any(len(after.deck) > len(before.deck) for before, _, after in every_step(name))
    # The 2-player matches with the standard deck end before it runs out.
    assert reshuffled == (name not in ("2 players", "plays of 2 to 3 cards, 2 points"))
    if name == "openers forced to pass":
        assert any(
            isinstance(action, Pass) and not before.standing
            for before, action, _ in every_step(name)
        )


# -- hypothesis: random configurations ----------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(rules=rules_variants(), seed=seeds, chooser=st.randoms(use_true_random=False))
def test_random_rules_every_state_of_a_match_keeps_the_engine_invariants(
    rules: Rules, seed: int, chooser: random.Random
) -> None:
    """On any valid configuration, at every step of a random match: the listed actions
    are exactly the brute-force legal set, in the documented order; random other
    actions are refused without change; cards are conserved; the match ends."""
    state = new_game(rules, seed=seed)
    for _ in range(MAX_ACTIONS):
        assert_cards_conserved(state)
        listed = legal_plays(state)
        _documented_order(state, listed)
        assert set(listed) == brute_force_legal(state)
        before, before_hash = fingerprint(state), hash(state)
        for action in random_candidates(state, chooser):
            if action not in listed:
                with pytest.raises(IllegalAction):
                    apply(state, action)
        assert_unchanged(state, before, before_hash)
        if state.phase is Phase.MATCH_OVER:
            break
        state = apply(state, choose(listed, chooser))
    assert state.phase is Phase.MATCH_OVER
    assert match_winner(state) is not None
    assert state.points[state.current] == rules.points_to_win
