"""The exhaustive score table's pinned hash (``benchmarks/score_table.py``), in its tiny mode.

The benchmark script computes the whole table (every play of up to 5 cards
against every attack, 94.9 million scores) and checks its pinned hash; here
the table of plays of 1 or 2 cards is checked in every run, against the pin
and against the same table written from rules R2.1 to R2.5 alone.
"""

from __future__ import annotations

import hashlib
import importlib.util
import itertools
import struct
import sys
from pathlib import Path
from types import ModuleType

from raise_the_sum import ALL_CARDS, Kind

ROOT = Path(__file__).resolve().parent.parent


def score_table() -> ModuleType:
    """``benchmarks/score_table.py``, loaded by its path."""
    spec = importlib.util.spec_from_file_location("score_table", ROOT / "benchmarks/score_table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("score_table", module)
    spec.loader.exec_module(module)
    return module


def test_the_tiny_score_table_has_the_pinned_hash() -> None:
    table = score_table()
    found, cases = table.table_hash(2)
    assert cases == (23 + 276) * 966
    assert found == table.PINNED[2]


def test_the_pinned_tiny_table_is_the_rules_own_arithmetic() -> None:
    """The pin is not the engine's word alone: rules R2.1 to R2.5, written plainly, agree."""
    table = score_table()
    digest = hashlib.sha256()
    pack = struct.Struct(f"<{len(table.ATTACKS)}i").pack
    for size in (1, 2):
        for cards in itertools.combinations_with_replacement(ALL_CARDS, size):
            adds = sum(card.value for card in cards if card.kind is Kind.ADD)  # R2.1
            multiplier = 1
            for card in cards:
                if card.kind is Kind.MULTIPLY:
                    multiplier *= card.value  # R2.4
            zero = any(card.kind is Kind.ZERO for card in cards)
            totals = []
            for attack in table.ATTACKS:
                subtract, divide = (0, 1) if zero else (attack.subtract, attack.divide)  # R2.2
                base = max(adds - subtract, 0)  # R2.3
                totals.append(base * multiplier // divide)  # R2.5: one division, rounded down
            digest.update(pack(*totals))
    assert digest.hexdigest() == table.PINNED[2]
