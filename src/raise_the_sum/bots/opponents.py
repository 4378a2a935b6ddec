"""Riley, Sam and Alex: the named computer opponents of the game's table.

The game's page seats *You*, then Riley, Sam and Alex clockwise (rule
R3.1). Each of them is a bot with a personality of its own, built from the
library's bots with their own settings:

* **Riley** is bold: always ready to raise, rarely passes, and loves to
  send a heavy attack with a play.
* **Sam** is careful: plays cheap, passes early, and guards the Zero card
  and the multipliers until a round is worth them.
* **Alex** is the thinker: imagines the hidden cards, plays each option
  out in their head, and picks what works best on average.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from raise_the_sum.actions import Action
from raise_the_sum.bots.cautious import BOLD, CautiousBot
from raise_the_sum.bots.search import SearchBot
from raise_the_sum.rng import Rng
from raise_the_sum.views import PlayerView

__all__ = ["Alex", "Riley", "Sam"]

_RILEY: Final = attrs.evolve(BOLD, name="riley")
_SAM: Final = CautiousBot(
    name="sam", budget=9.0, stakes=2.2, save=14.0, defence=0.25, defence_cap=25
)


@attrs.frozen
class Riley:
    """Riley, the bold one: raises whenever the price is anything like fair.

    Riley spends up to about twice what a cautious player would on a reply,
    barely saves the Zero card and multipliers, and values a play that is
    hard to beat above all, so Riley's plays come with heavy attacks: a
    Riley opening often sends a big subtraction or a division. Riley plays
    the bold preset, :data:`~raise_the_sum.bots.cautious.BOLD`: a
    :class:`~raise_the_sum.bots.CautiousBot` with a large budget, a small
    saving on special cards and a high regard for defence; no randomness.
    """

    #: Riley's name in tables and menus.
    name: str = "riley"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        """Riley's choice (see :class:`~raise_the_sum.bots.Bot`)."""
        return _RILEY.choose(view, legal, rng)


@attrs.frozen
class Sam:
    """Sam, the careful one: plays cheap and passes early.

    Sam spends little on a reply, keeps the Zero card and multipliers for
    the last two players in a round or a point that decides the match, and
    then spends freely. Sam's openings are small and Sam folds when a reply
    would cost real cards, so a bold player can push Sam around, while a
    greedy one runs out of cards first. Sam is a
    :class:`~raise_the_sum.bots.CautiousBot` with a small budget and a large
    saving on special cards; no randomness.
    """

    #: Sam's name in tables and menus.
    name: str = "sam"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        """Sam's choice (see :class:`~raise_the_sum.bots.Bot`)."""
        return _SAM.choose(view, legal, rng)


@attrs.frozen
class Alex:
    """Alex, the thinker: imagines the hidden cards and plays each option out.

    Alex is a :class:`~raise_the_sum.bots.SearchBot` with a lighter search
    than the full one, so that Alex answers well within a second: Alex
    deals the unseen cards at random a few times, plays the rest of the
    round out for each promising option, and chooses what works best on
    average. The strongest of the three, and the least predictable, since
    Alex's samples come from the generator the table gives.
    """

    #: Alex's name in tables and menus.
    name: str = "alex"
    #: The search Alex runs.
    search: SearchBot = SearchBot(name="alex", determinizations=8, candidates=5)

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        """Alex's choice (see :class:`~raise_the_sum.bots.Bot`)."""
        return self.search.choose(view, legal, rng)
