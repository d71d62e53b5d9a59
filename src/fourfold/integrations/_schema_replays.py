"""A structured-output turn, replayed in a later input as the JSON of its one call.

Instructor (its default ``TOOLS`` mode) gets a structured output by offering the response
model as the one tool and forcing the model to call it (``tool_choice`` naming it): the reply
is a turn with no text that requests that one call, whose arguments instructor parses into the
response model. No tool runs and nothing answers the call. A framework built on it that keeps
the structured output in its history (Atomic Agents' agents keep the output schema's object)
gives it back to the model in the next call's input as an assistant message whose text is the
object's JSON (``{"tool_parameters":[...]}``, compact where the call's arguments were spaced):
the same turn in other words, one message (the contract: an assistant turn as the model wrote
it, where a later input replays it in other words). Read apart, the conversation would hold it
twice, the request and its text.

The rule, `with_schema_replays`: the reply of a model call that is one assistant turn with no
text requesting one call is the message a later model call's input holds right after this
call's whole input (the same messages, `Msg.key`), when that message is an assistant's text
with no request whose JSON is an object equal to the call's arguments (as JSON values: spacing
and key order aside), and no tool message of that input answers the call: the replay is
replaced by the turn, as the model wrote it, in every later input that holds it so. A text
that is other JSON, or follows another history, is a message of its own; so is the replay of a
turn of several calls, or of a turn with text (the replay then says what the reply said).
"""

from __future__ import annotations

from dataclasses import replace

from ._messages import Msg, try_json
from ._spans import Span
from ._steps import ModelCall, Step

__all__ = ["with_schema_replays"]


def with_schema_replays(
    ordered: list[Span], steps: dict[int, Step | None]
) -> dict[int, Step | None]:
    """`steps`, each later input's JSON replay of a one-call turn given back as that turn.

    `ordered`: the trace's spans in time order; `steps`: their steps by ``id(span)``.

    Examples:
        >>> from ._messages import ToolRequest
        >>> def span(id, start):
        ...     return Span("t", id, None, "ChatCompletion", start, start + 1, "ok", None, {})
        >>> first, second = span("a", 1), span("b", 3)
        >>> asked = [Msg("system", "Be a weather agent."), Msg("user", "Paris and Tokyo?")]
        >>> turn = Msg("assistant", tool_calls=[ToolRequest("Output",
        ...            {"cities": [{"city": "Paris"}, {"city": "Tokyo"}]}, "call_1")])
        >>> replay = Msg("assistant", '{"cities":[{"city":"Paris"},{"city":"Tokyo"}]}')
        >>> told = Msg("system", '{"city": "Paris", "weather": "sunny"}')
        >>> steps = {id(first): ModelCall(first, asked, [turn]),
        ...          id(second): ModelCall(second, [*asked, replay, told], [])}
        >>> found = with_schema_replays([first, second], steps)[id(second)].inputs
        >>> [(m.role, m.content, [r.id for r in m.tool_calls]) for m in found[2:]]
        [('assistant', None, ['call_1']), ('system', '{"city": "Paris", "weather": "sunny"}', [])]

        Not text that is other JSON, nor one after another history, nor a reply the next
        input answers with a tool message (a tool that ran: its own text is another turn):

        >>> other = Msg("assistant", '{"cities": [{"city": "Paris"}]}')
        >>> steps[id(second)] = ModelCall(second, [*asked, other], [])
        >>> with_schema_replays([first, second], steps)[id(second)].inputs[2].content
        '{"cities": [{"city": "Paris"}]}'
        >>> steps[id(second)] = ModelCall(second, [asked[1], replay], [])
        >>> with_schema_replays([first, second], steps)[id(second)].inputs[1].tool_calls
        []
        >>> answer = Msg("tool", "sunny", tool_call_id="call_1")
        >>> steps[id(second)] = ModelCall(second, [*asked, replay, answer], [])
        >>> with_schema_replays([first, second], steps)[id(second)].inputs[2].tool_calls
        []

        Nor the replay of a turn with text, or of several calls:

        >>> steps = {id(first): ModelCall(first, asked, [replace(turn, content="Looking.")]),
        ...          id(second): ModelCall(second, [*asked, replay], [])}
        >>> with_schema_replays([first, second], steps)[id(second)].inputs[2].tool_calls
        []
        >>> twice = replace(turn, tool_calls=turn.tool_calls * 2)
        >>> steps[id(first)] = ModelCall(first, asked, [twice])
        >>> with_schema_replays([first, second], steps)[id(second)].inputs[2].tool_calls
        []
    """
    calls = [(span, step) for span in ordered if isinstance(step := steps.get(id(span)), ModelCall)]
    out = dict(steps)
    for n, (_, call) in enumerate(calls):
        turn = _one_call_turn(call)
        if turn is None:
            continue
        held = [m.key() for m in call.inputs]
        for later_span, _ in calls[n + 1 :]:
            later = out[id(later_span)]
            if not isinstance(later, ModelCall):
                continue
            place = len(held)
            if len(later.inputs) <= place or [m.key() for m in later.inputs[:place]] != held:
                continue
            if not _replays(later.inputs[place], turn, later.inputs[place + 1 :]):
                continue
            inputs = list(later.inputs)
            inputs[place] = replace(turn, tool_calls=list(turn.tool_calls))
            out[id(later_span)] = replace(later, inputs=inputs)
    return out


def _one_call_turn(call: ModelCall) -> Msg | None:
    """`call`'s reply when it is one assistant turn with no text that requests one call."""
    if len(call.outputs) != 1:
        return None
    turn = call.outputs[0]
    if turn.role != "assistant" or turn.content or len(turn.tool_calls) != 1:
        return None
    return turn


def _replays(said: Msg, turn: Msg, after: list[Msg]) -> bool:
    """Whether `said` is `turn`'s call given back as its arguments' JSON, answered by none.

    Examples:
        >>> from ._messages import ToolRequest
        >>> turn = Msg("assistant", tool_calls=[ToolRequest("Answer", {"a": 1, "b": "x"}, "c1")])
        >>> _replays(Msg("assistant", '{"b":"x","a":1}'), turn, [])
        True
        >>> _replays(Msg("user", '{"b":"x","a":1}'), turn, [])
        False
        >>> _replays(Msg("assistant", '{"a": 1}'), turn, [])
        False
        >>> _replays(Msg("assistant", "x"), Msg("assistant", tool_calls=[
        ...     ToolRequest("say", {"input": "x"}, "c1")]), [])
        False
    """
    if said.role != "assistant" or said.tool_calls or not said.content:
        return False
    [request] = turn.tool_calls
    if request.id is not None and any(m.tool_call_id == request.id for m in after):
        return False  # the call was answered: a tool ran, its text is a turn of its own
    value = try_json(said.content)
    return isinstance(value, dict) and value == request.arguments
