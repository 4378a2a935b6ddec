"""``raise-the-sum simulate``: the table, --json, --jobs, and bad input."""

from __future__ import annotations

import io
import json
import sys

import pytest

from raise_the_sum.bots import CautiousBot, GreedyBot, RandomBot
from raise_the_sum.cli import main
from raise_the_sum.cli.simulate import render
from raise_the_sum.tournament import run_tournament


def simulate(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["simulate", *argv], out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_the_same_seed_gives_the_same_table_with_one_and_two_jobs() -> None:
    args = ("--bots", "greedy", "random", "cautious", "--matches", "12", "--seed", "4", "--no-progress")
    status, one, _ = simulate(*args, "--jobs", "1")
    assert status == 0
    status, two, _ = simulate(*args, "--jobs", "2")
    assert status == 0
    assert one == two
    assert one.startswith("3 players, 12 matches, seed 4, seats rotated (parity 33.3%)\n")


def test_the_table_is_the_librarys_tournament() -> None:
    status, out, _ = simulate("--bots", "greedy", "random", "--matches", "10", "--seed", "2", "--no-progress")
    assert status == 0
    assert out == render(run_tournament((GreedyBot(), RandomBot()), 10, seed=2)) + "\n"


def test_json_gives_rates_intervals_and_means() -> None:
    status, out, _ = simulate(
        "--bots", "cautious", "greedy", "--players", "4", "--matches", "8", "--json", "--no-progress"
    )
    assert status == 0
    data = json.loads(out)
    expected = run_tournament((CautiousBot(), GreedyBot(), GreedyBot(), GreedyBot()), 8, seed=0)
    assert data == json.loads(json.dumps(expected.as_dict()))
    assert [e["name"] for e in data["entrants"]] == ["cautious", "greedy", "greedy 2", "greedy 3"]
    assert sum(e["wins"] for e in data["entrants"]) == 8
    for entry in data["entrants"]:
        low, high = entry["ci95"]
        assert low <= entry["rate"] <= high


def test_a_progress_counter_goes_to_stderr_without_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "rich", None)
    monkeypatch.setitem(sys.modules, "rich.console", None)
    monkeypatch.setitem(sys.modules, "rich.progress", None)
    status, out, err = simulate("--bots", "greedy", "random", "--matches", "3")
    assert status == 0
    assert err.endswith("matches: 3/3\n")
    assert "greedy" in out


def test_the_progress_bar_leaves_stdout_alone() -> None:
    status, out, _ = simulate("--bots", "greedy", "random", "--matches", "3")
    assert status == 0
    _, quiet, _ = simulate("--bots", "greedy", "random", "--matches", "3", "--no-progress")
    assert out == quiet


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "dealer"], "argument --bots: unknown bot 'dealer'; choose from alex, cautious, greedy, random, riley, sam, search"),
        (["--matches", "0"], "argument --matches: a whole number, 1 or more; got '0'"),
        (["--matches", "ten"], "argument --matches: a whole number, 1 or more; got 'ten'"),
        (["--jobs", "0"], "argument --jobs: a whole number, 1 or more; got '0'"),
        (["--players", "5"], "argument --players: 2 to 4 players, got 5 (rule R3.1)"),
        (["--players", "1"], "argument --players: a whole number, 2 or more; got '1'"),
        (["--bots", "greedy", "random", "sam", "--players", "2"], "argument --bots: 3 bots for 2 seats; name at most 2"),
        (["--bots", "greedy", "greedy", "greedy", "greedy", "greedy"], "argument --bots: 2 to 4 bots, one per seat, got 5 (rule R3.1)"),
        (["--seed", "x"], "argument --seed: a seed is a whole number (rule R3.8), got 'x'"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_status_2(argv: list[str], message: str) -> None:
    status, out, err = simulate(*argv)
    assert status == 2
    assert out == ""
    assert err == f"raise-the-sum: error: {message}\n"


def test_a_negative_seed_is_a_seed() -> None:
    status, out, _ = simulate("--matches", "2", "--seed", "-5", "--no-progress")
    assert status == 0
    assert "seed -5" in out
