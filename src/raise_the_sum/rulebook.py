"""The rules reference: every rule the library implements, by a stable identifier.

Each rule has an identifier (``R4.4``), a title, its text in the project's
own words, and its source: the game's quick guide, or one of the library's
own rulings, which fill the guide's gaps (:class:`Source`). Errors
(:attr:`IllegalAction.rule <raise_the_sum.IllegalAction.rule>`) and
explanations cite these identifiers, and they never change meaning.

>>> rule("R4.4").title
'Replies must beat the score'
>>> rule("R4.4").source is Source.GUIDE
True
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import attrs

__all__ = ["RULES", "Rule", "Source", "rule"]


class Source(enum.Enum):
    """Where a rule comes from."""

    #: The game's own quick guide says so.
    GUIDE = "guide"
    #: The guide is silent or unclear; this library decides (a ruling).
    RULING = "ruling"


@attrs.frozen
class Rule:
    """One rule of the reference."""

    #: The stable identifier, ``R`` then section and number: ``R4.4``.
    id: str
    #: A short title.
    title: str
    #: The rule in full, in the project's own words.
    text: str
    #: The guide, or a ruling of this library.
    source: Source
    #: Worked examples, each a doctest that the test suite runs.
    examples: tuple[str, ...] = ()

    @property
    def section(self) -> int:
        """The section number: 4 for ``R4.4``."""
        return int(self.id[1:].split(".")[0])


G = Source.GUIDE
R = Source.RULING

_SECTIONS: Final = {
    1: "Cards",
    2: "The total of a play",
    3: "Setup",
    4: "A turn",
    5: "Rounds and the match",
    6: "The deck",
    7: "Bad input",
}

_RULES: Final = (
    # 1. Cards
    Rule("R1.1", "Five kinds of card", (
        "There are five kinds of card: Add (+1 to +9), Multiply (x2, x3), Subtract "
        "(-1 to -9), Divide (/2, /3) and Zero (0)."), G),
    Rule("R1.2", "The standard deck", (
        "The standard deck has 62 cards: 36 Add (four each of +1 to +9), 8 Multiply "
        "(five x2, three x3), 9 Subtract (one each of -1 to -9), 7 Divide (four /2, "
        "three /3) and 2 Zero. The guide gives only the total; the composition is a "
        "ruling. A game may use another deck through Rules."), R),
    Rule("R1.3", "Selection order does not matter", (
        "Cards of the same kind and value are interchangeable: a hand, a play and a "
        "discard are multisets, and the order in which cards are chosen never "
        "matters."), G),
    Rule("R1.4", "Card order and pile order", (
        "Cards sort by kind (Add, Multiply, Subtract, Divide, Zero), then by value. "
        "Hands and plays are kept sorted. The deck and the discard pile are "
        "sequences; a play or a discard goes onto the discard pile in card order, "
        "after the cards already there."), R),
    Rule("R1.5", "Colours", (
        "Add cards are blue, Multiply green, Subtract red, Divide yellow and Zero "
        "black. The guide names only blue and, for the attacks, red and yellow; the "
        "rest is a ruling. Colour is presentation only: no rule depends on it."), R),
    Rule("R1.6", "Card notation", (
        "A card is written +n, xn, -n, /n or 0; the guide's signs x, ÷ and − are "
        "accepted too. Nothing else is a card: not +10, x4, /1, a bare 7, empty "
        "text, or a card with spaces inside or around it."), R),
    # 2. The total of a play
    Rule("R2.1", "Add the blue cards", (
        "A play's total starts from the sum of its Add cards; with no Add card it "
        "starts at 0. Blue cards are optional."), G),
    Rule("R2.2", "The Zero card cancels the incoming attack", (
        "A play that holds a Zero card ignores the whole incoming attack, every "
        "stacked subtraction and division, for that play. It still has to beat the "
        "score, and it changes nothing else: not the play's own cards, nor the "
        "attack the play sends on."), G),
    Rule("R2.3", "Incoming subtraction, never below zero", (
        "The incoming subtraction comes off the sum of the Add cards, before any "
        "multiplier. A total never goes below zero: if the subtraction is larger "
        "than the sum, the result is 0."), R),
    Rule("R2.4", "Multipliers stack", (
        "The total after subtraction is multiplied by every Multiply card in the "
        "play: x2 and x3 together make x6, two x2 make x4."), G),
    Rule("R2.5", "One division, rounded down once", (
        "The incoming divisor divides the whole total last, after addition, "
        "subtraction and multiplication, and the result is rounded down once."), G),
    Rule("R2.6", "The guide's worked example", (
        "Against -2 and /3, the play +8 +4 x2 totals (8 + 4 - 2) x 2 / 3 = 20 / 3 = 6, "
        "rounded down."), G),
    Rule("R2.7", "A lone card opens at 0", (
        "A play of a lone Multiply, Subtract, Divide or Zero card totals 0: it has "
        "nothing to add up."), G),
    Rule("R2.8", "The outgoing attack", (
        "Subtract and Divide cards attack the next player's reply, never the "
        "player's own total. The Subtract values add up (-4 and -3 make -7) and the "
        "Divide values multiply (/2 and /3 make /6; two /2 make /4). A play with "
        "neither sends no attack."), G),
    # 3. Setup
    Rule("R3.1", "Two to four players", (
        "Two to four players sit in seats 0 to n-1, and play goes clockwise in seat "
        "order. Front ends may name them (the game's page uses You, Riley, Sam and "
        "Alex) and skip the missing seats."), G),
    Rule("R3.2", "A seeded shuffle", (
        "The deck is shuffled by the library's documented generator (SplitMix64 and "
        "Fisher-Yates), so that a seed gives the same game on every platform and "
        "Python version."), R),
    Rule("R3.3", "The deal", (
        "Each seat is dealt 7 cards (Rules.hand_size), one card at a time from the "
        "top of the deck, seat 0 first, round after round."), G),
    Rule("R3.4", "Who opens the match", (
        "Seat 0 opens the first round (Rules.first_player)."), R),
    Rule("R3.5", "First to five points", (
        "The first player to reach 5 points (Rules.points_to_win) wins the match."), G),
    Rule("R3.6", "The deck must be large enough", (
        "A deck must hold more cards than players x max(hand size, hand limit) plus "
        "the most cards in one play, so that the deal and every draw always find a "
        "card, after a reshuffle if need be. A smaller deck is refused."), R),
    Rule("R3.7", "The ranges of a configuration", (
        "Hand size and hand limit are at least 1; 1 <= least cards in a play <= most "
        "cards in a play; points to win at least 1; the first player a seat that "
        "exists. A hand size above the hand limit is allowed: each player discards "
        "the extra cards at the end of their first turn."), R),
    Rule("R3.8", "The seed", (
        "The seed is any integer. With a stacked deck, the seed drives only the "
        "reshuffles. The seed, the generator and the deck's order are hidden "
        "information: no player's view shows them."), R),
    # 4. A turn
    Rule("R4.1", "Draw at the start of every turn", (
        "At the start of every turn the player to act draws 1 card, so a player "
        "has 8 on their first turn. Players who have passed are skipped and do not "
        "draw."), G),
    Rule("R4.2", "Play 1 to 5 cards from your hand", (
        "On their turn a player plays 1 to 5 cards (Rules.min_play to "
        "Rules.max_play) from their own hand, or passes."), G),
    Rule("R4.3", "The opening", (
        "The first play of a round has no score to beat: any 1 to 5 cards are legal, "
        "and the total may be 0. The opener may not pass (the guide: play 1-5 cards "
        "on every turn, including the opening), unless they hold fewer cards than "
        "the least play, which only a custom Rules allows: then they must pass, and "
        "the next active player opens."), R),
    Rule("R4.4", "Replies must beat the score", (
        "Every later play must total strictly more than the score to beat, counted "
        "against the incoming attack. Ties don't count."), G),
    Rule("R4.5", "Passing", (
        "A player may pass instead of playing, even when they could beat the score, "
        "to keep their hand. Passing takes them out for the rest of the round."), G),
    Rule("R4.6", "A successful reply replaces the standing play", (
        "A reply that beats the score replaces the whole standing play: its total "
        "becomes the score to beat, and its own attack (or none) becomes the attack "
        "facing the next player. The replaced cards go to the discard pile."), G),
    Rule("R4.7", "After a pass, the attack stays", (
        "A pass changes neither the score to beat nor the attack: the next active "
        "player faces the same attack."), G),
    Rule("R4.8", "Keep at most 7 cards", (
        "A player who holds more than 7 cards (Rules.hand_limit) at the end of their "
        "turn, after playing or passing, discards cards of their choice down to "
        "exactly 7 before the turn ends. Discards go to the discard pile."), G),
    Rule("R4.9", "Turns go clockwise", (
        "The next turn goes to the next seat clockwise that has not passed this "
        "round. Only the player whose turn it is may act."), G),
    Rule("R4.10", "Playing your last card", (
        "A player may play their last card. An empty hand neither wins nor takes the "
        "player out of the round; they draw at their next turn as usual."), R),
    Rule("R4.11", "The passer's discard and the attack in force", (
        "A player who passes is out from that moment, but while they discard down to "
        "the hand limit it is still their turn. The attack facing the player to act "
        "is always the standing play's attack, or none when there is no standing "
        "play."), R),
    Rule("R4.12", "Discards are face up", (
        "Plays and discards go to the discard pile face up: every player may see the "
        "whole discard pile."), R),
    # 5. Rounds and the match
    Rule("R5.1", "The last player in scores", (
        "When only one player has not passed, the round ends and that player scores "
        "1 point. This is checked after each pass, once the passer's turn, with its "
        "discard, has finished."), G),
    Rule("R5.2", "Winning the match", (
        "A player who reaches the points to win ends the match at once and wins it. "
        "After that, no action is legal."), G),
    Rule("R5.3", "The next round", (
        "Otherwise a new round begins: the standing play goes to the discard pile, "
        "there is no score to beat and no attack, every player rejoins, hands are "
        "kept and never refilled, and the round's winner opens it, drawing 1 card "
        "first."), G),
    Rule("R5.4", "The brief result", (
        "Between two rounds the table stays as it was (the last standing play, its "
        "score, the passes) for a brief result, with the round's winner to act; the "
        "action NextRound ends it and starts the next round. When the round's point "
        "wins the match, the match ends at once, with no brief result."), R),
    # 6. The deck
    Rule("R6.1", "Reshuffling the discard pile", (
        "When a draw finds the deck empty, the discard pile is shuffled by the same "
        "seeded generator to become the new deck, and then the draw is made."), G),
    Rule("R6.2", "Every card is somewhere", (
        "Every card is always in exactly one place: the deck, the discard pile, a "
        "hand or the standing play. Together they are always the whole deck of the "
        "game."), R),
    # 7. Bad input
    Rule("R7.1", "Illegal actions are refused", (
        "An illegal action is refused with an error that names the rule it breaks, "
        "in words a player understands, and the game stays exactly as it was."), R),
    Rule("R7.2", "Bad configuration and notation are refused", (
        "An unknown card, a value out of range, a player count out of range, a deck "
        "too small or any other bad configuration is refused with an error that "
        "names the field."), R),
)

#: Every rule, by identifier, in reference order. Read-only.
RULES: Final[Mapping[str, Rule]] = MappingProxyType({r.id: r for r in _RULES})

#: Section titles, by section number.
SECTIONS: Final[Mapping[int, str]] = MappingProxyType(_SECTIONS)


def rule(rule_id: str) -> Rule:
    """The rule with identifier ``rule_id``; raises :class:`KeyError` naming it if none.

    >>> rule("R9.9")
    Traceback (most recent call last):
    ...
    KeyError: "no rule 'R9.9' in the rulebook; rules are R1.1 to R7.2"
    """
    try:
        return RULES[rule_id]
    except KeyError:
        first, last = _RULES[0].id, _RULES[-1].id
        raise KeyError(f"no rule {rule_id!r} in the rulebook; rules are {first} to {last}") from None
