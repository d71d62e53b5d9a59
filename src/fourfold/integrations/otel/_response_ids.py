"""The ids of a reply's tool calls, from the response object when the flattened reply has none.

openinference-instrumentation-mistralai writes a model call's reply twice: flattened as
``llm.output_messages.0.message.tool_calls.<j>.tool_call.function.name`` / ``.arguments``,
with no ``tool_call.id``, and whole as ``output.value``, the JSON of Mistral's response,
whose ``choices[0].message.tool_calls`` carry each call's ``id``. The next input's tool
messages answer those ids (``tool_call_id``, from ``input.value``), so read from the
flattened reply alone the requests answer nothing and the results pair with no call.

The rule, `with_response_ids`: when none of the flattened reply's requests has an id, and
the response object's message requests the same calls (the same names and arguments, in the
same order), each with an id, each request takes its call's id. A response asking for other
calls, or for some without an id, gives none.
"""

from __future__ import annotations

from .._messages import Msg

__all__ = ["with_response_ids"]


def with_response_ids(outputs: list[Msg], response: Msg | None) -> list[Msg]:
    """`outputs` with their requests given the ids `response` (the same reply, whole) has.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> flat = [Msg("assistant", tool_calls=[ToolRequest("f", {"x": 1})])]
        >>> whole = Msg("assistant", tool_calls=[ToolRequest("f", {"x": 1}, "Ab3dE6gH9")])
        >>> [r.id for r in with_response_ids(flat, whole)[0].tool_calls]
        ['Ab3dE6gH9']
        >>> fresh = [Msg("assistant", tool_calls=[ToolRequest("f", {"x": 1})])]
        >>> other = Msg("assistant", tool_calls=[ToolRequest("f", {"x": 2}, "Zz9")])
        >>> [r.id for r in with_response_ids(fresh, other)[0].tool_calls]
        [None]
    """
    if response is None:
        return outputs
    asked = [r for m in outputs if m.role == "assistant" for r in m.tool_calls]
    given = response.tool_calls
    if not asked or len(asked) != len(given) or any(r.id for r in asked):
        return outputs
    if any(
        not g.id or (a.name, a.arguments) != (g.name, g.arguments)
        for a, g in zip(asked, given, strict=True)
    ):
        return outputs
    for request, call in zip(asked, given, strict=True):
        request.id = call.id
    return outputs
