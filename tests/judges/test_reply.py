"""Reading judges' replies: lenient about where the JSON is, strict about what is in it."""

from __future__ import annotations

import pytest

from fourfold.judges import (
    Criterion,
    PairwiseReply,
    ParseFailure,
    RubricReply,
    load_criterion,
    parse_pairwise_reply,
    parse_reply,
)

GOOD = '{"evidence": "30 days", "rationale": "matches 4.2", "score": 3}'


def grounding() -> Criterion:
    crit = load_criterion("grounding")
    assert isinstance(crit, Criterion)
    return crit


@pytest.mark.parametrize(
    ("text", "score", "evidence"),
    [
        (GOOD, 3, "30 days"),
        ("  \n" + GOOD + "\n", 3, "30 days"),
        ("```json\n" + GOOD + "\n```", 3, "30 days"),
        ("```\n" + GOOD + "\n```", 3, "30 days"),
        ("Here is my grade:\n```json\n" + GOOD + "\n```\nThanks.", 3, "30 days"),
        ("Let me think. The answer cites 4.2.\n" + GOOD, 3, "30 days"),
        (GOOD + "\nI hope this helps {not json}", 3, "30 days"),
        ('Shape: {"evidence", ...}. Reply: ' + GOOD, 3, "30 days"),
        ('{"note": "draft"} then {"evidence": null, "rationale": "r", "score": 1}', 1, None),
        ('{"evidence": null, "rationale": "r", "score": 0}', 0, None),
        ('{"evidence": "x", "rationale": "r", "score": 3.0}', 3, "x"),
        ('{"evidence": "x", "rationale": "r", "score": "2"}', 2, "x"),
        ('{"evidence": "x", "rationale": "r", "score": " 1 "}', 1, "x"),
        ('{"evidence": "x", "rationale": "r", "score": 2, "extra": true}', 2, "x"),
        ('{"score": 2, "rationale": "", "evidence": "x"}', 2, "x"),
    ],
)
def test_good_replies(text: str, score: int, evidence: str | None) -> None:
    parsed = parse_reply(text, grounding())
    assert isinstance(parsed, RubricReply), parsed
    assert parsed.score == score and parsed.evidence == evidence


@pytest.mark.parametrize(
    ("text", "kind", "words"),
    [
        ("", "no_json", "empty"),
        (None, "no_json", "empty"),
        ("I'd give it a 3.", "no_json", "no JSON object"),
        ('{"evidence": "x", "rationale": "trunc', "no_json", "not valid JSON"),
        ('```json\n{"evidence": \n```', "no_json", "not valid JSON"),
        ("[3]", "not_an_object", "JSON list"),
        ('"3"', "not_an_object", "JSON str"),
        ('{"evidence": "x", "rationale": "r", "score": 4}', "score_out_of_scale", "4 is not on"),
        ('{"evidence": "x", "rationale": "r", "score": -1}', "score_out_of_scale", "0-3"),
        ('{"evidence": "x", "rationale": "r", "score": "7"}', "score_out_of_scale", "7"),
        ('{"evidence": "x", "rationale": "r", "score": 2.5}', "wrong_type", "integer from 0 to 3"),
        ('{"evidence": "x", "rationale": "r", "score": "three"}', "wrong_type", '"three"'),
        ('{"evidence": "x", "rationale": "r", "score": true}', "wrong_type", "true"),
        ('{"evidence": "x", "rationale": "r", "score": null}', "wrong_type", "null"),
        ('{"evidence": "x", "rationale": "r"}', "missing_field", "'score' is missing"),
        ('{"evidence": "x", "score": 3}', "missing_field", "'rationale' is missing"),
        ('{"rationale": "r", "score": 3}', "missing_field", "'evidence' is missing"),
        ('{"evidence": 42, "rationale": "r", "score": 3}', "wrong_type", "string or null"),
        ('{"evidence": null, "rationale": null, "score": 3}', "wrong_type", "'rationale' must be"),
    ],
)
def test_bad_replies(text: str | None, kind: str, words: str) -> None:
    parsed = parse_reply(text, grounding())
    assert isinstance(parsed, ParseFailure), parsed
    assert parsed.kind == kind
    assert words in parsed.error
    assert parsed.repairable == (kind != "score_out_of_scale")


def test_the_scale_is_the_criterions() -> None:
    wide = grounding().model_copy(
        update={"scale": (1, 5), "anchors": {i: str(i) for i in range(1, 6)}}
    )
    assert isinstance(
        parse_reply('{"evidence": null, "rationale": "", "score": 5}', wide), RubricReply
    )
    failure = parse_reply('{"evidence": null, "rationale": "", "score": 0}', wide)
    assert isinstance(failure, ParseFailure) and failure.kind == "score_out_of_scale"


@pytest.mark.parametrize(
    ("text", "winner", "quote"),
    [
        ('{"decisive_quote": "Yes.", "rationale": "r", "winner": "A"}', "A", "Yes."),
        ('{"decisive_quote": null, "rationale": "r", "winner": "tie"}', "TIE", None),
        (
            'Verdict:\n```json\n{"decisive_quote": "q", "rationale": "r", "winner": " b "}\n```',
            "B",
            "q",
        ),
    ],
)
def test_good_pairwise_replies(text: str, winner: str, quote: str | None) -> None:
    parsed = parse_pairwise_reply(text)
    assert isinstance(parsed, PairwiseReply), parsed
    assert parsed.winner == winner and parsed.decisive_quote == quote


@pytest.mark.parametrize(
    ("text", "kind", "words"),
    [
        ('{"decisive_quote": "q", "rationale": "r", "winner": "C"}', "wrong_type", '"C"'),
        ('{"decisive_quote": "q", "rationale": "r", "winner": 1}', "wrong_type", "not 1"),
        ('{"decisive_quote": "q", "rationale": "r"}', "missing_field", "'winner'"),
        ('{"rationale": "r", "winner": "A"}', "missing_field", "'decisive_quote'"),
        ("A is better.", "no_json", "no JSON"),
    ],
)
def test_bad_pairwise_replies(text: str, kind: str, words: str) -> None:
    parsed = parse_pairwise_reply(text)
    assert isinstance(parsed, ParseFailure), parsed
    assert parsed.kind == kind and words in parsed.error
