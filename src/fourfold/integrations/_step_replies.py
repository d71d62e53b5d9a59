"""A streamed model call's reply, read from the agent step it ran in.

LlamaIndex's ``FunctionAgent`` (llama-index-core 0.14) streams its model calls by default
(``astream_chat``); under MLflow 3.17's ``mlflow.llama_index.autolog()`` the chat span's
outputs are the repr of the async generator it returned, no reply (`ModelCall.reply_in_step`,
`.otel._mlflow_llamaindex`). The workflow step that made the call, ``run_agent_step`` (a
CHAIN span, the chat span's parent), outputs the ``AgentOutput`` LlamaIndex assembled from
the stream: its ``response`` the reply, a turn of calls with their ids too. So such a call with
no reply takes the assistant messages of the nearest run step above it (`AgentRun.outputs`),
when it is the only call of that step that records none. Every other call is left as it is.
The same holds under LlamaIndex's own OpenTelemetry integration, whose streamed chat span
records no reply at all and whose ``run_agent_step`` records the ``AgentOutput``'s summary
(`.otel._llamaindex_otel`): a reply so given is read (`ModelCall.reply_unread` no longer).
"""

from __future__ import annotations

from dataclasses import replace

from ._spans import Span, ancestors
from ._steps import AgentRun, ModelCall, Step

__all__ = ["given_step_replies"]


def given_step_replies(
    ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> None:
    """Give each call whose reply its step records that reply (`steps` by ``id(span)``, in place).

    Examples:
        >>> from fourfold.integrations._messages import Msg
        >>> step = Span("t", "s", None, "run_agent_step", 0, 9, "ok", None, {})
        >>> chat = Span("t", "c", "s", "astream_chat", 1, 2, "ok", None, {})
        >>> said = [Msg("assistant", "Sunny.")]
        >>> steps = {id(step): AgentRun(step, outputs=said, kind="chain"),
        ...     id(chat): ModelCall(chat, [Msg("user", "Hi")], [], reply_in_step=True)}
        >>> given_step_replies([step, chat], steps, {"s": step, "c": chat})
        >>> [m.content for m in steps[id(chat)].outputs]
        ['Sunny.']
    """
    waiting: dict[str, list[Span]] = {}
    for span in ordered:
        found = steps[id(span)]
        if not isinstance(found, ModelCall) or not found.reply_in_step or found.outputs:
            continue
        above = next(
            (a for a in ancestors(span, by_id) if isinstance(steps[id(a)], AgentRun)), None
        )
        if above is not None:
            waiting.setdefault(above.span_id, []).append(span)
    for run_id, calls in waiting.items():
        run = steps[id(by_id[run_id])]
        if len(calls) != 1 or not isinstance(run, AgentRun):
            continue  # several calls: which one replied is not recorded
        said = [m for m in run.outputs if m.role == "assistant"]
        call = steps[id(calls[0])]
        if said and isinstance(call, ModelCall):  # read after all: the call's reply is known
            steps[id(calls[0])] = replace(
                call, outputs=[replace(m) for m in said], reply_unread=False
            )
