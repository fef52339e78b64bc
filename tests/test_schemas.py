"""The JSON Schemas: draft 2020-12, strict, every property described."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from conftest import ROOT

SCHEMAS = sorted((ROOT / "schemas").glob("*.schema.json"))


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_schema_is_valid_draft_2020_12(path: Path) -> None:
    schema = json.loads(path.read_text())
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


def _walk(node: object, where: str = "#"):
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from _walk(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, f"{where}/{i}")


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_every_property_has_a_description_and_objects_are_strict(path: Path) -> None:
    schema = json.loads(path.read_text())
    for where, node in _walk(schema):
        for name, sub in (node.get("properties") or {}).items():
            refinement = any(k in where for k in ("/if", "/then", "/else"))  # conditions narrow declared properties
            if isinstance(sub, dict) and not refinement:
                assert sub.get("description"), f"{where}/properties/{name}"
        if node.get("type") == "object" and "properties" in node:
            assert node.get("additionalProperties") is False, where


def test_bundled_cards_validate_with_the_reference_validator() -> None:
    """The pure-Python jsonschema agrees with the compiled validator tcforge uses."""
    import yaml
    schema = json.loads((ROOT / "schemas" / "cards.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    for path in sorted((ROOT / "data" / "cards").glob("*.yaml")):
        assert list(validator.iter_errors(yaml.safe_load(path.read_text()))) == [], path.name
