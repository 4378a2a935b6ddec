"""The exhaustive score table: every play of up to 5 cards against every attack, hashed.

Run from the repository root, in the project's virtual environment::

    .venv/bin/python benchmarks/score_table.py           # all of it: 94.9 million scores
    .venv/bin/python benchmarks/score_table.py --tiny    # plays of 1 or 2 cards (CI)

The plays are every multiset of 1 to 5 of the 23 distinct cards (rule
R1.3), 98,279 of them, in order of size and then of their cards' order
(rule R1.4). The attacks are every subtraction from 0 to 45 (five -9) with
every divisor that up to five Divide cards make (2**a * 3**b, a + b <= 5):
966 attacks, in order of subtraction and then divisor. The table is the
:func:`~raise_the_sum.score` of each play against each attack, each written
as a 4-byte little-endian integer, and its SHA-256 is pinned here
(:data:`PINNED`). ``tests/test_score_table.py`` checks the tiny table's hash
in every test run; this script checks the full one, and prints how long the
table took. A change of the arithmetic shows up as a different hash. The full
table took 2,183 s (23 µs a score) on a two-core machine shared with other
work at a load of about 20: run it on a quiet machine for a speed figure.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import struct
import sys
import time

from raise_the_sum import ALL_CARDS, Attack, score

#: The SHA-256 of the table of plays of up to so many cards.
PINNED = {
    2: "92a537c515ce8399fd3fc7dd9007bfe568532247fae85502e28fe128dc0d836a",
    5: "edbace5cb96a3132b5d8db3622bb0429dde534177e19eae8efb795a6b4d1e3a5",
}

#: Every divisor of up to five Divide cards (rule R2.8), in order.
DIVISORS = sorted({2**a * 3**b for a in range(6) for b in range(6 - a)})
#: Every attack of up to five cards: 46 subtractions by 21 divisors.
ATTACKS = tuple(Attack(subtract=s, divide=d) for s in range(46) for d in DIVISORS)


def table_hash(max_cards: int) -> tuple[str, int]:
    """The SHA-256 (hex) of the table of plays of 1 to ``max_cards`` cards, and its size."""
    digest = hashlib.sha256()
    pack = struct.Struct(f"<{len(ATTACKS)}i").pack
    plays = 0
    for size in range(1, max_cards + 1):
        for cards in itertools.combinations_with_replacement(ALL_CARDS, size):
            digest.update(pack(*[score(cards, attack) for attack in ATTACKS]))
            plays += 1
    return digest.hexdigest(), plays * len(ATTACKS)


def main(argv: list[str] | None = None) -> int:
    """Compute the table, compare its hash with the pinned one; 1 if they differ."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true", help="plays of 1 or 2 cards only")
    args = parser.parse_args(argv)
    max_cards = 2 if args.tiny else 5
    start = time.perf_counter()
    found, cases = table_hash(max_cards)
    seconds = time.perf_counter() - start
    print(f"plays of 1 to {max_cards} cards against {len(ATTACKS)} attacks: {cases:,} scores")
    print(f"sha256 {found}, {seconds:.1f} s ({seconds / cases * 1e6:.2f} µs a score)")
    if found != PINNED[max_cards]:
        print(f"differs from the pinned {PINNED[max_cards]}", file=sys.stderr)
        return 1
    print("the pinned hash")
    return 0


if __name__ == "__main__":
    sys.exit(main())
