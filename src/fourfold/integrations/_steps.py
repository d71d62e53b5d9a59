"""What a span is, to the assembly: a model call, a tool run, an agent run, a retrieval, a delivery.

A span convention (OpenTelemetry GenAI, OpenInference, a framework's own keys) says what one
span *is*; each convention's reader (`Interpret`) turns a span into one of these `Step`s, and
`assemble` (in `_common`) turns the steps of one trace into a `Trace`. The readers and the
assembly's own rules (`_same_call`, `_wrapper_reply`, `_dspy_trajectory`) import them from
here, so none of them imports the assembly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from ..trace import ToolCall
from ._messages import Msg, ToolRequest
from ._passages import Retrieval
from ._spans import Span

__all__ = [
    "AgentRun",
    "Delivered",
    "Interpret",
    "ModelCall",
    "RunWindow",
    "Said",
    "Step",
    "ToolPhase",
    "ToolRun",
]

RunWindow = Literal["during", "after"]
"""Where the tool runs of a call whose reply is written nowhere are (`ModelCall.reply_in_runs`).

- ``during``: the span is one call over a tool loop's model steps that records its request and
  none of the steps' replies (VoltAgent's ``llm:generateText`` / ``llm:streamText``,
  `.otel._voltagent`): the runs with the model's call ids that started while it ran, in its
  agent's run or under it, are its turns, one per set that ran together; the run around it
  records the answer, which ends its reply;
- ``after``: the span writes no reply when the reply has no text (AgentOps' AG2 ``llm`` span,
  `.otel._agentops_ag2`): the runs that follow it, before the next model call, are its one
  turn's requests.
"""


@dataclass
class ModelCall:
    """A span that called a model: what went in, what came out, what it cost."""

    span: Span
    inputs: list[Msg]
    outputs: list[Msg]
    input_tokens: int | None = None
    """None: the span records no count (unknown, not zero)."""
    output_tokens: int | None = None
    cost_usd: float | None = None
    model: str | None = None
    """The model asked for (the request model); a placeholder such as ``unknown`` is None."""
    provider: str | None = None
    response_model: str | None = None
    """The model that answered, as the provider named it (``gpt-4o-2024-08-06``)."""
    wraps_calls: bool = False
    """The span wraps model calls that its child spans record (Mastra's ``model_generation``
    over its steps): the children are the calls and their messages count; the wrapper's
    usage is the usage only when no child carries counts, and it is not a turn."""
    turn: bool = False
    """With `wraps_calls`: the span is one turn of an agent loop, its one model call and the
    tools that call asked for (Mastra 1.x's ``agent_step`` over its ``model_inference``): its
    request and reply are the turn's, said when it starts; the child holds the usage."""
    cut_short: bool = False
    """A message attribute of the call is JSON an attribute length limit cut short
    (`._cut_json`): its whole messages were read, the rest is lost (``truncated_attributes``)."""
    input_cut: bool = False
    """The call's input messages are JSON a length limit cut short: the history past the
    cut, the results of earlier calls included, is lost (`._listed_requests`)."""
    reply_cut: bool = False
    """The call's reply is JSON a length limit cut short: its messages hold only the parts
    whole before the cut, more requests may have followed (`._listed_requests`)."""
    invoked: bool = False
    """The call is the body of a function no model requested (Semantic Kernel's prompt
    function, invoked by a chat's selection or termination strategy, `._prompt_functions`):
    the team's call (D15) when agents make calls of their own, wherever it ran."""
    listed_requests: list[ToolRequest] = field(default_factory=list)
    """The calls the reply requested as the span lists them apart from its messages (openlit's
    joined ``gen_ai.tool.*``, `.otel._joined_requests`); empty when its reply's messages hold
    requests (the same calls). Calls only when the trace records them nowhere else
    (`._listed_requests`)."""
    hosted_calls: list[ToolCall] = field(default_factory=list)
    """Tools the provider ran inside the call (the Responses API's web search,
    `.otel._hosted_search.hosted_turns`) that no tool message answers: calls of the run."""
    reply_unread: bool = False
    """The span records what the call returned as an object, not the reply (MLflow's autolog
    around the anthropic SDK's ``create(stream=True)``: the ``Stream``'s repr): the reply is
    in no span, so what was said before it is no answer (`._unread_replies`)."""
    reply_in_step: bool = False
    """The span records its reply as no message but the repr of the stream it returned
    (LlamaIndex's ``astream_chat`` under MLflow's autolog): the agent step it runs in records
    the reply (`._step_replies`)."""
    reply_in_runs: RunWindow | None = None
    """The span records no reply that requested tools (the reply is written nowhere), and the
    tool runs the trace ties to the call are the turns it said, found in this window
    (`RunWindow`; `._replies_in_runs`). None: the reply is as recorded."""
    rendered: bool = False
    """The span is no model call but the prompt step that rendered the next one's input
    (OpenLLMetry's LangChain ``execute_task Prompt``): its `inputs` are that call's input when
    the call records none, and the step is dropped (`._rendered_prompts`)."""
    failed: bool = False
    """The call failed at the provider: the span records its request and the error, and the
    reply it holds is an earlier call's turn that request replays (LiteLLM's callback on the
    application's span, `.otel._litellm_failures`): it has no reply, and no other record's
    reply (the earlier call's raw span under it) is its."""
    restated: bool = False
    """The span is an instrumentation's summary of the model call a framework made around it,
    lossy (AgentOps' LangGraph node and Google ADK ``adk.llm`` spans, `.otel._agentops_calls`):
    a model call recorded inside it is the call, the span a wrapper that says nothing
    (`._restated_calls`); with none inside it, the span is the call."""
    retrieval: Retrieval | None = None
    """What a retrieval the provider ran inside the call returned (the Responses API's hosted
    file search, `.otel._hosted_search`): passages, at the call's span (D14)."""


@dataclass
class ToolRun:
    """A span that executed a tool."""

    span: Span
    call: ToolCall
    arguments_recorded: bool = True
    """Whether the span records the arguments as a JSON object. When it does not (no input, or
    only the tool's input string, as LangChain's TOOL spans), ``call.arguments`` is empty or
    wraps that input (``{"input": ...}``), and the arguments of the request it answers stand."""
    result_recorded: bool = True
    """Whether the span records what the tool returned (a JSON ``null`` is a record): a call
    with neither a result nor an error recorded adds no tool message to the conversation."""
    retrieval: Retrieval | None = None
    """The documents its result carries apart from what the model is given (a LangChain
    ``content_and_artifact`` tool's artifact): passages, at the tool span (D14)."""
    own_id: bool = False
    """Its call id is the instrumentation's own bookkeeping, not the model's: openlit's
    smolagents instrumentation writes a fresh UUID on each ``execute_tool`` span
    (`.otel._smol_runs.own_call_id`). It stands only where no open request of the tool has the
    call's arguments (`._call_requests.requested_with_own_id`)."""
    run_by_step: bool = False
    """Read from the workflow step that ran the tool, not from a tool span: a Mastra network's
    ``tool-execution-step`` (`.otel._network_tools`). No model turn requested the call (the
    routing agent's structured decision chose it) and no tool message answered it (its result
    went back in the network's state): no exchange of the conversation. A tool span recording
    the same call, inside the step or under its id, is its repeat (`._repeated_tools`)."""
    error_given: str | None = None
    """For a failed call, the text its framework hands the model in the error's stead, where
    the span records it apart and it is not the error as read: the AI SDK gives a tool's
    exception as its message alone (`.otel._voltagent`). A tool message made for the call
    says it (`._tool_runs`)."""


@dataclass
class AgentRun:
    """A span that ran an agent: the run a trace is about, when it is the root."""

    span: Span
    inputs: list[Msg] = field(default_factory=list)
    outputs: list[Msg] = field(default_factory=list)
    output_value: Any = None
    """The run's output when it is not given as messages (a string, or JSON)."""
    kind: str = "agent"
    """``agent``, ``workflow``, ``chain`` (a top-level chain) or ``app`` (an application's
    root span that records the run's input and output)."""
    name: str | None = None
    """The agent's name from an attribute (never the span's name, which names an operation,
    a class or an app); None for a workflow or application span."""
    model: str | None = None
    input_value: str | None = None
    """The run's own input, when the span gives it apart from the model's prompt."""
    history: list[Msg] = field(default_factory=list)
    """The conversation the run span records itself (CrewAI's task output ``messages``): the
    conversation of a trace whose model calls made no spans, or whose calls' spans record no
    reply (Langtrace's OpenAI spans under CrewAI 1.x: the prompt alone), merged after them."""
    input_tokens: int | None = None
    """Usage the span reports for the whole run (used only when no model call has any)."""
    output_tokens: int | None = None
    own_usage: bool = False
    """Its usage counts its own model steps alone, never a sub-agent's it ran as a tool
    (VoltAgent's agent span: the AI SDK's ``totalUsage`` of its own loop): the runs that
    report such usage add up (`._common`)."""
    state: list[Msg] = field(default_factory=list)
    """The messages of the graph state the span records as its output (a LangGraph graph's
    ``{"messages": [...]}``): read only in a trace with no model call (`._resumed_state`)."""
    held_turns: list[Msg] = field(default_factory=list)
    """Turns its span records whole where the model calls' records dropped their requests
    or ids (openlit's LangGraph node state, `.otel._state_reprs`): given back to the model
    inputs that replay them (`._held_turns`)."""
    whole_output: bool = False
    """Its `output_value` is the run's structured result as a whole, not an object to read an
    answer field out of (a LangGraph state whose last node wrote no answer, `._state_results`)."""


@dataclass
class Said:
    """One message a framework records as said in a run (an AgentChat message object).

    Its id, when it was made (unix nanoseconds), what it is as messages (a tool execution
    event: one tool message per result) and the model usage it reports.
    """

    id: str | None
    created_ns: int | None
    messages: list[Msg]
    input_tokens: int | None = None
    output_tokens: int | None = None
    thought: str | None = None
    """The text of a thought the framework emitted apart (AgentChat's ``ThoughtEvent``), which
    is the content of the turn requesting tools that follows it, if one does (`told_thoughts`)."""


@dataclass
class Delivered:
    """A span that delivered agents' messages (autogen-core's ``autogen process`` span).

    The AgentChat messages in its ``message`` attribute are the run's conversation and its
    usage when the model calls made no spans. The same message delivered to several agents,
    or again in a response that gathers a turn, is one message (by its id).
    """

    span: Span
    said: list[Said]


@dataclass
class ToolPhase:
    """A framework's tool-execution phase, recorded apart from any tool's run.

    openlit's pydantic-ai ``execute_tool <model>``: no call of its own, but the run went on
    past the reply before it into its tools (`._phase_calls`).
    """

    span: Span


Step = ModelCall | ToolRun | Retrieval | AgentRun | Delivered | ToolPhase
Interpret = Callable[[Span], "Step | None"]
