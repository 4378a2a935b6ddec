"""The enumeration floor and ``legal_plays``, side by side, as ratios.

Run from the repository root, in the project's virtual environment::

    .venv/bin/python benchmarks/bench_floor.py
    .venv/bin/python benchmarks/bench_floor.py --baseline HEAD~1   # matches against a commit

What is measured, in one process, on the same hands:

* **the floor**: the distinct sub-multisets of 1 to 5 cards of a fresh 8-card
  hand, as tuples of ints: ``itertools.combinations`` over the sorted card
  indices, then ``dict.fromkeys`` (no ``Play`` objects, no scoring);
* ``legal_plays`` on the same hands as openings, **fresh** (the first call
  on that hand) and **seen** (the same state again, as rollouts do);
* ``legal_plays`` on the same hands as **fresh replies**, each facing a
  random standing play (a random score and attack), against the same floor;
* **bounds**: on other fresh hands, three steps that any ``legal_plays``
  answering with ``Play`` objects must take, each timed alone against the
  same floor: making a new play of each sub-multiset from its cards, making
  those card tuples, or else fetching as many shared plays from a table
  (see :func:`bounds_run`);
* **whole matches**: random 4-player matches (a random legal action at every
  step). With ``--baseline REV`` the library at commit ``REV`` (``git
  archive``) plays the same seeded matches in a subprocess, runs taken in
  turn with the current tree's, and the ratio of the medians is reported.

Each figure is the median over the hands (or matches) of one run, then the
median of ``--repeats`` runs; the ratios hold from one machine to another.
Before the timed runs, ``--warmup`` fresh hands (6,000 unless told) fill the
library's shared tables of ``Play`` objects, as any long search or learning
run does; the first run's fresh figure, with empty tables, is printed too.
Matches run in fresh processes (``--matches`` per process), in turn with the
baseline's (the two taking turns to go first), timed by CPU time so that a
busy machine favours neither side.
The targets: a seen hand at most 0.5x the floor, and a whole match at most
half the time of a baseline from before the engine's memo and tables. Fresh
hands have none: no pure-Python answer made of ``Play`` objects comes within
2x of the floor (the bounds say why; see the Performance page).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Sequence
from itertools import chain, combinations, repeat
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: One random 4-player match, ``match(seed)``: a random legal action at every step, from the
#: library's own generator (``instructions_match.py`` counts the same matches).
MATCH_CODE = r"""
from raise_the_sum import Phase, Rng, apply, legal_plays, new_game
def match(seed):
    state = new_game(seed=seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    while state.phase is not Phase.MATCH_OVER:
        legal = legal_plays(state)
        pick, rng = rng.below(len(legal))
        state = apply(state, legal[pick])
"""

MATCHES_CODE = (
    MATCH_CODE
    + r"""
import json, statistics, sys, time
clock = time.process_time
first, count = int(sys.argv[1]), int(sys.argv[2])
times = []
for seed in range(first, first + count):
    start = clock()
    match(seed)
    times.append(clock() - start)
print(json.dumps(statistics.median(times)))
"""
)


def floor(codes: tuple[int, ...]) -> dict[tuple[int, ...], None]:
    """The enumeration floor: distinct sub-multisets of 1 to 5 cards, as int tuples."""
    return dict.fromkeys(chain.from_iterable(combinations(codes, k) for k in range(1, 6)))


def hands_run(count: int, seed: int) -> tuple[float, float, float, float, float]:
    """Median seconds over ``count`` fresh hands: floor, fresh, seen; reply floor, fresh reply."""
    import attrs

    from raise_the_sum import STANDARD_DECK, Rng, legal_plays, new_game, score

    rng = Rng.from_seed(seed)
    base = new_game(seed=1)
    clock = time.perf_counter
    floors, fresh, seen, reply_floors, replies = [], [], [], [], []
    for _ in range(count):
        order, rng = rng.shuffle(range(len(STANDARD_DECK)))
        cards = [STANDARD_DECK[i] for i in order[:13]]
        hand = tuple(sorted(cards[:8]))
        state = attrs.evolve(base, hands=(hand, *base.hands[1:]))
        codes = tuple(card.index for card in hand)
        start = clock()
        floor(codes)
        floors.append(clock() - start)
        start = clock()
        legal_plays(state)
        fresh.append(clock() - start)
        start = clock()
        legal_plays(state)
        seen.append(clock() - start)
        # A fresh reply: another fresh hand, facing a random standing play of 1 to 5 cards.
        order, rng = rng.shuffle(range(len(STANDARD_DECK)))
        cards = [STANDARD_DECK[i] for i in order[:13]]
        size, rng = rng.below(5)
        standing = tuple(sorted(cards[8 : 9 + size]))
        hand = tuple(sorted(cards[:8]))
        reply = attrs.evolve(
            base,
            current=1,
            hands=(base.hands[0], hand, *base.hands[2:]),
            standing=standing,
            standing_seat=0,
            to_beat=score(standing),
        )
        codes = tuple(card.index for card in hand)
        start = clock()
        floor(codes)
        reply_floors.append(clock() - start)
        start = clock()
        legal_plays(reply)
        replies.append(clock() - start)
    return (
        statistics.median(floors),
        statistics.median(fresh),
        statistics.median(seen),
        statistics.median(reply_floors),
        statistics.median(replies),
    )


def bounds_run(count: int, seed: int) -> tuple[float, float, float, float]:
    """Median seconds over ``count`` fresh 8-card hands: the floor, and three bounds.

    What the least a ``legal_plays`` of the same hand could cost, whatever
    its tables, as long as it answers with ``Play`` objects: each bound
    times one step alone, with everything else made beforehand.

    * **make**: a new ``Play`` of each distinct sub-multiset, from its cards
      already made (``object.__new__`` and the slot set, in C, as
      ``_tables`` makes them; no converter);
    * **cards**: a new tuple of each distinct sub-multiset's cards (copied
      from a list of them), which each new play would hold;
    * **fetch**: as many plays taken from a list of 100,000 made ones by
      index (the least a table of shared plays costs: one read and one
      reference each, the list larger than the processor's caches).
    """
    from raise_the_sum import STANDARD_DECK, Play, Rng

    setter = Play.__dict__["cards"].__set__
    shared = [object.__new__(Play) for _ in range(100_000)]
    for play in shared:
        setter(play, ())
    rng = Rng.from_seed(seed)
    picks = random.Random(seed)
    clock = time.perf_counter
    floors, makes, cards_made, fetches = [], [], [], []
    for _ in range(count):
        order, rng = rng.shuffle(range(len(STANDARD_DECK)))
        hand = tuple(sorted(STANDARD_DECK[i] for i in order[:8]))
        codes = tuple(card.index for card in hand)
        start = clock()
        floor(codes)
        floors.append(clock() - start)
        cards = dict(
            zip(
                chain.from_iterable(combinations(codes, k) for k in range(1, 6)),
                chain.from_iterable(combinations(hand, k) for k in range(1, 6)),
                strict=True,
            )
        )
        made = list(cards.values())
        held = list(map(list, made))
        start = clock()
        list(map(tuple, held))
        cards_made.append(clock() - start)
        start = clock()
        plays = list(map(object.__new__, repeat(Play, len(made))))
        deque(map(setter, plays, made), 0)
        makes.append(clock() - start)
        wanted = [picks.randrange(len(shared)) for _ in made]
        start = clock()
        tuple(map(shared.__getitem__, wanted))
        fetches.append(clock() - start)
    return (
        statistics.median(floors),
        statistics.median(makes),
        statistics.median(cards_made),
        statistics.median(fetches),
    )


def matches_run(src: Path, first: int, count: int) -> float:
    """Median seconds of a random match, with the library found at ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", MATCHES_CODE, str(first), str(count)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    return float(json.loads(out.stdout))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The enumeration floor against legal_plays.")
    parser.add_argument("--repeats", type=int, default=7, help="runs per figure (default 7)")
    parser.add_argument("--hands", type=int, default=2000, help="hands per run (default 2000)")
    parser.add_argument("--matches", type=int, default=20, help="matches per run (default 20)")
    parser.add_argument("--baseline", metavar="REV", help="also time matches at this commit")
    parser.add_argument(
        "--warmup", type=int, default=6000, help="fresh hands met before timing (default 6000)"
    )
    args = parser.parse_args(argv)

    cold = hands_run(max(args.hands // 4, 1), 999)  # the very first hands: empty tables
    if args.warmup:
        hands_run(args.warmup, 998)
    runs = [hands_run(args.hands, 1000 + r) for r in range(args.repeats)]
    floor_s, fresh_s, seen_s, reply_floor_s, reply_s = (
        statistics.median(r[i] for r in runs) for i in range(5)
    )
    print(f"enumeration floor vs legal_plays: median of {args.repeats} runs of {args.hands} hands")
    print(f"Python {platform.python_version()}, {platform.machine()}, {platform.system()}")
    print()
    print(f"{'what':<38}{'median':>10}{'vs floor':>10}{'target':>8}")
    print(f"{'floor: sub-multisets as int tuples':<38}{floor_s * 1e6:>8.1f}µs{1.0:>9.2f}×")
    print(
        f"{'legal_plays, fresh 8-card opening':<38}{fresh_s * 1e6:>8.1f}µs"
        f"{fresh_s / floor_s:>9.2f}×{'–':>8}"
    )
    print(
        f"{'legal_plays, fresh 8-card reply':<38}{reply_s * 1e6:>8.1f}µs"
        f"{reply_s / reply_floor_s:>9.2f}×{'–':>8}"
    )
    print(
        f"{'legal_plays, the same hand again':<38}{seen_s * 1e6:>8.1f}µs"
        f"{seen_s / floor_s:>9.2f}×{'≤ 0.5×':>8}"
    )
    print(f"{'(fresh opening, empty tables)':<38}{cold[1] * 1e6:>8.1f}µs{cold[1] / cold[0]:>9.2f}×")
    bounds = [bounds_run(args.hands, 2000 + r) for r in range(args.repeats)]
    floor_b, make_b, cards_b, fetch_b = (statistics.median(b[i] for b in bounds) for i in range(4))
    print("the least any legal_plays answering with Play objects costs, each step alone:")
    for what, seconds in (
        ("make the new plays (from their cards)", make_b),
        ("make their card tuples", cards_b),
        ("or fetch as many shared plays", fetch_b),
    ):
        print(f"{'  ' + what:<38}{seconds * 1e6:>8.1f}µs{seconds / floor_b:>9.2f}×")

    current = ROOT / "src"
    if args.baseline:
        with tempfile.TemporaryDirectory() as tmp:
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", args.baseline, "src"],
                capture_output=True,
                check=True,
            )
            subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
            old = Path(tmp) / "src"
            now_runs: list[float] = []
            old_runs: list[float] = []
            for r in range(args.repeats):
                first = 10_000 * r
                # The two trees take turns going first (see bench.py's compare).
                sides = [(now_runs, current), (old_runs, old)]
                for taken, src in sides if r % 2 == 0 else sides[::-1]:
                    taken.append(matches_run(src, first, args.matches))
            now_s, old_s = statistics.median(now_runs), statistics.median(old_runs)
        print(f"{'random 4-player match, this tree':<38}{now_s * 1e3:>8.2f}ms")
        print(
            f"{'random 4-player match, ' + args.baseline:<38}{old_s * 1e3:>8.2f}ms{'':>10}{'':>8}"
        )
        print(
            f"{'ratio, this tree / ' + args.baseline:<38}{now_s / old_s:>9.2f}×"
            f"{'':>10}{'≤ 0.5×':>8}"
        )
    else:
        now_s = statistics.median(
            matches_run(current, 10_000 * r, args.matches) for r in range(args.repeats)
        )
        print(
            f"{'random 4-player match':<38}{now_s * 1e3:>8.2f}ms"
            "   (use --baseline REV for the ratio)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
