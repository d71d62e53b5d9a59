"""Evidence verification: a quote counts only if it occurs in what the judge was shown."""

from __future__ import annotations

import pytest

from fourfold.judges import Source, find_quote, judged_sources, load_criterion
from fourfold.trace import ToolCall
from tests.helpers import make_case, make_trace

OUTPUT = (
    "Refunds are issued within 30 days.\nYour order #A-1042 was placed on 3 May — it’s eligible."
)
PASSAGE = "Section 4.2: refunds are issued within 30 days of purchase, as “store credit” or cash."


def sources() -> list[Source]:
    return [Source("output", OUTPUT), Source("passages[4.2]", PASSAGE)]


@pytest.mark.parametrize(
    ("quote", "where", "text"),
    [
        # exact
        ("issued within 30 days", "output", "issued within 30 days"),
        ("Your order #A-1042", "output", "Your order #A-1042"),
        # whitespace and case
        ("REFUNDS ARE   issued\twithin 30 days.", "output", "Refunds are issued within 30 days."),
        ("30 days. your order", "output", "30 days.\nYour order"),
        ("  issued within 30 days  ", "output", "issued within 30 days"),
        # typographic quotes, apostrophes and dashes
        ("it's eligible", "output", "it’s eligible"),
        ("3 May - it's", "output", "3 May — it’s"),
        ('as "store credit" or cash', "passages[4.2]", "as “store credit” or cash"),
        # the judge quoted its quote
        ('"issued within 30 days"', "output", "issued within 30 days"),
        ("“issued within 30 days”", "output", "issued within 30 days"),
        # ellipsis fragments, in order
        ("Refunds are issued ... Your order", "output", OUTPUT[: OUTPUT.index("Your order") + 10]),
        ("Refunds…#A-1042", "output", OUTPUT[: OUTPUT.index("#A-1042") + 7]),
        ("Refunds [...] 3 May", "output", OUTPUT[: OUTPUT.index("3 May") + 5]),
        ("... placed on 3 May ...", "output", "placed on 3 May"),
        # only in a passage
        ("Section 4.2", "passages[4.2]", "Section 4.2"),
        ("of purchase", "passages[4.2]", "of purchase"),
        # in both: the output comes first
        ("refunds are issued within 30 days", "output", "Refunds are issued within 30 days"),
    ],
)
def test_quotes_that_are_there(quote: str, where: str, text: str) -> None:
    match = find_quote(quote, sources())
    assert match is not None
    assert (match.where, match.text) == (where, text)
    source = OUTPUT if where == "output" else PASSAGE
    assert source[match.start : match.end] == match.text


@pytest.mark.parametrize(
    "quote",
    [
        "issued within 14 days",  # a changed number
        "Your order #A-1043",
        "Section 4.3",
        "Your order ... Refunds are issued",  # fragments out of order
        "Refunds ... 45 days",  # one fragment missing
        "within30days",  # words run together
        "",
        "   ",
        "...",
        '""',
    ],
)
def test_quotes_that_are_not_there(quote: str) -> None:
    assert find_quote(quote, sources()) is None


def test_offsets_survive_case_folding_that_changes_length() -> None:
    text = "Die Straße ist gesperrt."
    match = find_quote("STRASSE IST", [Source("output", text)])
    assert match is not None and match.text == "Straße ist"
    assert text[match.start : match.end] == "Straße ist"


@pytest.mark.parametrize(
    ("criterion", "quote", "where"),
    [
        ("grounding", "issued within", "output"),
        ("grounding", "of purchase", "passages[4.2]"),
        ("grounding", "return it", "input"),
        ("grounding", "lookup_order", None),  # the grounding judge never saw the tool log
        ("policy_compliance", 'lookup_order({"id": "A-1042"})', "tool_calls[0]"),
        ("policy_compliance", "status", "tool_calls[0]"),
        ("outcome", "the 30-day window", "expected"),
        ("conciseness", "of purchase", None),  # nor did the conciseness judge see passages
    ],
)
def test_only_the_criterions_inputs_are_searched(
    criterion: str, quote: str, where: str | None
) -> None:
    crit = load_criterion(criterion)
    case = make_case(input="Can I return it?", expected="Explains the 30-day window")
    trace = make_trace(
        output=OUTPUT,
        passages=[("4.2", PASSAGE)],
        tools=[ToolCall(name="lookup_order", arguments={"id": "A-1042"}, result={"status": "ok"})],
    )
    match = find_quote(quote, judged_sources(crit.inputs, case, trace))
    assert (match.where if match else None) == where


@pytest.mark.parametrize(
    ("quote", "text"),
    [
        # the delimiter lines around the block, as small models copy them
        ("<<<AGENT_OUTPUT 3d06e03d>>>\nRefunds are issued within 30 days.", OUTPUT[:34]),
        (
            "Your order #A-1042 was placed\n<<<END AGENT_OUTPUT 3d06e03d>>>",
            "Your order #A-1042 was placed",
        ),
        ("<<AGENT_OUTPUT>> Refunds are issued", "Refunds are issued"),
        # the label before the block
        ("Answer A: Refunds are issued within 30 days", OUTPUT[:33]),
        ("answer b - your order #A-1042", "Your order #A-1042"),
        ("Output (a): Refunds are issued", "Refunds are issued"),
        (
            "The agent's answer: <<<AGENT_OUTPUT 3d06e03d>>> refunds are issued",
            "Refunds are issued",
        ),
        # a line break written out as \n
        ("within 30 days.\\nYour order", "within 30 days.\nYour order"),
        # punctuation at the end of a fragment
        ("issued within 30 days,", "issued within 30 days"),
        ("Refunds are issued... it's eligible!", OUTPUT[:-1]),
    ],
)
def test_the_prompts_scaffolding_is_not_held_against_a_quote(quote: str, text: str) -> None:
    match = find_quote(quote, sources())
    assert match is not None
    assert (match.where, match.text) == ("output", text)
    assert OUTPUT[match.start : match.end] == text


@pytest.mark.parametrize(
    "quote",
    [
        "3d06e03d",  # the nonce of a delimiter is not the material
        "<<<AGENT_OUTPUT 3d06e03d>>>",
        "Answer A:",
        "Answer A provides refunds within 30 days",  # a paraphrase, with the label
        "Answer A: refunds are given within 30 days",  # one word changed
        "<<<AGENT_OUTPUT 3d06e03d>>>\nRefunds are issued within 45 days",
    ],
)
def test_stripping_the_scaffolding_forgives_no_paraphrase(quote: str) -> None:
    assert find_quote(quote, sources()) is None


def test_text_that_looks_like_scaffolding_in_the_material_is_matched_as_it_is() -> None:
    text = "Answer A: the <<<BOLD>>> marker is part of this output"
    match = find_quote("Answer A: the <<<BOLD>>> marker", [Source("output", text)])
    assert match is not None and match.text == "Answer A: the <<<BOLD>>> marker"
