"""The JSON Schemas: valid draft 2020-12, shipped in the package, equal to ``schema(cls)``."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator

from raise_the_sum import Action, GameState, Rules, new_game, parse_cards
from raise_the_sum.wire import SCHEMA_NAMES, encode, schema

from .wire_schemas import assert_valid, shipped_schema, validator


@pytest.mark.parametrize("cls", list(SCHEMA_NAMES), ids=list(SCHEMA_NAMES.values()))
def test_every_shipped_schema_equals_schema_of_its_type(cls: Any) -> None:
    assert shipped_schema(cls) == schema(cls), (
        "the shipped schema is out of date: run .venv/bin/python tools/write_schemas.py"
    )
    Draft202012Validator.check_schema(schema(cls))
    assert schema(cls)["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_schema_refuses_a_type_it_does_not_cover() -> None:
    with pytest.raises(TypeError, match="no wire format"):
        schema(int)


def test_schema_gives_a_fresh_copy() -> None:
    schema(Rules)["$defs"]["rules"]["properties"].clear()
    assert "players" in schema(Rules)["$defs"]["rules"]["properties"]


def test_the_schemas_refuse_what_decode_refuses_where_a_schema_can_say_so() -> None:
    state = encode(new_game(seed=7))
    assert isinstance(state, dict)
    for bad in (
        {**state, "phase": "round over"},
        {**state, "extra": 1},
        {**state, "seed": 7},
        {**state, "current": True},
        {**state, "version": 2},
    ):
        assert not validator(GameState).is_valid(bad)
    assert not validator(Action).is_valid({"type": "play", "cards": ["x4"]})
    assert not validator(Action).is_valid({"type": "pass", "cards": []})
    assert_valid(Action, encode(parse_cards("+8")[0]) and {"type": "play", "cards": ["+8", "×2"]})
