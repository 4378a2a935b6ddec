"""Play one seat of a game-server table to the end, over plain HTTP (httpx only).

    raise-the-sum serve --pace 0 &
    python examples/server_client.py http://127.0.0.1:8000

It creates a table (this seat against three random bots), then asks for its
document until the match is over, printing every event, and plays the first
legal action whenever it is to act. At the end it checks the published seed
against the commitment it got when the table was created.
"""

import hashlib
import sys
import time
import uuid
from typing import Any

import httpx


def describe(event: dict[str, Any]) -> str:
    """One line for an event, with a play's arithmetic as the server explains it."""
    who, kind = f"seat {event.get('seat')}", event["type"].replace("_", " ")
    if kind == "played":
        return f"{who} plays {' '.join(event['cards'])}: {event['explanation']}"
    return f"{who} {kind} {event.get('cards') or event.get('card') or ''}".strip()


def main(url: str = "http://127.0.0.1:8000") -> int:
    """Play seat 0 of a new table on the server at ``url`` to the end; 0 if the seed was fair."""
    with httpx.Client(base_url=url, timeout=30) as http:
        seats = ["human", "random", "random", "random"]
        created = http.post("/api/tables", json={"seats": seats}).json()
        table, commitment, since = created["table"], created["seed_commitment"], 0
        headers = {"Authorization": f"Bearer {created['tokens']['0']}"}
        while True:
            doc = http.get(f"/api/tables/{table}", params={"since": since}, headers=headers).json()
            for event in doc["events"]:
                print(describe(event))
            since = doc["version"]
            if doc["view"]["phase"] == "match_over":
                break
            if not doc["legal"]:  # the bots are acting: ask again soon
                time.sleep(0.02)
                continue
            body = {"action": doc["legal"][0], "version": doc["version"], "id": uuid.uuid4().hex}
            answer = http.post(f"/api/tables/{table}/actions", json=body, headers=headers)
            if answer.status_code != 200:  # 409: the table moved on meanwhile; look again
                print(f"refused: {answer.json()['message']}")
        record = http.get(f"/api/tables/{table}/record", headers=headers).json()
        fair = hashlib.sha256(str(record["seed"]).encode()).hexdigest() == commitment
        points = doc["view"]["points"]
        print(f"match over: seat {points.index(max(points))} wins; points {points}")
        print(f"the seed {record['seed']} {'matches' if fair else 'does NOT match'} the commitment")
        return 0 if fair else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:2]))
