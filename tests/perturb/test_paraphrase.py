"""Paraphrases through the Python API, against the real local OpenAI-compatible server."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from fourfold.cases import Case
from fourfold.models import MemoryCache, ModelConfig, get_model
from fourfold.perturb import PerturbFailure, paraphrase_cases_async, perturb_cases
from fourfold.trace import Message
from tests.helpers.openai_server import OpenAIServer, chat_reply


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer() as running:
        yield running


def paraphrase(
    server: OpenAIServer, cases: list[Case], n: int, cache: MemoryCache | None = None
) -> tuple[dict[str, list[Case]], list[PerturbFailure]]:
    model = get_model(
        ModelConfig(
            model="openai-compatible/writer",
            base_url=server.base_url,
            api_key_env="",
            max_retries=0,
            max_tokens=300,
        ),
        cache=cache,
    )

    async def go() -> tuple[dict[str, list[Case]], list[PerturbFailure]]:
        async with model:
            return await paraphrase_cases_async(cases, model, n=n, seed=4)

    return asyncio.run(go())


def test_replies_that_are_not_paraphrases_are_rejected_with_the_reason(
    server: OpenAIServer,
) -> None:
    text = "Where is my parcel? It was sent last week."
    server.script(
        chat_reply(""),
        chat_reply(text),
        chat_reply("Sure! " + "Here is everything about parcels. " * 10),
        chat_reply("“Could you tell me where my parcel is? It left a week ago.”"),
    )
    variants, failures = paraphrase(server, [Case(id="p", input=text)], n=4)
    reasons = sorted(f.reason for f in failures)
    assert len(reasons) == 3
    assert reasons[0].startswith("the call failed:") and "neither text" in reasons[0]
    assert reasons[1] == "the model gave the message back unchanged"
    assert reasons[2].startswith("the reply is ") and "42-character message" in reasons[2]
    (kept,) = variants["p"]
    assert kept.input == "Could you tell me where my parcel is? It left a week ago."
    assert [b["max_tokens"] for b in server.bodies] == [300] * 4


def test_only_the_last_user_turn_of_a_conversation_is_rewritten_and_asking_again_hits_the_cache(
    server: OpenAIServer,
) -> None:
    server.handler = lambda body: chat_reply("Can I still send order O-77 back, please?")
    turns = [
        Message(role="user", content="Hi"),
        Message(role="assistant", content="Hello!"),
        Message(role="user", content="Can I return order O-77?"),
    ]
    case = Case(id="conv", input=turns)
    cache = MemoryCache()
    variants, failures = paraphrase(server, [case], n=1, cache=cache)
    assert failures == []
    (variant,) = variants["conv"]
    assert isinstance(variant.input, list)
    assert variant.input[:2] == turns[:2]
    assert variant.input[2].content == "Can I still send order O-77 back, please?"
    sent = server.bodies[0]["messages"]
    assert sent[-1]["content"] == "Can I return order O-77?"
    again, _ = paraphrase(server, [case], n=1, cache=cache)
    assert again == variants and len(server.requests) == 1
    result = perturb_cases([case], ["paraphrase"], n=1, seed=4, paraphrases=variants)
    assert [c.id for c in result.cases] == ["conv", "conv~paraphrase-1"]
