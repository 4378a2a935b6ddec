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

from collections.abc import Callable, Sequence
from typing import Final, TypeVar

import attrs

from raise_the_sum import _memo, _validate

__all__ = ["Rng"]

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB

T = TypeVar("T")


def _check_state(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    _validate.whole(value, "Rng.state")
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
        _validate.whole(seed, "seed")
        return cls(seed & _MASK)

    def next_u64(self) -> tuple[int, Rng]:
        """The next 64-bit output, and the generator after it."""
        state = (self.state + _GAMMA) & _MASK
        return _mix(state), _made(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` (``1 <= n <= 2**64``), without bias.

        >>> value, _ = Rng.from_seed(7).below(6)
        >>> 0 <= value < 6
        True
        """
        _validate.whole(n, "n")
        if not 1 <= n <= 1 << 64:
            raise ValueError(f"below(n) needs an int n from 1 to 2**64, got {n!r}")
        state, value = _below(self.state, n)
        return value, _made(state)

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """``items`` in a uniformly random order (Fisher–Yates), and the next generator.

        ``items`` is any sequence (a list, a tuple, a str, a range); a set or
        a dict has no order to start from and is refused:

        >>> Rng.from_seed(1).shuffle({1, 2})
        Traceback (most recent call last):
        ...
        TypeError: items must be a sequence (a list, tuple, str or range), got {1, 2}
        """
        _sequence(items)
        out = list(items)
        state = self.state
        for i in range(len(out) - 1, 0, -1):
            state, j = _below(state, i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), _made(state)

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """One item of a non-empty ``items``, uniformly: ``items[below(len(items))]``.

        >>> item, rng = Rng.from_seed(3).choice("abc")
        >>> item in "abc", rng == Rng.from_seed(3).below(3)[1]
        (True, True)
        >>> Rng.from_seed(3).choice([])
        Traceback (most recent call last):
        ...
        ValueError: choice() needs a non-empty sequence
        >>> Rng.from_seed(3).choice({5: "a"})
        Traceback (most recent call last):
        ...
        TypeError: items must be a sequence (a list, tuple, str or range), got {5: 'a'}
        """
        _sequence(items)
        if len(items) == 0:
            raise ValueError("choice() needs a non-empty sequence")
        index, rng = self.below(len(items))
        return items[index], rng

    def random(self) -> tuple[float, Rng]:
        """A float in ``[0, 1)``: the top 53 bits of the next output, over ``2**53``.

        >>> x, rng = Rng.from_seed(0).random()
        >>> x == (0xE220A8397B1DCDAF >> 11) / 2**53
        True
        """
        x, rng = self.next_u64()
        return (x >> 11) / _TWO_53, rng

    def split(self) -> tuple[Rng, Rng]:
        """A new generator for a separate stream, and this one advanced past it.

        The new generator starts at this generator's next output, so streams
        split off one after the other differ and replay exactly:

        >>> child, parent = Rng.from_seed(0).split()
        >>> child == Rng(0xE220A8397B1DCDAF), parent == Rng.from_seed(0).next_u64()[1]
        (True, True)
        """
        x, rng = self.next_u64()
        return _made(x), rng

    def skip(self, n: int) -> Rng:
        """The generator after ``n`` outputs (``n >= 0``), in one step.

        SplitMix64's state moves by a fixed step per output, so this is just
        ``state + n * 0x9E3779B97F4A7C15`` modulo ``2**64``; it gives the
        ``n``-th stream of a family without drawing the ones before it.

        >>> rng = Rng.from_seed(5)
        >>> rng.skip(2) == rng.next_u64()[1].next_u64()[1]
        True
        """
        _validate.whole(n, "n")
        if n < 0:
            raise ValueError(f"skip(n) needs an int n >= 0, got {n!r}")
        return _made((self.state + n * _GAMMA) & _MASK)


_TWO_53: Final = float(1 << 53)
#: ``_made(state)``: ``Rng(state)`` for a state the generator computed itself (already in
#: range), without the validator.
_made: Final[Callable[[int], Rng]] = _memo.maker(Rng)


def _sequence(items: object) -> None:
    """Refuse what is not a sequence: a set or a dict has no positions to draw from."""
    if not isinstance(items, Sequence):
        raise TypeError(
            f"items must be a sequence (a list, tuple, str or range), got {_validate.shown(items)}"
        )


def _below(state: int, n: int) -> tuple[int, int]:
    """Advance ``state`` and draw a uniform value below ``n``: (new state, value)."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state = (state + _GAMMA) & _MASK
        x = _mix(state)
        if x < limit:
            return state, x % n
