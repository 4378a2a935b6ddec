"""The session: one player (seat 0, "You") against computer opponents.

A :class:`Session` runs matches on a :class:`~raise_the_sum.cli.game.screen.Screen`:
it asks the player for a line, turns it into an action
(:mod:`~raise_the_sum.cli.game.commands`), has the library judge it
(:func:`~raise_the_sum.check`: a refusal is shown with the rule's reason,
and the same prompt comes again), and plays the opponents' turns in between.
Every rule is the library's: the session only asks ``legal_plays``, ``check``
and ``step``; what it shows is drawn by
:mod:`~raise_the_sum.cli.game.render`.

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
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from raise_the_sum import (
    Action,
    Card,
    Discard,
    GameState,
    NextRound,
    Pass,
    Phase,
    Play,
    PlayerView,
    Rng,
    Rules,
    check,
    legal_plays,
    new_game,
    observe,
)
from raise_the_sum.bots import Bot, suggest
from raise_the_sum.cli import EXIT_INTERRUPT
from raise_the_sum.cli.game.commands import (
    Command,
    Enter,
    Fresh,
    Guide,
    Help,
    Hint,
    InputError,
    PassTurn,
    Pick,
    Quit,
    ReadRule,
    parse_answer,
    parse_command,
    parse_word,
)
from raise_the_sum.cli.game.render import (
    HAND_HELP,
    confirm_help_block,
    describe_action,
    describe_event,
    discard_block,
    hand_block,
    help_block,
    hint_line,
    match_header,
    match_over_block,
    quick_guide_block,
    round_header,
    round_over_block,
    rule_block,
    rules_list_block,
    table_block,
)
from raise_the_sum.cli.game.screen import Prompt, PromptKind, Screen
from raise_the_sum.cli.game.text import Line, cards_text, join, span
from raise_the_sum.cli.game.tutorial import Tutorial
from raise_the_sum.driver import Move, NextRoundBy, Table, act, run_bots
from raise_the_sum.lessons import BOTS as TUTORIAL_BOTS
from raise_the_sum.lessons import tutorial_deck, tutorial_game
from raise_the_sum.records import MatchRecord, seat_tag
from raise_the_sum.rulebook import rule

__all__ = [
    "EXIT_INTERRUPT",
    "EXIT_OK",
    "FRESH_START",
    "ROUND_PAUSE",
    "Session",
    "seat_names",
]

#: The exit status after quitting or at the end of input.
EXIT_OK: Final = 0

#: The page's words for a fresh start.
FRESH_START: Final = "Fresh start: Your current match will end and the scores will reset."

#: The default pause, in seconds, between a round's brief result and the next round (rule R5.4).
ROUND_PAUSE: Final = 3.0

_WIDTH: Final = 76


class _Control(enum.Enum):
    QUIT = "quit"
    FRESH = "fresh"


def seat_names(opponents: Sequence[Bot]) -> tuple[str, ...]:
    """ "You", then each opponent's name capitalised; a repeated name gets its count.

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
    fresh start. ``tutorial`` makes the first match the guided first hand
    (:mod:`raise_the_sum.lessons`), which needs the page's table: Riley, Sam
    and Alex. ``pause`` is called before each opponent's action, to pace
    the table (the tests pass none). After a round's brief result the next
    round starts by itself after ``round_pause`` seconds, or at once when the
    player presses Enter; ``round_pause=None`` waits for Enter instead.
    ``record`` is called with the match's :class:`~raise_the_sum.MatchRecord`
    and the match's number (1 for the first) at its start and after every
    action, to save it.

    The opponents' choices (one generator per bot, :meth:`Table.start
    <raise_the_sum.driver.Table.start>`) and the hints draw on their own
    generators, split from the match's seed, so that asking for a hint never
    changes how the opponents play.
    """

    def __init__(
        self,
        screen: Screen,
        opponents: Sequence[Bot],
        *,
        seeds: Iterator[int],
        tutorial: bool = False,
        pause: Callable[[], None] = _no_pause,
        round_pause: float | None = None,
        record: Callable[[MatchRecord, int], None] | None = None,
    ) -> None:
        if not 1 <= len(opponents) <= 3:
            raise ValueError(f"opponents: 1 to 3 opponents (2 to 4 players), got {len(opponents)}")
        if tutorial and tuple(bot.name for bot in opponents) != TUTORIAL_BOTS:
            raise ValueError(
                "tutorial: the guided first hand is played against Riley, Sam and Alex"
            )
        self.screen = screen
        self.bots = tuple(opponents)
        self.names = seat_names(opponents)
        self._seeds = seeds
        self._tutorial = Tutorial() if tutorial else None
        self._pause = pause
        self._round_pause = round_pause
        self._record = record
        self._told_how = False
        #: The match's seed.
        self.seed = 0
        self._match: Table | None = None
        #: The round under way, from 1.
        self.round_number = 0
        #: How many matches this session has started.
        self.matches = 0
        #: The actions of the match so far, in order.
        self.actions: list[Action] = []
        self._stacked: tuple[Card, ...] | None = None
        self._hint_rng = Rng.from_seed(0)

    @property
    def state(self) -> GameState | None:
        """The table now; None before the first match starts."""
        return None if self._match is None else self._match.state

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
        self._show(
            join(
                span(f"Bye! (This was seed {self.seed}; replay it with --seed {self.seed}.)", "dim")
            )
        )
        return EXIT_OK

    def _table(self) -> GameState:
        assert self.state is not None, "the match has started"
        return self.state

    def _step(self) -> bool:
        """One step: a prompt or an opponent's action. False when the player quits."""
        state = self._table()
        if state.phase is Phase.MATCH_OVER:
            outcome = self._ask(
                Prompt(
                    PromptKind.MATCH_OVER,
                    join(span("Enter for a fresh match, or quit › ", "prompt")),
                )
            )
        elif state.phase is Phase.ROUND_OVER:
            outcome = self._between_rounds()
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

    def _between_rounds(self) -> Action | _Control:
        """The brief result's end: the next round by itself after the pause, or on Enter."""
        wait = Prompt(
            PromptKind.ROUND_OVER,
            join(span(f"Press Enter for round {self.round_number + 1} › ", "prompt")),
        )
        if self._round_pause is None:
            return self._ask(wait)
        timed = Prompt(
            PromptKind.ROUND_OVER,
            join(
                span(f"Round {self.round_number + 1} starts in a moment (Enter: now) › ", "prompt")
            ),
        )
        line = self.screen.wait(timed, self._round_pause)
        if line is None:
            return NextRound()
        outcome = self._answer(line, PromptKind.ROUND_OVER)
        return self._ask(wait) if outcome is None else outcome

    def _start_match(self) -> None:
        self.seed = next(self._seeds)
        self.matches += 1
        tutorial = self._tutorial is not None
        if tutorial:
            first = tutorial_game(seed=self.seed)
            self._stacked = tutorial_deck()
        else:
            first = new_game(Rules(players=len(self.names)), seed=self.seed)
            self._stacked = None
        self.actions = []
        self._hint_rng, bots_rng = Rng.from_seed(self.seed).split()
        # The player sends NextRound() between rounds (after the pause, or on Enter).
        self._match = Table.start(
            first, (None, *self.bots), bots_rng, next_round=NextRoundBy.CALLER
        )
        self.round_number = 1
        self._show(
            *match_header(self.names, self._table().rules, self.seed, tutorial=tutorial),
            round_header(self._table().current, self.round_number, self.names),
        )
        self._save()

    @property
    def record(self) -> MatchRecord:
        """The match so far as a record: rules, seed, stacked deck if any, actions, seat names."""
        state = self._table()
        return MatchRecord(
            rules=state.rules,
            seed=self.seed,
            actions=tuple(self.actions),
            deck=self._stacked,
            tags={
                "Event": "raise-the-sum play",
                **{seat_tag(seat): name for seat, name in enumerate(self.names)},
            },
        )

    def _save(self) -> None:
        if self._record is not None:
            self._record(self.record, self.matches)

    def _player_prompt(self, state: GameState) -> Prompt:
        view = observe(state, 0)
        if state.phase is Phase.DISCARD:
            self._show(*discard_block(view))
            self._guide(view)
            excess = len(view.hand) - state.rules.hand_limit
            return Prompt(PromptKind.DISCARD, join(span(f"Discard {excess} › ", "prompt")))
        self._show((), *table_block(view, self.names, self.round_number), *hand_block(view.hand))
        self._guide(view)
        if not self._told_how:
            self._told_how = True
            self._show(
                join(span(HAND_HELP + " Or: pass, hint, guide, rule R4.4, new, quit, help.", "dim"))
            )
        text = "Your opening › " if state.opening else f"Your reply (beat {state.to_beat}) › "
        return Prompt(PromptKind.PLAY, join(span(text, "prompt")))

    def _guide(self, view: PlayerView) -> None:
        """Show what the guide of the first hand has to say now, if anything new."""
        if self._tutorial is not None:
            self._show(*self._tutorial.update(view))

    def _opponent_turn(self, state: GameState) -> None:
        """The opponents act (the match driver), each shown as it happens, until the player must."""
        assert self._match is not None
        if state.phase is Phase.PLAY:
            self._pause()
        run_bots(self._match, hook=self._bot_moved)

    def _bot_moved(self, table: Table, move: Move) -> None:
        before = self._table()
        self._match = table
        self._shown(before, move)
        if table.driver_to_act and table.state.phase is Phase.PLAY:
            self._pause()  # a discard follows its pass at once; a play or a pass is paced

    def _apply(self, action: Action) -> None:
        """The player's action (or the NextRound() the player sends), through the driver."""
        assert self._match is not None
        before = self._table()
        self._match, move = act(self._match, action)
        self._shown(before, move)

    def _shown(self, before: GameState, move: Move) -> None:
        """Show one move: its line, its reshuffles (rule R6.1), a round's or match's end."""
        action = move.action
        after = self._table()
        self.actions.append(action)
        if isinstance(action, NextRound):
            self.round_number += 1
            self._show((), round_header(after.current, self.round_number, self.names))
        else:
            self._show(join("  ", describe_action(before, action, self.names)))
        for event in move.observed(0):
            line = describe_event(event)
            if line is not None:
                self._show(line)
        if after.phase is Phase.ROUND_OVER or after.phase is Phase.MATCH_OVER:
            self._show((), *round_over_block(after, self.names, self.round_number))
            if after.phase is Phase.MATCH_OVER:
                self._show(*match_over_block(after, self.names))
        if after.current != 0 or after.phase not in (Phase.PLAY, Phase.DISCARD):
            self._guide(observe(after, 0))
        self._save()

    # -- the prompts -----------------------------------------------------------------------

    def _ask(self, prompt: Prompt) -> Action | _Control:
        """Ask until the answer is a legal action or a quit or fresh start."""
        while True:
            outcome = self._answer(self.screen.ask(prompt), prompt.kind)
            if outcome is not None:
                return outcome

    def _answer(self, text: str, kind: PromptKind) -> Action | _Control | None:
        """What a line typed at a prompt of ``kind`` comes to; None to ask again."""
        try:
            if kind in (PromptKind.ROUND_OVER, PromptKind.MATCH_OVER):
                command = parse_word(text)
                if command is None:
                    self._refuse(self._between_reason(kind))
                    return None
            else:
                command = parse_command(text, self._table().hands[0])
        except InputError as error:
            self._refuse(str(error))
            return None
        return self._handle(command, kind)

    def _between_reason(self, kind: PromptKind) -> str:
        if kind is PromptKind.ROUND_OVER:
            return (
                f"the round is over: press Enter to start round {self.round_number + 1} (rule R5.4)"
            )
        return "the match is over: press Enter for a fresh match, or type quit (rule R5.2)"

    def _handle(self, command: Command, kind: PromptKind) -> Action | _Control | None:
        """The outcome of ``command`` at a prompt of ``kind``; None to ask again."""
        state = self._table()
        if isinstance(command, Quit):
            return _Control.QUIT
        if isinstance(command, Fresh):
            if kind is PromptKind.MATCH_OVER:
                return _Control.FRESH
            return self._confirm_fresh()
        if isinstance(command, Help):
            self._show(*help_block(kind))
            return None
        if isinstance(command, Guide):
            self._show(*quick_guide_block(_WIDTH))
            return None
        if isinstance(command, ReadRule):
            self._read_rule(command.rule_id)
            return None
        if isinstance(command, Hint):
            self._hint(kind)
            return None
        if kind is PromptKind.ROUND_OVER or kind is PromptKind.MATCH_OVER:
            if isinstance(command, Enter):
                return NextRound() if kind is PromptKind.ROUND_OVER else _Control.FRESH
            self._refuse(self._between_reason(kind))
            return None
        if isinstance(command, Enter):
            if kind is PromptKind.DISCARD:
                excess = len(state.hands[0]) - state.rules.hand_limit
                self._refuse(
                    f"pick {excess} card{'s' if excess > 1 else ''} to discard, "
                    "by number (1) or by card (+1) (rule R4.8)"
                )
            else:
                self._refuse(
                    "pick cards by number (1 3 5) or by card (+8 +4 x2), or pass; "
                    "help lists the commands"
                )
            return None
        action = self._action(command, kind)
        verdict = check(state, action)
        if verdict.legal:
            return action
        self._refuse(f"{verdict.reason} (rule {verdict.rule})")
        if isinstance(action, Play) and verdict.explanation is not None and verdict.rule == "R4.4":
            self._show(
                join("  ", span(f"{cards_text(action.cards)}: {verdict.explanation}", "dim"))
            )
        return None

    @staticmethod
    def _action(command: Command, kind: PromptKind) -> Action:
        """The action a pass or a pick means: ``play`` and ``discard`` mean only what they say."""
        if isinstance(command, PassTurn):
            return Pass()
        assert isinstance(command, Pick)
        verb = command.verb or ("discard" if kind is PromptKind.DISCARD else "play")
        return Discard(command.cards) if verb == "discard" else Play(command.cards)

    def _confirm_fresh(self) -> _Control | None:
        """Ask before a fresh start: FRESH on yes, QUIT on quit, None (go on) on no."""
        self._show(join(span(FRESH_START, "strong")))
        prompt = Prompt(PromptKind.CONFIRM, join(span("Start a fresh match? (y/n) › ", "prompt")))
        while True:
            try:
                answer = parse_answer(self.screen.ask(prompt))
            except InputError as error:
                self._refuse(str(error))
                continue
            if isinstance(answer, Quit):
                return _Control.QUIT
            if isinstance(answer, Help):
                self._show(*confirm_help_block())
                continue
            if not answer:
                self._show(join(span("The match goes on.", "dim")))
                return None
            return _Control.FRESH

    def _read_rule(self, rule_id: str | None) -> None:
        if rule_id is None:
            self._show(*rules_list_block())
            return
        try:
            found = rule(rule_id)
        except KeyError as error:
            self._refuse(str(error.args[0]))
            return
        self._show(*rule_block(found, _WIDTH))

    def _hint(self, kind: PromptKind) -> None:
        state = self._table()
        if kind is PromptKind.ROUND_OVER:
            self._show(join(span("Hint: press Enter to start the next round.", "hint")))
            return
        if kind is PromptKind.MATCH_OVER:
            self._show(join(span("Hint: press Enter for a fresh match.", "hint")))
            return
        view = observe(state, 0)
        legal = legal_plays(state)
        action = self._tutorial.hint(view) if self._tutorial is not None else None
        if action is None:
            action, self._hint_rng = suggest(view, legal, self._hint_rng)
        self._show(hint_line(view, action, any(isinstance(a, Play) for a in legal)))

    # -- output ---------------------------------------------------------------------------

    def _show(self, *lines: Line) -> None:
        self.screen.show(lines)

    def _refuse(self, reason: str) -> None:
        self._show(join(span("✗ ", "error"), span(reason, "error")))
