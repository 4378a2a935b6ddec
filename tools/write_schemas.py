"""Write the shipped JSON Schemas, ``src/raise_the_sum/schemas/<name>.json``, from ``wire.schema``.

Run from the repository root after changing a shape: ``.venv/bin/python tools/write_schemas.py``.
``tests/properties/test_wire_schemas.py`` fails while a shipped file differs from ``schema(cls)``.
"""

from __future__ import annotations

import json
from pathlib import Path

from raise_the_sum.wire import SCHEMA_NAMES, schema

FOLDER = Path(__file__).resolve().parent.parent / "src" / "raise_the_sum" / "schemas"


def main() -> None:
    """Write one file per schema, sorted keys kept as built, two-space indent."""
    FOLDER.mkdir(exist_ok=True)
    for cls, name in SCHEMA_NAMES.items():
        text = json.dumps(schema(cls), indent=2, ensure_ascii=False) + "\n"
        (FOLDER / f"{name}.json").write_text(text, encoding="utf-8")
    print(f"wrote {len(SCHEMA_NAMES)} schemas to {FOLDER}")


if __name__ == "__main__":
    main()
