"""Write the conformance vectors: ``conformance/v1/*.jsonl``, the rules as data for ports.

Each file is JSON Lines in the wire format (format version 1), one case per
line; ``docs/conformance.rst`` documents every field. The cases are chosen
by the library's own seeded generator (:class:`raise_the_sum.rng.Rng`), so
the same library writes the same bytes:

``score.jsonl``
    plays against attacks, with their totals and outgoing attacks, each
    tagged with the rules of the arithmetic it exercises (R2.1 to R2.8);
``legal.jsonl``
    positions (whole states) with their exact legal actions, in the
    library's order;
``apply.jsonl``
    a position, a seat and an action, and either the next state with the
    events, and what each seat may know of them, or the refusal's rule;
``matches.jsonl``
    whole seeded matches: the generator's first outputs, the shuffled deck,
    the first state, every action with its events, and the last state;
``observe.jsonl``
    positions with what each seat sees (``observe``);
``manifest.json``
    the set's format and version, and each file's line count and SHA-256.

Run from the repository root after a change to the rules or the wire
format: ``.venv/bin/python tools/make_conformance.py`` (``--check`` only
compares). ``tests/test_conformance.py`` replays every vector through the
library and fails while a file differs from a fresh generation.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final

from raise_the_sum import wire
from raise_the_sum.actions import Action, Discard, IllegalAction, NextRound, Pass, Play
from raise_the_sum.cards import ALL_CARDS, Card, Kind, parse_cards
from raise_the_sum.engine import legal_plays, new_game
from raise_the_sum.events import observe_events, step
from raise_the_sum.rng import Rng
from raise_the_sum.rules import Rules
from raise_the_sum.scoring import NO_ATTACK, Attack, attack_of, score
from raise_the_sum.state import GameState, Phase
from raise_the_sum.views import observe

#: The set's version: the folder ``conformance/v<VERSION>/``. A change to the rules or to
#: the wire format that changes a vector's meaning makes a new version.
VERSION: Final = 1

FOLDER: Final = Path(__file__).resolve().parent.parent / "conformance" / f"v{VERSION}"

#: The rules a set of matches is played under: the standard games, and variants that
#: reach the corners (few cards a play, a small deck that reshuffles often).
VARIANTS: Final = (
    Rules(players=2),
    Rules(players=3),
    Rules(),
    Rules(players=4, first_player=2, points_to_win=3),
    Rules(players=3, hand_size=5, hand_limit=6, min_play=2, max_play=3, points_to_win=3),
    Rules(
        players=2,
        hand_size=4,
        hand_limit=5,
        max_play=4,
        points_to_win=3,
        deck=parse_cards("+1 +2 +3 +4 +5 +6 +7 +8 +9 +9 x2 x2 x3 -2 -4 -7 /2 /3 0 +5"),
    ),
)

#: Attacks the score cases face, besides random ones: none, each alone, both, and large.
ATTACKS: Final = (
    NO_ATTACK,
    Attack(subtract=3),
    Attack(divide=2),
    Attack(subtract=2, divide=3),
    Attack(subtract=9, divide=6),
    Attack(subtract=45, divide=36),
)

#: How many matches each variant plays for the positions, and how many whole matches
#: ``matches.jsonl`` keeps per variant.
_MATCHES_PER_VARIANT: Final = 6
_WHOLE_MATCHES_PER_VARIANT: Final = 3
#: The generator outputs a match vector lists.
_OUTPUTS: Final = 8


def _rng(label: str) -> Rng:
    """A generator of its own for each part, so that parts can change apart."""
    return Rng.from_seed(int.from_bytes(hashlib.sha256(label.encode()).digest()[:8], "big"))


def _pick(rng: Rng, items: Sequence[Any]) -> tuple[Any, Rng]:
    index, rng = rng.below(len(items))
    return items[index], rng


def _cards(cards: Sequence[Card]) -> list[str]:
    return [wire.encode(card) for card in cards]


# --- score ----------------------------------------------------------------------------------


def score_rules(cards: Sequence[Card], attack: Attack) -> list[str]:
    """The rules of the arithmetic a play of ``cards`` against ``attack`` exercises."""
    kinds = [card.kind for card in cards]
    adds = sum(card.value for card in cards if card.kind is Kind.ADD)
    zero = Kind.ZERO in kinds
    rules = ["R2.1"]
    if zero and not attack.is_none:
        rules.append("R2.2")
    if not zero and attack.subtract > 0 and adds - attack.subtract <= 0 < adds:
        rules.append("R2.3")
    if Kind.MULTIPLY in kinds:
        rules.append("R2.4")
    if not zero and attack.divide > 1 and adds > attack.subtract:
        rules.append("R2.5")
    if sorted(_cards(cards)) == ["+4", "+8", "x2"] and attack == Attack(subtract=2, divide=3):
        rules.append("R2.6")
    if len(cards) == 1 and kinds[0] is not Kind.ADD:
        rules.append("R2.7")
    if Kind.SUBTRACT in kinds or Kind.DIVIDE in kinds:
        rules.append("R2.8")
    return rules


def _score_case(cards: Sequence[Card], attack: Attack, spelling: str = "ascii") -> dict[str, Any]:
    texts = _cards(cards) if spelling == "ascii" else [format(card, "u") for card in cards]
    return {
        "cards": texts,
        "attack": wire.encode(attack),
        "total": score(cards, attack),
        "outgoing": wire.encode(attack_of(cards)),
        "rules": score_rules(cards, attack) + (["R1.6"] if spelling != "ascii" else []),
    }


def score_cases() -> Iterator[dict[str, Any]]:
    """Every play of one or two cards against each of :data:`ATTACKS`; random larger plays."""
    yield _score_case(parse_cards("+8 +4 x2"), Attack(subtract=2, divide=3))  # the guide's
    for attack in ATTACKS:
        for first in range(len(ALL_CARDS)):
            yield _score_case([ALL_CARDS[first]], attack)
            for second in range(first, len(ALL_CARDS)):
                yield _score_case([ALL_CARDS[first], ALL_CARDS[second]], attack)
    rng = _rng("score")
    deck = Rules().deck
    for number in range(1200):
        size, rng = rng.below(5)
        drawn, rng = rng.shuffle(deck)
        cards = sorted(drawn[: size + 1], key=lambda card: card.index)
        if number % 3 == 0:
            attack, rng = _pick(rng, ATTACKS)
        else:
            subtract, rng = rng.below(20)
            divide, rng = _pick(rng, (1, 1, 2, 3, 4, 6, 8, 9, 12, 27))
            attack = Attack(subtract=subtract, divide=divide)
        if number % 2:
            order, rng = rng.shuffle(cards)  # the order of the cards never matters (R1.3)
            cards = list(order)
        yield _score_case(cards, attack, "unicode" if number % 10 == 0 else "ascii")


# --- matches and positions ------------------------------------------------------------------


def _match(rules: Rules, seed: int, chooser: Rng) -> tuple[list[GameState], list[Action]]:
    """A whole match from ``new_game(rules, seed=seed)``, each action chosen by ``chooser``."""
    state = new_game(rules, seed=seed)
    states, actions = [state], []
    while state.phase is not Phase.MATCH_OVER:
        action, chooser = _pick(chooser, legal_plays(state))
        state, _ = step(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


def _matches() -> Iterator[tuple[int, Rules, int, list[GameState], list[Action]]]:
    rng = _rng("matches")
    for variant, rules in enumerate(VARIANTS):
        for _ in range(_MATCHES_PER_VARIANT):
            seed, rng = rng.next_u64()
            chooser, rng = rng.next_u64()
            states, actions = _match(rules, seed, Rng.from_seed(chooser))
            yield variant, rules, seed, states, actions


def _positions(every: int, label: str) -> Iterator[GameState]:
    """States of the matches: one in about ``every``, and the first of each phase per variant.

    A finished match's state (no action is legal) comes only as the first of its variant.
    """
    rng = _rng(label)
    seen: set[tuple[int, Phase]] = set()
    for variant, _, _, states, _ in _matches():
        for state in states:
            skip, rng = rng.below(every)
            first = (variant, state.phase) not in seen
            seen.add((variant, state.phase))
            if first or (skip == 0 and state.phase is not Phase.MATCH_OVER):
                yield state


def legal_cases() -> Iterator[dict[str, Any]]:
    """Positions with their exact legal actions, in the library's order."""
    for state in _positions(10, "legal"):
        legal = legal_plays(state)
        yield {
            "state": wire.encode(state),
            "count": len(legal),
            "legal": [wire.encode(action) for action in legal],
        }


def _candidates(state: GameState, rng: Rng) -> tuple[list[tuple[int, Action]], Rng]:
    """Actions to try at ``state``, legal or not, each with the seat that sends it."""
    seat = state.current
    hand = state.hands[seat]
    legal = legal_plays(state)
    tries: list[tuple[int, Action]] = []
    if legal:
        action, rng = _pick(rng, legal)
        tries.append((seat, action))
    rules = state.rules
    cards, rng = rng.shuffle(hand)
    size, rng = rng.below(min(len(hand), rules.max_play) + 1)
    if size >= rules.min_play:
        tries.append((seat, Play(cards[:size])))  # often too small a reply (R4.4)
    if len(hand) > rules.max_play:
        tries.append((seat, Play(cards[: rules.max_play + 1])))  # too many cards (R4.2)
    size, rng = rng.below(len(hand) + 1)
    if size:
        tries.append((seat, Discard(cards[:size])))
    tries.append((seat, Pass()))
    tries.append((seat, NextRound()))
    other, rng = rng.below(state.players)
    if legal and other != seat:
        tries.append((other, legal[0]))  # out of turn
    missing = [card for card in ALL_CARDS if card not in hand]
    if missing:
        card, rng = _pick(rng, missing)
        tries.append((seat, Play((card,))))  # a card the seat does not hold
    return tries, rng


def apply_cases() -> Iterator[dict[str, Any]]:
    """A position, a seat and an action: the next state and events, or the refusal's rule."""
    rng = _rng("apply")
    for state in _positions(20, "apply-positions"):
        tries, rng = _candidates(state, rng)
        for seat, action in tries:
            case: dict[str, Any] = {
                "state": wire.encode(state),
                "seat": seat,
                "action": wire.encode(action),
            }
            try:
                after, events = step(state, action, seat=seat)
            except IllegalAction as error:
                case["refused"] = {"rule": error.rule}
            else:
                case["next"] = wire.encode(after)
                case["events"] = [wire.encode(event) for event in events]
                case["seen"] = [
                    [wire.encode(event) for event in observe_events(events, number)]
                    for number in range(state.players)
                ]
            yield case


def match_cases() -> Iterator[dict[str, Any]]:
    """Whole seeded matches, with the generator's outputs and the shuffled deck."""
    kept: dict[int, int] = {}
    for variant, rules, seed, states, actions in _matches():
        if kept.get(variant, 0) >= _WHOLE_MATCHES_PER_VARIANT:
            continue
        kept[variant] = kept.get(variant, 0) + 1
        outputs = []
        rng = Rng.from_seed(seed)
        for _ in range(_OUTPUTS):
            value, rng = rng.next_u64()
            outputs.append(str(value))
        shuffled, _ = Rng.from_seed(seed).shuffle(rules.deck)
        events = []
        state = states[0]
        for action in actions:
            state, happened = step(state, action)
            events.append([wire.encode(event) for event in happened])
        assert state == states[-1]
        yield {
            "rules": wire.encode(rules),
            "seed": str(seed),
            "outputs": outputs,
            "shuffled": _cards(shuffled),
            "start": wire.encode(states[0]),
            "actions": [wire.encode(action) for action in actions],
            "events": events,
            "end": wire.encode(states[-1]),
        }


def observe_cases() -> Iterator[dict[str, Any]]:
    """Positions with what each seat sees."""
    for state in _positions(25, "observe"):
        yield {
            "state": wire.encode(state),
            "views": [wire.encode(observe(state, seat)) for seat in range(state.players)],
        }


#: Each file's name and the cases it holds.
FILES: Final = {
    "score.jsonl": score_cases,
    "legal.jsonl": legal_cases,
    "apply.jsonl": apply_cases,
    "matches.jsonl": match_cases,
    "observe.jsonl": observe_cases,
}


def _line(case: dict[str, Any]) -> str:
    return json.dumps(case, ensure_ascii=False, separators=(",", ":")) + "\n"


def generate() -> dict[str, str]:
    """Every file's text, by name: the JSON Lines files, then ``manifest.json``."""
    texts = {name: "".join(map(_line, cases())) for name, cases in FILES.items()}
    manifest = {
        "format": "raise-the-sum/conformance",
        "version": VERSION,
        "wire_format": wire.FORMAT_VERSION,
        "files": {
            name: {
                "lines": text.count("\n"),
                "sha256": hashlib.sha256(text.encode()).hexdigest(),
            }
            for name, text in texts.items()
        },
    }
    texts["manifest.json"] = json.dumps(manifest, indent=2) + "\n"
    return texts


def main(argv: list[str]) -> int:
    """Write the files (``--check``: only say which differ, and fail if any does)."""
    texts = generate()
    stale = [
        name
        for name, text in texts.items()
        if not (FOLDER / name).is_file() or (FOLDER / name).read_text(encoding="utf-8") != text
    ]
    if "--check" in argv:
        for name in stale:
            print(f"differs from a fresh generation: {FOLDER / name}", file=sys.stderr)
        return 1 if stale else 0
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name in stale:
        (FOLDER / name).write_text(texts[name], encoding="utf-8")
    sizes = ", ".join(f"{name} {len(text.encode()) // 1024} KiB" for name, text in texts.items())
    print(f"wrote {len(stale)} of {len(texts)} files to {FOLDER}: {sizes}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
