from __future__ import annotations

from typing import Any

import pytest

from fourfold.checks import CheckResult, create_check
from fourfold.errors import ConfigError
from tests.helpers import make_case, make_trace, run_check

NO_GROUND_TRUTH = object()


def check_on(
    name: str,
    args: dict[str, Any],
    output: str | None = "",
    structured: Any = None,
    ground_truth: Any = NO_GROUND_TRUTH,
) -> CheckResult:
    case = make_case() if ground_truth is NO_GROUND_TRUTH else make_case(ground_truth=ground_truth)
    trace = make_trace(output=output, structured=structured)
    return run_check(create_check(name, args), trace=trace, case=case)


def output_spans(result: CheckResult, output: str) -> list[str]:
    for e in result.evidence:
        assert e.start is not None and e.end is not None
        assert output[e.start : e.end] == e.text
    return [e.text for e in result.evidence]


# --- matches_ground_truth -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "ground_truth", "output", "structured", "status"),
    [
        # normalized (the default)
        ({}, "Paris", "paris", None, "pass"),
        ({}, "Paris", "  PARIS!\n", None, "pass"),
        ({}, "New York, NY", "new york ny", None, "pass"),
        ({}, "1,200 items", "1200 items", None, "pass"),
        ({}, "don't know", "Dont know.", None, "pass"),
        ({}, "Ｐａｒｉｓ", "paris", None, "pass"),  # NFKC: full-width letters
        ({}, "Straße", "STRASSE", None, "pass"),  # case-folding, not just lower()
        ({}, "café", "cafe\u0301", None, "pass"),  # composed vs decomposed
        ({}, "Paris", "Paris, France", None, "fail"),
        ({}, "4.5", "45", None, "fail"),  # a decimal point is kept
        ({}, "café", "cafe", None, "fail"),  # accents are not stripped
        ({}, "Paris", None, "Paris", "pass"),  # a structured string when there is no output
        ({}, {"city": "Paris"}, None, {"city": "PARIS"}, "pass"),
        # exact
        ({"mode": "exact"}, "Paris", "Paris\n", None, "pass"),
        ({"mode": "exact"}, "Paris", "paris", None, "fail"),
        ({"mode": "exact"}, 42, "42", None, "pass"),
        ({"mode": "exact"}, 42, "```json\n42.0\n```", None, "pass"),
        ({"mode": "exact"}, 42, "The answer is 42", None, "fail"),
        ({"mode": "exact"}, True, None, 1, "fail"),  # true is not 1
        ({"mode": "exact"}, {"a": [1, 2]}, None, {"a": [1, 2]}, "pass"),
        ({"mode": "exact"}, {"a": [1, 2]}, None, {"a": [2, 1]}, "fail"),
        ({"mode": "exact"}, {"a": 1}, None, {"a": 1, "b": 2}, "fail"),
        ({"mode": "exact", "field": "total"}, "42", None, {"total": 42}, "pass"),
        # numeric
        ({"mode": "numeric"}, 1200.5, "It costs $1,200.50 in total.", None, "pass"),
        ({"mode": "numeric"}, "45%", "About 45 percent", None, "pass"),
        ({"mode": "numeric"}, -5, "Change: -5", None, "pass"),
        ({"mode": "numeric"}, 5, "Change: -5", None, "fail"),
        ({"mode": "numeric"}, 100, "about 99", None, "fail"),
        ({"mode": "numeric", "tolerance": 1}, 100, "about 99", None, "pass"),
        ({"mode": "numeric", "tolerance": 0.5}, 100, "about 99", None, "fail"),
        ({"mode": "numeric", "tolerance": 0.01}, 0.3, "0.30000001", None, "pass"),
        ({"mode": "numeric"}, 3, "three", None, "fail"),
        ({"mode": "numeric"}, 7, None, 7.0, "pass"),
        (
            {"mode": "numeric", "field": "order.total"},
            "$19.99",
            None,
            {"order": {"total": 19.99}},
            "pass",
        ),
        (
            {"mode": "numeric", "field": "order.total"},
            20,
            None,
            {"order": {"total": "19.99"}},
            "fail",
        ),
        # json_subset
        ({"mode": "json_subset"}, {"a": 1}, None, {"a": 1, "b": 2}, "pass"),
        ({"mode": "json_subset"}, {"a": 1}, '{"a": 1.0, "b": 2}', None, "pass"),
        ({"mode": "json_subset"}, {"a": 1}, 'Sure!\n```json\n{"a": 1}\n```', None, "pass"),
        (
            {"mode": "json_subset"},
            {"a": {"b": [1, 3]}},
            None,
            {"a": {"b": [3, 2, 1], "c": 0}},
            "pass",
        ),
        ({"mode": "json_subset"}, {"a": {"b": [1, 4]}}, None, {"a": {"b": [3, 2, 1]}}, "fail"),
        (
            {"mode": "json_subset"},
            {"items": [{"id": "B"}]},
            None,
            {"items": [{"id": "A", "n": 1}, {"id": "B", "n": 2}]},
            "pass",
        ),
        ({"mode": "json_subset"}, {"a": 1}, None, {"b": 1}, "fail"),
        ({"mode": "json_subset"}, {"a": "x"}, None, {"a": "X"}, "fail"),
        ({"mode": "json_subset"}, {"a": 1}, "a is 1", None, "fail"),
        (
            {"mode": "json_subset", "field": "customer"},
            {"tier": "gold"},
            None,
            {"customer": {"tier": "gold", "id": 3}},
            "pass",
        ),
        (
            {"mode": "json_subset", "field": "customer"},
            {"tier": "gold"},
            None,
            {"customer": {"tier": "silver"}},
            "fail",
        ),
        # field missing
        ({"field": "city"}, "Paris", None, {"town": "Paris"}, "fail"),
        ({"field": "city"}, "Paris", "Paris", None, "fail"),
        ({"field": "city"}, "Paris", None, {"city": "paris"}, "pass"),
        ({"field": "items.1"}, "b", None, {"items": ["a", "B"]}, "pass"),
    ],
)
def test_matches_ground_truth(
    args: dict[str, Any], ground_truth: Any, output: str | None, structured: Any, status: str
) -> None:
    result = check_on("matches_ground_truth", args, output, structured, ground_truth)
    assert result.status == status, result.explanation
    assert result.layer == "outcome"
    if status == "fail":
        assert result.explanation


def test_matches_ground_truth_skips_cases_without_ground_truth() -> None:
    result = check_on("matches_ground_truth", {}, "Paris")
    assert result.status == "skip"
    assert "no ground truth" in result.explanation


def test_matches_ground_truth_numeric_evidence_points_at_the_number() -> None:
    output = "For 3 items, about $1,250.00 in total"
    result = check_on("matches_ground_truth", {"mode": "numeric"}, output, ground_truth="3 items")
    assert result.status == "pass"
    assert output_spans(result, output) == ["3"]
    result = check_on("matches_ground_truth", {"mode": "numeric"}, output, ground_truth=4)
    assert result.status == "fail"
    assert "off by 1" in result.explanation
    assert result.metadata["difference"] == 1.0


def test_matches_ground_truth_without_a_number_in_the_ground_truth_is_an_error() -> None:
    result = check_on("matches_ground_truth", {"mode": "numeric"}, "42", ground_truth="lots")
    assert result.status == "error"


def test_matches_ground_truth_json_subset_evidence_has_paths() -> None:
    result = check_on(
        "matches_ground_truth",
        {"mode": "json_subset"},
        None,
        {"customer": {"email": "b@x.com"}, "items": [{"id": "A"}]},
        ground_truth={"customer": {"email": "a@x.com", "tier": "gold"}, "items": [{"id": "B"}]},
    )
    assert result.status == "fail"
    assert [e.text for e in result.evidence] == [
        "$.customer.email: expected 'a@x.com', got 'b@x.com'",
        "$.customer.tier: missing (expected 'gold')",
        '$.items: no element matches {"id": "B"}',
    ]
    assert {e.where for e in result.evidence} == {"structured"}
    assert result.metadata["n_missing"] == 3


def test_matches_ground_truth_text_mismatch_points_at_the_output() -> None:
    result = check_on("matches_ground_truth", {}, "Lyon", ground_truth="Paris")
    assert result.explanation == "the answer is 'Lyon', expected 'Paris' (normalized)"
    assert output_spans(result, "Lyon") == ["Lyon"]


@pytest.mark.parametrize(
    ("args", "path"),
    [
        ({"tolerance": -1, "mode": "numeric"}, ("args", "tolerance")),
        ({"tolerance": 0.5}, ("args", "tolerance")),
        ({"mode": "fuzzy"}, ("args", "mode")),
        ({"field": "a..b"}, ("args", "field")),
        ({"field": ""}, ("args", "field")),
    ],
)
def test_matches_ground_truth_config_errors(args: dict[str, Any], path: tuple[str, ...]) -> None:
    with pytest.raises(ConfigError) as info:
        create_check("matches_ground_truth", args)
    assert info.value.path == path


# --- contains -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "output", "status", "found"),
    [
        ({"phrases": ["refund"]}, "Your REFUND is on its way.", "pass", ["REFUND"]),
        ({"phrases": ["refund"], "case_sensitive": True}, "Your REFUND is here.", "fail", []),
        ({"phrases": ["Refund"], "case_sensitive": True}, "Refund issued.", "pass", ["Refund"]),
        (
            {"phrases": ["store credit", "refund"]},
            "We offer store credit.",
            "pass",
            ["store credit"],
        ),
        ({"phrases": ["store credit", "refund"]}, "We offer nothing.", "fail", []),
        (
            {"phrases": ["store credit", "30 days"], "mode": "all"},
            "Store credit within 30\n  days.",
            "pass",
            ["Store credit", "30\n  days"],
        ),
        (
            {"phrases": ["store credit", "30 days"], "mode": "all"},
            "Store credit.",
            "fail",
            ["Store credit"],
        ),
        ({"phrases": ["a+b (c)"]}, "Formula: A+B (C).", "pass", ["A+B (C)"]),  # not a regex
        ({"phrases": ["café"]}, "Le CAFÉ est fermé.", "pass", ["CAFÉ"]),
        ({"phrases": ["credit"]}, "Creditworthy", "pass", ["Credit"]),  # substring match
    ],
)
def test_contains(args: dict[str, Any], output: str, status: str, found: list[str]) -> None:
    result = check_on("contains", args, output)
    assert result.status == status, result.explanation
    assert output_spans(result, output) == found


def test_contains_all_scores_the_share_found_and_names_what_is_missing() -> None:
    args = {"phrases": ["a", "b", "zz", "yy"], "mode": "all"}
    result = check_on("contains", args, "a b")
    assert result.status == "fail"
    assert result.score == 0.5
    assert result.metadata == {"found": ["a", "b"], "missing": ["zz", "yy"]}
    assert result.explanation == "the answer lacks 'zz', 'yy'"


def test_contains_reads_structured_answer_when_output_is_none() -> None:
    result = check_on("contains", {"phrases": ["gold"]}, None, {"tier": "Gold"})
    assert result.status == "pass"


def test_contains_gives_no_offsets_into_a_renormalised_output() -> None:
    output = "cafe\u0301 ouvert"  # decomposed é: the match is found in the NFC form
    result = check_on("contains", {"phrases": ["café"]}, output)
    assert result.status == "pass"
    assert result.evidence[0].start is None


@pytest.mark.parametrize(
    ("args", "path"),
    [
        ({"phrases": []}, ("args", "phrases")),
        ({"phrases": ["ok", "  "]}, ("args", "phrases", 1)),
        ({"phrases": "refund"}, ("args", "phrases")),
        ({"phrases": ["a"], "mode": "most"}, ("args", "mode")),
    ],
)
def test_contains_config_errors(args: dict[str, Any], path: tuple[Any, ...]) -> None:
    with pytest.raises(ConfigError) as info:
        create_check("contains", args)
    assert info.value.path == path


# --- regex --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "output", "status", "spans"),
    [
        ({"pattern": r"ORD-\d{5}"}, "Order ORD-88123 and ORD-1", "pass", ["ORD-88123"]),
        ({"pattern": r"ORD-\d{5}"}, "Order ORD-1", "fail", []),
        ({"pattern": r"(?i)refund"}, "REFUND", "pass", ["REFUND"]),
        ({"pattern": r"refund"}, "REFUND", "fail", []),
        ({"pattern": r"^Dear"}, "Hello. Dear sir", "fail", []),
        ({"pattern": r"\d{4}-\d{4}", "must_match": False}, "No card here", "pass", []),
        (
            {"pattern": r"\d{4}-\d{4}", "must_match": False},
            "Card 1234-5678 and 8765-4321",
            "fail",
            ["1234-5678", "8765-4321"],
        ),
        ({"pattern": r"é+"}, "Olé!", "pass", ["é"]),
    ],
)
def test_regex(args: dict[str, Any], output: str, status: str, spans: list[str]) -> None:
    result = check_on("regex", args, output)
    assert result.status == status, result.explanation
    assert output_spans(result, output) == spans


def test_regex_must_not_match_counts_matches() -> None:
    result = check_on("regex", {"pattern": "x", "must_match": False}, "x x x")
    assert result.metadata == {"n_matches": 3}
    assert "3 times" in result.explanation


@pytest.mark.parametrize("pattern", ["(unclosed", "[a-", "*x", "(?P<n>a)(?P<n>b)"])
def test_regex_invalid_pattern_is_a_config_error(pattern: str) -> None:
    with pytest.raises(ConfigError) as info:
        create_check("regex", {"pattern": pattern})
    assert info.value.path == ("args", "pattern")
    assert "not a valid regular expression" in info.value.message
