"""The protocol, against the real server: tables, documents, events since, check, record.

Each document is checked against the library itself: the view is
``observe``'s, the legal actions ``legal_plays``', the events ``observe_events``',
recomputed from the match record the server publishes at the end.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from raise_the_sum import Rules, explain, legal_plays, observe, wire
from raise_the_sum.actions import Action
from raise_the_sum.cards import Card
from raise_the_sum.events import Event, observe_events, step
from raise_the_sum.records import MatchRecord
from raise_the_sum.scoring import Attack

from .harness import Server, act, bearer, create, document, seated, wait_for_turn

KEYS = [
    "table",
    "version",
    "view",
    "legal",
    "events",
    "seats",
    "lesson",
    "must_discard",
    "attack_text",
    "next_round_at",
    "seating",
    "seed_commitment",
    "turn_deadline",
]


def play_to_the_end(client: httpx.Client, table: str, token: str) -> dict[str, Any]:
    """Play a seat with its first legal action until the match is over; the last document."""
    while True:
        doc = wait_for_turn(client, table, token)
        if doc["view"]["phase"] == "match_over":
            return doc
        answer = act(client, table, token, doc["legal"][0], doc["version"])
        # 409: the table moved on meanwhile (at pace 0 the result between rounds ends at once).
        assert answer.status_code in (200, 409), answer.text


def test_a_new_table_has_one_token_per_human_seat_and_commits_to_its_seed(server: Server) -> None:
    with server.client() as client:
        table, tokens, commitment = create(client, ["random", "human", "greedy", "human"])
        assert sorted(tokens) == [1, 3]
        assert len(set(tokens.values())) == 2 and all(len(t) >= 43 for t in tokens.values())
        assert len(commitment) == 64 and commitment == commitment.lower()
        int(commitment, 16)
        other, _, other_commitment = create(client, ["human", "random"])
        assert other != table and other_commitment != commitment


def test_a_document_has_the_pinned_shape_and_the_library_s_values(any_still_server: Server) -> None:
    with any_still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human", "human"])
        first = client.get(f"/api/tables/{table}", headers=bearer(tokens[0]))
        assert first.headers["content-type"] == "application/json"
        doc = first.json()
        assert list(doc) == KEYS
        assert doc["table"] == table and doc["version"] == 0
        assert doc["seats"] == ["human", "human", "human"] and doc["lesson"] is None
        view = doc["view"]
        assert view["format"] == "raise-the-sum/view" and view["seat"] == 0
        assert not {"hands", "deck", "seed", "rng"} & set(view)
        assert decode_rules(view["rules"]) == Rules(players=3)
        assert doc["legal"] and doc["legal"][-1]["type"] == "play"  # an opener may not pass (R4.3)
        assert doc["events"] == []
        for seat in (1, 2):
            other = document(client, table, tokens[seat])
            assert other["legal"] == []  # not to act
            assert other["view"]["seat"] == seat and len(other["view"]["hand"]) == 7
        answer = act(client, table, tokens[0], doc["legal"][0], 0)
        assert answer.status_code == 200, answer.text
        after = answer.json()
        assert list(after) == KEYS and after["version"] == 1
        played = [e for e in after["events"] if e["type"] == "played"]
        assert len(played) == 1
        cards = tuple(wire.decode(Card, c) for c in played[0]["cards"])
        assert played[0]["explanation"] == str(explain(cards, Attack()))


def decode_rules(value: Any) -> Rules:
    rules: Rules = wire.decode(Rules, value)
    return rules


def test_events_since_a_version_are_the_seat_s_events_of_the_later_versions(server: Server) -> None:
    with server.client() as client:
        table, tokens, _ = create(client, ["human", "random", "random"])
        last = play_to_the_end(client, table, tokens[0])
        everything = document(client, table, tokens[0])["events"]
        assert everything == document(client, table, tokens[0], since=0)["events"]
        for since in range(0, last["version"] + 1, 7):
            tail = document(client, table, tokens[0], since=since)["events"]
            head = document(client, table, tokens[0], since=0)["events"]
            assert head[len(head) - len(tail) :] == tail
        # Rebuilt from the published record: the seat's events are observe_events' of step's.
        record = published_record(client, table, tokens[0])
        state = record_start(record)
        events: list[Event] = []
        for action in record.actions:
            state, happened = step(state, action)
            events.extend(observe_events(happened, 0))
        expected = [wire.encode(e) for e in events]
        assert [{k: v for k, v in e.items() if k != "explanation"} for e in everything] == expected
        assert last["view"] == wire.encode(observe(state, 0))
        assert last["legal"] == [] and legal_plays(state) == ()


def published_record(client: httpx.Client, table: str, token: str) -> MatchRecord:
    answer = client.get(f"/api/tables/{table}/record", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    record: MatchRecord = wire.decode(MatchRecord, answer.json())
    return record


def record_start(record: MatchRecord) -> Any:
    return record.replay()[0]


def test_the_record_comes_only_at_the_end_and_its_seed_meets_the_commitment(server: Server) -> None:
    with server.client() as client:
        table, tokens, commitment = create(client, ["human", "greedy"])
        early = client.get(f"/api/tables/{table}/record", headers=bearer(tokens[0]))
        assert early.status_code == 409
        assert early.json()["error"] == "match_not_over"
        assert list(early.json()) == ["error", "message"]
        last = play_to_the_end(client, table, tokens[0])
        record = published_record(client, table, tokens[0])
        assert hashlib.sha256(str(record.seed).encode()).hexdigest() == commitment
        assert len(record.actions) == last["version"]
        final = record.replay()[-1]
        assert wire.encode(observe(final, 0)) == last["view"]
        assert record.tags["Seat0"] == "human" and record.tags["Seat1"] == "greedy"


def test_check_judges_an_action_for_the_seat_and_changes_nothing(still_server: Server) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        seated(client, table, tokens)
        doc = document(client, table, tokens[0])
        url = f"/api/tables/{table}/check"
        legal = client.post(url, headers=bearer(tokens[0]), json={"action": doc["legal"][0]})
        assert legal.status_code == 200 and legal.json()["legal"] is True
        cards = tuple(wire.decode(Card, c) for c in doc["legal"][0]["cards"])
        assert legal.json()["explanation_text"] == str(explain(cards, Attack()))
        opening_pass = client.post(
            url, headers=bearer(tokens[0]), json={"action": {"type": "pass"}}
        )
        verdict = opening_pass.json()
        assert verdict["legal"] is False and verdict["rule"] == "R4.3"
        out_of_turn = client.post(url, headers=bearer(tokens[1]), json={"action": {"type": "pass"}})
        assert out_of_turn.json()["rule"] == "R4.9"
        assert document(client, table, tokens[0]) == doc


def test_between_rounds_the_winner_may_send_next_round(still_server: Server) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        doc = document(client, table, tokens[0])
        answer = act(client, table, tokens[0], doc["legal"][0], 0)  # seat 0 opens
        doc = answer.json()
        reply = document(client, table, tokens[1])
        answer = act(client, table, tokens[1], {"type": "pass"}, reply["version"])
        doc = answer.json()
        while doc["view"]["phase"] == "discard":  # seat 1 holds too many (R4.8)
            answer = act(client, table, tokens[1], doc["legal"][0], doc["version"])
            doc = answer.json()
        assert doc["view"]["phase"] == "round_over"
        winner = document(client, table, tokens[0])
        assert winner["legal"] == [{"type": "next_round"}]
        assert document(client, table, tokens[1])["legal"] == []
        answer = act(client, table, tokens[0], {"type": "next_round"}, winner["version"])
        assert answer.status_code == 200
        assert [e["type"] for e in answer.json()["events"]][:1] == ["round_started"]


def test_the_page_and_its_files_are_served_or_cleanly_missing(server: Server) -> None:
    with server.client() as client:
        page = client.get("/")
        assert page.status_code in (200, 404)
        if page.status_code == 200:
            assert page.headers["content-type"].startswith("text/html")
        else:
            assert page.json()["error"] == "not_found"
        for path in (
            "/static/../../../../etc/passwd",
            "/static/%2e%2e/server/app.py",
            "/static/nothing.js",
            "/api/nowhere",
        ):
            missing = client.get(path)
            assert missing.status_code == 404 and missing.json()["error"] == "not_found", path
        wrong_method = client.delete("/api/tables")
        assert (
            wrong_method.status_code == 405 and wrong_method.json()["error"] == "method_not_allowed"
        )


def test_actions_decode_with_the_wire_format(still_server: Server) -> None:
    """Any order and any notation ``parse_cards`` reads are accepted, as ``wire.decode`` does."""
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        doc = document(client, table, tokens[0])
        play = max(doc["legal"], key=lambda a: len(a.get("cards", [])))
        reordered = {"cards": list(reversed(play["cards"])), "type": "play"}
        action: Action = wire.decode(Action, reordered)
        assert wire.encode(action) == play
        answer = act(client, table, tokens[0], reordered, 0)
        assert answer.status_code == 200, answer.text
        assert json.loads(answer.text)["version"] == 1


def test_a_tutorial_table_is_the_guided_first_hand_with_its_lessons(server: Server) -> None:
    from raise_the_sum import lessons

    with server.client() as client:
        answer = client.post("/api/tables", json={"tutorial": True})
        assert answer.status_code == 201, answer.text
        table, token = answer.json()["table"], answer.json()["tokens"]["0"]
        assert list(answer.json()["tokens"]) == ["0"]
        doc = document(client, table, token)
        assert doc["seats"] == ["human", *lessons.BOTS]
        assert doc["view"]["rules"] == wire.encode(lessons.tutorial_rules())
        assert doc["lesson"]["cards"] == ["+9", "-6"] and doc["lesson"]["text"]
        pointed = []
        while doc["lesson"] is not None:
            if doc["legal"] and doc["lesson"]["cards"]:
                kind = "discard" if doc["view"]["phase"] == "discard" else "play"
                action = {"type": kind, "cards": doc["lesson"]["cards"]}
                pointed.append(action)
                answer = act(client, table, token, action, doc["version"])
                assert answer.status_code == 200, answer.text
                assert answer.json()["lesson"] is None or answer.json()["lesson"]["text"]
            elif doc["legal"]:
                break  # the guide says to pass: the lesson's own tests follow it further
            doc = wait_for_turn(client, table, token)
        assert pointed[0] == {"type": "play", "cards": ["+9", "-6"]}
        assert {"type": "play", "cards": ["+8", "x2", "0"]} in pointed
        other = client.post(
            "/api/tables", json={"tutorial": True, "seats": ["human", "riley", "sam", "alex"]}
        )
        assert other.status_code == 201
        bad = client.post(
            "/api/tables", json={"tutorial": True, "seats": ["riley", "human", "sam", "alex"]}
        )
        assert bad.status_code == 400 and bad.json()["path"] == "/seats/0"


def test_the_server_runs_on_uvloop_when_installed_and_on_asyncio_s_loop_without(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from raise_the_sum.server import _loop_factory

    uvloop = pytest.importorskip("uvloop")  # in the web extra, except on Windows

    assert _loop_factory() is uvloop.new_event_loop
    assert server.process is not None
    maps = Path(f"/proc/{server.process.pid}/maps")
    if maps.exists():  # Linux: the running server has uvloop's extension loaded
        assert "uvloop" in maps.read_text()
    monkeypatch.setitem(sys.modules, "uvloop", None)  # `import uvloop` now fails
    assert _loop_factory() is None
