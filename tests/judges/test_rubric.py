"""The rubric check end to end, with a scripted judge model."""

from __future__ import annotations

import asyncio
import json

import pytest

from fourfold.checks import CheckContext, create_check
from fourfold.errors import BadRequestError, ConfigError, ServerError
from fourfold.judges import rubric, rubric_schema
from fourfold.models import MemoryCache, ModelResponse
from tests.helpers import make_case, make_trace
from tests.helpers.judging import judge_context, mock_judge, reply, run_judge

OUTPUT = "Refunds take 30 days under §4.2. Your order #A-1042 qualifies."
TRACE = make_trace(output=OUTPUT, passages=[("4.2", "Refunds are issued within 30 days.")])


@pytest.mark.parametrize(
    ("score", "pass_at", "status"),
    [(3, None, "pass"), (2, None, "pass"), (1, None, "fail"), (0, None, "fail"), (2, 3, "fail")],
)
def test_status_follows_pass_at(score: int, pass_at: int | None, status: str) -> None:
    model, _ = mock_judge([reply(score, "Refunds take 30 days")])
    check = rubric("grounding", pass_at=pass_at)
    result = run_judge(check, judge_context(model, trace=TRACE))
    assert result.status == status
    assert result.score == score
    assert result.layer == "grounding" and result.check == "rubric:grounding"
    assert result.metadata["pass_at"] == (pass_at if pass_at is not None else 2)


def test_a_scored_result_carries_evidence_and_the_calls() -> None:
    model, provider = mock_judge([reply(2, "refunds take 30 DAYS", "Loosely paraphrased.")])
    result = run_judge(rubric("grounding"), judge_context(model, trace=TRACE))
    assert result.status == "pass" and result.score == 2
    [evidence] = result.evidence
    assert evidence.where == "output" and evidence.text == "Refunds take 30 days"
    assert OUTPUT[evidence.start : evidence.end] == evidence.text  # type: ignore[index]
    assert result.explanation == "Loosely paraphrased."
    meta = result.metadata
    assert meta["criterion"] == "grounding" and meta["scale"] == [0, 3]
    assert meta["model"] == "mock/judge" and meta["judge"] == "judge"
    assert meta["flags"] == [] and meta["evidence_quote"] == "refunds take 30 DAYS"
    assert meta["raw_reply"] == reply(2, "refunds take 30 DAYS", "Loosely paraphrased.")
    assert "first_reply" not in meta  # no repair was needed
    [call] = meta["model_calls"]
    assert set(call) == {
        "key",
        "cached",
        "input_tokens",
        "output_tokens",
        "cost_usd",
        "latency_s",
        "attempts",
    }
    assert call["key"].startswith("sha256:") and call["cached"] is False
    assert call["attempts"] == 1 and call["input_tokens"] > 0
    assert meta["judge_cost_usd"] == 0.0  # a mock model has no price
    assert provider.calls == 1


def test_the_request_asks_for_the_schema_with_the_repeat_as_salt() -> None:
    model, provider = mock_judge([reply(3)], temperature=0.3)
    run_judge(rubric("grounding"), judge_context(model, trace=TRACE, repeat=2))
    [request] = provider.requests
    assert request.response_schema == rubric_schema(_criterion("grounding"))
    assert request.response_schema["properties"]["score"] == {
        "type": "integer",
        "minimum": 0,
        "maximum": 3,
    }
    assert request.response_schema["required"] == ["evidence", "rationale", "score"]
    assert request.cache_salt == "repeat=2"
    assert request.temperature == 0.3 and request.model == "judge"
    assert [m.role for m in request.messages] == ["system", "user"]


@pytest.mark.parametrize(
    ("evidence", "flags", "where", "words"),
    [
        ("Refunds take 30 days", [], "output", None),
        ("Refunds are issued within", [], "passages[4.2]", None),
        ("Refunds take 14 days", ["evidence_not_found"], None, "does not occur"),
        (None, ["no_evidence"], None, "quoted no evidence"),
        ("", ["no_evidence"], None, "quoted no evidence"),
    ],
)
def test_evidence_is_verified(
    evidence: str | None, flags: list[str], where: str | None, words: str | None
) -> None:
    model, _ = mock_judge([reply(1, evidence, "Unsupported claim.")])
    result = run_judge(rubric("grounding"), judge_context(model, trace=TRACE))
    assert result.score == 1 and result.status == "fail"  # the score is kept either way
    assert result.metadata["flags"] == flags
    assert [e.where for e in result.evidence] == ([where] if where else [])
    if words:
        assert result.explanation.startswith("Unsupported claim. [") and words in result.explanation
    else:
        assert result.explanation == "Unsupported claim."


def test_an_unreadable_reply_is_repaired_once() -> None:
    model, provider = mock_judge(["I think it deserves a 2.", "```json\n" + reply(2) + "\n```"])
    result = run_judge(rubric("grounding"), judge_context(model, trace=TRACE))
    assert result.status == "pass" and result.score == 2
    assert len(result.metadata["model_calls"]) == 2
    assert result.metadata["first_reply"] == "I think it deserves a 2."
    assert result.metadata["raw_reply"] == "```json\n" + reply(2) + "\n```"
    assert provider.calls == 2
    repair = provider.requests[1]
    assert [m.role for m in repair.messages] == ["system", "user", "assistant", "user"]
    assert repair.messages[2].content == "I think it deserves a 2."
    assert "could not be read: it holds no JSON object" in (repair.messages[3].content or "")
    assert repair.response_schema == provider.requests[0].response_schema
    assert repair.cache_salt == provider.requests[0].cache_salt


@pytest.mark.parametrize(
    ("outputs", "category", "calls", "words"),
    [
        (["no json", "still none"], "unparseable", 2, "even after a repair request"),
        (['{"score": 2}', '{"score": 2, "rationale": "r"}'], "unparseable", 2, "'evidence'"),
        ([reply(4)], "score_out_of_scale", 1, "4 is not on the scale 0-3"),
        (["garbage", reply(9)], "score_out_of_scale", 2, "9 is not on the scale"),
        # A failed call is recorded too (with its error category): it cost time.
        ([BadRequestError("model not found", status=404)], "bad_request", 1, "model not found"),
        ([ServerError("boom", status=500)], "server", 1, "boom"),
        (["garbage", ServerError("boom", status=503)], "server", 2, "boom"),
        (
            [ModelResponse(text=None, finish_reason="length")] * 2,
            "unparseable",
            2,
            "the reply is empty",
        ),
    ],
)
def test_a_judge_that_fails_gives_an_error_never_a_score(
    outputs: list[object], category: str, calls: int, words: str
) -> None:
    model, _ = mock_judge(outputs)  # type: ignore[arg-type]
    result = run_judge(rubric("grounding"), judge_context(model, trace=TRACE))
    assert result.status == "error"
    assert result.score is None and result.evidence == []
    assert result.metadata["error_category"] == category
    assert len(result.metadata["model_calls"]) == calls
    assert words in result.explanation
    assert result.metadata["criterion"] == "grounding"


def test_a_missing_judge_model_is_an_error_naming_the_models() -> None:
    result = run_judge(rubric("grounding"), judge_context(None, trace=TRACE))
    assert result.status == "error" and result.score is None
    assert result.metadata["error_category"] == "config"
    assert "no model named 'judge'" in result.explanation


@pytest.mark.parametrize(
    ("case", "status"),
    [
        (make_case(), "skip"),
        (make_case(expected="Explains the window"), "pass"),
        (make_case(focus="the window"), "pass"),
    ],
)
def test_an_outcome_judge_needs_something_to_judge_against(case: object, status: str) -> None:
    model, provider = mock_judge([reply(3)])
    ctx = judge_context(model, trace=TRACE, case=case)  # type: ignore[arg-type]
    result = run_judge(rubric("outcome"), ctx)
    assert result.status == status
    if status == "skip":
        assert result.explanation == (
            "criterion 'outcome' needs the case's expected outcome or the case's evaluation focus"
        )
    assert provider.calls == (0 if status == "skip" else 1)


@pytest.mark.parametrize(
    ("criterion", "layer"),
    [("grounding", "grounding"), ("policy_compliance", "policy"), ("conciseness", "outcome")],
)
def test_the_layer_is_the_criterions(criterion: str, layer: str) -> None:
    assert create_check("rubric", {"criterion": criterion}).layer == layer
    assert (
        create_check("rubric", {"criterion": criterion}, layer="trajectory").layer == "trajectory"
    )


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ({"criterion": "grounded"}, "no built-in criterion named 'grounded'"),
        ({"criterion": "outcome_preference"}, "is a pairwise criterion"),
        ({"criterion": "grounding", "pass_at": 0}, "pass_at 0 is not above 0"),
        ({"criterion": "grounding", "pass_at": 4}, "at most 3"),
        ({}, "needs the argument 'criterion'"),
    ],
)
def test_bad_arguments_are_config_errors(args: dict[str, object], words: str) -> None:
    with pytest.raises(ConfigError) as info:
        create_check("rubric", args)
    assert words in info.value.message


def test_criteria_are_judged_concurrently() -> None:
    in_flight = 0
    most = 0

    async def respond(_: object) -> str:
        nonlocal in_flight, most
        in_flight += 1
        most = max(most, in_flight)
        await asyncio.sleep(0.05)
        in_flight -= 1
        return reply(3)

    model, _ = mock_judge(respond)  # type: ignore[arg-type]
    checks = [rubric(name) for name in ("grounding", "conciseness", "policy_compliance")]
    ctx = judge_context(model, trace=TRACE)

    async def run_all() -> list[str]:
        results = await asyncio.gather(*(c.run_async(ctx) for c in checks))
        return [r.status for r in results]

    assert asyncio.run(run_all()) == ["pass", "pass", "pass"]
    assert most == 3


def test_the_second_identical_call_is_served_from_the_cache() -> None:
    cache = MemoryCache()
    model, provider = mock_judge(
        [reply(3, "Refunds take 30 days"), reply(1), reply(2)], cache=cache
    )
    check = rubric("grounding")

    def judge(ctx: CheckContext) -> tuple[float | None, bool]:
        result = run_judge(check, ctx)
        return result.score, result.metadata["model_calls"][0]["cached"]

    assert judge(judge_context(model, trace=TRACE)) == (3, False)
    assert judge(judge_context(model, trace=TRACE)) == (3, True)
    assert provider.calls == 1
    # Another repeat measures consistency: never from the cache.
    assert judge(judge_context(model, trace=TRACE, repeat=1)) == (1, False)
    # --no-cache: not looked up.
    assert judge(judge_context(model, trace=TRACE, use_cache=False)) == (2, False)
    assert provider.calls == 3


def test_the_recorded_key_is_the_cache_key() -> None:
    cache = MemoryCache()
    model, _ = mock_judge([reply(3)], cache=cache)
    result = run_judge(rubric("grounding"), judge_context(model, trace=TRACE))
    assert list(cache.entries) == [result.metadata["model_calls"][0]["key"]]


def _criterion(name: str):  # type: ignore[no-untyped-def]
    from fourfold.judges import load_criterion

    return load_criterion(name)


def test_the_reply_json_is_what_the_schema_describes() -> None:
    schema = rubric_schema(_criterion("grounding"))
    import jsonschema

    jsonschema.validate(json.loads(reply(2, "x")), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(json.loads(reply(4, "x")), schema)
