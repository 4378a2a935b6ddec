"""``CautiousBot``: spend little, pass when a reply costs too much, save the big cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from raise_the_sum.actions import Action, Pass, Play
from raise_the_sum.bots.heuristics import Facts, facts, opponents_at_match_point, weakest_discard
from raise_the_sum.rng import Rng
from raise_the_sum.state import Phase
from raise_the_sum.views import PlayerView

__all__ = ["BOLD", "CautiousBot"]

_PASS = Pass()


@attrs.frozen
class CautiousBot:
    """Plays only what it can afford, and keeps the Zero card and multipliers for when they matter.

    Each play is weighed by what its cards are worth keeping, less a bonus
    for how hard it is to beat (``defence`` per point of the Add value a
    plain reply would need, up to ``defence_cap``). The Zero card and each
    multiplier carry an extra ``save`` unless the round matters: the bot is
    one of the last two players in, or a point would end the match for it or
    for an opponent still in. A reply that would cost more than ``budget``
    (``budget * stakes`` when the round matters) is passed. Discards give up
    the least valuable cards. It uses no randomness.

    Facing 13 against a subtraction of 5, the reply +3 +8 +8 would cost
    three good cards with two players still to come, so it passes:

    >>> from raise_the_sum import Play, Rng, apply, legal_plays, new_game, observe, parse_cards
    >>> state = apply(new_game(seed=7), Play(parse_cards("+7 +6 -5")))
    >>> print(*state.hands[1])
    +1 +3 +4 +8 +8 x2 -2 -7
    >>> action, _ = CautiousBot().choose(observe(state, 1), legal_plays(state), Rng.from_seed(0))
    >>> print(action)
    pass
    """

    #: The bot's name in tables and menus.
    name: str = "cautious"
    #: The most keep value it spends on an ordinary reply.
    budget: float = 14.0
    #: How much more it spends when the round matters.
    stakes: float = 1.8
    #: The extra cost of the Zero card and of each multiplier while they are being saved.
    save: float = 8.0
    #: What each point of a plain reply's required Add value is worth to it.
    defence: float = 0.35
    #: Defence beyond this required Add value earns nothing more.
    defence_cap: int = 30

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        """A play it can afford, or a pass (see :class:`~raise_the_sum.bots.Bot`)."""
        if len(legal) == 1:
            return legal[0], rng
        if view.phase is Phase.DISCARD:
            return weakest_discard(legal), rng
        attack = view.attack
        subtract, divide = attack.subtract, attack.divide
        matters = self._matters(view)
        save = 0.0 if matters else self.save
        defence, cap = self.defence, self.defence_cap
        best: Facts | None = None
        best_weight = (0.0, 0)
        for action in legal:
            if action.__class__ is not Play:
                continue
            play = facts(action)
            shield = min(play.shield(subtract, divide), cap)
            weight = (play.keep + save * play.special - defence * shield, play.size)
            if best is None or weight < best_weight:
                best, best_weight = play, weight
        if best is None:
            return legal[0], rng
        price = best.keep + save * best.special
        limit = self.budget * self.stakes if matters else self.budget
        if price > limit and (legal[-1] == _PASS or _PASS in legal):
            return _PASS, rng
        return best.play, rng

    @staticmethod
    def _matters(view: PlayerView) -> bool:
        """True when this round is worth the big cards."""
        active = view.rules.players - len(view.passed)
        mine = view.points[view.seat] >= view.rules.points_to_win - 1
        return active <= 2 or mine or opponents_at_match_point(view)


#: The bold preset: a large budget, little saving of the Zero card and the
#: multipliers, and a high regard for defence, so that its plays come with heavy
#: attacks. Riley plays it (:class:`~raise_the_sum.bots.opponents.Riley`), and
#: :class:`~raise_the_sum.bots.SearchBot` imagines it among its opponents.
BOLD: Final = CautiousBot(
    name="bold", budget=30.0, stakes=1.5, save=2.0, defence=0.6, defence_cap=40
)
