"""``_memo``: the library's caches, each kind written once, and ``clear_all``.

``clear_all`` must empty every cache the library fills while it plays (so
that tests and benchmarks can start as a fresh process does), and each kind
of cache must hold to its bound and its keying.
"""

from __future__ import annotations

import gc

import attrs
import pytest

from raise_the_sum import (
    GameState,
    InvalidState,
    Phase,
    Play,
    Rng,
    _memo,
    _tables,
    apply,
    engine,
    legal_plays,
    new_game,
    parse_cards,
    scoring,
)
from raise_the_sum.encoding import legal_ids


def play_a_match(seed: int) -> None:
    """A random 4-player match, with each state's action numbers asked too."""
    state = new_game(seed=seed)
    rng = Rng.from_seed(seed)
    while state.phase is not Phase.MATCH_OVER:
        legal = legal_plays(state)
        legal_ids(state)
        pick, rng = rng.below(len(legal))
        state = apply(state, legal[pick])


def sizes() -> dict[str, int]:
    """How much each of the library's caches holds now."""
    from raise_the_sum import encoding

    return {
        "legal": len(engine._LEGAL),
        "profiles": len(engine._PROFILES),
        "attacks": len(scoring._SENT),
        "shapes": len(_tables._shapes),
        "halves": len(_tables._halves),
        "crosses": len(_tables._crosses),
        "needs": len(_tables._needs),
        "hands": len(_tables._hands),
        "actions": sum(map(len, _tables._actions.values())),
        "numberings": encoding._numbering.cache_info().currsize,
    }


def test_clear_all_empties_every_cache_a_match_fills() -> None:
    play_a_match(1)
    assert all(sizes().values()), sizes()
    _memo.clear_all()
    assert not any(sizes().values()), sizes()
    play_a_match(1)  # and the library plays on, refilling them
    assert all(sizes().values()), sizes()


def test_an_identity_memo_finds_the_object_itself_and_empties_itself_when_full() -> None:
    memo: _memo.IdentityMemo[Play, int] = _memo.IdentityMemo(limit=3)
    plays = [Play(parse_cards(text)) for text in ("+1", "+2", "+3", "+4")]
    for number, play in enumerate(plays[:3]):
        memo.put(play, number)
    assert [memo.get(play) for play in plays[:3]] == [0, 1, 2]
    assert memo.get(Play(parse_cards("+1"))) is None  # equal, but another object
    memo.put(plays[3], 3)  # full: emptied first
    assert len(memo) == 1 and memo.get(plays[3]) == 3 and memo.get(plays[0]) is None


def test_a_memo_that_is_no_longer_used_is_not_kept_for_clear_all() -> None:
    before = len(_memo._EVERY)
    memo: _memo.BoundedMemo[int, int] = _memo.BoundedMemo(limit=2)
    assert len(_memo._EVERY) == before + 1
    del memo
    gc.collect()
    assert len(_memo._EVERY) == before


def test_maker_builds_what_the_constructor_builds_without_its_checks() -> None:
    make = _memo.maker(GameState)
    state = new_game(seed=5)
    values = {field.name: getattr(state, field.name) for field in attrs.fields(GameState)}
    made = make(*values.values())
    assert made == state and hash(made) == hash(state) and made is not state
    # The checks are skipped: an unsorted hand gets through, as the engine's own never are.
    values["hands"] = (state.hands[0][::-1], *state.hands[1:])
    assert make(*values.values()).hands[0] == state.hands[0][::-1]
    with pytest.raises(InvalidState, match="card order"):
        GameState(**values)
