"""The ``model`` agent: a model, a system prompt and Python tools in a tool-calling loop.

Most tests talk to the real scripted OpenAI-compatible server over loopback HTTP.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Annotated, Any, Literal

import pytest
from pydantic import Field, ValidationError

from fourfold.agents import (
    Agent,
    AgentConfig,
    ModelAgent,
    ModelAgentConfig,
    current_recorder,
    make_agent,
    tool,
    tool_spec,
)
from fourfold.cases import Case
from fourfold.errors import ConfigError
from fourfold.models import (
    MemoryCache,
    MockProvider,
    ModelConfig,
    ModelResponse,
    ModelToolCall,
    get_model,
)
from fourfold.trace import Message, ToolRequest, Trace
from tests.helpers import make_case
from tests.helpers.openai_server import OpenAIServer, chat_reply, error, tool_call_reply

TOOLS = '''
import asyncio
import time

from fourfold.agents import current_recorder, tool


def lookup_account(account_id: str, include_orders: bool = False) -> dict:
    """Look up a customer's account by its id.

    Returns the account's tier and balance.

    Args:
        account_id: the account's id, e.g. acc-1.
        include_orders: also list the account's orders.
    """
    account = {"id": account_id, "tier": "gold", "balance": 12.5}
    if include_orders:
        account["orders"] = ["o-1"]
    return account


async def search_policy(query: str, limit: int = 3) -> list:
    """Search the refund policy."""
    current_recorder().retrieved(
        [{"id": "§4.2", "text": "Refunds within 30 days.", "source": "policy"}]
    )
    return [{"id": "§4.2", "text": "Refunds within 30 days."}][:limit]


def broken(account_id: str) -> dict:
    """Always fails."""
    raise ValueError("backend down")


async def async_broken(account_id: str) -> dict:
    """Always fails, asynchronously."""
    raise RuntimeError("timeout talking to the CRM")


def greet(name: str) -> str:
    """Say hello."""
    return "hello " + name


def read_context(key: str) -> str:
    """Read a value of the case's context."""
    return str(current_recorder().case.context.get(key))


@tool
def decorated(account_id: str) -> str:
    """Logged by fourfold's own @tool decorator as well."""
    return "ok " + account_id


async def slow(seconds: float) -> str:
    """Sleep."""
    await asyncio.sleep(seconds)
    return "woke"


def blocking(seconds: float) -> str:
    """Block the calling thread."""
    time.sleep(seconds)
    return "woke"


TOOLS = [lookup_account, search_policy, broken, async_broken, greet, read_context, decorated]
SLOW = [slow, blocking]
NOT_A_LIST = 3
WITH_A_STRING = [greet, "lookup_account"]
TWICE = [greet, greet]
'''

UNDESCRIBABLE = '''
from collections.abc import Callable


class Account:
    pass


def no_hint(account_id) -> str:
    """Untyped."""
    return ""


def star_args(*ids: str) -> str:
    """Variadic."""
    return ""


def star_kwargs(account_id: str, **extra: str) -> str:
    """Variadic keywords."""
    return ""


def custom_class(account: Account) -> str:
    """A type pydantic does not know."""
    return ""


def callback(on_done: Callable[[], None]) -> str:
    """A type with no JSON Schema."""
    return ""


def unresolved(account: "Missing") -> str:  # noqa: F821
    """A hint naming nothing."""
    return ""


NO_HINT = [no_hint]
STAR_ARGS = [star_args]
STAR_KWARGS = [star_kwargs]
CUSTOM_CLASS = [custom_class]
CALLBACK = [callback]
UNRESOLVED = [unresolved]
LAMBDA = [lambda account_id: ""]
'''

MODEL = "openai-compatible/gpt-4.1-mini"


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    """A real OpenAI-compatible HTTP server on a free loopback port, scripted by the test."""
    with OpenAIServer() as server:
        yield server


@pytest.fixture
def tools_module(write_module) -> str:
    return write_module(TOOLS)


@pytest.fixture
def build(server, tools_module, tmp_path):
    """Build a model agent against the server, as a suite entry would."""

    def build_agent(
        *, model: str = MODEL, tools: str | list[str] = "TOOLS", **fields: Any
    ) -> Agent:
        model_fields = fields.pop("model_fields", {})
        specs = [tools] if isinstance(tools, str) else tools
        config = ModelAgentConfig(
            model={"model": model, "base_url": server.base_url, **model_fields},
            system=fields.pop("system", "You are a support agent."),
            tools=[f"{tools_module}:{s}" for s in specs],
            path=["lib"],
            **fields,
        )
        return make_agent(
            config,
            base_dir=tmp_path,
            cache=fields.pop("cache", None),
        )

    return build_agent


def bodies(server: OpenAIServer) -> list[dict[str, Any]]:
    return [b for b in server.bodies if b is not None]


# The loop


def test_a_two_step_tool_loop(server, build, run_agent):
    server.script(
        tool_call_reply(("lookup_account", {"account_id": "acc-7"}, "call_a"), usage=(100, 20)),
        chat_reply("You are on the gold tier.", usage=(150, 10)),
    )
    [trace] = run_agent(build(), make_case(input="What tier am I on?"))

    assert trace.error is None
    assert trace.output == "You are on the gold tier."
    [call] = trace.tool_calls
    assert (call.name, call.id, call.arguments, call.error) == (
        "lookup_account",
        "call_a",
        {"account_id": "acc-7"},
        None,
    )
    assert call.result == {"id": "acc-7", "tier": "gold", "balance": 12.5}
    assert call.started_at is not None and call.started_at <= call.ended_at
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("user", "What tier am I on?", None),
        ("assistant", None, None),
        ("tool", json.dumps(call.result, separators=(",", ":")), "call_a"),
        ("assistant", "You are on the gold tier.", None),
    ]
    assert trace.messages[2].name == "lookup_account"
    # the turn that asked for the call says so, with the model's id; the answer asked none
    assert trace.messages[1].tool_calls == [
        ToolRequest(id="call_a", name="lookup_account", arguments={"account_id": "acc-7"})
    ]
    assert trace.messages[3].tool_calls == []
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (250, 30)
    # gpt-4.1-mini: $0.40 in, $1.60 out per million tokens, over both calls.
    assert trace.usage.cost_usd == pytest.approx((250 * 0.40 + 30 * 1.60) / 1e6)
    assert trace.turns == 2
    assert trace.metadata == {"model": MODEL}
    assert trace.latency_s is not None and trace.latency_s > 0

    first, second = bodies(server)
    assert first["model"] == "gpt-4.1-mini"
    assert first["messages"] == [
        {"role": "system", "content": "You are a support agent."},
        {"role": "user", "content": "What tier am I on?"},
    ]
    assert second["messages"][2:] == [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_a",
                    "type": "function",
                    "function": {"name": "lookup_account", "arguments": '{"account_id": "acc-7"}'},
                }
            ],
        },
        {
            "role": "tool",
            "content": json.dumps(call.result, separators=(",", ":")),
            "tool_call_id": "call_a",
        },
    ]


def test_the_server_receives_the_tools_in_openai_format(server, build, run_agent):
    server.script(chat_reply("hi"))
    run_agent(build(tools="TOOLS"), make_case())
    [body] = bodies(server)
    tools = {t["function"]["name"]: t for t in body["tools"]}
    assert list(tools) == [
        "lookup_account",
        "search_policy",
        "broken",
        "async_broken",
        "greet",
        "read_context",
        "decorated",
    ]
    assert tools["lookup_account"] == {
        "type": "function",
        "function": {
            "name": "lookup_account",
            "description": "Look up a customer's account by its id.",
            "parameters": {
                "type": "object",
                "properties": {
                    "account_id": {
                        "type": "string",
                        "description": "the account's id, e.g. acc-1.",
                    },
                    "include_orders": {
                        "type": "boolean",
                        "default": False,
                        "description": "also list the account's orders.",
                    },
                },
                "required": ["account_id"],
                "additionalProperties": False,
            },
        },
    }
    assert tools["search_policy"]["function"]["parameters"]["required"] == ["query"]


def test_several_tool_calls_in_one_reply_run_in_order(server, build, run_agent):
    server.script(
        tool_call_reply(
            ("greet", {"name": "Ada"}, "c1"),
            ("lookup_account", {"account_id": "a1", "include_orders": "true"}, "c2"),
        ),
        chat_reply("done"),
    )
    [trace] = run_agent(build(), make_case())
    assert [(c.id, c.name) for c in trace.tool_calls] == [("c1", "greet"), ("c2", "lookup_account")]
    # A string result goes to the model as it is; "true" was coerced to a bool.
    assert trace.tool_calls[0].result == "hello Ada"
    assert trace.tool_calls[1].result["orders"] == ["o-1"]
    assert [m.role for m in trace.messages] == ["user", "assistant", "tool", "tool", "assistant"]
    assert [(r.id, r.name) for r in trace.messages[1].tool_calls] == [
        ("c1", "greet"),
        ("c2", "lookup_account"),
    ]
    tool_messages = bodies(server)[1]["messages"][-2:]
    assert [(m["tool_call_id"], m["content"]) for m in tool_messages][0] == ("c1", "hello Ada")


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (("broken", {"account_id": "a1"}), "ValueError: backend down"),
        (("async_broken", {"account_id": "a1"}), "RuntimeError: timeout talking to the CRM"),
        (
            ("lookup_account", {}),
            "invalid arguments for lookup_account: account_id: Field required",
        ),
        (
            ("lookup_account", {"account_id": 42}),
            "invalid arguments for lookup_account: account_id: Input should be a valid string",
        ),
        (
            ("lookup_account", {"account_id": "a1", "force": True}),
            "invalid arguments for lookup_account: force: Extra inputs are not permitted",
        ),
        (("lookup_account", '{"account_id": '), "the arguments are not a JSON object"),
        (("delete_everything", {}), "there is no tool named 'delete_everything'"),
    ],
)
def test_a_failed_tool_call_is_told_to_the_model_and_recorded(
    server, build, run_agent, call, error
):
    server.script(tool_call_reply((*call, "c1")), chat_reply("Sorry, I could not do that."))
    [trace] = run_agent(build(), make_case())

    assert trace.error is None  # the model handled it: not an errored trial
    assert trace.output == "Sorry, I could not do that."
    [recorded] = trace.tool_calls
    assert recorded.name == call[0]
    assert recorded.error is not None and error in recorded.error
    assert recorded.result is None
    told = bodies(server)[1]["messages"][-1]
    assert told["role"] == "tool" and told["tool_call_id"] == "c1"
    assert told["content"] == "error: " + recorded.error
    assert trace.messages[2].content == told["content"]


def test_a_tool_can_log_passages_and_read_the_case(server, build, run_agent):
    server.script(
        tool_call_reply(
            ("search_policy", {"query": "refund", "limit": "1"}, "c1"),
            ("read_context", {"key": "account"}, "c2"),
            ("decorated", {"account_id": "a9"}, "c3"),
        ),
        chat_reply("Refunds within 30 days."),
    )
    [trace] = run_agent(build(), make_case(context={"account": "acc-3"}))
    assert [(p.id, p.source) for p in trace.passages] == [("§4.2", "policy")]
    assert [c.result for c in trace.tool_calls] == [
        [{"id": "§4.2", "text": "Refunds within 30 days."}],
        "acc-3",
        "ok a9",
    ]
    # The @tool-decorated function is recorded once, by the agent, with the model's call id.
    assert [(c.name, c.id) for c in trace.tool_calls] == [
        ("search_policy", "c1"),
        ("read_context", "c2"),
        ("decorated", "c3"),
    ]


@pytest.mark.parametrize(
    ("max_turns", "replies", "error", "turns", "tools"),
    [
        # Still calling tools at the limit: an errored trial; the last calls are not run.
        (
            2,
            [tool_call_reply(("greet", {"name": "a"})), tool_call_reply(("greet", {"name": "b"}))],
            "turn limit of 2 reached without a final answer",
            2,
            [("greet", None), ("greet", "not run: the turn limit of 2 was reached")],
        ),
        (
            1,
            [tool_call_reply(("greet", {"name": "a"}))],
            "turn limit of 1 reached",
            1,
            [("greet", "not run: the turn limit of 1 was reached")],
        ),
        # Answering on the last allowed turn is fine.
        (
            2,
            [tool_call_reply(("greet", {"name": "a"})), chat_reply("hi a")],
            None,
            2,
            [("greet", None)],
        ),
        (1, [chat_reply("hi")], None, 1, []),
    ],
)
def test_the_turn_limit(server, build, run_agent, max_turns, replies, error, turns, tools):
    server.script(*replies)
    [trace] = run_agent(build(max_turns=max_turns), make_case())
    if error is None:
        assert trace.error is None and trace.output is not None
    else:
        assert trace.error is not None and error in trace.error
        assert trace.output is None
    assert trace.turns == turns
    assert [(c.name, c.error) for c in trace.tool_calls] == tools
    assert len(bodies(server)) == turns
    # every call the model asked for is a request of its turn, run or not
    requested = [(r.name, r.id) for m in trace.messages for r in m.tool_calls]
    assert requested == [(c.name, c.id) for c in trace.tool_calls]


# Provider failures


@pytest.mark.parametrize(
    ("reply", "category"),
    [
        (error(500, "upstream exploded"), "server"),
        (error(503, "overloaded"), "server"),
        (error(400, "tools[0] is invalid"), "bad_request"),
        (error(401, "invalid key sk-test-Zq8v3JrT1e5Kp0xWm"), "auth"),
        pytest.param(error(429, "slow down"), "rate_limit", marks=pytest.mark.slow),
    ],
)
def test_a_provider_that_keeps_failing_gives_an_errored_trace(
    server, build, run_agent, monkeypatch, reply, category
):
    monkeypatch.setenv("FF_TEST_AGENT_KEY", "sk-test-Zq8v3JrT1e5Kp0xWm")
    server.handler = lambda body: reply
    agent = build(model_fields={"max_retries": 1, "api_key_env": "FF_TEST_AGENT_KEY"})
    [trace] = run_agent(agent, make_case())
    assert trace.error is not None
    assert f"({category})" in trace.error
    assert MODEL in trace.error
    assert "sk-test-Zq8v3JrT1e5Kp0xWm" not in trace.to_json()
    assert trace.metadata == {"model": MODEL, "error_category": category}
    assert trace.output is None and trace.turns is None


def test_a_provider_failure_later_keeps_what_was_done(server, build, run_agent):
    server.script(tool_call_reply(("greet", {"name": "Ada"})))
    server.handler = lambda body: error(500)
    [trace] = run_agent(build(model_fields={"max_retries": 0}), make_case())
    assert trace.error is not None and "failed on turn 2 (server)" in trace.error
    assert trace.tool_names == ["greet"]
    assert trace.turns == 1
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (20, 8)


# Two models, one suite


def test_the_same_suite_runs_on_two_models(server, build, run_agent):
    def answer(body: dict[str, Any]):
        if body["messages"][-1]["role"] == "user":
            return tool_call_reply(("greet", {"name": body["model"]}))
        return chat_reply(f"answered by {body['model']}", model=body["model"])

    server.handler = answer
    traces: dict[str, Trace] = {}
    for model in ("openai-compatible/model-a", "openai-compatible/model-b"):
        [traces[model]] = run_agent(build(model=model), make_case())

    assert [b["model"] for b in bodies(server)] == ["model-a", "model-a", "model-b", "model-b"]
    assert {m: t.output for m, t in traces.items()} == {
        "openai-compatible/model-a": "answered by model-a",
        "openai-compatible/model-b": "answered by model-b",
    }
    assert {m: t.metadata["model"] for m, t in traces.items()} == {m: m for m in traces}
    assert all(t.tool_names == ["greet"] for t in traces.values())


# The cache


@pytest.mark.parametrize(
    ("seed", "repeat", "use_cache", "cached"),
    [
        (0, 0, True, True),  # the same suite again: replayed from the cache
        (0, 1, True, False),  # another repeat is a real repeat
        (1, 0, True, False),  # another seed too
        (0, 0, False, False),  # --no-cache
    ],
)
def test_the_cache_replays_reruns_but_not_repeats(
    server, tools_module, tmp_path, run_agent, seed, repeat, use_cache, cached
):
    server.handler = lambda body: (
        tool_call_reply(("greet", {"name": "x"}))
        if body["messages"][-1]["role"] == "user"
        else chat_reply("hi x")
    )
    cache = MemoryCache()
    config = ModelAgentConfig(
        model={"model": MODEL, "base_url": server.base_url},
        tools=f"{tools_module}:TOOLS",
        path=["lib"],
    )
    [first] = run_agent(make_agent(config, base_dir=tmp_path, cache=cache), make_case())
    assert len(server.requests) == 2
    again = make_agent(config, base_dir=tmp_path, cache=cache, use_cache=use_cache)
    [second] = run_agent(again, (make_case(), repeat), seed=seed)

    assert len(server.requests) == (2 if cached else 4)
    assert second.output == first.output == "hi x"
    assert second.usage == first.usage
    assert second.metadata.get("cache_hits") == (2 if cached else None)


# Suite configuration


def test_system_file_is_read_relative_to_the_suite(server, tools_module, tmp_path, run_agent):
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "system.md").write_text("Be kind. Never refund twice.\n")
    config = ModelAgentConfig(
        model={"model": MODEL, "base_url": server.base_url},
        system_file="prompts/system.md",
        tools=f"{tools_module}:TOOLS",
        path=["lib"],
    )
    run_agent(make_agent(config, base_dir=tmp_path), make_case(input="hi"))
    [body] = bodies(server)
    assert body["messages"] == [
        {"role": "system", "content": "Be kind. Never refund twice.\n"},
        {"role": "user", "content": "hi"},
    ]


def test_without_a_system_prompt_or_tools_the_case_goes_as_it_is(server, tmp_path, run_agent):
    config = ModelAgentConfig(model={"model": MODEL, "base_url": server.base_url})
    [trace] = run_agent(make_agent(config, base_dir=tmp_path), make_case(input="hi"))
    [body] = bodies(server)
    assert body["messages"] == [{"role": "user", "content": "hi"}]
    assert "tools" not in body
    assert trace.output == "ok"


def test_a_conversation_s_requested_calls_go_with_their_turn(server, tmp_path, run_agent):
    # The model must see which call a tool message answers: the assistant turn keeps its
    # requests (those with an id; an id is how the provider pairs a result with its call).
    config = ModelAgentConfig(model={"model": MODEL, "base_url": server.base_url})
    asked = [ToolRequest(id="c9", name="lookup", arguments={"id": 7}), ToolRequest(name="x")]
    case = Case(
        id="c",
        input=[
            Message(role="user", content="balance?"),
            Message(role="assistant", tool_calls=asked),
            Message(role="tool", content="12.5", name="lookup", tool_call_id="c9"),
            Message(role="user", content="thanks, and my tier?"),
        ],
    )
    [trace] = run_agent(make_agent(config, base_dir=tmp_path), case)
    [body] = bodies(server)
    assert body["messages"][1:3] == [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c9",
                    "type": "function",
                    "function": {"name": "lookup", "arguments": '{"id": 7}'},
                }
            ],
        },
        {"role": "tool", "content": "12.5", "tool_call_id": "c9"},
    ]
    assert trace.messages[1].tool_calls == asked  # the recorded input is the case's


def test_temperature_overrides_the_model_config(server, build, run_agent):
    run_agent(build(temperature=0.7, model_fields={"temperature": 0.1}), make_case())
    run_agent(build(model_fields={"temperature": 0.1}), make_case())
    assert [b["temperature"] for b in bodies(server)] == [0.7, 0.1]


@pytest.mark.parametrize(
    ("fields", "kind", "model"),
    [
        ({"model": "openai/gpt-4.1-mini"}, "model", "openai/gpt-4.1-mini"),
        ({"model": {"model": "ollama/llama3.1", "concurrency": 2}}, "model", "ollama/llama3.1"),
        ({"model": "mock/m", "tools": ["a:B", "c:D"], "max_turns": 3}, "model", "mock/m"),
    ],
)
def test_agent_config_takes_a_model(fields, kind, model):
    config = AgentConfig.model_validate(fields)
    assert config.kind == kind
    assert isinstance(config.model, ModelConfig) and config.model.model == model


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"model": "gpt-4.1-mini"}, "is not a model name"),
        (
            {"model": "mock/m", "python": "a:b"},
            "exactly one of python, command, http, replay or model",
        ),
        ({"python": "a:b", "tools": "t:TOOLS"}, "tools only go with a model agent"),
        ({"python": "a:b", "system": "hi", "max_turns": 3}, "system, max_turns only go with"),
        ({"model": "mock/m", "system": "a", "system_file": "b"}, "system or system_file, not both"),
        ({"model": "mock/m", "max_turns": 0}, "greater than or equal to 1"),
        ({"model": "mock/m", "temperature": -1}, "greater than or equal to 0"),
    ],
)
def test_agent_config_mistakes(fields, message):
    with pytest.raises(ValidationError, match=message):
        AgentConfig.model_validate(fields)


@pytest.mark.parametrize(
    ("spec", "message", "hint"),
    [
        ("{module}:MISSING", "has no attribute 'MISSING'", "lists it defines: SLOW, TOOLS"),
        ("{module}", "not 'module:ATTRIBUTE'", "support_tools:TOOLS"),
        ("tools.py:TOOLS", "names the file 'tools.py'", "write 'tools:TOOLS'"),
        (
            "no_such_tools_xyz:TOOLS",
            "tools module 'no_such_tools_xyz' not found on the path",
            "agent.path",
        ),
        ("{module}:NOT_A_LIST", "'{module}:NOT_A_LIST' is a int, not a function", None),
        ("{module}:WITH_A_STRING", "item 1 of '{module}:WITH_A_STRING' is a str", None),
        ("{module}:TWICE", "two tools are called 'greet'", "rename one"),
    ],
)
def test_tools_that_cannot_be_loaded(tools_module, tmp_path, spec, message, hint):
    config = ModelAgentConfig(model="mock/m", tools=spec.format(module=tools_module), path=["lib"])
    with pytest.raises(ConfigError) as info:
        make_agent(config, base_dir=tmp_path)
    assert message.format(module=tools_module) in info.value.message
    if hint is not None:
        assert hint in (info.value.hint or "")


@pytest.mark.parametrize(
    ("attribute", "message"),
    [
        ("NO_HINT", "parameter 'account_id' of the tool no_hint"),
        ("STAR_ARGS", "the tool star_args (from {module}:STAR_ARGS) takes *ids"),
        ("STAR_KWARGS", "the tool star_kwargs (from {module}:STAR_KWARGS) takes **extra"),
        ("CUSTOM_CLASS", "parameter 'account' of the tool custom_class"),
        ("CALLBACK", "parameter 'on_done' of the tool callback"),
        ("UNRESOLVED", "the type hints of the tool unresolved"),
        ("LAMBDA", "has no name a model can call"),
    ],
)
def test_a_tool_that_cannot_be_described_is_a_config_error(
    write_module, tmp_path, attribute, message
):
    module = write_module(UNDESCRIBABLE)
    config = ModelAgentConfig(model="mock/m", tools=f"{module}:{attribute}", path=["lib"])
    with pytest.raises(ConfigError) as info:
        make_agent(config, base_dir=tmp_path)
    assert message.format(module=module) in info.value.message


@pytest.mark.parametrize(
    ("system_file", "message"),
    [("prompts/missing.md", "does not exist"), ("prompts", "cannot be read")],
)
def test_a_system_file_that_cannot_be_read(tmp_path, system_file, message):
    (tmp_path / "prompts").mkdir()
    config = ModelAgentConfig(model="mock/m", system_file=system_file)
    with pytest.raises(ConfigError, match=message):
        make_agent(config, base_dir=tmp_path)


def test_an_unknown_provider_is_a_config_error(tmp_path):
    with pytest.raises(ConfigError, match="nosuchprovider"):
        make_agent(ModelAgentConfig(model="nosuchprovider/m"), base_dir=tmp_path)


# Timeouts


@pytest.mark.slow
@pytest.mark.parametrize("tool_name", ["slow", "blocking"])
def test_a_trial_that_takes_too_long_times_out(server, build, run_agent, tool_name):
    server.script(tool_call_reply((tool_name, {"seconds": 5})))
    agent = build(tools="SLOW", timeout=0.3)
    [trace] = run_agent(agent, make_case())
    assert trace.error is not None and "within the timeout of 0.3s" in trace.error
    assert trace.turns == 1
    assert 0.3 <= trace.latency_s < 3.0


# Without a server: the scripted mock


def lookup(account_id: Annotated[str, Field(description="the id")], /, tier: str = "any") -> dict:
    """Look up an account."""
    rec = current_recorder()
    assert rec is not None
    rec.retrieved([{"id": "acct", "text": f"account {account_id}"}])
    rec.add_usage(input_tokens=3, cost_usd=0.5)
    return {"id": account_id, "tier": tier}


@tool
def logged(note: Literal["a", "b"]) -> str:
    """Logs itself too."""
    return note * 2


class ClosingMock(MockProvider):
    closed = 0

    async def aclose(self) -> None:
        ClosingMock.closed += 1


def test_a_mock_model_scripted_with_tool_calls(run_agent):
    provider = ClosingMock(
        [
            ModelResponse(
                tool_calls=[
                    ModelToolCall(id="t1", name="lookup", arguments={"account_id": "a1"}),
                    ModelToolCall(id="t2", name="logged", arguments={"note": "c"}),
                ],
                input_tokens=10,
                output_tokens=2,
            ),
            ModelResponse(text="All done.", input_tokens=30, output_tokens=4),
        ]
    )
    model = get_model(
        ModelConfig(model="mock/agent", prices={"input_per_mtok": 1e6, "output_per_mtok": 0}),
        provider=provider,
    )
    agent = ModelAgent(model, system="Be brief.", tools=[lookup, logged], max_turns=3)
    closed = ClosingMock.closed
    [trace] = run_agent(agent, make_case(input="Who am I?"))

    assert ClosingMock.closed == closed + 1  # aclose closed the model
    assert trace.error is None and trace.output == "All done."
    assert [(c.id, c.name, c.result, c.error is None) for c in trace.tool_calls] == [
        ("t1", "lookup", {"id": "a1", "tier": "any"}, True),
        ("t2", "logged", None, False),
    ]
    assert "note: Input should be 'a' or 'b'" in (trace.tool_calls[1].error or "")
    assert [p.id for p in trace.passages] == ["acct"]
    # Model calls (40 in at $1 a token, 6 out) plus what the tool added (3 in, $0.5).
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (43, 6)
    assert trace.usage.cost_usd == pytest.approx(40.5)
    assert trace.turns == 2
    [first, second] = provider.requests
    assert [t.name for t in first.tools] == ["lookup", "logged"]
    assert first.cache_salt == "agent:seed=0:repeat=0"
    assert [m.role for m in second.messages] == ["system", "user", "assistant", "tool", "tool"]
    assert second.messages[3].content == '{"id":"a1","tier":"any"}'


def test_an_echoing_mock_model_from_a_suite(tmp_path, run_agent):
    agent = make_agent(ModelAgentConfig(model="mock/echo"), base_dir=tmp_path)
    [trace] = run_agent(agent, make_case(input="echo me"))
    assert (trace.output, trace.turns, trace.metadata) == ("echo me", 1, {"model": "mock/echo"})


@pytest.mark.parametrize(
    ("tools", "message"),
    [
        ([lookup, lookup], "two tools are called 'lookup'"),
        ([print], r"the tool print takes \*args"),
    ],
)
def test_model_agent_checks_its_tools(tools, message):
    with pytest.raises(ConfigError, match=message):
        ModelAgent(get_model("mock/m"), tools=tools)


# tool_spec


def documented(query: str, limit: int = 3, *, strict: bool = False) -> list[str]:
    """Search the knowledge base
    for articles.

    Longer explanation that the model does not need.

    Args:
        query: what to search for,
            in plain words.
        limit (int): at most this many articles.
    """
    return []


def undocumented(count: int) -> int:
    return count


@pytest.mark.parametrize(
    ("fn", "description", "required", "described"),
    [
        (
            documented,
            "Search the knowledge base for articles.",
            ["query"],
            {
                "query": "what to search for, in plain words.",
                "limit": "at most this many articles.",
            },
        ),
        (undocumented, "", ["count"], {}),
        (lookup, "Look up an account.", ["account_id"], {"account_id": "the id"}),
    ],
)
def test_tool_spec_reads_the_docstring_and_the_hints(fn, description, required, described):
    spec = tool_spec(fn)
    assert spec.name == fn.__name__
    assert spec.description == description
    assert spec.parameters["required"] == required
    assert spec.parameters["additionalProperties"] is False
    got = {
        k: v["description"] for k, v in spec.parameters["properties"].items() if "description" in v
    }
    assert got == described
    assert all("title" not in v for v in spec.parameters["properties"].values())
