"""LangGraph.js's prebuilt ReAct agent under OpenInference's JS instrumentation, on small spans.

Shapes from ``langgraph/langgraph-js-tool-error-2026-12-06f.json`` (@langchain/langgraph
1.7.3 ``createReactAgent({name: 'weather_agent', ...})`` traced by
@arizeai/openinference-instrumentation-langchain 4.1.1, a tool that throws): the failed TOOL
span's status message and ``exception.message`` are the error's message, a blank line and
its JavaScript stack, whose first line ``Error: <message>`` is the error
(`integrations/_js_stacks.py`); the graph's own span is a CHAIN named as the agent was built,
every reply in its output state carrying that ``name`` (`otel/_agent_chains.py`). What other
shapes hold (a ``ParentCommand`` with no message, a Python traceback, a typed exception, a
graph of the default name ``LangGraph``, a graph run as a node, replies naming another, the
``createAgent`` chain, the Python instrumentation's AGENT span) reads as before.
"""

from __future__ import annotations

import json
from typing import Any

from fourfold.integrations import from_openinference
from tests.helpers.langchain_js_messages import lc as _lc
from tests.helpers.span_builders import hex_span

_TRACE = "0x" + "7e" * 16
_QUESTION = "What is the weather in Tokio?"
_ANSWER = "I could not find Tokio."
_GIVEN = "Error: unknown city: Tokio\n Please fix your mistakes."
_STACK = (
    "unknown city: Tokio\n\nError: unknown city: Tokio\n"
    "    at tool.name (file:///app/fourfold_runner.mjs:35:35)\n"
    "    at DynamicStructuredTool.call (file:///app/node_modules/@langchain/core/dist/tools/"
    "index.js:136:27)\n"
    "    at process.processTicksAndRejections (node:internal/process/task_queues:103:5)"
)
_PARENT_COMMAND = (
    "\n\nParentCommand\n"
    "    at RunnableCallable._controlBranch [as func] (file:///app/node_modules/"
    "@langchain/langgraph/dist/graph/state.js:775:47)"
)
_GRAPH = {"ls_integration": "langgraph"}
_REQUEST = {"name": "get_weather", "args": {"city": "Tokio"}, "type": "tool_call", "id": "call_e1"}


def _span(name: str, span_id: int, parent: int | None, **attributes: Any) -> dict[str, Any]:
    return hex_span(name, span_id, parent, trace=_TRACE, **attributes)


def _state(name: str | None) -> str:
    """The graph's final state: the question, the request, the error given, the answer."""
    named = {} if name is None else {"name": name}
    return json.dumps(
        {
            "messages": [
                _lc("HumanMessage", content=_QUESTION),
                _lc("AIMessage", content="", tool_calls=[_REQUEST], **named),
                _lc("ToolMessage", content=_GIVEN, tool_call_id="call_e1", status="error"),
                _lc("AIMessage", content=_ANSWER, **named),
            ]
        }
    )


def _run(
    message: str = _STACK, *, event: dict[str, Any] | None = None, name: str | None = None
) -> list[dict[str, Any]]:
    """The root graph CHAIN ``weather_agent``, its ``tools`` node and the failed TOOL span."""
    said = {"exception.message": message} if event is None else event
    failed = _span(
        "get_weather",
        3,
        2,
        **{
            "openinference.span.kind": "TOOL",
            "tool.name": "get_weather",
            "input.value": "Tokio",
            "input.mime_type": "text/plain",
        },
    )
    failed["status"] = {"status_code": "ERROR", "description": message}
    failed["events"] = [{"name": "exception", "attributes": said}]
    root = _span(
        "weather_agent",
        1,
        None,
        **{
            "openinference.span.kind": "CHAIN",
            "input.value": json.dumps({"messages": [{"role": "user", "content": _QUESTION}]}),
            "output.value": _state("weather_agent" if name is None else name),
            "metadata": json.dumps(_GRAPH),
        },
    )
    node = {**_GRAPH, "langgraph_node": "tools"}
    tools = _span(
        "tools", 2, 1, **{"openinference.span.kind": "CHAIN", "metadata": json.dumps(node)}
    )
    return [root, tools, failed]


def _error(spans: list[dict[str, Any]]) -> str | None:
    [imported] = from_openinference(spans)
    [call] = imported.trace.tool_calls
    return call.error


def _agent(spans: list[dict[str, Any]]) -> Any:
    [imported] = from_openinference(spans)
    return imported.metadata.get("agent_name")


def test_a_message_followed_by_its_stack_is_the_stacks_first_line() -> None:
    assert _error(_run()) == "Error: unknown city: Tokio"


def test_the_status_message_alone_reads_the_same() -> None:
    spans = _run()
    spans[2]["events"] = []
    assert _error(spans) == "Error: unknown city: Tokio"


def test_a_stack_naming_another_message_is_kept_as_written() -> None:
    other = _STACK.replace("Error: unknown city: Tokio", "TypeError: no such city", 1)
    assert _error(_run(other)) == other


def test_a_parent_command_with_no_message_is_kept_as_written() -> None:
    # LangGraph.js's hand-off (langgraph-js-supervisor): no message, the bare name opening
    # the stack; it is no tool's failure there, and stays what it said
    assert _error(_run(_PARENT_COMMAND)) == _PARENT_COMMAND


def test_a_typed_exception_and_a_python_traceback_read_as_before() -> None:
    typed = {"exception.type": "ValueError", "exception.message": "unknown city: Tokio"}
    assert _error(_run("unknown city: Tokio", event=typed)) == "ValueError: unknown city: Tokio"
    traceback = (
        "ValueError('unknown city: Tokio')Traceback (most recent call last):\n"
        '  File "tools.py", line 9, in run\n'
        "ValueError: unknown city: Tokio"
    )
    said = {"exception.type": "Exception", "exception.message": traceback}
    assert _error(_run(traceback, event=said)) == "ValueError: unknown city: Tokio"


def test_a_graph_chain_named_as_its_replies_names_the_agent() -> None:
    assert _agent(_run()) == "weather_agent"


def test_a_graph_chain_named_otherwise_names_no_agent() -> None:
    # replies named by no one, or by another (a worker's inside a supervisor's graph)
    assert _agent(_run(name="")) is None
    assert _agent(_run(name="clothing_agent")) is None
    # LangGraph's default name (a supervisor's, a StateGraph compiled unnamed)
    spans = _run()
    spans[0]["name"] = "LangGraph"
    spans[0]["attributes"]["output.value"] = _state("LangGraph")
    assert _agent(spans) is None


def test_a_graph_run_as_a_node_names_no_agent() -> None:
    # a graph run inside another's node carries the node it runs in (a node named as its
    # replies is a supervisor's worker, named by its own rule: `_node_agents`)
    spans = _run()
    node = {**_GRAPH, "langgraph_node": "worker"}
    spans[0]["attributes"]["metadata"] = json.dumps(node)
    assert _agent(spans) is None


def test_the_create_agent_chain_and_the_python_agent_span_read_as_before() -> None:
    spans = _run(name="")
    spans[0]["attributes"]["metadata"] = json.dumps(
        {"ls_integration": "langchain_create_agent", "lc_agent_name": "weather_agent"}
    )
    assert _agent(spans) == "weather_agent"
    spans = _run(name="")
    spans[0]["attributes"]["openinference.span.kind"] = "AGENT"
    assert _agent(spans) == "weather_agent"  # Python's: the graph's own span, named as built
