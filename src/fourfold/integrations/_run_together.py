"""A reply's parallel calls recorded run together, which a later input replays whole.

A reply that requests several calls at once is sometimes recorded as fewer calls, the pieces
of several run into one, while the next model input gives the turn as the application sent it
back, each call apart with its own id. Two instrumentations do it:

- BeeAI (its own OpenTelemetry spans): one call with the first call's id, the arguments
  concatenated;
- OpenInference's openai JS instrumentation (@arizeai/openinference-instrumentation-openai
  4.2.7, the openai JS client streamed): it keys each streamed tool-call piece by its place in
  its chunk's ``tool_calls`` list, not by the piece's ``index``, and the client sends each
  call in a chunk of its own, so every call is piece 0: the reply records one call whose id,
  name and arguments are all of them run together (``call_w1call_w2``,
  ``get_weatherget_weather``, ``{"city": "Paris"}{"city": "Tokyo"}``).

The rule, `run_together`: the recorded calls are fewer than the replayed ones, every replayed
call has an id, and either every recorded id is one of the replayed ids (BeeAI's), or the
recorded ids, and the recorded names, joined are the replayed ones joined, each recorded call
naming something (the JS instrumentation's). The turn is then the replayed one
(`Conversation.merge` replaces the recorded message with it); the run-together call is none.
A recorded turn with as many calls as the replay, or whose ids the replay does not spell, is
left to the other rules.
"""

from __future__ import annotations

from ._messages import ToolRequest

__all__ = ["run_together"]


def run_together(recorded: list[ToolRequest], replayed: list[ToolRequest]) -> bool:
    """Whether `recorded` are the calls `replayed` gives apart, recorded run together.

    Examples:
        >>> def calls(*pairs):
        ...     return [ToolRequest(name, {}, id) for id, name in pairs]
        >>> replay = calls(("call_w1", "get_weather"), ("call_w2", "get_weather"))
        >>> run_together(calls(("call_w1call_w2", "get_weatherget_weather")), replay)
        True
        >>> run_together(calls(("call_w1", "get_weather")), replay)  # BeeAI's: the first id
        True
        >>> run_together(calls(("call_w1call_w3", "get_weatherget_weather")), replay)
        False
        >>> run_together(calls(("call_w1call_w2", "get_weather")), replay)
        False
        >>> run_together(replay, replay)  # as many: not run together
        False
    """
    ids = [req.id for req in replayed]
    if not recorded or len(recorded) >= len(replayed) or not all(ids):
        return False
    if all(req.id and req.id in ids for req in recorded):
        return True
    if not all(req.id and req.name for req in recorded):
        return False
    return "".join(str(req.id) for req in recorded) == "".join(str(i) for i in ids) and (
        "".join(req.name for req in recorded) == "".join(req.name for req in replayed)
    )
