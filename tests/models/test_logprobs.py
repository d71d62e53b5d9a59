"""Token log-probabilities: asked for with `top_logprobs`, read back plain or streamed."""

from __future__ import annotations

import hashlib
import json

from fourfold._secrets import Redactor, Secret
from fourfold.models import ModelRequest, ModelResponse, TokenLogprob, get_model
from fourfold.store import Store, StoreCache
from tests.helpers.model_builders import ask, config_for, run_one
from tests.helpers.openai_server import OpenAIServer, chat_reply, stream_reply, token_logprobs

WINNER = ("A", {"A": -0.2, "B": -1.8, "T": -4.0})


def test_asked_for_they_are_sent_for_and_read_back(openai_server: OpenAIServer) -> None:
    openai_server.script(chat_reply('"A"', logprobs=token_logprobs('"', WINNER, '"')))
    response = run_one(get_model(config_for(openai_server)), ask(top_logprobs=5))
    body = openai_server.bodies[0]
    assert (body["logprobs"], body["top_logprobs"]) == (True, 5)
    assert response.logprobs == [
        TokenLogprob(token='"', logprob=0.0, top={'"': 0.0}),
        TokenLogprob(token="A", logprob=-0.2, top={"A": -0.2, "B": -1.8, "T": -4.0}),
        TokenLogprob(token='"', logprob=0.0, top={'"': 0.0}),
    ]


def test_not_asked_for_they_are_neither_sent_for_nor_kept(openai_server: OpenAIServer) -> None:
    # A server that sends them anyway: the response keeps only what was asked for.
    openai_server.script(chat_reply("ok", logprobs=token_logprobs("ok")))
    response = run_one(get_model(config_for(openai_server)), ask())
    assert "logprobs" not in openai_server.bodies[0]
    assert "top_logprobs" not in openai_server.bodies[0]
    assert response.logprobs is None


def test_an_endpoint_that_gives_none_answers_without_them(openai_server: OpenAIServer) -> None:
    openai_server.script(chat_reply("ok"))
    response = run_one(get_model(config_for(openai_server)), ask(top_logprobs=5))
    assert response.text == "ok" and response.logprobs is None


def test_a_shape_not_understood_gives_none_rather_than_wrong_ones(
    openai_server: OpenAIServer,
) -> None:
    content = token_logprobs("o", "k")
    content[1]["logprob"] = "very likely"
    openai_server.script(chat_reply("ok", logprobs=content))
    assert run_one(get_model(config_for(openai_server)), ask(top_logprobs=5)).logprobs is None


def test_a_streamed_reply_keeps_every_chunks_tokens_in_order(
    openai_server: OpenAIServer,
) -> None:
    openai_server.script(
        stream_reply(
            '{"winner": ',
            '"A"}',
            logprobs=[token_logprobs('{"winner": '), token_logprobs('"', WINNER, '"}')],
        )
    )
    config = config_for(openai_server, "llamacpp/qwen2.5-coder-1.5b")
    response = run_one(get_model(config), ask(top_logprobs=3))
    assert openai_server.bodies[0]["stream"] is True
    assert response.text == '{"winner": "A"}'
    assert response.logprobs is not None
    assert [t.token for t in response.logprobs] == ['{"winner": ', '"', "A", '"}']
    assert response.logprobs[2].top == {"A": -0.2, "B": -1.8, "T": -4.0}


def test_the_cache_key_of_a_request_that_does_not_ask_is_what_it_was() -> None:
    # Replies cached before the field existed are still found: an unset field adds nothing.
    plain = ask("hello")
    body = plain.model_dump(mode="json")
    assert "top_logprobs" in body
    assert plain.cache_key("openai") == ask("hello").cache_key("openai")
    asking = ask("hello", top_logprobs=5)
    assert asking.cache_key("openai") != plain.cache_key("openai")
    assert ask("hello", top_logprobs=0).cache_key("openai") != plain.cache_key("openai")


def test_the_cache_key_hashes_the_request_without_an_unset_field() -> None:
    request = ModelRequest(messages=ask("hi").messages, temperature=0.0)
    body = request.model_dump(mode="json")
    del body["top_logprobs"]
    expected = hashlib.sha256(
        json.dumps({"provider": "openai", **body}, sort_keys=True, ensure_ascii=False).encode()
    ).hexdigest()
    assert request.cache_key("openai") == f"sha256:{expected}"


def test_the_store_keeps_them_and_serves_them_from_the_cache(store_target: str) -> None:
    tokens = [TokenLogprob(token="A", logprob=-0.2, top={"A": -0.2, "B": -1.8})]
    with Store.open(store_target) as store:
        cache = StoreCache(store, batch_size=1)
        cache.put("k", ask("q", top_logprobs=2), ModelResponse(text="A", logprobs=tokens))
        assert StoreCache(store).get("k") == ModelResponse(text="A", logprobs=tokens)


def test_tokens_that_spell_a_secret_are_not_stored(store_target: str) -> None:
    # A judge quoting an agent that echoed a key writes the key across several tokens: no
    # single token holds it, so it cannot be redacted token by token; the tokens go.
    secret = "sk-test-7c1e9a4f0b3d2e58a6f1"
    redactor = Redactor([Secret(secret, "SUPPORT_API_KEY")])
    pieces = ['{"quote": "', secret[:7], secret[7:19], secret[19:], '", "winner": "', "A", '"}']
    split = [TokenLogprob(token=p, logprob=-0.1, top={p: -0.1}) for p in pieces]
    clean = [TokenLogprob(token=p, logprob=-0.1, top={p: -0.1}) for p in ('{"winner": "', "A")]
    with Store.open(store_target) as store:
        cache = StoreCache(store, batch_size=10, redactor=redactor)
        cache.put("split", ask("q"), ModelResponse(text="".join(pieces), logprobs=split))
        cache.put(
            "clean", ask("q"), ModelResponse(text="".join(t.token for t in clean), logprobs=clean)
        )
        cache.flush()
        stored = store.get_model_call("split")
        kept = store.get_model_call("clean")
    assert stored is not None and kept is not None
    assert stored["response"]["logprobs"] is None
    written = json.dumps(stored["response"])
    assert secret not in written and secret[7:19] not in written
    assert "[redacted:SUPPORT_API_KEY]" in stored["response"]["text"]
    assert [t["token"] for t in kept["response"]["logprobs"]] == ['{"winner": "', "A"]
