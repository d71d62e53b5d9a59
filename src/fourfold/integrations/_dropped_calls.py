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

A turn that said nothing but its calls is replayed as an empty assistant message: LlamaIndex's
``AgentWorkflow`` (llama-index-core 0.14) hands the next agent the history with a
``CodeActAgent``'s ``handoff`` turn as ``''`` and no ``tool_calls``, then the ``call_h1``
result. With no text to tell it by, such a turn is the held turn whose requests the results
right after it answer: every one of them names a call, and all of those calls are that turn's.
Where the results name no call either (traceAI's LangChain instrumentation, traceai-langchain
0.2.0, flattens a replayed ``AIMessage`` to its role alone and its ``ToolMessage`` s to role
and content), what tells the turn is what its results say: it is the held turn with no text,
not yet claimed, whose calls the held answers (tool messages naming them) answer, in its
calls' order, with the results' texts, one for one. Results some of which name a call and
some not, or that say what no held turn's answers say, are left as they are. (LangWatch's
LangChain callback writes such a turn as ``{"role": "assistant", "content": ""}`` and its
results as role ``unknown`` with no ids, `.otel._langwatch_values`.) A turn so replayed as
empty text, given its calls, said nothing but them: its content is null, as the contract
writes a turn that only requested tools, not the empty text of its replay.
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
        >>> handoff = [ToolRequest("handoff", {"to_agent": "writer"}, "h1")]
        >>> held = [Msg("user", "Weather?"), Msg("assistant", "", tool_calls=handoff)]
        >>> again = [Msg("user", "Weather?"), Msg("assistant", ""),
        ...     Msg("tool", "Agent writer is now handling it.", tool_call_id="h1")]
        >>> out = with_dropped_calls(again, held)
        >>> [r.id for r in out[1].tool_calls], out[1].content  # a turn of calls alone: no text
        (['h1'], None)
        >>> with_dropped_calls(again[:2], held)[1].tool_calls  # no result: not told
        []
        >>> bare = [Msg("user", "Weather?"), Msg("assistant", None), Msg("tool", "sunny")]
        >>> with_dropped_calls(bare, held)[1].tool_calls  # no id, no held answer: not told
        []
        >>> answered = [*held, Msg("tool", "sunny", tool_call_id="h1")]
        >>> out = with_dropped_calls(bare, answered)  # traceAI's: its results say the answers
        >>> [r.id for r in out[1].tool_calls], out[2].tool_call_id
        (['h1'], 'h1')
        >>> with_dropped_calls([*bare[:2], Msg("tool", "rain")], answered)[1].tool_calls
        []
    """
    keys_here = {m.key() for m in history}
    turns = [m for m in held if m.role == "assistant" and m.tool_calls and m.key() not in keys_here]
    if not turns:
        return history
    answers = {m.tool_call_id: _text(m) for m in held if m.role == "tool" and m.tool_call_id}
    out = list(history)
    for n, msg in enumerate(history):
        if msg.role != "assistant" or msg.tool_calls:
            continue
        results = _results_after(history, n)
        same = _same_turn(msg, results, turns, answers)
        if same is None:
            continue
        ids = [r.id for r in same.tool_calls]
        if any(r.tool_call_id and r.tool_call_id not in ids for r in results):
            continue  # results of other calls: not that turn's
        turns.remove(same)
        # a turn replayed as empty text that requested calls said nothing: no content
        content = msg.content or None
        out[n] = replace(msg, content=content, tool_calls=[replace(r) for r in same.tool_calls])
        unnamed = iter(i for i in ids if i and all(r.tool_call_id != i for r in results))
        for k, result in enumerate(results, start=n + 1):
            if not result.tool_call_id:
                out[k] = replace(result, tool_call_id=next(unnamed, None))
    return out


def _same_turn(
    msg: Msg, results: list[Msg], turns: list[Msg], answers: dict[str, str]
) -> Msg | None:
    """The held turn `msg` replays: the one saying its text, else the one asking every call.

    A turn with no text is known by its results (`results`): every one names a call of it, or,
    none naming one, they say what the held `answers` (by call id) to its calls say.
    """
    if _text(msg):
        return next((m for m in turns if _text(m) == _text(msg)), None)
    named = {r.tool_call_id for r in results}
    if results and named == {None}:  # no result names its call: the turn they answer
        said = [_text(r) for r in results]
        return next(
            (m for m in turns if not _text(m) and _answered(m, answers) == said),
            None,
        )
    if not results or None in named:
        return None
    return next((m for m in turns if not _text(m) and named <= {r.id for r in m.tool_calls}), None)


def _answered(turn: Msg, answers: dict[str, str]) -> list[str | None]:
    """What the held answers to `turn`'s calls say, in its calls' order (None: no answer)."""
    return [answers.get(r.id) if r.id else None for r in turn.tool_calls]


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
