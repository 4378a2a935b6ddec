"""The OpenAPI and AsyncAPI documents: shipped, served, whole, valid, and held to by the server.

schemathesis, a tool we did not write, generates requests from the served
``/openapi.json`` and checks every answer against it, on the real server.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pytest

from raise_the_sum.server.app import API

from .harness import Server, bearer, create

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "write_api_documents.py"
SPECS = ROOT / "typescript" / "node_modules" / "@asyncapi" / "specs" / "schemas" / "3.0.0.json"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("write_api_documents", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _document(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((API / f"{name}.json").read_text(encoding="utf-8"))
    return loaded


def test_the_shipped_documents_equal_a_fresh_build() -> None:
    done = subprocess.run(
        [sys.executable, str(TOOL), "--check"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def _refs(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "$ref" and isinstance(item, str):
                yield item
            else:
                yield from _refs(item)
    elif isinstance(value, list):
        for item in value:
            yield from _refs(item)


def _resolve(document: dict[str, Any], ref: str) -> Any:
    assert ref.startswith("#/"), ref
    found: Any = document
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        found = found[int(part)] if isinstance(found, list) else found[part]
    return found


@pytest.mark.parametrize("name", ["openapi", "asyncapi"])
def test_every_reference_resolves_inside_the_document(name: str) -> None:
    document = _document(name)
    refs = set(_refs(document))
    assert len(refs) > 50
    for ref in refs:
        _resolve(document, ref)  # raises KeyError when it points nowhere
    assert "urn:" not in json.dumps(document)


def test_the_openapi_document_covers_every_route_and_its_errors() -> None:
    paths = _document("openapi")["paths"]
    assert set(paths) == {
        "/api/tables",
        "/api/tables/{table}",
        "/api/tables/{table}/actions",
        "/api/tables/{table}/check",
        "/api/tables/{table}/record",
        "/api/tables/{table}/spectator",
        "/api/lobby",
        "/api/lobby/{table}/seats/{seat}",
        "/api/tables/{table}/name",
        "/api/tables/{table}/leave",
        "/openapi.json",
    }
    actions = paths["/api/tables/{table}/actions"]["post"]["responses"]
    assert {"200", "400", "401", "404", "405", "408", "409", "410", "422", "429", "503"} <= set(
        actions
    )
    assert "Retry-After" in actions["429"]["headers"]
    since = paths["/api/tables/{table}"]["get"]["parameters"][1]
    assert since["name"] == "since" and since["schema"]["pattern"] == "^[0-9]{1,16}$"


def test_the_asyncapi_document_is_valid_asyncapi_3() -> None:
    if not SPECS.is_file():  # the JavaScript tools of typescript/, installed as in CI
        subprocess.run(["npm", "ci", "--silent"], cwd=ROOT / "typescript", check=True)
    meta = json.loads(SPECS.read_text(encoding="utf-8"))
    jsonschema.validate(_document("asyncapi"), meta, cls=jsonschema.Draft7Validator)


def test_the_server_serves_its_openapi_document(still_server: Server) -> None:
    with still_server.client() as client:
        answer = client.get("/openapi.json")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/json")
    assert answer.content == (API / "openapi.json").read_bytes()


def test_schemathesis_finds_nothing_against_the_live_server(tmp_path: Path) -> None:
    """Every answer to schemathesis' requests fits the OpenAPI document (bounded in time).

    One check is left out: positive_data_acceptance, which expects every
    schema-valid request to succeed. A schema gives shapes, not the game:
    an action of the right shape may break a rule (422 with the rule), and
    rules of the right shape may need a bigger deck (400 naming R3.6).
    """
    tool = shutil.which("schemathesis", path=str(Path(sys.executable).parent))
    assert tool is not None, "schemathesis is in the test extra"
    server = Server(tmp_path / "tables.db", pace=3600).start()
    try:
        with server.client() as client:
            table, tokens, _ = create(client, ["human", "human"])
            client.get(f"/api/tables/{table}", headers=bearer(tokens[0]))
        config = tmp_path / "schemathesis.toml"
        config.write_text(f'[parameters]\n"path.table" = "{table}"\n', encoding="utf-8")
        done = subprocess.run(
            [
                tool,
                "--config-file",
                str(config),
                "--no-color",
                "run",
                f"{server.url}/openapi.json",
                "--checks",
                "all",
                "--exclude-checks",
                "positive_data_acceptance",
                "--max-time",
                os.environ.get("SCHEMATHESIS_SECONDS", "40"),
                "--workers",
                "1",
                "--header",
                f"Authorization: Bearer {tokens[0]}",
                "--seed",
                "1",
            ],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
            cwd=tmp_path,  # its cache of crashes goes there, not in the repository
        )
        print(done.stdout[-3000:])
        assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
        assert "Traceback" not in server.log.read_text(encoding="utf-8")
    finally:
        server.stop()


def test_the_tool_names_each_shipped_schema_once() -> None:
    components = _tool().build()["openapi"]["components"]["schemas"]
    assert "server_seat_document" in components and "wire_view" in components
    assert len(components) == len(set(components))
