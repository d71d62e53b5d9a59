"""The ``rubric`` check: a model grades one run on one anchored criterion.

One model call per criterion per trial (the runner runs a trial's checks concurrently,
so different criteria are judged at the same time). The judge quotes its evidence, then
reasons, then scores; the reply is verified — the score must be on the scale, and the
quote must really occur in what the judge was shown — and a judge that fails or answers
nonsense gives an ``error`` result, never a score.
"""

from __future__ import annotations

from typing import Any

from ..checks import (
    LABEL_ATTRIBUTE,
    LAYER_ATTRIBUTE,
    MODELS_ATTRIBUTE,
    CheckContext,
    CheckFn,
    check,
)
from ..errors import ConfigError
from ..runs import MODEL_CALLS_KEY, Evidence, Verdict
from ._call import ask, error_verdict, judge_model, judge_request
from ._criterion import Criterion, load_criterion
from ._evidence import find_quote
from ._prompt import RubricPrompt, Source, has_input, judged_sources, rubric_shape
from ._reply import RubricReply, parse_reply

__all__ = ["SCALE_ATTRIBUTE", "evidence_for", "rubric", "rubric_schema"]

SCALE_ATTRIBUTE = "__fourfold_scale__"
"""Set on a rubric check's function: its criterion's scale ``(lo, hi)``, which tells a
rubric judge from other checks when a suite groups judges into a weighted rubric."""

_FLAG_WORDS = {
    "evidence_not_found": "the quoted evidence does not occur in what the judge was shown",
    "no_evidence": "the judge quoted no evidence",
    "invalid_confidence": "the judge's confidence is not a number from 0 to 1 (kept, unused)",
}


def rubric_schema(criterion: Criterion, *, confidence: bool = False) -> dict[str, Any]:
    """The JSON schema of a rubric judge's reply (evidence first, so it is written first).

    With `confidence`, an optional ``confidence`` from 0 to 1 follows the score (optional,
    so a judge that leaves it out still gives a valid reply).
    """
    lo, hi = criterion.scale
    properties: dict[str, Any] = {
        "evidence": {"type": ["string", "null"]},
        "rationale": {"type": "string"},
        "score": {"type": "integer", "minimum": lo, "maximum": hi},
    }
    if confidence:
        properties["confidence"] = {"type": "number", "minimum": 0, "maximum": 1}
    return {
        "type": "object",
        "properties": properties,
        "required": ["evidence", "rationale", "score"],
        "additionalProperties": False,
    }


def evidence_for(quote: str | None, sources: list[Source]) -> tuple[list[Evidence], list[str]]:
    """The evidence a quote points at, and the flags it earns.

    Returns:
        ``([Evidence], [])`` when the quote is found (offsets into the output when found
        there), ``([], ["evidence_not_found"])`` when it is not, and
        ``([], ["no_evidence"])`` when there is no quote.
    """
    if quote is None or not quote.strip():
        return [], ["no_evidence"]
    match = find_quote(quote, sources)
    if match is None:
        return [], ["evidence_not_found"]
    if match.where == "output":
        return [Evidence(text=match.text, where="output", start=match.start, end=match.end)], []
    return [Evidence(text=match.text, where=match.where)], []


def _explain(rationale: str, flags: list[str]) -> str:
    notes = [_FLAG_WORDS[f] for f in flags if f in _FLAG_WORDS]
    text = rationale.strip() or "(the judge gave no rationale)"
    if notes:
        text += " [" + "; ".join(notes) + "]"
    return text


def _criterion(name: str) -> Criterion:
    loaded = load_criterion(name)
    if not isinstance(loaded, Criterion):
        raise ConfigError(
            f"criterion {loaded.name!r} is a pairwise criterion; the rubric check needs a "
            "rubric criterion (with a scale and anchors)",
            hint=f"use the pairwise check for it: - pairwise: {{criterion: {name}}}",
            path=("args", "criterion"),
        )
    return loaded


def _missing_needs(criterion: Criterion, ctx: CheckContext) -> str | None:
    """Why the run cannot be judged on this criterion, if it cannot."""
    if not criterion.needs or any(has_input(n, ctx.case, ctx.trace) for n in criterion.needs):
        return None
    return f"criterion {criterion.name!r} needs " + " or ".join(
        _INPUT_WORDS[n] for n in criterion.needs
    )


_INPUT_WORDS = {
    "input": "the user's input",
    "output": "an output",
    "structured": "a structured output",
    "passages": "retrieved passages",
    "expected": "the case's expected outcome",
    "focus": "the case's evaluation focus",
    "tool_log": "tool calls",
    "context": "the case's context",
}


@check(layer="outcome")
def rubric(
    criterion: str, model: str = "judge", pass_at: int | None = None, confidence: bool = False
) -> CheckFn:
    """Have a model grade the run on an anchored criterion, quoting its evidence first.

    The result's layer is the criterion's. Its score is the judge's integer score; it
    passes at `pass_at` or above. The quoted evidence is looked for in what the judge was
    shown; a quote that is not there is flagged ``evidence_not_found`` in
    ``metadata["flags"]`` (the score is kept). A judge that fails or whose reply cannot be
    read after one repair request gives an ``error`` result with
    ``metadata["error_category"]``.

    Args:
        criterion: a built-in criterion (``grounding``, ``policy_compliance``, ``outcome``,
            ``conciseness``) or the path of a criterion YAML file, relative to the suite.
        model: the suite model that judges.
        pass_at: the lowest passing score (default: the criterion's).
        confidence: also ask the judge how sure it is, from 0 to 1. Whether asked or not,
            a confidence in the reply is kept in ``metadata["confidence"]`` and shown,
            never used as the score; one that is not a number in [0, 1] is flagged
            ``invalid_confidence`` (its value in ``metadata["invalid_confidence"]``).

    Raises:
        ConfigError: no such criterion, or `pass_at` is off its scale.
    """
    crit = _criterion(criterion)
    lo, hi = crit.scale
    if pass_at is not None and not lo < pass_at <= hi:
        raise ConfigError(
            f"pass_at {pass_at} is not above {lo} and at most {hi}, the scale of "
            f"criterion {crit.name!r}",
            path=("args", "pass_at"),
        )
    threshold = pass_at if pass_at is not None else crit.threshold
    schema = rubric_schema(crit, confidence=confidence)
    shape = rubric_shape(confidence=confidence)
    prompt = RubricPrompt(crit, confidence=confidence)

    async def run(ctx: CheckContext) -> Verdict:
        base: dict[str, Any] = {
            "criterion": crit.name,
            "scale": [lo, hi],
            "pass_at": threshold,
            "judge": model,
        }
        why_not = _missing_needs(crit, ctx)
        if why_not is not None:
            return Verdict(status="skip", explanation=why_not)
        judge = judge_model(ctx, model, base)
        if isinstance(judge, Verdict):
            return judge
        messages = prompt.messages(ctx.case, ctx.trace)
        request = judge_request(
            judge, messages, schema=schema, schema_name="rubric_reply", repeat=ctx.repeat
        )
        answer = await ask(
            judge,
            request,
            lambda text: parse_reply(text, crit),
            shape=shape,
            use_cache=ctx.use_cache,
        )
        if len(answer.raw) > 1:
            base["first_reply"] = answer.raw[0]  # the unreadable reply a repair replaced
        if answer.reply is None:
            return error_verdict(answer, base, raw_reply=answer.last_raw)
        reply: RubricReply = answer.reply
        sources = judged_sources(crit.inputs, ctx.case, ctx.trace)
        evidence, flags = evidence_for(reply.evidence, sources)
        said: dict[str, Any] = {}
        if reply.confidence is not None:
            said["confidence"] = reply.confidence
        if reply.invalid_confidence is not None:
            flags.append("invalid_confidence")
            said["invalid_confidence"] = reply.invalid_confidence
        return Verdict(
            status="pass" if reply.score >= threshold else "fail",
            score=reply.score,
            evidence=evidence,
            explanation=_explain(reply.rationale, flags),
            metadata={
                **base,
                "flags": flags,
                "evidence_quote": reply.evidence,
                MODEL_CALLS_KEY: answer.calls,
                "raw_reply": answer.last_raw,
                "judge_cost_usd": answer.cost_usd,
                **said,
            },
        )

    setattr(run, LAYER_ATTRIBUTE, crit.layer)
    setattr(run, LABEL_ATTRIBUTE, f"rubric:{crit.name}")
    setattr(run, MODELS_ATTRIBUTE, (model,))
    setattr(run, SCALE_ATTRIBUTE, (lo, hi))
    return run
