"""OpenSpiel's ISMCTS behind our bot protocol: legal choices, seeded replays, budgets."""

from __future__ import annotations

from raise_the_sum import Phase, Rng, Rules, apply, legal_plays, new_game, observe
from raise_the_sum.adapters.ismcts import IsmctsBot
from raise_the_sum.bots import Bot, GreedyBot
from raise_the_sum.tournament import play_match


def test_ismcts_bot_is_a_bot_and_chooses_legal_actions_through_a_whole_match() -> None:
    bot = IsmctsBot(simulations=4)
    assert isinstance(bot, Bot)
    record = play_match([bot, GreedyBot()], Rules(players=2, points_to_win=2), seed=3)
    assert record.points[record.winner] == 2


def test_a_fixed_number_of_simulations_replays_exactly_for_a_seed() -> None:
    runs = []
    for _ in range(2):
        searches: list[int] = []
        bot = IsmctsBot(simulations=6, on_search=lambda n, _t: searches.append(n))  # noqa: B023
        state = new_game(Rules(players=3), seed=11)
        rng = Rng.from_seed(5)
        chosen = []
        for _ in range(12):
            if state.phase is Phase.MATCH_OVER:
                break
            legal = legal_plays(state)
            action, rng = bot.choose(observe(state, state.current), legal, rng)
            assert action in legal
            chosen.append(action)
            state = apply(state, action)
        assert searches and set(searches) == {6}
        runs.append(chosen)
    assert runs[0] == runs[1]


def test_a_time_budget_still_runs_the_least_simulations() -> None:
    searches: list[int] = []
    bot = IsmctsBot(simulations=1000, seconds=0.0, on_search=lambda n, _t: searches.append(n))
    state = new_game(seed=2)
    bot.choose(observe(state, 0), legal_plays(state), Rng.from_seed(0))
    assert searches == [2]
