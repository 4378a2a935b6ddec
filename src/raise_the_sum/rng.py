"""The library's seeded generator: SplitMix64, and a Fisher–Yates shuffle.

Python's :mod:`random` does not promise to keep its algorithms from one
version to the next, so the library carries its own, small enough to state
in full and to re-implement in any language (rules R3.2 and R3.8):

**Generator.** SplitMix64 (Steele, Lea and Flood, 2014). The state is one
unsigned 64-bit integer; a seed ``s`` (any Python int) starts it at
``s mod 2**64``. Each output adds ``0x9E3779B97F4A7C15`` to the state (mod
``2**64``), then mixes the new state ``z``::

    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9   (mod 2**64)
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB   (mod 2**64)
    z =  z ^ (z >> 31)

**Bounded integers.** ``below(n)`` draws outputs ``x`` until
``x < 2**64 - (2**64 mod n)`` (rejection, so there is no bias) and returns
``x mod n``.

**Shuffle.** Fisher–Yates from the end: for ``i`` from ``len - 1`` down to
``1``, ``j = below(i + 1)``, swap items ``i`` and ``j``.

The generator is a value: every operation returns its result and the next
generator, and never changes the one it was called on, so that a state that
holds a generator stays immutable.

>>> rng = Rng.from_seed(0)
>>> x, rng = rng.next_u64()
>>> hex(x)
'0xe220a8397b1dcdaf'
>>> shuffled, rng = Rng.from_seed(1).shuffle("abcdef")
>>> "".join(shuffled)
'abdcef'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

import attrs

__all__ = ["Rng"]

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB

T = TypeVar("T")


def _check_state(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise TypeError(f"Rng.state must be an int, got {value!r}")
    if not 0 <= value <= _MASK:
        raise ValueError(f"Rng.state must be 0 to 2**64 - 1, got {value}")


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31)


@attrs.frozen
class Rng:
    """A SplitMix64 generator as an immutable value (see the module text).

    Two generators with the same state produce the same numbers on every
    platform and Python version.
    """

    #: The 64-bit state, 0 to ``2**64 - 1``.
    state: int = attrs.field(validator=_check_state)

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """The generator for ``seed``: any int, taken modulo ``2**64``.

        >>> Rng.from_seed(-1) == Rng.from_seed(2**64 - 1)
        True
        """
        if type(seed) is not int:
            raise TypeError(f"seed must be an int, got {seed!r}")
        return cls(seed & _MASK)

    def next_u64(self) -> tuple[int, Rng]:
        """The next 64-bit output, and the generator after it."""
        state = (self.state + _GAMMA) & _MASK
        return _mix(state), Rng(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` (``n >= 1``), without bias.

        >>> value, _ = Rng.from_seed(7).below(6)
        >>> 0 <= value < 6
        True
        """
        if type(n) is not int or n < 1:
            raise ValueError(f"below(n) needs an int n >= 1, got {n!r}")
        state, value = _below(self.state, n)
        return value, Rng(state)

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """``items`` in a uniformly random order (Fisher–Yates), and the next generator."""
        out = list(items)
        state = self.state
        for i in range(len(out) - 1, 0, -1):
            state, j = _below(state, i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(state)


def _below(state: int, n: int) -> tuple[int, int]:
    """Advance ``state`` and draw a uniform value below ``n``: (new state, value)."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state = (state + _GAMMA) & _MASK
        x = _mix(state)
        if x < limit:
            return state, x % n
