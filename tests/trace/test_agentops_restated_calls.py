"""AgentOps' framework spans typed as model calls over the call's own record, on small span
lists written its way (tests/data/traces/agentops/agentops-langgraph-2026-12-07e.json,
agentops-google-adk-2026-12-07e.json).

AgentOps' LangGraph instrumentation types each node that looks like a model's
(``langgraph.node.execute``) as ``agentops.span.kind`` ``llm`` and writes on it a summary of the
node's state (LangChain's roles, no system prompt, no requests, no ids); its Google ADK one
types ``adk.llm.<model>`` as ``request``, the request flattened so that of parallel calls only
the last part stays. The model client's span inside (``openai.chat.completion``, ADK's
``generate_content``) is the call; the AgentOps span is a wrapper that says nothing. With no
call inside it, the AgentOps span is the call. Other spans that look alike are not touched.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "b1" * 16
SYSTEM = "You are a weather assistant."
ASK = "What is the weather in Paris?"
ANSWER = "Paris is sunny at 22 C."


def _span(n: int, name: str, attrs: dict[str, Any], *, parent: int | None = None) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=20.0 - n)


def _node(kind: str = "llm", **more: Any) -> dict[str, Any]:
    """AgentOps' LangGraph node span: the state's messages, LangChain's roles, dated model."""
    return {
        "agentops.span.kind": kind,
        "agentops.entity.name": "Node: agent",
        "gen_ai.system": "langgraph",
        "gen_ai.prompt.0.role": "human",
        "gen_ai.prompt.0.content": ASK,
        "gen_ai.request.model": "gpt-4o-mini-2024-07-18",
        "gen_ai.response.model": "gpt-4o-mini-2024-07-18",
        "gen_ai.usage.prompt_tokens": "61",
        "gen_ai.usage.completion_tokens": "34",
        "gen_ai.completion.0.content": ANSWER,
        **more,
    }


def _client() -> dict[str, Any]:
    """AgentOps' OpenAI instrumentation's record of the same call, whole."""
    return {
        "gen_ai.request.type": "chat",
        "gen_ai.system": "OpenAI",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.response.model": "gpt-4o-mini-2024-07-18",
        "gen_ai.prompt.0.role": "system",
        "gen_ai.prompt.0.content": SYSTEM,
        "gen_ai.prompt.1.role": "user",
        "gen_ai.prompt.1.content": ASK,
        "gen_ai.completion.0.role": "assistant",
        "gen_ai.completion.0.content": ANSWER,
        "gen_ai.usage.prompt_tokens": "61",
        "gen_ai.usage.completion_tokens": "34",
    }


def _graph(node: dict[str, Any], *, client: bool = True) -> list[dict[str, Any]]:
    session = {"agentops.span.kind": "session", "operation.name": "default"}
    execute = {"agentops.span.kind": "workflow", "agentops.entity.name": "Workflow Execution"}
    spans = [
        _span(1, "default.session", session),
        _span(2, "langgraph.workflow.execute", execute, parent=1),
        _span(3, "langgraph.node.execute", node, parent=2),
    ]
    if client:
        spans.append(_span(4, "openai.chat.completion", _client(), parent=3))
    return spans


def _said(imported: Any) -> list[tuple[str, Any]]:
    return [(m.role, m.content) for m in imported.trace.messages]


def test_the_client_span_inside_the_node_is_the_call(tmp_path: Path) -> None:
    # before, the node span stood for the call: no system prompt, the dated model
    imported = import_one(tmp_path, _graph(_node()))
    assert _said(imported) == [("system", SYSTEM), ("user", ASK), ("assistant", ANSWER)]
    assert imported.metadata.get("model") == "gpt-4o-mini"
    usage = imported.trace.usage
    assert usage is not None and (usage.input_tokens, usage.output_tokens) == (61, 34)


def test_a_node_with_no_call_inside_is_the_call(tmp_path: Path) -> None:
    # the model's client not instrumented: the node's summary is all the trace keeps
    imported = import_one(tmp_path, _graph(_node(), client=False))
    assert _said(imported) == [("user", ASK), ("assistant", ANSWER)]
    assert imported.metadata.get("model") == "gpt-4o-mini-2024-07-18"


def test_adk_request_kind_over_generate_content(tmp_path: Path) -> None:
    # ADK's adk.llm span (kind request) over ADK's own generate_content: the latter's messages
    adk = {
        "agentops.span.kind": "request",
        "gen_ai.system": "gcp.vertex.agent",
        "gen_ai.request.model": "gemini-2.5-flash",
        "gen_ai.prompt.0.role": "user",
        "gen_ai.prompt.0.content": ASK,
        "gen_ai.usage.prompt_tokens": "61",
        "gen_ai.usage.completion_tokens": "34",
        "gen_ai.completion.0.role": "assistant",
        "gen_ai.completion.0.content": "stale",
    }
    inner = {
        "gen_ai.operation.name": "generate_content",
        "gen_ai.request.model": "gemini-2.5-flash",
        "gen_ai.system_instructions": f'[{{"content": "{SYSTEM}", "type": "text"}}]',
        "gen_ai.input.messages": (
            f'[{{"role": "user", "parts": [{{"content": "{ASK}", "type": "text"}}]}}]'
        ),
        "gen_ai.output.messages": (
            f'[{{"role": "assistant", "parts": [{{"content": "{ANSWER}", "type": "text"}}]}}]'
        ),
        "gen_ai.usage.input_tokens": "61",
        "gen_ai.usage.output_tokens": "34",
    }
    spans = [
        _span(1, "invoke_agent weather_agent", {"gen_ai.operation.name": "invoke_agent"}),
        _span(2, "adk.llm.gemini-2.5-flash", adk, parent=1),
        _span(3, "generate_content gemini-2.5-flash", inner, parent=2),
    ]
    imported = import_one(tmp_path, spans)
    assert _said(imported) == [("system", SYSTEM), ("user", ASK), ("assistant", ANSWER)]
    usage = imported.trace.usage
    assert usage is not None and (usage.input_tokens, usage.output_tokens) == (61, 34)


def test_spans_that_look_alike_are_not_wrappers(tmp_path: Path) -> None:
    # another tracer's kind named llm, and an AgentOps span naming its own operation: the
    # outer record stands for the call as before (`_same_call`), the system prompt unsaid
    for outer in (
        {k: v for k, v in _node().items() if k != "agentops.span.kind"}
        | {"traceloop.span.kind": "llm"},
        _node(**{"gen_ai.operation.name": "chat"}),
    ):
        imported = import_one(tmp_path, _graph(outer))
        assert _said(imported) == [("user", ASK), ("assistant", ANSWER)], outer
    # nor AgentOps' other kinds on the same span (read by its usage, as before)
    for kind in ("task", "workflow", "unknown"):
        imported = import_one(tmp_path, _graph(_node(kind)))
        assert _said(imported)[0] == ("user", ASK), kind
