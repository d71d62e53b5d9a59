from __future__ import annotations

from typing import Any

import pytest

from fourfold.checks import CheckResult, create_check
from fourfold.errors import ConfigError
from tests.helpers import make_trace, run_check

ORDER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["order_id", "items"],
    "properties": {
        "order_id": {"type": "string", "pattern": "^ORD-\\d+$"},
        "email": {"type": "string", "format": "email"},
        "items": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["sku", "qty"],
                "properties": {"sku": {"type": "string"}, "qty": {"type": "integer", "minimum": 1}},
            },
        },
    },
}
GOOD = {"order_id": "ORD-1", "items": [{"sku": "W1", "qty": 2}]}


def run(
    name: str, args: dict[str, Any], output: str | None = None, structured: Any = None
) -> CheckResult:
    return run_check(
        create_check(name, args), trace=make_trace(output=output, structured=structured)
    )


# --- json_schema --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("output", "structured", "status", "errors"),
    [
        (None, GOOD, "pass", []),
        ('{"order_id": "ORD-1", "items": [{"sku": "W1", "qty": 2}]}', None, "pass", []),
        (
            'Here it is:\n```json\n{"order_id": "ORD-1", "items": [{"sku": "W1", "qty": 1}]}\n```',
            None,
            "pass",
            [],
        ),
        ('```\n{"order_id": "ORD-1", "items": [{"sku": "W1", "qty": 1}]}\n```', None, "pass", []),
        # the output is ignored when a structured answer exists
        ("not json at all", GOOD, "pass", []),
        (None, {"order_id": "ORD-1"}, "fail", ["$: 'items' is a required property"]),
        (
            None,
            {"order_id": "X-1", "items": [{"sku": "W1", "qty": 0}, {"qty": 1}]},
            "fail",
            [
                "$.order_id: 'X-1' does not match '^ORD-\\\\d+$'",
                "$.items[0].qty: 0 is less than the minimum of 1",
                "$.items[1]: 'sku' is a required property",
            ],
        ),
        (
            None,
            {**GOOD, "email": "not-an-email"},
            "fail",
            ["$.email: 'not-an-email' is not a 'email'"],
        ),
        (None, {**GOOD, "email": "ann@example.com"}, "pass", []),
        (
            None,
            {"order_id": "ORD-Ω", "items": []},
            "fail",
            [
                "$.order_id: 'ORD-Ω' does not match '^ORD-\\\\d+$'",
                "$.items: [] should be non-empty",
            ],
        ),
        (None, [1, 2], "fail", ["$: [1, 2] is not of type 'object'"]),
    ],
)
def test_json_schema(output: str | None, structured: Any, status: str, errors: list[str]) -> None:
    result = run("json_schema", {"schema": ORDER_SCHEMA}, output, structured)
    assert result.status == status, result.explanation
    assert result.layer == "outcome"
    assert [e.text for e in result.evidence] == errors
    if errors:
        assert result.metadata["n_errors"] == len(errors)


@pytest.mark.parametrize(
    ("output", "words"),
    [
        (None, "no answer"),
        ("", "no answer"),
        ("The order is ORD-1.", "not JSON"),
        ("```json\n{broken\n```", "not JSON"),
        ("```python\n{'a': 1}\n```", "not JSON"),
    ],
)
def test_json_schema_fails_without_json(output: str | None, words: str) -> None:
    result = run("json_schema", {"schema": ORDER_SCHEMA}, output)
    assert result.status == "fail"
    assert words in result.explanation


def test_json_schema_evidence_says_where_the_answer_came_from() -> None:
    from_output = run("json_schema", {"schema": {"type": "string"}}, "42")
    assert [(e.text, e.where) for e in from_output.evidence] == [
        ("$: 42 is not of type 'string'", "output")
    ]
    from_structured = run("json_schema", {"schema": {"type": "string"}}, None, 42)
    assert from_structured.evidence[0].where == "structured"


def test_json_schema_honours_an_explicit_older_draft() -> None:
    schema = {
        "$schema": "http://json-schema.org/draft-04/schema#",
        "type": "number",
        "maximum": 5,
        "exclusiveMaximum": True,
    }
    assert run("json_schema", {"schema": schema}, None, 5).status == "fail"
    assert run("json_schema", {"schema": schema}, None, 4).status == "pass"


@pytest.mark.parametrize(
    ("schema", "path"),
    [
        ({"type": "objekt"}, ("args", "schema", "type")),
        (
            {"properties": {"a": {"minimum": "one"}}},
            ("args", "schema", "properties", "a", "minimum"),
        ),
        ({"required": "a"}, ("args", "schema", "required")),
    ],
)
def test_json_schema_invalid_schema_is_a_config_error(
    schema: dict[str, Any], path: tuple[Any, ...]
) -> None:
    with pytest.raises(ConfigError) as info:
        create_check("json_schema", {"schema": schema})
    assert info.value.path == path
    assert "not a valid JSON Schema" in info.value.message


def test_json_schema_needs_a_mapping() -> None:
    with pytest.raises(ConfigError) as info:
        create_check("json_schema", {"schema": ["type", "object"]})
    assert info.value.path == ("args", "schema")


# --- required_fields ----------------------------------------------------------------------

CUSTOMER = {
    "customer": {"email": "ann@example.com", "phone": None, "name": ""},
    "items": [{"id": "W1"}, {"id": None}],
}


@pytest.mark.parametrize(
    ("fields", "output", "structured", "status", "evidence", "score"),
    [
        (["customer.email"], None, CUSTOMER, "pass", [], 1.0),
        (["customer.name"], None, CUSTOMER, "pass", [], 1.0),  # empty but present
        (["items.0.id", "items.-1"], None, CUSTOMER, "pass", [], 1.0),
        (
            ["customer.email", "customer.phone"],
            None,
            CUSTOMER,
            "fail",
            ["customer.phone: null"],
            0.5,
        ),
        (["items.1.id"], None, CUSTOMER, "fail", ["items.1.id: null"], 0.0),
        (["items.2.id"], None, CUSTOMER, "fail", ["items.2.id: missing"], 0.0),
        (["items.first.id"], None, CUSTOMER, "fail", ["items.first.id: missing"], 0.0),
        (
            ["customer.email.domain"],
            None,
            CUSTOMER,
            "fail",
            ["customer.email.domain: missing"],
            0.0,
        ),
        (
            ["customer.address", "customer.phone", "customer.email", "total"],
            None,
            CUSTOMER,
            "fail",
            ["customer.address: missing", "total: missing", "customer.phone: null"],
            0.25,
        ),
        (["total"], '```json\n{"total": 12}\n```', None, "pass", [], 1.0),
        (["total"], '{"sum": 12}', None, "fail", ["total: missing"], 0.0),
        (["ünïcode.ключ"], None, {"ünïcode": {"ключ": 1}}, "pass", [], 1.0),
    ],
)
def test_required_fields(
    fields: list[str],
    output: str | None,
    structured: Any,
    status: str,
    evidence: list[str],
    score: float,
) -> None:
    result = run("required_fields", {"fields": fields}, output, structured)
    assert result.status == status, result.explanation
    assert [e.text for e in result.evidence] == evidence
    assert result.score == pytest.approx(score)


def test_required_fields_metadata_and_explanation() -> None:
    result = run("required_fields", {"fields": ["a", "b", "c"]}, None, {"a": 1, "b": None})
    assert result.metadata == {"missing": ["c"], "null": ["b"]}
    assert result.explanation == "2 of 3 required fields are absent (missing: c; null: b)"


def test_required_fields_fails_when_the_answer_is_not_json() -> None:
    result = run("required_fields", {"fields": ["a"]}, "a is 1")
    assert result.status == "fail"
    assert "not JSON" in result.explanation
    assert result.score == 0.0


@pytest.mark.parametrize(
    ("fields", "path"),
    [
        ([], ("args", "fields")),
        (["a", ""], ("args", "fields", 1)),
        (["a.", "b"], ("args", "fields", 0)),
        ("a.b", ("args", "fields")),
    ],
)
def test_required_fields_config_errors(fields: Any, path: tuple[Any, ...]) -> None:
    with pytest.raises(ConfigError) as info:
        create_check("required_fields", {"fields": fields})
    assert info.value.path == path
