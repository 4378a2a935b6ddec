"""Play one complete seeded 4-player match between simple computer players.

Every turn is printed as it happens, each play with its arithmetic:

    python examples/demo_match.py            # seed 2026
    python examples/demo_match.py --seed 7

The players are deliberately simple: open with the single strongest add-up
card, reply with the cheapest play that beats the score (fewest cards, then
the lowest total), and pass when only a big play of four or more cards would
do. They decide from their own view of the table (``observe``) and the legal
actions, as any fair player must.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from raise_the_sum import (
    Action,
    Discard,
    GameState,
    Kind,
    Pass,
    Phase,
    Play,
    PlayerView,
    apply,
    attack_of,
    explain,
    legal_plays,
    new_game,
    observe,
    round_winner,
    score,
)

#: Seat 0 sits where the game's page puts "You"; here a computer plays it too.
NAMES = ("Jo", "Riley", "Sam", "Alex")


def choose(view: PlayerView, legal: Sequence[Action]) -> Action:
    """A simple player's choice, from its own view and the legal actions.

    It spends as few add-up cards (Add, Multiply, Zero) as it can, then
    makes the lowest total that is legal, and sends the strongest attack it
    can with it, since attack cards cost nothing of its own total. It passes
    rather than spend three add-up cards or more on a reply.
    """
    if view.phase is Phase.DISCARD:
        # Throw away the weakest cards: the lowest Add cards first.
        discards = [a for a in legal if isinstance(a, Discard)]
        return min(discards, key=lambda d: sum(c.value for c in d.cards if c.kind is Kind.ADD))
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return legal[0]

    def cost(play: Play) -> tuple[int, int, int]:
        spent = sum(1 for c in play.cards if c.kind not in (Kind.SUBTRACT, Kind.DIVIDE))
        sent = attack_of(play.cards)
        return (spent, score(play.cards, view.attack), -(sent.subtract + 5 * (sent.divide - 1)))

    cheapest = min(plays, key=cost)
    if cost(cheapest)[0] >= 3 and Pass() in legal:
        return Pass()
    return cheapest


def describe(before: GameState, action: Action) -> str:
    """One line for an action, with the arithmetic of a play."""
    who = NAMES[before.current]
    if isinstance(action, Play):
        line = f"{who} plays {' '.join(format(c, 'u') for c in action.cards)}"
        if not before.attack.is_none:
            line += f" against {before.attack}"
        line += f": {explain(action.cards, before.attack)}"
        sent = explain(action.cards, before.attack).outgoing
        if not sent.is_none:
            line += f"; attacks {sent}"
        return line
    if isinstance(action, Pass):
        return f"{who} passes"
    if isinstance(action, Discard):
        return f"{who} discards {' '.join(format(c, 'u') for c in action.cards)}"
    return f"{who} starts the next round"


def play_match(seed: int, out: TextIO) -> GameState:
    """Play a whole match from ``seed``, writing each turn to ``out``."""
    state = new_game(seed=seed)
    out.write(f"Raise the Sum: a 4-player match, seed {seed}\n")
    round_number = 1
    out.write(f"\nRound {round_number}: {NAMES[state.current]} opens\n")
    while state.phase is not Phase.MATCH_OVER:
        legal = legal_plays(state)
        action = choose(observe(state, state.current), legal)
        out.write("  " + describe(state, action) + "\n")
        state = apply(state, action)
        winner = round_winner(state)
        if winner is not None:
            points = ", ".join(f"{NAMES[s]} {p}" for s, p in enumerate(state.points))
            out.write(
                f"  {NAMES[winner]} is the last one in and wins round {round_number}  ({points})\n"
            )
            if state.phase is Phase.ROUND_OVER:
                state = apply(state, legal_plays(state)[0])
                round_number += 1
                out.write(f"\nRound {round_number}: {NAMES[state.current]} opens\n")
    out.write(
        f"\n{NAMES[state.current]} wins the match, {max(state.points)} points to "
        f"{sorted(state.points)[-2]}.\n"
    )
    return state


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026, help="the match's seed (default 2026)")
    args = parser.parse_args(argv)
    play_match(args.seed, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
