"""Write the yardstick section of docs/bots.rst from benchmarks/yardstick.jsonl.

Run from the repository root: ``.venv/bin/python benchmarks/yardstick_docs.py`` while the run
goes on (the text says how many matches it holds), or with ``final`` once it has finished.
"""

import json
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, "benchmarks")
from raise_the_sum.tournament import wilson_interval

path = Path("benchmarks/yardstick.jsonl")
lines = [json.loads(t) for t in path.read_text().splitlines() if t]
matches = [m for m in lines if m["kind"] == "match"]
headers = [m for m in lines if m["kind"] == "header"]
head = headers[0]
# the first match after each header but the first: where the run was resumed
resumed = [lines[i + 1] for i, m in enumerate(lines) if m["kind"] == "header" and i > 0]
final = sys.argv[1] == "final" if len(sys.argv) > 1 else False


def pct(v: float) -> str:
    return f"{v * 100:.1f}%"


rows = []
counts = {}
for pairing in ("search vs 3 ismcts", "ismcts vs 3 search"):
    g = [m for m in matches if m["pairing"] == pairing]
    w = sum(m["won"] for m in g)
    lo, hi = wilson_interval(w, len(g))
    counts[pairing] = len(g)
    rows.append(
        (
            pairing,
            f"{w} / {len(g)}",
            pct(w / len(g)),
            f"{pct(lo)} to {pct(hi)}",
            f"{statistics.fmean(m['rounds'] for m in g):.1f}",
            f"{statistics.fmean(m['actions'] for m in g):.1f}",
        )
    )


def q(v: list[float], p: float) -> float:
    o = sorted(v)
    return o[min(len(o) - 1, int(p * len(o)))]


trows = []
for side, label in (
    ("search", "``search`` (12 samples, 6 moves)"),
    ("ismcts", "ISMCTS (CPU-time budget)"),
):
    t = [x for m in matches for x in m[f"{side}_times"]]
    trows.append(
        (
            label,
            f"{len(t):,}",
            *(
                f"{v * 1000:.0f} ms"
                for v in (statistics.median(t), statistics.fmean(t), q(t, 0.9), q(t, 0.99), max(t))
            ),
        )
    )
sims = [s for m in matches for s in m["ismcts_simulations"]]
budgets = [m["budget_seconds"] for m in matches]


def table(header: Sequence[object], rows: Sequence[Sequence[object]]) -> str:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    sep = "   " + "  ".join("=" * w for w in widths)
    out = [
        sep,
        ("   " + "  ".join(str(h).ljust(w) for h, w in zip(header, widths, strict=True))).rstrip(),
        sep,
    ]
    out += [
        ("   " + "  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True))).rstrip()
        for r in rows
    ]
    out.append(sep)
    return "\n".join(out)


print(table(("Pairing", "Wins", "Win rate", "95% CI", "Rounds", "Actions"), rows))
print()
print(
    table(
        ("Bot", "Decisions", "Median", "Mean", "90th percentile", "99th percentile", "Most"), trows
    )
)
print()
print(
    f"SIMS median {statistics.median(sims):.0f} mean {statistics.fmean(sims):.1f}"
    f" least {min(sims)} most {max(sims)}"
)
print(
    f"BUDGET first {budgets[0] * 1000:.1f} last {budgets[-1] * 1000:.1f}"
    f" mean {statistics.fmean(budgets) * 1000:.1f}"
)
print(f"COUNTS {counts} started {head['started']}")

# --- the section, spliced into docs/bots.rst between its markers
both = min(counts.values())
status = (
    f"These are the figures of the first {counts['search vs 3 ismcts']:,} and "
    f"{counts['ismcts vs 3 search']:,} matches of the run (started {head['started']} UTC): "
    "the run, 1,000 matches per pairing, was still "
    "going when this page was written, and goes on writing to its results file."
    if not final
    else f"The run finished all {both:,} matches of each pairing"
    + (
        "."
        if len(headers) == 1
        else " in {} parts: it was stopped and resumed with ``--start`` (at match{} {}), each"
        " part with a calibration of its own (started {} UTC).".format(
            len(headers),
            "es" if len(headers) > 2 else "",
            ", ".join(f"{m['index']:,}" for m in resumed),
            " and ".join(h["started"] for h in headers),
        )
    )
)
section = f"""
An outside yardstick: OpenSpiel's ISMCTS
----------------------------------------

Our bots have so far been measured only against each other. OpenSpiel's
information-set Monte Carlo tree search (Cowling, Powley and Whitehouse,
2011), which we did not write, gives an outside measure. It plays as one of
our bots through the OpenSpiel adapter
(:class:`~raise_the_sum.adapters.ismcts.IsmctsBot`, see :doc:`research`): for
each decision it builds a state of ``python_raise_the_sum`` consistent with
its seat's view, resamples the hidden cards at every simulation, keys its
tree by the seat's observation, expands one action per visit with UCT
(``uct_c = 2``), and values new nodes with random rollouts to the end of the
match, OpenSpiel's usual evaluator. It plays its most visited action.

**Equal time.** ``search`` does a fixed amount of work per decision; ISMCTS
runs simulations until a budget of CPU time is spent (at least two, which
ISMCTS needs to have a policy). The budget for each match is the mean CPU
time of every ``search`` decision timed so far in the same run (a
calibration of five matches against three cautious bots first), so that the
two think as long on average. CPU time (``time.process_time()``) rather than
wall time, because the machine was shared with other work. Every decision of
both sides was timed; only decisions with more than one legal action count.

Four-player matches, seats rotated, tournament seed 2026, one process on a
shared two-core AMD EPYC machine, Python 3.11.7. One bot against three of
the other, so parity is 25%. {status}

.. table:: ``search`` and ISMCTS at equal time per decision
   :widths: auto

{table(("Pairing", "Wins", "Win rate", "95% CI", "Rounds", "Actions"), rows)}

.. table:: CPU time per decision in these matches
   :widths: auto

{table(("Bot", "Decisions", "Median", "Mean", "90th percentile", "99th percentile", "Most"), trows)}

ISMCTS's budget settled at {budgets[-1] * 1000:.0f} ms (the first match's, from the
calibration, was {budgets[0] * 1000:.0f} ms), and it ran a median of {statistics.median(sims):.0f}
simulations per decision (mean {statistics.fmean(sims):.1f}, from {min(sims)} to {max(sims)}).
Its mean time per decision is a little above the search bot's: it stops only after the
simulation that crosses the budget, so the comparison, if anything, favours
ISMCTS.

``search`` wins {rows[0][2]} of its matches against three ISMCTS bots, far above
the goal of 30% (parity 25%), and one ISMCTS bot wins {rows[1][2]} against three
``search`` bots. The margin says as much about the budget as about the
algorithm: in a few tens of milliseconds, with a pure-Python game and
rollouts that play whole random matches, ISMCTS sees a handful of
simulations for decisions with up to a few hundred legal plays, so it barely
explores beyond random play, while ``search`` spends the same time on a
shortlist of six sensible candidates and informed rollouts of one round.
A stronger ISMCTS needs far more time per decision, or a cheaper, informed
evaluator, which would no longer be OpenSpiel's own.

The command (one process; it appends a JSON line per match, with every
decision's time, and ``--start`` resumes), and the summary of its file::

   nohup .venv/bin/python benchmarks/yardstick.py --matches 1000 \\
       --out benchmarks/yardstick.jsonl > benchmarks/yardstick.log 2>&1 &
   .venv/bin/python benchmarks/yardstick.py --summary benchmarks/yardstick.jsonl

"""
bots = Path("docs/bots.rst")
text = bots.read_text()
start, end = ".. yardstick-start\n", ".. yardstick-end\n"
if start in text:
    a = text.index(start) + len(start)
    b = text.index(end)
    text = text[:a] + section + text[b:]
else:
    text = text.replace("\nAPI\n---\n", "\n" + start + section + end + "\nAPI\n---\n", 1)
bots.write_text(text)
