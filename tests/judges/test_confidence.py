"""A rubric judge's confidence: optional, read leniently, never a reason to reject a score,
and asked for only when the check says so (the default prompt is unchanged)."""

from __future__ import annotations

import json

import pytest

from fourfold.cases import Case
from fourfold.judges import Criterion, RubricReply, load_criterion, parse_reply, rubric_schema
from fourfold.judges._prompt import RUBRIC_SHAPE, build_rubric_messages
from fourfold.trace import Trace


def conciseness() -> Criterion:
    crit = load_criterion("conciseness")
    assert isinstance(crit, Criterion)
    return crit


def reply(**more: object) -> str:
    return json.dumps({"evidence": None, "rationale": "short", "score": 2, **more})


@pytest.mark.parametrize(
    ("given", "confidence", "invalid"),
    [
        ({}, None, None),
        ({"confidence": None}, None, None),
        ({"confidence": 0.75}, 0.75, None),
        ({"confidence": 0}, 0.0, None),
        ({"confidence": 1}, 1.0, None),
        ({"confidence": "0.6"}, 0.6, None),
        ({"confidence": 1.7}, None, "1.7"),
        ({"confidence": -0.1}, None, "-0.1"),
        ({"confidence": "high"}, None, '"high"'),
        ({"confidence": True}, None, "true"),
        ({"confidence": [0.5]}, None, "[0.5]"),
    ],
)
def test_confidence_is_read_or_kept_as_invalid(
    given: dict[str, object], confidence: float | None, invalid: str | None
) -> None:
    parsed = parse_reply(reply(**given), conciseness())
    assert isinstance(parsed, RubricReply)  # an odd confidence never rejects the reply
    assert parsed.score == 2
    assert parsed.confidence == confidence
    assert parsed.invalid_confidence == invalid


def test_nan_confidence_is_invalid_not_a_number() -> None:
    parsed = parse_reply(reply(confidence="nan"), conciseness())
    assert isinstance(parsed, RubricReply)
    assert parsed.confidence is None and parsed.invalid_confidence == '"nan"'


def test_the_default_prompt_and_schema_do_not_mention_confidence() -> None:
    crit = conciseness()
    case = Case(id="c", input="How long do refunds take?")
    trace = Trace(output="Five days.")
    plain = build_rubric_messages(crit, case, trace)
    assert "confidence" not in plain[0].content and RUBRIC_SHAPE in plain[0].content
    assert "confidence" not in rubric_schema(crit)["properties"]

    asked = build_rubric_messages(crit, case, trace, confidence=True)
    extra = asked[0].content.replace(plain[0].content.split("Reply with")[0], "")
    assert '"confidence": number' in asked[0].content
    assert "4. confidence: how sure you are of the score, from 0 to 1." in extra
    # one field and one short line: the prompt for small local models stays short
    assert len(asked[0].content) - len(plain[0].content) < 90
    schema = rubric_schema(crit, confidence=True)
    assert schema["properties"]["confidence"] == {"type": "number", "minimum": 0, "maximum": 1}
    assert "confidence" not in schema["required"]
