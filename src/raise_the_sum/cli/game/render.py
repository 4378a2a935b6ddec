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
    Rules,
    explain,
)
from raise_the_sum.cli.game.screen import PromptKind
from raise_the_sum.cli.game.text import (
    Block,
    Line,
    Span,
    cards_line,
    cards_text,
    join,
    span,
)
from raise_the_sum.cli.guide import format_guide
from raise_the_sum.cli.rules import format_rule
from raise_the_sum.events import Event, Reshuffled
from raise_the_sum.lessons import Lesson
from raise_the_sum.rulebook import RULES, SECTIONS, Rule

__all__ = [
    "HAND_HELP",
    "confirm_help_block",
    "describe_action",
    "describe_event",
    "discard_block",
    "guide_block",
    "hand_block",
    "help_block",
    "hint_line",
    "match_header",
    "match_over_block",
    "name_span",
    "numbers_of",
    "play_span",
    "quick_guide_block",
    "round_header",
    "round_over_block",
    "rule_block",
    "rules_list_block",
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


def play_span(rules: Rules) -> str:
    """How many cards a play may have under ``rules`` (rule R4.2), in words.

    >>> play_span(Rules()), play_span(Rules(max_play=2)), play_span(Rules(min_play=2, max_play=2))
    ('1 to 5 cards', '1 to 2 cards', '2 cards')
    """
    if rules.min_play == rules.max_play:
        return _plural(rules.min_play, "card")
    return f"{rules.min_play} to {rules.max_play} cards"


def hand_block(hand: Sequence[Card], title: str = "Your hand") -> Block:
    """The hand as numbered, coloured chips (rule R1.5), in the order of rule R1.4."""
    numbers = join(
        *(
            join(
                " " if i else "",
                span(f"{i + 1:^4}".rstrip() if i == len(hand) - 1 else f"{i + 1:^4}", "number"),
            )
            for i in range(len(hand))
        )
    )
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
                f"  ·  round {round_number}  ·  first to {rules.points_to_win} points"
                f"  ·  deck {view.deck_size}"
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
            status = join(
                status, span(" · " if status else "", "dim"), span("made the standing play", "dim")
            )
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
        lines.append(
            join(
                "  No score to beat: ",
                span("this is an opening", "strong"),
                span(f" (any {play_span(rules)}; rule R4.3)", "dim"),
            )
        )
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


# -- the match's header, the prompts' blocks, hints, rules and help ---------------------------


def match_header(names: Sequence[str], rules: Rules, seed: int, *, tutorial: bool = False) -> Block:
    """The lines that open a match: who plays whom, the target, the seed, the clockwise order."""
    players = len(names)
    opponents = [name_span(s, names) for s in range(1, players)]
    versus: list[Line | str] = []
    for i, name in enumerate(opponents):
        versus.append(", " if 0 < i < len(opponents) - 1 else " and " if i else "")
        versus.append(join(name))
    clockwise: list[Line | str] = []
    for seat in range(players):
        clockwise.append(" → " if seat else "")
        clockwise.append(join(name_span(seat, names)))
    what = "the guided first hand" if tutorial else f"seed {seed}"
    return (
        (),
        join(
            span("Raise the Sum", "title"),
            span(" · ", "dim"),
            "You against ",
            *versus,
            span(f" · first to {rules.points_to_win} points · {what}", "dim"),
        ),
        join(
            span("Clockwise: ", "dim"),
            *clockwise,
            span(" · the last player in wins the round", "dim"),
        ),
        (),
    )


def round_header(opener: int, round_number: int, names: Sequence[str]) -> Line:
    """The line that starts a round: its number and who opens it (rule R5.3 from round 2)."""
    return join(
        span(f"── Round {round_number} · ", "title"),
        name_span(opener, names),
        span(" open" if opener == 0 else " opens", "title"),
        span(" ──", "title"),
        span(" everyone rejoins; the winner opens (rule R5.3)" if round_number > 1 else "", "dim"),
    )


def discard_block(view: PlayerView) -> Block:
    """What the discard prompt says first: the hand, and how many to discard (rule R4.8)."""
    hand = view.hand
    limit = view.rules.hand_limit
    excess = len(hand) - limit
    return (
        (),
        join(
            span(
                f"You hold {len(hand)} cards: keep at most {limit} at the end of your turn "
                f"(rule R4.8). Pick {excess} to discard.",
                "strong",
            )
        ),
        *hand_block(hand),
    )


def hint_line(view: PlayerView, action: Action, can_play: bool, lead: str = "Hint: ") -> Line:
    """The one line that suggests ``action`` to the player, whether from a bot or the guide.

    ``can_play`` says whether any play is legal, so that a suggested pass
    says why: to keep the cards (rule R4.5), or because nothing beats the
    score (rule R4.4).

    >>> from raise_the_sum import new_game, observe, parse_cards
    >>> from raise_the_sum.cli.game.text import plain
    >>> view = observe(new_game(seed=7), 0)
    >>> print(plain(hint_line(view, Play(parse_cards("+7 +6 -5")), True)))
    Hint: type 3 5 7 to play +6 +7 −5: 7 + 6 = 13, an opening; it attacks −5
    """
    hand = view.hand
    if isinstance(action, Play):
        e = explain(action.cards, view.attack)
        beats = "an opening" if not view.standing else f"which beats {view.to_beat}"
        line = join(
            span(lead + "type ", "hint"),
            span(" ".join(map(str, numbers_of(action.cards, hand))), "strong"),
            span(f" to play {cards_text(action.cards)}: {e}, {beats}", "hint"),
        )
        if not e.outgoing.is_none:
            line = join(line, span(f"; it attacks {e.outgoing}", "hint"))
        return line
    if isinstance(action, Discard):
        return join(
            span(lead + "type ", "hint"),
            span(" ".join(map(str, numbers_of(action.cards, hand))), "strong"),
            span(f" to discard {cards_text(action.cards)}", "hint"),
        )
    if can_play:
        return join(span(lead + "pass, and keep your cards for a later round (rule R4.5)", "hint"))
    return join(span(f"{lead}pass; nothing you hold beats {view.to_beat} (rule R4.4)", "hint"))


def guide_block(lesson: Lesson) -> Block:
    """What the guide of the first hand says now (:func:`raise_the_sum.lessons.lesson`)."""
    return (join(span("Guide: ", "hint"), span(lesson.text, "hint")),)


def rule_block(entry: Rule, width: int = 78) -> Block:
    """One rule as ``raise-the-sum rules ID`` shows it.

    The text is :func:`raise_the_sum.cli.rules.format_rule`'s, so the game
    and the command line word a rule the same.
    """
    first, *rest = format_rule(entry, width).splitlines()
    return (join(span(first, "title")), *(join(line) for line in rest))


def rules_list_block() -> Block:
    """Every rule's id and title, by section, and how to read one."""
    lines: list[Line] = []
    for number, title in SECTIONS.items():
        lines.append(join(span(f"{number}. {title}", "title")))
        lines.extend(join(f"  {r.id:<6}", r.title) for r in RULES.values() if r.section == number)
    lines.append(join(span("Type rule and an identifier (rule R4.4) to read one.", "dim")))
    return tuple(lines)


def quick_guide_block(width: int = 78) -> Block:
    """The game's quick guide in its own words, with the rule ids beside it (``guide``)."""
    first, *rest = format_guide(width).splitlines()
    return (join(span(first, "title")), *(join(line) for line in rest))


def describe_event(event: Event) -> Line | None:
    """A line for an event that no action's line already tells: a reshuffle (rule R6.1)."""
    if isinstance(event, Reshuffled):
        return join(
            span(
                "  The deck ran out: the discard pile is shuffled into a new deck of "
                f"{event.size} cards (rule R6.1)",
                "dim",
            )
        )
    return None


def help_block(kind: PromptKind) -> Block:
    """The commands that work at a prompt of ``kind``."""
    rows: list[tuple[str, str]]
    if kind is PromptKind.ROUND_OVER:
        rows = [("Enter", "start the next round now (rule R5.3)")]
    elif kind is PromptKind.MATCH_OVER:
        rows = [("Enter", "a fresh match")]
    elif kind is PromptKind.DISCARD:
        rows = [
            ("1 3", "discard the cards numbered 1 and 3 in your hand"),
            ("+1 -2", "discard those cards, written as on the cards"),
        ]
    else:
        rows = [
            ("1 3 5", "play the cards numbered 1, 3 and 5 in your hand"),
            ("+8 +4 x2", "play those cards, written as on the cards (×, ÷ and − work too)"),
            ("pass", "sit out the rest of the round and keep your cards (rule R4.5)"),
        ]
    rows += [
        ("hint", "the play a computer player would suggest"),
        ("guide", "the game's quick guide, with the rule ids beside it"),
        ("rule R4.4", "read a rule (R4.4, r4.4 or 4.4); rules lists them all"),
        ("new", "a fresh start (also: fresh start): the current match ends"),
        ("quit", "leave the game (Ctrl-D and Ctrl-C leave too)"),
        ("help", "this list"),
    ]
    return (
        join(span("Commands:", "title")),
        *(join("  ", span(f"{word:<10}", "strong"), text) for word, text in rows),
    )


def confirm_help_block() -> Block:
    """What works at the fresh start's y/n question."""
    rows = [
        ("y", "end this match and start a fresh one; the scores reset"),
        ("n", "go on with this match"),
        ("quit", "leave the game"),
    ]
    return (
        join(span("Answer:", "title")),
        *(join("  ", span(f"{word:<10}", "strong"), text) for word, text in rows),
    )
