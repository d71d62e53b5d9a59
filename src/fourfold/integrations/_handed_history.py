"""A sub-agent run as a tool that is handed its caller's history: one conversation.

A run inside a tool span is the tool's agent's, a conversation of its own (`_run_scopes`),
unless it is HANDED its caller's history: its model input, after its own system prompt(s),
holds every message its caller had before the turn that asked for the tool, in order (same
role and text; the caller's system prompts with them or not, one message at least not a
system prompt), then at least one user message of its own, its task. Two shapes read so:

- Mastra 1.x's sub-agent tool (an ``Agent`` with ``agents: {...}``, the tool
  ``agent-<name>``; read from @mastra/core 1.71 under @mastra/otel-exporter 1.4): its own
  system prompt, the supervisor's system prompt and the user's question, then the delegated
  prompt (``mastra-supervisor-2026-12-05``).
- BeeAI's ``HandoffTool`` (beeai-framework 0.1.85 under openinference-instrumentation-beeai
  0.1.30): a copy of the caller's memory, the question without the caller's system prompt,
  then ``Your task: ...`` (``beeai-handoff-2026-12-05``, ``-streamed-2026-12-06d``).

A handed run continues its caller's conversation (tests/data/traces/README.md: histories that
share a message): the shared messages said once, in the order of the caller's history (its
last model call's input and reply, after the sub-run returned), each tool message after the
turn that requested it; the sub-run's own messages (its system prompt, its task, its turns)
after it, in the order they came. A run whose input shares nothing with its caller (every
other agent-as-tool shape), or whose only user message is the caller's question word for
word with nothing of its own after it (an agent-as-tool asked the question verbatim), is left
a conversation of its own (D4).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ._messages import Msg
from ._run_scopes import scope_of
from ._spans import Span
from ._steps import Step, ToolRun

__all__ = ["SubRun", "handed_histories", "sub_runs"]


class SubRun(NamedTuple):
    """A tool span whose runs may be a sub-agent's conversation (`Conversation.merge`'s scope)."""

    scope: str
    """The tool span's id: the scope its runs' messages were merged in."""
    caller: str | None
    """The scope of the conversation that called the tool (None: the trace's main one)."""
    call_id: str | None
    name: str | None
    """The tool's name (None: the span names none, and no request is its by name)."""


def sub_runs(
    ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span], twins: set[str]
) -> list[SubRun]:
    """Every tool span of the trace, with the conversation it was called from."""
    return [
        SubRun(span.span_id, scope_of(span, steps, by_id, twins), step.call.id, step.call.name)
        for span in ordered
        if isinstance(step := steps.get(id(span)), ToolRun)
    ]


def handed_histories(
    messages: list[Msg], scopes: Mapping[int, str | None], runs: list[SubRun]
) -> list[Msg]:
    """`messages` with each sub-run handed its caller's history joined to its caller's.

    `scopes`: by message id, the conversation each was merged in (`Conversation.scopes`); a
    tool message is its request's. The joined conversation stands where the two did: the
    caller's messages first, then the sub-run's it was not handed; the other messages keep
    their places.

        >>> from fourfold.integrations._messages import ToolRequest
        >>> caller = [Msg("system", "Route."), Msg("user", "Weather?")]
        >>> asked = Msg("assistant", tool_calls=[ToolRequest("agent-w", {}, "a1")])
        >>> answered = [Msg("tool", "sunny", tool_call_id="a1"), Msg("assistant", "Sunny.")]
        >>> sub = [Msg("system", "Look up."), Msg("system", "Route."), Msg("user", "Weather?"),
        ...        Msg("user", "Paris?"), Msg("assistant", "sunny")]
        >>> where = {id(m): "t" for m in sub}
        >>> said = handed_histories([*caller, asked, *answered, *sub], where,
        ...                         [SubRun("t", None, "a1", "agent-w")])
        >>> [m.content or "(asks)" for m in said]
        ['Route.', 'Weather?', '(asks)', 'sunny', 'Sunny.', 'Look up.', 'Paris?', 'sunny']
    """
    requested = {r.id: m for m in messages for r in m.tool_calls if r.id}
    owner = {  # each message's conversation: its scope; a tool message's, its request's
        id(m): scopes.get(id(requested.get(m.tool_call_id, m) if m.tool_call_id else m))
        for m in messages
    }
    held = set(owner.values())
    for run in runs:
        if run.scope in held:
            messages = _joined(messages, owner, run)
    return messages


def _joined(messages: list[Msg], owner: Mapping[int, str | None], run: SubRun) -> list[Msg]:
    sub = [m for m in messages if owner[id(m)] == run.scope]
    caller = [m for m in messages if owner[id(m)] == run.caller]
    handed = _handed(caller, sub, run)
    if handed is None:
        return messages
    shared = {id(m) for m in sub[handed]}  # said in the caller's history, there
    joined = iter([*caller, *(m for m in sub if id(m) not in shared)])
    places = {id(m) for m in [*caller, *sub]}
    # the joined conversation fills the places the two held, the others keep theirs
    return [next(joined) if id(m) in places else m for m in messages if id(m) not in shared]


def _handed(caller: list[Msg], sub: list[Msg], run: SubRun) -> slice | None:
    """Where the sub-run's history holds what its caller had before it asked for the tool.

    After the sub-run's own system prompts: the caller's messages before the request, its
    system prompts with them (Mastra) or not (BeeAI), one at least not a system prompt; then
    a message of the sub-run's own input (its task). None when it holds none of them, a part,
    or them and nothing of its own after (an agent asked the question word for word).
    """
    asked = next(
        (
            i
            for i, m in enumerate(caller)
            for r in m.tool_calls
            if (r.id == run.call_id if run.call_id else r.name == run.name)
        ),
        None,
    )
    if asked is None:
        return None
    history = [m.key() for m in caller[:asked]]
    talk = [m.key() for m in caller[:asked] if m.role != "system"]
    own = 0
    while own < len(sub) and sub[own].role == "system" and sub[own].key() not in history:
        own += 1  # the sub-agent's own system prompts come before what it was handed
    for given in (history, talk) if talk else ():
        end = own + len(given)
        if [m.key() for m in sub[own:end]] == given and end < len(sub):
            if sub[end].role == "user":  # its task, after what it was handed
                return slice(own, end)
    return None
