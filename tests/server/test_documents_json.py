"""The server's JSON: orjson's bytes are the standard library's compact JSON, byte for byte."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from raise_the_sum.server.documents import dumps

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@given(_JSON)
def test_dumps_writes_the_standard_library_s_compact_utf8_json_for_any_json_value(
    value: Any,
) -> None:
    expected = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode(
        "utf-8", "surrogatepass"
    )
    assert dumps(value) == expected
