"""Settle disputes at the table with ``check`` and ``explain``, citing the rules.

A 4-player table is set up with a stacked deck, so that every hand is known,
and three arguments that come up in real games are settled:

1. Riley ties Jo's 12. Does a tie beat it?
2. Riley plays a -3 of their own. Does it lower their total?
3. Sam stacks two /2 against Alex's 9 x 2. What is left of it, and is a Zero
   card the way out?

``check`` judges an action without raising: legal or not, which rule, why,
and for a play its total, its explanation and the score it had to beat.
Run it with:

    python examples/settle_dispute.py
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Callable, Sequence

from raise_the_sum import (
    Card,
    GameState,
    Play,
    Rules,
    apply,
    check,
    explain,
    new_game,
    parse_cards,
)
from raise_the_sum.rulebook import rule

NAMES = ("Jo", "Riley", "Sam", "Alex")

#: The hands dealt, seat 0 first; Jo (seat 0, the opener) then draws "+3".
HANDS = (
    "+8 +4 +5 +5 +7 +7 x3",
    "+6 +6 +9 +4 -3 +1 +2",
    "+9 +9 /2 /2 +1 +2 +3",
    "+9 x2 0 +1 +2 +3 -5",
)
FIRST_DRAW = "+3"


def stacked_deck(rules: Rules, hands: Sequence[str], draw: str) -> tuple[Card, ...]:
    """A deck order, top card first, that deals ``hands`` and then draws ``draw``.

    The deal is one card at a time, seat 0 first (rule R3.3); the rest of
    ``rules.deck`` follows, sorted.
    """
    dealt = [parse_cards(hand) for hand in hands]
    top = [hand[i] for i in range(rules.hand_size) for hand in dealt] + [Card.parse(draw)]
    rest = Counter(rules.deck) - Counter(top)
    return (*top, *sorted(rest.elements()))


def quote(rule_id: str, write: Callable[[str], None]) -> None:
    """Quote a rule from the rulebook: its identifier, title and text."""
    entry = rule(rule_id)
    text = f"{entry.id} {entry.title}: {entry.text}"
    write(textwrap.fill(text, width=78, initial_indent="  ", subsequent_indent="      "))


def settle(
    question: str,
    state: GameState,
    cards: str,
    write: Callable[[str], None],
    cite: Sequence[str] = (),
) -> None:
    """Ask ``check`` about the player to act playing ``cards``; print the verdict.

    The verdict, the play's steps each with its rule, the attack it sends on,
    and the rules that settle it: the one it breaks, if any, and ``cite``.
    """
    verdict = check(state, Play(parse_cards(cards)))
    write(f"\n{question}")
    write(f"  {NAMES[state.current]} plays {cards}: {verdict}")
    if verdict.explanation is not None:
        for step in verdict.explanation.steps:
            write(f"    {step.rule:<5} {step.text}")
        write(f"    {'R2.8':<5} sends on: {verdict.explanation.outgoing}")
    for rule_id in ([verdict.rule] if verdict.rule else []) + list(cite):
        quote(rule_id, write)


def main(write: Callable[[str], None] = print) -> int:
    """Set up the table, settle the three disputes, and print each verdict."""
    rules = Rules()
    state = new_game(rules, seed=1, deck=stacked_deck(rules, HANDS, FIRST_DRAW))
    write("Jo opens with +8 +4: 12 to beat.")
    state = apply(state, Play(parse_cards("+8 +4")))

    settle("1. Riley ties: does 6 + 6 beat 12?", state, "+6 +6", write)

    settle(
        "2. Riley plays +9 +4 -3 instead: does their own -3 lower their total?",
        state,
        "+9 +4 -3",
        write,
        cite=["R2.8"],
    )
    own = explain(parse_cards("+9 +4 -3"), state.attack)
    write(
        f"  No: their total is {own.total}, and their -3 is the attack {own.outgoing} "
        "that Sam faces next."
    )
    state = apply(state, Play(parse_cards("+9 +4 -3")))

    write("\nSam replies +9 +9 /2 /2 against the -3: 15, and sends two /2 on to Alex.")
    state = apply(state, Play(parse_cards("+9 +9 /2 /2")))
    settle(
        f"3. Alex's 9 x 2 against {state.attack}: what is left, and does it beat {state.to_beat}?",
        state,
        "+9 x2",
        write,
        cite=["R2.8", "R2.5"],
    )
    settle("   And with the Zero card as well?", state, "+9 x2 0", write, cite=["R2.2"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
