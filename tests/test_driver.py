"""The match driver: bots act until a human must, with events, one generator per bot, a hook."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from raise_the_sum import (
    Action,
    IllegalAction,
    NextRound,
    Pass,
    Phase,
    PlayerView,
    Rng,
    Rules,
    legal_plays,
    new_game,
    observe,
    observe_events,
    step,
)
from raise_the_sum.bots import OPPONENTS, Bot, GreedyBot, RandomBot
from raise_the_sum.driver import (
    Move,
    NextRoundBy,
    Table,
    act,
    bot_step,
    run_bots,
    trusted_table,
)
from raise_the_sum.events import MatchWon, RoundStarted, RoundWon


def all_bots(seed: int, players: int = 3, next_round: NextRoundBy = NextRoundBy.DRIVER) -> Table:
    four: list[Bot | None] = [RandomBot(), GreedyBot(), OPPONENTS["riley"], OPPONENTS["sam"]]
    bots = four[:players]
    return Table.start(
        new_game(Rules(players=players), seed=seed),
        bots,
        Rng.from_seed(seed + 1),
        next_round=next_round,
    )


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_match_of_bots_is_the_bots_choices_applied_each_with_its_own_generator(seed: int) -> None:
    table = all_bots(seed)
    end, moves = run_bots(table)
    assert end.over and end.waiting_for is None and not end.driver_to_act
    # The same match by hand: each bot chooses from its view with its own generator,
    # split in seat order; the driver sends NextRound() itself (R5.4).
    state = table.state
    rngs = list(table.rngs)
    for move in moves:
        seat = state.current
        assert move.seat == seat and move.by_driver
        if state.phase is Phase.ROUND_OVER:
            assert move.action == NextRound()
        else:
            bot, rng = table.bots[seat], rngs[seat]
            assert bot is not None and rng is not None
            action, rngs[seat] = bot.choose(observe(state, seat), legal_plays(state), rng)
            assert move.action == action
        after, events = step(state, move.action)
        assert move.events == events
        state = after
    assert state == end.state and tuple(rngs) == end.rngs
    assert moves[-1].events[-2:] == (RoundWon(state.current, 5), MatchWon(state.current, 5))


def test_each_bot_s_generator_depends_only_on_the_seed_and_its_seat() -> None:
    state = new_game(Rules(players=3), seed=5)
    rng = Rng.from_seed(9)
    with_bots = Table.start(state, [GreedyBot(), GreedyBot(), GreedyBot()], rng)
    with_human = Table.start(state, [None, GreedyBot(), GreedyBot()], rng)
    assert with_human.rngs == (None, *with_bots.rngs[1:])
    assert len(set(with_bots.rngs)) == 3


def test_the_bots_act_until_the_human_must_and_then_wait() -> None:
    table = Table.start(
        new_game(Rules(players=4), seed=3), [None, *OPPONENTS.values()], Rng.from_seed(3)
    )
    assert table.waiting_for == 0 and not table.driver_to_act
    with pytest.raises(ValueError, match="waits for the caller to act for seat 0"):
        bot_step(table)
    assert run_bots(table) == (table, ())
    hand = table.state.hands[0]
    with pytest.raises(IllegalAction, match=r"rule R4.9"):
        act(table, legal_plays(table.state)[0], seat=1)
    table, move = act(table, legal_plays(table.state)[0], seat=0)
    assert move.seat == 0 and not move.by_driver and len(table.state.hands[0]) < len(hand)
    seen: list[tuple[Table, Move]] = []
    table, moves = run_bots(table, hook=lambda t, m: seen.append((t, m)))
    assert [m for _, m in seen] == list(moves) and moves and seen[-1][0] == table
    assert all(m.seat != 0 for m in moves)
    assert table.over or table.waiting_for == 0


@attrs.frozen
class Cheat:
    """A bot that always passes, even when it opens (rule R4.3 forbids it)."""

    name: str = "cheat"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        return Pass(), rng


@attrs.frozen
class Looper:
    """A bot that takes its first legal action, or passes whenever it may if ``passes``."""

    name: str = "looper"
    passes: bool = False

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        if self.passes and Pass() in legal:
            return Pass(), rng
        return legal[0], rng


def human_turn(table: Table) -> Table:
    """The human at seat 0 passes whenever it may, else takes its first legal action."""
    legal = legal_plays(table.state)
    return act(table, Pass() if Pass() in legal else legal[0], seat=0)[0]


def first_round(table: Table) -> tuple[Table, list[Move]]:
    """Drive ``table`` (a human at seat 0) until the first round is won, then the bots once more."""
    moves: list[Move] = []
    while sum(table.state.points) == 0:
        table, some = run_bots(table)
        moves += some
        if table.waiting_for == 0 and table.state.phase is not Phase.ROUND_OVER:
            table = human_turn(table)
    table, some = run_bots(table)  # a NextRound() the driver sends, and the bots' turns after it
    return table, moves + list(some)


@pytest.mark.parametrize("bot", [GreedyBot(), Looper(passes=True)], ids=["bot wins", "human wins"])
def test_next_round_by_the_winner_the_driver_or_the_caller_r5_4(bot: Bot) -> None:
    """The human passes whenever it may: the greedy bot wins the first round; against
    a bot that passes whenever it may, the human (who opens) wins it."""
    winners = set()
    for seed in range(3):
        start = Table.start(new_game(Rules(players=2), seed=seed), [None, bot], Rng.from_seed(seed))
        # WINNER: a bot's NextRound() is the driver's; a human winner's waits for the caller.
        table, moves = first_round(start)
        winner = 1 if table.state.points[1] else 0
        winners.add(winner)
        if winner == 1:
            nexts = [m for m in moves if m.action == NextRound()]
            assert len(nexts) == 1 and nexts[0].by_driver and nexts[0].events[0] == RoundStarted(1)
        else:
            assert table.state.phase is Phase.ROUND_OVER and table.waiting_for == 0
            with pytest.raises(ValueError, match="waits for the caller to act for seat 0"):
                bot_step(table)
            # DRIVER sends it for the human as well.
            driven, more = run_bots(attrs.evolve(table, next_round=NextRoundBy.DRIVER))
            assert more[0].action == NextRound() and more[0].events[0] == RoundStarted(0)
            assert driven.state.phase is Phase.PLAY or driven.over
        # CALLER: the driver stops at every round's end, whoever won.
        table, moves = first_round(attrs.evolve(start, next_round=NextRoundBy.CALLER))
        assert NextRound() not in [m.action for m in moves]
        assert table.state.phase is Phase.ROUND_OVER and table.waiting_for == table.state.current
        table, move = act(table, NextRound())
        assert move.events[0] == RoundStarted(winner) and move.seat == winner
    assert winners == {1 if isinstance(bot, GreedyBot) else 0}


def test_a_table_rebuilt_from_its_parts_goes_on_exactly_as_the_original() -> None:
    table = all_bots(4, players=4, next_round=NextRoundBy.WINNER)
    for _ in range(17):
        table, _ = bot_step(table)
    stored = (
        table.state,
        [b.name if b else None for b in table.bots],
        [r.state if r else None for r in table.rngs],
        table.next_round.value,
    )
    by_name = {b.name: b for b in table.bots if b is not None}
    rebuilt = Table(
        stored[0],
        [by_name[n] if n else None for n in stored[1]],
        [Rng(s) if s is not None else None for s in stored[2]],
        NextRoundBy(stored[3]),
    )
    assert rebuilt == table
    assert run_bots(rebuilt) == run_bots(table)


def test_every_table_a_step_makes_is_one_the_checked_constructor_accepts_and_equals() -> None:
    # bot_step and act build their tables without re-running Table's checks: each must be
    # the table the constructor builds (and checks) from the same parts.
    table = all_bots(5, players=3, next_round=NextRoundBy.WINNER)
    while table.driver_to_act:
        table, _ = bot_step(table)
        rebuilt = Table(table.state, table.bots, table.rngs, table.next_round)
        assert rebuilt == table and hash(rebuilt) == hash(table)
        assert repr(rebuilt) == repr(table)


def test_a_trusted_table_of_checked_parts_is_the_table_the_constructor_builds() -> None:
    table = all_bots(6, players=4, next_round=NextRoundBy.DRIVER)
    for _ in range(9):
        table, _ = bot_step(table)
        trusted = trusted_table(table.state, table.bots, table.rngs, table.next_round)
        assert trusted == Table(table.state, table.bots, table.rngs, table.next_round)
        assert type(trusted) is Table and repr(trusted) == repr(table)
        assert bot_step(trusted) == bot_step(table)


def test_step_by_step_is_the_same_as_running_the_bots_at_once() -> None:
    table = all_bots(6)
    end, moves = run_bots(table)
    stepped = []
    while table.driver_to_act:
        table, move = bot_step(table)
        stepped.append(move)
    assert (table, tuple(stepped)) == (end, moves)
    with pytest.raises(ValueError, match=r"the match is over.*R5.2"):
        bot_step(table)


def test_a_move_observed_by_a_seat_hides_the_other_seats_draws() -> None:
    table = all_bots(7)
    table, move = bot_step(table)
    for seat in range(3):
        assert move.observed(seat) == observe_events(move.events, seat)


def test_a_bot_s_illegal_choice_is_refused_naming_the_bot_and_the_rule() -> None:
    state = new_game(Rules(players=2), seed=0)
    table = Table.start(state, [Cheat(), GreedyBot()], Rng.from_seed(0))
    with pytest.raises(ValueError, match=r"bot 'cheat' at seat 0 chose pass.*rule R4.3"):
        bot_step(table)


def test_run_bots_stops_after_max_actions() -> None:
    table = Table.start(
        new_game(Rules(players=2), seed=0),
        [Looper(), Looper()],
        Rng.from_seed(0),
        next_round=NextRoundBy.DRIVER,
    )
    with pytest.raises(RuntimeError, match="took 5 actions without an end"):
        run_bots(table, max_actions=5)


def test_a_table_is_checked_when_it_is_built() -> None:
    state = new_game(Rules(players=2), seed=0)
    with pytest.raises(ValueError, match="2 seats need 2 bots"):
        Table(state, [GreedyBot()], [Rng(0)])
    with pytest.raises(ValueError, match=r"Table.rngs\[0\]: seat 0 has no bot"):
        Table(state, [None, GreedyBot()], [Rng(0), Rng(1)])
    with pytest.raises(TypeError, match=r"Table.rngs\[1\]: the bot at seat 1 needs an Rng"):
        Table(state, [None, GreedyBot()], [None, None])
    with pytest.raises(TypeError, match=r"Table.bots\[0\] must be a Bot or None"):
        Table(state, ["greedy", None], [Rng(0), None])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"Table\.state must be a GameState"):
        Table(observe(state, 0), [None, None], [None, None])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"Table\.next_round must be a NextRoundBy"):
        Table(state, [None, None], [None, None], "driver")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rng must be an Rng"):
        Table.start(state, [None, None], 0)  # type: ignore[arg-type]
