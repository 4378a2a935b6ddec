"""``SearchBot``: determinized Monte Carlo search over sampled hidden cards.

The bot cannot see the other hands or the deck. For each decision it
samples a number of full states consistent with its view
(:func:`~raise_the_sum.sample_state`), tries each of a few candidate actions
in every sample, plays the rest of the round out with a simple policy for
every seat, and scores the result: the round's point, and what the
players' hands are still worth. The candidate with the best mean over the
samples is chosen. Every candidate meets the same samples, the same
opponent models and the same rollout randomness (common random numbers),
so the comparison is fair even with few samples.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from raise_the_sum import _validate
from raise_the_sum.actions import Action, Pass, Play
from raise_the_sum.bots.base import Bot
from raise_the_sum.bots.cautious import BOLD, CautiousBot
from raise_the_sum.bots.greedy import GreedyBot
from raise_the_sum.bots.heuristics import facts, keep_value, weakest_discard
from raise_the_sum.engine import apply, legal_plays
from raise_the_sum.rng import Rng
from raise_the_sum.state import GameState, Phase
from raise_the_sum.views import PlayerView, observe, sample_state

__all__ = ["SearchBot"]

_PASS = Pass()


#: The opponent models: a cautious player, a greedy one, and a bold one (the preset Riley plays).
MODELS: Final[tuple[Bot, ...]] = (CautiousBot(), GreedyBot(), BOLD)


@attrs.frozen
class SearchBot:
    """Samples the hidden cards, simulates each candidate ahead, and plays the best on average.

    For a play-or-pass decision it keeps at most ``candidates`` actions: the
    pass, if legal, and the plays on the front of cheap and hard to beat
    (no other play is both cheaper to keep and harder to beat), spread from
    the cheapest to the strongest. It then samples ``determinizations`` full
    states from its view (:func:`~raise_the_sum.sample_state`). In each
    sample every other seat is given one of the opponent ``models`` at
    random, since the bot cannot know how its opponents play, and its own
    seat plays on with ``rollout``. Every candidate is applied and played on
    until ``horizon`` rounds have ended (or the match). A result is worth 1
    for each round the bot won (``match_bonus`` more if it won the match, as
    much less if another seat did), plus ``hand_weight`` per point of the
    keep value its hand has over the other hands' mean: cards kept are
    rounds won later. Discards give up the least valuable cards, without
    search.

    The work per decision is fixed by the configuration, never by a clock,
    so a seeded match replays exactly.

    >>> from raise_the_sum import Rng, legal_plays, new_game, observe
    >>> state = new_game(seed=7)
    >>> legal = legal_plays(state)
    >>> bot = SearchBot(determinizations=2)
    >>> action, _ = bot.choose(observe(state, 0), legal, Rng.from_seed(0))
    >>> action in legal
    True
    """

    #: The bot's name in tables and menus.
    name: str = "search"
    #: Sampled states per decision.
    determinizations: int = attrs.field(default=12, validator=_validate.at_least(1, "SearchBot"))
    #: The most actions compared per decision, at least 2.
    candidates: int = attrs.field(default=6, validator=_validate.at_least(2, "SearchBot"))
    #: Rounds to play out before scoring.
    horizon: int = attrs.field(default=1, validator=_validate.at_least(1, "SearchBot"))
    #: Worth of one point of hand keep value, relative to a round's point.
    hand_weight: float = 0.03
    #: Extra worth of winning (or of an opponent winning, negatively) the match.
    match_bonus: float = 3.0
    #: The policy the bot's own seat follows in the simulations.
    rollout: Bot = CautiousBot()  # noqa: RUF009 (a frozen value, safely shared)
    #: The policies the other seats may follow: each sample gives each other seat one of them.
    models: tuple[Bot, ...] = MODELS
    #: A safety bound on the actions of one simulation.
    max_steps: int = attrs.field(default=400, validator=_validate.at_least(1, "SearchBot"))

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        """The candidate with the best mean simulated result (see :class:`.Bot`)."""
        if len(legal) == 1:
            return legal[0], rng
        if view.phase is Phase.DISCARD:
            return weakest_discard(legal), rng
        options = self.shortlist(view, legal)
        if len(options) == 1:
            return options[0], rng
        totals = [0.0] * len(options)
        for _ in range(self.determinizations):
            results, rng = self.sample(view, options, rng)
            totals = [total + result for total, result in zip(totals, results, strict=True)]
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        return options[best], rng

    def sample(
        self, view: PlayerView, options: Sequence[Action], rng: Rng
    ) -> tuple[list[float], Rng]:
        """One determinization: each option's simulated result in one sampled state.

        The hidden cards are dealt at random (:func:`~raise_the_sum.sample_state`),
        each other seat gets one of the ``models``, and every option meets the
        same sample and the same rollout randomness. :meth:`choose` adds up
        ``determinizations`` of these; a search bounded by time instead
        (``benchmarks/bench_search_strength.py``) adds up as many as fit.
        """
        deal, rng = rng.split()
        roll, rng = rng.split()
        policies: list[Bot] = []
        for seat in range(view.rules.players):
            if seat == view.seat or not self.models:
                policies.append(self.rollout)
            else:
                model, rng = rng.choice(self.models)
                policies.append(model)
        state = sample_state(view, deal)
        results = [
            self._simulate(apply(state, action), view.seat, policies, roll) for action in options
        ]
        return results, rng

    def shortlist(self, view: PlayerView, legal: Sequence[Action]) -> list[Action]:
        """The candidate actions compared for a play-or-pass decision, in ``legal`` order."""
        subtract, divide = view.attack.subtract, view.attack.divide
        weighed = sorted(
            (play.keep, -play.shield(subtract, divide), play.size, i, play.play)
            for i, play in enumerate(facts(a) for a in legal if isinstance(a, Play))
        )
        front: list[Play] = []
        best_shield: int | None = None
        for _keep, shield, _size, _i, candidate in weighed:
            if best_shield is None or shield < best_shield:
                front.append(candidate)
                best_shield = shield
        room = self.candidates - (1 if _PASS in legal else 0)
        if len(front) > room:
            last = len(front) - 1
            picks = sorted({round(k * last / (room - 1)) for k in range(room)}) if room > 1 else [0]
            front = [front[k] for k in picks]
        chosen = set(front)
        options: list[Action] = [a for a in legal if a in chosen or a == _PASS]
        return options

    def _simulate(self, state: GameState, seat: int, policies: Sequence[Bot], rng: Rng) -> float:
        """Play ``state`` on with each seat's policy and score it for ``seat``."""
        rounds = 0
        points = 0.0
        for _ in range(self.max_steps):
            phase = state.phase
            if phase is Phase.MATCH_OVER:
                won = state.current == seat
                return points + (1.0 + self.match_bonus if won else -self.match_bonus)
            if phase is Phase.ROUND_OVER:
                rounds += 1
                if state.current == seat:
                    points += 1.0
                if rounds >= self.horizon:
                    break
            who = state.current
            legal = legal_plays(state)
            action, rng = policies[who].choose(observe(state, who), legal, rng)
            state = apply(state, action)
        mine = keep_value(state.hands[seat])
        others = [keep_value(h) for s, h in enumerate(state.hands) if s != seat]
        return points + self.hand_weight * (mine - sum(others) / len(others))
