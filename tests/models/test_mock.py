"""The scripted mock provider, alone and behind `Model`."""

from __future__ import annotations

import asyncio

import pytest

from fourfold.errors import ProviderError, RateLimitError, ServerError
from fourfold.models import (
    MemoryCache,
    MockProvider,
    ModelRequest,
    ModelResponse,
    Provider,
    get_model,
)
from tests.helpers.model_builders import ask, run_in_turn, run_one


def test_outputs_come_in_order_then_it_says_it_ran_out() -> None:
    mock = MockProvider(["one", ModelResponse(text="two", input_tokens=7), "three"])
    outcomes = run_in_turn(
        get_model("mock/judge", provider=mock), *(ask(f"q{i}") for i in range(4))
    )
    texts = [o.text for o in outcomes if isinstance(o, ModelResponse)]
    assert texts == ["one", "two", "three"]
    assert isinstance(outcomes[1], ModelResponse) and outcomes[1].input_tokens == 7
    assert isinstance(outcomes[3], ProviderError)
    assert "ran out" in str(outcomes[3]) and "3 outputs" in str(outcomes[3])
    assert mock.calls == 4
    assert [r.messages[0].content for r in mock.requests] == ["q0", "q1", "q2", "q3"]


def test_cycle_starts_again() -> None:
    mock = MockProvider(["a", "b"], cycle=True)
    outcomes = run_in_turn(get_model("mock/m", provider=mock), *(ask(f"q{i}") for i in range(5)))
    assert [o.text for o in outcomes if isinstance(o, ModelResponse)] == ["a", "b", "a", "b", "a"]


def test_a_scripted_error_is_raised_and_retried_like_a_real_one() -> None:
    mock = MockProvider([RateLimitError("slow down", retry_after=0.01), "after the wait"])
    model = get_model("mock/m", provider=mock)
    response = run_one(model)
    assert (response.text, response.attempts) == ("after the wait", 2)
    assert model.usage().retries == 1


def test_a_scripted_error_that_is_not_retried() -> None:
    mock = MockProvider([ProviderError("scripted failure"), "unused"])
    with pytest.raises(ProviderError, match="scripted failure"):
        run_one(get_model("mock/m", provider=mock))
    assert mock.calls == 1


@pytest.mark.parametrize("is_async", [False, True])
def test_a_function_answers_each_request(is_async: bool) -> None:
    def answer(request: ModelRequest) -> str:
        return f"echo {request.messages[-1].content} ({request.model})"

    async def answer_async(request: ModelRequest) -> str:
        await asyncio.sleep(0)
        return answer(request)

    mock = MockProvider(answer_async if is_async else answer)
    response = run_one(get_model("mock/some-judge", provider=mock), ask("hi"))
    assert response.text == "echo hi (some-judge)"


def test_without_a_script_it_echoes_the_last_user_message() -> None:
    model = get_model("mock/model")  # registered: what a suite names
    response = run_one(model, ask("repeat this"))
    assert response.text == "repeat this"
    assert response.input_tokens >= 1 and response.output_tokens >= 1
    assert response.cost_usd is None


def test_a_text_reply_to_a_schema_request_is_parsed() -> None:
    mock = MockProvider(['{"score": 3}', "not json"])
    first, second = run_in_turn(
        get_model("mock/m", provider=mock),
        ask(response_schema={"type": "object"}),
        ask("other", response_schema={"type": "object"}),
    )
    assert isinstance(first, ModelResponse) and first.parsed == {"score": 3}
    assert isinstance(second, ModelResponse) and second.parsed is None


def test_mock_calls_are_cached_like_any_other() -> None:
    mock = MockProvider(["only once"])
    model = get_model("mock/m", provider=mock, cache=MemoryCache())
    first, again = run_in_turn(model, ask("same"), ask("same"))
    assert isinstance(again, ModelResponse) and again.cached and again.text == "only once"
    assert mock.calls == 1


def test_the_same_scripted_response_twice_is_not_shared() -> None:
    shared = ModelResponse(text="same object")
    mock = MockProvider([shared], cycle=True)
    first, second = run_in_turn(get_model("mock/m", provider=mock), ask("a"), ask("b"))
    assert isinstance(first, ModelResponse) and isinstance(second, ModelResponse)
    assert first is not second and first is not shared
    assert shared.latency_s == 0.0


def test_latency() -> None:
    mock = MockProvider(["late"], latency_s=0.05)
    assert run_one(get_model("mock/m", provider=mock)).latency_s >= 0.05


def test_a_wrong_output_type_is_a_clear_type_error() -> None:
    mock = MockProvider([42])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="not int"):
        run_one(get_model("mock/m", provider=mock))


def test_providers_meet_the_protocol() -> None:
    assert isinstance(MockProvider(), Provider)
    assert isinstance(get_model("mock/x").provider, Provider)
    assert isinstance(ServerError("x"), ProviderError)
