"""A PettingZoo AEC environment: one agent per seat, the library's rules behind it.

Needs the ``rl`` extra (``pip install 'raise-the-sum[rl]'``).

>>> from raise_the_sum.adapters.pettingzoo import env
>>> table = env()
>>> table.reset(seed=7)
>>> table.agent_selection, table.possible_agents
('seat_0', ['seat_0', 'seat_1', 'seat_2', 'seat_3'])
>>> observation, reward, termination, truncation, info = table.last()
>>> observation["observation"].shape, observation["action_mask"].dtype
((98,), dtype('int8'))
>>> table.step(int(observation["action_mask"].nonzero()[0][0]))   # play +5
>>> table.agent_selection
'seat_1'

* **Agents** are ``"seat_0"`` to ``"seat_{n-1}"``; the agent to act is the
  seat to act (``state.current``), including for a discard (rule R4.8) and for
  ``NextRound()`` between rounds (rule R5.4).
* **Actions** are ``Discrete(num_actions(rules))``: the fixed numbering of
  :mod:`raise_the_sum.encoding` (75,419 for the standard game).
* **Observations** are dicts: ``"observation"``, a ``float32`` vector of what
  the seat may know (:mod:`raise_the_sum.adapters.features`: its hand, every
  hand's size, the score to beat, the attack, the standing play, the passes,
  the points, the discard pile and the deck's size; no other hand, nothing of
  the deck's order, no seed), and ``"action_mask"``, an ``int8`` vector with
  1 for each legal action (:func:`~raise_the_sum.encoding.legal_mask`; all 0
  for a seat not to act).
* **Rewards**: the match's result and nothing else, at its end: +1 to the
  winner and ``-1/(n-1)`` to every other seat, so the rewards sum to 0 and
  the best policy is the one that wins matches. A point per round would
  teach a different game: a round can be worth giving up to keep the cards
  that win the next ones (rule R5.3 keeps hands between rounds).
* **Termination** comes for every seat at once, when the match is won (rule
  R5.2). There is no truncation: a match always ends.
* ``reset(seed=s)`` starts exactly ``new_game(rules, seed=s)``, so a seed
  replays; ``reset()`` without a seed after a seeded one takes the next seed
  from the library's generator (:class:`~raise_the_sum.Rng`) seeded with it,
  and before any seeded reset a fresh seed.
* ``env.unwrapped.state`` is the library's :class:`~raise_the_sum.GameState`
  behind the table, for tests and tools (it holds hidden information).
* ``render_mode="ansi"``: :meth:`~RaiseTheSumEnv.render` returns the table as
  text, as the seat to act sees it.
"""

from __future__ import annotations

import secrets
from typing import Any, ClassVar

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from raise_the_sum.actions import Action
from raise_the_sum.adapters.features import feature_bounds, features, view_text
from raise_the_sum.encoding import action_from_id, legal_ids, num_actions
from raise_the_sum.engine import apply, legal_plays, new_game
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules
from raise_the_sum.state import GameState, Phase
from raise_the_sum.views import observe

__all__ = ["RaiseTheSumEnv", "env", "raw_env"]

_DEFAULT_RULES = Rules()


class RaiseTheSumEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type hints
    """The AEC environment; build it with :func:`env` or :func:`raw_env`."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "raise_the_sum_v0",
        "is_parallelizable": False,
    }

    def __init__(self, rules: Rules = _DEFAULT_RULES, render_mode: str | None = None) -> None:
        super().__init__()
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, got {rules!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: None or 'ansi', got {render_mode!r}")
        self.rules = rules
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(rules.players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        self._size = num_actions(rules)
        highs = np.array(feature_bounds(rules), dtype=np.float32)
        space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    low=0.0, high=highs, shape=highs.shape, dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(
                    low=0, high=1, shape=(self._size,), dtype=np.int8
                ),
            }
        )
        action = gymnasium.spaces.Discrete(self._size)
        self._observation_spaces = dict.fromkeys(self.possible_agents, space)
        self._action_spaces = dict.fromkeys(self.possible_agents, action)
        self._seeds: Rng | None = None
        self._ids: list[int] = []
        self._legal: tuple[Action, ...] = ()
        self._no_mask = np.zeros(self._size, dtype=np.int8)
        self.state: GameState = new_game(rules, seed=0)
        self._start(self.state)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(num_actions(rules))`` for every agent (the same object every call)."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a match: ``new_game(rules, seed=seed)`` (see the module text for ``None``)."""
        if seed is not None:
            seed = int(seed)
            self._seeds = Rng.from_seed(seed)
        elif self._seeds is not None:
            seed, self._seeds = self._seeds.next_u64()
        else:
            seed = secrets.randbits(64)
        self._start(new_game(self.rules, seed=seed))

    def _start(self, state: GameState) -> None:
        self.state = state
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[state.current]
        self._refresh()

    def _refresh(self) -> None:
        """Compute the legal actions of the seat to act, once per state."""
        state = self.state
        if state.phase is Phase.MATCH_OVER:
            self._legal, self._ids = (), []
        else:
            self._legal = legal_plays(state)
            self._ids = legal_ids(state)

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """What ``agent``'s seat may know, and its action mask (zeros unless it is to act)."""
        seat = self._seat[agent]
        state = self.state
        vector = np.array(features(observe(state, seat)), dtype=np.float32)
        if seat == state.current and self._ids:
            mask = np.zeros(self._size, dtype=np.int8)
            mask[self._ids] = 1
        else:
            mask = self._no_mask.copy()
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The agent to act takes the action numbered ``action``.

        An illegal number raises :class:`ValueError` naming it (use the
        mask); a terminated agent steps with ``None``.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for a finished agent")
        number = int(action)
        try:
            index = self._ids.index(number)
        except ValueError:
            raise ValueError(
                f"action {number} ({_describe(number, self.rules)}) is not legal for {agent} now; "
                "use the action mask"
            ) from None
        self._cumulative_rewards[agent] = 0.0
        state = apply(self.state, self._legal[index])
        self.state = state
        if state.phase is Phase.MATCH_OVER:
            winner = state.current
            loss = -1.0 / (self.rules.players - 1)
            for s, name in enumerate(self.possible_agents):
                self.rewards[name] = 1.0 if s == winner else loss
                self.terminations[name] = True
        else:
            for name in self.possible_agents:
                self.rewards[name] = 0.0
        self.agent_selection = self.possible_agents[state.current]
        self._refresh()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """With ``render_mode="ansi"``, the table as the seat to act sees it; else None."""
        if self.render_mode != "ansi":
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        view = observe(self.state, self.state.current)
        lines = view_text(view).split(" | ")
        return "\n".join(lines) + "\n"

    def close(self) -> None:
        """Nothing to release."""


def _describe(number: int, rules: Rules) -> str:
    try:
        return str(action_from_id(number, rules))
    except (ValueError, TypeError):
        return "no action"


def raw_env(rules: Rules = _DEFAULT_RULES, render_mode: str | None = None) -> RaiseTheSumEnv:
    """The environment without PettingZoo's checking wrappers."""
    return RaiseTheSumEnv(rules=rules, render_mode=render_mode)


def env(rules: Rules = _DEFAULT_RULES, render_mode: str | None = None) -> AECEnv:
    """The environment inside PettingZoo's usual wrappers (illegal actions end the match).

    The wrappers: ``TerminateIllegalWrapper`` (an action outside the mask
    ends the match with a reward of -1 for the agent who took it),
    ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``.
    """
    wrapped = raw_env(rules=rules, render_mode=render_mode)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
