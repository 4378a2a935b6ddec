"""Seating a new table: the seats, the rules and the deal, checked before anything is stored.

:func:`seat_table` turns what a create request asks for into the seats and
the first state, or refuses it with a
:class:`~raise_the_sum.server.errors.ProtocolError` that names the field:
an unknown bot, no person at the table, rules for another number of
players, or rules that allow more legal actions in a state than the
server's limit (:func:`check_bound`).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Final

import attrs

from raise_the_sum.bots import BOTS
from raise_the_sum.cards import Card
from raise_the_sum.engine import new_game
from raise_the_sum.limits import action_bound
from raise_the_sum.rules import Rules
from raise_the_sum.server.errors import ProtocolError, bad_input
from raise_the_sum.server.table import HUMAN
from raise_the_sum.state import GameState

__all__ = ["TUTORIAL_SEATS", "Seating", "check_bound", "seat_table"]

#: The seats of a tutorial table when none are given: You, then Riley, Sam and Alex.
TUTORIAL_SEATS: Final = ("human", "riley", "sam", "alex")


@attrs.frozen
class Seating:
    """A table's seats, its first state, and its stacked deck (None for a shuffled one)."""

    seats: tuple[str, ...]
    state: GameState
    deck: tuple[Card, ...] | None


def seat_table(
    seats: Sequence[str] | None,
    rules: Rules | None,
    *,
    tutorial: bool,
    seed: int | None,
    deck: Sequence[Card] | None,
    max_actions: int,
) -> Seating:
    """The seats and the deal of a new table, or a 400 naming the field at fault.

    ``"human"`` seats are people; the others are the library's bots, by
    name (never a module to import). Without ``rules``, the players follow
    the number of seats. A tutorial table is
    :func:`raise_the_sum.lessons.tutorial_game`, with the seats ``human,
    riley, sam, alex`` unless given. ``seed`` and ``deck`` (a stacked deck)
    are for tests and tools.
    """
    state: GameState | None
    if tutorial:
        from raise_the_sum import lessons

        seats = TUTORIAL_SEATS if seats is None else seats
        if rules is not None or deck is not None:
            raise bad_input(
                "/rules", "a tutorial table is dealt from the tutorial's rules and deck"
            )
        # The deck is the lesson's (public); a fresh seed keeps the later reshuffles secret.
        state = lessons.tutorial_game(seed=secrets.randbits(64) if seed is None else seed)
        stacked: tuple[Card, ...] | None = tuple(lessons.tutorial_deck())
    else:
        state = None
        stacked = None if deck is None else tuple(deck)
    if seats is None:
        raise bad_input("/seats", "seats: a list of 2 or more seat kinds")
    seats = tuple(seats)
    for number, kind in enumerate(seats):
        if kind != HUMAN and kind not in BOTS:
            raise bad_input(
                f"/seats/{number}",
                f"'human' or a bot: unknown bot {kind[:40]!r}; "
                f"choose from {', '.join(sorted(BOTS))}",
            )
    if HUMAN not in seats:
        raise bad_input("/seats", "seats: at least one must be 'human'")
    if state is None:
        if rules is None:
            try:
                rules = Rules(players=len(seats))
            except ValueError as error:
                raise bad_input("/seats", f"seats: {error}") from None
        elif rules.players != len(seats):
            raise bad_input(
                "/rules/players",
                f"rules.players is {rules.players} but there are {len(seats)} seats",
            )
        check_bound(rules, max_actions)
        try:
            state = new_game(rules, seed=seed, deck=stacked)
        except ValueError as error:
            raise bad_input("/deck", str(error)) from None
    elif len(seats) != state.players:
        raise bad_input("/seats", f"seats: the tutorial has {state.players} seats")
    if tutorial and seats[0] != HUMAN:
        raise bad_input("/seats/0", "the tutorial's seat 0 is the human learning")
    return Seating(seats, state, stacked)


def check_bound(rules: Rules, max_actions: int) -> None:
    """Refuse rules that allow more legal actions in a state than ``max_actions``: a 400.

    The error is ``too_big``, and its ``path`` names the field to lower:
    ``/rules/max_play`` when smaller plays would do, else
    ``/rules/hand_limit``.
    """
    bound = action_bound(rules)
    if bound <= max_actions:
        return
    try:
        smaller = attrs.evolve(rules, max_play=rules.min_play)
    except (TypeError, ValueError):
        smaller = rules
    field = "max_play" if action_bound(smaller) <= max_actions else "hand_limit"
    raise ProtocolError(
        400,
        "too_big",
        f"these rules allow up to {bound:,} legal actions in a state, over this server's "
        f"limit of {max_actions:,}: lower {field} (or hand_size, hand_limit, max_play)",
        path=f"/rules/{field}",
    )
