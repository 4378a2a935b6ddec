"""A minimal terminal front end: you, at seat 0, against three simple computer players.

On your turn, type the cards to play in the game's notation (``+8 +4 x2``; the
guide's ``×``, ``÷`` and ``−`` work too) or ``pass``; above the hand limit, type
the cards to discard. A bad entry is refused with its reason and you try again.
End the input (Ctrl-D) to leave. Run it with:

    python examples/minimal_frontend.py
"""

from __future__ import annotations

from collections.abc import Callable

from raise_the_sum import Action, Discard, GameState, Pass, Phase, Play, apply, explain
from raise_the_sum import legal_plays, new_game, parse_cards

NAMES = ("You", "Riley", "Sam", "Alex")


def prompt(state: GameState) -> str:
    """What the human sees before typing: their hand and what they face."""
    hand = " ".join(format(card, "u") for card in state.hands[0])
    if state.phase is Phase.DISCARD:
        return f"Your hand: {hand}. Discard down to {state.rules.hand_limit}: "
    if state.to_beat is None:
        return f"Your hand: {hand}. Open with 1 to {state.rules.max_play} cards: "
    return (f"Your hand: {hand}. To beat: {state.to_beat}; attack on you: {state.attack}."
            " Play or pass: ")


def describe(state: GameState, action: Action) -> str:
    """One line for ``action`` taken in ``state``, with a play's arithmetic."""
    who = NAMES[state.current]
    if isinstance(action, Play):
        cards = " ".join(format(card, "u") for card in action.cards)
        arithmetic = explain(action.cards, state.attack)
        return f"{who}: {cards}  ->  {arithmetic}; attack sent: {arithmetic.outgoing}"
    if isinstance(action, (Pass, Discard)):
        return f"{who}: {action}"
    points = ", ".join(f"{name} {p}" for name, p in zip(NAMES, state.points))
    return f"{who} won the round ({points}). Next round."


def main(read: Callable[[str], str] = input, write: Callable[[str], None] = print,
         seed: int = 2026) -> int:
    """Play one match from ``seed``; ``read`` and ``write`` are the terminal."""
    state = new_game(seed=seed)
    while state.phase is not Phase.MATCH_OVER:
        if state.current == 0 and state.phase is not Phase.ROUND_OVER:
            try:
                text = read(prompt(state)).strip()
            except (EOFError, KeyboardInterrupt):  # end of input, or Ctrl-C
                write("Bye.")
                return 0
            try:  # an IllegalAction is a ValueError too; the state stays as it was
                if text == "pass":
                    action: Action = Pass()
                elif state.phase is Phase.DISCARD:
                    action = Discard(parse_cards(text))
                else:
                    action = Play(parse_cards(text))
                after = apply(state, action)
            except ValueError as error:
                write(f"  Not allowed: {error}")
                continue
        else:  # a simple computer player: the first legal action (fewest, lowest cards)
            action = legal_plays(state)[0]
            after = apply(state, action)
        write(describe(state, action))
        state = after
    write(f"{NAMES[state.current]} won the match, {max(state.points)} points.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
