"""LangSmith's Claude Agent SDK integration, its runs exported as OpenTelemetry spans.

``langsmith.integrations.claude_agent_sdk.configure_claude_agent_sdk()`` traces a Claude Agent
SDK session as LangSmith runs, each span marked ``langsmith.metadata.ls_integration``
``claude-agent-sdk``: a ``claude.conversation`` chain, a ``claude.assistant.turn`` llm run per
reply and a tool run per tool the model requested. Sent as OpenTelemetry spans
(``LANGSMITH_OTEL_ENABLED``) they record, beside what every LangSmith span records:

- the conversation chain's inputs ``{"prompt": <the user's text>, "system": <the system
  prompt>}``: ``ClaudeAgentOptions.system_prompt``, sent with every model call, but recorded
  only here, since the llm runs record Anthropic's ``messages``, which hold no system prompt
  (`claude_conversation_inputs`);
- a tool run's inputs ``{"input": <the tool's arguments>}``: the integration's wrapper around
  the arguments the model gave (`claude_tool_attributes`), and, for an MCP tool (the SDK runs
  its in-process servers' tools as ``mcp__<server>__<tool>``), its output MCP's
  ``CallToolResult`` ``{"content": [<blocks>]}``, of which the model is given the content
  blocks: the result is their text, as other frameworks' MCP results are read
  (`._ai_sdk_mcp.call_tool_result`);
- the model asked for, ``ClaudeAgentOptions.model``, as ``langsmith.metadata.model`` on every
  span, while the llm runs' ``gen_ai.request.model`` (LangSmith's ``ls_model_name``) is the
  ``AssistantMessage``'s ``model``, the answering model's dated name: the contract takes the
  one asked for (`claude_asked_model`).

Only spans the integration marks are read so: other LangSmith runs keep their own shapes
(`._langsmith`).
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, try_json
from ._ai_sdk_mcp import call_tool_result

__all__ = ["claude_asked_model", "claude_conversation_inputs", "claude_tool_attributes"]

_INTEGRATION = "langsmith.metadata.ls_integration"
_CLAUDE_AGENT_SDK = "claude-agent-sdk"


def _claude(attrs: dict[str, Any]) -> bool:
    """Whether a span is a run of LangSmith's Claude Agent SDK integration."""
    return attrs.get(_INTEGRATION) == _CLAUDE_AGENT_SDK


def claude_asked_model(attrs: dict[str, Any]) -> str | None:
    """The model a Claude Agent SDK run asked for (``langsmith.metadata.model``), else None.

    Examples:
        >>> claude_asked_model({"langsmith.metadata.ls_integration": "claude-agent-sdk",
        ...     "langsmith.metadata.model": "claude-sonnet-4-5",
        ...     "gen_ai.request.model": "claude-sonnet-4-5-20250929"})
        'claude-sonnet-4-5'
        >>> claude_asked_model({"langsmith.metadata.model": "gpt-4o-mini"}) is None
        True
    """
    model = attrs.get("langsmith.metadata.model")
    return model if _claude(attrs) and isinstance(model, str) and model.strip() else None


def claude_conversation_inputs(attrs: dict[str, Any]) -> tuple[str, list[Msg]] | None:
    """(the user's prompt, the system prompt as messages) of the conversation chain's inputs.

    None for any other run, or inputs that are not ``{"prompt": <text>, "system": ...}``.

    Examples:
        >>> prompt, system = claude_conversation_inputs({
        ...     "langsmith.metadata.ls_integration": "claude-agent-sdk",
        ...     "gen_ai.prompt": '{"prompt": "Rain?", "system": "Be brief."}'})
        >>> prompt, [(m.role, m.content) for m in system]
        ('Rain?', [('system', 'Be brief.')])
        >>> claude_conversation_inputs({"langsmith.metadata.ls_integration": "claude-agent-sdk",
        ...     "gen_ai.prompt": '{"prompt": "Rain?"}'})
        ('Rain?', [])
        >>> claude_conversation_inputs({
        ...     "gen_ai.prompt": '{"prompt": "Rain?", "system": "Be brief."}'}) is None
        True
    """
    inputs = try_json(attrs.get("gen_ai.prompt"))
    if not (_claude(attrs) and isinstance(inputs, dict) and set(inputs) <= {"prompt", "system"}):
        return None
    prompt, system = inputs.get("prompt"), inputs.get("system")
    if not isinstance(prompt, str):
        return None
    said = [Msg(role="system", content=system)] if isinstance(system, str) and system else []
    return prompt, said


def claude_tool_attributes(attrs: dict[str, Any]) -> dict[str, Any]:
    """A Claude Agent SDK tool run's arguments out of ``{"input": ...}``, an MCP result as text.

    Other spans' attributes, and a tool run whose inputs are not that wrapper or whose output
    is no MCP ``CallToolResult``, keep what they record.

    Examples:
        >>> out = claude_tool_attributes({"langsmith.metadata.ls_integration": "claude-agent-sdk",
        ...     "langsmith.span.kind": "tool", "gen_ai.prompt": '{"input": {"city": "Oslo"}}',
        ...     "gen_ai.completion": '{"content": [{"type": "text", "text": "rain"}]}'})
        >>> out["gen_ai.tool.call.arguments"], out["gen_ai.tool.call.result"]
        ({'city': 'Oslo'}, 'rain')
        >>> plain = {"langsmith.span.kind": "tool", "gen_ai.prompt": '{"input": {"city": "Oslo"}}'}
        >>> claude_tool_attributes(plain) is plain
        True
    """
    if not (_claude(attrs) and attrs.get("langsmith.span.kind") == "tool"):
        return attrs
    out = dict(attrs)
    inputs = try_json(attrs.get("gen_ai.prompt"))
    if isinstance(inputs, dict) and set(inputs) == {"input"} and isinstance(inputs["input"], dict):
        out["gen_ai.tool.call.arguments"] = inputs["input"]
    mcp = call_tool_result(attrs.get("gen_ai.completion"))
    if mcp is not None:
        out["gen_ai.tool.call.result"] = mcp[0]
    return out
