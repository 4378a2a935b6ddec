"""A mutation run: make listed deliberate bugs, one at a time, and see whether the tests notice.

Each mutation replaces one exact piece of a source file (it must occur
exactly once) in a scratch copy of the repository, never in the working
tree, and runs the tests that concern it there (``PYTHONPATH`` points at the
copy's ``src``, so the servers the tests start run the mutant too). A
mutation is *killed* when those tests fail, and *survives* when they pass.
With ``--full``, each survivor is tried once more against the whole suite.
A mutation whose piece is no longer in its file is *stale*: the file changed
and the list needs updating.

The run is bounded: ``--budget`` seconds in all (the mutations not started
by then are reported as not run), and ``--timeout`` seconds for one test run
(a run that takes longer is reported as a *timeout*, neither killed nor
survived: on a loaded machine a slow run is not a hang). A mutation known to
change nothing a test can see carries the reason (``equivalent``); it is run
and reported, and left out of the score.

Each outcome is also appended, as one JSON line, to ``--results`` (a file
kept between runs): a run cut short, by its budget or by hand, is taken up
again with ``--resume``, which skips every mutation the file already decides
(killed, survived or equivalent) and runs the others (timeouts included).

Run from the repository's root, out of CI (it takes about 20 minutes on two
quiet cores)::

    .venv/bin/python tools/mutation.py                  # every mutation
    .venv/bin/python tools/mutation.py --only explain   # ids containing "explain"
    .venv/bin/python tools/mutation.py --list           # the mutations, without running
    nice .venv/bin/python tools/mutation.py --results mutation.jsonl --resume
    nice .venv/bin/python tools/mutation.py --results mutation.jsonl --resume --reverse

(the last two share the list, one from each end: on two cores, twice as fast).

``docs/testing.rst`` gives the last full run's score and every survivor.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The tests a core mutant faces: the rules, the engine's and the scoring's properties,
#: perft, the views, events and validation, and the doctests of the mutated modules.
CORE = (
    "tests/rules",
    "tests/test_mutation_survivors.py",
    "tests/test_explain.py",
    "tests/test_validate.py",
    "tests/test_views.py",
    "tests/test_events.py",
    "tests/test_perft.py",
    "tests/properties/test_engine_properties.py",
    "tests/properties/test_scoring_properties.py",
    "tests/properties/test_sample_state.py",
    "tests/properties/test_event_properties.py",
    "src/raise_the_sum/scoring.py",
    "src/raise_the_sum/engine.py",
    "src/raise_the_sum/_tables.py",
    "src/raise_the_sum/state.py",
    "src/raise_the_sum/views.py",
    "src/raise_the_sum/events.py",
)
#: The whole suite, as the README's test command runs it.
WHOLE = ("tests", "src", "docs", "README.md")
#: The tests a mutant of the server's document builder faces.
SERVER = (
    "tests/server/test_security.py",
    "tests/server/test_documents_json.py",
    "tests/server/test_protocol.py",
    "src/raise_the_sum/server/documents.py",
)
#: The tests a mutant of the wire format's decoders (and the view checks they call) faces.
WIRE = (*CORE, "tests/test_wire.py", "tests/test_bad_input.py")


@dataclass(frozen=True)
class Mutation:
    """One deliberate bug: ``old`` becomes ``new`` in ``path``."""

    id: str
    path: str
    old: str
    new: str
    tests: tuple[str, ...] = CORE
    #: Why no test can kill it (the program behaves the same), or "" for a real bug.
    equivalent: str = ""


S = "src/raise_the_sum/"
MUTATIONS: tuple[Mutation, ...] = (
    # scoring: the total of a play (rules R2.1 to R2.5)
    Mutation("scoring-zero-keeps-attack", S + "scoring.py",
             "        if self.zero:\n            return self.adds * self.multiplier\n",
             "        if False:\n            return self.adds * self.multiplier\n"),
    Mutation("scoring-floor-lt", S + "scoring.py",
             "        if base <= 0:\n            return 0\n",
             "        if base < 0:\n            return 0\n",
             equivalent="at base 0 the formula below gives 0 as well"),
    Mutation("scoring-no-floor", S + "scoring.py",
             "        if base <= 0:\n            return 0\n", "        pass\n"),
    Mutation("scoring-divide-round-up", S + "scoring.py",
             "        return base * self.multiplier // divide\n",
             "        return -(-base * self.multiplier // divide)\n"),
    Mutation("scoring-least-adds-zero", S + "scoring.py",
             "        return to_beat // multiplier + 1\n",
             "        return to_beat // multiplier\n"),
    Mutation("scoring-least-adds-plus-one", S + "scoring.py",
             "    return subtract - (-(to_beat + 1) * divide // multiplier)\n",
             "    return subtract - (-(to_beat + 2) * divide // multiplier)\n"),
    Mutation("scoring-attack-none", S + "scoring.py",
             "    if subtract == 0 and divide == 1:\n        return NO_ATTACK\n",
             "    if subtract == 0 or divide == 1:\n        return NO_ATTACK\n"),
    Mutation("explain-equal-subtraction", S + "scoring.py",
             "        if value >= subtract:\n", "        if value > subtract:\n"),
    Mutation("explain-rounded-down-note", S + "scoring.py",
             "        if value % divide:\n            text += \" (rounded down)\"\n",
             "        if True:\n            text += \" (rounded down)\"\n"),
    Mutation("explain-cancelled", S + "scoring.py",
             "    cancelled = zero and not attack.is_none\n", "    cancelled = zero\n"),
    # engine: turns, replies, passes, discards, rounds (rules R4 and R5)
    Mutation("engine-play-size-high", S + "engine.py",
             "    if n < rules.min_play or n > rules.max_play:\n",
             "    if n < rules.min_play or n > rules.max_play + 1:\n"),
    Mutation("engine-play-size-low", S + "engine.py",
             "    if n < rules.min_play or n > rules.max_play:\n",
             "    if n < rules.min_play - 1 or n > rules.max_play:\n"),
    Mutation("engine-tie-beats", S + "engine.py",
             "    if not state.opening and total <= cast(int, state.to_beat):\n",
             "    if not state.opening and total < cast(int, state.to_beat):\n"),
    Mutation("engine-opener-pass-at-min-play", S + "engine.py",
             "    if state.opening and len(state.hands[seat]) >= state.rules.min_play:\n",
             "    if state.opening and len(state.hands[seat]) > state.rules.min_play:\n"),
    Mutation("engine-discard-at-limit", S + "engine.py",
             "    if len(hands[seat]) > rules.hand_limit:\n",
             "    if len(hands[seat]) >= rules.hand_limit:\n"),
    Mutation("engine-round-over-count", S + "engine.py",
             "    elif len(passed) == players - 1:\n", "    elif len(passed) == players:\n"),
    Mutation("engine-match-won-at", S + "engine.py",
             "        over = won >= rules.points_to_win\n",
             "        over = won > rules.points_to_win\n"),
    Mutation("engine-next-seat-skips-passers", S + "engine.py",
             "            if seat not in passed:\n", "            if True:\n"),
    Mutation("engine-discard-count", S + "engine.py",
             "    if len(action.cards) != excess:\n", "    if len(action.cards) > excess:\n"),
    Mutation("engine-missing-card-message", S + "engine.py",
             "        if held[card] < count:\n", "        if held[card] <= count:\n"),
    # _tables: the fast listing of legal plays
    Mutation("tables-needs-clamp", S + "_tables.py",
             "        least = (min(max(need, 0), mask + 1)) + (group << width)\n",
             "        least = (min(max(need, 0), mask)) + (group << width)\n"),
    Mutation("tables-needs-floor", S + "_tables.py",
             "        least = (min(max(need, 0), mask + 1)) + (group << width)\n",
             "        least = (min(max(need, 1), mask + 1)) + (group << width)\n",
             equivalent="least_adds_to_beat is 1 or more for every to_beat of 0 or more: a play "
             "with no Add card totals 0, which beats nothing"),
    Mutation("tables-width", S + "_tables.py",
             "    return (_MOST_ADDED * high).bit_length()\n",
             "    return (_MOST_ADDED * high).bit_length() - 1\n"),
    Mutation("tables-zero-field", S + "_tables.py",
             "        return 1 << (width * _ZERO_FIELD)\n",
             "        return 1 << (width * (_ZERO_FIELD - 1))\n"),
    Mutation("tables-sizes-high", S + "_tables.py",
             "        for size in range(low, min(high, sum(counts)) + 1):\n",
             "        for size in range(low, min(high, sum(counts))):\n"),
    Mutation("tables-halves-split", S + "_tables.py",
             "        split = (len(counts) + 1) // 2\n", "        split = len(counts) // 2 + 1\n",
             equivalent="any cut between the halves lists the same plays in the same order "
             "(the cut and the halves follow split): only the halves' sizes change"),
    # state.validate and the table's checks
    Mutation("validate-hand-sort", S + "state.py",
             "        if not _is_sorted(hand):\n", "        if False:\n"),
    Mutation("validate-standing-sort", S + "state.py",
             "    if not _is_sorted(standing):\n", "    if False:\n"),
    Mutation("validate-sorted-strict", S + "state.py",
             "    return all(a.index <= b.index for a, b in itertools.pairwise(cards))\n",
             "    return all(a.index < b.index for a, b in itertools.pairwise(cards))\n"),
    Mutation("validate-opening-pass-at-min-play", S + "state.py",
             "        if table.hand_sizes[seat] >= least:\n",
             "        if table.hand_sizes[seat] > least:\n"),
    Mutation("validate-two-seats-in", S + "state.py",
             "        if still_in < 2:\n", "        if still_in < 1:\n"),
    Mutation("validate-standing-size", S + "state.py",
             "    if not rules.min_play <= len(table.standing) <= rules.max_play:\n",
             "    if not rules.min_play <= len(table.standing):\n"),
    Mutation("validate-conservation", S + "state.py",
             "    if held != wanted:\n", "    if sum(held.values()) != sum(wanted.values()):\n"),
    Mutation("validate-points-goal", S + "state.py",
             "        if not winner and count >= goal:\n",
             "        if not winner and count > goal:\n"),
    Mutation("validate-view-attack", S + "state.py",
             "    if view.attack != sent:\n", "    if False:\n", WIRE),
    Mutation("validate-view-card-count", S + "state.py",
             "    if counted != len(view.rules.deck):\n",
             "    if counted > len(view.rules.deck):\n", WIRE),
    # the wire format's decoders
    Mutation("decode-seats-duplicates", S + "wire/_decoders.py",
             "    if any(a >= b for a, b in itertools.pairwise(seats)):\n",
             "    if any(a > b for a, b in itertools.pairwise(seats)):\n", WIRE),
    # views: what a seat may know
    Mutation("observe-hand-sizes", S + "views.py",
             "        hand_sizes=tuple(len(hand) for hand in state.hands),\n",
             "        hand_sizes=tuple(len(hand) for hand in state.hands[::-1]),\n"),
    Mutation("sample-state-own-hand", S + "views.py",
             "    if view.hand_sizes[view.seat] != len(view.hand):\n", "    if False:\n"),
    Mutation("sample-state-deal-order", S + "views.py",
             "    hidden = sorted(unseen.elements(), key=_BY_INDEX)\n",
             "    hidden = sorted(unseen.elements(), key=_BY_INDEX, reverse=True)\n"),
    # events: what one seat may know of a transition
    Mutation("observe-events-keeps-others-draws", S + "events.py",
             "        if type(event) is Drew and event.seat != seat and event.card is not None:\n",
             "        if type(event) is Drew and event.seat == seat and event.card is not None:\n"),
    Mutation("observe-events-seat-zero", S + "events.py",
             "    for event in events:\n        if type(event) is Drew and event.seat != seat",
             "    for event in events:\n        if type(event) is Drew and event.seat != 0"),
    # the server's document builder
    Mutation("documents-events-of-seat-zero", S + "server/documents.py",
             "observe_events(events, seat)])[1:-1]", "observe_events(events, 0)])[1:-1]", SERVER),
    Mutation("documents-view-of-seat-zero", S + "server/documents.py",
             "    view = observe(state, seat)\n", "    view = observe(state, 0)\n", SERVER),
    Mutation("documents-legal-for-everyone", S + "server/documents.py",
             "    legal = legal_plays(state) if view.to_act else ()\n",
             "    legal = legal_plays(state)\n", SERVER),
    Mutation("documents-lesson-for-every-seat", S + "server/documents.py",
             "    lesson = _lesson(view) if tutorial and seat == 0 else None\n",
             "    lesson = _lesson(view) if tutorial else None\n", SERVER,
             equivalent="lessons.lesson is None for every view but seat 0's (its docstring, "
             "tests/test_lessons.py)"),
    Mutation("documents-empty-event-pieces", S + "server/documents.py",
             '    events_text = ",".join([piece for piece in events if piece])\n',
             '    events_text = ",".join(events)\n', SERVER),
)  # fmt: skip


def copy_tree(target: Path) -> None:
    """The repository without its virtual environment, git data, caches and built docs."""
    ignore = shutil.ignore_patterns(
        ".venv", ".git", "_build", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache",
        ".hypothesis", "*.db", "*.egg-info",
    )  # fmt: skip
    shutil.copytree(ROOT, target, ignore=ignore, dirs_exist_ok=True)


def run_tests(copy: Path, tests: tuple[str, ...], timeout: float) -> str:
    """``"passed"``, ``"failed: <the first failing test>"`` or ``"timeout"``: the tests run in
    ``copy`` against its src."""
    env = {**os.environ, "PYTHONPATH": str(copy / "src")}
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    try:
        done = subprocess.run(
            command, cwd=copy, env=env, capture_output=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        return "timeout"
    if done.returncode == 0:
        return "passed"
    lines = done.stdout.decode(errors="replace").splitlines()
    first = next((line for line in lines if line.startswith(("FAILED ", "ERROR "))), "")
    return f"failed: {first[:200]}" if first else "failed"


def settles(result: str) -> bool:
    """Whether an outcome settles its mutation (a timeout or a budget cut does not)."""
    return result.startswith(("killed", "survived", "equivalent"))


def read_results(path: Path) -> dict[str, str]:
    """The last outcome of each mutation in a ``--results`` file (none if it is missing)."""
    if not path.exists():
        return {}
    lines = path.read_text(encoding="utf-8").splitlines()
    return {row["id"]: row["result"] for row in map(json.loads, filter(None, lines))}


def main(argv: list[str] | None = None) -> int:
    """Run the mutations; print one line each and the score; 1 if a survivor or stale remains."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--only", nargs="*", default=[], help="run the mutations whose id contains one of these"
    )
    parser.add_argument("--budget", type=float, default=1800.0, help="seconds in all (1800)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per run (300)")
    parser.add_argument("--full", action="store_true", help="try survivors on the whole suite")
    parser.add_argument("--list", action="store_true", help="list the mutations and stop")
    parser.add_argument(
        "--tests", nargs="*", default=[], help="run these tests against every mutation instead"
    )
    parser.add_argument(
        "--results", type=Path, help="append each outcome to this file, one JSON line each"
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="skip the mutations --results decides, before each one (another run may share it)",
    )
    parser.add_argument("--reverse", action="store_true", help="run the list from its end")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTATIONS if not args.only or any(part in m.id for part in args.only)]
    if args.list:
        for m in chosen:
            print(f"{m.id:40} {m.path}")
        return 0
    start = time.monotonic()
    outcome: dict[str, str] = {}
    if args.resume and args.results is not None:
        outcome = {m_id: r for m_id, r in read_results(args.results).items() if settles(r)}
        for m in chosen:
            if m.id in outcome:
                print(f"{m.id:40} {outcome[m.id]} (an earlier run)", flush=True)
        chosen = [m for m in chosen if m.id not in outcome]
    if args.reverse:
        chosen.reverse()
    with tempfile.TemporaryDirectory(prefix="mutation-") as scratch:
        copy = Path(scratch) / "repo"
        copy_tree(copy)
        everything = tuple(args.tests) or tuple(dict.fromkeys(WIRE + SERVER))
        baseline = run_tests(copy, everything, args.timeout)
        if baseline != "passed":
            print(f"without a mutation the tests say {baseline}: fix them", file=sys.stderr)
            return 2
        for m in chosen:
            if time.monotonic() - start > args.budget:
                outcome[m.id] = "not run"
                print(f"{m.id:40} not run (budget spent)", flush=True)
                continue
            if args.resume and args.results is not None:
                shared = read_results(args.results).get(m.id, "")
                if settles(shared):  # another run, sharing the file, has done it
                    outcome[m.id] = shared
                    print(f"{m.id:40} {shared} (another run)", flush=True)
                    continue
            target = copy / m.path
            text = (ROOT / m.path).read_text(encoding="utf-8")
            if text.count(m.old) != 1:
                outcome[m.id] = "stale"
                print(f"{m.id:40} stale: its piece is not once in {m.path}", flush=True)
                continue
            target.write_text(text.replace(m.old, m.new), encoding="utf-8")
            try:
                began = time.monotonic()
                result = run_tests(copy, tuple(args.tests) or m.tests, args.timeout)
                if result == "passed" and args.full:
                    result = run_tests(copy, WHOLE, 3 * args.timeout)
                    if result == "passed":
                        result = "survived (whole suite)"
                    elif result.startswith("failed"):
                        result = "killed (whole suite)" + result[len("failed") :]
                elif result == "passed":
                    result = "survived"
                elif result.startswith("failed"):
                    result = "killed" + result[len("failed") :]
                if m.equivalent and result.startswith("survived"):
                    result = f"equivalent ({m.equivalent})"
            finally:
                target.write_text(text, encoding="utf-8")
            outcome[m.id] = result
            seconds = time.monotonic() - began
            print(f"{m.id:40} {result} ({seconds:.0f} s)", flush=True)
            if args.results is not None:
                with args.results.open("a", encoding="utf-8") as out:
                    out.write(json.dumps({"id": m.id, "result": result, "seconds": round(seconds)}))
                    out.write("\n")
    print(f"this run took {time.monotonic() - start:.0f} s", flush=True)
    decided = [r for r in outcome.values() if r.startswith(("killed", "survived"))]
    killed = sum(r.startswith("killed") for r in decided)
    if decided:
        print(f"score: {killed} of {len(decided)} killed ({100 * killed / len(decided):.0f} %)")
    others = len(outcome) - len(decided)
    if others:
        print(f"not in the score: {others} (equivalent, timeout, stale or not run)")
    done = all(r.startswith(("killed", "equivalent")) for r in outcome.values())
    return 0 if done else 1


if __name__ == "__main__":
    sys.exit(main())
