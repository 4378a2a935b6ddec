"""The bot protocol: how a computer player decides.

A bot sees what a player may see and nothing more: the seat's
:class:`~raise_the_sum.PlayerView` (from :func:`~raise_the_sum.observe`) and
the list of legal actions (from :func:`~raise_the_sum.legal_plays`). It never
sees the full :class:`~raise_the_sum.GameState`: other hands, the deck's
order and the seed stay hidden.

A bot is a value: a frozen attrs class that holds only its configuration.
:meth:`Bot.choose` is pure. Its randomness comes from the library's
immutable :class:`~raise_the_sum.Rng`, which it is given and returns
advanced, so that the same view, legal actions and generator always give
the same choice, and a seeded tournament replays exactly.

Driving a match with bots takes a few lines:

>>> from raise_the_sum import Phase, Rng, Rules, apply, legal_plays, new_game, observe
>>> from raise_the_sum.bots import GreedyBot, RandomBot
>>> bots = [GreedyBot(), RandomBot()]
>>> state, rng = new_game(Rules(players=2), seed=1), Rng.from_seed(1)
>>> while state.phase is not Phase.MATCH_OVER:
...     seat = state.current
...     legal = legal_plays(state)
...     action, rng = bots[seat].choose(observe(state, seat), legal, rng)
...     assert action in legal
...     state = apply(state, action)
>>> max(state.points)
5
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from raise_the_sum.actions import Action
from raise_the_sum.rng import Rng
from raise_the_sum.views import PlayerView

__all__ = ["Bot"]


@runtime_checkable
class Bot(Protocol):
    """A computer player: any object with a ``name`` and a pure :meth:`choose`.

    A structural protocol: nothing to subclass or register; an object with
    these two members is a bot, for ``mypy`` and for ``isinstance`` alike.
    ``choose`` must return one of the legal actions and the generator,
    depend on its arguments and settings only, keep no state between calls
    and draw no randomness but ``rng``'s; it may call the library's pure
    functions, on the view or on states it imagines with
    :func:`~raise_the_sum.sample_state`. The library's bots are frozen attrs
    classes holding their configuration only, so that a bot can be shared
    between seats, matches and processes. The contract in full, with a bot
    of ten lines: :doc:`/bots`.
    """

    @property
    def name(self) -> str:
        """A short lowercase name for tables and menus, such as ``"greedy"``."""
        ...

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        """The action to take, always one of ``legal``, and the advanced generator.

        ``view`` is the acting seat's view (``view.to_act`` is true) and
        ``legal`` is ``legal_plays`` of the state it was observed from: a
        non-empty sequence. The choice depends on these three arguments and
        nothing else.
        """
        ...
