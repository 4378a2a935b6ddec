"""The seat document's fields that spare a front end the game's knowledge: how many cards to
discard, the attack as text, when the round break ends, and the legal plays' scores."""

from __future__ import annotations

import datetime
import json
import time
from typing import Any

import websockets.sync.client
from hypothesis import given, settings
from hypothesis import strategies as st

from raise_the_sum import Play, Rules, apply, legal_plays, new_game, score, wire
from raise_the_sum.scoring import attack_of
from raise_the_sum.server.documents import seat_document
from raise_the_sum.state import GameState, Phase

from .harness import Server, act, bearer, create, recv, wait_for_turn


def _document(state: GameState, seat: int, **more: Any) -> dict[str, Any]:
    built = seat_document(
        table="t",
        version=0,
        state=state,
        events=[],
        seat=seat,
        seats=("human",) * state.players,
        tutorial=False,
        **more,
    )
    value: dict[str, Any] = json.loads(built)
    return value


def _states(seed: int, rules: Rules) -> list[GameState]:
    """Every state of a match of random legal actions (the library's own generator)."""
    from raise_the_sum import Rng

    state = new_game(rules, seed=seed)
    rng = Rng.from_seed(seed)
    states = [state]
    while state.phase is not Phase.MATCH_OVER and len(states) < 400:
        action, rng = rng.choice(legal_plays(state))
        state = apply(state, action)
        states.append(state)
    return states


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), limit=st.integers(5, 8))
def test_the_document_says_how_many_to_discard_and_the_attack_in_the_guides_signs(
    seed: int, players: int, limit: int
) -> None:
    rules = Rules(players=players, hand_limit=limit, hand_size=min(limit, 8))
    for state in _states(seed, rules):
        for seat in range(state.players):
            document = _document(state, seat)
            to_act = state.current == seat and state.phase is Phase.DISCARD
            if to_act:
                sizes = {len(action["cards"]) for action in document["legal"]}
                assert sizes == {document["must_discard"]} and document["must_discard"] > 0
            else:
                assert document["must_discard"] == 0
            attack = state.attack
            assert document["attack_text"] == (None if attack.is_none else str(attack))
            assert "legal_scores" not in document


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_legal_scores_are_each_plays_total_and_the_attack_it_sends(seed: int) -> None:
    for state in _states(seed, Rules())[:60]:
        seat = state.current
        document = _document(state, seat, scores=True)
        legal = legal_plays(state) if document["legal"] else ()
        assert len(document["legal_scores"]) == len(legal)
        for action, scored in zip(legal, document["legal_scores"], strict=True):
            if not isinstance(action, Play):
                assert scored is None
                continue
            sent = attack_of(action.cards)
            assert scored["total"] == score(action.cards, state.attack)
            assert scored["attack"] == wire.encode(sent)
            assert scored["attack_text"] == (None if sent.is_none else str(sent))


def test_next_round_at_is_given_in_the_round_break_only() -> None:
    for state in _states(7, Rules(players=2)):
        document = _document(state, state.current, next_round_at=1_800_000_000.5)
        if state.phase is Phase.ROUND_OVER:
            assert document["next_round_at"] == "2027-01-15T08:00:00.500Z"
        else:
            assert document["next_round_at"] is None


def test_the_live_round_break_says_when_the_table_moves_on(tmp_path: Any) -> None:
    paced = Server(tmp_path / "tables.db", pace=0.4).start()
    try:
        with paced.client() as client:
            table, tokens, _ = create(client, ["human", "human"])
            doc = wait_for_turn(client, table, tokens[0])
            seen_break = False
            for _ in range(200):
                view = doc["view"]
                if view["phase"] == "round_over":
                    moment = datetime.datetime.fromisoformat(doc["next_round_at"])
                    left = moment.timestamp() - time.time()
                    assert -0.5 < left <= 0.45, left
                    seen_break = True
                    break
                seat = view["current"]
                token = tokens[seat]
                mine = wait_for_turn(client, table, token)
                assert mine["next_round_at"] is None
                answer = act(client, table, token, mine["legal"][-1], mine["version"])
                assert answer.status_code == 200, answer.text
                doc = answer.json()
            assert seen_break
    finally:
        paced.stop()


def test_scores_are_asked_for_by_query_over_get_and_the_socket(still_server: Server) -> None:
    with still_server.client() as client:
        table, tokens, _ = create(client, ["human", "human"])
        plain = client.get(f"/api/tables/{table}", headers=bearer(tokens[0])).json()
        scored = client.get(
            f"/api/tables/{table}", params={"scores": "1"}, headers=bearer(tokens[0])
        ).json()
        assert "legal_scores" not in plain
        assert len(scored["legal_scores"]) == len(scored["legal"])
        bad = client.get(
            f"/api/tables/{table}", params={"scores": "yes"}, headers=bearer(tokens[0])
        )
        assert bad.status_code == 400 and bad.json()["path"] == "/scores"
    with websockets.sync.client.connect(still_server.ws_url(table, tokens[0]) + "&scores=1") as ws:
        first = json.loads(recv(ws))
        assert len(first["legal_scores"]) == len(first["legal"])
        ws.send(json.dumps({"action": first["legal"][0], "version": 0, "id": "s1"}))
        answer = json.loads(recv(ws))
        assert answer["reply_to"] == "s1" and answer["legal_scores"] == []
