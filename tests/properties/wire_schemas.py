"""Checks that an encoded value is plain JSON and fits its type's shipped JSON Schema."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator

from raise_the_sum.wire import SCHEMA_NAMES, schema


def assert_plain_json(document: object, path: str = "") -> None:
    """Only dict (with str keys), list, str, int, bool and None, nested."""
    if isinstance(document, dict):
        assert type(document) is dict, path
        for key, value in document.items():
            assert type(key) is str, f"{path}: key {key!r}"
            assert_plain_json(value, f"{path}/{key}")
    elif isinstance(document, list):
        assert type(document) is list, path
        for i, value in enumerate(document):
            assert_plain_json(value, f"{path}/{i}")
    else:
        assert document is None or type(document) in (str, int, bool), f"{path}: {document!r}"


@cache
def validator(cls: Any) -> Draft202012Validator:
    """A validator for ``schema(cls)``, built once per type."""
    document = schema(cls)
    Draft202012Validator.check_schema(document)
    return Draft202012Validator(document)


def assert_valid(cls: Any, document: object) -> None:
    """``document`` is plain JSON and valid against ``schema(cls)``."""
    assert_plain_json(document)
    errors = sorted(validator(cls).iter_errors(document), key=lambda e: list(e.absolute_path))
    assert not errors, f"{cls}: {errors[0].json_path}: {errors[0].message}"


def shipped_schema(cls: Any) -> dict[str, Any]:
    """The schema file shipped in the package for ``cls``: ``schemas/<name>.json``."""
    name = SCHEMA_NAMES[cls]
    text = resources.files("raise_the_sum").joinpath("schemas", f"{name}.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded
