"""A message recorded again: what the later record says that the first one left out.

A conversation holds each message once; a later record of it (the next model call's input
replaying the turn) is the same message (`Msg.key`) and adds nothing, except what the first
record could not say:

- a tool result the later request marks as a failure (Anthropic's ``tool_result`` with
  ``is_error``) is a failed result, though the record before did not say so;
- a call whose arguments the first record gives as none (``{}``) while the later record of
  the same call (its id) gives some was recorded before its arguments were known: a streamed
  reply whose instrumentation writes each ``tool_use`` block as it starts, before the
  ``input_json_delta`` events that carry its input (OpenLLMetry's Bedrock instrumentation on
  ``invoke_model_with_response_stream``); the request sent back holds them whole. A call
  whose records both give none takes none.

`complete` gives the held message what its later record adds.
"""

from __future__ import annotations

from ._messages import Msg

__all__ = ["complete"]


def complete(held: Msg, later: Msg) -> None:
    """Give `held` what `later`, a later record of the same message, adds to it (in place).

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> held = Msg("assistant", tool_calls=[ToolRequest("get_weather", {}, "t1")])
        >>> asked = ToolRequest("get_weather", {"city": "Paris"}, "t1")
        >>> again = Msg("assistant", tool_calls=[asked])
        >>> complete(held, again)
        >>> held.tool_calls[0].arguments
        {'city': 'Paris'}
        >>> failed = Msg("tool", "boom", tool_call_id="t1", error="boom")
        >>> result = Msg("tool", "boom", tool_call_id="t1")
        >>> complete(result, failed)
        >>> result.error
        'boom'
    """
    if later.error is not None and held.error is None:
        held.error = later.error  # a later record marks it failed
    given = {r.id: r.arguments for r in later.tool_calls if r.id and r.arguments}
    for request in held.tool_calls:
        if not request.arguments and request.id in given:
            request.arguments = dict(given[request.id])
