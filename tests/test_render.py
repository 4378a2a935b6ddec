"""The ``repr`` and the notebook HTML of states and views."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from properties.strategies import game_states
from raise_the_sum import (
    STANDARD_DECK,
    GameState,
    Kind,
    Play,
    Rng,
    apply,
    from_position,
    new_game,
    observe,
    parse_cards,
    sample_state,
)
from raise_the_sum._render import CARD_COLOURS
from raise_the_sum.cards import Card

rngs = st.integers(min_value=0, max_value=2**64 - 1).map(Rng)


class _Table(HTMLParser):
    """The rows of the HTML table (cells as lists of (text, card kind or None)), and the caption."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[list[tuple[str, str | None]]]] = []
        self.caption = ""
        self.kind: str | None = None
        self.where = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.rows[-1].append([])
            self.where = "cell"
        elif tag == "caption":
            self.where = "caption"
        elif tag == "span":
            classes = (dict(attrs).get("class") or "").split()
            self.kind = next(
                (c[4:] for c in classes if c.startswith("rts-") and c != "rts-card"), None
            )

    def handle_endtag(self, tag: str) -> None:
        if tag == "span":
            self.kind = None
        elif tag in ("caption", "td", "th"):
            self.where = ""

    def handle_data(self, data: str) -> None:
        if self.where == "caption":
            self.caption += data
        elif self.where == "cell":
            self.rows[-1][-1].append((data, self.kind))


def parsed(html: str) -> _Table:
    table = _Table()
    table.feed(re.sub(r"<style>.*?</style>", "", html))
    return table


def cards_in(cell: list[tuple[str, str | None]]) -> list[tuple[str, str]]:
    return [(text, kind) for text, kind in cell if kind not in (None, "back")]


def test_a_states_repr_is_its_position_with_the_piles_as_sizes() -> None:
    state = apply(new_game(seed=7), Play(parse_cards("+7 +6 -5")))
    assert repr(state) == (
        "<GameState rts1 * +5+5+6-3-6|+1+3+4+8+8x2-2-7|+1+2+4+6+9x3/2|+2+3+8+8+9-1/3 "
        "+6+7-5@0=13 p1 - 0,0,0,0 ?32 ?0>"
    )
    assert repr(observe(state, 2)) == (
        "<PlayerView rts1 2 ?5|?8|+1+2+4+6+9x3/2|?7 +6+7-5@0=13 p1 - 0,0,0,0 ?32 ?0>"
    )


@settings(max_examples=100, deadline=None)
@given(game_states())
def test_a_states_repr_is_short_hides_the_deck_and_seed_and_reads_back_as_a_position(
    state: GameState,
) -> None:
    text = repr(state)
    assert len(text) <= 300  # the attrs repr was 691 characters for a fresh standard game
    assert "rng" not in text and "seed" not in text
    hidden = attrs.evolve(state, seed=state.seed + 1, rng=Rng(7), deck=state.deck[::-1])
    assert repr(hidden) == text  # no seed, generator or deck order in it
    assert text.startswith("<GameState rts1 * ") and text.endswith(">")
    if state.rules.deck == STANDARD_DECK:
        position = from_position(text[len("<GameState ") : -1])
        assert position.hands == state.hands
        assert (position.deck, position.discard) == (len(state.deck), len(state.discard))
        assert position.sample(Rng.from_seed(0)).points == state.points


@settings(max_examples=100, deadline=None)
@given(game_states(), st.data(), rngs)
def test_a_views_repr_and_html_are_the_same_for_every_state_the_seat_cannot_tell_apart(
    state: GameState, data: st.DataObject, rng: Rng
) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    other = sample_state(observe(state, seat), rng)
    assert repr(observe(other, seat)) == repr(observe(state, seat))
    assert observe(other, seat)._repr_html_() == observe(state, seat)._repr_html_()
    assert len(repr(observe(state, seat))) <= 200


@settings(max_examples=60, deadline=None)
@given(game_states())
def test_a_states_html_shows_every_hand_in_the_guides_colours_and_signs(state: GameState) -> None:
    table = parsed(state._repr_html_())
    header, *rows = table.rows
    assert [text for cell in header for text, _ in cell] == ["seat", "hand", "points"]
    assert len(rows) == state.rules.players
    for seat, row in enumerate(rows):
        shown = cards_in(row[1])
        assert shown == [(format(card, "u"), card.kind.value) for card in state.hands[seat]]
        assert row[2] == [(str(state.points[seat]), None)]
        notes = "".join(text for text, _ in row[3])
        assert ("passed" in notes) is (seat in state.passed)
        assert (seat == state.current) is any(
            word in notes for word in ("to play", "to discard", "won the")
        )
    assert f"deck {len(state.deck)}, discard pile {len(state.discard)}" in table.caption
    if state.standing:
        assert f"by seat {state.standing_seat}: {state.to_beat} to beat" in table.caption
    else:
        assert "no play stands" in table.caption


def test_a_views_html_shows_only_the_seats_own_cards() -> None:
    state = apply(new_game(seed=7), Play(parse_cards("+7 +6 -5")))
    table = parsed(observe(state, 2)._repr_html_())
    rows = table.rows[1:]
    assert [len(cards_in(row[1])) for row in rows] == [0, 0, 7, 0]
    assert ["".join(text for text, _ in row[1]) for row in rows][:2] == ["5 cards", "8 cards"]
    assert table.caption.startswith("seat 2's view: seat 1 to play; +6+7−5 by seat 0: 13 to beat")


def test_the_notebook_colours_are_the_web_pages() -> None:
    css = (
        Path(__file__).resolve().parent.parent / "src" / "raise_the_sum" / "web" / "style.css"
    ).read_text(encoding="utf-8")
    for kind in Kind:
        found = re.search(rf"--{kind.value}: (#[0-9a-f]{{6}});", css)
        assert found is not None and found.group(1) == CARD_COLOURS[kind][0]
        assert Card(kind, kind.values[0]).colour in {"blue", "green", "red", "yellow", "black"}
