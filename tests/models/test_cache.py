"""The response cache: in memory and in the run store."""

from __future__ import annotations

import asyncio
import hashlib
import json
from pathlib import Path

import pytest

from fourfold.models import (
    DEFAULT_MAX_TOKENS,
    ChatMessage,
    MemoryCache,
    ModelRequest,
    ModelResponse,
    ModelToolCall,
    ResponseCache,
    ToolSpec,
    get_model,
)
from fourfold.store import Store, StoreCache
from tests.helpers.model_builders import ask, config_for, run_in_turn
from tests.helpers.openai_server import OpenAIServer, chat_reply, error


def test_a_second_identical_call_is_served_from_the_cache(openai_server: OpenAIServer) -> None:
    openai_server.script(chat_reply("first", usage=(1000, 1000)), chat_reply("second"))
    model = get_model(config_for(openai_server), cache=MemoryCache())
    first, again = run_in_turn(model, ask("same"), ask("same"))
    assert isinstance(first, ModelResponse) and isinstance(again, ModelResponse)
    assert len(openai_server.requests) == 1
    assert (first.text, first.cached) == ("first", False)
    assert (again.text, again.cached, again.latency_s) == ("first", True, 0.0)
    assert again.cost_usd == first.cost_usd is not None
    usage = model.usage()
    assert (usage.calls, usage.cache_hits) == (1, 1)
    assert usage.cost_usd == pytest.approx(first.cost_usd)  # the hit cost nothing now


@pytest.mark.parametrize(
    ("second", "served_from_cache"),
    [
        (ask("same"), True),
        (ask("same", cache_salt="repeat-1"), False),
        (ask("different"), False),
        (ask("same", temperature=0.7), False),
        (ask("same", max_tokens=5), False),
        (ask("same", seed=1), False),
        (ask("same", response_schema={"type": "object"}), False),
        (ask("same", extra={"top_p": 0.5}), False),
        (ModelRequest(model="another-name-is-overwritten", messages=ask("same").messages), True),
    ],
)
def test_what_the_key_covers(
    openai_server: OpenAIServer, second: ModelRequest, served_from_cache: bool
) -> None:
    openai_server.handler = lambda body: chat_reply('{"a": 1}')
    model = get_model(config_for(openai_server), cache=MemoryCache())
    run_in_turn(model, ask("same"), second)
    assert len(openai_server.requests) == (1 if served_from_cache else 2)


def test_the_key_covers_the_model(openai_server: OpenAIServer) -> None:
    cache = MemoryCache()
    for name in ("openai-compatible/a", "openai-compatible/b", "openai-compatible/a"):
        run_in_turn(get_model(config_for(openai_server, name), cache=cache), ask("same"))
    assert [b["model"] for b in openai_server.bodies] == ["a", "b"]


def test_the_key_is_the_hash_of_the_request_dumped_with_sorted_keys() -> None:
    # The encoder is made once, not per key: the text hashed must stay what `json.dumps`
    # wrote, or every stored reply would be missed. Non-ASCII text, escapes, nested and
    # unsorted mappings, tool calls and an extra parameter: each as json.dumps writes it.
    messages = [
        ChatMessage(role="system", content='Grade it ✓ "quoted" \\ \u2028 </end>'),
        ChatMessage(
            role="assistant",
            content=None,
            tool_calls=[ModelToolCall(id="c1", name="f", arguments={"é": {"b": 1, "a": [1.5]}})],
        ),
        ChatMessage(role="tool", content="x\ty", tool_call_id="c1", name="f"),
    ]
    request = ModelRequest(
        model="m",
        messages=messages,
        temperature=0.7,
        response_schema={"type": "object", "b": None, "a": [True, {"z": 1, "y": 2}]},
        tools=[ToolSpec(name="t", description="déjà")],
        extra={"top_p": 0.5, "aa": ["x"]},
        cache_salt="repeat=1",
        top_logprobs=2,
    )
    body = {"provider": "openai", **request.model_dump(mode="json")}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False)
    assert request.cache_key("openai") == f"sha256:{hashlib.sha256(text.encode()).hexdigest()}"


def test_use_cache_false_calls_and_still_stores(openai_server: OpenAIServer) -> None:
    openai_server.script(chat_reply("old"), chat_reply("new"))
    cache = MemoryCache()
    model = get_model(config_for(openai_server), cache=cache)
    run_in_turn(model, ask("same"))
    (fresh,) = run_in_turn(model, ask("same"), use_cache=False)
    assert isinstance(fresh, ModelResponse)
    assert (fresh.text, fresh.cached) == ("new", False)
    assert len(openai_server.requests) == 2
    assert len(cache) == 1
    (entry,) = cache.entries.values()
    provider, request, response = entry
    assert provider == "openai-compatible"
    assert request.messages[0].content == "same"
    assert response.text == "new"  # the latest real reply replaced the old one
    assert response.raw["choices"][0]["message"]["content"] == "new"


def test_failed_calls_are_not_cached(openai_server: OpenAIServer) -> None:
    openai_server.script(error(400, "bad"), chat_reply("fine"))
    cache = MemoryCache()
    model = get_model(config_for(openai_server), cache=cache)
    failed, ok = run_in_turn(model, ask("same"), ask("same"))
    assert isinstance(failed, Exception)
    assert isinstance(ok, ModelResponse) and ok.text == "fine"
    assert len(cache) == 1


def test_the_store_cache_survives_reopening_the_store(
    openai_server: OpenAIServer, store_target: str
) -> None:
    path = store_target
    openai_server.script(chat_reply("kept", usage=(100, 20)))
    with Store.open(path) as store:
        model = get_model(config_for(openai_server), cache=StoreCache(store))
        (first,) = run_in_turn(model, ask("remember me", cache_salt="0"))
        assert store.count_model_calls() == 1  # aclose flushed
    assert isinstance(first, ModelResponse)
    with Store.open(path) as store:
        model = get_model(config_for(openai_server), cache=StoreCache(store))
        (again,) = run_in_turn(model, ask("remember me", cache_salt="0"))
        assert isinstance(again, ModelResponse)
        assert (again.text, again.cached, again.cost_usd) == ("kept", True, first.cost_usd)
        assert again.raw == first.raw
        assert again.input_tokens == 100
        # The key: the provider, the model as sent, the config's temperature and output
        # cap, the salt.
        sent = ModelRequest(
            model="gpt-4.1-mini",
            messages=ask("remember me").messages,
            temperature=0.0,
            max_tokens=DEFAULT_MAX_TOKENS,
            cache_salt="0",
        )
        row = store.get_model_call(sent.cache_key("openai-compatible"))
    assert len(openai_server.requests) == 1
    assert row is not None
    assert row["provider"] == "openai-compatible"
    assert row["model"] == "gpt-4.1-mini"
    assert row["request"]["messages"][0]["content"] == "remember me"
    assert row["request"]["cache_salt"] == "0"
    assert row["response"]["text"] == "kept"


def test_the_store_cache_writes_in_batches(store_target: str) -> None:
    with Store.open(store_target) as store:
        cache = StoreCache(store, batch_size=3)
        responses = [ModelResponse(text=f"r{i}") for i in range(4)]
        for i, response in enumerate(responses[:2]):
            cache.put(f"k{i}", ask(f"q{i}"), response, provider="mock")
        assert (cache.buffered, store.count_model_calls()) == (2, 0)
        assert cache.get("k1") == responses[1]  # read from the buffer
        cache.put("k2", ask("q2"), responses[2], provider="mock")
        assert (cache.buffered, store.count_model_calls()) == (0, 3)
        cache.put("k3", ask("q3"), responses[3], provider="mock")
        cache.flush()
        assert store.count_model_calls() == 4
        assert StoreCache(store).get("k3") == responses[3]
        assert StoreCache(store).get("k-missing") is None


def test_the_store_upserts_and_the_last_put_wins(store_target: str) -> None:
    with Store.open(store_target) as store:
        cache = StoreCache(store, batch_size=10)
        cache.put("k", ask("q"), ModelResponse(text="one"), provider="mock")
        cache.put("k", ask("q"), ModelResponse(text="two"), provider="mock")
        cache.flush()
        cache.put("k", ask("q"), ModelResponse(text="three"), provider="mock")
        cache.flush()
        assert store.count_model_calls() == 1
        assert StoreCache(store).get("k") == ModelResponse(text="three")


def test_caches_meet_the_protocol(tmp_path: Path) -> None:
    with Store.open(tmp_path / "runs.db") as store:
        assert isinstance(StoreCache(store), ResponseCache)
        with pytest.raises(ValueError, match="batch_size"):
            StoreCache(store, batch_size=0)
    assert isinstance(MemoryCache(), ResponseCache)


def test_concurrent_identical_calls_each_go_out_then_share_the_entry(
    openai_server: OpenAIServer,
) -> None:
    openai_server.latency = 0.05
    cache = MemoryCache()
    model = get_model(config_for(openai_server), cache=cache)

    async def main() -> None:
        async with model:
            await asyncio.gather(*(model.generate(ask("same")) for _ in range(3)))
            assert (await model.generate(ask("same"))).cached

    asyncio.run(main())
    assert len(openai_server.requests) == 3
    assert len(cache) == 1
