from __future__ import annotations

import random
import re
from typing import Any

import pytest

from fourfold.checks import Check, CheckResult, create_check
from fourfold.errors import ConfigError
from fourfold.resources import Resource
from tests.helpers import make_case, make_trace, run_check

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


# --- values_grounded: identifiers, numbers and dates in detail ------------------------------


@pytest.mark.parametrize(
    ("output", "passage", "status"),
    [
        # the identifier as it is, or with a separator added or dropped where letters meet digits
        ("Order O-5123 shipped.", "See order O-5123.", "pass"),
        ("Order O-5123 shipped.", "see order o5123.", "pass"),
        ("Order O5123 shipped.", "see order O 5123.", "pass"),
        ("Order ORD-88123 shipped.", "ORD#88123", "pass"),
        ("Order ORD-88123 shipped.", "ord\u00a088123", "pass"),  # any whitespace separates
        ("Ticket A1B2 open.", "ticket a-1 b2", "pass"),
        # one separator at most, and no letters or digits run on at either end
        ("Order ORD-88123 shipped.", "ORD--88123", "fail"),
        ("Order ORD-88123 shipped.", "XORD-88123", "fail"),
        ("Order ORD-88123 shipped.", "ORD-881234", "fail"),
        ("Order ORD-88123 shipped.", "(ORD-88123_x) é", "pass"),
        ("Order ORD-88123 shipped.", "ORD-88123é", "pass"),
        # between digits the separator is kept, and must be the same
        ("Part A1-2 is in.", "part a1-2", "pass"),
        ("Part A1-2 is in.", "part a 1-2", "pass"),
        ("Part A1-2 is in.", "part a1 2", "fail"),
        ("Part A1-2 is in.", "part a1.2", "fail"),
        ("Part A1-2 is in.", "part a12", "fail"),
        # between letters a separator may be dropped, but not added
        ("Ref my-order-7 set.", "myorder7", "pass"),
        ("Ref my-order-7 set.", "my order 7", "pass"),
        ("Ref my-order-7 set.", "my_order/7", "pass"),
        ("Ref myorder7 set.", "my-order-7", "fail"),
        ("Ref myorder7 set.", "myorder 7", "pass"),
        # many letter-to-letter separators
        ("Ref a-b-c-d-e-f-1 set.", "abcdef1", "pass"),
        ("Ref a-b-c-d-e-f-1 set.", "a b c d e f 1", "pass"),
        ("Ref a-b-c-d-e-f-1 set.", "a b c d e f 2", "fail"),
        ("Ref a-b-c-d-e-f-1 set.", "ab-cdef1", "pass"),
        # case-insensitive as Python's regular expressions are: the Kelvin sign is a k, ſ an s,
        # İ and ı are i
        ("Ticket KB-12 open.", "\u212ab12", "pass"),
        ("Code SIM-42 set.", "\u017fim 42", "pass"),
        ("Code ID-7 set.", "\u0130d-7 and \u0131d-8", "pass"),
        ("Code ID-8 set.", "\u0130d-7 and \u0131d-8", "pass"),
        ("Code ID-9 set.", "\u0130d-7 and \u0131d-8", "fail"),
        ("Code AB12 set.", "\u212aab12", "fail"),  # the Kelvin sign is a letter before it
        ("Code D-8 set.", "\u0131D-8", "fail"),  # so is ı
        ("Code D-8 set.", "D-8\u017f", "fail"),  # and ſ after it
        # dotted digit groups
        ("Version 4.2.1 out.", "version 4.2.1", "pass"),
        ("Version 4.2.1 out.", "version v4.2.1", "fail"),
        ("Version 4.2.1 out.", "version 4-2-1", "fail"),
        # a token with letters before a date-like part is an identifier, not a date
        ("Code x2024-03-05 set.", "placed 2024-03-05", "fail"),
        ("Code x2024-03-05 set.", "code X2024-03-05", "pass"),
    ],
)
def test_values_grounded_identifiers(output: str, passage: str, status: str) -> None:
    check = create_check("values_grounded", {"kinds": ["identifier"]})
    result = run_check(check, trace=make_trace(output=output, passages=[("p", passage)]))
    assert result.metadata["n_values"] == 1, result.metadata
    assert result.status == status, result.explanation


def _rule(identifier: str) -> re.Pattern[str]:
    """The identifier rule of ``_values.py`` as one regular expression (the reference)."""
    pieces = re.findall(r"[A-Za-z]+|\d+|[^A-Za-z0-9]+", identifier)
    out: list[str] = []
    for i, piece in enumerate(pieces):
        if piece[0].isalnum():
            if i and pieces[i - 1][0].isalnum():
                out.append(r"[-_/#.\s]?")
            out.append(re.escape(piece))
        elif 0 < i < len(pieces) - 1 and pieces[i - 1][-1].isdigit() and pieces[i + 1][0].isdigit():
            out.append(re.escape(piece))
        else:
            out.append(r"[-_/#.\s]?")
    return re.compile(r"(?<![A-Za-z0-9])" + "".join(out) + r"(?![A-Za-z0-9])", re.IGNORECASE)


def _random_identifier(rng: random.Random) -> str:
    words = []
    for _ in range(rng.randint(1, 4)):
        word = "".join(rng.choice("abkKsSiI0123456789") for _ in range(rng.randint(1, 4)))
        words.append(word)
    words.append(rng.choice("0123456789"))  # every identifier holds a digit
    text = words[0]
    for word in words[1:]:
        text += rng.choice(["", "-", "_", "/", "#", "."]) + word
    return text


def _spelled_differently(rng: random.Random, identifier: str) -> str:
    out = []
    for char in identifier:
        roll = rng.random()
        if not char.isalnum() and roll < 0.5:
            out.append(rng.choice(["", " ", "-", ".", "/", "#", "\u2009", "--"]))
        elif char.isalpha() and roll < 0.5:
            special = {"i": "\u0131", "I": "\u0130", "s": "\u017f", "k": "\u212a"}
            out.append(special.get(char, char) if roll < 0.1 else char.swapcase())
        else:
            out.append(char)
        if rng.random() < 0.08:
            out.append(rng.choice([" ", "-", "x", "1", "."]))
    return (
        rng.choice(["", "see ", "x", "1-", "(", "a b "])
        + "".join(out)
        + rng.choice(["", ".", " ok", "x", "-2", ")"])
    )


def test_values_grounded_identifiers_follow_the_rule() -> None:
    """Seeded spot checks: an identifier is grounded exactly where the rule's pattern finds it."""
    rng = random.Random(20261129)
    check = create_check("values_grounded", {"kinds": ["identifier"]})
    outcomes = {True: 0, False: 0}
    for _ in range(600):
        identifier = _random_identifier(rng)
        output = f"Ref {identifier} here."
        found = [v for v in find_values_of(check, output) if v == identifier]
        if not found:
            continue  # not an identifier under the rules (a number such as 5k, or a date)
        passage = _spelled_differently(rng, identifier)
        result = run_check(check, trace=make_trace(output=output, passages=[("p", passage)]))
        expected = _rule(identifier).search(passage) is not None
        assert (result.status == "pass") == expected, (identifier, passage)
        outcomes[expected] += 1
    assert min(outcomes.values()) > 50, outcomes  # both outcomes are well exercised


def find_values_of(check: Check, output: str) -> list[str]:
    """The values `check` (values_grounded) sees in `output`, by text."""
    result = run_check(check, trace=make_trace(output=output, passages=[]))
    return [v["text"] for v in result.metadata.get("ungrounded", [])]


@pytest.mark.parametrize(
    ("output", "passages", "status", "ungrounded"),
    [
        # digits of other scripts are digits
        ("Within \u0663\u0660 days.", [("p", "within 30 days")], "pass", []),
        ("Within \u0663\u0661 days.", [("p", "within 30 days")], "fail", ["\u0663\u0661"]),
        # a month name right after digits still starts a date
        ("Placed 5March 2024.", [ORDER_PASSAGE], "pass", []),
        ("Placed (March 5, 2024).", [ORDER_PASSAGE], "pass", []),
        ("Placed 5 MAR 2024.", [ORDER_PASSAGE], "pass", []),
        ("Placed 6 MAR 2024.", [ORDER_PASSAGE], "fail", ["6 MAR 2024"]),
        # a section reference that runs onto the next line is not a list marker as well
        ("See §\n4. Refund 30 days.", [ORDER_PASSAGE], "pass", []),
        # the same values found after a very long run of letters and separators
        ("a-" * 5_000 + " ORD-88123 in 30 days.", [ORDER_PASSAGE], "pass", []),
        ("a-" * 5_000 + " ORD-88124 in 30 days.", [ORDER_PASSAGE], "fail", ["ORD-88124"]),
        # every passage counts, whichever holds the value
        ("Refund $1,200 in 30 days.", [("a", "in 30 days"), ("b", "$1200")], "pass", []),
        ("On 2024-03-05, O-7.", [("a", "March 5, 2024"), ("b", "order o7")], "pass", []),
    ],
)
def test_values_grounded_edge_cases(
    output: str, passages: list[tuple[str, str]], status: str, ungrounded: list[str]
) -> None:
    result = run_check(
        create_check("values_grounded"), trace=make_trace(output=output, passages=passages)
    )
    assert result.status == status, result.explanation
    assert spans(result, output) == ungrounded


def test_values_grounded_reads_each_passage_text_anew() -> None:
    """Passages are indexed by their text: the same id with another text is another passage."""
    check = create_check("values_grounded")
    output = "Order ORD-1 costs $5 on 2024-03-05."
    same = [("p", "ORD-1 costs $5 since March 5, 2024")]
    other = [("p", "ORD-2 costs $6 since March 6, 2024")]
    for passages, status in [(same, "pass"), (other, "fail"), (same, "pass"), (other, "fail")]:
        result = run_check(check, trace=make_trace(output=output, passages=passages))
        assert result.status == status, result.explanation
    result = run_check(check, trace=make_trace(output=output, passages=other))
    assert spans(result, output) == ["ORD-1", "$5", "2024-03-05"]


def test_cited_ids_exist_reads_the_resource_of_each_run() -> None:
    """One check run against two resources answers for each (keys trimmed, any case)."""
    check = create_check(
        "cited_ids_exist",
        {"pattern": SECTION, "resource": "policies", "require_retrieved": False},
    )
    first = Resource("policies", [{"id": " 4.2 "}])
    second = Resource("policies", [{"id": "9.1"}])
    trace = make_trace(output="See §4.2.")
    for resource, status in [(first, "pass"), (second, "fail"), (first, "pass")]:
        result = run_check(check, trace=trace, resources={"policies": resource})
        assert result.status == status, result.explanation
