"""The JSON object in a model's text: one set of rules for judges' replies and schema replies.

`fourfold._json.json_object_in` is what `fourfold.judges.extract_json` and every provider's
``ModelResponse.parsed`` read a model's text with (the cases of both are here, run through
both faces); the end-to-end cases stay with the judges' and providers' own tests.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from fourfold._json import MAX_DEPTH, NoJsonObject, json_object_in, json_object_or_none
from fourfold.judges import ParseFailure, extract_json
from fourfold.models import MockProvider, get_model
from tests.helpers.model_builders import ask, run_in_turn

GOOD = '{"evidence": "30 days", "rationale": "matches 4.2", "score": 3}'


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # from the judges' reply parser
        ('{"score": 1}', {"score": 1}),
        ('Sure! ```json\n{"a": 1}\n``` done', {"a": 1}),
        ('noise {"a": 1} {"winner": "A"}', {"winner": "A"}),
        ('noise {"a": 1} {"b": 2}', {"a": 1}),
        (GOOD + "\nI hope this helps {not json}", json.loads(GOOD)),
        # from the providers' schema replies
        ('```json\n{"score": 1}\n```', {"score": 1}),
        ('```python\n{"score": 1}\n```', {"score": 1}),
        ('Here it is: {"score": 3} as asked.', {"score": 3}),
        ('  {"nested": {"a": [1, 2]}}  ', {"nested": {"a": [1, 2]}}),
        # a lone surrogate is stored, as U+FFFD
        ('{"a": "\\ud800"}', {"a": "\ufffd"}),
        # a key twice: that object is not read, a later one is
        ('{"score": 1, "score": 3} or {"score": 2}', {"score": 2}),
    ],
)
def test_the_object_is_found(text: str, expected: dict[str, Any]) -> None:
    assert json_object_in(text, prefer=("score", "winner")) == expected
    assert extract_json(text) == expected
    assert json_object_or_none(text) == json_object_in(text)  # the same, with no preference


@pytest.mark.parametrize(
    ("text", "kind", "words"),
    [
        ("", "no_json", "empty"),
        (None, "no_json", "empty"),
        ("no JSON here", "no_json", "no JSON object"),
        ('{"score": ', "no_json", "not valid JSON"),
        ("[3]", "not_an_object", "JSON list"),
        ('"3"', "not_an_object", "JSON str"),
        ('{"score": 1, "score": 3}', "no_json", "'score' appears twice"),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "no_json", "nested more than"),
        ('{"a": ' * 5000 + "1" + "}" * 5000, "no_json", "nested more than"),
        ('{"n": ' + "9" * 5000 + "}", "no_json", "not valid JSON"),
    ],
)
def test_no_object_is_said_why(text: str | None, kind: str, words: str) -> None:
    found = json_object_in(text)
    assert isinstance(found, NoJsonObject)
    assert (found.kind, words in found.error) == (kind, True), found
    failure = extract_json(text)
    assert isinstance(failure, ParseFailure)
    assert (failure.kind, failure.error) == (found.kind, found.error)
    assert json_object_or_none(text) is None


def test_a_schema_reply_is_parsed_by_the_same_rules() -> None:
    texts = ['noise {"a": 1} {"b": 2}', "[3]", '{"score": 1, "score": 3}', "```\n{}\n```"]
    model = get_model("mock/m", provider=MockProvider(list(texts)))
    schema = {"type": "object"}
    replies = run_in_turn(model, *(ask(f"grade {i}", response_schema=schema) for i in range(4)))
    assert [getattr(r, "parsed", r) for r in replies] == [{"a": 1}, None, None, {}]
