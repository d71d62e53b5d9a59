"""The tool runs that answer a conversation: each call matched to its request and its answer.

Tool spans do not add to a `Conversation` what a model input already holds: they *enrich* the
tool message that answers their call (its id, the tool's name, the structured result) and add
a tool message only when no model input holds one and the span recorded a result, or an error
the run went on from.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ..trace import ToolCall
from ._call_order import Placed, in_call_order
from ._call_requests import named_as_requested, request_for, requested_with_own_id, same_value
from ._conversation import Conversation
from ._error_kinds import typed_error
from ._failed_calls import error_observations
from ._joined_answers import own_result
from ._later_requests import requested_after
from ._messages import Msg, ToolRequest, result_text, try_json
from ._pasted_results import pasted_in_prompt
from ._text_answers import answered_in_text
from ._turn_answers import turn_answer

__all__ = ["Executed", "attach_tool_runs"]


class Executed(NamedTuple):
    """A tool call a span executed, as `attach_tool_runs` takes it."""

    call: ToolCall
    inside: bool = False
    """It ran inside a model call (automatic function calling): its exchange is not history."""
    arguments_recorded: bool = True
    """The span recorded the arguments as a JSON object (else the request's stand)."""
    result_recorded: bool = True
    """The span recorded what the tool returned (a JSON ``null`` too)."""
    own_id: bool = False
    """Its id is the instrumentation's own, not the model's (`.otel._smol_runs.own_call_id`)."""
    error_given: str | None = None
    """For a failed call, the text the model is given in the error's stead (`ToolRun`)."""


def attach_tool_runs(
    conv: Conversation,
    calls: list[Executed],
    held: Mapping[str, Msg] | None = None,
    requested_at: Mapping[str, int] | None = None,
) -> list[ToolCall]:
    """Match each executed call to its request and its answer in `conv`; return the calls.

    A call is matched to the request by id, else to the first open request of the same tool
    name; to the tool message by id, else by the request's id, else to the first tool message
    without an id whose content is the call's result, else to the first unanswered one that
    follows the request. The id found anywhere (tool span, request, tool message) is written
    on all three. When the span did not record the arguments as an object, the request's
    arguments are the call's. A call no tool message answers gets one, after its request (else
    where its start falls), when its span recorded a result or an error, unless it ran inside
    a model call: an SDK that runs tools within one request keeps the exchange out of the
    history; nor when its result went back to the model in text (`answered_in_text`), or,
    a call no turn requested, in a later prompt's user text (`pasted_in_prompt`). A call
    the model requested that failed with no result gets none when no model
    call came after it (`Conversation.went_on_after`): the run ended on the error (LangChain
    1.x's ``create_agent`` raises a tool's exception), and nothing was said back for it.
    A tool message made for a call says what the run's own history (`held`, by call id)
    says it was given, where that differs from what the tool returned (pydantic-ai's output
    tool: ``Final result processed.``), else the call's result; a failed call's, the text its
    framework gives the model for the error (`Executed.error_given`), else the error.
    A failed call's answer may be a tool message with no id naming its error, all a model
    input kept of the turn (`error_observations`): the turn's unanswered calls get none.
    A tool message naming a call that joins its result with its turn's next calls' (LangSmith's
    exporter over Strands) says that call's result alone, the others answered apart
    (`own_result`). `requested_at` (call id -> when the reply requesting it ended) orders the
    calls of an application's whole runs made side by side (`_whole_runs.requested_times`).
    """
    _split_joined(conv.messages, calls)
    out: list[Placed] = []
    positions = {
        id(req): n for n, req in enumerate(req for m in conv.messages for req in m.tool_calls)
    }
    turns = {id(req): i for i, m in enumerate(conv.messages) for req in m.tool_calls}
    used_requests: set[int] = set()
    failed = [r.call for r in calls if r.call.error is not None and not r.result_recorded]
    errors = error_observations(conv.messages, failed)
    used_answers: set[int] = {id(m) for m in errors.answers.values()}
    # the calls that carry their id first: an id-less one (a span that failed before it
    # recorded the message holding the id) must not take another call's request
    for call, inside, arguments_recorded, result_recorded, own_id, error_given in sorted(
        calls, key=lambda run: run.call.id is None
    ):
        observed = errors.answers.get(id(call))  # a failed call's error observation
        told = id(call) in errors.told  # its error told in a user text: no tool message
        # by name, one made before this run started first (`requested_after`)
        later = requested_after(conv.messages, conv.born, call) if call.id is None else set()
        request = request_for(conv.messages, call, used_requests | later)
        request = request or request_for(conv.messages, call, used_requests)
        if request is None and own_id:  # the span's own id: the request it ran is the model's
            request = requested_with_own_id(conv.messages, call, used_requests)
            if request is not None and request.id:
                call = call.model_copy(update={"id": request.id})
        if request is not None:
            used_requests.add(id(request))
            call = named_as_requested(call, request)  # a span naming no tool: the request's
            if call.name is not None:  # the tool that ran, by its own name (`_same_tool`)
                request.name = call.name
            if not arguments_recorded and request.arguments:
                call = call.model_copy(update={"arguments": request.arguments})
        call_id = call.id or (request.id if request is not None else None)
        answer = observed or _answer_for(conv.messages, call, call_id, request, used_answers)
        if answer is not None:
            used_answers.add(id(answer))
            call_id = call_id or answer.tool_call_id
        if call_id is not None:
            if request is not None and request.id is None:
                request.id = call_id
            if call.id is None:
                call = call.model_copy(update={"id": call_id})
        # a requested call that failed when no model call came after it: the run ended on its
        # error, and nothing was said back for it
        ended_on = request is not None and not conv.went_on_after(call, request)
        nothing_back = not result_recorded and (call.error is None or ended_on)
        nothing_back |= request is not None and id(request) in errors.given_only_errors
        nothing_back |= told
        if answer is None and (
            nothing_back
            or inside
            or answered_in_text(conv.messages, call, request)
            or pasted_in_prompt(conv.messages, conv.born, call, request)
        ):
            pass  # nothing came back, ran inside a model call, or answered in (user) text
        elif answer is None:
            kept = (held or {}).get(call_id) if call_id else None
            error = error_given if error_given is not None else call.error
            answer = Msg(
                role="tool",
                content=kept.content
                if kept is not None
                else result_text(call.result if call.error is None else error),
                name=call.name,
                tool_call_id=call_id,
                result=call.result,
            )
            used_answers.add(id(answer))
            if request is not None:
                conv.answer_request(answer, request)
            elif not conv.replayed_without(call, at := conv.first_after(call.started_at)):
                conv.insert(at, answer, answer.key())
        else:
            answer.tool_call_id = answer.tool_call_id or call_id
            answer.name = answer.name or call.name
            if answer.result is None and call.result is not None:
                answer.result = call.result
            if call.error is not None and isinstance(answer.content, str) and answer.content:
                # a tool that raised: its result is the text the model was given instead
                error = typed_error(call.error, answer.content)
                call = call.model_copy(update={"result": try_json(answer.content), "error": error})
            elif (
                not result_recorded
                and call.result is None
                and not _none_text(answer, arguments_recorded)
            ):
                # what the model was given instead (a framework's text for a tool that raised)
                answer_result = answer.result if answer.result is not None else answer.content
                call = call.model_copy(update={"result": try_json(answer_result)})
                if call.error is None and answer.error is not None:
                    # the span recorded nothing back: the answer marked failed is the record
                    call = call.model_copy(update={"error": answer.error})
        rank = positions.get(id(request), len(positions)) if request is not None else len(positions)
        turn = turns.get(id(request)) if request is not None else None
        asked = conv.born(conv.messages[turn]) if turn is not None else None
        ended = (requested_at or {}).get(call_id) if call_id is not None else None
        out.append(Placed(rank, len(out), call, turn, asked, ended))
    return in_call_order(out)


def _split_joined(messages: list[Msg], calls: list[Executed]) -> None:
    """Each tool message joining its call's result with its turn's next ones says its own."""
    executed = {run.call.id: run.call for run in calls if run.call.id is not None}
    for msg in messages:
        call = executed.get(msg.tool_call_id) if msg.role == "tool" and msg.tool_call_id else None
        own = own_result(msg, call, messages, executed) if call is not None else None
        if own is not None:
            msg.content = own


def _answer_for(
    messages: list[Msg],
    call: ToolCall,
    call_id: str | None,
    request: ToolRequest | None,
    used: set[int],
) -> Msg | None:
    tools = [m for m in messages if m.role == "tool" and id(m) not in used]
    if call_id is not None:
        found = next((m for m in tools if m.tool_call_id == call_id), None)
        if found is not None:
            return found
    loose = [m for m in tools if m.tool_call_id is None]
    wanted = same_value(call.result)
    found = next(
        (m for m in loose if same_value(m.result if m.result is not None else m.content) == wanted),
        None,
    )
    if found is not None or request is None:
        return found
    return turn_answer(messages, request, call.name or request.name, loose)


def _none_text(answer: Msg, arguments_recorded: bool) -> bool:
    """Whether `answer` is Python's ``str(None)`` for a span that recorded its input, no result.

    The tool returned nothing: its result is null, not that text.

    OpenInference's tool spans leave ``output.value`` out when the tool returned ``None``, and
    the OpenAI Agents SDK gives the model ``str()`` of the result (both readings of
    ``openai-agents-edge-values``). A span that recorded no input either recorded no content:
    the text is then all the trace says of the result.

    Examples:
        >>> _none_text(Msg(role="tool", content="None"), True)
        True
        >>> _none_text(Msg(role="tool", content="None"), False)
        False
        >>> _none_text(Msg(role="tool", content="none found"), True)
        False
    """
    return arguments_recorded and answer.content == "None" and answer.result in (None, "None")
