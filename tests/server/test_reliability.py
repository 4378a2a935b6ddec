"""Durability, retries, races and refusals, against the real server.

* SIGKILL in the middle of a match, then a restart on the same database:
  every table is at the same version with the same views and legal
  actions, the tokens still work, WebSocket clients catch up through
  ``since``, every acknowledged action is there, and tables with a bot to
  act carry on by themselves.
* A retried client id returns its first answer (an error too) and acts once.
* Two concurrent posts of one action, or of two actions at one version:
  exactly one is applied; the other gets 409 or the first answer.
* Out of turn is 422 R4.9; a stale version is 409; ``since`` out of bounds is 400.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets.exceptions
import websockets.sync.client

from .harness import (
    Server,
    act,
    away,
    bearer,
    create,
    document,
    recv,
    recv_document,
    recv_notice,
    seated,
    wait_for_turn,
)


def quiet(client: httpx.Client, table: str, token: str) -> dict[str, Any]:
    """The seat's document once its table waits on a person (no bot to act, no pause running)."""
    return wait_for_turn(client, table, token)


def test_sigkill_mid_match_then_restart_resumes_every_table_as_it_was(
    database: Path | str, tmp_path: Path
) -> None:
    server = Server(database, pace=0, log=tmp_path / "server.log").start()
    try:
        with server.client() as client:
            bots, bot_tokens, _ = create(client, ["human", "random", "greedy", "cautious"])
            pair, pair_tokens, _ = create(client, ["human", "human"])
            seated(client, pair, pair_tokens)
            acknowledged: list[tuple[str, int, dict[str, Any]]] = []
            for _ in range(6):  # a few human turns at the bot table
                doc = quiet(client, bots, bot_tokens[0])
                answer = act(client, bots, bot_tokens[0], doc["legal"][0], doc["version"])
                if answer.status_code == 200:  # the action made version doc["version"] + 1
                    assert answer.json()["version"] >= doc["version"] + 1
                    acknowledged.append((bots, doc["version"] + 1, doc["legal"][0]))
            doc = document(client, pair, pair_tokens[0])
            answer = act(client, pair, pair_tokens[0], doc["legal"][0], 0, client_id="opening")
            assert answer.status_code == 200
            first_answer = answer.content
            with websockets.sync.client.connect(
                server.ws_url(bots, bot_tokens[0]), open_timeout=10
            ) as ws:
                seen = json.loads(ws.recv(timeout=10))["version"]
            quiet(client, bots, bot_tokens[0])
            away(client, bots, bot_tokens[0])  # presence is not kept: no socket stays open
            before = {
                (table, seat): client.get(f"/api/tables/{table}", headers=bearer(token)).content
                for table, tokens in ((bots, bot_tokens), (pair, pair_tokens))
                for seat, token in tokens.items()
            }
        server.kill()
        server.start()
        with server.client() as client:
            for (table, seat), content in before.items():
                token = (bot_tokens if table == bots else pair_tokens)[seat]
                assert client.get(f"/api/tables/{table}", headers=bearer(token)).content == content
            # The retry of an action acknowledged before the kill still gets its first answer.
            retry = act(client, pair, pair_tokens[0], {"type": "pass"}, 0, client_id="opening")
            assert retry.status_code == 200 and retry.content == first_answer
            # A reconnecting socket catches up through since: the events it missed, then live.
            with websockets.sync.client.connect(
                server.ws_url(bots, bot_tokens[0], since=seen), open_timeout=10
            ) as ws:
                caught_up = recv(ws)
                # (While the socket is open: the seat is present in both.)
                assert (
                    caught_up.encode()
                    == client.get(
                        f"/api/tables/{bots}",
                        headers=bearer(bot_tokens[0]),
                        params={"since": seen},
                    ).content
                )
            # Every acknowledged action is in the history, at its version.
            for table, version, action in acknowledged:
                events = document(client, table, bot_tokens[0], since=version - 1)["events"]
                kind = {
                    "play": "played",
                    "pass": "passed",
                    "discard": "discarded",
                    "next_round": "round_started",
                }[action["type"]]
                first = events[0]
                assert first["type"] == kind and first["seat"] == 0, (action, events)
                assert first.get("cards") == action.get("cards")
            # And the match goes on.
            doc = quiet(client, bots, bot_tokens[0])
            answer = act(client, bots, bot_tokens[0], doc["legal"][0], doc["version"])
            assert answer.status_code == 200, answer.text
    finally:
        server.stop()


def test_after_a_sigkill_tables_with_a_bot_to_act_resume_by_themselves(
    database: Path | str, tmp_path: Path
) -> None:
    db = database
    slow = Server(
        db, pace=0.5, log=tmp_path / "server.log"
    ).start()  # the bots wait half a second before each action
    try:
        with slow.client() as client:
            table, tokens, _ = create(client, ["human", "random", "random", "random"])
            doc = document(client, table, tokens[0])
            answer = act(client, table, tokens[0], doc["legal"][0], 0)
            assert answer.status_code == 200
            acknowledged = answer.json()["version"]
        slow.kill()  # before the bots' turns: they are still to act
    finally:
        slow.kill()
    server = Server(db, pace=0, log=tmp_path / "server.log").start()
    try:
        with server.client() as client:
            doc = quiet(client, table, tokens[0])
            assert doc["version"] > acknowledged
            events = document(client, table, tokens[0], since=0)["events"]
            assert events[0]["type"] == "played" and events[0]["seat"] == 0
            assert any(e["type"] in ("played", "passed") and e["seat"] == 3 for e in events)
    finally:
        server.stop()


def test_a_retried_id_returns_its_first_answer_and_acts_once(any_still_server: Server) -> None:
    with any_still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        doc = document(client, table, tokens[0])
        refused = act(
            client, table, tokens[0], {"type": "pass"}, 0, client_id="x"
        )  # an opener may not pass
        assert refused.status_code == 422 and refused.json()["rule"] == "R4.3"
        again = act(
            client, table, tokens[0], doc["legal"][0], 0, client_id="x"
        )  # the same id, a good action
        assert (again.status_code, again.content) == (422, refused.content)
        assert document(client, table, tokens[0]) == doc
        first = act(client, table, tokens[0], doc["legal"][0], 0, client_id="y")
        assert first.status_code == 200
        for _ in range(3):
            retry = act(client, table, tokens[0], doc["legal"][0], 0, client_id="y")
            assert (retry.status_code, retry.content) == (200, first.content)
        assert document(client, table, tokens[0])["version"] == 1
        # Ids are the seat's own: seat 1 may use "y" too.
        theirs = act(client, table, tokens[1], {"type": "pass"}, 1, client_id="y")
        assert theirs.status_code == 200 and theirs.json()["view"]["seat"] == 1


def concurrently(*calls: Any) -> list[httpx.Response]:
    """Run the calls at once, on threads, each with its own connection; their answers in order."""
    answers: list[Any] = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(number: int) -> None:
        start.wait()
        answers[number] = calls[number]()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


@pytest.mark.parametrize("attempt", range(4))
def test_two_posts_of_one_action_apply_it_once(any_still_server: Server, attempt: int) -> None:
    with any_still_server.client() as setup:
        table, tokens, _ = create(setup, ["human", "human"])
        doc = document(setup, table, tokens[0])
    clients = [any_still_server.client() for _ in range(2)]
    try:
        answers = concurrently(
            *(
                (lambda c=c: act(c, table, tokens[0], doc["legal"][0], 0, client_id="same"))
                for c in clients
            )
        )
    finally:
        for c in clients:
            c.close()
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[0].content == answers[1].content  # the second got the first answer
    with any_still_server.client() as client:
        after = document(client, table, tokens[0])
    assert after["version"] == 1 and len([e for e in after["events"] if e["type"] == "played"]) == 1


@pytest.mark.parametrize("attempt", range(4))
def test_two_actions_at_one_version_apply_exactly_one(
    any_still_server: Server, attempt: int
) -> None:
    with any_still_server.client() as setup:
        table, tokens, _ = create(setup, ["human", "human"])
        doc = document(setup, table, tokens[0])
    first, second = doc["legal"][0], doc["legal"][-1]
    clients = [any_still_server.client() for _ in range(2)]
    try:
        answers = concurrently(
            lambda: act(clients[0], table, tokens[0], first, 0, client_id="one"),
            lambda: act(clients[1], table, tokens[0], second, 0, client_id="two"),
        )
    finally:
        for c in clients:
            c.close()
    assert sorted(a.status_code for a in answers) == [200, 409]
    stale = next(a for a in answers if a.status_code == 409).json()
    assert stale["error"] == "stale_version" and stale["version"] == 1
    applied = next(a for a in answers if a.status_code == 200).json()
    with any_still_server.client() as client:
        after = document(client, table, tokens[0])
    assert after["version"] == 1
    played = [e for e in after["events"] if e["type"] == "played"]
    assert len(played) == 1 and played == [e for e in applied["events"] if e["type"] == "played"]


def test_out_of_turn_is_422_r4_9_and_a_stale_version_is_409(still_server: Server) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        doc = document(client, table, tokens[0])
        out_of_turn = act(client, table, tokens[1], {"type": "pass"}, 0)
        assert out_of_turn.status_code == 422
        error = out_of_turn.json()
        assert error == {"error": "illegal_action", "rule": "R4.9", "message": error["message"]}
        assert error["message"] and "R4.9" not in error["message"]
        assert act(client, table, tokens[0], doc["legal"][0], 0).status_code == 200
        stale = act(client, table, tokens[1], {"type": "pass"}, 0)
        assert stale.status_code == 409 and stale.json()["error"] == "stale_version"
        ahead = act(client, table, tokens[1], {"type": "pass"}, 5)
        assert ahead.status_code == 409
        assert document(client, table, tokens[0])["version"] == 1


@pytest.mark.parametrize("since", ["-1", "2", "99999999999999999999", "one", "1.0", "", " 1"])
def test_since_out_of_bounds_or_not_a_version_is_400(still_server: Server, since: str) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        doc = document(client, table, tokens[0])
        assert act(client, table, tokens[0], doc["legal"][0], 0).status_code == 200
        answer = client.get(
            f"/api/tables/{table}", headers=bearer(tokens[0]), params={"since": since}
        )
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"] == "bad_input" and answer.json()["path"] == "/since"
        assert document(client, table, tokens[0], since=1)["events"] == []
        assert document(client, table, tokens[0], since=0)["events"]


def test_the_websocket_pushes_every_change_and_answers_actions_as_the_post_does(
    still_server: Server,
) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        seated(client, table, tokens)
        with websockets.sync.client.connect(
            still_server.ws_url(table, tokens[0]), open_timeout=10
        ) as zero:
            first = recv(zero)
            assert (
                first.encode()
                == client.get(f"/api/tables/{table}", headers=bearer(tokens[0])).content
            )
            doc = json.loads(first)
            with websockets.sync.client.connect(
                still_server.ws_url(table, tokens[1]), open_timeout=10
            ) as one:
                assert json.loads(recv_document(one))["view"]["seat"] == 1
                assert recv_notice(zero, "presence") == {
                    "notice": "presence",
                    "seat": 1,
                    "present": True,
                }
                # An action on the socket: answered with the document the POST would give, with
                # the action's id first in "reply_to".
                zero.send(json.dumps({"action": doc["legal"][0], "version": 0, "id": "ws-1"}))
                answer = recv(zero)
                retry = act(client, table, tokens[0], doc["legal"][0], 0, client_id="ws-1")
                assert answer.encode() == b'{"reply_to":"ws-1",' + retry.content[1:]
                pushed = json.loads(one.recv(timeout=10))  # seat 1 hears of it
                assert pushed["version"] == 1 and pushed["legal"]
                assert [e["type"] for e in pushed["events"]][:1] == ["played"]
                # A refusal on the socket is the POST's error object.
                zero.send(json.dumps({"action": {"type": "pass"}, "version": 1, "id": "ws-2"}))
                refusal = json.loads(zero.recv(timeout=10))
                assert refusal["rule"] == "R4.9" and refusal["reply_to"] == "ws-2"
                zero.send("{not json")
                refusal = json.loads(zero.recv(timeout=10))
                assert refusal["error"] == "bad_input" and "reply_to" not in refusal
                # Seat 1 acts over HTTP: seat 0's socket gets the document, the events since.
                assert act(client, table, tokens[1], {"type": "pass"}, 1).status_code == 200
                update = json.loads(zero.recv(timeout=10))
                assert update["version"] >= 2 and update["events"][0] == {
                    "type": "passed",
                    "seat": 1,
                }
            assert recv_notice(zero, "presence") == {
                "notice": "presence",
                "seat": 1,
                "present": False,
            }


def test_a_websocket_with_a_bad_since_is_told_why_and_closed(still_server: Server) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
    with websockets.sync.client.connect(
        still_server.ws_url(table, tokens[0], since=5), open_timeout=10
    ) as ws:
        error = json.loads(ws.recv(timeout=10))
        assert error["error"] == "bad_input" and error["path"] == "/since"
        with pytest.raises(websockets.exceptions.ConnectionClosed):
            ws.recv(timeout=10)


def test_a_websocket_action_is_answered_first_and_no_document_repeats_its_versions(
    server: Server,
) -> None:
    """The reader's task sends the answer itself; the socket's writer then sends only later
    versions (the bots' moves after it, the next round), never the answer's again."""
    with server.client() as client:
        table, tokens, _ = create(client, ["human", "random", "random", "random"])
        with websockets.sync.client.connect(server.ws_url(table, tokens[0]), open_timeout=10) as ws:
            doc = json.loads(recv(ws))
            seen = doc["version"]
            answered = 0
            while answered < 12 and doc["view"]["phase"] != "match_over":
                if not doc["legal"] or doc["view"]["phase"] == "round_over":
                    doc = json.loads(recv(ws))  # the server moves on by itself
                    assert doc["version"] > seen, (doc["version"], seen)
                    seen = doc["version"]
                    continue
                action, version = doc["legal"][-1], doc["version"]
                ws.send(json.dumps({"action": action, "version": version, "id": f"a{answered}"}))
                answer = recv(ws)
                retry = act(client, table, tokens[0], action, version, client_id=f"a{answered}")
                # the next message is the answer, the POST's bytes with the id first
                replying = f'{{"reply_to":"a{answered}",'.encode()
                assert answer.encode() == replying + retry.content[1:]
                doc = json.loads(answer)
                assert doc["version"] > seen
                seen = doc["version"]
                answered += 1
            assert answered == 12 or doc["view"]["phase"] == "match_over"
