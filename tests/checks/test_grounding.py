from __future__ import annotations

from typing import Any

import pytest

from fourfold.checks import CheckResult, create_check
from fourfold.errors import ConfigError
from fourfold.resources import Resource
from helpers import make_case, make_trace, run_check

POLICIES = Resource(
    "policies",
    [{"id": "4.2", "title": "Refunds"}, {"id": "4.3", "title": "Store credit"}, {"id": "7"}],
)
SECTION = r"§\s?(\d+(?:\.\d+)*)"
REFUND_PASSAGE = ("4.2", "Refunds are issued within 30 days of purchase.")


def spans(result: CheckResult, output: str) -> list[str]:
    """The evidence texts, after checking each span points at its text in the output."""
    for e in result.evidence:
        assert e.where == "output"
        assert e.start is not None and e.end is not None
        assert output[e.start : e.end] == e.text
    return [e.text for e in result.evidence]


# --- cited_ids_exist ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "output", "passages", "status", "bad", "words"),
    [
        # retrieved and cited
        ({}, "See §4.2 for refunds.", [REFUND_PASSAGE], "pass", [], ["all 1"]),
        ({}, "See § 4.2 and §4.2.", [REFUND_PASSAGE], "pass", [], ["all 2"]),
        # nothing cited
        ({}, "Refunds take 30 days.", [], "pass", [], ["cites nothing"]),
        # cited but not retrieved
        ({}, "See §4.2 and §9.", [REFUND_PASSAGE], "fail", ["§9"], ["9 was not retrieved"]),
        ({}, "See §4.2.", [], "fail", ["§4.2"], ["nothing was retrieved"]),
        # in the resource only (retrieval not required)
        (
            {"resource": "policies", "require_retrieved": False},
            "Per §4.3 you get credit.",
            [],
            "pass",
            [],
            ["all 1"],
        ),
        (
            {"resource": "policies", "require_retrieved": False},
            "Per §4.3 and §12.1 you get credit.",
            [],
            "fail",
            ["§12.1"],
            ["12.1 is not in 'policies'"],
        ),
        # both required: retrieved but not in resource, in resource but not retrieved, neither
        (
            {"resource": "policies"},
            "See §4.2, §4.3 and §8.",
            [REFUND_PASSAGE, ("8", "Shipping")],
            "fail",
            ["§4.3", "§8"],
            ["4.3 was not retrieved", "8 is not in 'policies'"],
        ),
        (
            {"resource": "policies"},
            "See §99.",
            [REFUND_PASSAGE],
            "fail",
            ["§99"],
            ["99 was not retrieved and is not in 'policies'"],
        ),
        # no group: the whole match is the id; ids compare case-insensitively
        ({"pattern": r"DOC-\d+"}, "Source: doc-7, DOC-8", [("DOC-7", "x")], "fail", ["DOC-8"], []),
        (
            {"pattern": r"\[(\w+)\]"},
            "Yes [kb12] [KB13]",
            [("KB12", "a"), ("kb13", "b")],
            "pass",
            [],
            [],
        ),
    ],
)
def test_cited_ids_exist(
    args: dict[str, Any],
    output: str,
    passages: list[tuple[str, str]],
    status: str,
    bad: list[str],
    words: list[str],
) -> None:
    check = create_check("cited_ids_exist", {"pattern": SECTION, **args})
    result = run_check(
        check,
        trace=make_trace(output=output, passages=passages),
        resources={"policies": POLICIES},
    )
    assert result.status == status, result.explanation
    assert result.layer == "grounding"
    assert spans(result, output) == bad
    for word in words:
        assert word in result.explanation


def test_cited_ids_exist_metadata_and_score() -> None:
    check = create_check("cited_ids_exist", {"pattern": SECTION, "resource": "policies"})
    result = run_check(
        check,
        trace=make_trace(output="§4.2 §4.2 §4.3 §99", passages=[REFUND_PASSAGE]),
        resources={"policies": POLICIES},
    )
    assert result.metadata == {
        "n_citations": 4,
        "not_retrieved": ["4.3", "99"],
        "not_in_resource": ["99"],
    }
    assert result.score == pytest.approx(0.5)


def test_cited_ids_exist_reads_structured_answer_when_output_is_none() -> None:
    check = create_check("cited_ids_exist", {"pattern": SECTION})
    trace = make_trace(output=None, structured={"answer": "see §5"}, passages=[REFUND_PASSAGE])
    result = run_check(check, trace=trace)
    assert result.status == "fail"
    assert [e.text for e in result.evidence] == ["§5"]


def test_cited_ids_exist_unknown_resource_is_an_error_naming_known_ones() -> None:
    check = create_check("cited_ids_exist", {"pattern": SECTION, "resource": "polcies"})
    result = run_check(check, trace=make_trace(output="§4.2"), resources={"policies": POLICIES})
    assert result.status == "error"
    assert "policies" in result.explanation


@pytest.mark.parametrize(
    ("args", "path"),
    [
        ({"pattern": "§(\\d+"}, ("args", "pattern")),
        ({"pattern": SECTION, "require_retrieved": False}, ("args", "require_retrieved")),
        ({"pattern": SECTION, "bogus": 1}, ("args", "bogus")),
        ({}, ("args", "pattern")),
    ],
)
def test_cited_ids_exist_config_errors(args: dict[str, Any], path: tuple[str, ...]) -> None:
    with pytest.raises(ConfigError) as info:
        create_check("cited_ids_exist", args)
    assert info.value.path == path
    assert info.value.hint


# --- values_grounded ----------------------------------------------------------------------

ORDER_PASSAGE = (
    "orders/88123",
    "Order ord 88123 was placed on March 5, 2024 for $1,200 and ships in 3 to 5 days. "
    "Refund window: 30 days. Support ticket A1B2.",
)


@pytest.mark.parametrize(
    ("output", "passages", "status", "ungrounded"),
    [
        # numbers: by value, whatever the spelling
        ("Your refund of $1,200.00 is on its way.", [ORDER_PASSAGE], "pass", []),
        ("You have 30 days.", [ORDER_PASSAGE], "pass", []),
        ("It ships in 3-5 days.", [ORDER_PASSAGE], "pass", []),
        ("The refund is $1,250.", [ORDER_PASSAGE], "fail", ["$1,250"]),
        ("It ships in 2 days.", [ORDER_PASSAGE], "fail", ["2"]),  # small integers count
        ("Up to 45% off.", [("p", "Save 45 percent")], "pass", []),
        ("About $1.2M raised.", [("p", "raised 1,200,000 dollars")], "pass", []),
        ("About 1,200,000 raised.", [("p", "raised $1.2 million")], "pass", []),
        ("It costs 0.5 EUR.", [("p", "price .50")], "pass", []),
        ("A 30-day window and 5GB.", [("p", "30 days, 5 GB")], "pass", []),
        ("The 3rd option.", [("p", "option 3")], "pass", []),
        # dates: by meaning
        ("Placed on 2024-03-05.", [ORDER_PASSAGE], "pass", []),
        ("Placed on 5 March 2024.", [ORDER_PASSAGE], "pass", []),
        ("Placed on 05/03/2024.", [ORDER_PASSAGE], "pass", []),  # day first
        ("Placed on 03/05/2024.", [ORDER_PASSAGE], "pass", []),  # month first
        ("Placed on March 5.", [ORDER_PASSAGE], "pass", []),  # no year: day and month match
        ("Placed in March 2024.", [ORDER_PASSAGE], "pass", []),
        ("Placed in 2024.", [ORDER_PASSAGE], "pass", []),  # a year alone is a number
        ("Placed on 2024-03-05T09:30:00Z.", [ORDER_PASSAGE], "pass", []),
        ("Placed on March 6, 2024.", [ORDER_PASSAGE], "fail", ["March 6, 2024"]),
        ("Placed on 13/03/2024.", [ORDER_PASSAGE], "fail", ["13/03/2024"]),  # unambiguous
        ("Placed on 2023-03-05.", [ORDER_PASSAGE], "fail", ["2023-03-05"]),
        ("Due March 5, 2025.", [("p", "due March 5")], "fail", ["March 5, 2025"]),  # year unstated
        ("Due 5th of March.", [("p", "due 2024-03-05")], "pass", []),
        # identifiers: case-insensitive, separators optional between letters and digits
        ("Order ORD-88123 shipped.", [ORDER_PASSAGE], "pass", []),
        ("Order ORD88123 shipped.", [ORDER_PASSAGE], "pass", []),
        ("Ticket a1b2.", [ORDER_PASSAGE], "pass", []),
        ("Order ORD-88124 shipped.", [ORDER_PASSAGE], "fail", ["ORD-88124"]),
        ("Ticket A1B3.", [ORDER_PASSAGE], "fail", ["A1B3"]),
        ("Version 4.2.1.", [("p", "release 4.2.1")], "pass", []),
        ("Version 4.2.1.", [("p", "release 4.21")], "fail", ["4.2.1"]),
        ("Ticket A1B2X.", [ORDER_PASSAGE], "fail", ["A1B2X"]),  # not a prefix match
        # several at once, in order of appearance
        (
            "Order ORD-99999 of $80 placed 2024-01-01, refund in 30 days.",
            [ORDER_PASSAGE],
            "fail",
            ["ORD-99999", "$80", "2024-01-01"],
        ),
        # not values: list markers, citation markers, section references
        ("1. Wait 30 days\n2. Ask again [3]. See §4.2.", [ORDER_PASSAGE], "pass", []),
        # Unicode around the values
        (
            "Remboursement de 1 200 € ? Non : 30 jours — « ORD-88123 ».",
            [ORDER_PASSAGE],
            "fail",
            ["1", "200"],
        ),
        ("Rückerstattung binnen 30 Tagen für ORD-88123.", [ORDER_PASSAGE], "pass", []),
    ],
)
def test_values_grounded(
    output: str, passages: list[tuple[str, str]], status: str, ungrounded: list[str]
) -> None:
    result = run_check(
        create_check("values_grounded"), trace=make_trace(output=output, passages=passages)
    )
    assert result.status == status, result.explanation
    assert result.layer == "grounding"
    assert spans(result, output) == ungrounded


@pytest.mark.parametrize(
    ("args", "output", "status", "ungrounded"),
    [
        ({}, "We answer 24/7, refunds in 30 days.", "fail", ["24", "7"]),
        ({"ignore": ["24/7"]}, "We answer 24/7, refunds in 30 days.", "pass", []),
        ({"ignore": ["ORD-1"]}, "See ord-1 and ORD-1 about 30 days.", "pass", []),
        ({"kinds": ["number"]}, "ORD-1 on 2024-01-01, 30 days.", "pass", []),
        ({"kinds": ["number"]}, "ORD-1 on 2024-01-01, 31 days.", "fail", ["31"]),
        ({"kinds": ["date"]}, "ORD-1 on 2024-01-01, 31 days.", "fail", ["2024-01-01"]),
        ({"kinds": ["identifier"]}, "ORD-1 on 2024-01-01, 31 days.", "fail", ["ORD-1"]),
        ({"kinds": ["identifier", "date"]}, "Refund in 31 days.", "pass", []),
    ],
)
def test_values_grounded_options(
    args: dict[str, Any], output: str, status: str, ungrounded: list[str]
) -> None:
    passages = [("p", "Refunds within 30 days.")]
    result = run_check(
        create_check("values_grounded", args), trace=make_trace(output=output, passages=passages)
    )
    assert result.status == status, result.explanation
    assert spans(result, output) == ungrounded


@pytest.mark.parametrize(
    ("output", "passages", "status", "score", "words"),
    [
        (
            "Refunds take 30 days; ORD-7 is late.",
            [],
            "fail",
            0.0,
            "nothing was retrieved to ground 2 values",
        ),
        ("Refund in 1 day.", [], "fail", 0.0, "nothing was retrieved to ground 1 value"),
        ("Nothing to see here.", [], "pass", None, "states no numbers, dates or identifiers"),
        ("Nothing to see here.", [ORDER_PASSAGE], "pass", None, "states no"),
        ("In 30 days, 3 days, 9 days or 11 days.", [ORDER_PASSAGE], "fail", 0.5, "2 of 4 values"),
        ("In 30 days.", [ORDER_PASSAGE], "pass", 1.0, "all 1 values"),
    ],
)
def test_values_grounded_scores(
    output: str, passages: list[tuple[str, str]], status: str, score: float | None, words: str
) -> None:
    result = run_check(
        create_check("values_grounded"), trace=make_trace(output=output, passages=passages)
    )
    assert result.status == status
    assert result.score == (pytest.approx(score) if score is not None else None)
    assert words in result.explanation


def test_values_grounded_metadata_lists_what_is_ungrounded() -> None:
    output = "ORD-5 ships on 2024-03-05 for $12."
    result = run_check(
        create_check("values_grounded"),
        trace=make_trace(output=output, passages=[("p", "ships 5 March 2024")]),
    )
    assert result.metadata == {
        "n_values": 3,
        "n_grounded": 1,
        "ungrounded": [
            {"kind": "identifier", "text": "ORD-5"},
            {"kind": "number", "text": "$12"},
        ],
    }


def test_values_grounded_explanation_is_capped() -> None:
    output = " ".join(f"{n} days" for n in range(31, 40))
    result = run_check(
        create_check("values_grounded"), trace=make_trace(output=output, passages=[ORDER_PASSAGE])
    )
    assert result.status == "fail"
    assert len(result.evidence) == 9
    assert "and 4 more" in result.explanation


def test_values_grounded_reads_structured_answer_when_output_is_none() -> None:
    trace = make_trace(
        output=None, structured={"order": "ORD-88123", "total": 1300}, passages=[ORDER_PASSAGE]
    )
    result = run_check(create_check("values_grounded"), trace=trace)
    assert result.status == "fail"
    assert [e.text for e in result.evidence] == ["1300"]


@pytest.mark.parametrize(
    ("args", "path"),
    [
        ({"kinds": []}, ("args", "kinds")),
        ({"kinds": ["numbers"]}, ("args", "kinds", 0)),
        ({"ignore": "24/7"}, ("args", "ignore")),
    ],
)
def test_values_grounded_config_errors(args: dict[str, Any], path: tuple[Any, ...]) -> None:
    with pytest.raises(ConfigError) as info:
        create_check("values_grounded", args)
    assert info.value.path == path


@pytest.mark.parametrize(
    ("sources", "status", "ungrounded"),
    [
        (["passages"], "fail", ["O-1001", "42.50"]),
        (["passages", "tool_results"], "fail", ["O-1001"]),
        (["passages", "input"], "fail", ["42.50"]),
        (["passages", "tool_results", "input"], "pass", []),
        (["tool_results", "input"], "fail", ["30"]),
    ],
)
def test_values_grounded_sources(sources: list[str], status: str, ungrounded: list[str]) -> None:
    from fourfold.trace import ToolCall

    output = "Order O-1001: 42.50 back within 30 days."
    trace = make_trace(
        output=output,
        passages=[("4.2", "Refunds within 30 days.")],
        tools=[ToolCall(name="get_order", arguments={"id": "x"}, result={"total": 42.5})],
    )
    case = make_case(input="Refund O-1001 please")
    result = run_check(
        create_check("values_grounded", {"sources": sources}), trace=trace, case=case
    )
    assert result.status == status, result.explanation
    assert spans(result, output) == ungrounded


def test_values_grounded_needs_a_source() -> None:
    with pytest.raises(ConfigError, match="'sources' is empty"):
        create_check("values_grounded", {"sources": []})
