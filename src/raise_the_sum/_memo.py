"""Private: the library's caches, each kind written once, and one way to empty them all.

* :class:`BoundedMemo` -- a dict that empties itself rather than grow past
  a limit; safe to share between threads.
* :class:`IdentityMemo` -- a value per object, found by the object's
  identity: for the shared action objects that ``legal_plays`` hands out,
  whose facts (a profile, a number) are asked for again and again.
* :func:`clear_all` -- empties every cache made here, as in a fresh
  process. Tests and benchmarks call it.
* :func:`maker` -- builds instances of an attrs class from values the
  library made itself, without the generated ``__init__``.

Every cache is bounded, so memory stays bounded whatever the rules.
"""

from __future__ import annotations

import threading
import weakref
from collections import deque
from collections.abc import Callable
from itertools import repeat
from operator import call
from typing import Any, Final, Generic, TypeVar

import attrs

_K = TypeVar("_K")
_V = TypeVar("_V")
_T = TypeVar("_T")

#: Every cache made here (while it lives), for :func:`clear_all`.
_EVERY: Final[weakref.WeakSet[BoundedMemo[Any, Any] | IdentityMemo[Any, Any]]] = weakref.WeakSet()
#: What else :func:`clear_all` calls: the ``clear`` of caches of other kinds (see :func:`register`).
_CLEARERS: Final[list[Callable[[], object]]] = []


def register(clear: Callable[[], object]) -> None:
    """Have :func:`clear_all` call ``clear`` too: for a cache of another kind (an ``lru_cache``)."""
    _CLEARERS.append(clear)


def clear_all() -> None:
    """Empty every cache of the library, as in a fresh process.

    >>> memo: BoundedMemo[str, int] = BoundedMemo(limit=3)
    >>> memo.put("a", 1)
    >>> clear_all()
    >>> memo.get("a") is None
    True
    """
    for memo in list(_EVERY):
        memo.clear()
    for clear in _CLEARERS:
        clear()


class BoundedMemo(Generic[_K, _V]):
    """A dict that empties itself rather than grow past ``limit``: bounded, and thread-safe.

    Each entry has a weight (1 unless told), and the weights held never
    pass ``limit``: an entry that would take them past it first empties the
    memo (the simplest bound: the entries in use come back at once). An
    entry heavier than ``limit`` is not kept.

    Lookups (:attr:`get`) are one dict operation, atomic under the GIL, and
    take no lock; :meth:`put` takes a lock, so that the weights stay exact
    when threads store at once. A value is stored only once it is built, so
    a reader never sees a half-made entry; two threads that miss the same
    key both build it, and the last one stored wins (the values are equal).

    >>> memo: BoundedMemo[str, int] = BoundedMemo(limit=3)
    >>> memo.put("a", 1, weight=2); memo.put("b", 2)
    >>> memo.get("a"), len(memo), memo.weight
    (1, 2, 3)
    >>> memo.put("c", 3)          # over the limit: emptied first
    >>> memo.get("a"), memo.get("c"), len(memo), memo.weight
    (None, 3, 1, 1)
    """

    __slots__ = ("__weakref__", "_data", "_lock", "get", "limit", "weight")

    def __init__(self, limit: int) -> None:
        #: The most weight held at once.
        self.limit = limit
        #: The weight held now (the sum of the held entries' weights).
        self.weight = 0
        self._data: dict[_K, _V] = {}
        self._lock = threading.Lock()
        #: ``get(key)``: the value stored for ``key``, or None (the dict's own ``get``).
        self.get: Callable[[_K], _V | None] = self._data.get
        _EVERY.add(self)

    def put(self, key: _K, value: _V, weight: int = 1) -> None:
        """Store ``value`` for ``key``, emptying the memo first if it would grow past the limit."""
        if weight > self.limit:
            return
        with self._lock:
            data = self._data
            old = key in data
            if not old and self.weight + weight > self.limit:
                data.clear()
                self.weight = 0
            data[key] = value
            if not old:
                self.weight += weight

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._data.clear()
            self.weight = 0

    def __len__(self) -> int:
        return len(self._data)


class IdentityMemo(Generic[_K, _V]):
    """A value per object, found by the object's identity; emptied when ``limit`` are held.

    Each entry holds its object, so that the object lives as long as its
    entry and its ``id()`` is never another object's meanwhile. For objects
    that are met again and again, such as the actions ``legal_plays``
    shares, where hashing by value would cost more than the value saved.

    >>> memo: IdentityMemo[list[int], int] = IdentityMemo(limit=2)
    >>> key = [1, 2]
    >>> memo.put(key, 3)
    >>> memo.get(key), memo.get([1, 2])      # an equal object is another object
    (3, None)
    """

    __slots__ = ("__weakref__", "_data", "limit")

    def __init__(self, limit: int) -> None:
        #: The most entries held at once.
        self.limit = limit
        self._data: dict[int, tuple[_K, _V]] = {}
        _EVERY.add(self)

    def get(self, key: _K) -> _V | None:
        """The value stored for this very object, or None."""
        entry = self._data.get(id(key))
        if entry is not None and entry[0] is key:
            return entry[1]
        return None

    def put(self, key: _K, value: _V) -> None:
        """Store ``value`` for this very object, emptying the memo first when full."""
        data = self._data
        if len(data) >= self.limit:
            data.clear()
        data[id(key)] = (key, value)

    def clear(self) -> None:
        """Forget every entry."""
        self._data.clear()

    def __len__(self) -> int:
        return len(self._data)


def maker(cls: type[_T]) -> Callable[..., _T]:
    """A function building ``cls(*values)`` without its generated ``__init__``.

    For values the library built itself and knows valid: the slots of an
    attrs class with slots are set by their own descriptors, in field order
    (then attrs' cached hash, None: not yet computed), in one pass of
    ``map``, in C. Validators and converters are skipped; that is the point.
    A class laid out otherwise (a later attrs) gets ``cls`` itself.

    >>> from raise_the_sum import Play, parse_cards
    >>> make = maker(Play)
    >>> make(parse_cards("+8 x2")) == Play(parse_cards("+8 x2"))
    True
    """
    names = [field.name for field in attrs.fields(cls)]  # type: ignore[arg-type]
    hashed = "_attrs_cached_hash" in cls.__dict__
    slots = [*names, "_attrs_cached_hash"] if hashed else names
    if not all(name in cls.__dict__ and hasattr(cls.__dict__[name], "__set__") for name in slots):
        return cls
    setters = tuple(cls.__dict__[name].__set__ for name in slots)
    new = object.__new__
    if len(setters) == 1:
        (setter,) = setters

        def make_one(value: object) -> _T:
            instance: _T = new(cls)
            setter(instance, value)
            return instance

        return make_one

    def make(*values: object) -> _T:
        instance: _T = new(cls)
        deque(map(call, setters, repeat(instance), (*values, None) if hashed else values), 0)
        return instance

    return make
