"""The conformance vectors (``conformance/v1/``): fresh, replayed through the library, and enough.

``tools/make_conformance.py`` writes them; ``docs/conformance.rst`` documents
them. Here every vector is replayed through the library, the files are
compared with a fresh generation, and the JavaScript checker in
``conformance/js/`` (``score`` and the deal only, written from the docs) is
run on them with Node's own test runner.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from raise_the_sum import wire
from raise_the_sum.actions import Action, IllegalAction
from raise_the_sum.cards import Card
from raise_the_sum.engine import legal_plays, new_game
from raise_the_sum.events import observe_events, step
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules
from raise_the_sum.scoring import Attack, attack_of, score
from raise_the_sum.state import GameState
from raise_the_sum.views import observe

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "conformance" / "v1"


@functools.cache
def tool() -> ModuleType:
    """``tools/make_conformance.py``, imported."""
    spec = importlib.util.spec_from_file_location(
        "make_conformance", ROOT / "tools" / "make_conformance.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cases(name: str) -> list[dict[str, Any]]:
    """The vectors of one file."""
    with (FOLDER / name).open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def test_the_checked_in_vectors_equal_a_fresh_generation_and_the_manifest_counts_them() -> None:
    fresh = tool().generate()
    assert sorted(path.name for path in FOLDER.iterdir()) == sorted(fresh)
    for name, text in fresh.items():
        assert (FOLDER / name).read_text(encoding="utf-8") == text, (
            f"{name} is stale: run .venv/bin/python tools/make_conformance.py"
        )
    manifest = json.loads(fresh["manifest.json"])
    assert manifest["version"] == 1 and manifest["wire_format"] == wire.FORMAT_VERSION
    for name, entry in manifest["files"].items():
        assert entry["lines"] == len(cases(name)) > 0
    total = sum(len(text.encode()) for text in fresh.values())
    assert total < 4 * 2**20, f"the vectors take {total} bytes: a few MB at most"


def _cards(texts: list[str]) -> list[Card]:
    return [wire.decode(Card, text) for text in texts]


def test_every_score_vector_holds_and_together_they_cover_every_rule_of_the_arithmetic() -> None:
    covered: Counter[str] = Counter()
    for case in cases("score.jsonl"):
        cards, attack = _cards(case["cards"]), wire.decode(Attack, case["attack"])
        assert score(cards, attack) == case["total"], case
        assert wire.encode(attack_of(cards)) == case["outgoing"], case
        assert tool().score_rules(cards, attack) == [r for r in case["rules"] if r != "R1.6"]
        covered.update(case["rules"])
    assert {f"R2.{n}" for n in range(1, 9)} | {"R1.6"} <= set(covered), covered
    assert min(covered[f"R2.{n}"] for n in (1, 2, 3, 4, 5, 7, 8)) >= 100, covered


def test_every_position_s_legal_actions_are_the_library_s_in_its_order() -> None:
    phases: Counter[str] = Counter()
    for case in cases("legal.jsonl"):
        state = wire.decode(GameState, case["state"])
        assert [wire.encode(action) for action in legal_plays(state)] == case["legal"]
        assert case["count"] == len(case["legal"])
        phases[case["state"]["phase"]] += 1
    assert set(phases) == {"play", "discard", "round_over", "match_over"}, phases


def test_every_action_vector_gives_the_next_state_its_events_or_the_refusal_s_rule() -> None:
    refused: Counter[str] = Counter()
    for case in cases("apply.jsonl"):
        state = wire.decode(GameState, case["state"])
        action = wire.decode(Action, case["action"])
        if "refused" in case:
            with pytest.raises(IllegalAction) as error:
                step(state, action, seat=case["seat"])
            assert error.value.rule == case["refused"]["rule"], case
            refused[error.value.rule] += 1
            continue
        after, events = step(state, action, seat=case["seat"])
        assert wire.encode(after) == case["next"]
        assert [wire.encode(event) for event in events] == case["events"]
        for seat, seen in enumerate(case["seen"]):
            assert [wire.encode(event) for event in observe_events(events, seat)] == seen
        refused["legal"] += 1
    expected = {"R4.2", "R4.3", "R4.4", "R4.5", "R4.8", "R4.9", "R5.2", "R5.4"}
    assert expected <= set(refused) and refused["legal"] >= 100, refused


def test_every_match_vector_replays_from_its_seed_outputs_and_shuffle_to_its_end() -> None:
    for case in cases("matches.jsonl"):
        rules, seed = wire.decode(Rules, case["rules"]), int(case["seed"])
        rng = Rng.from_seed(seed)
        for expected in case["outputs"]:
            value, rng = rng.next_u64()
            assert str(value) == expected
        shuffled, _ = Rng.from_seed(seed).shuffle(rules.deck)
        assert [wire.encode(card) for card in shuffled] == case["shuffled"]
        state = new_game(rules, seed=seed)
        assert wire.encode(state) == case["start"]
        for action, events in zip(case["actions"], case["events"], strict=True):
            state, happened = step(state, wire.decode(Action, action))
            assert [wire.encode(event) for event in happened] == events
        assert wire.encode(state) == case["end"] and case["end"]["phase"] == "match_over"


def test_every_seat_s_view_of_every_observed_position_is_observe_s() -> None:
    for case in cases("observe.jsonl"):
        state = wire.decode(GameState, case["state"])
        assert len(case["views"]) == state.players
        for seat, view in enumerate(case["views"]):
            assert wire.encode(observe(state, seat)) == view


def test_the_javascript_checker_implements_score_and_the_deal_and_passes_the_vectors() -> None:
    node = shutil.which("node")
    assert node is not None, "Node.js runs the JavaScript checker: apt-get install nodejs"
    run = subprocess.run(
        [node, "--test", "conformance/js/"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout, run.stdout
