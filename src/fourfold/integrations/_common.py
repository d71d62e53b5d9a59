"""What every importer shares: the `ImportedTrace` result and the spans-to-trace assembly.

A span convention (OpenTelemetry GenAI, OpenInference) only says what one span *is*: an
agent run, a model call, a tool execution or a retrieval (a `Step`). Turning the steps of
one trace into a `Trace` is the same for every convention, and is done here by `assemble`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..cases import Case
from ..trace import Trace, Usage
from ._answer import final_answer, run_answer
from ._answer_tool import answer_tool_text
from ._asked_order import asked_times
from ._confirmation_requests import confirmation_requests
from ._contentless_calls import calls_hold_nothing, requests_unrecorded, unanswered
from ._conversation import Conversation
from ._decorated_model_calls import with_decorated_model_calls
from ._defined_parameters import with_defined_parameters
from ._dspy_trajectory import react_finishes, with_react_observations
from ._embedded_searches import with_embedded_searches
from ._embeddings import embedding_calls
from ._given_history import began_with, given_answer, made_by_the_run
from ._grouping import group_event_spans
from ._guardrail_checks import answer_said
from ._handed_history import handed_histories, sub_runs
from ._handoff_results import with_handoff_results
from ._held_turns import with_held_turns
from ._hosted_calls import with_hosted_calls
from ._item_references import mend_item_references
from ._langtrace_agents import with_history_arguments
from ._links import joined_runs
from ._listed_requests import with_listed_requests
from ._loop_exits import escalated
from ._media_results import said_as_media
from ._message_agents import message_agent
from ._messages import Msg
from ._method_named_tools import with_listed_tool_names
from ._middleware_calls import middleware_calls
from ._node_agents import node_agent
from ._passages import reranker_spans, trace_passages
from ._phase_calls import with_phase_calls
from ._placed_requests import replied_times, with_answered_requests
from ._query_writers import query_writers
from ._raised_runs import rejected_reply, run_raised
from ._recorded_calls import settle_model_calls
from ._rejected_results import with_serialized_failures
from ._repeated_tools import fold_failure, repeat_of
from ._replay_agents import replayed_agent
from ._replies_in_runs import with_replies_in_runs
from ._reply_counts import reply_counts
from ._requested_calls import calls_from_messages
from ._restated_calls import with_restated_calls
from ._resumed_state import with_state_requests
from ._run_input import first_input
from ._run_model import run_model
from ._run_records import own_system_prompts, said_by_runs
from ._run_scopes import scope_of, twin_runs
from ._said_first import said_first
from ._schema_replays import with_schema_replays
from ._sdk_agent_runs import sdk_agent
from ._silent_replies import without_unwritten_replays
from ._span_agents import span_agent
from ._span_order import in_time_order
from ._span_updates import latest_updates
from ._spans import Span, SpanBatch, ancestors
from ._state_calls import with_state_calls
from ._state_results import with_state_results
from ._step_tool_errors import with_step_tool_errors
from ._steps import AgentRun, Delivered, Interpret, ModelCall, Said, Step, ToolPhase, ToolRun
from ._stopped_teams import stopped_unanswered
from ._streamed_call_ids import with_streamed_call_ids
from ._superseded_runs import superseded
from ._team_answer import after_every_agent, team_answer
from ._team_calls import beside_agents
from ._template_parameters import with_template_parameters
from ._thoughts import told_thoughts
from ._tool_call_results import with_tool_call_results
from ._tool_runs import Executed, attach_tool_runs
from ._traced_agents import traced_agent
from ._tracer_faults import run_error, tracer_fault
from ._unanswered import with_calls_answered_elsewhere
from ._unnamed_results import name_turn_results
from ._unread_replies import answer_unread
from ._unrecorded_conversation import conversation_unrecorded
from ._whole_runs import (
    in_start_order,
    last_answer,
    own_runs,
    requested_times,
    whole_runs,
)
from ._workflow_agents import workflow_agent
from ._wrapper_reply import say_wrapped_replies

__all__ = ["ImportedTrace", "assemble", "assemble_all", "calls_from_messages", "final_answer"]


class ImportedTrace(BaseModel):
    """One trace read from recorded traffic, with the case it answers.

    `replay_line` gives the line of a replay file (``agent: {replay: file.jsonl}``), so
    imported traffic is evaluated with the same checks and judges as a live run.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    trace_id: str
    """The trace's id in its source (an OpenTelemetry trace id, ``tau-bench:3:1``...)."""
    case_id: str
    """The case this trace answers (the trace id for production traffic, ``task-3`` for a
    τ-bench task)."""
    repeat: int = 0
    """Which repeat of the case it is (the τ-bench trial)."""
    trace: Trace
    """The trace."""
    input: str | None = None
    """What the user asked: the first user message."""
    metadata: dict[str, Any] = Field(default_factory=dict)
    """Where it came from: source format, service name, framework, model, reward..."""
    case: Case | None = None
    """The case, when the source defines one (a τ-bench task); None for production traffic,
    whose case is derived from the input by `to_case`."""

    def to_case(self) -> Case:
        """The case this trace answers: `case`, else one whose input is the first user message.

        Raises:
            ValueError: there is no case and the trace holds no user message.
        """
        if self.case is not None:
            return self.case
        if self.input is None:
            raise ValueError(f"trace {self.trace_id} holds no user message to make a case from")
        return Case(id=self.case_id, input=self.input, metadata={"trace_id": self.trace_id})

    def replay_line(self) -> dict[str, Any]:
        """The trace as one line of a replay file, with the case's fields when known."""
        line: dict[str, Any] = {
            "case_id": self.case_id,
            "repeat": self.repeat,
            "trace": self.trace.model_dump(mode="json"),
        }
        if self.case is not None:
            fields = self.case.model_dump(
                mode="json",
                include={"input", "context", "expected", "focus", "ground_truth", "strata", "tags"},
                exclude_defaults=True,
            )
            line.update(fields)
        elif self.input is not None:
            line["input"] = self.input
        return line


_MISSING: Any = object()


def assemble_all(batch: SpanBatch, interpret: Interpret, *, source: str) -> list[ImportedTrace]:
    """One `ImportedTrace` per run in `batch`, in order of first appearance.

    A run is a trace id, or traces joined by links (`joined_runs`).
    """
    traces = batch.traces()
    mend_item_references(batch.spans)  # items one trace's input gives by another's ids
    out = []
    for run in joined_runs(traces):
        answers = [batch.final_outputs[t] for t in run if t in batch.final_outputs]
        out.append(
            assemble(
                run[0],
                # a span exported again while it ran: its last update (as SpanAssembler)
                latest_updates([s for trace_id in run for s in traces[trace_id]]),
                interpret,
                source=source,
                final_output=answers[0] if answers else _MISSING,
                joined=run[1:],
            )
        )
    return with_calls_answered_elsewhere(out)


def assemble(
    trace_id: str,
    spans: list[Span],
    interpret: Interpret,
    *,
    source: str,
    final_output: Any = _MISSING,
    joined: list[str] | None = None,
) -> ImportedTrace:
    """Build the trace of one trace id's spans.

    With `joined`, `spans` are also those of the traces joined to it by links: one run
    (`joined_runs`), whose metadata names them (``joined_traces``).

    The run spans (agent, workflow, chain, application root), top-most first, give the latency and
    error (the top one), the agent's name (the first that names one) and the final output (the first
    with a result, `run_answer`; with no text anywhere, the root run's last request, never run,
    `answer_tool_text`); model calls give the messages, the model and the usage; tool spans
    give the tool calls, in start order, and enrich the tool messages that answer them (when there
    are none, the tool calls are read from the messages; a request a model call lists apart from
    its messages is one when the run went on past it, `with_listed_requests`, and so is a
    request of the last reply that a tool phase recorded apart followed, `with_phase_calls`);
    retrieval spans give the passages.

    The passes over the steps run in an order that matters. A tool run is named first
    (`with_listed_tool_names`): the passes after it match runs by their tool (ReAct's
    trajectory and ``finish``, LlamaIndex's ``ToolCallResult``, a tool's one defined
    parameter, the runs of a reply written nowhere); and a run is given the result its
    framework passed on before `with_embedded_searches` reads documents in results. The passes
    that mend the calls' records (an input's replayed turns, held turns, a streamed reply's ids,
    a history's arguments) or make and unmake calls (`with_decorated_model_calls`,
    `with_restated_calls`) run before `with_replies_in_runs`, which rebuilds a reply only from
    runs no recorded request asks for and stops at the next model call. `_mark_wrappers`, then
    `settle_model_calls`, come last: its rules fold and trim the calls' records, rebuilt
    replies included, two of them skipping wrappers. The runs' own passes
    (`with_template_parameters`, `with_state_results`) set what no other pass reads.
    """
    ordered = in_time_order(group_event_spans(spans))  # a parent first at the same start
    by_id = {s.span_id: s for s in ordered}  # a failed DSPy ReAct call: its observation
    steps = {id(s): interpret(s) for s in ordered}
    steps = with_listed_tool_names(ordered, steps, by_id)  # MLflow: a method's span, no name
    steps = with_react_observations(ordered, steps, by_id)
    finishes = react_finishes(ordered, steps, by_id)  # MLflow's DSPy: ReAct's finish, no span
    steps = with_tool_call_results(ordered, steps, by_id)  # a LlamaIndex tool that raised
    steps = with_embedded_searches(ordered, steps, by_id)  # an AI SDK tool that searched
    steps = with_template_parameters(ordered, steps, by_id)  # a chain's input fills a prompt
    # an input's empty replay of a turn of calls, where a call records such a turn whole
    without_unwritten_replays([s for s in steps.values() if isinstance(s, ModelCall)])
    steps = with_held_turns(ordered, steps)  # a turn a run records whole, replayed without
    steps = with_streamed_call_ids(ordered, steps)  # Langtrace's streamed turn: replay's ids
    steps = with_schema_replays(ordered, steps)  # a forced output call, replayed as JSON
    steps = with_history_arguments(ordered, steps, by_id)  # Langtrace's Agents SDK turn
    steps = with_state_results(ordered, steps)  # a graph's state, its last step no answer
    steps = with_defined_parameters(ordered, steps)  # a bare value: its one defined parameter
    steps = with_decorated_model_calls(ordered, steps)  # a task around an unrecorded call
    steps = with_restated_calls(ordered, steps, by_id)  # a summary over the call's record
    steps = with_replies_in_runs(ordered, steps, by_id)  # a reply written nowhere: its runs
    _mark_wrappers(ordered, steps, by_id)
    settle_model_calls(ordered, steps, by_id)  # one call recorded twice: one; and so on
    beside = beside_agents(ordered, steps, by_id)
    apart = whole_runs(ordered, steps, by_id)  # an application's runs: each its own history
    twins = twin_runs(ordered, steps, by_id) | {s.span_id for s in apart}  # and a member's
    runs = _runs(ordered, steps, by_id)
    top = _top_runs(runs, by_id)
    # runs that follow one another at the top are one request's steps: the trace is the run
    root = runs[0].span if len(top) == 1 else _root(ordered)

    conv = Conversation()
    executed: list[Executed] = []
    counted: list[ModelCall] = []
    team: list[ModelCall] = []  # a team's own calls (D15): their tokens, no turn
    reranking: list[ModelCall] = []  # a reranker's own calls (D16): the same
    ranked = reranker_spans(ordered, steps, lambda s: ancestors(s, by_id))
    ranked |= query_writers(ordered, steps)  # a retrieval's query, written by a model
    ranked |= middleware_calls(ordered, steps, by_id)  # an agent middleware's own calls
    wrappers: list[ModelCall] = []
    delivered: list[Delivered] = []
    asked_to_confirm = confirmation_requests(ordered, steps)  # the call's later run stands
    truncated = False
    for span in ordered:
        step = steps[id(span)]
        if isinstance(step, ModelCall):
            if id(span) in ranked:
                reranking.extend([] if step.wraps_calls else [step])
                continue
            if id(span) in beside:
                team.append(step)
                continue
            scope = scope_of(span, steps, by_id, twins)  # a sub-agent's: its own
            if step.wraps_calls:
                conv.now = span.start_ns
                conv.merge(step.inputs, model_input=True, scope=scope)
                if step.turn:  # its reply is its own call's: said now, before its tools ran
                    conv.merge_output(step.outputs)
                    continue
                wrappers.append(step)  # its reply is its last call's: merged after them
                continue
            if _inside_model_call(span, steps, by_id):
                continue  # a wrapper's child repeats the same call: count it once
            if _in_recorded_turn(span, steps, by_id):
                counted.append(step)  # the turn holds its messages; the call, its usage
                continue
            conv.now = span.start_ns
            conv.merge(step.inputs, model_input=True, scope=scope)
            truncated = truncated or step.cut_short  # a message attribute cut short
            if any(m.partial for m in step.outputs):
                # a reply cut short: what it holds whole is said; for the rest, the run's own
                # answer stands in, when there is one (D19)
                truncated = True
                conv.merge_output([m for m in step.outputs if not m.partial])
            else:
                conv.merge_output(step.outputs)
            counted.append(step)
        elif isinstance(step, ToolRun):
            if id(span) in asked_to_confirm:  # ADK's request for confirmation: no call
                continue
            if (outer := repeat_of(span, step, steps, by_id)) is not None:
                fold_failure(outer, step)  # the call recorded again: only its failure counts
                continue
            # a call run by a workflow step, or inside a model call: its exchange is no history
            inside = step.run_by_step or _inside_model_call(span, steps, by_id)
            executed.append(
                Executed(
                    step.call,
                    inside,
                    step.arguments_recorded,
                    step.result_recorded,
                    step.own_id,
                    step.error_given,
                )
            )
            if (done := finishes.get(id(span))) is not None:
                executed.append(Executed(done, inside=True))  # its result: in the trajectory
        elif isinstance(step, AgentRun) and (done := finishes.get(id(span))) is not None:
            executed.append(Executed(done, inside=True))  # ReAct finished before any tool ran
        elif isinstance(step, Delivered):
            delivered.append(step)
    told = told_thoughts(_said_once(delivered))
    say_wrapped_replies(conv, wrappers, counted, steps, by_id)  # after the calls they wrap
    by_team = _said_by_team(team, told, conv.messages)
    answered = [] if by_team else team_answer(team, counted, runs, ordered)  # the team's last
    for call, replies in by_team + answered:
        conv.now = call.span.start_ns  # D15: the team's own words, its final answer
        # a call made after every agent had finished answers the run: said last, after
        # every agent's own turns
        closes = after_every_agent(call, counted, runs)
        for msg in replies:
            if closes:
                conv.close(msg)
            else:
                conv.append(msg)
    if not counted and not wrappers and told:  # no model-call spans: what the runtime delivered
        conv.now = delivered[0].span.start_ns
        conv.merge([m for s in told for m in s.messages], model_input=True)
    if not any(c.outputs for c in [*counted, *wrappers]):  # no call records a reply: the
        # runs' own records, in time (also where the calls' spans record only their prompts)
        for run in sorted((r for r in runs if r.history), key=lambda r: r.span.sort_key):
            conv.now = run.span.start_ns
            conv.merge(run.history, model_input=True)
    asked = any(m.role == "user" for m in conv.messages)
    called = bool(counted or wrappers or team or told)  # a model call, or a delivered turn
    unrecorded = conversation_unrecorded(runs, called)
    if not called:  # a resumed graph: its state's requests; the calls its state answers
        executed = with_state_requests(executed, [m for r in runs for m in r.state])
        executed = with_state_calls(executed, [m for r in runs for m in r.state])
    for run in [] if unrecorded else runs:
        # a run's input: a message when no call holds the user's; system: `own_system_prompts`
        if not asked and run.inputs:
            conv.now = run.span.start_ns  # said when the run started, before its tools ran
            if any(m.role != "system" for m in conv.messages):
                said_first(conv, run.inputs)  # before what its calls said (no input held it)
            else:
                conv.merge(run.inputs)
            break
        systems = own_system_prompts(run, counted + wrappers, lambda s: ancestors(s, by_id))
        for msg in reversed(systems):
            conv.add_system(msg)
        if systems:
            break
    conv.now = None
    given_by_runs = said_by_runs(runs, lambda s: ancestors(s, by_id))
    if unrecorded:  # no span records the conversation: the runs' messages give input, output
        given_by_runs = [[] for _ in runs]
    if (
        unrecorded
        or calls_hold_nothing([*counted, *wrappers], any(r.history for r in runs) or bool(told))
        or requests_unrecorded([*counted, *wrappers], conv.messages)
    ):
        executed = [unanswered(e) for e in executed]  # no request recorded: results no messages
    held = {
        m.tool_call_id: m for g in given_by_runs for m in g if m.role == "tool" and m.tool_call_id
    }
    # an application's whole runs side by side: their calls in the order requested
    tool_calls = attach_tool_runs(
        conv, executed, held, requested_times([*counted, *wrappers], apart, by_id)
    )
    for run, given in zip(runs, given_by_runs, strict=True):
        scope = scope_of(run.span, steps, by_id, twins)  # a sub-agent's output: its own
        conv.merge([m for m in given if not conv.gathers(m)], scope=scope)  # nor a summary
    name_turn_results(conv.messages)
    _name_tool_messages(conv.messages)
    asked_at = asked_times(conv.messages, conv.born)
    with_serialized_failures(conv.messages, ordered)  # a rejection only a history marks failed
    requested = made_by_the_run(calls_from_messages(conv.messages), conv.messages, runs, counted)
    requested = with_handoff_results(requested, ordered, counted)  # a filtered handoff's span
    requested = with_step_tool_errors(requested, ordered)  # LlamaIndex's is_error step output
    replied_at = replied_times([*counted, *wrappers])  # a request stands where its reply ended
    tool_calls = with_answered_requests(tool_calls, requested, asked_at, replied_at)
    # the calls a reply lists apart from its messages (content capture off) that the run
    # went on from, unless the trace records them otherwise
    model_calls = [*counted, *team, *reranking]
    tool_calls = with_listed_requests(tool_calls, counted, model_calls, conv.messages, asked_at)
    tool_calls = with_hosted_calls(tool_calls, counted)  # the provider ran them in the call

    # top-most first; of runs side by side, the one that ended last (a workflow with no
    # answer of its own: its agents' last, not its first)
    depth = {id(r): len(ancestors(r.span, by_id)) for r in runs}
    # a magentic manager stopped before its final answer (a limit): its member's last reply
    # is no answer, and no span records the stop notice SK returned (`stopped_unanswered`)
    stopped = not answered and stopped_unanswered(
        ordered,
        [r.span for r in runs if r.kind == "agent"],
        [c.span for c in [*wrappers, *counted, *team, *reranking]],
    )
    answering = (
        []
        if answered or stopped
        else sorted(  # of an application's whole runs, the last-started one's
            own_runs(runs, apart, by_id), key=lambda r: (depth[id(r)], -(r.span.end_ns or 0))
        )
    )
    # a run that raised gave no answer: the model's latest text stays its words, no output
    raised = run_raised(ordered, steps, by_id)
    if raised:  # a failed run span that records only its model's rejected reply answers none
        words = answer_said(conv, ordered, by_id)
        answering = [r for r in answering if not rejected_reply(r, words)]
    # nor when the last call's reply is in no span (`answer_unread`)
    unread = answer_unread(counted)
    latest = None if raised or unread or stopped else answer_said(conv, ordered, by_id)
    if apart and latest is not None:  # an application's whole runs: the last-started one's
        latest = last_answer(conv.messages, conv.scopes(), apart)
    if given_answer(latest, counted):  # an earlier answer the run was handed: not its own
        latest = None
    output, structured = _final(final_output, answering, latest, lambda s: ancestors(s, by_id))
    if output is None and structured is None and not raised and answering:
        # no text anywhere: the root run's last call, never run, as its answer (an answer tool)
        ran = {c.id for c in tool_calls if c.id}
        if answering[0].span is root:
            output = answer_tool_text(answering[0], conv.in_order(), ran)
    if structured is None and output is not None:  # a structured reply's object (D8)
        structured = next(
            (
                m.result
                for m in conv.messages
                if m.role == "assistant" and m.content == output and m.result is not None
            ),
            None,
        )
    said = [m.content for m in conv.messages if m.role == "assistant" and m.content]
    if truncated and output is not None and (not said or said[-1] != output):
        conv.append(Msg(role="assistant", content=output))
    latency = root.duration_s
    if latency is None:
        starts = [s.start_ns for s in ordered if s.start_ns is not None]
        ends = [s.end_ns for s in ordered if s.end_ns is not None]
        latency = (max(ends) - min(starts)) / 1e9 if starts and ends else None
    # else its first user message (of an application's whole runs, the first-started one's)
    first_user = began_with(in_start_order(conv.messages, conv.scopes(), apart), runs, counted)
    run_input = first_input(runs, ordered, steps, by_id)
    task = next((m.content for s in told for m in s.messages if m.role == "user"), None)
    team_model_calls = len(team) or None
    # the first model call's, a team's included; a reranker's only when no other names one
    model = run_model(wrappers + counted + team, reranking)
    team += reranking  # calls beside the conversation: their tokens
    # the first agent is the first that ran, not the shallowest (a LangGraph supervisor's
    # own agent node sits deeper than its worker's graph, yet runs first)
    started = sorted(runs, key=lambda r: r.span.sort_key)
    if apart:  # an application's whole runs: in the order they started (`whole_runs`)
        rank = {s.span_id: n for n, s in enumerate(apart)}
        started.sort(key=lambda r: rank.get(r.span.span_id, len(rank)))
    agents = list(dict.fromkeys(r.name for r in started if r.name))
    metadata = _clean(
        {
            "source": source,
            "trace_id": trace_id,
            "service_name": root.resource.get("service.name"),
            "framework": _framework(ordered),
            "agent_name": agents[0]
            if agents
            else workflow_agent(ordered)
            or sdk_agent(ordered)
            or traced_agent(ordered)
            or node_agent(ordered)
            or replayed_agent(ordered)  # LangChain states Langtrace, OpenLLMetry JS record
            or span_agent(ordered)  # a run cut short before its agent's span ended
            or message_agent(conv.messages),  # the name the model's request gives its turns
            "agents": agents if len(agents) > 1 else None,
            "model": model or next((r.model for r in runs if r.model), None),
            "response_model": next(
                (c.response_model for c in counted + team if c.response_model), None
            ),
            "provider": next((c.provider for c in wrappers + counted + team if c.provider), None),
            "spans": len(ordered),
            "joined_traces": list(joined) if joined else None,
            "truncated_attributes": True if truncated else None,
            "team_model_calls": team_model_calls,
            "embeddings": embedding_calls(ordered),  # set aside, no model call
            "tracer_error": root.error if tracer_fault(root) else None,  # not the run's
        }
    )
    # a sub-agent handed its caller's whole history continues its conversation
    said_in_order = handed_histories(
        conv.in_order(), conv.scopes(), sub_runs(ordered, steps, by_id, twins)
    )
    said_in_order = in_start_order(said_in_order, conv.scopes(), apart)
    said_in_order = said_as_media(said_in_order)  # a picture a tool returned: no text
    error = run_error(root) or raised  # the root may end well around a run that raised
    phases = [s for s in steps.values() if isinstance(s, ToolPhase)]
    tool_calls = with_phase_calls(tool_calls, counted, phases, conv.messages, error)
    usage = _usage(counted + team, runs, wrappers, told)
    if not usage.known:  # LlamaIndex's replies may carry what no span counted
        found = reply_counts(ordered, len(counted))
        usage = usage if found is None else found.model_copy(update={"cost_usd": usage.cost_usd})
    trace = Trace(
        messages=[m.to_message() for m in said_in_order],
        tool_calls=tool_calls,
        passages=trace_passages(ordered, steps, lambda s: ancestors(s, by_id)),
        output=output,
        structured=structured,
        usage=usage,
        latency_s=latency,
        turns=len(counted) or None,
        error=error,
        metadata=metadata,
    )
    return ImportedTrace(
        trace_id=trace_id,
        case_id=trace_id,
        trace=trace,
        input=run_input or task or first_user,
        metadata=metadata,
    )


def _usage(
    calls: list[ModelCall],
    runs: list[AgentRun],
    wrappers: list[ModelCall] | None = None,
    said: list[Said] | None = None,
) -> Usage:
    """Tokens over the model calls, each once; unknown (``known=False``) when none counts.

    A run span that repeats its model calls' usage is not added; only when no model call
    carries counts and exactly one run reports them (the Assistants API) is that the usage;
    or the runs', added, when each counts only its own steps (`AgentRun.own_usage`: a
    VoltAgent supervisor's and the sub-agent's it ran through ``delegate_task``).
    Spans wrapping model calls (`ModelCall.wraps_calls`) count when no call does; when no
    model call has counts, the usage the messages said report (AgentChat's
    ``models_usage``, each message once) is the run's.
    """
    if wrappers and not any(
        c.input_tokens is not None or c.output_tokens is not None for c in calls
    ):
        calls = [*wrappers, *calls]
    costs = [c.cost_usd for c in calls if c.cost_usd is not None]
    cost = sum(costs) if costs else None
    known = [c for c in calls if c.input_tokens is not None or c.output_tokens is not None]
    if known:
        return Usage(
            input_tokens=sum(c.input_tokens or 0 for c in known),
            output_tokens=sum(c.output_tokens or 0 for c in known),
            cost_usd=cost,
        )
    told = [s for s in said or [] if s.input_tokens is not None or s.output_tokens is not None]
    if told:
        return Usage(
            input_tokens=sum(s.input_tokens or 0 for s in told),
            output_tokens=sum(s.output_tokens or 0 for s in told),
            cost_usd=cost,
        )
    reported = [r for r in runs if r.input_tokens is not None or r.output_tokens is not None]
    if len(reported) == 1 or (reported and all(r.own_usage for r in reported)):
        return Usage(
            input_tokens=sum(r.input_tokens or 0 for r in reported),
            output_tokens=sum(r.output_tokens or 0 for r in reported),
            cost_usd=cost,
        )
    return Usage(cost_usd=cost, known=False)


def _said_by_team(
    team: list[ModelCall], told: list[Said], held: list[Msg]
) -> list[tuple[ModelCall, list[Msg]]]:
    """The team's calls whose reply the team says in the conversation, with that reply (D15).

    A team call's reply is bookkeeping unless the run's deliveries carry it, word for word,
    as a message of its own (MagenticOne's orchestrator says its final answer): then it is
    said, an assistant message. Not when a model call's history already holds it.
    """
    spoken = {m.content for s in told for m in s.messages if m.role == "assistant" and m.content}
    known = {m.content for m in held if m.role == "assistant" and m.content}
    out = []
    for call in team:
        replies = [m for m in call.outputs if m.role == "assistant" and m.content in spoken]
        if replies and not any(m.content in known for m in replies):
            out.append((call, replies))
    return out


def _said_once(delivered: list[Delivered]) -> list[Said]:
    """The messages the deliveries hold, each once, in the order they were made.

    Once by id: one message goes to several agents and comes again in the response that
    gathers a turn. In order of their creation times when every one has one, else as first
    delivered.
    """
    seen: set[str] = set()
    out: list[Said] = []
    for step in delivered:
        for said in step.said:
            if said.id is not None and said.id in seen:
                continue
            if said.id is not None:
                seen.add(said.id)
            out.append(said)
    if all(s.created_ns is not None for s in out):
        out.sort(key=lambda s: s.created_ns or 0)
    return out


def _final(
    final_output: Any,
    runs: list[AgentRun],
    said: str | None,
    ancestors_of: Callable[[Span], list[Span]],
) -> tuple[str | None, Any]:
    """The run's answer (`said`: the conversation's, `answer_said`, when the runs record none).

    A dump's final output, else the top-most run's result (of runs side by side, the one that
    ended last; not one a later run with no readable answer superseded, `superseded`), else
    `said` (the latest in time, not the last in order, nor a guardrail's; None when the run
    raised, `run_raised`).
    """
    if final_output is not _MISSING and final_output is not None:
        return final_answer(final_output)
    unreadable: list[AgentRun] = []
    for run in runs:
        if superseded(run, unreadable, ancestors_of):
            continue
        answer = run_answer(run.outputs, run.output_value, whole=run.whole_output)
        if answer is not None:
            return answer
        if not escalated(run.output_value):  # a loop's end signal replaces no answer
            unreadable.append(run)
    return said, None


def _runs(
    ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> list[AgentRun]:
    """The run spans, top-most first (then by start).

    A chain counts only outside any other step (a LangChain chain inside an agent is a
    detail of that agent's run).
    """
    out: list[tuple[int, int, AgentRun]] = []
    for i, span in enumerate(ordered):
        step = steps[id(span)]
        if not isinstance(step, AgentRun):
            continue
        above = ancestors(span, by_id)
        if step.kind == "chain" and any(
            steps[id(a)] is not None and getattr(steps[id(a)], "kind", "") != "app" for a in above
        ):
            continue
        out.append((len(above), i, step))
    return [run for _, _, run in sorted(out, key=lambda t: (t[0], t[1]))]


def _top_runs(runs: list[AgentRun], by_id: dict[str, Span]) -> list[AgentRun]:
    """The runs at the top-most depth.

    Several when an application's span, or none, holds runs side by side (a classifier's
    call, then the answering one).
    """
    depths = [len(ancestors(r.span, by_id)) for r in runs]
    return [r for r, d in zip(runs, depths, strict=True) if d == min(depths)]


def _root(ordered: list[Span]) -> Span:
    ids = {o.span_id for o in ordered}
    parentless = [s for s in ordered if s.parent_id is None or s.parent_id not in ids]
    candidates = parentless or ordered
    return max(candidates, key=lambda s: (s.duration_s or 0.0, -s.order))


def _mark_wrappers(
    ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> None:
    """Mark the model calls that wrap another one (`ModelCall.wraps_calls`).

    A model call that records no prompt of its own over one that does wraps it (LlamaIndex's
    ``OpenAI.predict``, a prompt template, over its ``OpenAI.chat``): the inner span is the
    call, the outer one a wrapper.
    """
    for span in ordered:
        step = steps[id(span)]
        if not isinstance(step, ModelCall) or not step.inputs:
            continue
        for parent in ancestors(span, by_id):
            found = steps[id(parent)]
            if isinstance(found, ModelCall) and not found.wraps_calls:
                if found.inputs:
                    break  # the outer call has its own prompt: the inner one repeats it
                steps[id(parent)] = replace(found, wraps_calls=True)


def _in_recorded_turn(span: Span, steps: dict[int, Step | None], by_id: dict[str, Span]) -> bool:
    """Whether `span` is the model call of a turn that records its messages itself.

    An agent loop's turn (`ModelCall.turn`) holding the call's request or reply.
    """
    return any(
        isinstance(found, ModelCall) and found.turn and bool(found.inputs or found.outputs)
        for found in (steps[id(parent)] for parent in ancestors(span, by_id))
    )


def _inside_model_call(span: Span, steps: dict[int, Step | None], by_id: dict[str, Span]) -> bool:
    return any(
        isinstance(found, ModelCall) and not found.wraps_calls
        for found in (steps[id(parent)] for parent in ancestors(span, by_id))
    )


def _name_tool_messages(messages: list[Msg]) -> None:
    names = {req.id: req.name for m in messages for req in m.tool_calls if req.id}
    for msg in messages:
        if msg.role == "tool" and msg.name is None and msg.tool_call_id in names:
            msg.name = names[msg.tool_call_id]


def _framework(spans: list[Span]) -> str | None:
    for span in spans:
        if span.scope:
            return span.scope
    for span in spans:
        if "any_agent.version" in span.attributes:
            return "any-agent"
    return None


def _clean(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v is not None and v != ""}
