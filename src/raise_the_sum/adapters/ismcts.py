"""OpenSpiel's ISMCTS as one of our bots: an outside yardstick, through the OpenSpiel adapter.

Needs the ``rl`` extra. :class:`IsmctsBot` follows the library's bot protocol
(:class:`~raise_the_sum.bots.Bot`): it sees the seat's view and the legal
actions, nothing else. For each decision it builds an OpenSpiel state of
``python_raise_the_sum`` consistent with the view (the hidden cards dealt at
random, :func:`~raise_the_sum.sample_state`) and asks OpenSpiel's
``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``, Cowling, Powley and
Whitehouse 2011) for an action. ISMCTS resamples the hidden cards at every
simulation (``resample_from_infostate``) and keys its tree by the acting
seat's observation (``use_observation_string=True``).

Its evaluator is OpenSpiel's usual one, random rollouts to the end of the
match (as ``RandomRolloutEvaluator`` does: a uniformly random legal action at
every decision, chance as the cards fall), run on the library's states
directly for speed, and the match result as the value. The prior is uniform.

The budget is either a number of simulations (then a seeded decision
replays exactly) or CPU seconds per decision, measured with
``time.process_time()`` so that a loaded machine does not shorten it; at
least ``min_simulations`` run either way (ISMCTS needs two to have a policy).

>>> from raise_the_sum import Rng, legal_plays, new_game, observe
>>> state = new_game(seed=7)
>>> bot = IsmctsBot(simulations=8)
>>> action, _ = bot.choose(observe(state, 0), legal_plays(state), Rng.from_seed(0))
>>> action in legal_plays(state)
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from raise_the_sum.actions import Action
from raise_the_sum.adapters.openspiel import (
    RaiseTheSumGame,
    RaiseTheSumState,
    _Node,
    params_from_rules,
)
from raise_the_sum.encoding import legal_ids
from raise_the_sum.engine import apply, legal_plays
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules
from raise_the_sum.state import Phase
from raise_the_sum.views import PlayerView, sample_state

__all__ = ["IsmctsBot"]

_GAMES: dict[Rules, RaiseTheSumGame] = {}


def _game(rules: Rules) -> RaiseTheSumGame:
    game = _GAMES.get(rules)
    if game is None:
        game = pyspiel.load_game("python_raise_the_sum", params_from_rules(rules))
        _GAMES[rules] = game
    return game


class _RandomRollouts:
    """OpenSpiel's evaluator interface: a uniform prior, and random rollouts to the match's end."""

    def __init__(self, random_state: np.random.RandomState, max_steps: int = 20_000) -> None:
        self._random = random_state
        self._max_steps = max_steps

    def prior(self, state: RaiseTheSumState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]

    def evaluate(self, state: RaiseTheSumState) -> np.ndarray[Any, np.dtype[np.float64]]:
        table = state.table
        rng = Rng.from_seed(int(self._random.randint(0, 2**31 - 1)))
        # The adapter keeps the draw pile as a multiset; shuffle it so that draws are random.
        deck, rng = rng.shuffle(table.deck)
        table = attrs.evolve(table, deck=deck)
        for _ in range(self._max_steps):
            if table.phase is Phase.MATCH_OVER:
                break
            legal = legal_plays(table)
            pick, rng = rng.below(len(legal))
            table = apply(table, legal[pick])
        n = table.rules.players
        if table.phase is not Phase.MATCH_OVER:
            return np.zeros(n)
        return np.array([1.0 if s == table.current else -1.0 / (n - 1) for s in range(n)])


class _BudgetedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]  # open_spiel has no type hints
    """ISMCTS whose search stops at a CPU-time budget (or a number of simulations)."""

    def __init__(
        self, *args: Any, seconds: float | None, min_simulations: int, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self._seconds = seconds
        self._min_simulations = min_simulations
        self.simulations = 0

    def run_search(self, state: RaiseTheSumState) -> list[tuple[int, float]]:
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        clock = time.process_time
        start = clock()
        done = 0
        while done < self._max_simulations and (
            done < self._min_simulations or self._seconds is None or clock() - start < self._seconds
        ):
            self.run_simulation(self.sample_root_state(state))
            done += 1
        self.simulations = done
        policy: list[tuple[int, float]] = self.get_final_policy(state, self._root_node)
        return policy


@attrs.frozen
class IsmctsBot:
    """OpenSpiel's ISMCTS behind the bot protocol (see the module text).

    With ``seconds=None`` it runs exactly ``simulations`` simulations per
    decision; with ``seconds`` set, as many as fit in that much CPU time (at
    least ``min_simulations``, at most ``simulations``). ``on_search``, if
    given, is called after each search with the simulations run and the CPU
    seconds taken, for measurements.
    """

    #: The bot's name in tables.
    name: str = "ismcts"
    #: Simulations per decision (the most, with ``seconds`` set).
    simulations: int = attrs.field(default=100, validator=attrs.validators.ge(2))
    #: CPU seconds per decision, or None for a fixed number of simulations.
    seconds: float | None = None
    #: The least simulations per decision (ISMCTS needs 2 to have a policy).
    min_simulations: int = attrs.field(default=2, validator=attrs.validators.ge(2))
    #: The exploration constant of UCT.
    uct_c: float = 2.0
    #: Called with (simulations, CPU seconds) after each search.
    on_search: Callable[[int, float], None] | None = attrs.field(default=None, eq=False)

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        """The action ISMCTS picks, mapped back to one of ``legal``."""
        if len(legal) == 1:
            return legal[0], rng
        deal, rng = rng.split()
        seed, rng = rng.next_u64()
        random_state = np.random.RandomState(seed % 2**32)
        game = _game(view.rules)
        table = sample_state(view, deal)
        root = RaiseTheSumState(game, _Node(table, None, 0, None))
        search = _BudgetedISMCTS(
            game,
            _RandomRollouts(random_state),
            self.uct_c,
            self.simulations,
            random_state=random_state,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            use_observation_string=True,
            seconds=self.seconds,
            min_simulations=self.min_simulations,
        )
        # Resample from our seeded generator, not from OpenSpiel's own sampler, so that a
        # fixed number of simulations replays exactly.
        search.set_resampler(
            lambda state, player: state.resample_from_infostate(player, random_state.uniform)
        )
        start = time.process_time()
        number = int(search.step(root))
        if self.on_search is not None:
            self.on_search(search.simulations, time.process_time() - start)
        ids = legal_ids(table)
        return legal[ids.index(number)], rng
