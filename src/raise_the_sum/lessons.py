"""The guided first hand: a stacked deal, and what the guide says at each moment.

The game's page promises: "Play your first hand, see Riley's reply, then
beat it. We'll point out the cards as you go." This module is that lesson,
for every front end (the terminal's ``raise-the-sum play --tutorial`` and
the web page): :func:`tutorial_game` deals it, and :func:`lesson` says, from
the player's view alone, what the guide says now and which cards it points
at.

The table is the standard four seats, You (seat 0), Riley, Sam and Alex
(:data:`SEATS`, played by the bots named in :data:`BOTS`), and the deck is
stacked (:func:`tutorial_deck`) so that the lesson always works:

1. You open. The guide points at ``+9 −6``: a score of 9, and an attack
   (rules R4.3, R2.1, R2.8).
2. In this lesson everyone is dealt 9 cards instead of 7
   (:func:`tutorial_rules`, rule R3.7), so your first turn ends holding 8:
   the guide has you discard 1 down to the limit of 7 (rule R4.8).
3. Riley replies ``+5 +7 +8 −9 ÷2``: 8 + 7 + 5 − 6 = 14, with an attack on
   you. Sam and Alex hold nothing that beats it and pass.
4. You beat it: the guide points at ``+8 ×2 0``, where the black 0 cancels
   Riley's whole attack (rule R2.2): 8 × 2 = 16, which beats 14 (rule R4.4).

This holds for every generator the bots are given: Riley and Sam use no
randomness, and Sam's and Alex's only legal action is to pass, so the
lesson needs no fixed bot seeds. The tests play it through with the real
bots over many seeds.

>>> from raise_the_sum import Discard, Play, apply, observe
>>> state = tutorial_game()
>>> now = lesson(observe(state, 0))
>>> print(*now.cards)
+9 -6
>>> state = apply(state, Play(now.cards))
>>> now = lesson(observe(state, 0))
>>> print(*now.cards)
+1
>>> state = apply(state, Discard(now.cards))
>>> print(lesson(observe(state, 0)).text[:33])
Your play stands at 9: Riley must

The whole deck is public (it is a lesson), so the tutorial's seed drives
only the reshuffles, as with any stacked deck (rule R3.8).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from raise_the_sum.actions import Action, Discard, Pass, Play
from raise_the_sum.cards import Card, Kind, parse_cards
from raise_the_sum.engine import legal_plays, new_game
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules
from raise_the_sum.scoring import Attack, explain
from raise_the_sum.state import GameState, Phase
from raise_the_sum.views import PlayerView, sample_state

__all__ = [
    "BOTS",
    "INTRO",
    "SEATS",
    "Lesson",
    "lesson",
    "lesson_action",
    "tutorial_deck",
    "tutorial_game",
    "tutorial_rules",
]

#: The page's words for the guided first hand.
INTRO: Final = (
    "Play your first hand, see Riley’s reply, then beat it. "
    "We’ll point out the cards as you go."
)

#: The seats' names at the tutorial's table, clockwise from seat 0 (rule R3.1).
SEATS: Final = ("You", "Riley", "Sam", "Alex")

#: The bots of seats 1, 2 and 3, by their names in :data:`raise_the_sum.bots.OPPONENTS`.
BOTS: Final = ("riley", "sam", "alex")

#: The cards each seat is dealt (in card order; the deal sorts them anyway).
_DEALT: Final = (
    "+1 +2 +3 +6 +8 +9 x2 -6 0",   # You: the opening, the discard and the reply
    "+3 +5 +6 +7 +8 x2 -7 -9 /2",  # Riley: a reply with an attack
    "+1 +1 +2 +2 +3 -2 -3 /2 /3",  # Sam: nothing that beats Riley's reply
    "+1 +2 +3 +4 +4 -4 -5 /2 /3",  # Alex: nor here
)
#: The turn-start draws of the first five turns: You, Riley, Sam, Alex, You.
_DRAWS: Final = "+4 +5 +5 +5 +7"
#: The rest of the deck, in an order shuffled once by ``Rng.from_seed(2026)``.
_TAIL: Final = "x3 -1 +9 x3 +9 x2 /3 +9 +8 -8 x3 /2 x2 x2 +8 +7 +7 +4 +6 0 +6"

#: The lesson's own plays: the opening, and the reply that beats Riley's.
_OPENING: Final = parse_cards("+9 -6")
_REPLY: Final = parse_cards("+8 x2 0")

_RULES: Final = Rules(players=4, hand_size=9)
#: The last turn the guide speaks in: the three turns after the player's reply.
_LAST: Final = 7


def tutorial_rules() -> Rules:
    """The tutorial's rules: the standard game, but everyone is dealt 9 cards, not 7.

    A turn that plays cards can only end above the hand limit on a seat's
    first turn, so the extra cards are what lets the guided hand reach a
    discard (rules R3.7 and R4.8). From the second turn on, every hand is
    back at the standard limit of 7.

    >>> rules = tutorial_rules()
    >>> rules.players, rules.hand_size, rules.hand_limit, rules.points_to_win
    (4, 9, 7, 5)
    """
    return _RULES


def _build_deck() -> tuple[Card, ...]:
    hands = [parse_cards(text) for text in _DEALT]
    size = _RULES.hand_size
    dealt = tuple(hands[seat][i] for i in range(size) for seat in range(_RULES.players))
    return (*dealt, *parse_cards(_DRAWS), *parse_cards(_TAIL))


_DECK: Final = _build_deck()


def tutorial_deck() -> tuple[Card, ...]:
    """The stacked deck of the guided hand, top card first: a reordering of the standard deck.

    The deal takes one card at a time, seat 0 first (rule R3.3), so seat
    ``s`` is dealt ``deck[s:36:4]``; the next five cards are the turn-start
    draws of You, Riley, Sam, Alex and You again (rule R4.1).

    >>> from raise_the_sum import STANDARD_DECK
    >>> deck = tutorial_deck()
    >>> sorted(deck) == sorted(STANDARD_DECK)
    True
    >>> print(*sorted(deck[0:36:4]))
    +1 +2 +3 +6 +8 +9 x2 -6 0
    """
    return _DECK


def tutorial_game(*, seed: int = 0) -> GameState:
    """The guided hand's first state: :func:`tutorial_rules`, dealt from :func:`tutorial_deck`.

    ``seed`` drives only the reshuffles later in the match (rule R3.8).

    >>> state = tutorial_game()
    >>> print(*state.hands[0])
    +1 +2 +3 +4 +6 +8 +9 x2 -6 0
    >>> state.current, len(state.deck)
    (0, 25)
    """
    return new_game(_RULES, seed=seed, deck=_DECK)


@attrs.frozen
class Lesson:
    """What the guide says now, and the cards of the player's hand it points at."""

    #: The guide's words, in the page's style (the signs −, × and ÷; rule ids in brackets).
    text: str
    #: The cards it points at, in card order (rule R1.4); empty when it points at none.
    cards: tuple[Card, ...] = ()


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(format(card, "u") for card in cards)


def _attack_words(attack: Attack, whose: str) -> str:
    """What an attack does to ``whose`` reply, in a player's words."""
    parts = []
    if attack.subtract:
        parts.append(f"−{attack.subtract} comes off {whose} blue cards first (rule R2.3)")
    if attack.divide != 1:
        parts.append(
            f"÷{attack.divide} divides {whose} whole total last, rounded down (rule R2.5)"
        )
    return " and ".join(parts)


def _first_turn_draws(rules: Rules) -> int:
    """The deck's size at the player's first turn: the deal and one draw taken."""
    return len(rules.deck) - rules.players * rules.hand_size - 1


def _weakest(hand: Sequence[Card], count: int) -> tuple[Card, ...]:
    """The ``count`` cards the guide gives up: the smallest Add cards first, then the rest.

    A guide's choice, not a rule: any discard of the right size is legal.
    """
    order = {Kind.ADD: 0, Kind.SUBTRACT: 1, Kind.DIVIDE: 2, Kind.MULTIPLY: 3, Kind.ZERO: 4}
    chosen = sorted(hand, key=lambda card: (order[card.kind], card.value, card.index))[:count]
    return tuple(sorted(chosen))


def _plays(view: PlayerView) -> list[Play]:
    """The plays the rules allow the player now (the library's ``legal_plays``)."""
    state = sample_state(view, Rng.from_seed(0))  # the hidden cards do not change what is legal
    return [action for action in legal_plays(state) if isinstance(action, Play)]


def _holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    rest = list(hand)
    for card in cards:
        if card not in rest:
            return False
        rest.remove(card)
    return True


def _stage(view: PlayerView) -> str | None:
    """Where the guided hand is, from the view alone; None once it is over.

    The deck only shrinks by one card per turn in the first round (there is
    no reshuffle that early), so its size tells whose turn of the lesson it is.
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"view must be a PlayerView, got {view!r}")
    if view.rules != _RULES or view.seat != 0:
        return None
    first = _first_turn_draws(view.rules)
    played = sum(view.points)
    drawn = first - view.deck_size  # the turns started since the player's first one
    if view.phase is Phase.ROUND_OVER and played == 1:
        return "round over" if drawn <= _LAST else None
    if played or view.phase not in (Phase.PLAY, Phase.DISCARD):
        return None
    if view.current == 0:
        if drawn == 0:
            return "open" if view.phase is Phase.PLAY else "discard"
        if drawn == 4:  # Riley, Sam and Alex have each had their first turn
            return "reply" if view.phase is Phase.PLAY else "discard"
        return None
    if 0 <= drawn < 4:
        return "watch"
    if drawn <= _LAST:
        return "after"
    return None


def lesson(view: PlayerView) -> Lesson | None:
    """What the guide says now to seat 0 of :func:`tutorial_game`, and the cards it points at.

    ``view`` is the player's (``observe(state, 0)``); the lesson reads it
    alone, so a web page and a terminal say the same. While the guided hand
    goes on there is always something to say, at the player's turns and
    while the bots take theirs; :attr:`Lesson.cards` is not empty only when
    the guide points at cards for the player to play or discard, and then
    playing (or discarding) exactly those cards is legal. After the player's
    reply (or pass) and the turns that follow it, and for any view that is
    not the tutorial's seat 0, the lesson is over: None.

    If the player does something else than the guide suggests, the guide
    follows: it points at a legal play for the table as it is, or says
    that nothing beats the score and a pass keeps the cards (rule R4.5).
    """
    stage = _stage(view)
    if stage is None:
        return None
    if stage == "open":
        return _open(view)
    if stage == "discard":
        return _discard(view)
    if stage == "watch":
        return _watch(view)
    if stage == "reply":
        return _reply(view)
    if stage == "after":
        return _after(view)
    return _round_over(view)


def lesson_action(view: PlayerView) -> Action | None:
    """The action the guide points at now: a hint that agrees with :func:`lesson`.

    A :class:`~raise_the_sum.Play` or :class:`~raise_the_sum.Discard` of the
    lesson's cards, :class:`~raise_the_sum.Pass` when the guide says to pass,
    and None when it is not the player's decision or the lesson is over.

    >>> from raise_the_sum import observe
    >>> print(lesson_action(observe(tutorial_game(), 0)))
    play +9 -6
    """
    now = lesson(view)
    if now is None or not view.to_act:
        return None
    if now.cards:
        return Discard(now.cards) if view.phase is Phase.DISCARD else Play(now.cards)
    if view.phase is Phase.PLAY and view.standing and not _plays(view):
        return Pass()
    return None


# -- what the guide says -----------------------------------------------------------------------


def _open(view: PlayerView) -> Lesson | None:
    if not _holds(view.hand, _OPENING) or view.standing:
        return None
    add, attack = _OPENING
    return Lesson(
        f"{INTRO} In this lesson everyone starts with 9 cards, not 7, so that you "
        "also meet the limit of 7 cards (rule R4.8). You open the round: there is no "
        "score to beat yet, so any 1 to 5 cards will do (rule R4.3). Play "
        f"{_cards(_OPENING)}: blue {add:u} makes your score {add.value} (rule R2.1), and "
        f"red {attack:u} is an attack: it will come off {SEATS[1]}’s blue cards in "
        f"{SEATS[1]}’s reply (rule R2.8).",
        _OPENING,
    )


def _discard(view: PlayerView) -> Lesson:
    hand = view.hand
    excess = len(hand) - view.rules.hand_limit
    cards = _weakest(hand, excess)
    what = "one card" if excess == 1 else f"{excess} cards"
    which = "your weakest card" if excess == 1 else "your weakest cards"
    return Lesson(
        f"You hold {len(hand)} cards, and a turn ends with at most "
        f"{view.rules.hand_limit} (rule R4.8): discard {what} before your turn is over. "
        f"Give up {_cards(cards)}, {which}. Discards go face up on the discard pile.",
        cards,
    )


def _watch(view: PlayerView) -> Lesson:
    seat = view.current
    name = SEATS[seat]
    stand = view.standing_seat
    if view.phase is Phase.DISCARD:
        return Lesson(
            f"{name} holds more than {view.rules.hand_limit} cards at the end of the "
            f"turn, so {name} discards down to {view.rules.hand_limit} too (rule R4.8)."
        )
    if stand == 0:
        text = (
            f"Your play stands at {view.to_beat}: {name} must beat it, and a tie "
            "doesn’t count (rule R4.4)."
        )
        if not view.attack.is_none:
            text += f" Your {view.attack} attacks {name}’s reply: " + _attack_words(
                view.attack, f"{name}’s"
            ) + "."
        return Lesson(text + f" Watch {name}’s reply.")
    assert stand is not None, "after the opening there is a standing play"
    who = SEATS[stand]
    text = f"{who}’s reply stands at {view.to_beat}"
    if not view.attack.is_none:
        text += f" and attacks with {view.attack}"
    text += (
        f". {name} tries to beat it next; whoever cannot, or will not, passes "
        "(rule R4.5). Then it is your turn again (rule R4.9)."
    )
    return Lesson(text)


def _pick_reply(view: PlayerView, plays: Sequence[Play]) -> Play:
    """The lesson's reply if it is legal, else the cheapest reply that beats the score."""
    for play in plays:
        if play.cards == _REPLY:
            return play
    zero = [p for p in plays if any(c.kind is Kind.ZERO for c in p.cards)]
    pool = zero if zero and not view.attack.is_none else plays
    return min(pool, key=lambda p: (len(p.cards), explain(p.cards, view.attack).total, p.cards))


def _reply(view: PlayerView) -> Lesson:
    stand = view.standing_seat
    assert stand is not None and view.to_beat is not None, "the second turn faces a play"
    who = SEATS[stand]
    text = (
        f"{who}’s reply stands at {view.to_beat}. Now beat it: your reply must total "
        f"more than {view.to_beat}; a tie doesn’t count (rule R4.4)."
    )
    attack = view.attack
    if not attack.is_none:
        text += f" {who}’s {attack} attacks your reply: " + _attack_words(attack, "your") + "."
    plays = _plays(view)
    if not plays:
        return Lesson(
            text + f" Nothing you hold beats {view.to_beat}, so pass: you sit out the rest "
            "of the round and keep your cards (rule R4.5)."
        )
    play = _pick_reply(view, plays)
    e = explain(play.cards, attack)
    zero = [c for c in play.cards if c.kind is Kind.ZERO]
    if zero and not attack.is_none:
        text += (
            " Your black 0 cancels the whole attack for your play; you still have to beat "
            "the score (rule R2.2)."
        )
    text += f" Play {_cards(play.cards)}: {e}, which beats {view.to_beat}."
    return Lesson(text, play.cards)


def _after(view: PlayerView) -> Lesson:
    if 0 in view.passed:
        text = (
            "You passed: you sit out the rest of this round and keep your cards (rule R4.5)."
        )
    elif view.standing_seat == 0:
        text = (
            f"Your reply stands at {view.to_beat}. Now the others try to beat it; the last "
            "player still in scores a point (rule R5.1)."
        )
    else:
        text = (
            f"{SEATS[view.standing_seat or 0]} beat your reply. The last player still in "
            "scores a point (rule R5.1)."
        )
    return Lesson(
        text + " That’s your guided hand: from here you play on your own. First to "
        f"{view.rules.points_to_win} points wins (rule R5.2)."
    )


def _round_over(view: PlayerView) -> Lesson:
    winner = view.current
    if winner == 0:
        head = "You are the last player still in: you score the round’s point (rule R5.1)."
    else:
        head = f"{SEATS[winner]} is the last player still in and scores the round’s point (rule R5.1)."
    return Lesson(
        head + " Everyone rejoins the next round with the cards they kept, and the winner "
        "opens it, drawing 1 card first (rule R5.3). That’s your guided hand."
    )
