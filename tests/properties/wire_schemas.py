"""Checks that an encoded value is plain JSON (and, with the schemas, fits its type's schema)."""

from __future__ import annotations

from typing import Any


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


def assert_valid(cls: Any, document: object) -> None:
    """``document`` is plain JSON."""
    assert_plain_json(document)
