"""A streamed call whose span kept the stream object, not the reply.

OpenInference's groq instrumentation (and its openai one, under Portkey's client) records a
streamed call's ``output.value`` as the returned stream's default repr
(``<groq.Stream object at 0x…>``): the reply went to the application chunk by chunk and the
span never saw it. That repr is no assistant message and no answer; text is.
"""

from __future__ import annotations

from fourfold.integrations.otel import from_openinference


def _call(output: str) -> dict[str, object]:
    return {
        "name": "Completions",
        "attributes": {
            "openinference.span.kind": "LLM",
            "llm.model_name": "gpt-4o-mini",
            "llm.input_messages.0.message.role": "user",
            "llm.input_messages.0.message.content": "Weather in Paris?",
            "output.value": output,
        },
    }


def test_a_stream_objects_repr_is_no_reply() -> None:
    [imported] = from_openinference({"spans": [_call("<groq.Stream object at 0x7ff75d7e1fd0>")]})
    assert [(m.role, m.content) for m in imported.trace.messages] == [("user", "Weather in Paris?")]
    assert imported.trace.output is None


def test_text_is_still_the_reply() -> None:
    [imported] = from_openinference({"spans": [_call("Sunny, 22 C.")]})
    assert imported.trace.messages[-1].content == "Sunny, 22 C."
    assert imported.trace.output == "Sunny, 22 C."
