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

import importlib
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
    """The bot called ``name``: a selectable bot (:data:`BOTS`), or your own by ``module:Class``.

    ``module:Class`` (or ``module:factory``, or ``module:Outer.Class``)
    imports ``module`` from the Python path and calls the class or the
    factory with no arguments, each time: what it gives must be a
    :class:`Bot`. This is how ``raise-the-sum simulate --bots`` finds a bot,
    so a table of bots can be kept as names:

    >>> make_bot("raise_the_sum.bots:GreedyBot")
    GreedyBot(name='greedy')
    >>> make_bot("raise_the_sum.bots:nothing")
    Traceback (most recent call last):
    ...
    ValueError: 'raise_the_sum.bots:nothing': module raise_the_sum.bots has no nothing

    Raises :class:`ValueError`, one line, naming the choices for an unknown
    name and what went wrong for ``module:Class`` (the import failed, no
    such attribute, not callable, the call raised, or what it gave is no
    bot).
    """
    if not isinstance(name, str):
        raise TypeError(f"bot name must be a str, got {name!r}")
    if ":" in name:
        return _load(name)
    bot = BOTS.get(name)
    if bot is None:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(sorted(BOTS))}")
    return bot


def _load(spec: str) -> Bot:
    """The bot that ``module:Class`` or ``module:factory`` gives (see :func:`make_bot`)."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"{spec!r}: a bot of your own is module:Class or module:factory")
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # ImportError, or the user's module failing as it loads
        message = " ".join(str(error).splitlines())
        raise ValueError(f"{spec!r}: cannot import {module_name}: {message}") from None
    target: object = module
    for part in attribute.split("."):
        if not hasattr(target, part):
            raise ValueError(f"{spec!r}: module {module_name} has no {attribute}")
        target = getattr(target, part)
    if not callable(target):
        raise ValueError(f"{spec!r}: {attribute} is not a class or a factory")
    try:
        bot = target()
    except Exception as error:  # the user's code: say what went wrong, on one line
        message = " ".join(str(error).splitlines())
        raise ValueError(
            f"{spec!r}: {attribute}() failed: {type(error).__name__}: {message}"
        ) from None
    if not isinstance(bot, Bot):
        raise ValueError(
            f"{spec!r}: {attribute}() gave {type(bot).__name__}, not a bot "
            "(a bot has a name and a choose(view, legal, rng) method)"
        )
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
