"""An OpenSpiel game: ``python_raise_the_sum``, registered when this module is imported.

Needs the ``rl`` extra (``pip install 'raise-the-sum[rl]'``).

>>> import pyspiel
>>> import raise_the_sum.adapters.openspiel
>>> game = pyspiel.load_game("python_raise_the_sum", {"players": 2})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 75419, 23)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())     # the deal: card kinds by count
(True, 23)

**The game.** Sequential, with explicit stochastic chance and imperfect
information; zero-sum, rewarded at the end.

* **Parameters** are the :class:`~raise_the_sum.Rules` field names:
  ``players``, ``hand_size``, ``hand_limit``, ``min_play``, ``max_play``,
  ``points_to_win``, ``first_player`` (ints) and ``deck``, the cards in
  notation separated by spaces (the standard 62 cards by default).
* **Chance** is explicit. The deal is ``players * hand_size`` chance nodes,
  one card at a time, seat 0 first, round after round (rule R3.3), then one
  for the first player's turn-start draw (R4.1); every later turn-start draw
  is one more chance node. Each outcome is a card kind, numbered by
  :attr:`Card.index <raise_the_sum.Card.index>` (0 to 22), weighted by how
  many of it the draw pile holds; when the draw pile is empty, by how many
  the discard pile holds, which becomes the new draw pile (the reshuffle,
  rule R6.1). This is the same distribution as drawing from a uniformly
  shuffled deck.
* **Actions** of the players are the fixed numbering of
  :mod:`raise_the_sum.encoding`; ``legal_actions()`` is ``legal_plays`` in
  that numbering, ascending.
* ``observation_string`` and ``observation_tensor`` are the seat's view now
  (:mod:`raise_the_sum.adapters.features`: its hand, the hand sizes, the score
  to beat, the attack, the standing play, passes, points, the discard pile,
  the deck's size). ``information_state_string`` is the seat's whole history
  with perfect recall: the cards it was dealt and drew, and every player's
  actions (plays, passes and discards are made face up, rule R4.12), with the
  other seats' cards shown only as ``?``. Neither holds another hand, the
  deck's order, or any seed.
* ``returns()`` is the match result: +1 for the winner, ``-1/(n-1)`` for each
  other seat (as the PettingZoo rewards).
* ``max_game_length`` is a bound on every node of a match, chance nodes
  included (see :func:`max_game_length`).
* ``resample_from_infostate(player, sampler)`` deals the cards the player
  cannot see afresh (:func:`~raise_the_sum.sample_state`), for determinizing
  searches such as ISMCTS.

States clone, pickle and serialise: every state holds one immutable node,
shared by its clones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs
import numpy as np
import pyspiel

from raise_the_sum.actions import Action
from raise_the_sum.adapters.features import feature_names, features, view_text
from raise_the_sum.cards import ALL_CARDS, Card, Kind, parse_cards
from raise_the_sum.encoding import action_from_id, legal_ids, num_actions
from raise_the_sum.engine import legal_plays, transition
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules
from raise_the_sum.state import GameState, Phase
from raise_the_sum.views import observe, sample_state

__all__ = [
    "GAME_TYPE",
    "RaiseTheSumGame",
    "RaiseTheSumObserver",
    "RaiseTheSumState",
    "max_game_length",
    "params_from_rules",
    "rules_from_params",
]


def params_from_rules(rules: Rules) -> dict[str, int | str]:
    """The OpenSpiel game parameters of ``rules``: the inverse of :func:`rules_from_params`.

    >>> params = params_from_rules(Rules(players=3, points_to_win=2))
    >>> params["players"], params["points_to_win"], params["deck"][:11]
    (3, 2, '+1 +1 +1 +1')
    >>> rules_from_params(params) == Rules(players=3, points_to_win=2)
    True
    """
    return {**attrs.asdict(rules, recurse=False), "deck": " ".join(map(str, rules.deck))}


_DEFAULT_PARAMS: Final = params_from_rules(Rules())

#: The registered game type: its short name and parameters (the ``Rules`` field names).
GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_raise_the_sum",
    long_name="Python Raise the Sum",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULT_PARAMS,
)


def rules_from_params(params: Mapping[str, Any]) -> Rules:
    """The ``Rules`` of OpenSpiel game parameters (missing ones take the standard values).

    >>> rules_from_params({"players": 3, "points_to_win": 2}) == Rules(players=3, points_to_win=2)
    True
    >>> rules_from_params({"seats": 3})
    Traceback (most recent call last):
    ...
    ValueError: unknown game parameter 'seats'; the parameters are the Rules fields: deck, first_player, hand_limit, hand_size, max_play, min_play, players, points_to_win
    """  # noqa: E501
    unknown = sorted(set(params) - set(_DEFAULT_PARAMS))
    if unknown:
        raise ValueError(
            f"unknown game parameter {unknown[0]!r}; the parameters are the Rules fields: "
            + ", ".join(sorted(_DEFAULT_PARAMS))
        )
    merged = {**_DEFAULT_PARAMS, **params}
    deck = merged.pop("deck")
    if not isinstance(deck, str):
        raise TypeError(f"game parameter deck: the cards in notation, got {deck!r}")
    return Rules(deck=parse_cards(deck), **{k: int(v) for k, v in merged.items()})


def _most_total(rules: Rules) -> int:
    """The largest total any play can make under ``rules`` (no attack: rule R2.5)."""
    adds = sorted((c.value for c in rules.deck if c.kind is Kind.ADD), reverse=True)
    mults = sorted((c.value for c in rules.deck if c.kind is Kind.MULTIPLY), reverse=True)
    best = 0
    for count in range(rules.max_play + 1):
        product = 1
        for m in mults[: rules.max_play - count]:
            product *= m
        best = max(best, sum(adds[:count]) * product)
    return best


def max_game_length(rules: Rules) -> int:
    """A bound on the nodes of one match, player actions and chance outcomes together.

    Every round ends with a point (rule R5.1), so a match has at most
    ``R = players * (points_to_win - 1) + 1`` rounds (rule R5.2). In a round
    each play must beat the last (rule R4.4) and no total exceeds ``T``, the
    largest total of any play (:func:`~raise_the_sum.score` with no attack),
    so a round has at most ``T + 1`` plays and ``players - 1`` passes: at most
    ``T + players`` turns. A turn is a draw (a chance node), an action and
    perhaps a discard (rule R4.8); a round ends with ``NextRound()``. The
    deal is ``players * hand_size + 1`` chance nodes. So the bound is
    ``players * hand_size + 1 + R * (3 * (T + players) + 1)``.

    >>> max_game_length(Rules())       # T = 486 (+9 +9 x3 x3 x3), 17 rounds
    25036
    """
    rounds = rules.players * (rules.points_to_win - 1) + 1
    turns = _most_total(rules) + rules.players
    return rules.players * rules.hand_size + 1 + rounds * (3 * turns + 1)


# The trail: what happened, as a linked list of (previous, entry), oldest first when walked
# back. An entry is (seat, card index, -1) for a card dealt or drawn to ``seat``, and
# (seat, -1, action id) for an action, all public.
_Trail = tuple[Any, tuple[int, int, int]] | None


class _Node:
    """One immutable moment of the match, shared by every clone of a state."""

    __slots__ = ("_chance", "_legal", "deal_left", "table", "to", "trail")

    def __init__(self, table: GameState, to: int | None, deal_left: int, trail: _Trail) -> None:
        #: The library's state. At a chance node, the seat ``to`` still lacks the card.
        self.table = table
        #: The seat the next chance card goes to, or None at a player's decision.
        self.to = to
        #: Deal cards still to come (the first player's draw included).
        self.deal_left = deal_left
        self.trail = trail
        self._legal: tuple[list[int], dict[int, Action]] | None = None
        self._chance: list[tuple[int, float]] | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> _Node:
        return self  # immutable: clones share it

    def __getstate__(self) -> tuple[GameState, int | None, int, _Trail]:
        return (self.table, self.to, self.deal_left, self.trail)

    def __setstate__(self, value: tuple[GameState, int | None, int, _Trail]) -> None:
        self.table, self.to, self.deal_left, self.trail = value
        self._legal = None
        self._chance = None

    def legal(self) -> tuple[list[int], dict[int, Action]]:
        if self._legal is None:
            ids = legal_ids(self.table)
            self._legal = (ids, dict(zip(ids, legal_plays(self.table), strict=False)))
        return self._legal

    def chance(self) -> list[tuple[int, float]]:
        if self._chance is None:
            counts = Counter(card.index for card in self.table.deck)
            total = len(self.table.deck)
            self._chance = [(index, counts[index] / total) for index in sorted(counts)]
        return self._chance


def _insert(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return tuple(sorted((*hand, card), key=_INDEX))


def _remove(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def _INDEX(card: Card) -> int:
    return card.index


def _with(values: tuple[Any, ...], at: int, value: Any) -> tuple[Any, ...]:
    return (*values[:at], value, *values[at + 1 :])


def _start(rules: Rules) -> _Node:
    table = GameState(
        rules=rules,
        seed=0,
        rng=Rng.from_seed(0),
        phase=Phase.PLAY,
        current=rules.first_player,
        hands=((),) * rules.players,
        points=(0,) * rules.players,
        to_beat=None,
        standing=(),
        standing_seat=None,
        passed=frozenset(),
        deck=rules.deck,
        discard=(),
    )
    return _Node(table, 0, rules.players * rules.hand_size + 1, None)


def _deal_target(rules: Rules, deal_left: int) -> int:
    dealt = rules.players * rules.hand_size + 1 - deal_left
    if dealt < rules.players * rules.hand_size:
        return dealt % rules.players
    return rules.first_player


def _after_chance(node: _Node, index: int) -> _Node:
    table = node.table
    seat = node.to
    assert seat is not None
    if not any(index == kind for kind, _ in node.chance()):
        raise pyspiel.SpielError(
            f"chance outcome {index} is not a card kind the pile holds now; "
            f"the outcomes are {[kind for kind, _ in node.chance()]} (rule R6.1)"
        )
    card = ALL_CARDS[index]
    table = attrs.evolve(
        table,
        hands=_with(table.hands, seat, _insert(table.hands[seat], card)),
        deck=_remove(table.deck, card),
    )
    trail = (node.trail, (seat, index, -1))
    left = node.deal_left - 1 if node.deal_left else 0
    if left:
        return _Node(table, _deal_target(table.rules, left), left, trail)
    return _Node(table, None, 0, trail)


def _after_action(node: _Node, number: int) -> _Node:
    table = node.table
    action = node.legal()[1].get(number)
    if action is None:
        raise pyspiel.SpielError(
            f"action {number} ({_describe(number, table.rules)}) is not legal now"
        )
    after, drawn = transition(table, action)
    trail = (node.trail, (table.current, -1, number))
    if drawn is None:
        return _Node(after, None, 0, trail)
    # The engine drew a card for the next seat (rule R4.1); put it back and let chance draw.
    # After a reshuffle (rule R6.1) the new pile's order is the engine's generator's: sort it.
    seat = after.current
    pile = table.deck if table.deck else tuple(sorted((*after.deck, drawn), key=_INDEX))
    base = attrs.evolve(
        after, hands=_with(after.hands, seat, _remove(after.hands[seat], drawn)), deck=pile
    )
    return _Node(base, seat, 0, trail)


def _describe(number: int, rules: Rules) -> str:
    try:
        return str(action_from_id(number, rules))
    except (TypeError, ValueError):
        return "no action"


class RaiseTheSumState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type hints
    """A moment of the match, as OpenSpiel sees it (see the module text)."""

    def __init__(self, game: RaiseTheSumGame, node: _Node | None = None) -> None:
        super().__init__(game)
        self._rules = game.rules
        self._node = node if node is not None else _start(game.rules)

    @property
    def table(self) -> GameState:
        """The library's state behind this one (hidden information included).

        At a chance node for a draw, the seat to draw does not hold the card yet.
        """
        return self._node.table

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` before a card is dealt or drawn, or ``TERMINAL``."""
        node = self._node
        if node.table.phase is Phase.MATCH_OVER:
            return int(pyspiel.PlayerId.TERMINAL)
        if node.to is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return node.table.current

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return list(self._node.legal()[0])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card kind the next card can be, with its share of the pile it comes from."""
        return list(self._node.chance())

    def _apply_action(self, action: int) -> None:
        node = self._node
        if node.to is not None:
            self._node = _after_chance(node, int(action))
        else:
            self._node = _after_action(node, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"card {ALL_CARDS[action]}"
        return str(action_from_id(int(action), self._rules))

    def is_terminal(self) -> bool:
        """True once the match is won (rule R5.2)."""
        return bool(self._node.table.phase is Phase.MATCH_OVER)

    def returns(self) -> list[float]:
        """The match result: +1 for the winner, ``-1/(n-1)`` for the others; zeros until then."""
        table = self._node.table
        n = self._rules.players
        if table.phase is not Phase.MATCH_OVER:
            return [0.0] * n
        return [1.0 if s == table.current else -1.0 / (n - 1) for s in range(n)]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> RaiseTheSumState:
        """A state ``player_id`` cannot tell from this one: the hidden cards dealt afresh.

        The other hands and the deck come from :func:`~raise_the_sum.sample_state`
        with a generator seeded from ``probability_sampler()``. The new state's
        history of hidden cards is blanked for every seat but ``player_id``,
        so that nothing of the real deal survives in it.
        """
        node = self._node
        if node.to is not None:
            raise pyspiel.SpielError("resample_from_infostate needs a player's decision node")
        seed = int(float(probability_sampler()) * 2**53)
        table = sample_state(observe(node.table, player_id), Rng.from_seed(seed))
        return RaiseTheSumState(
            self.get_game(), _Node(table, None, 0, _blank(node.trail, player_id))
        )

    def __str__(self) -> str:
        table = self._node.table
        hands = " / ".join(" ".join(map(str, hand)) or "-" for hand in table.hands)
        parts = [
            f"phase {table.phase.value}",
            f"to act {table.current}",
            f"hands {hands}",
            f"points {' '.join(map(str, table.points))}",
            f"beat {table.to_beat} with {' '.join(map(str, table.standing)) or '-'}",
            f"passed {' '.join(map(str, sorted(table.passed))) or '-'}",
            f"deck {' '.join(map(str, table.deck)) or '-'}",
            f"discard {' '.join(map(str, table.discard)) or '-'}",
        ]
        if self._node.to is not None:
            parts.append(f"next card to seat {self._node.to}")
        return " | ".join(parts)


def _walk(trail: _Trail) -> list[tuple[int, int, int]]:
    entries = []
    while trail is not None:
        trail, entry = trail
        entries.append(entry)
    entries.reverse()
    return entries


def _blank(trail: _Trail, player: int) -> _Trail:
    out: _Trail = None
    for seat, card, number in _walk(trail):
        out = (out, (seat, card if seat == player or card < 0 else _HIDDEN, number))
    return out


#: A card in the trail that no seat of a resampled state saw.
_HIDDEN: Final = len(ALL_CARDS)


def _history_text(state: RaiseTheSumState, player: int) -> str:
    rules = state._rules
    lines = [f"seat {player}"]
    for seat, card, number in _walk(state._node.trail):
        if card >= 0:
            seen = seat == player and card != _HIDDEN
            lines.append(f"{seat}+{ALL_CARDS[card] if seen else '?'}")
        else:
            lines.append(f"{seat}:{action_from_id(number, rules)}")
    return "\n".join(lines)


class RaiseTheSumObserver:
    """OpenSpiel's observer (the ``PyObserver`` interface) for one kind of observation.

    With ``perfect_recall=False`` (observations): ``tensor`` is
    :func:`~raise_the_sum.adapters.features.features` of the seat's view and
    the string its :func:`~raise_the_sum.adapters.features.view_text`. With
    ``perfect_recall=True`` (information states): the string of the seat's
    history, and no tensor.
    """

    def __init__(self, rules: Rules, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {dict(params)}")
        self.rules = rules
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.dict: dict[str, Any] = {}
        if self.perfect_recall:
            self.tensor: Any = None
        else:
            size = len(feature_names(rules))
            self.tensor = np.zeros(size, np.float32)
            self.dict["observation"] = self.tensor

    def set_from(self, state: RaiseTheSumState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` may know of ``state``."""
        if self.tensor is not None:
            self.tensor[:] = features(observe(state.table, player))

    def string_from(self, state: RaiseTheSumState, player: int) -> str:
        """What ``player`` may know of ``state``, as text."""
        if self.perfect_recall:
            return _history_text(state, player)
        return view_text(observe(state.table, player))


class RaiseTheSumGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """The game; load it with ``pyspiel.load_game("python_raise_the_sum", params)``."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        self.rules = rules_from_params(params or {})
        n = self.rules.players
        info = pyspiel.GameInfo(
            num_distinct_actions=num_actions(self.rules),
            max_chance_outcomes=len(ALL_CARDS),
            num_players=n,
            min_utility=-1.0 / (n - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_game_length(self.rules),
        )
        super().__init__(GAME_TYPE, info, dict(params or {}))

    def new_initial_state(self) -> RaiseTheSumState:
        """The state before the deal."""
        return RaiseTheSumState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> RaiseTheSumObserver:
        """An observer for observations (the default) or information states (perfect recall)."""
        return RaiseTheSumObserver(
            self.rules, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


pyspiel.register_game(GAME_TYPE, RaiseTheSumGame)
