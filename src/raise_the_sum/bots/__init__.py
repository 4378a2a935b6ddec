"""Computer opponents: the bot protocol, the library's bots, and Riley, Sam and Alex.

A bot decides from ``observe(state, seat)`` and the legal actions alone
(:class:`Bot`); its randomness comes from the generator it is given, so a
seeded match or tournament replays exactly.

=============  ==============================================================
``random``     :class:`RandomBot`: a uniformly random legal action.
``greedy``     :class:`GreedyBot`: always beats the score, as cheaply as it can.
``cautious``   :class:`CautiousBot`: passes when a reply costs too much, saves
               the Zero card and multipliers for when they matter.
``search``     :class:`SearchBot`: samples the hidden cards and simulates ahead.
``riley``      :class:`~raise_the_sum.bots.opponents.Riley`, the bold one.
``sam``        :class:`~raise_the_sum.bots.opponents.Sam`, the careful one.
``alex``       :class:`~raise_the_sum.bots.opponents.Alex`, the thinker.
=============  ==============================================================

>>> sorted(OPPONENTS)
['alex', 'riley', 'sam']
>>> make_bot("greedy")
GreedyBot(name='greedy')
>>> make_bot("dealer")
Traceback (most recent call last):
...
ValueError: unknown bot 'dealer'; choose from alex, cautious, greedy, random, riley, sam, search
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

from raise_the_sum.actions import Action
from raise_the_sum.bots.base import Bot
from raise_the_sum.bots.cautious import CautiousBot
from raise_the_sum.bots.greedy import GreedyBot
from raise_the_sum.bots.opponents import Alex, Riley, Sam
from raise_the_sum.bots.random_bot import RandomBot
from raise_the_sum.bots.search import SearchBot
from raise_the_sum.rng import Rng
from raise_the_sum.views import PlayerView

__all__ = [
    "BOTS",
    "OPPONENTS",
    "Bot",
    "CautiousBot",
    "GreedyBot",
    "RandomBot",
    "SearchBot",
    "make_bot",
    "suggest",
]

#: The named opponents of the game's table, by lowercase name: Riley, Sam and Alex. Read-only.
OPPONENTS: Final[Mapping[str, Bot]] = MappingProxyType(
    {"riley": Riley(), "sam": Sam(), "alex": Alex()}
)

#: Every selectable bot by name: the library's four bots and the named opponents. Read-only.
BOTS: Final[Mapping[str, Bot]] = MappingProxyType(
    {
        "random": RandomBot(),
        "greedy": GreedyBot(),
        "cautious": CautiousBot(),
        "search": SearchBot(),
        **OPPONENTS,
    }
)

#: The bot behind :func:`suggest`: a search light enough to answer well under a second.
_ADVISOR: Final = SearchBot(name="advisor", determinizations=16, candidates=8)


def make_bot(name: str) -> Bot:
    """The selectable bot called ``name`` (see :data:`BOTS`).

    Raises :class:`ValueError` naming the choices for an unknown name.
    """
    if not isinstance(name, str):
        raise TypeError(f"bot name must be a str, got {name!r}")
    bot = BOTS.get(name)
    if bot is None:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(sorted(BOTS))}")
    return bot


def suggest(view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
    """The hint a front end shows: the play a strong bot would choose here.

    Always one of ``legal``; deterministic for a given generator, which comes
    back advanced. It runs a light :class:`SearchBot`, well under a second.

    >>> from raise_the_sum import legal_plays, new_game, observe
    >>> state = new_game(seed=7)
    >>> hint, _ = suggest(observe(state, 0), legal_plays(state), Rng.from_seed(1))
    >>> hint in legal_plays(state)
    True
    """
    return _ADVISOR.choose(view, legal, rng)
