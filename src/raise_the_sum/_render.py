"""Private: how a table shows itself, in one place below the state.

The position notation's fields (:mod:`raise_the_sum.position` reads and
writes it; the ``repr`` of a state and of a view is that notation, with the
piles as sizes), and the small HTML table a notebook shows for a state or a
view (``_repr_html_``), in the guide's colours and signs. It knows cards and
rules only, so that :mod:`raise_the_sum.state` and :mod:`raise_the_sum.views`
can use it without importing the position module, which imports them.

>>> from raise_the_sum import parse_cards
>>> cards_text(parse_cards("+8 x2 -3 0")), cards_text(()), pile_text(7)
('+8x2-30', '-', '?7')
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Final, Protocol

import attrs

from raise_the_sum.cards import Card, Kind
from raise_the_sum.rules import Rules

#: The version of the position notation.
VERSION: Final = 1
#: The tag a position starts with.
TAG: Final = f"rts{VERSION}"

#: Each phase's letter, by the phase's value (``Phase.PLAY.value`` is ``"play"``).
PHASE_LETTERS: Final = {"play": "p", "discard": "d", "round over": "r", "match over": "m"}

#: The options that set a rule: the fields of :class:`~raise_the_sum.Rules` but the number of
#: players (the number of hands says it), in their order.
RULE_OPTIONS: Final = tuple(field.name for field in attrs.fields(Rules) if field.name != "players")
_DEFAULT: Final = Rules()

#: A hand, the deck or the discard pile: its cards, or its size when not shown.
Pile = tuple[Card, ...] | int


def cards_text(cards: Sequence[Card]) -> str:
    """Cards written without spaces, or ``-`` for none."""
    return "".join(map(str, cards)) or "-"


def pile_text(pile: Pile) -> str:
    """A pile's cards, or ``?N`` for N cards not shown."""
    return f"?{pile}" if isinstance(pile, int) else cards_text(pile)


class _Phase(Protocol):
    @property
    def value(self) -> str: ...


class Table(Protocol):
    """The public table that a state, a view and a position all have (their public fields)."""

    @property
    def phase(self) -> _Phase: ...
    @property
    def current(self) -> int: ...
    @property
    def points(self) -> tuple[int, ...]: ...
    @property
    def to_beat(self) -> int | None: ...
    @property
    def standing(self) -> tuple[Card, ...]: ...
    @property
    def standing_seat(self) -> int | None: ...
    @property
    def passed(self) -> frozenset[int]: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def attack(self) -> object: ...


def position_text(
    table: Table, who: int | None, hands: Sequence[Pile], deck: Pile, discard: Pile
) -> str:
    """The notation's nine fields: ``table`` seen by ``who`` (None: the referee)."""
    return " ".join(
        (
            TAG,
            "*" if who is None else str(who),
            "|".join(map(pile_text, hands)),
            (
                f"{cards_text(table.standing)}@{table.standing_seat}={table.to_beat}"
                if table.standing
                else "-"
            ),
            f"{PHASE_LETTERS[table.phase.value]}{table.current}",
            ",".join(map(str, sorted(table.passed))) or "-",
            ",".join(map(str, table.points)),
            pile_text(deck),
            pile_text(discard),
        )
    )


def short_repr(
    table: Table, who: int | None, hands: Sequence[Pile], deck: int, discard: int
) -> str:
    """A state's or a view's ``repr``: its position with the piles as sizes, and no house deck."""
    text = position_text(table, who, hands, deck, discard)
    return (
        " ".join([f"<{type(table).__name__}", text, *rule_options(table.rules, deck=False)]) + ">"
    )


def rule_options(rules: Rules, *, deck: bool = True) -> list[str]:
    """The rules that differ from the standard game, as options ``name=value``.

    The number of players is the number of hands, so it is never an option.
    With ``deck=False`` a house deck is left out (a ``repr`` stays short).
    """
    options = []
    for name in RULE_OPTIONS:
        value = getattr(rules, name)
        if value != getattr(_DEFAULT, name) and (deck or name != "deck"):
            options.append(f"{name}={cards_text(value) if name == 'deck' else value}")
    return options


# -- HTML, for notebooks -----------------------------------------------------------------

#: The card colours of the guide, as the web page draws them (rule R1.5), and the ink on them.
CARD_COLOURS: Final = {
    Kind.ADD: ("#2563eb", "#ffffff"),
    Kind.MULTIPLY: ("#15803d", "#ffffff"),
    Kind.SUBTRACT: ("#dc2626", "#ffffff"),
    Kind.DIVIDE: ("#facc15", "#1a1a1a"),
    Kind.ZERO: ("#0b0b0b", "#ffffff"),
}
#: One style sheet per table, as pandas does: the cards by class, each kind its colour.
_STYLE: Final = (
    "<style>"
    ".rts-card{display:inline-block;min-width:1.6em;margin:0 1px;padding:0 .25em;"
    "border-radius:3px;text-align:center;font-weight:bold;font-family:monospace}"
    ".rts-back{color:#6b7280;font-style:italic}"
    ".rts-table td,.rts-table th{padding:.1em .6em;text-align:left}"
    + "".join(
        f".rts-{kind.value}{{background:{background};color:{ink}}}"
        for kind, (background, ink) in CARD_COLOURS.items()
    )
    + "</style>"
)


def card_html(card: Card) -> str:
    """One card: its sign in the guide's notation (×, ÷, −) on its colour.

    >>> from raise_the_sum import Card
    >>> card_html(Card.parse("/2"))
    '<span class="rts-card rts-divide" title="yellow">÷2</span>'
    """
    return (
        f'<span class="rts-card rts-{card.kind.value}" title="{card.colour}">'
        f"{escape(format(card, 'u'))}</span>"
    )


def _cards_html(cards: Sequence[Card]) -> str:
    return "".join(map(card_html, cards)) or '<span class="rts-back">no cards</span>'


def _pile_html(pile: Pile) -> str:
    if isinstance(pile, int):
        return f'<span class="rts-back">{pile} card{"s" if pile != 1 else ""}</span>'
    return _cards_html(pile)


def table_html(table: Table, title: str, hands: Sequence[Pile], deck: int, discard: int) -> str:
    """A small HTML table: one row per seat (hand, points, passes, the turn), and the table.

    ``title`` says whose table it is; ``deck`` and ``discard`` are the piles' sizes.
    """
    current = table.current
    doing = {
        "play": "to play",
        "discard": "to discard",
        "round over": "won the round",
        "match over": "won the match",
    }[table.phase.value]
    if table.standing:
        facing = (
            f"{_cards_html(table.standing)} by seat {table.standing_seat}: {table.to_beat} "
            f"to beat, attack {escape(str(table.attack))}"
        )
    else:
        facing = "no play stands: an opening"
    rows = []
    for seat, hand in enumerate(hands):
        notes = []
        if seat == current:
            notes.append(f"<b>{doing}</b>")
        if seat == table.standing_seat:
            notes.append("made the standing play")
        if seat in table.passed:
            notes.append("passed")
        rows.append(
            f"<tr><td>{seat}</td><td>{_pile_html(hand)}</td>"
            f"<td>{table.points[seat]}</td><td>{', '.join(notes)}</td></tr>"
        )
    return (
        _STYLE + '<table class="rts-table">'
        f'<caption style="text-align:left">{escape(title)}: seat {current} {doing}; '
        f"{facing}; deck {deck}, discard pile {discard}</caption>"
        "<tr><th>seat</th><th>hand</th><th>points</th><th></th></tr>" + "".join(rows) + "</table>"
    )
