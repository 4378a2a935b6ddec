"""The transitions: ``new_game``, ``legal_plays``, ``apply``, and who won.

Every function here is pure: it takes a :class:`~raise_the_sum.GameState`
and returns a value or a new state, and never changes its argument.

A whole match, driven by a simple player that always takes the first legal
action:

>>> from raise_the_sum import Phase, Rules, new_game, legal_plays, apply
>>> state = new_game(Rules(players=2), seed=2026)
>>> while state.phase is not Phase.MATCH_OVER:
...     state = apply(state, legal_plays(state)[0])
>>> match_winner(state) is not None
True
>>> max(state.points)
5
"""

from __future__ import annotations

import secrets
from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from itertools import chain, combinations
from operator import attrgetter
from typing import Final, TypeVar, cast

from raise_the_sum import _memo, _tables, _validate
from raise_the_sum.actions import Action, Discard, IllegalAction, NextRound, Pass, Play
from raise_the_sum.cards import ALL_CARDS, Card
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules
from raise_the_sum.scoring import PlayProfile, score, sent_by
from raise_the_sum.state import GameState, Phase

__all__ = [
    "apply",
    "legal_plays",
    "legal_plays_by_definition",
    "match_winner",
    "new_game",
    "round_winner",
    "timeout_action",
]

# The phases as module constants: an Enum member is a class attribute lookup through the
# Enum's own machinery, several times slower than a global in the engine's hot paths.
_PLAY: Final = Phase.PLAY
_DISCARD: Final = Phase.DISCARD
_ROUND_OVER: Final = Phase.ROUND_OVER
_MATCH_OVER: Final = Phase.MATCH_OVER
_PASS: Final = Pass()
_NEXT_ROUND: Final = NextRound()
_BY_INDEX: Final = attrgetter("index")
_ACTIONS: Final = frozenset({Play, Pass, Discard, NextRound})
_DEFAULT_RULES: Final = Rules()

T = TypeVar("T")


def new_game(
    rules: Rules = _DEFAULT_RULES,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
) -> GameState:
    """Start a match: shuffle, deal, and the first player's turn-start draw.

    The deck is shuffled by the library's generator from ``seed`` (rules R3.2
    and R3.8); ``seed=None`` picks a fresh seed, which ``state.seed`` records
    so that the game can be replayed. Pass ``deck`` to stack the deck
    instead, top card first: it must hold exactly the cards of ``rules.deck``,
    and the seed then drives only the reshuffles (rule R6.1).

    The deal gives ``rules.hand_size`` cards to each seat, one at a time,
    seat 0 first (rule R3.3); then ``rules.first_player`` draws its turn's
    card (rules R3.4 and R4.1).

    >>> from raise_the_sum import parse_cards
    >>> state = new_game(seed=7)
    >>> [len(hand) for hand in state.hands], state.current, len(state.deck)
    ([8, 7, 7, 7], 0, 33)
    >>> new_game(seed=7) == state
    True
    """
    _validate.instance(rules, Rules, "rules")
    if seed is None:
        seed = secrets.randbits(64)
    else:
        _validate.whole(seed, "seed", or_none=True)
    rng = Rng.from_seed(seed)
    if deck is None:
        order, rng = rng.shuffle(rules.deck)
    else:
        order = _check_stacked_deck(rules, deck)
    cards = tuple(ALL_CARDS[card.index] for card in order)
    players = rules.players
    dealt = players * rules.hand_size
    hands = [tuple(sorted(cards[seat:dealt:players], key=_BY_INDEX)) for seat in range(players)]
    first = rules.first_player
    rest = cards[dealt:]
    hands[first] = _insert(hands[first], rest[0])
    return GameState(
        rules=rules,
        seed=seed,
        rng=rng,
        phase=Phase.PLAY,
        current=first,
        hands=tuple(hands),
        points=(0,) * players,
        to_beat=None,
        standing=(),
        standing_seat=None,
        passed=frozenset(),
        deck=rest[1:],
        discard=(),
    )


def _check_stacked_deck(rules: Rules, deck: Sequence[Card]) -> tuple[Card, ...]:
    order = _validate.cards(deck, "deck")
    given = Counter(order)
    wanted = Counter(rules.deck)
    if given != wanted:
        extra = given - wanted
        missing = wanted - given
        parts = []
        if extra:
            parts.append("extra " + " ".join(str(c) for c in sorted(extra.elements())))
        if missing:
            parts.append("missing " + " ".join(str(c) for c in sorted(missing.elements())))
        raise ValueError(
            f"deck: must be a reordering of rules.deck ({len(rules.deck)} cards); "
            f"it has {len(order)}: {'; '.join(parts)} (rule R1.2)"
        )
    return order


def legal_plays(state: GameState) -> tuple[Action, ...]:
    """Every legal action of ``state.current``, each distinct multiset once.

    The order is deterministic:

    * ``PLAY``: the legal plays by number of cards, then by their sorted
      cards compared in card order (rule R1.4); then ``Pass()`` -- except for
      an opener, who may not pass (rule R4.3) unless they hold fewer cards
      than ``rules.min_play``, when ``Pass()`` is all they may do. An opening
      may be any play (R4.3); a reply must beat ``state.to_beat`` facing
      ``state.attack`` (R4.4).
    * ``DISCARD``: every distinct discard that leaves exactly
      ``rules.hand_limit`` cards (rule R4.8), in the same order.
    * ``ROUND_OVER``: ``(NextRound(),)`` (rule R5.4).
    * ``MATCH_OVER``: ``()`` (rule R5.2).

    :func:`legal_plays_by_definition` is the definition, plain and slow: this
    function gives exactly its answer, in the same order, from a memo and
    precomputed tables.

    >>> from raise_the_sum import parse_cards, Rules
    >>> rules = Rules(players=2, hand_size=1, hand_limit=1, max_play=2,
    ...               deck=parse_cards("+1 +2 x2 +3 +4 +5 +6 +7 +8 +9"))
    >>> state = new_game(rules, seed=1, deck=parse_cards("+2 +9 x2 +1 +3 +4 +5 +6 +7 +8"))
    >>> for action in legal_plays(state):
    ...     print(action)
    play +2
    play x2
    play +2 x2
    """
    if state.__class__ is not GameState:
        _validate.instance(state, GameState, "state")
    phase = state.phase
    if phase is _PLAY:
        rules = state.rules
        hand = state.hands[state.current]
        low = rules.min_play
        if len(hand) < low:
            return _ONLY_PASS
        indices = tuple(map(_BY_INDEX, hand))
        high = rules.max_play
        standing = state.standing
        if state.opening:  # R4.3: no score to beat, no attack
            key: _LegalKey = (indices, low, high)
            found = _LEGAL.get(key)
            if found is None:
                found = _tables.plays(indices, low, high)
                _LEGAL.put(key, found, weight=len(found) + 1)
            return found
        to_beat = cast(int, state.to_beat)  # a standing play has a score to beat
        if len(indices) <= _SMALL_HAND:  # a few plays, filtered: cheaper than a memo's key
            attack = sent_by(standing)
            return _tables.small_replies(
                indices, low, high, to_beat, attack.subtract, attack.divide, _ONLY_PASS
            )
        key = (indices, low, high, to_beat, tuple(map(_BY_INDEX, standing)))
        found = _LEGAL.get(key)
        if found is None:
            attack = sent_by(standing)
            found = _tables.replies(
                indices, low, high, to_beat, attack.subtract, attack.divide, _ONLY_PASS
            )
            _LEGAL.put(key, found, weight=len(found) + 1)
        return found
    if phase is _DISCARD:
        indices = tuple(map(_BY_INDEX, state.hands[state.current]))
        limit = state.rules.hand_limit
        key = (indices, limit)
        found = _LEGAL.get(key)
        if found is None:
            found = _tables.discards(indices, len(indices) - limit)
            _LEGAL.put(key, found, weight=len(found) + 1)
        return found
    if phase is _ROUND_OVER:
        return (_NEXT_ROUND,)
    return ()


def legal_plays_by_definition(state: GameState) -> tuple[Action, ...]:
    """The definition of :func:`legal_plays`: plain, short, and slow.

    :func:`legal_plays` gives exactly this, in the same order, faster (a
    property test holds the two equal on random states of random variants).
    Read this to know what is legal; call :func:`legal_plays` to play.

    * ``PLAY``: the distinct multisets of ``min_play`` to ``max_play`` of
      the hand's cards (rules R1.3 and R4.2), by size, then by their sorted
      cards compared in card order (rule R1.4); an opening keeps them all
      (R4.3), a reply only those whose :func:`~raise_the_sum.score` facing
      the attack beats ``to_beat`` (R4.4), then ``Pass()`` (R4.5). A hand
      of fewer than ``min_play`` cards may only pass (R4.3).
    * ``DISCARD``: the distinct multisets of as many cards as the hand holds
      above ``hand_limit`` (rule R4.8), in the same order.
    * ``ROUND_OVER``: ``NextRound()`` (rule R5.4); ``MATCH_OVER``: nothing (R5.2).

    >>> from raise_the_sum import new_game
    >>> state = new_game(seed=7)
    >>> legal_plays_by_definition(state) == legal_plays(state)
    True
    """
    _validate.instance(state, GameState, "state")
    rules = state.rules
    hand = state.hands[state.current]
    if state.phase is _DISCARD:
        excess = len(hand) - rules.hand_limit
        return tuple(map(Discard, submultisets(hand, excess, excess)))
    if state.phase is _ROUND_OVER:
        return (_NEXT_ROUND,)
    if state.phase is _MATCH_OVER:
        return ()
    if len(hand) < rules.min_play:
        return (_PASS,)
    plays = map(Play, submultisets(hand, rules.min_play, rules.max_play))
    if state.opening:
        return tuple(plays)
    to_beat = cast(int, state.to_beat)
    attack = state.attack
    return (*(play for play in plays if score(play.cards, attack) > to_beat), _PASS)


def timeout_action(legal: Sequence[Action]) -> Action:
    """The action taken for a player whose time to act runs out (rule R4.15).

    ``legal`` is :func:`legal_plays` of the state: ``Pass()`` when passing
    is legal; otherwise the first legal action in that function's order,
    which is the least cards the rules allow, the lowest in card order (rule
    R1.4): an opener plays their lowest card alone (with the standard
    rules), a player who must discard discards their lowest cards (rule
    R4.8), and between rounds the table moves on (``NextRound()``).

    >>> from raise_the_sum import new_game
    >>> state = new_game(seed=7)
    >>> print(*state.hands[0])
    +5 +5 +6 +6 +7 -3 -5 -6
    >>> print(timeout_action(legal_plays(state)))      # an opener may not pass (R4.3)
    play +5

    Raises :class:`ValueError` when nothing is legal (the match is over, rule R5.2), and
    :class:`TypeError` naming ``legal`` when it is not a list or tuple of actions.
    """
    if not isinstance(legal, tuple | list):
        raise TypeError(
            f"legal: the legal actions (legal_plays of a state), got {_validate.shown(legal)}"
        )
    for action in legal:
        if action.__class__ not in _ACTIONS:
            raise TypeError(f"legal: actions only, got {_validate.shown(action)}")
    if not legal:
        raise ValueError("timeout_action: no legal action; the match is over (rule R5.2)")
    last = legal[-1]
    return last if last.__class__ is Pass else legal[0]


def submultisets(hand: Sequence[T], low: int, high: int) -> list[tuple[T, ...]]:
    """The distinct sub-multisets of ``low`` to ``high`` cards of a sorted hand, in order.

    By size, then by their cards compared in card order. ``combinations``
    of a sorted hand comes in that order within a size, and the first time a
    multiset comes is its first place in that order, so keeping the first of
    each (``dict.fromkeys``) keeps the order.

    >>> from raise_the_sum import parse_cards
    >>> [" ".join(map(str, cards)) for cards in submultisets(parse_cards("+1 +1 x2"), 1, 2)]
    ['+1', 'x2', '+1 +1', '+1 x2']
    """
    sizes = range(low, min(high, len(hand)) + 1)
    return list(dict.fromkeys(chain.from_iterable(combinations(hand, size) for size in sizes)))


# What a player's legal actions depend on, and nothing else: in PLAY, the hand and the play
# sizes, and for a reply the score to beat and the standing play's cards (which make the
# attack); in DISCARD, the hand and the hand limit. The keys' lengths tell the three apart
# (3, 5 and 2). Cards are keyed by their sorted indices (ints hash in C), so equal
# multisets give equal keys.
_LegalKey = (
    tuple[tuple[int, ...], int, int]
    | tuple[tuple[int, ...], int, int, int, tuple[int, ...]]
    | tuple[tuple[int, ...], int]
)

#: The most actions :data:`_LEGAL` holds at once (about 8 MB of references at most).
LEGAL_MEMO_LIMIT: Final = 1_000_000

#: ``legal_plays``' answers, by their key: a search that meets a hand again (a rollout, a
#: tree) gets the same tuple back at the cost of one lookup. Bounded (each answer weighs its
#: length plus one, and the memo empties itself rather than pass LEGAL_MEMO_LIMIT) and safe
#: under threads (see _memo.BoundedMemo). The answers are tuples of shared, frozen
#: actions, so handing the same tuple to every caller is safe.
_LEGAL: Final[_memo.BoundedMemo[_LegalKey, tuple[Action, ...]]] = _memo.BoundedMemo(
    LEGAL_MEMO_LIMIT
)
_ONLY_PASS: Final = (_PASS,)
_SMALL_HAND: Final = _tables.SMALL_HAND


def apply(state: GameState, action: Action, *, seat: int | None = None) -> GameState:
    """The state after ``state.current`` takes ``action``; ``state`` never changes.

    ``apply`` also makes the automatic steps that follow: the end of the
    turn, the next active seat clockwise (rule R4.9) and its turn-start draw
    (R4.1), a reshuffle when the deck is empty (R6.1), the round's point
    (R5.1), the brief result between rounds (R5.4) and the end of the match
    (R5.2).

    Pass ``seat`` to have an action refused unless that seat is the one to
    act, as a server does for each player. An illegal action raises
    :class:`~raise_the_sum.IllegalAction`, naming the rule it breaks (rule
    R7.1); an argument of the wrong type raises :class:`TypeError`.

    >>> from raise_the_sum import parse_cards, Play, Pass
    >>> state = new_game(seed=7)
    >>> print(*state.hands[0])
    +5 +5 +6 +6 +7 -3 -5 -6
    >>> after = apply(state, Play(parse_cards("+7 +6 -5")))
    >>> after.to_beat, str(after.attack), after.current
    (13, '−5', 1)
    >>> print(*after.hands[1])
    +1 +3 +4 +8 +8 x2 -2 -7
    >>> apply(after, Play(parse_cards("+8 +8 +1")))
    Traceback (most recent call last):
    ...
    raise_the_sum.actions.IllegalAction: a reply must beat 13; this play totals 12 (rule R4.4)
    >>> apply(after, Play(parse_cards("+9")))
    Traceback (most recent call last):
    ...
    raise_the_sum.actions.IllegalAction: you do not hold +9 (rule R4.2)
    >>> apply(state, Pass())
    Traceback (most recent call last):
    ...
    raise_the_sum.actions.IllegalAction: the opener must play: an opening cannot be passed (rule R4.3)
    """  # noqa: E501 (a doctest shows the message whole)
    return transition(state, action, seat=seat)[0]


def transition(
    state: GameState, action: Action, *, seat: int | None = None
) -> tuple[GameState, Card | None]:
    """:func:`apply`, and the card that the next turn's start drew (rule R4.1), or None.

    Package-internal: :func:`~raise_the_sum.step` and the OpenSpiel adapter
    report the draw from it. The card is None when no turn started: a
    discard is due, the round is over, or the match is.
    """
    if state.__class__ is not GameState:
        _validate.instance(state, GameState, "state")
    if action.__class__ not in _ACTION_TYPES:
        raise TypeError(
            f"action must be a Play, Pass, Discard or NextRound, got {_validate.shown(action)}"
        )
    if seat is not None:
        _validate.whole(seat, "seat", or_none=True)
        if not 0 <= seat < state.rules.players:
            raise ValueError(f"seat: a seat from 0 to {state.rules.players - 1}, got {seat}")
    phase = state.phase
    if phase is _MATCH_OVER:
        raise IllegalAction(
            "R5.2", f"the match is over: seat {state.current} has won it; no action is legal"
        )
    if seat is not None and seat != state.current:
        if seat in state.passed and phase is not _ROUND_OVER:
            raise IllegalAction(
                "R4.5", f"seat {seat} has passed: it is out of this round until the next one"
            )
        raise IllegalAction("R4.9", f"it is seat {state.current}'s turn, not seat {seat}'s")
    kind = action.__class__
    if phase is _PLAY:
        if kind is Play:
            return _play(state, cast(Play, action))
        if kind is Pass:
            return _pass(state)
        if kind is Discard:
            raise IllegalAction(
                "R4.8",
                "discarding comes at the end of a turn, after a play or a pass, "
                f"and only above {state.rules.hand_limit} cards",
            )
        raise IllegalAction("R5.4", "the round is still under way: play or pass")
    if phase is _DISCARD:
        if kind is Discard:
            return _discard(state, cast(Discard, action))
        hand = state.hands[state.current]
        excess = len(hand) - state.rules.hand_limit
        raise IllegalAction(
            "R4.8",
            f"you hold {len(hand)} cards: discard {excess} to end your turn "
            f"with {state.rules.hand_limit}",
        )
    if kind is NextRound:
        return _next_round(state)
    raise IllegalAction(
        "R5.4", "the round is over: start the next round (NextRound()) before anyone acts"
    )


_ACTION_TYPES: Final = frozenset({Play, Pass, Discard, NextRound})


def round_winner(state: GameState) -> int | None:
    """The seat that won the round just ended, or None while a round is under way.

    Defined in ``ROUND_OVER`` and in ``MATCH_OVER`` (the last round's winner):
    the last player still in (rule R5.1). A view is refused (:class:`TypeError`):
    ask the view itself, whose ``phase`` and ``current`` say the same.
    """
    _validate.instance(state, GameState, "state")
    if state.phase is _ROUND_OVER or state.phase is _MATCH_OVER:
        return state.current
    return None


def match_winner(state: GameState) -> int | None:
    """The seat that won the match (rule R5.2), or None while it goes on."""
    _validate.instance(state, GameState, "state")
    if state.phase is _MATCH_OVER:
        return state.current
    return None


# -- the transitions ---------------------------------------------------------------------


def _insert(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` (sorted) with ``card`` put after the cards that sort before or equal it."""
    at = bisect_right(hand, card.index, key=_BY_INDEX)
    return (*hand[:at], card, *hand[at:])


def _take(hand: tuple[Card, ...], cards: tuple[Card, ...], rule: str) -> tuple[Card, ...]:
    """A sorted hand less ``cards`` (a multiset), in order: what is left of it.

    Raises IllegalAction citing ``rule`` when the hand does not hold them all.
    (``list.remove`` finds each card in C, by identity first, then by value.)
    """
    rest = list(hand)
    remove = rest.remove
    try:
        for card in cards:
            remove(card)
    except ValueError:
        raise IllegalAction(rule, _missing(hand, cards)) from None
    return tuple(rest)


def _missing(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> str:
    held = Counter(hand)
    for card, count in sorted(Counter(cards).items()):
        if held[card] == 0:
            return f"you do not hold {card}"
        if held[card] < count:
            return f"you hold {held[card]} {card}, not {count}"
    raise AssertionError("unreachable: every card is held")


#: The profile of each play met, by the object: ``legal_plays`` hands out shared plays, so a
#: match meets each again and again.
_PROFILES: Final[_memo.IdentityMemo[Play, PlayProfile]] = _memo.IdentityMemo(100_000)


def _profile(play: Play) -> PlayProfile:
    """``PlayProfile.of(play.cards)``, from :data:`_PROFILES` or made and kept."""
    profile = _PROFILES.get(play)
    if profile is None:
        profile = PlayProfile.of(play.cards)
        _PROFILES.put(play, profile)
    return profile


def _play(state: GameState, play: Play) -> _Moved:
    rules = state.rules
    seat = state.current
    cards = play.cards
    n = len(cards)
    if n < rules.min_play or n > rules.max_play:
        span = (
            f"{rules.min_play} card" + ("s" if rules.min_play > 1 else "")
            if rules.min_play == rules.max_play
            else f"{rules.min_play} to {rules.max_play} cards"
        )
        raise IllegalAction("R4.2", f"a play is {span}; this one has {n}")
    rest = _take(state.hands[seat], cards, "R4.2")
    attack = state.attack
    total = _profile(play).total(attack.subtract, attack.divide)
    if not state.opening and total <= cast(int, state.to_beat):
        raise IllegalAction("R4.4", f"a reply must beat {state.to_beat}; this play totals {total}")
    # The play replaces the standing play, whose cards go to the discard pile (R4.6).
    return _end_turn(
        state,
        _with(state.hands, seat, rest),
        state.passed,
        total,
        cards,
        seat,
        state.discard + state.standing,
    )


def _pass(state: GameState) -> _Moved:
    seat = state.current
    if state.opening and len(state.hands[seat]) >= state.rules.min_play:
        raise IllegalAction("R4.3", "the opener must play: an opening cannot be passed")
    return _end_turn(
        state,
        state.hands,
        state.passed | {seat},
        state.to_beat,
        state.standing,
        state.standing_seat,
        state.discard,
    )


def _discard(state: GameState, action: Discard) -> _Moved:
    rules = state.rules
    seat = state.current
    hand = state.hands[seat]
    excess = len(hand) - rules.hand_limit
    # The first thing wrong is the thing to say: a card not held, then the count (both R4.8).
    discarded = action.cards
    rest = _take(hand, discarded, "R4.8")
    if len(action.cards) != excess:
        raise IllegalAction(
            "R4.8",
            f"you hold {len(hand)} cards and keep {rules.hand_limit}: discard exactly "
            f"{excess}, not {len(action.cards)}",
        )
    # The hand is now at the limit, so the turn ends (_end_turn asks no second discard).
    return _end_turn(
        state,
        _with(state.hands, seat, rest),
        state.passed,
        state.to_beat,
        state.standing,
        state.standing_seat,
        state.discard + discarded,
    )


#: A transition's result: the next state, and the card its turn-start draw took (or None).
_Moved = tuple[GameState, Card | None]

# The transitions below build the next state once, from ``state`` and the fields the
# action changed (no intermediate states: a whole match builds one state per action).


def _end_turn(
    state: GameState,
    hands: tuple[tuple[Card, ...], ...],
    passed: frozenset[int],
    to_beat: int | None,
    standing: tuple[Card, ...],
    standing_seat: int | None,
    discard: tuple[Card, ...],
) -> _Moved:
    """After a play, a pass or a discard, with the table as the action left it.

    Over the hand limit, the player discards first (R4.8). Otherwise the turn
    is over: the round is scored if one player is left (R5.1), else the next
    seat still in (R4.9) starts its turn.
    """
    rules = state.rules
    seat = state.current
    players = rules.players
    if len(hands[seat]) > rules.hand_limit:
        phase, current, points = _DISCARD, seat, state.points
    elif len(passed) == players - 1:
        winner = next(s for s in range(players) if s not in passed)
        won = state.points[winner] + 1
        over = won >= rules.points_to_win
        phase, current = (_MATCH_OVER if over else _ROUND_OVER), winner
        points = _with(state.points, winner, won)
    else:
        while True:
            seat = (seat + 1) % players
            if seat not in passed:
                return _start_turn(
                    state, seat, hands, passed, to_beat, standing, standing_seat, discard
                )
    after = _state(
        rules,
        state.seed,
        state.rng,
        phase,
        current,
        hands,
        points,
        to_beat,
        standing,
        standing_seat,
        passed,
        state.deck,
        discard,
    )
    return after, None


def _next_round(state: GameState) -> _Moved:
    """Leave the brief result: clear the table, everyone rejoins, the winner opens (R5.3)."""
    return _start_turn(
        state,
        state.current,
        state.hands,
        frozenset(),
        None,
        (),
        None,
        state.discard + state.standing,
    )


def _start_turn(
    state: GameState,
    seat: int,
    hands: tuple[tuple[Card, ...], ...],
    passed: frozenset[int],
    to_beat: int | None,
    standing: tuple[Card, ...],
    standing_seat: int | None,
    discard: tuple[Card, ...],
) -> _Moved:
    """``seat`` starts its turn: it draws 1 card (R4.1), reshuffling if need be (R6.1).

    The other fields are the table as the turn before left it.
    """
    deck = state.deck
    rng = state.rng
    if not deck:
        deck, rng = rng.shuffle(discard)
        discard = ()
    drawn = deck[0]
    after = _state(
        state.rules,
        state.seed,
        rng,
        _PLAY,
        seat,
        _with(hands, seat, _insert(hands[seat], drawn)),
        state.points,
        to_beat,
        standing,
        standing_seat,
        passed,
        deck[1:],
        discard,
    )
    return after, drawn


#: ``GameState(*values)`` without the generated ``__init__`` (one Python call per field, and
#: the checks of a hand-built state): the engine's values are its own, and valid.
_state: Final = _memo.maker(GameState)


def _with(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the item at ``index`` replaced by ``value``."""
    return (*values[:index], value, *values[index + 1 :])
