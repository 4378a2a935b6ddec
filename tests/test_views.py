"""``observe``: what one seat may know, and nothing more.

A view shows the seat's own hand, how many cards every seat holds, and the
public table. It must not let anyone reach another seat's cards, the deck's
order, the seed or the generator (rule R3.8). The strongest check of that is
indistinguishability: two states that differ only in hidden information give
equal views.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterator, Sequence

import attrs
import pytest

from raise_the_sum import (
    Card,
    Discard,
    GameState,
    Pass,
    Phase,
    Play,
    PlayerView,
    Rng,
    Rules,
    apply,
    new_game,
    observe,
    parse_cards,
    wire,
)

_PUBLIC = {
    "rules",
    "seat",
    "phase",
    "current",
    "hand",
    "hand_sizes",
    "to_beat",
    "attack",
    "standing",
    "standing_seat",
    "passed",
    "points",
    "deck_size",
    "discard",
}
_HUGE_SEED = 2**77 + 123456789


def _deal(
    hands: Sequence[str], draws: str, *, seed: int = _HUGE_SEED, rest_reversed: bool = False
) -> GameState:
    """A 3-player game dealt exactly ``hands``, ``draws`` next, then the rest of the deck."""
    rules = Rules(players=3)
    dealt = [parse_cards(h) for h in hands]
    order = [dealt[s][i] for i in range(rules.hand_size) for s in range(rules.players)]
    order += parse_cards(draws)
    rest = Counter(rules.deck)
    rest.subtract(order)
    assert all(n >= 0 for n in rest.values())
    tail = sorted(rest.elements(), reverse=rest_reversed)
    return new_game(rules, seed=seed, deck=(*order, *tail))


_HANDS = ("+1 +1 +1 -1 +2 +2 +2", "+3 +3 +3 +3 +4 +4 +4", "+5 +5 +5 +5 +6 +6 +6")


def _midgame(state: GameState) -> GameState:
    """Seat 0 opens +1 +2 -1; seat 1 passes and discards; seat 2 to reply."""
    state = apply(state, Play(parse_cards("+1 +2 -1")))
    state = apply(state, Pass())
    return apply(state, Discard((state.hands[1][-1],)))


def _values(value: object) -> Iterator[object]:
    """Every value reachable from ``value`` through attrs fields and containers."""
    yield value
    cls = type(value)
    if attrs.has(cls):
        for field in attrs.fields(cls):
            yield from _values(getattr(value, field.name))
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from _values(item)


def test_a_view_shows_the_seats_own_hand_every_hand_size_and_the_public_table() -> None:
    state = _midgame(_deal(_HANDS, "+9 +8 +7"))
    for seat in range(3):
        view = observe(state, seat)
        assert view.seat == seat
        assert view.hand == state.hands[seat]
        assert view.hand_sizes == tuple(len(h) for h in state.hands) == (5, 7, 8)
        assert (view.rules, view.phase, view.current) == (state.rules, state.phase, state.current)
        assert (view.to_beat, view.attack) == (state.to_beat, state.attack) == (3, state.attack)
        assert (view.standing, view.standing_seat) == (state.standing, 0)
        assert view.passed == state.passed == {1}
        assert view.points == state.points
        assert view.deck_size == len(state.deck)
        assert view.discard == state.discard
        assert (view.players, view.active) == (state.players, state.active) == (3, (0, 2))


def test_a_view_has_no_attribute_beyond_the_public_ones() -> None:
    view = observe(_deal(_HANDS, "+9"), 0)
    assert {field.name for field in attrs.fields(PlayerView)} == _PUBLIC
    assert {name for name in dir(view) if not name.startswith("_")} == _PUBLIC | {
        "opening",
        "to_act",
        "players",
        "active",
    }
    assert not hasattr(view, "__dict__")  # slotted: nothing can be hung on it


def test_R3_8_no_seed_generator_state_or_deck_order_is_reachable_from_a_view() -> None:
    state = _midgame(_deal(_HANDS, "+9 +8 +7"))
    secrets = {state.seed, state.seed % 2**64, state.rng.state}
    for seat in range(3):
        for value in _values(observe(state, seat)):
            assert not isinstance(value, (Rng, GameState))
            assert not (type(value) is int and value in secrets)
            if isinstance(value, tuple) and value and isinstance(value[0], Card):
                assert value != state.deck


def test_R3_8_states_that_differ_only_in_hidden_information_give_equal_views() -> None:
    base = _midgame(_deal(_HANDS, "+9 +8 +7"))
    other_seed = _midgame(_deal(_HANDS, "+9 +8 +7", seed=-5))
    other_deck = _midgame(_deal(_HANDS, "+9 +8 +7", rest_reversed=True))
    assert base.seed != other_seed.seed and base.rng != other_seed.rng
    assert base.deck != other_deck.deck
    for seat in range(3):
        assert observe(base, seat) == observe(other_seed, seat) == observe(other_deck, seat)


def test_another_seats_cards_are_not_reachable_from_a_view() -> None:
    # Seats 1 and 2 swap hands of the same sizes: seat 0 cannot tell the difference.
    one = _deal(_HANDS, "+9 +8")
    two = _deal((_HANDS[0], _HANDS[2], _HANDS[1]), "+9 +8")
    assert one.hands[1] != two.hands[1]
    assert observe(one, 0) == observe(two, 0)
    assert observe(one, 1) != observe(two, 1)  # but seat 1 does see its own hand


def test_R4_12_the_discard_pile_is_face_up_in_every_view() -> None:
    state = _midgame(_deal(_HANDS, "+9 +8 +7"))
    assert state.discard == parse_cards("+8")  # seat 1's discard
    state = apply(state, Play(parse_cards("+5 +5")))  # seat 2 replaces seat 0's play
    assert state.discard == parse_cards("+8 +1 +2 -1")
    for seat in range(3):
        assert observe(state, seat).discard == state.discard


def test_views_are_frozen_hashable_and_equal_by_value() -> None:
    state = _deal(_HANDS, "+9")
    view = observe(state, 1)
    again = observe(copy.deepcopy(state), 1)
    assert view == again and hash(view) == hash(again)
    assert len({view, again, observe(state, 2)}) == 2
    assert view != observe(state, 2)
    assert view != observe(apply(state, Play(parse_cards("+9"))), 1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.seat = 2  # type: ignore[misc]


def test_to_act_is_true_only_for_the_seat_to_act_while_the_match_goes_on() -> None:
    state = _deal(_HANDS, "+9")
    assert [observe(state, seat).to_act for seat in range(3)] == [True, False, False]
    rules = Rules(players=2, points_to_win=1)
    over = new_game(rules, seed=1)
    over = apply(over, Play((over.hands[0][0],)))
    over = apply(over, Pass())
    while over.phase is Phase.DISCARD:
        over = apply(over, Discard((over.hands[over.current][0],)))
    assert over.phase is Phase.MATCH_OVER
    assert [observe(over, seat).to_act for seat in range(2)] == [False, False]


@pytest.mark.parametrize("seat", [3, -1, 10])
def test_R7_2_observe_refuses_a_seat_that_is_not_at_the_table(seat: int) -> None:
    with pytest.raises(ValueError, match=rf"^seat: a seat from 0 to 2, got {seat}$"):
        observe(_deal(_HANDS, "+9"), seat)


@pytest.mark.parametrize("seat", ["0", 0.0, True, None])
def test_R7_2_observe_refuses_a_seat_that_is_not_an_int(seat: object) -> None:
    with pytest.raises(TypeError, match=r"^seat must be an int, got "):
        observe(_deal(_HANDS, "+9"), seat)  # type: ignore[arg-type]


def test_R7_2_observe_refuses_a_state_that_is_not_a_game_state() -> None:
    view = observe(_deal(_HANDS, "+9"), 0)
    with pytest.raises(TypeError, match=r"^state must be a GameState, got "):
        observe(view, 0)  # type: ignore[arg-type]


def test_a_views_wire_encoding_carries_players_and_active_and_checks_them_when_read() -> None:
    view = observe(_midgame(_deal(_HANDS, "+9 +8 +7")), 2)
    document = wire.encode(view)
    assert (document["players"], document["active"]) == (3, [0, 2])
    assert wire.decode(PlayerView, document) == view
    older = {key: value for key, value in document.items() if key not in ("players", "active")}
    assert wire.decode(PlayerView, older) == view  # a reader of wire format 1 before them
    with pytest.raises(wire.WireError, match=r"/players: expected 3, the rules' players"):
        wire.decode(PlayerView, {**document, "players": 4})
    with pytest.raises(wire.WireError, match=r"/active: expected \[0, 2\], the seats that"):
        wire.decode(PlayerView, {**document, "active": [0, 1, 2]})
