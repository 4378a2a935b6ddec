"""``GreedyBot``: beat the score as cheaply as possible, every time it can."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from raise_the_sum.actions import Action, Play
from raise_the_sum.bots.heuristics import Facts, facts, weakest_discard
from raise_the_sum.rng import Rng
from raise_the_sum.state import Phase
from raise_the_sum.views import PlayerView

__all__ = ["GreedyBot"]


@attrs.frozen
class GreedyBot:
    """Always plays when it can, choosing the play that gives up the least.

    Each card has a keep value (an Add card its face value, multipliers and
    the Zero card a lot, attack cards a little). The greedy bot plays the
    legal play whose cards are worth least, keeping its strong cards for
    later; on a tie it prefers the play that is harder to beat. It passes
    only when no play beats the score, and discards its least valuable cards.
    It uses no randomness: the generator comes back unchanged.

    >>> from raise_the_sum import Rng, legal_plays, new_game, observe
    >>> state = new_game(seed=7)
    >>> print(*state.hands[0])
    +5 +5 +6 +6 +7 -3 -5 -6
    >>> action, _ = GreedyBot().choose(observe(state, 0), legal_plays(state), Rng.from_seed(0))
    >>> print(action)
    play -3
    """

    #: The bot's name in tables and menus.
    name: str = "greedy"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        """The cheapest legal play, else the only choice (see :class:`~raise_the_sum.bots.Bot`)."""
        if len(legal) == 1:
            return legal[0], rng
        if view.phase is Phase.DISCARD:
            return weakest_discard(legal), rng
        subtract, divide = view.attack.subtract, view.attack.divide
        best: Facts | None = None
        best_weight = (0.0, 0, 0)
        for action in legal:
            if action.__class__ is not Play:
                continue
            play = facts(action)
            weight = (play.keep, -play.shield(subtract, divide), play.size)
            if best is None or weight < best_weight:
                best, best_weight = play, weight
        return (legal[0] if best is None else best.play), rng
