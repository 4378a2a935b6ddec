"""A minimal terminal front end: you, at seat 0, against three simple computer players.

On your turn, type the cards to play in the game's notation (``+8 +4 x2``; the
guide's ``×``, ``÷`` and ``−`` work too) or ``pass``; above the hand limit, type
the cards to discard. A bad entry is refused with its reason and you try again.
End the input (Ctrl-D) to leave. Run it with:

    python examples/minimal_frontend.py

The match driver (``raise_the_sum.driver``) runs the computer players until
it is your turn; what happened comes back as events, which this front end
prints as you may see them. ``json_turn`` is the same game for a client that
speaks JSON, through ``raise_the_sum.wire``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

import attrs

from raise_the_sum import (
    Action,
    Discard,
    IllegalAction,
    Pass,
    Phase,
    Play,
    PlayerView,
    Rng,
    explain,
    legal_plays,
    new_game,
    parse_cards,
    wire,
)
from raise_the_sum.driver import Move, NextRoundBy, Table, act, run_bots
from raise_the_sum.events import Discarded, Drew, MatchWon, Passed, Played, RoundWon

NAMES = ("You", "Riley", "Sam", "Alex")


@attrs.frozen
class FirstLegal:
    """A simple computer player: the first legal action (the fewest, lowest cards)."""

    name: str = "first legal"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        return legal[0], rng


def start(seed: int = 2026) -> Table:
    """A match from ``seed``: you at seat 0 (``None``: the caller plays it), bots at the rest."""
    return Table.start(
        new_game(seed=seed),
        [None, FirstLegal(), FirstLegal(), FirstLegal()],
        Rng.from_seed(seed),
        next_round=NextRoundBy.DRIVER,
    )


def prompt(view: PlayerView) -> str:
    """What the human sees before typing: their hand and what they face."""
    hand = " ".join(format(card, "u") for card in view.hand)
    if view.phase is Phase.DISCARD:
        return f"Your hand: {hand}. Discard down to {view.rules.hand_limit}: "
    if view.to_beat is None:
        return f"Your hand: {hand}. Open with 1 to {view.rules.max_play} cards: "
    return (
        f"Your hand: {hand}. To beat: {view.to_beat}; attack on you: {view.attack}. Play or pass: "
    )


def describe(move: Move, view: PlayerView) -> list[str]:
    """The lines for one move, from its events as seat 0 may see them."""
    lines = []
    events = move.observed(0)
    for event in events:
        if isinstance(event, Played):
            cards = " ".join(format(card, "u") for card in event.cards)
            arithmetic = explain(event.cards, event.faced)
            lines.append(
                f"{NAMES[event.seat]}: {cards}  ->  {arithmetic}; "
                f"attack sent: {arithmetic.outgoing}"
            )
        elif isinstance(event, Passed):
            lines.append(f"{NAMES[event.seat]}: pass")
        elif isinstance(event, Discarded):
            lines.append(f"{NAMES[event.seat]}: {Discard(event.cards)}")
        elif isinstance(event, Drew) and event.card is not None:  # only our own draws show
            lines.append(f"  (you drew {event.card:u})")
        elif isinstance(event, RoundWon) and not any(isinstance(e, MatchWon) for e in events):
            points = ", ".join(f"{name} {p}" for name, p in zip(NAMES, view.points, strict=True))
            lines.append(f"{NAMES[event.seat]} won the round ({points}). Next round.")
        elif isinstance(event, MatchWon):
            lines.append(f"{NAMES[event.seat]} won the match, {event.points} points.")
    return lines


def read_action(text: str, view: PlayerView) -> Action:
    """The action a typed line means: ``pass``, a discard in the discard phase, else a play."""
    if text == "pass":
        return Pass()
    if view.phase is Phase.DISCARD:
        return Discard(parse_cards(text))
    return Play(parse_cards(text))


def main(
    read: Callable[[str], str] = input, write: Callable[[str], None] = print, seed: int = 2026
) -> int:
    """Play one match from ``seed``; ``read`` and ``write`` are the terminal."""

    def show(table: Table, move: Move) -> None:
        for line in describe(move, table.view(0)):
            write(line)

    table = start(seed)
    while True:
        table, _ = run_bots(table, hook=show)  # the bots, until it is your turn
        if table.over:
            return 0
        view = table.view(0)
        try:
            text = read(prompt(view)).strip()
        except (EOFError, KeyboardInterrupt):  # end of input, or Ctrl-C
            write("Bye.")
            return 0
        try:  # an IllegalAction is a ValueError too; the table stays as it was
            table, move = act(table, read_action(text, view), seat=0)
        except ValueError as error:
            write(f"  Not allowed: {error}")
            continue
        show(table, move)


def json_turn(table: Table, text: str) -> tuple[Table, str]:
    """One exchange with a client that speaks JSON, for seat 0: its action in, the news out.

    ``text`` is an action in the wire format (``{"type": "pass"}``). The
    answer holds the events that seat 0 may see (its own move's, then the
    bots'), its view, and its legal actions when it is to act, all encoded by
    ``raise_the_sum.wire``. Bad input or an illegal action gets the wire
    format's error document instead, and the table is unchanged.
    """
    try:
        table, move = act(table, wire.loads(Action, text), seat=0)
    except (wire.WireError, IllegalAction) as error:
        return table, wire.dumps(error)
    table, more = run_bots(table)
    events = [wire.encode(event) for m in (move, *more) for event in m.observed(0)]
    legal = [wire.encode(a) for a in legal_plays(table.state)] if table.waiting_for == 0 else []
    answer = {"events": events, "view": wire.encode(table.view(0)), "legal": legal}
    return table, json.dumps(answer, separators=(",", ":"))


if __name__ == "__main__":
    raise SystemExit(main())
