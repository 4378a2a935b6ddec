"""The outside yardstick: our best bot against OpenSpiel's ISMCTS, at equal time per decision.

Two pairings of four-player matches, played in turn (match 0 of each, then
match 1 of each, ...) so that a run stopped early has figures for both:

* ``search vs 3 ismcts``: one :class:`~raise_the_sum.bots.SearchBot` (the
  ``search`` bot, its standard settings) against three
  :class:`~raise_the_sum.adapters.ismcts.IsmctsBot`;
* ``ismcts vs 3 search``: one ISMCTS bot against three search bots.

Seats rotate from match to match and every match's seeds come from the
tournament seed and its index (:func:`~raise_the_sum.tournament.play_match`).
Parity is 25%.

**Equal time.** The search bot's work per decision is fixed by its settings;
ISMCTS runs simulations until a CPU-time budget is spent. Time is CPU time
(:func:`time.process_time`), so that a machine shared with other work does
not shorten either side, and only decisions with more than one legal action
count. ISMCTS's budget for each match is the mean CPU time of every search
decision timed so far: first a calibration over ``--calibrate`` matches
against three cautious bots, then every match of the run itself, so that the
two sides think as long on average. Every decision of both sides is timed
and written out, with the budget of each match, so the figures show what
each side really took.

Run from the repository root (one process; it appends one JSON line per
match, so it can be stopped and resumed with ``--start``)::

    nohup .venv/bin/python benchmarks/yardstick.py --matches 1000 \\
        --out benchmarks/yardstick.jsonl > benchmarks/yardstick.log 2>&1 &
    .venv/bin/python benchmarks/yardstick.py --summary benchmarks/yardstick.jsonl
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from raise_the_sum import Rules
from raise_the_sum.actions import Action
from raise_the_sum.adapters.ismcts import IsmctsBot
from raise_the_sum.bots import Bot, CautiousBot, SearchBot
from raise_the_sum.rng import Rng
from raise_the_sum.tournament import play_match, wilson_interval
from raise_the_sum.views import PlayerView


class Timed:
    """A bot that records the CPU time of each of its decisions with more than one choice."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.times: list[float] = []

    @property
    def name(self) -> str:
        return self.bot.name

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        start = time.process_time()
        out = self.bot.choose(view, legal, rng)
        if len(legal) > 1:
            self.times.append(time.process_time() - start)
        return out


def calibrate(matches: int, seed: int) -> list[float]:
    """CPU seconds of the search bot's decisions over ``matches`` matches against 3 cautious
    bots."""
    search = Timed(SearchBot())
    for index in range(matches):
        play_match([search, CautiousBot(), CautiousBot(), CautiousBot()], Rules(), seed, index)
    return search.times


def run(args: argparse.Namespace) -> int:
    out = Path(args.out)
    search_total = 0.0
    search_count = 0
    if args.budget is None:
        times = calibrate(args.calibrate, args.seed)
        budget = statistics.fmean(times)
        search_total, search_count = sum(times), len(times)
        note: dict[str, Any] = {
            "calibration": {
                "matches": args.calibrate,
                "decisions": len(times),
                "median": statistics.median(times),
                "mean": budget,
            }
        }
    else:
        budget = args.budget
        note = {"calibration": None}
    header = {
        "kind": "header",
        "budget_seconds": budget,
        "seed": args.seed,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "started": time.strftime("%Y-%m-%d %H:%M:%S"),
        **note,
    }
    with out.open("a", encoding="utf-8") as sink:
        sink.write(json.dumps(header) + "\n")
        sink.flush()
        for index in range(args.start, args.matches):
            for pairing in ("search vs 3 ismcts", "ismcts vs 3 search"):
                sims: list[int] = []
                ismcts = Timed(
                    IsmctsBot(
                        simulations=100_000,
                        seconds=budget,
                        on_search=lambda n, _t: sims.append(n),  # noqa: B023 (used within the iteration)
                    )
                )
                search = Timed(SearchBot())
                if pairing.startswith("search"):
                    bots: list[Any] = [search, ismcts, ismcts, ismcts]
                else:
                    bots = [ismcts, search, search, search]
                record = play_match(bots, Rules(), args.seed, index)
                line = {
                    "kind": "match",
                    "pairing": pairing,
                    "index": index,
                    "winner": record.winner,
                    "won": record.winner == 0,
                    "rounds": record.rounds,
                    "actions": record.actions,
                    "search_times": [round(t, 5) for t in search.times],
                    "ismcts_times": [round(t, 5) for t in ismcts.times],
                    "ismcts_simulations": sims,
                    "budget_seconds": budget,
                }
                sink.write(json.dumps(line) + "\n")
                sink.flush()
                if args.budget is None:  # keep ISMCTS's budget at the search bot's mean
                    search_total += sum(search.times)
                    search_count += len(search.times)
                    budget = search_total / search_count
    return 0


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(path: Path) -> int:
    lines = [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines() if text]
    headers = [line for line in lines if line["kind"] == "header"]
    matches = [line for line in lines if line["kind"] == "match"]
    if headers:
        head = headers[0]
        print(
            f"first budget {head['budget_seconds'] * 1000:.1f} ms CPU per ISMCTS decision;"
            f" seed {head['seed']}"
        )
        if head.get("calibration"):
            cal = head["calibration"]
            print(
                f"calibration: search over {cal['matches']} matches vs 3 cautious, "
                f"{cal['decisions']} decisions, median {cal['median'] * 1000:.1f} ms, "
                f"mean {cal['mean'] * 1000:.1f} ms"
            )
    print()
    print(f"{'pairing':<22}{'wins':>12}{'rate':>8}  {'95% CI':<16}{'rounds':>7}{'actions':>8}")
    for pairing in ("search vs 3 ismcts", "ismcts vs 3 search"):
        games = [m for m in matches if m["pairing"] == pairing]
        if not games:
            continue
        wins = sum(m["won"] for m in games)
        low, high = wilson_interval(wins, len(games))
        print(
            f"{pairing:<22}{wins:>6} / {len(games):<4}{wins / len(games):>7.1%}  "
            f"{low:.1%} to {high:.1%}  "
            f"{statistics.fmean(m['rounds'] for m in games):>6.1f}"
            f"{statistics.fmean(m['actions'] for m in games):>8.1f}"
        )
    print()
    print(
        f"{'decision CPU time':<22}{'decisions':>10}{'median':>9}{'mean':>9}"
        f"{'p90':>9}{'p99':>9}{'most':>9}"
    )
    for side in ("search", "ismcts"):
        times = [t for m in matches for t in m[f"{side}_times"]]
        if not times:
            continue
        print(
            f"{side:<22}{len(times):>10}"
            + "".join(
                f"{v * 1000:>7.1f}ms"
                for v in (
                    statistics.median(times),
                    statistics.fmean(times),
                    percentile(times, 0.9),
                    percentile(times, 0.99),
                    max(times),
                )
            )
        )
    budgets = [m["budget_seconds"] for m in matches if "budget_seconds" in m]
    if budgets:
        print()
        print(
            f"ISMCTS budget per match: first {budgets[0] * 1000:.1f} ms, "
            f"last {budgets[-1] * 1000:.1f} ms, mean {statistics.fmean(budgets) * 1000:.1f} ms"
        )
    sims = [s for m in matches for s in m["ismcts_simulations"]]
    if sims:
        print()
        print(
            f"ISMCTS simulations per decision: median {statistics.median(sims):.0f}, "
            f"mean {statistics.fmean(sims):.1f}, least {min(sims)}, most {max(sims)}"
        )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Our best bot against OpenSpiel's ISMCTS.")
    parser.add_argument(
        "--matches", type=int, default=1000, help="matches per pairing (default 1000)"
    )
    parser.add_argument("--start", type=int, default=0, help="first match index (to resume)")
    parser.add_argument("--seed", type=int, default=2026, help="tournament seed (default 2026)")
    parser.add_argument("--calibrate", type=int, default=5, help="calibration matches (default 5)")
    parser.add_argument(
        "--budget",
        type=float,
        default=None,
        help="ISMCTS CPU seconds per decision (skip calibration)",
    )
    parser.add_argument(
        "--out", default="benchmarks/yardstick.jsonl", help="results file (appended)"
    )
    parser.add_argument(
        "--summary", metavar="FILE", help="print the figures of a results file and stop"
    )
    args = parser.parse_args(argv)
    if args.summary:
        return summary(Path(args.summary))
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
