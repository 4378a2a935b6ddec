"""raise-the-sum: the reference rules engine for the card game *Raise the Sum*.

Pure functions over frozen states: :func:`new_game` deals, :func:`legal_plays`
lists what the player to act may do, :func:`apply` returns the next state, and
:func:`score` is the arithmetic of a play.

>>> from raise_the_sum import Attack, parse_cards, score
>>> score(parse_cards("+8 +4 x2"), Attack(subtract=2, divide=3))
6
"""

from raise_the_sum.actions import (
    Action,
    Discard,
    IllegalAction,
    NextRound,
    Pass,
    Play,
    parse_action,
)
from raise_the_sum.cards import ALL_CARDS, STANDARD_DECK, Card, Kind, NotationError, parse_cards
from raise_the_sum.engine import (
    apply,
    legal_plays,
    legal_plays_by_definition,
    match_winner,
    new_game,
    round_winner,
    timeout_action,
)
from raise_the_sum.errors import RaiseTheSumError
from raise_the_sum.events import observe_events, step
from raise_the_sum.limits import DEFAULT_ACTION_LIMIT, action_bound
from raise_the_sum.position import Position, PositionError, from_position, to_position
from raise_the_sum.records import MatchRecord, RecordError
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules
from raise_the_sum.scoring import NO_ATTACK, Attack, Explanation, Step, attack_of, explain, score
from raise_the_sum.state import GameState, InvalidState, Phase, validate
from raise_the_sum.verdicts import Verdict, check
from raise_the_sum.views import PlayerView, observe, sample_state

__version__ = "0.1.0.dev0"

__all__ = [
    "ALL_CARDS",
    "DEFAULT_ACTION_LIMIT",
    "NO_ATTACK",
    "STANDARD_DECK",
    "Action",
    "Attack",
    "Card",
    "Discard",
    "Explanation",
    "GameState",
    "IllegalAction",
    "InvalidState",
    "Kind",
    "MatchRecord",
    "NextRound",
    "NotationError",
    "Pass",
    "Phase",
    "Play",
    "PlayerView",
    "Position",
    "PositionError",
    "RaiseTheSumError",
    "RecordError",
    "Rng",
    "Rules",
    "Step",
    "Verdict",
    "action_bound",
    "apply",
    "attack_of",
    "check",
    "explain",
    "from_position",
    "legal_plays",
    "legal_plays_by_definition",
    "match_winner",
    "new_game",
    "observe",
    "observe_events",
    "parse_action",
    "parse_cards",
    "round_winner",
    "sample_state",
    "score",
    "step",
    "timeout_action",
    "to_position",
    "validate",
]
