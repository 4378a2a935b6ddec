"""The wire format: every public value as JSON, and back (format version 1).

:func:`encode` turns a library value into a JSON value made only of
``dict``, ``list``, ``str``, ``int``, ``bool`` and ``None``, with a fixed key
order; :func:`decode` is its inverse and checks everything, so that a
front end in any language, a game server or a save file can hand the
library a document and get either a value the rules allow or a
:class:`WireError` that says where (a JSON Pointer) and what was expected.
:func:`dumps` and :func:`loads` do the same with compact UTF-8 JSON text,
and :func:`schema` gives the JSON Schema (draft 2020-12) of each shape.

>>> from raise_the_sum import Action, Play, parse_cards
>>> dumps(Play(parse_cards("x2 +8")))
'{"type":"play","cards":["+8","x2"]}'
>>> loads(Action, '{"type": "play", "cards": ["+8", "x4"]}')
Traceback (most recent call last):
...
raise_the_sum.wire.WireError: /cards/1: expected a card: a Multiply card's value is 2 or 3 (rule R1.6)

The shapes, the checks and the versioning promise are on the documentation's
"Wire format" page. The machinery is written by hand rather than with
``cattrs``: it was measured faster for the hot path (a view with its legal
actions) and it gives the JSON Pointers and the bool-is-not-an-int
strictness directly (see ``benchmarks/bench_wire.py``).

The package has one module per concern: ``_json`` reads JSON text strictly,
``_encoders`` and ``_decoders`` hold each type's shape in each direction,
``_schemas`` the JSON Schemas, ``_api`` the four public functions, and
``_format`` the constants they share. Import everything from
``raise_the_sum.wire`` itself.
"""  # noqa: E501

from typing import Final, TypeAlias

from raise_the_sum.wire import _format, _json, _schemas
from raise_the_sum.wire._api import decode, dumps, encode, loads
from raise_the_sum.wire._encoders import Encodable
from raise_the_sum.wire._errors import WireError
from raise_the_sum.wire._json import read_json
from raise_the_sum.wire._schemas import schema

__all__ = [
    "FORMAT_VERSION",
    "JSON",
    "MAX_DEPTH",
    "MAX_INT",
    "SCHEMA_NAMES",
    "Encodable",
    "WireError",
    "decode",
    "dumps",
    "encode",
    "loads",
    "read_json",
    "schema",
]

#: A JSON value as :func:`encode` gives it and :func:`decode` takes it.
JSON: TypeAlias = _format.JSON

#: The format version this library writes, and the newest it reads.
FORMAT_VERSION: Final = _format.FORMAT_VERSION

#: The largest integer the format carries as a number: JavaScript's
#: ``Number.MAX_SAFE_INTEGER``. Seeds and the generator's state, which can be
#: larger, are decimal strings.
MAX_INT: Final = _format.MAX_INT

#: The deepest nesting :func:`read_json` accepts: objects and lists inside one another.
MAX_DEPTH: Final = _json.MAX_DEPTH

#: The schema's name of each type; the shipped file is ``schemas/<name>.json``.
SCHEMA_NAMES: Final = _schemas.SCHEMA_NAMES
