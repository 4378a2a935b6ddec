"""Benchmarks of the wire format: medians of repeated runs, ratios within one run.

Run from the repository root, in the project's virtual environment::

    .venv/bin/python benchmarks/bench_wire.py
    .venv/bin/python benchmarks/bench_wire.py --repeats 9 --states 300

The inputs are the states of random 4-player matches, every choice drawn
from the library's seeded generator, so two runs measure the same states.
Each figure is the median over ``--repeats`` runs of the mean cost per state
(one run passes over every sampled state once). What is measured:

* ``encode``/``decode`` of a state and of a view (``decode`` from the JSON
  value, as a server gets it from ``json.loads``), and ``dumps`` of a view;
* ``legal_plays`` on the same states, the baseline;
* the same on the first opening of seeded matches, where the seat to act
  holds 8 cards and every sub-multiset of 1 to 5 is legal (the worst case);
* a view with its legal actions: ``encode(view)`` and ``encode`` of every
  legal action (the actions already listed), the document a server sends a
  seat at each step. The target is at most 5x ``legal_plays``;
* ``loads`` of a state's and a view's text, and of each legal action's text
  (what a server reads from a client), beside the standard library's
  ``json.loads`` of the same texts, which checks nothing.

The ``cattrs`` figures, measured when ``cattrs`` is installed, are the same
view-with-actions document built by a ``cattrs`` converter (generated
unstructure functions for the attrs classes, hooks for cards, phases and the
``"type"`` keys): the measurement behind the choice of hand-written code.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from raise_the_sum import (
    Action,
    Card,
    GameState,
    Phase,
    Play,
    PlayerView,
    Rng,
    Rules,
    apply,
    legal_plays,
    new_game,
    observe,
)
from raise_the_sum.wire import decode, dumps, encode, loads


def sample_states(count: int, seed: int = 2026) -> list[GameState]:
    """``count`` play-phase states of seeded random 4-player matches."""
    rng = Rng.from_seed(seed)
    states: list[GameState] = []
    match = 0
    while len(states) < count:
        state = new_game(Rules(), seed=match)
        match += 1
        while state.phase is not Phase.MATCH_OVER and len(states) < count:
            legal = legal_plays(state)
            if state.phase is Phase.PLAY:
                states.append(state)
            action, rng = rng.choice(legal)
            state = apply(state, action)
    return states


def per_item(runs: dict[str, Callable[[], object]], items: int, repeats: int) -> dict[str, float]:
    """For each run, the median over ``repeats`` of the cost of one item, in microseconds.

    The runs take turns within each repeat, so that a change in the machine's
    load touches them all alike and the ratios stay fair.
    """
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeats):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            times[name].append((time.perf_counter() - start) / items * 1e6)
    return {name: statistics.median(values) for name, values in times.items()}


def cattrs_view_encoder() -> Callable[[PlayerView, Sequence[Action]], object] | None:
    """The view-with-actions document built with cattrs, or None when it is not installed."""
    try:
        import cattrs
        from cattrs.gen import make_dict_unstructure_fn
    except ImportError:
        return None
    from raise_the_sum import Discard, NextRound, Pass

    converter = cattrs.Converter()
    converter.register_unstructure_hook(Card, str)
    names = {
        Phase.PLAY: "play",
        Phase.DISCARD: "discard",
        Phase.ROUND_OVER: "round_over",
        Phase.MATCH_OVER: "match_over",
    }
    converter.register_unstructure_hook(Phase, names.__getitem__)
    converter.register_unstructure_hook(frozenset, sorted)
    converter.register_unstructure_hook(Rules, make_dict_unstructure_fn(Rules, converter))
    view_fn = make_dict_unstructure_fn(PlayerView, converter)
    play_fn = make_dict_unstructure_fn(Play, converter)
    discard_fn = make_dict_unstructure_fn(Discard, converter)
    converter.register_unstructure_hook(Play, lambda a: {"type": "play", **play_fn(a)})
    converter.register_unstructure_hook(Discard, lambda a: {"type": "discard", **discard_fn(a)})
    converter.register_unstructure_hook(Pass, lambda a: {"type": "pass"})
    converter.register_unstructure_hook(NextRound, lambda a: {"type": "next_round"})

    def document(view: PlayerView, legal: Sequence[Action]) -> object:
        return (
            {"format": "raise-the-sum/view", "version": 1, **view_fn(view)},
            [converter.unstructure(action) for action in legal],
        )

    return document


def measure(states: list[GameState], label: str, repeats: int) -> None:
    """Print the figures for ``states``."""
    n = len(states)
    views = [observe(state, state.current) for state in states]
    legals = [legal_plays(state) for state in states]
    state_docs = [encode(state) for state in states]
    view_docs = [encode(view) for view in views]
    state_texts = [dumps(state) for state in states]
    view_texts = [dumps(view) for view in views]
    action_texts = [dumps(action) for legal in legals for action in legal]
    for state, document in zip(states, state_docs, strict=True):
        assert decode(GameState, document) == state
    r = repeats

    def view_and_legal() -> None:
        for view, legal in zip(views, legals, strict=True):
            encode(view)
            [encode(action) for action in legal]

    runs: dict[str, Callable[[], object]] = {
        "legal_plays": lambda: [legal_plays(s) for s in states],
        "encode(state)": lambda: [encode(s) for s in states],
        "decode(GameState, ...)": lambda: [decode(GameState, d) for d in state_docs],
        "encode(view)": lambda: [encode(v) for v in views],
        "decode(PlayerView, ...)": lambda: [decode(PlayerView, d) for d in view_docs],
        "dumps(view)": lambda: [dumps(v) for v in views],
        "view + legal actions": view_and_legal,
        "json.loads(state text)": lambda: [json.loads(t) for t in state_texts],
        "loads(GameState, text)": lambda: [loads(GameState, t) for t in state_texts],
        "json.loads(view text)": lambda: [json.loads(t) for t in view_texts],
        "loads(PlayerView, text)": lambda: [loads(PlayerView, t) for t in view_texts],
        "json.loads(legal actions' texts)": lambda: [json.loads(t) for t in action_texts],
        "loads(Action, each legal action)": lambda: [loads(Action, t) for t in action_texts],
    }
    alternative = cattrs_view_encoder()
    if alternative is not None:
        runs["view + legal actions (cattrs)"] = lambda: [
            alternative(v, legal) for v, legal in zip(views, legals, strict=True)
        ]
    figures = per_item(runs, n, r)

    mean_legal = statistics.mean(len(legal) for legal in legals)
    print(f"{label}: {n} states ({mean_legal:.0f} legal actions on average), median of {r} runs")
    base = figures["legal_plays"]
    for name, value in figures.items():
        print(f"  {name:32} {value:9.1f} us   {value / base:5.2f}x legal_plays")
    ratio = figures["view + legal actions"] / base
    print(f"  view with its legal actions: {ratio:.2f}x legal_plays (target: at most 5x)")
    if alternative is not None:
        print(
            f"  cattrs for the same document: "
            f"{figures['view + legal actions (cattrs)'] / figures['view + legal actions']:.2f}x "
            "the hand-written encoder"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=200, help="states sampled (default 200)")
    parser.add_argument("--repeats", type=int, default=7, help="runs per figure (default 7)")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}")
    measure(
        sample_states(args.states), "play-phase states of seeded 4-player matches", args.repeats
    )
    first = [new_game(Rules(), seed=seed) for seed in range(args.states)]
    measure(first, "first openings of seeded matches (8 cards: the most legal plays)", args.repeats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
