"""A custom variant through ``Rules``: a short duel with a small deck of its own.

Two players, five cards in hand (and a hand limit of five), plays of at most
three cards, first to three points, and a 27-card deck. ``Rules`` checks the
whole configuration when it is built: the example first shows bad variants
being refused, each error naming the field and the rule, then plays one
seeded match of the variant between two simple computer players and prints
every play with its arithmetic and the result. Run it with:

    python examples/custom_variant.py
    python examples/custom_variant.py --seed 7
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from functools import partial

from raise_the_sum import (
    Action,
    Discard,
    GameState,
    Pass,
    Phase,
    Play,
    Rules,
    apply,
    explain,
    legal_plays,
    new_game,
    parse_cards,
    round_winner,
    score,
)

NAMES = ("Ann", "Ben")

#: Two of each Add card, few attacks, one Zero: 27 cards.
DECK = parse_cards(
    "+1 +1 +2 +2 +3 +3 +4 +4 +5 +5 +6 +6 +7 +7 +8 +8 +9 +9 x2 x2 x3  -2 -3 -5  /2 /2  0"
)

VARIANT = Rules(players=2, hand_size=5, hand_limit=5, max_play=3, points_to_win=3, deck=DECK)

#: Variants that ``Rules`` refuses.
BAD_VARIANTS: tuple[partial[Rules], ...] = (
    partial(Rules, players=5),
    partial(
        Rules,
        players=2,
        hand_size=5,
        hand_limit=5,
        max_play=3,
        deck=parse_cards("+1 +2 +3 +4 +5 x2"),
    ),
    partial(Rules, min_play=2, max_play=1),
    partial(Rules, players=2, first_player=2),
)


def choose(state: GameState) -> Action:
    """A simple player: the reply with the lowest total that beats the score, else pass.

    It opens with its lowest-scoring play, and discards its lowest cards.
    """
    legal = legal_plays(state)
    plays = [action for action in legal if isinstance(action, Play)]
    if state.phase is Phase.PLAY and plays:
        return min(plays, key=lambda play: (score(play.cards, state.attack), len(play.cards)))
    return legal[0]  # Pass(), the first Discard, or NextRound()


def describe(state: GameState, action: Action) -> str:
    """One line for ``action``, taken in ``state``, with a play's arithmetic."""
    who = NAMES[state.current]
    if isinstance(action, Play):
        arithmetic = explain(action.cards, state.attack)
        sent = "" if arithmetic.outgoing.is_none else f"; attacks {arithmetic.outgoing}"
        return f"  {who} plays {' '.join(map(str, action.cards))}: {arithmetic}{sent}"
    if isinstance(action, (Pass, Discard)):
        return f"  {who}: {action}"
    return f"  {who} starts the next round"


def refuse_bad_variants(write: Callable[[str], None]) -> None:
    """Try each of :data:`BAD_VARIANTS` and print why ``Rules`` refuses it."""
    for variant in BAD_VARIANTS:
        shown = ", ".join(
            f"{name}=parse_cards({' '.join(map(str, value))!r})"
            if name == "deck"
            else f"{name}={value!r}"
            for name, value in variant.keywords.items()
        )
        try:
            variant()
        except ValueError as error:
            write(f"  Rules({shown})\n    refused: {error}")
        else:
            raise AssertionError(f"Rules({shown}) was accepted")


def play_match(seed: int, write: Callable[[str], None]) -> GameState:
    """Play one match of :data:`VARIANT` from ``seed``, writing every action."""
    state = new_game(VARIANT, seed=seed)
    round_number = 1
    write(f"\nRound 1: {NAMES[state.current]} opens")
    while state.phase is not Phase.MATCH_OVER:
        action = choose(state)
        write(describe(state, action))
        state = apply(state, action)
        winner = round_winner(state)
        if winner is not None:
            points = ", ".join(f"{name} {p}" for name, p in zip(NAMES, state.points, strict=True))
            write(f"  {NAMES[winner]} wins round {round_number} ({points})")
            if state.phase is Phase.ROUND_OVER:
                state = apply(state, choose(state))
                round_number += 1
                write(f"\nRound {round_number}: {NAMES[state.current]} opens")
    return state


def main(argv: Sequence[str] | None = None, write: Callable[[str], None] = print) -> int:
    """Show the variant, the refused ones, and a seeded match of it."""
    parser = argparse.ArgumentParser(description="A custom variant through Rules.")
    parser.add_argument("--seed", type=int, default=2026, help="the match's seed (default 2026)")
    args = parser.parse_args(argv)

    write(f"The variant: {VARIANT!r}")
    write(
        f"Its deck holds {len(VARIANT.deck)} cards; these rules need at least "
        f"{VARIANT.min_deck_size} (rule R3.6)."
    )
    write("\nBad variants are refused, naming the field and the rule:")
    refuse_bad_variants(write)

    state = play_match(args.seed, write)
    winner = state.current
    write(
        f"\n{NAMES[winner]} wins the match, {state.points[winner]} points to "
        f"{state.points[1 - winner]} (seed {args.seed})."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
