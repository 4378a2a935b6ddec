"""The guided first hand (``--tutorial``), as the game's page gives it.

"Play your first hand, see Riley's reply, then beat it. We'll point out the
cards as you go." The guide speaks at three moments: before the opening,
where it shows what each colour in the hand does and suggests an opening;
after each of the player's plays, where it points out what each card did;
and before the reply, where it shows the score to beat, the attack and
which cards answer it. After the player's reply (or pass) it says goodbye.

>>> from raise_the_sum import new_game, parse_cards
>>> from raise_the_sum.cli.game.text import plain
>>> for line in point_out(parse_cards("+7 +6 -5 x2"), new_game(seed=7), "Riley"):
...     print(plain(line))
   +6   +7  blue: 7 + 6 = 13
   ×2  green: multiply: 13 × 2 = 26 (rule R2.4)
  Your play totals 26: Riley must beat it (rule R4.4)
   −5  red: will come off Riley's blue cards, before any multiplier (rule R2.3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from raise_the_sum import (
    Action,
    Card,
    GameState,
    Kind,
    Pass,
    Play,
    explain,
    legal_plays,
)
from raise_the_sum.cli.game.render import name_span, numbers_of
from raise_the_sum.cli.game.text import Block, Line, cards_line, cards_text, join, span

__all__ = ["INTRO", "Tutorial", "colour_legend", "intro", "point_out"]

#: The page's words, shown first (with the first opponent's name for Riley's).
INTRO: Final = (
    "Play your first hand, see Riley's reply, then beat it. "
    "We'll point out the cards as you go."
)


def intro(opponent: str) -> str:
    """The page's words for a table where ``opponent`` sits after You.

    >>> intro("Riley") == INTRO
    True
    """
    return INTRO.replace("Riley", opponent)

#: What each colour does, in a player's words (rule R1.5 for the colours).
_MEANING: Final = {
    Kind.ADD: ("blue", "add up to make your total (rule R2.1)"),
    Kind.MULTIPLY: ("green", "multiply your whole total, after any incoming subtraction (rule R2.4)"),
    Kind.SUBTRACT: ("red", "attack: come off the next player's blue cards (rules R2.3, R2.8)"),
    Kind.DIVIDE: ("yellow", "attack: divide the next player's whole total, rounded down (rules R2.5, R2.8)"),
    Kind.ZERO: ("black", "cancels the whole attack facing your play (rule R2.2)"),
}


def colour_legend(hand: Sequence[Card]) -> Block:
    """One line per colour in ``hand``: its cards and what they do."""
    lines: list[Line] = []
    for kind in Kind:
        cards = [c for c in hand if c.kind is kind]
        if cards:
            colour, meaning = _MEANING[kind]
            lines.append(join("  ", cards_line(cards), f"  {colour}: {meaning}"))
    return tuple(lines)


def point_out(cards: Sequence[Card], before: GameState, target: str) -> Block:
    """What each card of a play by ``before.current`` did; ``target`` is who replies next.

    One line for each step of the play's arithmetic (:func:`~raise_the_sum.explain`),
    with the cards that made it, then one for each attack card it sends on.
    """
    cards = sorted(cards)
    e = explain(cards, before.attack)
    by_kind = {kind: [c for c in cards if c.kind is kind] for kind in Kind}
    multipliers = iter(by_kind[Kind.MULTIPLY])
    lines: list[Line] = []
    for step in e.steps:
        if step.rule == "R2.1":
            who: Sequence[Card] = by_kind[Kind.ADD]
            text = step.text if who else "no blue card: your total starts at 0"
            what = f" blue: {text.split(': ', 1)[-1]}" if who else ""
            lines.append(join("  ", cards_line(who), what) if who else join("  ", text))
        elif step.rule == "R2.2":
            lines.append(join("  ", cards_line(by_kind[Kind.ZERO]), f" black: {step.text} (rule R2.2)"))
        elif step.rule == "R2.4":
            lines.append(join("  ", cards_line([next(multipliers)]), f" green: {step.text} (rule R2.4)"))
        else:
            lines.append(join(f"  the {step.text} (rule {step.rule})"))
    if by_kind[Kind.ZERO] and before.attack.is_none:
        lines.append(join("  ", cards_line(by_kind[Kind.ZERO]),
                          " black: there was no attack to cancel, so it did nothing (rule R2.2)"))
    lines.append(join(f"  Your play totals {e.total}: {target} must beat it (rule R4.4)"))
    for kind, text in (
        (Kind.SUBTRACT, f"red: will come off {target}'s blue cards, before any multiplier (rule R2.3)"),
        (Kind.DIVIDE, f"yellow: will divide {target}'s whole total, rounded down (rule R2.5)"),
    ):
        if by_kind[kind]:
            lines.append(join("  ", cards_line(by_kind[kind]), f" {text}"))
    return tuple(lines)


class Tutorial:
    """The state of the guided first hand: what has been said so far.

    ``stage`` 0: before the opening; 1: waiting for the reply; 2: done.
    """

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)
        self.stage = 0

    @property
    def active(self) -> bool:
        """True while the guided hand goes on."""
        return self.stage < 2

    def before_play(self, state: GameState, hint: Action | None) -> Block:
        """Guidance before the player's play prompt (``hint``: a good action, if any)."""
        if self.stage == 0:
            return self._before_opening(state, hint)
        if self.stage == 1:
            return self._before_reply(state, hint)
        return ()

    def _before_opening(self, state: GameState, hint: Action | None) -> Block:
        hand = state.hands[0]
        lines: list[Line] = [
            join(span("Guide: ", "hint"), span(intro(self.names[1]), "hint")),
            join(span("Your cards, by colour:", "hint")),
            *colour_legend(hand),
        ]
        if state.opening:
            lines.append(join(span(
                "You open the round: there is no score to beat yet, so any 1 to 5 cards "
                "will do (rule R4.3). A bigger total is harder to beat, and a red or "
                f"yellow card makes {self.names[1]}'s reply harder still.", "hint")))
        lines.extend(self._example(state, hint))
        return tuple(lines)

    def _before_reply(self, state: GameState, hint: Action | None) -> Block:
        lines: list[Line] = []
        if state.opening:
            lines.append(join(span(
                "A new round: you open again, with no score to beat (rule R4.3).", "hint")))
        elif state.standing_seat is not None:
            who = state.standing_seat
            lines.append(join(
                span("Guide: ", "hint"), name_span(who, self.names),
                span(f"'s play stands at {state.to_beat}. Now beat it: your reply must total "
                     f"more than {state.to_beat}; a tie doesn't count (rule R4.4).", "hint")))
            attack = state.attack
            if not attack.is_none:
                parts = []
                if attack.subtract:
                    parts.append(f"−{attack.subtract} comes off your blue cards first")
                if attack.divide != 1:
                    parts.append(f"÷{attack.divide} divides your whole total last, rounded down")
                lines.append(join(span("The attack on you: ", "hint"), span(str(attack), "attack"),
                                  span(": " + "; ".join(parts) + ".", "hint")))
                zeros = [i + 1 for i, c in enumerate(state.hands[0]) if c.kind is Kind.ZERO]
                if zeros:
                    lines.append(join(span(
                        f"Your black 0 (card {zeros[0]}) cancels that whole attack for your "
                        "play (rule R2.2).", "hint")))
            if not any(isinstance(a, Play) for a in legal_plays(state)):
                lines.append(join(span(
                    f"Nothing you hold beats {state.to_beat}: pass (rule R4.5). Passing keeps "
                    "your cards; you sit out the rest of the round.", "hint")))
                return tuple(lines)
        lines.extend(self._example(state, hint))
        return tuple(lines)

    def _example(self, state: GameState, hint: Action | None) -> Block:
        if not isinstance(hint, Play):
            # The guided hand is about beating the score: show the cheapest play that does.
            plays = [a for a in legal_plays(state) if isinstance(a, Play)]
            if not plays:
                return ()
            hint = min(plays, key=lambda p: (len(p.cards), explain(p.cards, state.attack).total))
        numbers = " ".join(map(str, numbers_of(hint.cards, state.hands[0])))
        e = explain(hint.cards, state.attack)
        return (join(
            span("For example, type ", "hint"), span(numbers, "strong"),
            span(f" to play {cards_text(hint.cards)}: {e}.", "hint"),
            span(" Or pick your own.", "hint")),)

    def after_action(self, before: GameState, action: Action) -> Block:
        """What the player's accepted ``action`` did, and what comes next."""
        if not self.active or before.phase.value not in ("play",):
            return ()
        lines: list[Line] = []
        target = self.names[_next_seat(before)]
        if isinstance(action, Play):
            lines.append(join(span("Guide: what your cards did:", "hint")))
            lines.extend(point_out(action.cards, before, target))
        elif isinstance(action, Pass):
            lines.append(join(span(
                "Guide: you passed, so you sit out the rest of this round and keep your "
                "cards (rule R4.5).", "hint")))
        if self.stage == 0:
            lines.append(join(span(f"Now see {target}'s reply.", "hint")))
            self.stage = 1
        else:
            lines.append(join(span(
                "That's your guided hand. From here you're on your own: type hint for a "
                "suggestion, rule R4.4 to read a rule, help for the commands.", "hint")))
            self.stage = 2
        return tuple(lines)

    def between_rounds(self) -> Block:
        """Guidance at the brief result between rounds, while the guided hand goes on."""
        if not self.active:
            return ()
        return (join(span(
            "Guide: the last player still in scores a point (rule R5.1). Everyone rejoins "
            "the next round with the cards they kept, and the winner opens it (rule R5.3).",
            "hint")),)


def _next_seat(state: GameState) -> int:
    seat = state.current
    players = state.rules.players
    for _ in range(players):
        seat = (seat + 1) % players
        if seat not in state.passed:
            return seat
    return state.current
