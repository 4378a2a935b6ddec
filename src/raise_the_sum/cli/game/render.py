"""What the game shows, as styled :mod:`~raise_the_sum.cli.game.text`.

Every function here takes the table (a state, or one seat's view of it) and
the seats' names, and returns lines; none prints, and none knows a terminal
library. Seat 0 is the player, named "You"; the grammar follows ("You play",
"Riley plays").

>>> from raise_the_sum import Play, new_game, parse_cards
>>> from raise_the_sum.cli.game.text import plain
>>> state = new_game(seed=7)
>>> names = ("You", "Riley", "Sam", "Alex")
>>> print(plain(describe_action(state, Play(parse_cards("+7 +6 -5")), names)))
You open with +6 +7 −5: 7 + 6 = 13; attacks −5
"""

from __future__ import annotations

from collections.abc import Sequence

from raise_the_sum import (
    Action,
    Card,
    Discard,
    GameState,
    Kind,
    Pass,
    Phase,
    Play,
    PlayerView,
    explain,
)
from raise_the_sum.cli.game.text import (
    Block,
    Line,
    Span,
    cards_line,
    cards_text,
    join,
    span,
)

__all__ = [
    "HAND_HELP",
    "describe_action",
    "hand_block",
    "match_over_block",
    "name_span",
    "numbers_of",
    "round_over_block",
    "table_block",
]

#: How to pick cards, shown under the hand the first time and in the help.
HAND_HELP = "Pick cards by number (1 3 5) or by card (+8 +4 x2)."


def name_span(seat: int, names: Sequence[str]) -> Span:
    """A seat's name, styled as the player's or an opponent's."""
    return span(names[seat], "you" if seat == 0 else "opponent")


def _verb(seat: int, verb: str) -> str:
    if seat == 0:
        return verb
    if verb.endswith(("s", "sh", "ch")):
        return verb + "es"
    return verb + "s"


def _possessive(seat: int, names: Sequence[str]) -> Line:
    if seat == 0:
        return join(span("your", "you"))
    return join(name_span(seat, names), "'s")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def describe_action(state: GameState, action: Action, names: Sequence[str]) -> Line:
    """One line for ``action`` by ``state.current``, with the arithmetic of a play.

    ``state`` is the table before the action.
    """
    seat = state.current
    who = name_span(seat, names)
    if isinstance(action, Play):
        e = explain(action.cards, state.attack)
        if state.opening:
            head = join(who, f" {_verb(seat, 'open')} with ", cards_text(action.cards))
            tail: Line = ()
        else:
            head = join(who, f" {_verb(seat, 'play')} ", cards_text(action.cards))
            tail = join(", which beats ", span(str(state.to_beat), "score"))
        if not state.attack.is_none:
            head = join(head, " against ", span(str(state.attack), "attack"))
        line = join(head, ": ", span(str(e), "strong"), tail)
        if not e.outgoing.is_none:
            line = join(line, "; attacks ", span(str(e.outgoing), "attack"))
        return line
    if isinstance(action, Pass):
        return join(who, f" {_verb(seat, 'pass')}", span(" (out for the rest of the round)", "dim"))
    if isinstance(action, Discard):
        return join(
            who,
            f" {_verb(seat, 'discard')} ",
            cards_text(action.cards),
            span(f" (down to {state.rules.hand_limit} cards)", "dim"),
        )
    return join(span("The next round begins", "dim"))


def numbers_of(cards: Sequence[Card], hand: Sequence[Card]) -> tuple[int, ...]:
    """The hand numbers (1-based) that pick ``cards`` from ``hand``, lowest first.

    >>> from raise_the_sum import parse_cards
    >>> numbers_of(parse_cards("+5 x2 +5"), parse_cards("+1 +5 +5 x2"))
    (2, 3, 4)
    """
    used: set[int] = set()
    for card in cards:
        used.add(next(i for i, c in enumerate(hand) if c == card and i not in used))
    return tuple(sorted(i + 1 for i in used))


def hand_block(hand: Sequence[Card], title: str = "Your hand") -> Block:
    """The hand as numbered, coloured chips (rule R1.5), in the order of rule R1.4."""
    numbers = join(*(join(" " if i else "", span(f"{i + 1:^4}", "number")) for i in range(len(hand))))
    return (
        join(span(f"{title} ({_plural(len(hand), 'card')}):", "title")),
        join("  ", numbers),
        join("  ", cards_line(hand)),
    )


def table_block(view: PlayerView, names: Sequence[str], round_number: int) -> Block:
    """The table from the player's seat: every seat, the score to beat and the attack."""
    rules = view.rules
    lines: list[Line] = [
        join(
            span("Your turn" if view.to_act else f"Round {round_number}", "title"),
            span(
                f"  ·  round {round_number}  ·  first to {rules.points_to_win} points  ·  deck {view.deck_size}"
                f"  ·  discard pile {len(view.discard)}",
                "dim",
            ),
        )
    ]
    width = max(len(n) for n in names)
    for seat in range(rules.players):
        points = view.points[seat]
        pips = "●" * min(points, rules.points_to_win) + "○" * max(rules.points_to_win - points, 0)
        status: Line
        if view.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER) and seat == view.current:
            status = join(span("won the round", "win"))
        elif seat in view.passed:
            status = join(span("passed", "dim"))
        elif seat == view.current:
            status = join(span("to play" if view.phase is Phase.PLAY else "discarding", "strong"))
        else:
            status = ()
        if view.standing_seat == seat and view.standing:
            status = join(status, span(" · " if status else "", "dim"), span("made the standing play", "dim"))
        lines.append(
            join(
                "  ",
                span(f"{names[seat]:<{width}}", "you" if seat == 0 else "opponent"),
                "  ",
                span(pips, "win"),
                f"  {points} pt{'s' if points != 1 else ' '}",
                f"  {view.hand_sizes[seat]:>2} card{'s' if view.hand_sizes[seat] != 1 else ' '}",
                join("  ", status) if status else "",
            )
        )
    if view.opening:
        lines.append(join("  No score to beat: ", span("this is an opening", "strong"),
                          span(" (any 1 to 5 cards; rule R4.3)", "dim")))
    else:
        who = view.standing_seat if view.standing_seat is not None else view.current
        lines.append(
            join(
                "  Score to beat: ",
                span(str(view.to_beat), "score"),
                "  (",
                name_span(who, names),
                " played ",
                cards_text(view.standing),
                ")",
            )
        )
        if view.attack.is_none:
            lines.append(join("  Attack on the reply: ", span("none", "dim")))
        else:
            lines.append(
                join(
                    "  Attack on the reply: ",
                    span(str(view.attack), "attack"),
                    "  (from ",
                    _possessive(who, names),
                    " ",
                    cards_text(c for c in view.standing if c.kind in (Kind.SUBTRACT, Kind.DIVIDE)),
                    ")",
                )
            )
    return tuple(lines)


def round_over_block(state: GameState, names: Sequence[str], round_number: int) -> Block:
    """The brief result between rounds (rule R5.4): who won the round, and the points."""
    winner = state.current
    return (
        join(
            span("★ ", "win"),
            name_span(winner, names),
            f" {'are' if winner == 0 else 'is'} the last one in and ",
            span(f"{_verb(winner, 'win')} round {round_number}", "win"),
            span(" (rule R5.1)", "dim"),
        ),
        join("  Points: ", _points_line(state, names)),
    )


def match_over_block(state: GameState, names: Sequence[str]) -> Block:
    """The end of the match (rule R5.2): the winner and the final points."""
    winner = state.current
    others = sorted((p for s, p in enumerate(state.points) if s != winner), reverse=True)
    return (
        join(
            span("★★ ", "win"),
            name_span(winner, names),
            span(f" {_verb(winner, 'win')} the match", "win"),
            f", {state.points[winner]} points to {others[0]}",
            span(" (rule R5.2)", "dim"),
        ),
        join("  Final points: ", _points_line(state, names)),
    )


def _points_line(state: GameState, names: Sequence[str]) -> Line:
    parts: list[Span | str] = []
    for seat, points in enumerate(state.points):
        if seat:
            parts.append(span(" · ", "dim"))
        parts.extend((name_span(seat, names), f" {points}"))
    return join(*parts)
