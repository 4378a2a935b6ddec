"""The rules reference: every rule the library implements, by a stable identifier.

Each rule has an identifier (``R4.4``), a title, its text in the project's
own words, and its source: the game's quick guide, or one of the library's
own rulings, which fill the guide's gaps (:class:`Source`). Errors
(:attr:`IllegalAction.rule <raise_the_sum.IllegalAction.rule>`) and
explanations cite these identifiers, and they never change meaning.

Every rule has a worked example in words, for players (:attr:`Rule.in_words`),
and at least one worked example as code (:attr:`Rule.examples`): a doctest
that uses only the public API and, for a rule about play, sets up an exact
table with a stacked deck. The doctests are the proof that the words are
right. The documentation's rules reference is generated from this registry,
examples included, and the test suite runs every example
(``tests/test_rulebook_examples.py``).

The rulebook has an edition and a date (:data:`EDITION`, "Rulebook 2,
2026-12"), printed by ``raise-the-sum rules`` and ``raise-the-sum guide`` and on
the rules page. An identifier is never removed or renumbered; a change to any
rule's meaning bumps the edition. A rule that bundled several decisions is
split by adding new identifiers, never by renumbering old ones.

Provenance is given by sentence: a rule from the guide may hold sentences that
are the library's rulings, and each such sentence is marked
(:attr:`Rule.rulings`, :meth:`Rule.provenance`). The rules of the game at the
table are kept apart from the rules of the software (the notation, the
generator and bad input): :attr:`Rule.part`.

>>> str(EDITION)
'Rulebook 2, 2026-12'
>>> rule("R4.8").rulings
('They discard down to exactly 7, no further: a discard of the wrong number of cards is refused.',)
>>> rule("R1.6").part is Part.LIBRARY, rule("R4.8").part is Part.TABLE
(True, True)

A rule is named by its identifier, written ``R4.4``, ``r4.4`` or just ``4.4``
(:func:`parse_rule_id`, the one reader of rule identifiers):

>>> rule("R4.4").title
'Replies must beat the score'
>>> rule("4.4") is rule("r4.4") is rule("R4.4")
True
>>> rule("R4.4").source is Source.GUIDE
True
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import attrs

from raise_the_sum.errors import RaiseTheSumError, parse_rule_id

__all__ = [
    "EDITION",
    "PARTS",
    "RULES",
    "SECTIONS",
    "Edition",
    "Part",
    "Rule",
    "Source",
    "UnknownRuleError",
    "parse_rule_id",
    "rule",
]


class Source(enum.Enum):
    """Where a rule comes from."""

    #: The game's own quick guide says so.
    GUIDE = "guide"
    #: The guide is silent or unclear; this library decides (a ruling).
    RULING = "ruling"


class Part(enum.Enum):
    """Which part of the rulebook a rule belongs to: the table's, or the software's."""

    #: A rule of the game as people play it at a table.
    TABLE = "table"
    #: A rule of this library as software: its notation, its generator, its handling of bad
    #: input. A game played with real cards does not need it.
    LIBRARY = "library"


@attrs.frozen
class Edition:
    """An edition of the rulebook: a number and the month it was settled.

    >>> str(Edition(2, "2027-03"))
    'Rulebook 2, 2027-03'
    """

    #: The edition's number, from 1; a change to any rule's meaning bumps it.
    number: int
    #: The month of the edition, ``YYYY-MM``.
    date: str

    def __str__(self) -> str:
        return f"Rulebook {self.number}, {self.date}"


#: The rulebook's current edition. Cite it with a rule: "R4.8, Rulebook 2, 2026-12".
EDITION: Final = Edition(2, "2026-12")


def _check_rulings(rule: Rule, attribute: attrs.Attribute[tuple[str, ...]], value: object) -> None:
    """Each ruling sentence is in the text once; a rule that is a ruling as a whole marks none."""
    if not isinstance(value, tuple) or not all(isinstance(v, str) and v for v in value):
        raise TypeError(f"Rule.rulings of {rule.id} must be a tuple of sentences, got {value!r}")
    if value and rule.source is Source.RULING:
        raise ValueError(f"Rule.rulings of {rule.id}: the whole rule is a ruling; mark no sentence")
    for sentence in value:
        if rule.text.count(sentence) != 1:
            raise ValueError(
                f"Rule.rulings of {rule.id}: {sentence!r} must be a sentence of its text, once"
            )


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
    #: A worked example in words, for players: the rule at work at a table.
    in_words: str = ""
    #: Worked examples as code, each a doctest that the test suite runs: the proof.
    examples: tuple[str, ...] = ()
    #: In a rule from the guide, the sentences of :attr:`text` that are this library's
    #: rulings (the guide is silent or says otherwise there), word for word.
    rulings: tuple[str, ...] = attrs.field(default=(), validator=_check_rulings)
    #: The table's rule, or the software's (:class:`Part`).
    part: Part = Part.TABLE

    @property
    def section(self) -> int:
        """The section number: 4 for ``R4.4``."""
        return int(self.id[1:].split(".")[0])

    def provenance(self) -> tuple[tuple[str, Source], ...]:
        """The text in pieces, in order, each with where it comes from.

        Joined, the pieces are :attr:`text`. A rule that is a ruling as a
        whole is one piece.

        >>> for piece, source in rule("R4.6").provenance():
        ...     print(f"{source.value:6} {piece[:48]!r}")
        guide  'A reply that beats the score replaces the whole '
        ruling 'The replaced cards go to the discard pile.'
        """
        if self.source is Source.RULING or not self.rulings:
            return ((self.text, self.source),)
        starts = sorted((self.text.index(sentence), sentence) for sentence in self.rulings)
        pieces: list[tuple[str, Source]] = []
        at = 0
        for start, sentence in starts:
            if start > at:
                pieces.append((self.text[at:start], Source.GUIDE))
            pieces.append((sentence, Source.RULING))
            at = start + len(sentence)
        if at < len(self.text):
            pieces.append((self.text[at:], Source.GUIDE))
        return tuple(pieces)


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
    Rule(
        "R1.1",
        "Five kinds of card",
        (
            "There are five kinds of card: Add (+1 to +9), Multiply (x2, x3), Subtract "
            "(-1 to -9), Divide (/2, /3) and Zero (0)."
        ),
        G,
        in_words=(
            "You look at your hand: +8 and +3 are Add cards (blue), ×2 is a Multiply card "
            "(green), −4 a Subtract card (red), ÷2 a Divide card (yellow), and the black 0 "
            "is the Zero card. Every card in the game is one of these five kinds."
        ),
        examples=(
            """
        >>> from raise_the_sum import ALL_CARDS, Kind
        >>> for kind in Kind:
        ...     print(f"{kind.name:8}", *(card for card in ALL_CARDS if card.kind is kind))
        ADD      +1 +2 +3 +4 +5 +6 +7 +8 +9
        MULTIPLY x2 x3
        SUBTRACT -1 -2 -3 -4 -5 -6 -7 -8 -9
        DIVIDE   /2 /3
        ZERO     0
        """,
        ),
    ),
    Rule(
        "R1.2",
        "The standard deck",
        (
            "The standard deck has 62 cards: 36 Add (four each of +1 to +9), 8 Multiply "
            "(five x2, three x3), 9 Subtract (one each of -1 to -9), 7 Divide (four /2, "
            "three /3) and 2 Zero. The guide gives only the total; the composition is a "
            "ruling. A game may use another deck through Rules."
        ),
        R,
        in_words=(
            "In a standard game the deck has 62 cards. There are four +7 cards in it, so if "
            "three +7 are already on the table, at most one more can turn up; there is only "
            "one −9, and only two black 0s."
        ),
        examples=(
            """
        >>> from raise_the_sum import STANDARD_DECK, Rules, parse_cards
        >>> len(STANDARD_DECK)
        62
        >>> print(*STANDARD_DECK[:36:4])                # four of each Add card
        +1 +2 +3 +4 +5 +6 +7 +8 +9
        >>> print(*STANDARD_DECK[36:])                  # and the 26 others
        x2 x2 x2 x2 x2 x3 x3 x3 -1 -2 -3 -4 -5 -6 -7 -8 -9 /2 /2 /2 /2 /3 /3 /3 0 0
        >>> len(Rules(players=2, deck=parse_cards("+5 x2 " * 10)).deck)   # another deck
        20
        """,
        ),
    ),
    Rule(
        "R1.3",
        "Selection order does not matter",
        (
            "Cards of the same kind and value are interchangeable: a hand, a play and a "
            "discard are multisets, and the order in which cards are chosen never "
            "matters."
        ),
        G,
        in_words=(
            "Whether you pick +8, then ×2, then −3, or −3, then +8, then ×2, you make the "
            "same play: it totals 16 and sends −3 to the next player."
        ),
        examples=(
            """
        >>> from raise_the_sum import Attack, Play, Rules, apply, new_game, parse_cards, score
        >>> Play(parse_cards("x2 -3 +8")) == Play(parse_cards("+8 x2 -3"))
        True
        >>> score(parse_cards("x2 +8"), Attack(2)), score(parse_cards("+8 x2"), Attack(2))
        (12, 12)
        >>> deck = parse_cards("+2 +1 +5 +2 +5 +4 +6 +8 +7 +8 -3 x2 -5 -2 +9 -7 x3 /2 +1 +1")
        >>> state = new_game(Rules(players=2, deck=deck), seed=1, deck=deck)
        >>> one = apply(state, Play(parse_cards("-5 +7 +6")))
        >>> one == apply(state, Play(parse_cards("+6 -5 +7")))
        True
        """,
        ),
    ),
    Rule(
        "R1.4",
        "Card order and pile order",
        (
            "Cards sort by kind (Add, Multiply, Subtract, Divide, Zero), then by value. "
            "Hands and plays are kept sorted. The deck and the discard pile are "
            "sequences; a play or a discard goes onto the discard pile in card order, "
            "after the cards already there."
        ),
        R,
        in_words=(
            "Your hand +9 −3 +2 0 ×2 is shown as +2 +9 ×2 −3 0: Add cards first, then "
            "Multiply, Subtract, Divide and Zero, each kind from low to high. When your "
            "play is beaten, its cards go onto the top of the discard pile in that same "
            "order."
        ),
        examples=(
            """
        >>> from raise_the_sum import Play, Rules, apply, new_game, parse_cards
        >>> print(*sorted(parse_cards("0 /2 -3 x2 +8 +1")))
        +1 +8 x2 -3 /2 0
        >>> deck = parse_cards("+2 +1 +5 +2 +5 +4 +6 +8 +7 +8 -3 x2 -5 -2 +9 -7 x3 /2 +1 +1")
        >>> state = new_game(Rules(players=2, deck=deck), seed=1, deck=deck)
        >>> print(*state.hands[0])
        +2 +5 +5 +6 +7 +9 -3 -5
        >>> state = apply(state, Play(parse_cards("-5 +7 +6")))
        >>> state = apply(state, Play(parse_cards("+8 +2 +1 +8")))   # replaces +6 +7 -5
        >>> state = apply(state, Play(parse_cards("x3 +5")))          # replaces +1 +2 +8 +8
        >>> print(*state.discard)                                     # oldest first
        +6 +7 -5 +1 +2 +8 +8
        """,
        ),
        part=Part.LIBRARY,
    ),
    Rule(
        "R1.5",
        "Colours",
        (
            "Add cards are blue, Multiply green, Subtract red, Divide yellow and Zero "
            "black. The guide names only blue and, for the attacks, red and yellow; the "
            "rest is a ruling. Colour is presentation only: no rule depends on it."
        ),
        R,
        in_words=(
            "The +8 is blue, the ×2 green, the −3 red, the ÷2 yellow and the 0 black. A "
            "player who cannot tell the colours apart loses nothing: only the signs matter."
        ),
        examples=(
            """
        >>> from raise_the_sum import Kind, parse_cards
        >>> [kind.colour for kind in Kind]
        ['blue', 'green', 'red', 'yellow', 'black']
        >>> [card.colour for card in parse_cards("+8 x2 -3 /2 0")]
        ['blue', 'green', 'red', 'yellow', 'black']
        """,
        ),
    ),
    Rule(
        "R1.6",
        "Card notation",
        (
            "A card is written +n, xn, -n, /n or 0; the guide's signs ×, ÷ and − are "
            "accepted too. Nothing else is a card: not +10, x4, /1, a bare 7, empty "
            "text, or a card with spaces inside or around it."
        ),
        R,
        in_words=(
            "You may write your play as +8 ×2 −3 or as +8 x2 -3. But 7 is not a card (write "
            "+7 or −7), and neither is +10 or ×4: no such card exists."
        ),
        examples=(
            """
        >>> from raise_the_sum import Card, parse_cards
        >>> print(*parse_cards("+8 ×2 −3 ÷2 0"))
        +8 x2 -3 /2 0
        >>> print(*(f"{card:u}" for card in parse_cards("+8 x2 -3 /2 0")))
        +8 ×2 −3 ÷2 0
        >>> Card.parse("+10")
        Traceback (most recent call last):
        ...
        raise_the_sum.cards.NotationError: card '+10': an Add card's value is 1 to 9 (rule R1.6)
        >>> parse_cards("+8 7")
        Traceback (most recent call last):
        ...
        raise_the_sum.cards.NotationError: card '7': a number needs its sign: +n to add, -n to subtract (0 is the Zero card) (rule R1.6)
        >>> Card.parse(" x2")
        Traceback (most recent call last):
        ...
        raise_the_sum.cards.NotationError: card ' x2': remove the spaces around the card (rule R1.6)
        """,
        ),
        part=Part.LIBRARY,
    ),
    # 2. The total of a play
    Rule(
        "R2.1",
        "Add the blue cards",
        (
            "A play's total starts from the sum of its Add cards; with no Add card it "
            "starts at 0. Blue cards are optional."
        ),
        G,
        in_words=(
            "You play +3 +4 +9: your total is 3 + 4 + 9 = 16. If you play ×2 ×3 with no "
            "blue card, there is nothing to multiply: your total starts at 0 and stays 0."
        ),
        examples=(
            """
        >>> from raise_the_sum import explain, parse_cards, score
        >>> score(parse_cards("+3 +4 +9"))
        16
        >>> score(parse_cards("x2 x3"))
        0
        >>> print(explain(parse_cards("x2 x3")))
        0 × 2 × 3 = 0 (no blue cards: the total starts at 0)
        """,
        ),
    ),
    Rule(
        "R2.2",
        "The Zero card cancels the incoming attack",
        (
            "A play that holds a Zero card ignores the whole incoming attack, every "
            "stacked subtraction and division, for that play. It still has to beat the "
            "score. It changes nothing else: not the play's own cards, nor the attack "
            "the play sends on."
        ),
        G,
        rulings=(
            "It changes nothing else: not the play's own cards, nor the attack the play sends on.",
        ),
        in_words=(
            "The play before yours sent −4 ÷6. Your +6 ×2 alone would total (6 − 4) × 2 ÷ 6 "
            "= 0, but +6 ×2 with the black 0 ignores the attack: 6 × 2 = 12. You still have "
            "to beat the score, and any attack cards in your own play still go to the next "
            "player."
        ),
        examples=(
            """
        >>> from raise_the_sum import Attack, attack_of, explain, parse_cards, score
        >>> score(parse_cards("+6 x2"), Attack(subtract=4, divide=6))
        0
        >>> score(parse_cards("+6 x2 0"), Attack(subtract=4, divide=6))
        12
        >>> print(explain(parse_cards("+6 x2 0"), Attack(subtract=4, divide=6)))
        6 × 2 = 12 (the zero card cancels the incoming −4 ÷6)
        >>> attack_of(parse_cards("+6 -2 0"))      # the attack it sends on is untouched
        Attack(subtract=2, divide=1)
        """,
        ),
    ),
    Rule(
        "R2.3",
        "Incoming subtraction, never below zero",
        (
            "The incoming subtraction comes off the sum of the Add cards, before any "
            "multiplier. A total never goes below zero: if the subtraction is larger "
            "than the sum, the result is 0."
        ),
        G,
        rulings=(
            "A total never goes below zero: if the subtraction is larger than the sum, the "
            "result is 0.",
        ),
        in_words=(
            "Facing −5, you play +7 ×3: (7 − 5) × 3 = 6. Had you played +3 ×3, the "
            "subtraction would take 3 below zero, so it counts as 0: (3 − 5 → 0) × 3 = 0, "
            "not −6."
        ),
        examples=(
            """
        >>> from raise_the_sum import Attack, explain, parse_cards, score
        >>> score(parse_cards("+7 x3"), Attack(subtract=5))      # (7 - 5) x 3
        6
        >>> score(parse_cards("+3 x3"), Attack(subtract=5))      # not (3 - 5) x 3 = -6
        0
        >>> print(explain(parse_cards("+3 x3"), Attack(subtract=5)))
        (3 − 5 → 0) × 3 = 0 (below zero counts as 0)
        """,
        ),
    ),
    Rule(
        "R2.4",
        "Multipliers stack",
        (
            "The total after subtraction is multiplied by every Multiply card in the "
            "play: x2 and x3 together make x6, two x2 make x4."
        ),
        G,
        in_words=(
            "You play +4 +1 ×2 ×3 against −2: first 4 + 1 − 2 = 3, then × 2 × 3, so your "
            "total is 18. Two ×2 cards would make ×4."
        ),
        examples=(
            """
        >>> from raise_the_sum import Attack, explain, parse_cards, score
        >>> score(parse_cards("+4 x2 x3")), score(parse_cards("+4 x2 x2"))
        (24, 16)
        >>> print(explain(parse_cards("+4 +1 x2 x3"), Attack(subtract=2)))
        (4 + 1 − 2) × 2 × 3 = 18
        """,
        ),
    ),
    Rule(
        "R2.5",
        "One division, rounded down once",
        (
            "The incoming divisor divides the whole total last, after addition, "
            "subtraction and multiplication, and the result is rounded down once."
        ),
        G,
        in_words=(
            "You play +5 ×3 against ÷2: 5 × 3 = 15, and only then 15 ÷ 2 = 7.5, rounded "
            "down to 7. The division always comes last, once."
        ),
        examples=(
            """
        >>> from raise_the_sum import Attack, explain, parse_cards, score
        >>> score(parse_cards("+5 x3"), Attack(divide=2))        # 15 / 2, not (5 / 2) x 3
        7
        >>> print(explain(parse_cards("+5 x3"), Attack(divide=2)))
        5 × 3 ÷ 2 = 15 ÷ 2 = 7 (rounded down)
        >>> print(explain(parse_cards("+9 +2 x2"), Attack(subtract=3, divide=6)))
        (9 + 2 − 3) × 2 ÷ 6 = 16 ÷ 6 = 2 (rounded down)
        """,
        ),
    ),
    Rule(
        "R2.6",
        "The guide's worked example",
        (
            "Against −2 and ÷3, the play +8 +4 ×2 totals (8 + 4 − 2) × 2 ÷ 3 = 20 ÷ 3 = 6, "
            "rounded down."
        ),
        G,
        in_words=(
            "The guide's own example: against −2 and ÷3 you play +8 +4 ×2. Add 8 + 4 = 12, "
            "take away 2 to get 10, double it to 20, and divide by 3: 6 after rounding "
            "down."
        ),
        examples=(
            """
        >>> from raise_the_sum import Attack, explain, parse_cards, score
        >>> score(parse_cards("+8 +4 x2"), Attack(subtract=2, divide=3))
        6
        >>> print(explain(parse_cards("+8 +4 x2"), Attack(subtract=2, divide=3)))
        (8 + 4 − 2) × 2 ÷ 3 = 20 ÷ 3 = 6 (rounded down)
        """,
        ),
    ),
    Rule(
        "R2.7",
        "A lone card opens at 0",
        (
            "A play of a lone Multiply, Subtract, Divide or Zero card totals 0: it has "
            "nothing to add up."
        ),
        G,
        in_words=(
            "You open with a lone ×3 (or a lone −9, ÷3 or 0): there is no blue card to add "
            "up, so the play totals 0. The next player only has to beat 0, but a lone −9 "
            "makes that harder."
        ),
        examples=(
            """
        >>> from raise_the_sum import Attack, parse_cards, score
        >>> [score([card]) for card in parse_cards("x3 -9 /3 0")]
        [0, 0, 0, 0]
        >>> [score([card], Attack(subtract=2)) for card in parse_cards("x3 -9 /3 0")]
        [0, 0, 0, 0]
        """,
        ),
    ),
    Rule(
        "R2.8",
        "The outgoing attack",
        (
            "Subtract and Divide cards attack the next player's reply, never the "
            "player's own total. The Subtract values add up (-4 and -3 make -7) and the "
            "Divide values multiply (/2 and /3 make /6; two /2 make /4). A play with "
            "neither sends no attack."
        ),
        G,
        in_words=(
            "You play +5 −4 −3: your total is 5, and the next player's reply faces −7. A "
            "play of ÷2 ÷3 sends ÷6, and two ÷2 send ÷4. Your own red and yellow cards "
            "never lower your total."
        ),
        examples=(
            """
        >>> from raise_the_sum import attack_of, parse_cards, score
        >>> attack_of(parse_cards("-4 -3"))
        Attack(subtract=7, divide=1)
        >>> print(attack_of(parse_cards("/2 /3")), "|", attack_of(parse_cards("/2 /2 -1")))
        ÷6 | −1 ÷4
        >>> score(parse_cards("+5 -4 /2"))          # never the player's own total
        5
        >>> attack_of(parse_cards("+5 x2 0")).is_none
        True
        """,
        ),
    ),
    # 3. Setup
    Rule(
        "R3.1",
        "Two to four players",
        (
            "Two to four players sit in seats 0 to n-1, and play goes clockwise in seat "
            "order. Front ends may name them (the game's page uses You, Riley, Sam and "
            "Alex) and skip the missing seats."
        ),
        G,
        in_words=(
            "Two, three or four people can play. At the game's page you sit first, then "
            "Riley, Sam and Alex clockwise; with three players, Alex's seat is simply left "
            "out."
        ),
        examples=(
            """
        >>> from raise_the_sum import Rules, new_game
        >>> [len(new_game(Rules(players=n), seed=1).hands) for n in (2, 3, 4)]
        [2, 3, 4]
        >>> Rules(players=5)
        Traceback (most recent call last):
        ...
        ValueError: Rules.players: 2 to 4 players, got 5 (rule R3.1)
        >>> Rules(players=1)
        Traceback (most recent call last):
        ...
        ValueError: Rules.players: 2 to 4 players, got 1 (rule R3.1)
        """,
        ),
    ),
    Rule(
        "R3.2",
        "A seeded shuffle",
        (
            "The deck is shuffled by the library's documented generator (SplitMix64 and "
            "Fisher-Yates), so that a seed gives the same game on every platform and "
            "Python version."
        ),
        R,
        in_words=(
            "Two players who start a game with the same seed are dealt exactly the same "
            "cards, on any computer: the shuffle is the library's own, written out in full."
        ),
        examples=(
            """
        >>> from raise_the_sum import Rng, new_game
        >>> state = new_game(seed=2026)
        >>> print(*state.hands[0])
        +7 +9 +9 -2 -4 -9 /2 /3
        >>> new_game(seed=2026) == state
        True
        >>> hex(Rng.from_seed(0).next_u64()[0])         # SplitMix64's published first output
        '0xe220a8397b1dcdaf'
        >>> Rng.from_seed(1).shuffle("abcdef")[0]
        ('a', 'b', 'd', 'c', 'e', 'f')
        """,
        ),
        part=Part.LIBRARY,
    ),
    Rule(
        "R3.3",
        "The deal",
        (
            "Each seat is dealt 7 cards (Rules.hand_size). The deal is one card at a time "
            "from the top of the deck, seat 0 first, round after round."
        ),
        G,
        rulings=(
            "The deal is one card at a time from the top of the deck, seat 0 first, round after round.",
        ),
        in_words=(
            "The dealer gives one card to seat 0, one to seat 1, and so on round the table, "
            "until everyone holds 7."
        ),
        examples=(
            """
        >>> from raise_the_sum import Rules, new_game, parse_cards
        >>> deck = parse_cards("+1 -1 +2 -2 +3 -3 +4 -4 +5 -5 +6 -6 +7 -7 +8 -8 +9 -9 x2 x3")
        >>> state = new_game(Rules(players=2, deck=deck), seed=1, deck=deck)
        >>> print(*state.hands[0])          # +1 to +7 dealt, then +8 drawn for the first turn
        +1 +2 +3 +4 +5 +6 +7 +8
        >>> print(*state.hands[1])
        -1 -2 -3 -4 -5 -6 -7
        >>> print(*state.deck)              # the rest, next draw first
        -8 +9 -9 x2 x3
        >>> [len(hand) for hand in new_game(Rules(hand_size=5), seed=1).hands]
        [6, 5, 5, 5]
        """,
        ),
    ),
    Rule(
        "R3.4",
        "Who opens the match",
        ("Seat 0 opens the first round (Rules.first_player)."),
        R,
        in_words=(
            "In a new match, the first seat (you, at the game's page) opens the first round."
        ),
        examples=(
            """
        >>> from raise_the_sum import Rules, new_game
        >>> new_game(seed=1).current
        0
        >>> state = new_game(Rules(first_player=2), seed=1)
        >>> state.current, [len(hand) for hand in state.hands]
        (2, [7, 7, 8, 7])
        """,
        ),
    ),
    Rule(
        "R3.5",
        "First to five points",
        ("The first player to reach 5 points (Rules.points_to_win) wins the match."),
        G,
        in_words=(
            "Riley has 4 points and wins the next round: that is 5 points, and Riley wins "
            "the match."
        ),
        examples=(
            """
        >>> from raise_the_sum import Phase, Rules, apply, legal_plays, match_winner, new_game
        >>> Rules().points_to_win
        5
        >>> state = new_game(Rules(players=3), seed=2026)
        >>> while state.phase is not Phase.MATCH_OVER:     # always the first legal action
        ...     state = apply(state, legal_plays(state)[0])
        >>> state.points, match_winner(state)
        ((5, 3, 0), 0)
        """,
        ),
    ),
    Rule(
        "R3.6",
        "The deck must be large enough",
        (
            "A deck must hold more cards than players x max(hand size, hand limit) plus "
            "the most cards in one play, so that the deal and every draw always find a "
            "card, after a reshuffle if need be. A smaller deck is refused."
        ),
        R,
        in_words=(
            "A house variant for two players with a 19-card deck is refused: with 7 cards "
            "in each hand and a play of up to 5 on the table, the deck needs at least 20 "
            "cards so that a draw always finds one."
        ),
        examples=(
            """
        >>> from raise_the_sum import Rules, parse_cards
        >>> Rules().min_deck_size, Rules(players=2).min_deck_size
        (34, 20)
        >>> Rules(players=2, deck=parse_cards("+1 " * 19))
        Traceback (most recent call last):
        ...
        ValueError: Rules.deck: 2 players holding up to 7 cards and a play of up to 5 need a deck of at least 20 cards, got 19 (rule R3.6)
        >>> len(Rules(players=2, deck=parse_cards("+1 " * 20)).deck)
        20
        """,
        ),
    ),
    Rule(
        "R3.7",
        "The ranges of a configuration",
        (
            "Hand size and hand limit are at least 1; 1 <= least cards in a play <= most "
            "cards in a play; points to win at least 1; the first player a seat that "
            "exists. A hand size above the hand limit is allowed: each player discards "
            "the extra cards at the end of their first turn."
        ),
        R,
        in_words=(
            "A variant may deal 9 cards with a hand limit of 7: then everyone discards the "
            "extra cards at the end of their first turn. A variant that deals 0 cards, or "
            "wants at least 3 cards in a play but at most 2, is refused."
        ),
        examples=(
            """
        >>> from raise_the_sum import Discard, Play, Rules, apply, new_game, parse_cards
        >>> Rules(hand_size=0)
        Traceback (most recent call last):
        ...
        ValueError: Rules.hand_size: each seat is dealt at least 1 card, got 0 (rule R3.7)
        >>> Rules(first_player=4)
        Traceback (most recent call last):
        ...
        ValueError: Rules.first_player: a seat from 0 to 3, got 4 (rule R3.7)
        >>> deck = parse_cards("+1 -1 +2 -2 +3 -3 +4 -4 +5 -5 +6 -6 +7 -7 +8 -8 +9 -9 x2 x3 /2 /3 0 0")
        >>> state = new_game(Rules(players=2, hand_size=9, deck=deck), seed=1, deck=deck)
        >>> len(state.hands[0])                  # 9 dealt, 1 drawn: above the limit of 7
        10
        >>> state = apply(state, Play(parse_cards("+9")))
        >>> state.phase.name, state.current
        ('DISCARD', 0)
        >>> state = apply(state, Discard(parse_cards("+1 +2")))
        >>> len(state.hands[0]), state.current
        (7, 1)
        """,
        ),
    ),
    Rule(
        "R3.8",
        "The seed",
        (
            "The seed is any integer. With a stacked deck, the seed drives only the "
            "reshuffles. The seed, the generator and the deck's order are hidden "
            "information: no player's view shows them."
        ),
        R,
        in_words=(
            "A game started with seed 2026 can be replayed exactly from that number. No "
            "player is ever shown the seed or the deck's order, since either would tell "
            "them what comes next."
        ),
        examples=(
            """
        >>> from raise_the_sum import Rules, new_game, observe, parse_cards
        >>> new_game(seed=-2**70).seed                      # any integer
        -1180591620717411303424
        >>> deck = parse_cards("+2 +1 +5 +2 +5 +4 +6 +8 +7 +8 -3 x2 -5 -2 +9 -7 x3 /2 +1 +1")
        >>> one = new_game(Rules(players=2, deck=deck), seed=1, deck=deck)
        >>> two = new_game(Rules(players=2, deck=deck), seed=2, deck=deck)
        >>> one.hands == two.hands and one.deck == two.deck   # the seed only reshuffles
        True
        >>> view = observe(one, 1)
        >>> hasattr(view, "seed"), hasattr(view, "deck"), view.deck_size
        (False, False, 5)
        """,
        ),
        part=Part.LIBRARY,
    ),
    # 4. A turn
    Rule(
        "R4.1",
        "Draw at the start of every turn",
        (
            "At the start of every turn the player to act draws 1 card, so a player "
            "has 8 on their first turn. Players who have passed are skipped and do not "
            "draw."
        ),
        G,
        in_words=(
            "You start with 7 cards and draw 1 before your first turn, so you choose from "
            "8. Seats that have passed are skipped and draw nothing until the next round."
        ),
        examples=(
            """
        >>> from raise_the_sum import Discard, Pass, Play, Rules, apply, new_game, parse_cards
        >>> deck = parse_cards("+2 +1 +3 +5 +2 +3 +5 +4 +4 +6 +8 +6 +7 +8 x3 -3 x2 /2 -5 -2 0 +9 -7 +9 x2 +7 +5")
        >>> state = new_game(Rules(players=3, deck=deck), seed=1, deck=deck)
        >>> [len(hand) for hand in state.hands], len(state.deck)
        ([8, 7, 7], 5)
        >>> state = apply(state, Play(parse_cards("+5")))                # seat 0 opens
        >>> [len(hand) for hand in state.hands], len(state.deck)        # seat 1 drew
        ([7, 8, 7], 4)
        >>> state = apply(state, Pass())                                 # seat 1 is out,
        >>> state = apply(state, Discard(parse_cards("+1")))             # down to 7
        >>> state = apply(state, Play(parse_cards("+6")))                # seat 2 replies
        >>> state = apply(state, Play(parse_cards("+7")))                # seat 0 replies
        >>> state.current, [len(hand) for hand in state.hands]          # seat 1 skipped
        (2, [7, 7, 8])
        """,
        ),
    ),
    Rule(
        "R4.2",
        "Play 1 to 5 cards from your hand",
        (
            "On their turn a player plays 1 to 5 cards (Rules.min_play to "
            "Rules.max_play) from their own hand, or passes."
        ),
        G,
        in_words=(
            "On your turn you play between 1 and 5 cards from your own hand, or pass. Six "
            "cards at once is refused, and so is a card you do not hold."
        ),
        examples=(
            """
        >>> from raise_the_sum import Play, Rules, check, new_game, parse_cards
        >>> deck = parse_cards("+2 +1 +5 +2 +5 +4 +6 +8 +7 +8 -3 x2 -5 -2 +9 -7 x3 /2 +1 +1")
        >>> state = new_game(Rules(players=2, deck=deck), seed=1, deck=deck)
        >>> print(*state.hands[0])
        +2 +5 +5 +6 +7 +9 -3 -5
        >>> print(check(state, Play(parse_cards("+8"))))
        illegal (rule R4.2): you do not hold +8
        >>> print(check(state, Play(parse_cards("+9 +9"))))
        illegal (rule R4.2): you hold 1 +9, not 2
        >>> print(check(state, Play(parse_cards("+2 +5 +5 +6 +7 +9"))))
        illegal (rule R4.2): a play is 1 to 5 cards; this one has 6
        >>> print(check(state, Play(())))
        illegal (rule R4.2): a play is 1 to 5 cards; this one has 0
        """,
        ),
    ),
    Rule(
        "R4.3",
        "The opening",
        (
            "The first play of a round has no score to beat: any 1 to 5 cards are legal, "
            "and the total may be 0. The opener may not pass (the guide says to play 1-5 "
            "cards on every turn, including the opening), except as R4.13 says."
        ),
        G,
        rulings=(
            "The opener may not pass (the guide says to play 1-5 cards on every turn, "
            "including the opening), except as R4.13 says.",
        ),
        in_words=(
            "You open the round: there is no score to beat, so any 1 to 5 cards are legal, "
            "even a lone −3 that totals 0. You may not pass on the opening."
        ),
        examples=(
            """
        >>> from raise_the_sum import (Pass, Play, Rules, check, legal_plays, new_game,
        ...                            parse_cards)
        >>> deck = parse_cards("+2 +1 +5 +2 +5 +4 +6 +8 +7 +8 -3 x2 -5 -2 +9 -7 x3 /2 +1 +1")
        >>> state = new_game(Rules(players=2, deck=deck), seed=1, deck=deck)
        >>> state.opening, state.to_beat
        (True, None)
        >>> print(check(state, Play(parse_cards("-3"))))
        legal: 0 (no blue cards: the total starts at 0), an opening
        >>> print(check(state, Pass()))
        illegal (rule R4.3): the opener must play: an opening cannot be passed
        >>> Pass() in legal_plays(state)
        False
        """,
        ),
    ),
    Rule(
        "R4.4",
        "Replies must beat the score",
        (
            "Every later play must total strictly more than the score to beat, counted "
            "against the incoming attack. Ties don't count."
        ),
        G,
        in_words=(
            "The score is 13 and you face −5. Your +8 +8 +2 totals 8 + 8 + 2 − 5 = 13: a "
            "tie, which does not beat 13. Adding +1 makes 14, which does."
        ),
        examples=(
            """
        >>> from raise_the_sum import Play, Rules, apply, check, new_game, parse_cards
        >>> deck = parse_cards("+2 +1 +5 +2 +5 +4 +6 +8 +7 +8 -3 x2 -5 -2 +9 -7 x3 /2 +1 +1")
        >>> state = new_game(Rules(players=2, deck=deck), seed=1, deck=deck)
        >>> state = apply(state, Play(parse_cards("+7 +6 -5")))
        >>> state.to_beat, str(state.attack)
        (13, '−5')
        >>> print(*state.hands[1])
        +1 +2 +4 +8 +8 x2 -2 -7
        >>> print(check(state, Play(parse_cards("+8 +8 +2"))))
        illegal (rule R4.4): a reply must beat 13; this play totals 13
        >>> print(check(state, Play(parse_cards("+8 +8 +2 +1"))))
        legal: 8 + 8 + 2 + 1 − 5 = 14, which beats 13
        """,
        ),
    ),
    Rule(
        "R4.5",
        "Passing",
        (
            "A player may pass instead of playing, even when they could beat the score, "
            "to keep their hand. Passing takes them out for the rest of the round."
        ),
        G,
        in_words=(
            "Riley opened with 13. You could beat it with +8 +8 ×2, but you would rather "
            "keep those cards, so you pass. You are out until the next round: when the turn "
            "comes round again you are skipped, and you cannot play."
        ),
        examples=(
            """
        >>> from raise_the_sum import (Discard, Pass, Play, Rules, apply, check, new_game,
        ...                            parse_cards)
        >>> deck = parse_cards("+2 +1 +3 +5 +2 +3 +5 +4 +4 +6 +8 +6 +7 +8 x3 -3 x2 /2 -5 -2 0 +9 -7 +9 x2 +7 +5")
        >>> state = new_game(Rules(players=3, deck=deck), seed=1, deck=deck)
        >>> state = apply(state, Play(parse_cards("+7 +6 -5")))
        >>> print(check(state, Play(parse_cards("+8 +8 x2"))))          # seat 1 could beat 13
        legal: (8 + 8 − 5) × 2 = 22, which beats 13
        >>> print(check(state, Pass()))                                  # but may pass
        legal
        >>> state = apply(state, Pass())
        >>> state = apply(state, Discard(parse_cards("+1")))
        >>> state = apply(state, Play(parse_cards("+6 +4 x3")))          # seat 2 replies
        >>> state = apply(state, Play(parse_cards("+9 x2")))             # seat 0 replies
        >>> state.passed, state.current                                  # seat 1 stays out
        (frozenset({1}), 2)
        """,
        ),
    ),
    Rule(
        "R4.6",
        "A successful reply replaces the standing play",
        (
            "A reply that beats the score replaces the whole standing play: its total "
            "becomes the score to beat, and its own attack (or none) becomes the attack "
            "facing the next player. The replaced cards go to the discard pile."
        ),
        G,
        rulings=("The replaced cards go to the discard pile.",),
        in_words=(
            "Sam's play of 13 with −5 stands. You reply +8 +8 ×2 −2 for 22: your play "
            "replaces Sam's entirely, so the next player must beat 22 facing −2, and Sam's "
            "cards go to the discard pile."
        ),
        examples=(
            """
        >>> from raise_the_sum import Play, Rules, apply, check, new_game, parse_cards
        >>> deck = parse_cards("+2 +1 +5 +2 +5 +4 +6 +8 +7 +8 -3 x2 -5 -2 +9 -7 x3 /2 +1 +1")
        >>> state = new_game(Rules(players=2, deck=deck), seed=1, deck=deck)
        >>> state = apply(state, Play(parse_cards("+7 +6 -5")))
        >>> state = apply(state, Play(parse_cards("+8 +8 x2 -2")))
        >>> state.to_beat, str(state.attack), state.standing_seat
        (22, '−2', 1)
        >>> print(*state.standing, "|", *state.discard)
        +8 +8 x2 -2 | +6 +7 -5
        >>> state = apply(state, Play(parse_cards("+9 +5 x3")))         # no attack in it
        >>> state.to_beat, str(state.attack)
        (36, 'none')
        """,
        ),
    ),
    Rule(
        "R4.7",
        "After a pass, the attack stays",
        (
            "A pass changes neither the score to beat nor the attack: the next active "
            "player faces the same attack."
        ),
        G,
        in_words=(
            "Riley plays 13 with −5 and Sam passes. Alex, next, still has to beat 13 facing "
            "−5: a pass changes nothing on the table."
        ),
        examples=(
            """
        >>> from raise_the_sum import Discard, Pass, Play, Rules, apply, new_game, parse_cards
        >>> deck = parse_cards("+2 +1 +3 +5 +2 +3 +5 +4 +4 +6 +8 +6 +7 +8 x3 -3 x2 /2 -5 -2 0 +9 -7 +9 x2 +7 +5")
        >>> state = new_game(Rules(players=3, deck=deck), seed=1, deck=deck)
        >>> state = apply(state, Play(parse_cards("+7 +6 -5")))
        >>> state.current, state.to_beat, str(state.attack)
        (1, 13, '−5')
        >>> state = apply(state, Pass())
        >>> state = apply(state, Discard(parse_cards("+1")))
        >>> state.current, state.to_beat, str(state.attack)
        (2, 13, '−5')
        """,
        ),
    ),
    Rule(
        "R4.8",
        "Keep at most 7 cards",
        (
            "A player who holds more than 7 cards (Rules.hand_limit) at the end of their "
            "turn, after playing or passing, chooses cards of their own hand to discard "
            "before the turn ends. They discard down to exactly 7, no further: a discard "
            "of the wrong number of cards is refused. Discards go to the discard pile."
        ),
        G,
        rulings=(
            "They discard down to exactly 7, no further: a discard of the wrong number of "
            "cards is refused.",
        ),
        in_words=(
            "You drew to 8 cards and passed. Before your turn ends you choose 1 card to "
            "discard, so that you keep exactly 7; you pick the one you want least."
        ),
        examples=(
            """
        >>> from raise_the_sum import (Discard, Pass, Play, Rules, apply, check, legal_plays,
        ...                            new_game, parse_cards)
        >>> deck = parse_cards("+2 +1 +5 +2 +5 +4 +6 +8 +7 +8 -3 x2 -5 -2 +9 -7 x3 /2 +1 +1")
        >>> state = new_game(Rules(players=2, deck=deck), seed=1, deck=deck)
        >>> state = apply(state, Play(parse_cards("+7")))
        >>> state = apply(state, Pass())                     # seat 1 holds 8 cards
        >>> state.phase.name, state.current, len(state.hands[1])
        ('DISCARD', 1, 8)
        >>> print(*legal_plays(state), sep="; ")
        discard +1; discard +2; discard +4; discard +8; discard x2; discard -2; discard -7
        >>> print(check(state, Discard(parse_cards("+1 +2"))))
        illegal (rule R4.8): you hold 8 cards and keep 7: discard exactly 1, not 2
        >>> state = apply(state, Discard(parse_cards("-7")))
        >>> len(state.hands[1]), len(state.discard)
        (7, 1)
        """,
        ),
    ),
    Rule(
        "R4.9",
        "Turns go clockwise",
        (
            "The next turn goes to the next seat clockwise that has not passed this "
            "round. Only the player whose turn it is may act."
        ),
        G,
        in_words=(
            "With four players the turn goes from you to Riley, Sam and Alex, and back to "
            "you, skipping anyone who has passed. Only the player whose turn it is may "
            "play."
        ),
        examples=(
            """
        >>> from raise_the_sum import (Discard, Pass, Play, Rules, apply, check, new_game,
        ...                            parse_cards)
        >>> deck = parse_cards("+2 +1 +3 +5 +2 +3 +5 +4 +4 +6 +8 +6 +7 +8 x3 -3 x2 /2 -5 -2 0 +9 -7 +9 x2 +7 +5")
        >>> state = new_game(Rules(players=3, deck=deck), seed=1, deck=deck)
        >>> state = apply(state, Play(parse_cards("+5")))
        >>> state.current
        1
        >>> print(check(state, Pass(), seat=2))
        illegal (rule R4.9): it is seat 1's turn, not seat 2's
        >>> state = apply(state, Pass(), seat=1)
        >>> state = apply(state, Discard(parse_cards("+1")), seat=1)
        >>> state = apply(state, Play(parse_cards("+6")), seat=2)
        >>> state = apply(state, Play(parse_cards("+7")), seat=0)
        >>> state.current                                   # seat 1 has passed
        2
        """,
        ),
    ),
    Rule(
        "R4.10",
        "Playing your last card",
        (
            "A player may play their last card. An empty hand neither wins nor takes the "
            "player out of the round; they draw at their next turn as usual."
        ),
        R,
        in_words=(
            "You may play your very last cards. With an empty hand you are still in the "
            "round; you draw 1 card at your next turn as usual."
        ),
        examples=(
            """
        >>> from raise_the_sum import Play, Rules, apply, new_game, parse_cards
        >>> deck = parse_cards("+1 +9 +2 +9 +3 +8 +4 x2 +5 x3 +6 +7 +1 +1 +1 +1 +1 +1 +1 +1")
        >>> state = new_game(Rules(players=2, hand_size=4, deck=deck), seed=1, deck=deck)
        >>> print(*state.hands[0])
        +1 +2 +3 +4 +5
        >>> state = apply(state, Play(parse_cards("+1 +2 +3 +4 +5")))     # all of them
        >>> state.hands[0], state.phase.name, state.passed
        ((), 'PLAY', frozenset())
        >>> state = apply(state, Play(parse_cards("+9 x2")))
        >>> state.current, len(state.hands[0])                            # draws as usual
        (0, 1)
        """,
        ),
    ),
    Rule(
        "R4.11",
        "The passer's discard and the attack in force",
        (
            "A player who passes is out from that moment, but while they discard down to "
            "the hand limit it is still their turn. The attack facing the player to act "
            "is always the standing play's attack, or none when there is no standing "
            "play."
        ),
        R,
        in_words=(
            "You pass while holding 8 cards: you are out of the round at once, but you "
            "still discard 1 card before the turn moves on. The next player faces the same "
            "attack as you did."
        ),
        examples=(
            """
        >>> from raise_the_sum import (Discard, Pass, Play, Rules, apply, check, new_game,
        ...                            parse_cards)
        >>> deck = parse_cards("+2 +1 +3 +5 +2 +3 +5 +4 +4 +6 +8 +6 +7 +8 x3 -3 x2 /2 -5 -2 0 +9 -7 +9 x2 +7 +5")
        >>> state = new_game(Rules(players=3, deck=deck), seed=1, deck=deck)
        >>> state = apply(state, Play(parse_cards("+7 +6 -5")))
        >>> state = apply(state, Pass())
        >>> state.phase.name, state.current, state.passed, str(state.attack)
        ('DISCARD', 1, frozenset({1}), '−5')
        >>> print(check(state, Play(parse_cards("+8 +8 x2"))))
        illegal (rule R4.8): you hold 8 cards: discard 1 to end your turn with 7
        >>> state = apply(state, Discard(parse_cards("+1")))
        >>> state.current, str(state.attack)
        (2, '−5')
        """,
        ),
    ),
    Rule(
        "R4.12",
        "Discards are face up",
        (
            "Plays and discards go to the discard pile face up: every player may see the "
            "whole discard pile."
        ),
        R,
        in_words=(
            "Every play and every discard lands face up: anyone may look through the "
            "discard pile to see which cards are gone."
        ),
        examples=(
            """
        >>> from raise_the_sum import (Discard, Pass, Play, Rules, apply, new_game, observe,
        ...                            parse_cards)
        >>> deck = parse_cards("+2 +1 +3 +5 +2 +3 +5 +4 +4 +6 +8 +6 +7 +8 x3 -3 x2 /2 -5 -2 0 +9 -7 +9 x2 +7 +5")
        >>> state = new_game(Rules(players=3, deck=deck), seed=1, deck=deck)
        >>> state = apply(state, Play(parse_cards("+7 +6 -5")))
        >>> state = apply(state, Pass())
        >>> state = apply(state, Discard(parse_cards("x2")))             # seat 1's discard
        >>> state = apply(state, Play(parse_cards("+6 +4 x3")))    # replaces seat 0's play
        >>> print(*observe(state, 0).discard)
        x2 +6 +7 -5
        >>> observe(state, 2).discard == observe(state, 1).discard == state.discard
        True
        """,
        ),
    ),
    Rule(
        "R4.13",
        "An opener who cannot play",
        (
            "An opener who holds fewer cards than the least play must pass. Only a custom "
            "Rules allows this, with a least play above 1 card."
        ),
        R,
        in_words=(
            "In a house variant where every play is 2 or 3 cards, you win a round with "
            "your last cards and open the next one holding the single card you drew. You "
            "cannot make a play, so you must pass."
        ),
        examples=(
            """
        >>> from raise_the_sum import (Discard, NextRound, Pass, Play, Rules, apply,
        ...                            legal_plays, new_game, parse_cards)
        >>> # A variant in which a play is 2 or 3 cards, so a hand can be too small.
        >>> deck = parse_cards("+1 +3 +5 +2 +4 +6 +7 -1 -2 -3 /2 /3")
        >>> rules = Rules(players=3, hand_size=2, hand_limit=2, min_play=2, max_play=3,
        ...               deck=deck)
        >>> state = new_game(rules, seed=1, deck=deck)
        >>> state = apply(state, Play(parse_cards("+1 +2 +7")))    # seat 0 plays all it has
        >>> state = apply(state, Pass())
        >>> state = apply(state, Discard(parse_cards("-1")))
        >>> state = apply(state, Pass())
        >>> state = apply(state, Discard(parse_cards("-2")))
        >>> state = apply(state, NextRound())                      # seat 0 opens, drawing 1
        >>> print(*state.hands[0])
        -3
        >>> legal_plays(state)
        (Pass(),)
        >>> state = apply(state, Pass())
        >>> state.current, state.opening
        (1, True)
        """,
        ),
    ),
    Rule(
        "R4.14",
        "After the opener passes",
        (
            "When the opener passes, the next active player opens the round: there is "
            "still no score to beat and no attack, and that player may not pass either "
            "(R4.3)."
        ),
        R,
        in_words=(
            "You had to pass your opening with one card in a variant of 2-card plays. Riley, "
            "next, now opens the round: any play of 2 or 3 cards will do, and Riley may "
            "not pass."
        ),
        examples=(
            """
        >>> from raise_the_sum import (Discard, NextRound, Pass, Play, Rules, apply, check,
        ...                            new_game, parse_cards)
        >>> deck = parse_cards("+1 +3 +5 +2 +4 +6 +7 -1 -2 -3 /2 /3")
        >>> rules = Rules(players=3, hand_size=2, hand_limit=2, min_play=2, max_play=3,
        ...               deck=deck)
        >>> state = new_game(rules, seed=1, deck=deck)
        >>> state = apply(state, Play(parse_cards("+1 +2 +7")))
        >>> state = apply(state, Pass())
        >>> state = apply(state, Discard(parse_cards("-1")))
        >>> state = apply(state, Pass())
        >>> state = apply(state, Discard(parse_cards("-2")))
        >>> state = apply(state, NextRound())
        >>> state = apply(state, Pass())                # seat 0 cannot play (R4.13)
        >>> state.current, state.opening, state.to_beat, str(state.attack)
        (1, True, None, 'none')
        >>> print(check(state, Pass()))
        illegal (rule R4.3): the opener must play: an opening cannot be passed
        """,
        ),
    ),
    Rule(
        "R4.15",
        "When time runs out",
        (
            "At a table with a time limit per turn, a player whose time runs out has an "
            "action taken for them: a pass when passing is legal, else the least cards the "
            "rules allow, the lowest in card order (R1.4). So an opener plays their lowest "
            "card alone, and a player who must discard discards their lowest cards (R4.8)."
        ),
        R,
        in_words=(
            "Your table allows 30 seconds a turn. Riley has played 12, and you let the "
            "clock run out: you pass, and you are out of the round. Had you been opening "
            "the round, your lowest card would have been played alone; had you had to "
            "discard two cards, your two lowest would have gone."
        ),
        examples=(
            """
        >>> from raise_the_sum import (Rules, apply, legal_plays, new_game, parse_cards,
        ...                            timeout_action)
        >>> deck = parse_cards("+2 +8 +5 +3 x2 -4 +7 +1 +4 +6 +9 /2 -2 +3")
        >>> rules = Rules(players=2, hand_size=3, hand_limit=3, max_play=3, deck=deck)
        >>> state = new_game(rules, seed=1, deck=deck)
        >>> print(*state.hands[0])
        +2 +5 +7 x2
        >>> print(timeout_action(legal_plays(state)))   # an opener may not pass (R4.3)
        play +2
        >>> state = apply(state, timeout_action(legal_plays(state)))
        >>> print(timeout_action(legal_plays(state)))   # a reply may pass
        pass
        >>> state = apply(state, timeout_action(legal_plays(state)))
        >>> print(state.phase.name, *state.hands[1])
        DISCARD +1 +3 +8 -4
        >>> print(timeout_action(legal_plays(state)))   # down to 3 cards: the lowest goes
        discard +1
        """,
        ),
    ),
    # 5. Rounds and the match
    Rule(
        "R5.1",
        "The last player in scores",
        (
            "When only one player has not passed, the round ends and that player scores "
            "1 point. This is checked after each pass, once the passer's turn, with its "
            "discard, has finished."
        ),
        G,
        rulings=(
            "This is checked after each pass, once the passer's turn, with its discard, "
            "has finished.",
        ),
        in_words=(
            "Four players: Riley stands with 20 and Sam, Alex and you have all passed. "
            "Riley is the last player in and scores 1 point."
        ),
        examples=(
            """
        >>> from raise_the_sum import (Discard, Pass, Play, Rules, apply, new_game, parse_cards,
        ...                            round_winner)
        >>> deck = parse_cards("+2 +1 +5 +2 +5 +4 +6 +8 +7 +8 -3 x2 -5 -2 +9 -7 x3 /2 +1 +1")
        >>> state = new_game(Rules(players=2, deck=deck), seed=1, deck=deck)
        >>> state = apply(state, Play(parse_cards("+7 +6 -5")))
        >>> state = apply(state, Pass())                       # seat 1 passes with 8 cards
        >>> state.phase.name, state.points                     # its turn is not over yet
        ('DISCARD', (0, 0))
        >>> state = apply(state, Discard(parse_cards("-7")))
        >>> state.phase.name, round_winner(state), state.points
        ('ROUND_OVER', 0, (1, 0))
        """,
        ),
    ),
    Rule(
        "R5.2",
        "Winning the match",
        (
            "A player who reaches the points to win ends the match at once and wins it. "
            "After that, no action is legal."
        ),
        G,
        in_words=(
            "Sam has 4 points and wins a round: Sam reaches 5 and wins the match at once. "
            "Nobody plays on."
        ),
        examples=(
            """
        >>> from raise_the_sum import (Discard, NextRound, Pass, Play, Rules, apply, check,
        ...                            legal_plays, match_winner, new_game, parse_cards)
        >>> deck = parse_cards("+2 +1 +5 +2 +5 +4 +6 +8 +7 +8 -3 x2 -5 -2 +9 -7 x3 /2 +1 +1")
        >>> state = new_game(Rules(players=2, points_to_win=1, deck=deck), seed=1, deck=deck)
        >>> state = apply(state, Play(parse_cards("+7 +6 -5")))
        >>> state = apply(state, Pass())
        >>> state = apply(state, Discard(parse_cards("-7")))
        >>> state.phase.name, match_winner(state), state.points, legal_plays(state)
        ('MATCH_OVER', 0, (1, 0), ())
        >>> print(check(state, NextRound()))
        illegal (rule R5.2): the match is over: seat 0 has won it; no action is legal
        """,
        ),
    ),
    Rule(
        "R5.3",
        "The next round",
        (
            "Otherwise a new round begins: there is no score to beat and no attack, every "
            "player rejoins, hands are kept and never refilled, and the round's winner "
            "opens it, drawing 1 card first. The standing play goes to the discard pile."
        ),
        G,
        rulings=("The standing play goes to the discard pile.",),
        in_words=(
            "Riley won the round. The table is cleared, all penalties clear, everyone is "
            "back in, and Riley draws 1 card and opens the next round with nothing to beat. "
            "You keep the cards you had; nobody refills."
        ),
        examples=(
            """
        >>> from raise_the_sum import (Discard, NextRound, Pass, Play, Rules, apply, new_game,
        ...                            parse_cards)
        >>> deck = parse_cards("+2 +1 +5 +2 +5 +4 +6 +8 +7 +8 -3 x2 -5 -2 +9 -7 x3 /2 +1 +1")
        >>> state = new_game(Rules(players=2, deck=deck), seed=1, deck=deck)
        >>> state = apply(state, Play(parse_cards("+7 +6 -5")))
        >>> state = apply(state, Pass())
        >>> state = apply(state, Discard(parse_cards("-7")))
        >>> state = apply(state, NextRound())
        >>> state.current, state.to_beat, str(state.attack), state.passed, state.standing
        (0, None, 'none', frozenset(), ())
        >>> print(*state.hands[0])                      # kept, plus the turn's draw (x3)
        +2 +5 +5 +9 x3 -3
        >>> print(*state.discard)                       # the standing play went to the pile
        -7 +6 +7 -5
        """,
        ),
    ),
    Rule(
        "R5.4",
        "The brief result",
        (
            "Between two rounds the table stays as it was (the last standing play, its "
            "score, the passes) for a brief result, with the round's winner to act; the "
            "action NextRound ends it and starts the next round. When the round's point "
            "wins the match, the match ends at once, with no brief result."
        ),
        R,
        in_words=(
            "When a round ends, the table stays as it was for a moment, a brief result, so "
            "that everyone can see who won it and with what; then the next round begins."
        ),
        examples=(
            """
        >>> from raise_the_sum import (Discard, NextRound, Pass, Play, Rules, apply, check,
        ...                            legal_plays, new_game, parse_cards)
        >>> deck = parse_cards("+2 +1 +5 +2 +5 +4 +6 +8 +7 +8 -3 x2 -5 -2 +9 -7 x3 /2 +1 +1")
        >>> state = new_game(Rules(players=2, deck=deck), seed=1, deck=deck)
        >>> state = apply(state, Play(parse_cards("+7 +6 -5")))
        >>> state = apply(state, Pass())
        >>> state = apply(state, Discard(parse_cards("-7")))
        >>> state.phase.name, state.current, state.to_beat, state.passed
        ('ROUND_OVER', 0, 13, frozenset({1}))
        >>> print(*state.standing)
        +6 +7 -5
        >>> legal_plays(state)
        (NextRound(),)
        >>> print(check(state, Play(parse_cards("+9"))))
        illegal (rule R5.4): the round is over: start the next round (NextRound()) before anyone acts
        """,
        ),
    ),
    Rule(
        "R5.5",
        "Leaving the match",
        (
            "A player may leave a match before it ends: by handing their seat, with its "
            "hand and points, to a computer player of their choice, or by forfeiting, after "
            "which each action of their seat is taken at once as when time runs out (R4.15). "
            "Either way they cannot act again, and the match goes on to its end (R5.2)."
        ),
        R,
        in_words=(
            "Sam has to go halfway through a match. Sam can hand the seat over to a "
            "computer player, which plays Sam's hand from then on, or forfeit: then the "
            "seat passes whenever it may, and opens with its lowest card alone, until the "
            "match ends. Either way the others play on to the end."
        ),
        examples=(
            """
        >>> from raise_the_sum import (Phase, Rules, apply, legal_plays, new_game,
        ...                            parse_cards, timeout_action)
        >>> deck = parse_cards("+2 +8 +5 +3 x2 -4 +7 +1 +4 +6 +9 /2 -2 +3")
        >>> rules = Rules(players=3, hand_size=3, hand_limit=3, max_play=3, deck=deck)
        >>> state = new_game(rules, seed=1, deck=deck)      # seat 1 forfeits at once
        >>> while state.phase is not Phase.MATCH_OVER:
        ...     legal = legal_plays(state)
        ...     forfeited = state.current == 1
        ...     state = apply(state, timeout_action(legal) if forfeited else legal[0])
        >>> state.points                                    # the match went on to its end
        (5, 0, 3)
        """,
        ),
    ),
    # 6. The deck
    Rule(
        "R6.1",
        "Reshuffling the discard pile",
        (
            "When a draw finds the deck empty, the discard pile is shuffled to become the "
            "new deck, and then the draw is made. The shuffle is made by the same seeded "
            "generator as the deal (R3.2)."
        ),
        G,
        rulings=("The shuffle is made by the same seeded generator as the deal (R3.2).",),
        in_words=(
            "You are to draw and the deck is empty: the discard pile is shuffled to become "
            "the new deck, and you draw from it."
        ),
        examples=(
            """
        >>> from raise_the_sum import Play, Rules, apply, new_game, parse_cards
        >>> deck = parse_cards("+2 +1 +5 +2 +5 +4 +6 +8 +7 +8 -3 x2 -5 -2 +9 -7 x3 /2 +1 +1")
        >>> state = new_game(Rules(players=2, deck=deck), seed=1, deck=deck)
        >>> for cards in ["+2", "+4", "+5", "+8", "+9"]:
        ...     state = apply(state, Play(parse_cards(cards)))
        >>> len(state.deck), len(state.discard)             # the deck is empty
        (0, 4)
        >>> print(*state.discard, "|", *state.standing)
        +2 +4 +5 +8 | +9
        >>> state = apply(state, Play(parse_cards("x2 +8")))   # seat 0 must draw:
        >>> len(state.deck), len(state.discard)             # 5 cards reshuffled, 1 drawn
        (4, 0)
        """,
        ),
    ),
    Rule(
        "R6.2",
        "Every card is somewhere",
        (
            "Every card is always in exactly one place: the deck, the discard pile, a "
            "hand or the standing play. Together they are always the whole deck of the "
            "game."
        ),
        R,
        in_words=(
            "Count every card: those in hands, on the table, in the deck and in the discard "
            "pile always make up the whole deck, 62 cards in the standard game."
        ),
        examples=(
            """
        >>> from raise_the_sum import Phase, Rules, apply, legal_plays, new_game, parse_cards
        >>> deck = parse_cards("+2 +1 +5 +2 +5 +4 +6 +8 +7 +8 -3 x2 -5 -2 +9 -7 x3 /2 +1 +1")
        >>> state = new_game(Rules(players=2, deck=deck), seed=1, deck=deck)
        >>> def places(state):
        ...     held = [card for hand in state.hands for card in hand]
        ...     return sorted([*state.deck, *state.discard, *state.standing, *held])
        >>> checks, reshuffles = [places(state) == sorted(deck)], 0
        >>> while state.phase is not Phase.MATCH_OVER:       # a whole match
        ...     after = apply(state, legal_plays(state)[0])
        ...     reshuffles += len(after.deck) > len(state.deck)
        ...     state = after
        ...     checks.append(places(state) == sorted(deck))
        >>> len(checks), all(checks), reshuffles
        (45, True, 4)
        """,
        ),
    ),
    # 7. Bad input
    Rule(
        "R7.1",
        "Illegal actions are refused",
        (
            "An illegal action is refused with an error that names the rule it breaks, "
            "in words a player understands, and the game stays exactly as it was."
        ),
        R,
        in_words=(
            "You try to play a +9 you do not hold: the game says 'you do not hold +9 (rule "
            "R4.2)', and nothing on the table changes."
        ),
        examples=(
            """
        >>> from raise_the_sum import (IllegalAction, Pass, Play, Rules, apply, new_game,
        ...                            parse_cards)
        >>> deck = parse_cards("+2 +1 +5 +2 +5 +4 +6 +8 +7 +8 -3 x2 -5 -2 +9 -7 x3 /2 +1 +1")
        >>> state = new_game(Rules(players=2, deck=deck), seed=1, deck=deck)
        >>> for action in [Pass(), Play(parse_cards("+8")), Play(parse_cards("+9 +9"))]:
        ...     try:
        ...         apply(state, action)
        ...     except IllegalAction as error:
        ...         print(error.rule, "|", error.reason)
        R4.3 | the opener must play: an opening cannot be passed
        R4.2 | you do not hold +8
        R4.2 | you hold 1 +9, not 2
        >>> try:
        ...     apply(state, Play(parse_cards("+9")), seat=1)
        ... except IllegalAction as error:
        ...     print(error)
        it is seat 0's turn, not seat 1's (rule R4.9)
        >>> state == new_game(Rules(players=2, deck=deck), seed=1, deck=deck)   # as it was
        True
        """,
        ),
        part=Part.LIBRARY,
    ),
    Rule(
        "R7.2",
        "Bad configuration and notation are refused",
        (
            "An unknown card, a value out of range, a player count out of range, a deck "
            "too small or any other bad configuration is refused with an error that "
            "names the field."
        ),
        R,
        in_words=(
            "A house variant with 5 players, or a card written x4, is refused with a "
            "message that names what is wrong: 'Rules.players: 2 to 4 players, got 5 (rule "
            "R3.1)'."
        ),
        examples=(
            """
        >>> from raise_the_sum import Attack, Rules, parse_cards
        >>> parse_cards("+8 x4")
        Traceback (most recent call last):
        ...
        raise_the_sum.cards.NotationError: card 'x4': a Multiply card's value is 2 or 3 (rule R1.6)
        >>> Rules(points_to_win=0)
        Traceback (most recent call last):
        ...
        ValueError: Rules.points_to_win: the match needs at least 1 point, got 0 (rule R3.7)
        >>> Rules(players="4")
        Traceback (most recent call last):
        ...
        TypeError: Rules.players must be an int, got '4'
        >>> Attack(subtract=-2)
        Traceback (most recent call last):
        ...
        ValueError: Attack.subtract must be 0 or more, got -2
        """,
        ),
        part=Part.LIBRARY,
    ),
)

#: Every rule, by identifier, in reference order. Read-only.
RULES: Final[Mapping[str, Rule]] = MappingProxyType({r.id: r for r in _RULES})

#: Section titles, by section number.
SECTIONS: Final[Mapping[int, str]] = MappingProxyType(_SECTIONS)

#: The parts of the rulebook, in order, with their titles.
PARTS: Final[Mapping[Part, str]] = MappingProxyType(
    {
        Part.TABLE: "The game at the table",
        Part.LIBRARY: "The library's own rules: notation, generator, bad input",
    }
)


class UnknownRuleError(RaiseTheSumError, KeyError, ValueError):
    """No rule has this identifier: a :class:`~raise_the_sum.RaiseTheSumError`.

    Also a :class:`KeyError` (a failed lookup) and a :class:`ValueError`.
    Its ``str()`` is its ``reason`` itself, without the quotes ``KeyError``
    adds; its ``rule`` is None (the identifier names no rule).

    >>> try:
    ...     rule("R9.9")
    ... except RaiseTheSumError as error:
    ...     print(error.reason, "|", error.rule)
    no rule 'R9.9' in the rulebook; rules are R1.1 to R7.2 | None
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = None

    def __str__(self) -> str:
        return self.reason


def rule(rule_id: str) -> Rule:
    """The rule named ``rule_id``, written ``R4.4``, ``r4.4`` or ``4.4`` (:func:`parse_rule_id`).

    Raises :class:`UnknownRuleError` (a :class:`KeyError` and a
    :class:`ValueError`) naming it when the rulebook has no such rule, or the
    text is not a rule identifier at all, and :class:`TypeError` for a value
    that is not a str.

    >>> rule("4.4").id
    'R4.4'
    >>> rule("R9.9")
    Traceback (most recent call last):
    ...
    raise_the_sum.rulebook.UnknownRuleError: no rule 'R9.9' in the rulebook; rules are R1.1 to R7.2
    """
    try:
        found = RULES.get(parse_rule_id(rule_id))
    except ValueError:
        found = None
    if found is None:
        first, last = _RULES[0].id, _RULES[-1].id
        raise UnknownRuleError(f"no rule {rule_id!r} in the rulebook; rules are {first} to {last}")
    return found
