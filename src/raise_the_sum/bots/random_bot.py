"""``RandomBot``: a uniformly random legal action, every time."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from raise_the_sum.actions import Action
from raise_the_sum.rng import Rng
from raise_the_sum.views import PlayerView

__all__ = ["RandomBot"]


@attrs.frozen
class RandomBot:
    """Chooses uniformly among the legal actions, with the generator it is given.

    The floor of the strength ladder: every other bot should beat it.

    >>> from raise_the_sum import Rng, legal_plays, new_game, observe
    >>> state = new_game(seed=3)
    >>> legal = legal_plays(state)
    >>> action, rng = RandomBot().choose(observe(state, 0), legal, Rng.from_seed(9))
    >>> action in legal, action == RandomBot().choose(observe(state, 0), legal, Rng.from_seed(9))[0]
    (True, True)
    """

    #: The bot's name in tables and menus.
    name: str = "random"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        """A uniformly random member of ``legal`` (see :class:`~raise_the_sum.bots.Bot`)."""
        return rng.choice(legal)
