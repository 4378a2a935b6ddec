"""``check``: a verdict on an action, for settling disputes without exceptions.

:func:`~raise_the_sum.apply` raises on an illegal action; :func:`check` never
does for a well-formed one. It says whether the action is legal, and if not
which rule it breaks and why; for a play, it also gives the total, its
explanation and the score it had to beat.

>>> from raise_the_sum import new_game, apply, parse_cards, Play
>>> state = apply(new_game(seed=7), Play(parse_cards("+7 +6 -5")))
>>> verdict = check(state, Play(parse_cards("+8 +8 +1")))
>>> verdict.legal, verdict.rule, verdict.total, verdict.to_beat
(False, 'R4.4', 12, 13)
>>> print(verdict)
illegal (rule R4.4): a reply must beat 13; this play totals 12
>>> print(check(state, Play(parse_cards("+8 +8 x2"))))
legal: (8 + 8 − 5) × 2 = 22, which beats 13
"""

from __future__ import annotations

import attrs

from raise_the_sum import _validate
from raise_the_sum.actions import Action, IllegalAction, Play
from raise_the_sum.engine import apply
from raise_the_sum.scoring import Explanation, explain
from raise_the_sum.state import GameState, Phase

__all__ = ["Verdict", "check"]


@attrs.frozen
class Verdict:
    """Whether an action is legal, and why (see :func:`check`)."""

    #: The action judged.
    action: Action
    #: True when :func:`~raise_the_sum.apply` would accept the action.
    legal: bool
    #: The identifier of the rule an illegal action breaks; None when legal.
    rule: str | None = None
    #: Why an illegal action is refused, in a player's words; None when legal.
    reason: str | None = None
    #: For a play: its total against the attack it faces. None for other actions.
    total: int | None = None
    #: For a play: how it reaches its total. None for other actions.
    explanation: Explanation | None = None
    #: For a play: the score it had to beat; None for an opening or another action.
    to_beat: int | None = None

    def __str__(self) -> str:
        if not self.legal:
            return f"illegal (rule {self.rule}): {self.reason}"
        if self.explanation is None:
            return "legal"
        if self.to_beat is None:
            return f"legal: {self.explanation}, an opening"
        return f"legal: {self.explanation}, which beats {self.to_beat}"


def check(state: GameState, action: Action, *, seat: int | None = None) -> Verdict:
    """Judge ``action`` for ``state.current`` (or for ``seat``) without raising.

    It judges exactly as :func:`~raise_the_sum.apply` does, because it asks
    ``apply``. A play's total and explanation are given even when it is
    illegal (for example, when it does not beat the score); ``to_beat`` is
    the score it had to beat. An argument of the wrong type still raises
    :class:`TypeError`, and a seat that is not at the table :class:`ValueError`.
    """
    _validate.instance(state, GameState, "state")
    total = explanation = to_beat = None
    if isinstance(action, Play) and state.phase is Phase.PLAY:
        explanation = explain(action.cards, state.attack)
        total = explanation.total
        to_beat = state.to_beat
    try:
        apply(state, action, seat=seat)
    except IllegalAction as error:
        return Verdict(action, False, error.rule, error.reason, total, explanation, to_beat)
    return Verdict(action, True, None, None, total, explanation, to_beat)
