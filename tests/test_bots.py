"""The bots: they only ever choose legal actions, replay exactly from a seed, and are documented."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from raise_the_sum import (
    Action,
    Card,
    Discard,
    Kind,
    Pass,
    Phase,
    Play,
    PlayerView,
    Rng,
    Rules,
    apply,
    attack_of,
    legal_plays,
    new_game,
    observe,
    parse_cards,
    sample_state,
    score,
)
from raise_the_sum.bots import (
    BOTS,
    OPPONENTS,
    Bot,
    CautiousBot,
    GreedyBot,
    RandomBot,
    SearchBot,
    make_bot,
    suggest,
)
from raise_the_sum.bots.heuristics import keep_value
from raise_the_sum.bots.opponents import Alex

#: A search light enough for tests that play whole matches.
CHEAP_SEARCH = SearchBot(determinizations=2, candidates=3)
CHEAP_ALEX = Alex(search=SearchBot(name="alex", determinizations=2, candidates=3))

FAST_BOTS: tuple[Bot, ...] = (
    RandomBot(),
    GreedyBot(),
    CautiousBot(),
    OPPONENTS["riley"],
    OPPONENTS["sam"],
)


def play_out(
    bots: Sequence[Bot], rules: Rules, seed: int, max_actions: int | None = None
) -> list[Action]:
    """Play a seeded match between ``bots`` (one per seat); check every choice is legal."""
    state = new_game(rules, seed=seed)
    rngs = [Rng.from_seed(seed * 10 + seat) for seat in range(rules.players)]
    actions: list[Action] = []
    while state.phase is not Phase.MATCH_OVER:
        if max_actions is not None and len(actions) >= max_actions:
            break
        seat = state.current
        legal = legal_plays(state)
        action, rngs[seat] = bots[seat].choose(observe(state, seat), legal, rngs[seat])
        assert action in legal, f"{bots[seat].name} chose {action} outside legal_plays"
        actions.append(action)
        state = apply(state, action)
    return actions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_bots_never_choose_outside_legal_plays(players: int) -> None:
    rules = Rules(players=players)
    for seed in range(25):
        bots = [FAST_BOTS[(seed + seat) % len(FAST_BOTS)] for seat in range(players)]
        actions = play_out(bots, rules, seed)
        assert actions, "a match has at least one action"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_search_bots_never_choose_outside_legal_plays(players: int) -> None:
    rules = Rules(players=players)
    everyone: list[Bot] = [CHEAP_SEARCH, CHEAP_ALEX, GreedyBot(), CautiousBot()]
    for seed in range(3):
        play_out(everyone[:players], rules, 100 + seed)


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=3, min_play=2, max_play=3, points_to_win=2),
        Rules(players=2, hand_size=9, hand_limit=6, points_to_win=2),
        Rules(players=4, hand_size=3, hand_limit=4, max_play=2, points_to_win=2),
    ],
    ids=["plays-of-2-or-3", "dealt-above-the-limit", "small-hands"],
)
def test_every_bot_stays_legal_under_other_rules(rules: Rules) -> None:
    everyone = (*FAST_BOTS, CHEAP_SEARCH, CHEAP_ALEX)
    for seed in range(4):
        bots = [everyone[(seed + seat) % len(everyone)] for seat in range(rules.players)]
        play_out(bots, rules, seed)


def test_the_published_bots_stay_legal_in_a_match_opening() -> None:
    # The real search settings (not the cheap test ones), over a match's first actions.
    bots = [BOTS["search"], BOTS["alex"], BOTS["riley"], BOTS["sam"]]
    play_out(bots, Rules(), seed=5, max_actions=30)


@pytest.mark.parametrize("name", sorted(BOTS))
def test_same_seed_same_choices(name: str) -> None:
    bot = make_bot(name)
    if isinstance(bot, SearchBot):
        bot = attrs.evolve(bot, determinizations=2)
    elif isinstance(bot, Alex):
        bot = CHEAP_ALEX
    bots = [bot, RandomBot(), bot]
    first = play_out(bots, Rules(players=3), seed=42, max_actions=60)
    assert play_out(bots, Rules(players=3), seed=42, max_actions=60) == first


def test_random_bot_choices_follow_the_generator() -> None:
    state = new_game(seed=3)
    view, legal = observe(state, 0), legal_plays(state)
    picks = {RandomBot().choose(view, legal, Rng.from_seed(s))[0] for s in range(40)}
    assert len(picks) > 10, "different generators give different random choices"
    action, rng = RandomBot().choose(view, legal, Rng.from_seed(7))
    assert rng != Rng.from_seed(7), "the generator comes back advanced"
    assert (action, rng) == RandomBot().choose(view, legal, Rng.from_seed(7))


def test_two_full_states_with_the_same_view_get_the_same_search_choice() -> None:
    # Two full states with the same view give the same choice: the bot sees only the view.
    start = new_game(seed=11)
    state = apply(start, legal_plays(start)[0])
    view = observe(state, state.current)
    other = sample_state(view, Rng.from_seed(99))
    assert observe(other, state.current) == view
    bot = SearchBot(determinizations=3)
    assert bot.choose(view, legal_plays(state), Rng.from_seed(1)) == bot.choose(
        observe(other, other.current), legal_plays(other), Rng.from_seed(1)
    )


# -- behaviour of each personality, on views built for the purpose -----------------------


def reply_view(
    hand: str,
    standing: str,
    to_beat: int,
    *,
    passed: frozenset[int] = frozenset(),
) -> PlayerView:
    """Seat 1 of 4 to act, replying to seat 0's standing play; nothing discarded yet."""
    own = tuple(sorted(parse_cards(hand)))
    cards = tuple(sorted(parse_cards(standing)))
    sizes = (7 - len(cards), len(own), 7, 7)
    return PlayerView(
        rules=Rules(),
        seat=1,
        phase=Phase.PLAY,
        current=1,
        hand=own,
        hand_sizes=sizes,
        to_beat=to_beat,
        attack=attack_of(cards),
        standing=cards,
        standing_seat=0,
        passed=passed,
        points=(0, 0, 0, 0),
        deck_size=62 - sum(sizes) - len(cards),
        discard=(),
    )


def legal_for(view: PlayerView) -> tuple[Action, ...]:
    """The legal actions of the seat to act: they depend only on what it can see."""
    return legal_plays(sample_state(view, Rng.from_seed(0)))


def test_greedy_plays_the_cheapest_reply_and_never_passes_when_it_can_beat() -> None:
    view = reply_view("+2 +3 +9 x3 0 -4 /2 +7", "+6", 6)
    legal = legal_for(view)
    action, _ = GreedyBot().choose(view, legal, Rng.from_seed(0))
    assert isinstance(action, Play)
    plays = [a for a in legal if isinstance(a, Play)]
    assert keep_value(action.cards) == min(keep_value(p.cards) for p in plays)
    assert score(action.cards, view.attack) > 6
    assert action == Play(parse_cards("+7")), "the cheapest beat of 6 is +7"


def test_greedy_passes_only_when_nothing_beats_the_score() -> None:
    view = reply_view("+1 +1 +2 -1 -2 /2 +1", "+9 +9 x3 x2", 108)
    legal = legal_for(view)
    assert legal == (Pass(),)
    assert GreedyBot().choose(view, legal, Rng.from_seed(0))[0] == Pass()


def test_cautious_passes_when_beating_costs_too_much() -> None:
    # Only +9 +9 +8 +7 beats 30: far over the cautious budget with three players still in.
    view = reply_view("+9 +9 +8 +7 +1 -1 /2", "+9 +9 +8 +4", 30)
    legal = legal_for(view)
    assert any(isinstance(a, Play) for a in legal)
    assert CautiousBot().choose(view, legal, Rng.from_seed(0))[0] == Pass()
    assert GreedyBot().choose(view, legal, Rng.from_seed(0))[0] != Pass()


def test_cautious_saves_the_zero_card_until_it_matters() -> None:
    # Against -9 /3 on a 4, the Zero card is the cheap way through; an early round is not
    # worth it to the cautious bot, but the last two players in a round are.
    hand = "0 +5 +6 +9 +9 +8 x2"
    early = reply_view(hand, "+4 -9 /3", 4)
    legal = legal_for(early)
    cheapest = GreedyBot().choose(early, legal, Rng.from_seed(0))[0]
    assert isinstance(cheapest, Play) and any(c.kind is Kind.ZERO for c in cheapest.cards)
    choice = CautiousBot().choose(early, legal, Rng.from_seed(0))[0]
    assert not (isinstance(choice, Play) and any(c.kind is Kind.ZERO for c in choice.cards))
    late = reply_view(hand, "+4 -9 /3", 4, passed=frozenset({2, 3}))
    choice = CautiousBot().choose(late, legal_for(late), Rng.from_seed(0))[0]
    assert isinstance(choice, Play) and any(c.kind is Kind.ZERO for c in choice.cards)


def test_bots_discard_their_least_valuable_cards() -> None:
    state = new_game(Rules(players=2, hand_size=9), seed=4)
    state = apply(state, legal_plays(state)[0])  # seat 0 plays one card, holds 9 > 7
    assert state.phase is Phase.DISCARD
    view, legal = observe(state, state.current), legal_plays(state)
    for bot in (GreedyBot(), CautiousBot(), CHEAP_SEARCH):
        action, _ = bot.choose(view, legal, Rng.from_seed(0))
        assert isinstance(action, Discard)
        assert keep_value(action.cards) == min(
            keep_value(a.cards) for a in legal if isinstance(a, Discard)
        )


# -- the published API -----------------------------------------------------------------


def test_every_selectable_bot_is_a_frozen_bot_named_as_its_key() -> None:
    assert set(BOTS) == {"random", "greedy", "cautious", "search", "riley", "sam", "alex"}
    for key, bot in BOTS.items():
        assert isinstance(bot, Bot)
        assert bot.name == key
        assert make_bot(key) is bot
        assert attrs.has(type(bot))
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            bot.name = "other"  # type: ignore[misc]
        hash(bot)
    with pytest.raises(TypeError):
        BOTS["mine"] = RandomBot()  # type: ignore[index]


def test_make_bot_names_the_choices_for_an_unknown_name() -> None:
    with pytest.raises(ValueError, match="unknown bot 'Riley'; choose from alex, cautious, greedy"):
        make_bot("Riley")


def test_riley_sam_and_alex_each_have_a_documented_personality() -> None:
    assert sorted(OPPONENTS) == ["alex", "riley", "sam"]
    docs = set()
    for key, bot in OPPONENTS.items():
        doc = type(bot).__doc__ or ""
        assert doc.startswith(key.capitalize() + ", the "), doc
        assert len(doc.split()) > 40, f"{key}'s personality is described in full"
        docs.add(doc)
        assert OPPONENTS[key] is BOTS[key]
    assert len(docs) == 3


def test_the_personalities_play_differently() -> None:
    # Over the same seeded matches, no two named opponents make all the same choices.
    runs = {
        key: play_out(
            [bot if key != "alex" else CHEAP_ALEX, GreedyBot(), GreedyBot(), GreedyBot()],
            Rules(),
            seed=8,
            max_actions=40,
        )
        for key, bot in OPPONENTS.items()
    }
    assert runs["riley"] != runs["sam"] != runs["alex"] != runs["riley"]


def test_suggest_gives_a_legal_hint_from_a_light_fixed_search() -> None:
    """The hint's work is fixed by its settings, never a clock (its speed: benchmarks/)."""
    from raise_the_sum.bots import _ADVISOR

    assert _ADVISOR.determinizations * _ADVISOR.candidates <= 128
    assert _ADVISOR.horizon == 1
    state = new_game(seed=21)
    for _ in range(6):
        legal = legal_plays(state)
        view = observe(state, state.current)
        hint, rng = suggest(view, legal, Rng.from_seed(1))
        assert hint in legal
        assert suggest(view, legal, Rng.from_seed(1)) == (hint, rng)
        state = apply(state, hint)


def test_a_search_with_nothing_to_compare_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^SearchBot\.candidates must be 2 or more, got 1$"):
        SearchBot(candidates=1)
    with pytest.raises(ValueError, match=r"^SearchBot\.determinizations must be 1 or more, got 0$"):
        SearchBot(determinizations=0)


@pytest.mark.parametrize("field", ["determinizations", "candidates", "horizon", "max_steps"])
@pytest.mark.parametrize("value", [True, False, 2.0, "4", None])
def test_a_search_setting_must_be_an_int_not_a_bool(field: str, value: object) -> None:
    with pytest.raises(TypeError, match=rf"^SearchBot\.{field} must be an int, got "):
        SearchBot(**{field: value})  # type: ignore[arg-type]


def test_riley_and_the_searchs_bold_model_are_one_named_preset() -> None:
    from raise_the_sum.bots.cautious import BOLD
    from raise_the_sum.bots.opponents import _RILEY
    from raise_the_sum.bots.search import MODELS

    assert BOLD in MODELS
    assert attrs.evolve(_RILEY, name=BOLD.name) == BOLD
    assert attrs.asdict(BOLD) != attrs.asdict(CautiousBot())


def test_the_search_shortlist_keeps_the_pass_and_the_cheapest_and_strongest_plays() -> None:
    view = reply_view("+2 +3 +9 x3 0 -4 /2 +7", "+6", 6)
    legal = legal_for(view)
    options = SearchBot(candidates=4).shortlist(view, legal)
    assert len(options) == 4 and Pass() in options
    assert GreedyBot().choose(view, legal, Rng.from_seed(0))[0] in options
    plays = [a for a in legal if isinstance(a, Play)]
    shield = {
        p: (score(p.cards, view.attack) + 1) * attack_of(p.cards).divide
        + attack_of(p.cards).subtract
        for p in plays
    }
    assert max(shield[p] for p in options if isinstance(p, Play)) == max(shield.values())
    assert options == [a for a in legal if a in options], "in legal order"


def test_make_bot_loads_module_class_and_module_factory_as_the_command_line_does() -> None:
    from raise_the_sum.cli.simulate import bot_spec

    assert make_bot("raise_the_sum.bots:GreedyBot") == GreedyBot() == bot_spec("greedy")
    assert make_bot("raise_the_sum.bots.opponents:Riley") == bot_spec(
        "raise_the_sum.bots.opponents:Riley"
    )


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no_such_module_xyz:Bot", "cannot import no_such_module_xyz"),
        ("raise_the_sum.bots:Missing", "module raise_the_sum.bots has no Missing"),
        ("raise_the_sum.bots:BOTS", "BOTS is not a class or a factory"),
        ("raise_the_sum.bots:make_bot", "make_bot() failed: TypeError"),
        ("raise_the_sum.bots:suggest", "suggest() failed: TypeError"),
        ("raise_the_sum:Rules", "Rules() gave Rules, not a bot"),
        (":GreedyBot", "a bot of your own is module:Class or module:factory"),
        ("raise_the_sum.bots:", "a bot of your own is module:Class or module:factory"),
    ],
)
def test_make_bot_says_in_one_line_why_module_class_gives_no_bot(spec: str, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        make_bot(spec)
    assert message in str(caught.value) and "\n" not in str(caught.value), caught.value


@settings(max_examples=300)
@given(st.data())
def test_shield_is_the_least_add_sum_of_a_plain_reply_that_beats_the_play(
    data: st.DataObject,
) -> None:
    from raise_the_sum.bots.heuristics import shield
    from raise_the_sum.scoring import Attack

    state = new_game(seed=data.draw(st.integers(0, 2**32), label="seed"))
    plays = [a for a in legal_plays(state) if isinstance(a, Play)]
    play = data.draw(st.sampled_from(plays), label="play")
    against = Attack(
        subtract=data.draw(st.integers(0, 12), label="subtract"),
        divide=data.draw(st.sampled_from([1, 2, 3, 4, 6]), label="divide"),
    )
    total = score(play.cards, against)
    sent = attack_of(play.cards)
    need = shield(play, against)

    def adds(value: int) -> list[Card]:  # plain Add cards summing to value
        nines, rest = divmod(value, 9)
        return [Card.parse("+9")] * nines + ([Card.parse(f"+{rest}")] if rest else [])

    assert score(adds(need), sent) > total
    assert need == 0 or score(adds(need - 1), sent) <= total
