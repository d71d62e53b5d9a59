"""A check's result is built with `model_construct` from its validated verdict (no second
validation): it must hold every field, the severity in its metadata."""

from __future__ import annotations

import pytest

from fourfold.checks import CheckResult, create_check
from fourfold.runs import Evidence, Verdict, errored, failed, passed
from tests.helpers import make_trace, run_check

VERDICTS = [
    passed("fine", n=1),
    failed("bad", score=0.5, evidence=[Evidence(text="x", start=0, end=1)], rules=["a"]),
    errored("broke"),
    Verdict(status="skip"),
]


@pytest.mark.parametrize("verdict", VERDICTS)
@pytest.mark.parametrize("severity", [None, "critical"])
def test_a_result_is_what_model_construct_builds(verdict: Verdict, severity: str | None) -> None:
    check = create_check("max_calls", {"limit": 3}).with_severity(severity)
    result = check._result(verdict)
    metadata = {**verdict.metadata, **({"severity": severity} if severity else {})}
    expected = CheckResult.model_construct(
        **{**dict(verdict), "metadata": metadata}, check="max_calls", layer="trajectory"
    )
    assert result.__dict__ == expected.__dict__
    assert list(result.__dict__) == list(expected.__dict__)  # the fields in the same order
    assert result.model_fields_set == expected.model_fields_set
    assert result.__pydantic_extra__ == expected.__pydantic_extra__
    assert result.__pydantic_private__ == expected.__pydantic_private__
    assert result == expected
    assert result.model_dump_json() == expected.model_dump_json()
    assert CheckResult.model_validate_json(result.model_dump_json()) == result


def test_a_result_holds_every_field_of_a_check_result() -> None:
    # a field added to CheckResult (or Verdict) must reach the results: building one from
    # fields that miss it fails here rather than leaving the attribute unset
    result = run_check(create_check("max_calls", {"limit": 3}), trace=make_trace(output="hi"))
    assert set(result.__dict__) == set(CheckResult.model_fields)
    assert result.model_fields_set == set(CheckResult.model_fields)
