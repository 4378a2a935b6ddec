"""The session: one player (seat 0, "You") against computer opponents.

A :class:`Session` runs matches on a :class:`~raise_the_sum.cli.game.screen.Screen`:
it shows the table and the hand, asks the player for a line, turns it into
an action (:mod:`~raise_the_sum.cli.game.commands`), has the library judge
it (:func:`~raise_the_sum.check`: a refusal is shown with the rule's
reason, and the same prompt comes again), and plays the opponents' turns in
between, each with its arithmetic. Every rule is the library's: the session
only asks ``legal_plays``, ``check`` and ``apply``.

Driven through a plain screen with scripted input, a session is a
transcript:

>>> import io
>>> from raise_the_sum.bots import OPPONENTS
>>> from raise_the_sum.cli.game.screen import PlainScreen
>>> out = io.StringIO()
>>> session = Session(PlainScreen(io.StringIO("9\\nquit\\n"), out, echo=True),
...                   [OPPONENTS["riley"]], seeds=iter([3]))
>>> session.run()
0
>>> print(out.getvalue()[out.getvalue().index("Your opening"):], end="")
Your opening › 9
✗ there is no card 9: your hand has 8 cards, numbered 1 to 8 (rule R4.2)
Your opening › quit
Bye! (This was seed 3; replay it with --seed 3.)
"""

from __future__ import annotations

import enum
import textwrap
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from raise_the_sum import (
    Action,
    Discard,
    GameState,
    NextRound,
    Pass,
    Phase,
    Play,
    Rng,
    Rules,
    apply,
    check,
    explain,
    legal_plays,
    new_game,
    observe,
)
from raise_the_sum.bots import Bot, suggest
from raise_the_sum.cli.game.commands import (
    Command,
    Enter,
    Fresh,
    Help,
    Hint,
    InputError,
    PassTurn,
    Quit,
    ReadRule,
    parse_command,
    parse_yes_no,
)
from raise_the_sum.cli.game.render import (
    HAND_HELP,
    describe_action,
    hand_block,
    match_over_block,
    name_span,
    numbers_of,
    round_over_block,
    table_block,
)
from raise_the_sum.cli.game.screen import Prompt, PromptKind, Screen
from raise_the_sum.cli.game.text import Block, Line, cards_text, join, span
from raise_the_sum.cli.game.tutorial import Tutorial
from raise_the_sum.cli import EXIT_INTERRUPT
from raise_the_sum.rulebook import RULES, SECTIONS, Source, rule

__all__ = ["EXIT_INTERRUPT", "EXIT_OK", "FRESH_START", "Session", "seat_names"]

#: The exit status after quitting or at the end of input.
EXIT_OK: Final = 0

#: The page's words for a fresh start.
FRESH_START: Final = "Fresh start: Your current match will end and the scores will reset."

_WIDTH: Final = 76


class _Control(enum.Enum):
    QUIT = "quit"
    FRESH = "fresh"


def seat_names(opponents: Sequence[Bot]) -> tuple[str, ...]:
    """"You", then each opponent's name capitalised; a repeated name gets its count.

    >>> from raise_the_sum.bots import make_bot
    >>> seat_names([make_bot("riley"), make_bot("greedy"), make_bot("greedy")])
    ('You', 'Riley', 'Greedy', 'Greedy 2')
    """
    names = ["You"]
    for bot in opponents:
        base = bot.name.capitalize()
        name, n = base, 1
        while name in names:
            n += 1
            name = f"{base} {n}"
        names.append(name)
    return tuple(names)


def _no_pause() -> None:
    pass


class Session:
    """Matches between the player, in seat 0, and ``opponents`` in seats 1, 2, ...

    ``seeds`` gives each match's seed: the first match's, then one for each
    fresh start. ``tutorial`` guides the first hand. ``pause`` is called
    before each opponent's action, to pace the table (the tests pass none).
    The opponents' choices and the hints each draw on their own generator,
    seeded from the match's seed, so that asking for a hint never changes
    how the opponents play.
    """

    def __init__(
        self,
        screen: Screen,
        opponents: Sequence[Bot],
        *,
        seeds: Iterator[int],
        tutorial: bool = False,
        pause: Callable[[], None] = _no_pause,
    ) -> None:
        if not 1 <= len(opponents) <= 3:
            raise ValueError(f"opponents: 1 to 3 opponents (2 to 4 players), got {len(opponents)}")
        self.screen = screen
        self.bots = tuple(opponents)
        self.names = seat_names(opponents)
        self._seeds = seeds
        self._tutorial = Tutorial(self.names) if tutorial else None
        self._pause = pause
        self._told_how = False
        #: The match's seed.
        self.seed = 0
        #: The table now.
        self.state: GameState | None = None
        #: The round under way, from 1.
        self.round_number = 0
        #: How many matches this session has started.
        self.matches = 0
        self._bot_rng = Rng.from_seed(0)
        self._hint_rng = Rng.from_seed(0)

    # -- the loop ------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the player quits, the input ends, or Ctrl-C; return the exit status."""
        try:
            self._start_match()
            while self._step():
                pass
        except EOFError:
            self._show(join(span(f"End of input: bye! (This was seed {self.seed}.)", "dim")))
            return EXIT_OK
        except KeyboardInterrupt:
            self._show((), join(span(f"Interrupted: bye! (This was seed {self.seed}.)", "dim")))
            return EXIT_INTERRUPT
        self._show(join(span(f"Bye! (This was seed {self.seed}; replay it with --seed {self.seed}.)", "dim")))
        return EXIT_OK

    def _table(self) -> GameState:
        assert self.state is not None, "the match has started"
        return self.state

    def _step(self) -> bool:
        """One step: a prompt or an opponent's action. False when the player quits."""
        state = self._table()
        if state.phase is Phase.MATCH_OVER:
            outcome = self._ask(Prompt(
                PromptKind.MATCH_OVER,
                join(span("Enter for a fresh match, or quit › ", "prompt"))))
        elif state.phase is Phase.ROUND_OVER:
            outcome = self._ask(Prompt(
                PromptKind.ROUND_OVER,
                join(span(f"Press Enter for round {self.round_number + 1} › ", "prompt"))))
        elif state.current == 0:
            outcome = self._ask(self._player_prompt(state))
        else:
            self._opponent_turn(state)
            return True
        if outcome is _Control.QUIT:
            return False
        if outcome is _Control.FRESH:
            self._tutorial = None
            self._start_match()
            return True
        self._apply(outcome)
        return True

    def _start_match(self) -> None:
        self.seed = next(self._seeds)
        self.matches += 1
        players = len(self.names)
        self.state = new_game(Rules(players=players), seed=self.seed)
        x, rng = Rng.from_seed(self.seed).next_u64()
        y, _ = rng.next_u64()
        self._bot_rng, self._hint_rng = Rng.from_seed(x), Rng.from_seed(y)
        self.round_number = 1
        opponents = [name_span(s, self.names) for s in range(1, players)]
        versus: list[Line | str] = []
        for i, name in enumerate(opponents):
            versus.append(", " if 0 < i < len(opponents) - 1 else " and " if i else "")
            versus.append(join(name))
        clockwise: list[Line | str] = []
        for seat in range(players):
            clockwise.append(" → " if seat else "")
            clockwise.append(join(name_span(seat, self.names)))
        self._show(
            (),
            join(span("Raise the Sum", "title"), span(" · ", "dim"), "You against ", *versus,
                 span(f" · first to {self._table().rules.points_to_win} points · seed {self.seed}", "dim")),
            join(span("Clockwise: ", "dim"), *clockwise, span(" · the last player in wins the round", "dim")),
            (),
            self._round_header(),
        )

    def _round_header(self) -> Line:
        state = self._table()
        opener = state.current
        return join(
            span(f"── Round {self.round_number} · ", "title"),
            name_span(opener, self.names),
            span(" open" if opener == 0 else " opens", "title"),
            span(" ──", "title"),
            span(" everyone rejoins; the winner opens (rule R5.3)" if self.round_number > 1 else "", "dim"),
        )

    def _player_prompt(self, state: GameState) -> Prompt:
        view = observe(state, 0)
        hand = view.hand
        if state.phase is Phase.DISCARD:
            excess = len(hand) - state.rules.hand_limit
            self._show(
                (),
                join(span(f"You hold {len(hand)} cards: keep at most {state.rules.hand_limit} "
                          f"at the end of your turn (rule R4.8). Pick {excess} to discard.", "strong")),
                *hand_block(hand),
            )
            return Prompt(PromptKind.DISCARD, join(span(f"Discard {excess} › ", "prompt")))
        self._show((), *table_block(view, self.names, self.round_number), *hand_block(hand))
        if self._tutorial is not None and self._tutorial.active:
            hint, _ = suggest(view, legal_plays(state), self._hint_rng)
            self._show(*self._tutorial.before_play(state, hint))
        if not self._told_how:
            self._told_how = True
            self._show(join(span(HAND_HELP + " Or: pass, hint, rule R4.4, new, quit, help.", "dim")))
        if state.opening:
            text = "Your opening › "
        else:
            text = f"Your reply (beat {state.to_beat}) › "
        return Prompt(PromptKind.PLAY, join(span(text, "prompt")))

    def _opponent_turn(self, state: GameState) -> None:
        seat = state.current
        legal = legal_plays(state)
        action, self._bot_rng = self.bots[seat - 1].choose(observe(state, seat), legal, self._bot_rng)
        if not isinstance(action, Discard):  # a discard follows its pass at once
            self._pause()
        self._apply(action)

    def _apply(self, action: Action) -> None:
        before = self._table()
        if isinstance(action, NextRound):
            self.state = apply(before, action)
            self.round_number += 1
            self._show((), self._round_header())
            return
        self._show(join("  ", describe_action(before, action, self.names)))
        if before.current == 0 and self._tutorial is not None:
            self._show(*self._tutorial.after_action(before, action))
        after = apply(before, action)
        self.state = after
        if after.phase is Phase.ROUND_OVER or after.phase is Phase.MATCH_OVER:
            self._show((), *round_over_block(after, self.names, self.round_number))
            if after.phase is Phase.MATCH_OVER:
                self._show(*match_over_block(after, self.names))
            elif self._tutorial is not None:
                self._show(*self._tutorial.between_rounds())

    # -- the prompts -----------------------------------------------------------------------

    def _ask(self, prompt: Prompt) -> Action | _Control:
        """Ask until the answer is a legal action or a quit or fresh start."""
        while True:
            text = self.screen.ask(prompt)
            try:
                command = parse_command(text, self._table().hands[0])
            except InputError as error:
                self._refuse(str(error))
                continue
            outcome = self._handle(command, prompt.kind)
            if outcome is not None:
                return outcome

    def _handle(self, command: Command, kind: PromptKind) -> Action | _Control | None:
        """The outcome of ``command`` at a prompt of ``kind``; None to ask again."""
        state = self._table()
        if isinstance(command, Quit):
            return _Control.QUIT
        if isinstance(command, Fresh):
            if kind is PromptKind.MATCH_OVER or self._confirm_fresh():
                return _Control.FRESH
            return None
        if isinstance(command, Help):
            self._show(*_help(kind))
            return None
        if isinstance(command, ReadRule):
            self._read_rule(command.rule_id)
            return None
        if isinstance(command, Hint):
            self._hint(kind)
            return None
        if kind is PromptKind.ROUND_OVER:
            if isinstance(command, Enter):
                return NextRound()
            self._refuse(f"the round is over: press Enter to start round {self.round_number + 1} (rule R5.4)")
            return None
        if kind is PromptKind.MATCH_OVER:
            if isinstance(command, Enter):
                return _Control.FRESH
            self._refuse("the match is over: press Enter for a fresh match, or type quit (rule R5.2)")
            return None
        action: Action
        if isinstance(command, Enter):
            if kind is PromptKind.DISCARD:
                excess = len(state.hands[0]) - state.rules.hand_limit
                self._refuse(f"pick {excess} card{'s' if excess > 1 else ''} to discard, "
                             "by number (1) or by card (+1) (rule R4.8)")
            else:
                self._refuse("pick cards by number (1 3 5) or by card (+8 +4 x2), or pass; "
                             "help lists the commands")
            return None
        if isinstance(command, PassTurn):
            action = Pass()
        elif kind is PromptKind.DISCARD:
            action = Discard(command.cards)
        else:
            action = Play(command.cards)
        verdict = check(state, action)
        if verdict.legal:
            return action
        self._refuse(f"{verdict.reason} (rule {verdict.rule})")
        if isinstance(action, Play) and verdict.explanation is not None and verdict.rule == "R4.4":
            self._show(join("  ", span(f"{cards_text(action.cards)}: {verdict.explanation}", "dim")))
        return None

    def _confirm_fresh(self) -> bool:
        self._show(join(span(FRESH_START, "strong")))
        prompt = Prompt(PromptKind.CONFIRM, join(span("Start a fresh match? (y/n) › ", "prompt")))
        while True:
            try:
                yes = parse_yes_no(self.screen.ask(prompt))
            except InputError as error:
                self._refuse(str(error))
                continue
            if not yes:
                self._show(join(span("The match goes on.", "dim")))
            return yes

    def _read_rule(self, rule_id: str | None) -> None:
        if rule_id is None:
            lines: list[Line] = []
            for number, title in SECTIONS.items():
                lines.append(join(span(f"{number}. {title}", "title")))
                lines.extend(join(f"  {r.id:<6}", r.title) for r in RULES.values() if r.section == number)
            lines.append(join(span("Type rule and an identifier (rule R4.4) to read one.", "dim")))
            self._show(*lines)
            return
        try:
            found = rule(rule_id)
        except KeyError as error:
            self._refuse(str(error.args[0]))
            return
        source = "the guide" if found.source is Source.GUIDE else "a ruling of this library"
        self._show(
            join(span(f"{found.id}  {found.title}", "title"), span(f"  ({source})", "dim")),
            *(join(line) for line in textwrap.wrap(found.text, _WIDTH, initial_indent="  ",
                                                   subsequent_indent="  ")),
        )

    def _hint(self, kind: PromptKind) -> None:
        state = self._table()
        if kind is PromptKind.ROUND_OVER:
            self._show(join(span("Hint: press Enter to start the next round.", "hint")))
            return
        if kind is PromptKind.MATCH_OVER:
            self._show(join(span("Hint: press Enter for a fresh match.", "hint")))
            return
        legal = legal_plays(state)
        action, self._hint_rng = suggest(observe(state, 0), legal, self._hint_rng)
        hand = state.hands[0]
        line: Line
        if isinstance(action, Play):
            e = explain(action.cards, state.attack)
            beats = "an opening" if state.opening else f"which beats {state.to_beat}"
            line = join(span("Hint: type ", "hint"), span(" ".join(map(str, numbers_of(action.cards, hand))), "strong"),
                        span(f" to play {cards_text(action.cards)}: {e}, {beats}", "hint"))
            if not e.outgoing.is_none:
                line = join(line, span(f"; it attacks {e.outgoing}", "hint"))
        elif isinstance(action, Discard):
            line = join(span("Hint: type ", "hint"), span(" ".join(map(str, numbers_of(action.cards, hand))), "strong"),
                        span(f" to discard {cards_text(action.cards)}", "hint"))
        elif any(isinstance(a, Play) for a in legal):
            line = join(span("Hint: pass, and keep your cards for a later round (rule R4.5)", "hint"))
        else:
            line = join(span(f"Hint: pass; nothing you hold beats {state.to_beat} (rule R4.4)", "hint"))
        self._show(line)

    # -- output ---------------------------------------------------------------------------

    def _show(self, *lines: Line) -> None:
        self.screen.show(lines)

    def _refuse(self, reason: str) -> None:
        self._show(join(span("✗ ", "error"), span(reason, "error")))


def _help(kind: PromptKind) -> Block:
    rows: list[tuple[str, str]]
    if kind is PromptKind.ROUND_OVER:
        rows = [("Enter", "start the next round (rule R5.3)")]
    elif kind is PromptKind.MATCH_OVER:
        rows = [("Enter", "a fresh match")]
    elif kind is PromptKind.DISCARD:
        rows = [("1 3", "discard the cards numbered 1 and 3 in your hand"),
                ("+1 -2", "discard those cards, written as on the cards")]
    else:
        rows = [("1 3 5", "play the cards numbered 1, 3 and 5 in your hand"),
                ("+8 +4 x2", "play those cards, written as on the cards (×, ÷ and − work too)"),
                ("pass", "sit out the rest of the round and keep your cards (rule R4.5)")]
    rows += [
        ("hint", "the play a computer player would suggest"),
        ("rule R4.4", "read a rule; rules lists them all"),
        ("new", "a fresh start: the current match ends and the scores reset"),
        ("quit", "leave the game (Ctrl-D and Ctrl-C leave too)"),
        ("help", "this list"),
    ]
    return (join(span("Commands:", "title")),
            *(join("  ", span(f"{word:<10}", "strong"), text) for word, text in rows))
