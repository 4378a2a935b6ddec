"""The guided first hand in the terminal (``--tutorial``): :mod:`raise_the_sum.lessons` on screen.

The lesson itself (the stacked deal, and what the guide says at each moment)
is the library's :mod:`raise_the_sum.lessons`, shared with the web page.
This module only decides when the terminal shows it: the guide speaks when
what it says changes, and when it points at cards, the hint line under it
says what to type (:func:`~raise_the_sum.cli.game.render.hint_line`, the
same line as the ``hint`` command's).

>>> from raise_the_sum import observe
>>> from raise_the_sum.lessons import tutorial_game
>>> from raise_the_sum.cli.game.text import plain
>>> tutorial = Tutorial()
>>> lines = [plain(line) for line in tutorial.update(observe(tutorial_game(), 0))]
>>> lines[0][:52]
'Guide: Play your first hand, see Riley’s reply, then'
>>> lines[-1]
'Guide: type 7 9 to play +9 −6: 9, an opening; it attacks −6'
>>> tutorial.update(observe(tutorial_game(), 0))  # said already
()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from raise_the_sum import Action, Card, Kind, PlayerView
from raise_the_sum.cli.game.render import guide_block, hint_line
from raise_the_sum.cli.game.text import Block, Line, cards_line, join, span
from raise_the_sum.lessons import Stage, lesson, lesson_action, stage

__all__ = ["Tutorial", "colour_legend"]

#: What each colour does, in a player's words (rule R1.5 for the colours).
_MEANING: Final = {
    Kind.ADD: ("blue", "add up to make your total (rule R2.1)"),
    Kind.MULTIPLY: (
        "green",
        "multiply your whole total, after any incoming subtraction (rule R2.4)",
    ),
    Kind.SUBTRACT: ("red", "attack: come off the next player's blue cards (rules R2.3, R2.8)"),
    Kind.DIVIDE: (
        "yellow",
        "attack: divide the next player's whole total, rounded down (rules R2.5, R2.8)",
    ),
    Kind.ZERO: ("black", "cancels the whole attack facing your play (rule R2.2)"),
}


def colour_legend(hand: Sequence[Card]) -> Block:
    """One line per colour in ``hand``: its cards and what they do."""
    lines: list[Line] = [join(span("Your cards, by colour:", "hint"))]
    for kind in Kind:
        cards = [c for c in hand if c.kind is kind]
        if cards:
            colour, meaning = _MEANING[kind]
            lines.append(join("  ", cards_line(cards), f"  {colour}: {meaning}"))
    return tuple(lines)


class Tutorial:
    """What the guide has said so far in this session's guided hand."""

    def __init__(self) -> None:
        self._said: str | None = None
        #: Where the guided hand is, as of the last view seen
        #: (:class:`~raise_the_sum.lessons.Stage`).
        self.stage = Stage.OPEN

    @property
    def active(self) -> bool:
        """True while the guided hand goes on."""
        return self.stage is not Stage.OVER

    def hint(self, view: PlayerView) -> Action | None:
        """The action the guide points at now, which the ``hint`` command gives too."""
        if not self.active:
            return None
        return lesson_action(view)

    def update(self, view: PlayerView) -> Block:
        """What the guide says at ``view`` that it has not said yet (empty if nothing new).

        Once the lesson is over it stays over, and says nothing more.
        """
        if not self.active:
            return ()
        self.stage = stage(view)
        now = lesson(view)
        if now is None:
            self.stage = Stage.OVER
            return ()
        if now.text == self._said:
            return ()
        lines: list[Line] = list(guide_block(now))
        if self._said is None:
            lines.extend(colour_legend(view.hand))
        self._said = now.text
        action = lesson_action(view)
        if action is not None and now.cards:
            lines.append(hint_line(view, action, True, lead="Guide: "))
        return tuple(lines)
