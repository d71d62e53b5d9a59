"""A turn replayed without its calls: the turn held with them, its calls given back.

A framework may send a model its earlier tool-calling turn back as the turn's text alone.
LangChain's ``ChatCohere`` (langchain-cohere 0.6.0) sends Cohere a turn that asked for tools
as its ``tool_plan`` and the results after it, and openlit 1.45's LangChain instrumentation
records that request: the second model call's input holds the assistant's text ('I will look
up the weather in Paris and in Tokyo.') and then the tool messages, while the first call's
reply holds the same text with its two ``tool_call`` parts. Read as they stand, the
conversation would hold that turn twice: once with its calls, once as text before their
results (both readings of ``openlit-langgraph-cohere`` took it as one turn).

The rule, `with_dropped_calls`: an assistant message of a history with text and no requests
is the turn already held that says the same text with requests, when no message of the
history holds that turn with its calls itself and the tool messages right after it (if any)
name no call or only calls of that turn: it takes those requests, their ids too, and the
results after it that name no call take the ids they leave, in order. Each held turn is
claimed once. (openlit's root span lists the run's assistant texts, the plan among them,
without calls: the same turn again.)
"""

from __future__ import annotations

from dataclasses import replace

from ._messages import Msg

__all__ = ["with_dropped_calls"]


def with_dropped_calls(history: list[Msg], held: list[Msg]) -> list[Msg]:
    """`history` with the calls its replayed turns dropped, as `held` gives them.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> asked = [ToolRequest("get_weather", {"city": "Paris"}, "c1")]
        >>> held = [Msg("user", "Weather?"), Msg("assistant", "I will look.", tool_calls=asked)]
        >>> again = [Msg("user", "Weather?"), Msg("assistant", "I will look."),
        ...     Msg("tool", "sunny")]
        >>> out = with_dropped_calls(again, held)
        >>> [r.id for r in out[1].tool_calls], out[1].key() == held[1].key(), out[2].tool_call_id
        (['c1'], True, 'c1')
        >>> other = [Msg("assistant", "I will look."), Msg("tool", "rain", tool_call_id="c9")]
        >>> with_dropped_calls(other, held)[0].tool_calls  # another call's result: not that turn
        []
    """
    turns = [m for m in held if m.role == "assistant" and m.tool_calls and _text(m)]
    if not turns:
        return history
    keys_here = {m.key() for m in history}
    turns = [m for m in turns if m.key() not in keys_here]
    out = list(history)
    for n, msg in enumerate(history):
        if msg.role != "assistant" or msg.tool_calls or not _text(msg):
            continue
        results = _results_after(history, n)
        same = next((m for m in turns if _text(m) == _text(msg)), None)
        if same is None:
            continue
        ids = [r.id for r in same.tool_calls]
        if any(r.tool_call_id and r.tool_call_id not in ids for r in results):
            continue  # results of other calls: not that turn's
        turns.remove(same)
        out[n] = replace(msg, tool_calls=[replace(r) for r in same.tool_calls])
        unnamed = iter(i for i in ids if i and all(r.tool_call_id != i for r in results))
        for k, result in enumerate(results, start=n + 1):
            if not result.tool_call_id:
                out[k] = replace(result, tool_call_id=next(unnamed, None))
    return out


def _text(msg: Msg) -> str:
    return (msg.content or "").strip()


def _results_after(history: list[Msg], n: int) -> list[Msg]:
    """The tool messages right after message `n` of `history`."""
    out = []
    for msg in history[n + 1 :]:
        if msg.role != "tool":
            break
        out.append(msg)
    return out
