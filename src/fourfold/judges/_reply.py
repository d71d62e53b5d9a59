"""Reading a judge's reply: the JSON it was asked for, found leniently, checked strictly.

The JSON is accepted bare, inside a code fence, or after (or before) some prose. What is
in it is then checked field by field: a score must be an integer on the criterion's scale
(``3.0`` and ``"3"`` are read as 3; ``true`` and ``2.5`` are not scores).

A reply that cannot be read gets one repair attempt (see `ParseFailure.repairable`); a
score off the scale does not: the judge answered, outside the rubric, and asking again
would hide that. It is recorded as the judge error ``score_out_of_scale``.

A rubric reply may carry a ``confidence`` from 0 to 1. It is optional, kept beside the
score and never used as one; a confidence that is not a number in [0, 1] is kept as given
(`RubricReply.invalid_confidence`) and flagged, never a reason to reject a valid score.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from .._json import NoJsonObject, json_object_in
from ._criterion import Criterion

__all__ = [
    "PairwiseReply",
    "ParseFailure",
    "RubricReply",
    "extract_json",
    "parse_pairwise_reply",
    "parse_reply",
]

FailureKind = Literal[
    "no_json", "not_an_object", "missing_field", "wrong_type", "score_out_of_scale"
]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RubricReply(_Frozen):
    """A rubric judge's reply, read and checked."""

    evidence: str | None
    """The span the judge quoted, or None when it quoted nothing."""
    rationale: str
    """Why the score."""
    score: int
    """The score, on the criterion's scale."""
    confidence: float | None = None
    """How sure the judge said it was, from 0 to 1 (None when it did not say, or said
    something that is not a number in [0, 1])."""
    invalid_confidence: str | None = None
    """A ``confidence`` the judge gave that is not a number in [0, 1], as JSON."""


class PairwiseReply(_Frozen):
    """A pairwise judge's reply, read and checked."""

    decisive_quote: str | None
    """The sentence that decided it, or None."""
    rationale: str
    """Why that winner."""
    winner: Literal["A", "B", "TIE"]
    """The answer shown first (A), second (B), or neither."""


class ParseFailure(_Frozen):
    """Why a reply could not be used."""

    kind: FailureKind
    """``no_json``, ``not_an_object``, ``missing_field``, ``wrong_type`` or
    ``score_out_of_scale``."""
    error: str
    """What is wrong, in words the judge is shown in the repair attempt."""

    @property
    def repairable(self) -> bool:
        """True when asking once more for the JSON may help (not for an off-scale score)."""
        return self.kind != "score_out_of_scale"


def extract_json(text: str | None) -> dict[str, Any] | ParseFailure:
    """The JSON object in a reply: bare, in a code fence, or amid prose.

    The rules are `fourfold._json.json_object_in`'s, shared with every model reply read
    against a response schema; among several objects in prose, the first with a
    ``score`` or ``winner`` key is taken, else the first.

    Examples:
        >>> extract_json('Here it is: {"score": 2} hope that helps')
        {'score': 2}
    """
    found = json_object_in(text, prefer=("score", "winner"))
    if isinstance(found, NoJsonObject):
        return ParseFailure(kind=found.kind, error=found.error)
    return found


def _text_field(data: dict[str, Any], key: str, *, nullable: bool) -> str | None | ParseFailure:
    if key not in data:
        return ParseFailure(kind="missing_field", error=f"the field {key!r} is missing")
    value = data[key]
    if value is None and nullable:
        return None
    if not isinstance(value, str):
        wanted = "a string or null" if nullable else "a string"
        return ParseFailure(
            kind="wrong_type", error=f"the field {key!r} must be {wanted}, not {json.dumps(value)}"
        )
    return value


def _score(data: dict[str, Any], criterion: Criterion) -> int | ParseFailure:
    lo, hi = criterion.scale
    if "score" not in data:
        return ParseFailure(kind="missing_field", error="the field 'score' is missing")
    value = data["score"]
    score: int | None = None
    if isinstance(value, bool):
        score = None
    elif isinstance(value, int):
        score = value
    elif isinstance(value, float) and value.is_integer():
        score = int(value)
    elif isinstance(value, str) and re.fullmatch(r"\s*-?\d+(?:\.0+)?\s*", value):
        score = int(float(value))
    if score is None:
        return ParseFailure(
            kind="wrong_type",
            error=f"the score must be an integer from {lo} to {hi}, not {json.dumps(value)}",
        )
    if not lo <= score <= hi:
        return ParseFailure(
            kind="score_out_of_scale",
            error=f"the score {score} is not on the scale {lo}-{hi}",
        )
    return score


def parse_reply(text: str | None, criterion: Criterion) -> RubricReply | ParseFailure:
    """Read a rubric judge's reply: ``{"evidence": ..., "rationale": ..., "score": ...}``.

    Args:
        text: the reply's text.
        criterion: the criterion judged, for its scale.

    Returns:
        The reply, or why it cannot be used.

    Examples:
        >>> from fourfold.judges import load_criterion
        >>> parse_reply('{"evidence": null, "rationale": "fine", "score": "3"}',
        ...             load_criterion("grounding")).score
        3
    """
    data = extract_json(text)
    if isinstance(data, ParseFailure):
        return data
    evidence = _text_field(data, "evidence", nullable=True)
    if isinstance(evidence, ParseFailure):
        return evidence
    rationale = _text_field(data, "rationale", nullable=False)
    if isinstance(rationale, ParseFailure):
        return rationale
    score = _score(data, criterion)
    if isinstance(score, ParseFailure):
        return score
    confidence, invalid = _confidence(data)
    return RubricReply(
        evidence=evidence,
        rationale=rationale or "",
        score=score,
        confidence=confidence,
        invalid_confidence=invalid,
    )


def _confidence(data: dict[str, Any]) -> tuple[float | None, str | None]:
    """The reply's confidence, or the value given when it is not a number in [0, 1].

    Examples:
        >>> _confidence({"confidence": "0.8"}), _confidence({"confidence": 1.5})
        ((0.8, None), (None, '1.5'))
        >>> _confidence({}), _confidence({"confidence": None})
        ((None, None), (None, None))
    """
    value = data.get("confidence")
    if value is None:
        return None, None
    number: float | None = None
    if isinstance(value, int | float) and not isinstance(value, bool):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value)
        except ValueError:
            number = None
    if number is not None and 0.0 <= number <= 1.0:  # NaN fails both comparisons
        return number, None
    return None, json.dumps(value)


def parse_pairwise_reply(text: str | None, *, ties: bool = True) -> PairwiseReply | ParseFailure:
    """Read a pairwise judge's reply: ``{"decisive_quote": ..., "rationale": ..., "winner": ...}``.

    The winner is read case-insensitively (``"a"``, ``"Tie"``). Without `ties` (a
    criterion with ``ties: false``) a TIE is not an answer: it fails, to be repaired.
    """
    data = extract_json(text)
    if isinstance(data, ParseFailure):
        return data
    quote = _text_field(data, "decisive_quote", nullable=True)
    if isinstance(quote, ParseFailure):
        return quote
    rationale = _text_field(data, "rationale", nullable=False)
    if isinstance(rationale, ParseFailure):
        return rationale
    if "winner" not in data:
        return ParseFailure(kind="missing_field", error="the field 'winner' is missing")
    raw = data["winner"]
    winner = raw.strip().upper() if isinstance(raw, str) else None
    if winner not in ("A", "B", "TIE"):
        return ParseFailure(
            kind="wrong_type", error=f'the winner must be "A", "B" or "TIE", not {json.dumps(raw)}'
        )
    if winner == "TIE" and not ties:
        return ParseFailure(
            kind="wrong_type",
            error='the winner must be "A" or "B": this criterion has one right answer, so '
            "there is no tie; pick the better answer",
        )
    return PairwiseReply(decisive_quote=quote, rationale=rationale or "", winner=winner)
