"""``raise-the-sum simulate``: the table, --json, --jobs, and bad input."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from raise_the_sum import Rules, wire
from raise_the_sum.bots import CautiousBot, GreedyBot, RandomBot, make_bot
from raise_the_sum.cli import main
from raise_the_sum.cli import simulate as simulate_command
from raise_the_sum.cli.simulate import render
from raise_the_sum.records import MatchRecord
from raise_the_sum.tournament import run_tournament


def simulate(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["simulate", *argv], out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_the_same_seed_gives_the_same_table_with_one_and_two_jobs() -> None:
    args = (
        "--bots",
        "greedy",
        "random",
        "cautious",
        "--matches",
        "12",
        "--seed",
        "4",
        "--no-progress",
    )
    status, one, _ = simulate(*args, "--jobs", "1")
    assert status == 0
    status, two, _ = simulate(*args, "--jobs", "2")
    assert status == 0
    assert one == two
    assert one.startswith("3 players, 12 matches, seed 4, seats rotated (parity 33.3%)\n")


def test_the_table_is_the_librarys_tournament() -> None:
    status, out, _ = simulate(
        "--bots", "greedy", "random", "--matches", "10", "--seed", "2", "--no-progress"
    )
    assert status == 0
    assert out == render(run_tournament((GreedyBot(), RandomBot()), 10, seed=2)) + "\n"


def test_json_gives_rates_intervals_and_means() -> None:
    status, out, _ = simulate(
        "--bots",
        "cautious",
        "greedy",
        "--players",
        "4",
        "--matches",
        "8",
        "--json",
        "--no-progress",
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
        (
            ["--bots", "dealer"],
            "argument --bots: unknown bot 'dealer'; choose from alex, cautious, greedy, random,"
            " riley, sam, search",
        ),
        (["--matches", "0"], "argument --matches: a whole number, 1 or more; got '0'"),
        (["--matches", "ten"], "argument --matches: a whole number, 1 or more; got 'ten'"),
        (["--jobs", "0"], "argument --jobs: a whole number, 1 or more; got '0'"),
        (["--players", "5"], "argument --players: 2 to 4 players, got 5 (rule R3.1)"),
        (["--players", "1"], "argument --players: a whole number, 2 or more; got '1'"),
        (
            ["--bots", "greedy", "random", "sam", "--players", "2"],
            "argument --bots: 3 bots for 2 seats; name at most 2",
        ),
        (
            ["--bots", "greedy", "greedy", "greedy", "greedy", "greedy"],
            "argument --bots: 2 to 4 bots, one per seat, got 5 (rule R3.1)",
        ),
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


# --- a bot of your own, --records, and the seat rule shared with the library ------------------

USER_BOTS = '''
import attrs
from raise_the_sum.bots import GreedyBot


@attrs.frozen
class Opener:
    """Plays the first legal action: a user's own bot."""

    name: str = "opener"

    def choose(self, view, legal, rng):
        return legal[0], rng


def careful():
    return GreedyBot(name="careful")


NOT_A_BOT = 3


def broken():
    raise RuntimeError("no luck")
'''


@pytest.fixture
def user_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A module ``user_bots_mod`` importable from a temporary directory."""
    (tmp_path / "user_bots_mod.py").write_text(USER_BOTS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "user_bots_mod"


def test_bots_of_your_own_by_module_class_or_module_factory(user_bots: str) -> None:
    status, out, _ = simulate(
        "--bots",
        f"{user_bots}:Opener",
        f"{user_bots}:careful",
        "--matches",
        "4",
        "--json",
        "--no-progress",
    )
    assert status == 0
    data = json.loads(out)
    assert [e["name"] for e in data["entrants"]] == ["opener", "careful"]
    module = sys.modules[user_bots]
    expected = run_tournament((module.Opener(), GreedyBot(name="careful")), 4, seed=0)
    assert data == json.loads(json.dumps(expected.as_dict()))


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no_such_module_xyz:Bot", "cannot import no_such_module_xyz"),
        ("{m}:Missing", "module {m} has no Missing"),
        ("{m}:NOT_A_BOT", "NOT_A_BOT is not a class or a factory"),
        ("{m}:broken", "broken() failed: RuntimeError: no luck"),
        ("{m}:GreedyBot.name", "GreedyBot.name is not a class or a factory"),
        (":Opener", "a bot of your own is module:Class or module:factory"),
    ],
)
def test_a_bad_bot_of_your_own_is_one_line_and_exit_2(
    user_bots: str, spec: str, message: str
) -> None:
    status, out, err = simulate("--bots", spec.format(m=user_bots), "greedy", "--matches", "1")
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and message.format(m=user_bots) in err, err


def test_a_factory_that_gives_no_bot_is_refused(
    user_bots: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib

    module = importlib.import_module(user_bots)
    monkeypatch.setattr(module, "careful", lambda: "greedy", raising=True)
    status, _, err = simulate("--bots", f"{user_bots}:careful", "--matches", "1")
    assert status == 2 and "careful() gave str, not a bot" in err


def test_records_dir_holds_every_match_s_record_which_replays_the_table(tmp_path: Path) -> None:
    target = tmp_path / "runs" / "today"
    status, out, _ = simulate(
        "--bots",
        "greedy",
        "random",
        "cautious",
        "--matches",
        "5",
        "--seed",
        "3",
        "--records",
        str(target),
        "--json",
        "--no-progress",
    )
    assert status == 0
    files = sorted(target.iterdir())
    assert [f.name for f in files] == [f"match-{i:04d}.txt" for i in range(1, 6)]
    result = run_tournament((GreedyBot(), RandomBot(), CautiousBot()), 5, seed=3, records=True)
    wins = [0, 0, 0]
    for path, played in zip(files, result.matches_played, strict=True):
        record = MatchRecord.from_text(path.read_text(encoding="utf-8"))
        assert record == played.record
        final = record.replay()[-1]
        wins[played.seats[final.current]] += 1
    assert [e["wins"] for e in json.loads(out)["entrants"]] == wins


def test_records_into_a_file_that_is_not_a_directory_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    status, _, err = simulate(
        "--bots", "greedy", "--matches", "1", "--records", str(blocker), "--no-progress"
    )
    assert status == 2 and "argument --records: cannot write to" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("bots", "players"),
    [(["greedy"], None), (["cautious", "greedy"], 4), (["random", "greedy", "sam"], 3)],
)
def test_the_command_line_fills_seats_as_the_library_does(
    bots: list[str], players: int | None
) -> None:
    argv = ["--bots", *bots, "--matches", "3", "--json", "--no-progress"]
    if players is not None:
        argv += ["--players", str(players)]
    status, out, _ = simulate(*argv)
    assert status == 0
    library = run_tournament(
        [make_bot(name) for name in bots],
        3,
        seed=0,
        rules=None if players is None else Rules(players=players),
    )
    assert json.loads(out) == json.loads(json.dumps(library.as_dict()))


def test_scheduler_and_jobs_together_are_refused() -> None:
    status, _, err = simulate("--matches", "1", "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1")
    assert status == 2 and "give --jobs or --scheduler, not both" in err


def test_a_scheduler_that_cannot_be_reached_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulate_command, "CONNECT_TIMEOUT", 1.0)
    status, _, err = simulate("--matches", "1", "--scheduler", "tcp://127.0.0.1:9", "--no-progress")
    assert status == 2 and "argument --scheduler: cannot reach tcp://127.0.0.1:9" in err
    assert err.count("\n") == 1


def test_rules_file_plays_the_variant_and_the_result_carries_it(tmp_path: Path) -> None:
    variant = Rules(players=3, hand_size=5, hand_limit=6, points_to_win=2)
    path = tmp_path / "variant.json"
    path.write_text(wire.dumps(variant), encoding="utf-8")
    status, out, _ = simulate(
        "--bots",
        "greedy",
        "cautious",
        "--rules",
        str(path),
        "--matches",
        "3",
        "--json",
        "--no-progress",
    )
    assert status == 0
    data = json.loads(out)
    assert wire.decode(Rules, data["rules"]) == variant
    expected = run_tournament((GreedyBot(), CautiousBot()), 3, seed=0, rules=variant)
    assert data == json.loads(json.dumps(expected.as_dict()))
    (tmp_path / "short.json").write_text('{"players": 2, "points_to_win": 1}', encoding="utf-8")
    status, out, _ = simulate(
        "--rules", str(tmp_path / "short.json"), "--matches", "2", "--json", "--no-progress"
    )
    assert status == 0 and wire.decode(Rules, json.loads(out)["rules"]) == Rules(
        players=2, points_to_win=1
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"players": 7}', "/players: 2 to 4 players, got 7 (rule R3.1)"),
        ('{"player": 3}', "/player: unknown field 'player'"),
        ("players=3", "variant.json: "),
    ],
)
def test_a_bad_rules_file_is_one_line_and_exit_2(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "variant.json"
    path.write_text(text, encoding="utf-8")
    status, out, err = simulate("--rules", str(path), "--matches", "1")
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert err.startswith("raise-the-sum: error: argument --rules: ") and message in err, err


def test_a_missing_rules_file_and_players_against_the_rules_are_refused(tmp_path: Path) -> None:
    status, _, err = simulate("--rules", str(tmp_path / "none.json"), "--matches", "1")
    assert status == 2 and "argument --rules: cannot read" in err
    path = tmp_path / "three.json"
    path.write_text('{"players": 3}', encoding="utf-8")
    status, _, err = simulate("--rules", str(path), "--players", "2", "--matches", "1")
    assert status == 2 and "argument --players: 2 players, but --rules says 3" in err


def test_json_writes_seeds_as_strings_and_every_match_s_result() -> None:
    status, out, _ = simulate(
        "--bots", "greedy", "random", "--matches", "3", "--seed", str(2**64 + 5), "--json",
        "--no-progress",
    )  # fmt: skip
    assert status == 0
    data = json.loads(out)
    assert data["seed"] == str(2**64 + 5) and data["stopped"] is False
    expected = run_tournament((GreedyBot(), RandomBot()), 3, seed=2**64 + 5)
    assert [r["match"] for r in data["results"]] == [1, 2, 3]
    for entry, played in zip(data["results"], expected.matches_played, strict=True):
        assert entry["seed"] == str(played.seed) and isinstance(entry["seed"], str)
        assert entry["seats"] == list(played.seats) and entry["winner"] == played.winner
        assert entry["points"] == list(played.points) and entry["rounds"] == played.rounds
        assert entry["points"][entry["winner"]] == 5 and entry["out_of_time"] == []
    assert sum(1 for r in data["results"] if r["winner"] == 0) == data["entrants"][0]["wins"]


def test_the_table_names_the_rules_played(tmp_path: Path) -> None:
    _, standard, _ = simulate("--bots", "greedy", "random", "--matches", "1", "--no-progress")
    assert standard.splitlines()[1] == "rules: the standard game"
    variant = tmp_path / "short.json"
    variant.write_text('{"players": 2, "hand_size": 5, "points_to_win": 3}', encoding="utf-8")
    _, out, _ = simulate("--bots", "greedy", "--rules", str(variant), "--matches", "2")
    assert out.splitlines()[1] == "rules: a variant: hand_size 5, points_to_win 3"


def test_match_0001_carries_match_1(tmp_path: Path) -> None:
    status, _, _ = simulate(
        "--bots", "greedy", "--matches", "2", "--records", str(tmp_path), "--no-progress"
    )
    assert status == 0
    for number in (1, 2):
        text = (tmp_path / f"match-{number:04d}.txt").read_text(encoding="utf-8")
        assert f'[Match "{number}"]' in text


def test_a_bot_module_in_the_working_folder_is_found_without_the_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "folder_bots_mod.py").write_text(USER_BOTS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", ".", str(tmp_path))])
    status, out, err = simulate("--bots", "folder_bots_mod:Opener", "greedy", "--matches", "2")
    assert status == 0, err
    assert "opener" in out and sys.path[0] == str(tmp_path)


CRASHING = """
import attrs


@attrs.frozen
class Crashing:
    name: str = "crashing"

    def choose(self, view, legal, rng):
        if len(view.hand) < 7:
            return think(view)
        return legal[0], rng


def think(view):
    return 1 // 0
"""


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_bot_that_raises_gets_a_report_with_its_traceback_and_the_finished_records_stay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str
) -> None:
    (tmp_path / "crashing_bots_mod.py").write_text(CRASHING, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    records = tmp_path / "runs"
    status, out, err = simulate(
        "--bots", "greedy", "crashing_bots_mod:Crashing", "--players", "2", "--matches", "6",
        "--seed", "8", "--records", str(records), "--jobs", jobs, "--no-progress",
    )  # fmt: skip
    assert (status, out) == (1, ""), err
    lines = err.splitlines()
    assert lines[0] == (
        "raise-the-sum: bot 'crashing' raised ZeroDivisionError: integer division or modulo by zero"
    )
    assert re.fullmatch(
        r"  in match \d+ \(tournament seed 8, game seed \d+\), at seat [01]", lines[1]
    )
    assert "the bot's traceback:" in lines
    assert 'crashing_bots_mod.py", line 16, in think' in err and "1 // 0" in err
    assert "driver.py" not in err and "tournament.py" not in err
    for path in records.glob("match-*.txt"):  # whatever finished before is kept whole
        assert (
            MatchRecord.from_text(path.read_text(encoding="utf-8")).replay()[-1].phase.name
            == "MATCH_OVER"
        )


def test_a_bot_that_hangs_is_stopped_by_move_seconds_and_the_table_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "hanging_bots_mod.py").write_text(
        "import time\n\n\nclass Hanging:\n    name = 'hanging'\n\n"
        "    def choose(self, view, legal, rng):\n        time.sleep(3600)\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    status, out, err = simulate(
        "--bots", "hanging_bots_mod:Hanging", "greedy", "--matches", "2", "--move-seconds", "0.3",
        "--no-progress",
    )  # fmt: skip
    assert status == 0, err
    assert out.splitlines()[-1] == (
        "out of time (the greedy bot played the seat to the end): hanging in 2 matches"
    )


@pytest.mark.parametrize("value", ["-1", "soon", "inf", "nan"])
def test_move_seconds_must_be_a_number_of_seconds(value: str) -> None:
    status, _, err = simulate("--bots", "greedy", "--move-seconds", value)
    assert status == 2 and "argument --move-seconds: a number of seconds" in err


def test_a_bot_that_cannot_be_sent_to_its_own_process_is_one_line_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "lambda_bots_mod.py").write_text(
        "class Lambda:\n    name = 'lambda'\n\n    def __init__(self):\n"
        "        self.pick = lambda legal: legal[0]\n\n"
        "    def choose(self, view, legal, rng):\n        return self.pick(legal), rng\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    status, out, err = simulate(
        "--bots", "lambda_bots_mod:Lambda", "greedy", "--matches", "1", "--no-progress"
    )
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "argument --bots: bot 'lambda': cannot be" in err, err
    # Without the time limit it plays in this process, a fresh copy per match.
    status, out, err = simulate(
        "--bots", "lambda_bots_mod:Lambda", "greedy", "--matches", "2", "--move-seconds", "0",
        "--no-progress",
    )  # fmt: skip
    assert status == 0 and "lambda" in out, err
