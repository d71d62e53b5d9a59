"""One model call recorded by two spans: one call, its record the two spans' together.

Two instrumentations on one stack each record the same request: an agent framework's and a
model client's (OpenLLMetry's openai-agents ``openai.response`` over its OpenAI
instrumentation's ``openai.chat``), or an instrumentation and the client SDK's own (the
anthropic SDK's ``anthropic.messages.create`` beside OpenLLMetry's ``anthropic.chat``). They
are the same call when

- one is the only model call inside the other (its span a descendant, no model call
  between them nor beside it), or
- they are siblings (the same parent) naming the same response (``gen_ai.response.id``, or
  the id of the response object OpenInference records: `_response_names`),
  one's time within the other's, and neither's counts or model contradict the other's:
  an instrumentation that does not make its span current leaves the inner one beside it; or
- they are siblings recorded by different instrumentations (their attributes in different
  conventions: `_conventions`), one's time within the other's, recording the same request
  messages and the same reply, and neither's counts or model contradict the other's
  (`_side_by_side`): two instrumentations of one client, neither making its span current
  for the other (Langfuse's OpenAI drop-in's ``OpenAI-generation`` beside OpenInference's
  ``ChatCompletion``), record each call twice where one names no response. One
  instrumentation's two records of the same words are two calls (identical requests sent
  at once), never folded.

Each records what it saw, not always all of it (the agents' span has the request but
neither the reply nor the usage; the SDK's the usage but no message), so the call is the one
span completed by the other: its messages, else the other's; its counts, else the other's;
the same for its model, response model and provider (a model that is only the answering
model's name, a span naming no request model, yields to the other's request model). Nested,
the outer span stands for the call (the inner one stays a repeat inside it, `_common`'s
rule); side by side, the one that records more messages (the outer on a tie), the other no
step of the run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ._known_ids import with_known_ids
from ._messages import Msg
from ._response_names import response_id
from ._spans import Span, ancestors
from ._steps import ModelCall, Step
from ._tool_call_reprs import repr_of_requests

__all__ = ["completed_by", "fold_repeated_calls", "within"]


def fold_repeated_calls(
    ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> None:
    """Complete each model call recorded twice with its other record (`steps`, in place).

    `ordered`: the trace's spans; `steps`: what each is, by ``id(span)``; `by_id`: the spans
    by span id.
    """

    def call(span: Span) -> ModelCall | None:
        found = steps[id(span)]
        return found if isinstance(found, ModelCall) and not found.wraps_calls else None

    nearest: dict[str, list[Span]] = {}  # model call span id -> the nearest calls inside it
    for span in ordered:
        if call(span) is None:
            continue
        above = next((a for a in ancestors(span, by_id) if call(a) is not None), None)
        if above is not None:
            nearest.setdefault(above.span_id, []).append(span)
    for outer_id, inner in nearest.items():
        outer = by_id[outer_id]
        outer_call, inner_call = call(outer), call(inner[0])
        if len(inner) == 1 and outer_call is not None and inner_call is not None:
            steps[id(outer)] = completed_by(outer_call, inner_call)
        elif outer_call is not None and _separate_requests([call(s) for s in inner]):
            for span in inner:  # named first: the wrapper's repeat of one is then that one
                if (found := call(span)) is not None:
                    steps[id(span)] = _named_by(found, outer_call)
            steps[id(outer)] = _wrapping(outer_call, [c for s in inner if (c := call(s))])

    siblings: dict[tuple[str | None, str], list[Span]] = {}
    for span in ordered:
        response = response_id(span)
        if call(span) is not None and response:
            siblings.setdefault((span.parent_id, response), []).append(span)
    for group in siblings.values():
        for i, first in enumerate(group):
            for second in group[i + 1 :]:
                a, b = call(first), call(second)
                if a is None or b is None or not _same_request(first, second, a, b):
                    continue
                kept, other, kept_call, other_call = _kept((first, a), (second, b))
                merged = completed_by(kept_call, other_call)
                counted = (a if within(first, second) else b).output_tokens
                if counted is not None and merged.output_tokens != counted:
                    # counted apart (`_same_request`): the inner record's, nearer the reply
                    merged = replace(merged, output_tokens=counted)
                steps[id(kept)] = merged
                steps[id(other)] = None
    _fold_side_by_side(ordered, call, steps)


def _fold_side_by_side(
    ordered: list[Span],
    call: Callable[[Span], ModelCall | None],
    steps: dict[int, Step | None],
) -> None:
    """Fold each call two instrumentations record side by side into one (`steps`, in place).

    Siblings of different conventions, one's time within the other's, the same request and reply
    (`_side_by_side`): the call is the one that records more messages (the outer on a tie),
    completed by the other, which is no step of the run. A model one names that is only the
    other's answering model yields to the model the other says was asked for (`_asked`).
    """
    by_parent: dict[str | None, list[Span]] = {}
    for span in ordered:
        if call(span) is not None:
            by_parent.setdefault(span.parent_id, []).append(span)
    for group in by_parent.values():
        for i, first in enumerate(group):
            for second in group[i + 1 :]:
                a, b = call(first), call(second)
                if a is None or b is None or not _side_by_side(first, second, a, b):
                    continue
                kept, other, kept_call, other_call = _kept((first, a), (second, b))
                steps[id(kept)] = completed_by(kept_call, other_call)
                steps[id(other)] = None


def _kept(
    first: tuple[Span, ModelCall], second: tuple[Span, ModelCall]
) -> tuple[Span, Span, ModelCall, ModelCall]:
    """Of two records of one call, the one kept and the other: ``(kept, other, their calls)``.

    The record that says more (`_said`: more messages) is kept; on a tie, the outer one (the
    span whose time holds the other's), which wraps the call as the run saw it.
    """
    (one, one_call), (two, two_call) = first, second
    if within(two, one):
        kept, other, kept_call, other_call = one, two, one_call, two_call
    else:
        kept, other, kept_call, other_call = two, one, two_call, one_call
    if _said(other_call) > _said(kept_call):
        return other, kept, other_call, kept_call
    return kept, other, kept_call, other_call


def _side_by_side(first: Span, second: Span, a: ModelCall, b: ModelCall) -> bool:
    """Whether sibling spans of two instrumentations record one call.

    Their attributes in different conventions (`_conventions`: one instrumentation's two
    records of the same words are two requests); one's time within the other's (a client
    call one instrumentation wraps around the other's); the same request messages and the
    same reply, both recorded; no response id that differs, no count that differs, and
    request models that agree: the same, or one only the answering model the other names
    (`_models_agree`).
    """
    if _conventions(first) == _conventions(second):
        return False
    if not (within(first, second) or within(second, first)):
        return False
    if not (a.inputs and a.outputs and b.inputs and b.outputs):
        return False
    if _keys(a.inputs) != _keys(b.inputs) or _keys(a.outputs) != _keys(b.outputs):
        return False
    named, other_named = response_id(first), response_id(second)
    if named and other_named and named != other_named:
        return False
    for mine, theirs in ((a.input_tokens, b.input_tokens), (a.output_tokens, b.output_tokens)):
        if mine is not None and theirs is not None and mine != theirs:
            return False
    return _models_agree(a, b)


def _conventions(span: Span) -> frozenset[str]:
    """The namespaces of `span`'s attribute keys (``langfuse``; ``llm``, ``input``, ...).

    What tells two instrumentations' records apart: each writes its own conventions
    (Langfuse's ``langfuse.observation.*``, OpenInference's ``llm.*`` with ``input.value``,
    OpenLLMetry's ``llm.*`` beside ``gen_ai.*``), and one instrumentation writes the same
    namespaces for two calls of the same words. Read from the attributes, not the
    instrumentation scope, which a console dump of the spans does not keep.
    """
    return frozenset(key.split(".", 1)[0] for key in span.attributes)


def _models_agree(a: ModelCall, b: ModelCall) -> bool:
    """Whether two records of one call name models that do not contradict each other.

    The answering models, when both name one, are the same; the requested ones too, unless
    one record's is only the answering model's name (its model its response model, as an
    instrumentation that reads the model off the reply writes it), which is then the other's
    answering model: the asked-for ``gpt-4o-mini`` answered by ``gpt-4o-mini-2024-07-18``.
    """
    if a.response_model and b.response_model and a.response_model != b.response_model:
        return False
    if not (a.model and b.model) or a.model == b.model:
        return True
    return any(x.model == x.response_model == y.response_model for x, y in ((a, b), (b, a)))


def _separate_requests(calls: list[ModelCall | None]) -> bool:
    """Whether the calls nearest inside a model call are requests of their own.

    Two or more, each recording its prompt, no two the same; or, none recording its prompt
    (LiteLLM's record of a Bedrock or Ollama call holds only the reply), each recording its
    reply, no two the same: one request has one reply. The span around them records no one
    call but a repeat of one of them (LiteLLM writes each call's attributes on the
    application's span, the last overwriting the others, and each call's own record in a span
    under it): it wraps them.
    """
    found = [c for c in calls if c is not None]
    if len(calls) < 2 or len(found) < len(calls):
        return False
    prompts = [tuple(m.key() for m in c.inputs) for c in found if c.inputs]
    if not prompts:
        prompts = [tuple(m.key() for m in c.outputs) for c in found if c.outputs]
    return len(prompts) == len(calls) and len(set(prompts)) == len(prompts)


def _wrapping(outer: ModelCall, inner: list[ModelCall]) -> ModelCall:
    """`outer` as the wrapper of the separate calls `inner`.

    The messages it repeats of one of them (the same prompt) are that call's, said by it, not
    the wrapper's.
    """
    prompt = [m.key() for m in outer.inputs]
    if any([m.key() for m in c.inputs] == prompt for c in inner):
        return replace(outer, wraps_calls=True, inputs=[], outputs=[])
    return replace(outer, wraps_calls=True)


def _named_by(inner: ModelCall, outer: ModelCall) -> ModelCall:
    """`inner`, its turns without ids given the ids the wrapper's record of them has.

    A provider that names no call (the Gemini API, Ollama) has its calls named by the client
    (LiteLLM makes ids): the provider's own record of a call (LiteLLM's raw span) holds the
    turn without them, the wrapper's conversation with them (`with_known_ids`). The call
    whose prompt the wrapper repeats takes the wrapper's messages, the client's record of
    what was sent (the wrapper then says nothing of its own: `_wrapping`).
    """
    held = [*outer.inputs, *outer.outputs]
    inputs, outputs = with_known_ids(inner.inputs, held), with_known_ids(inner.outputs, held)
    if _keys(inputs) == _keys(outer.inputs) if inputs else _keys(outputs) == _keys(outer.outputs):
        # the call the wrapper repeats (the same prompt; the same reply when only replies are
        # recorded): its messages as the client sent them, not as the provider's API took
        # them (Gemini's function_response wraps a result as {content})
        return replace(inner, inputs=outer.inputs, outputs=outer.outputs or outputs)
    if inputs is inner.inputs and outputs is inner.outputs:
        return inner
    return replace(inner, inputs=inputs, outputs=outputs)


def _keys(messages: list[Msg]) -> list[tuple[object, ...]]:
    return [m.key() for m in messages]


def completed_by(call: ModelCall, other: ModelCall) -> ModelCall:
    """`call`, each field it did not record taken from `other`'s record of the same call.

    A failed call (`ModelCall.failed`) recorded that it had no reply: none is taken. A reply
    `call` recorded only as the repr of the requests `other` records (CrewAI's ``.llm`` span
    stringifying LiteLLM's tool-call objects: `repr_of_requests`) is those requests, no text.
    """
    counted = call.input_tokens is not None or call.output_tokens is not None
    _give_ids(call.outputs, other.outputs)
    outputs = call.outputs or ([] if call.failed else other.outputs)
    if repr_of_requests(call.outputs, other.outputs):
        outputs = other.outputs
    return replace(
        call,
        inputs=call.inputs or other.inputs,
        outputs=outputs,
        input_tokens=call.input_tokens if counted else other.input_tokens,
        output_tokens=call.output_tokens if counted else other.output_tokens,
        cost_usd=call.cost_usd if call.cost_usd is not None else other.cost_usd,
        model=_asked(call, other),
        provider=call.provider or other.provider,
        response_model=call.response_model or other.response_model,
    )


def _asked(call: ModelCall, other: ModelCall) -> str | None:
    """The model asked for: `call`'s, else `other`'s.

    `call`'s yields when it is only the answering model's name (a span naming no request
    model) and `other` names the model asked for apart from the answering one.
    """
    if not call.model:
        return other.model
    only_answered = call.model == call.response_model
    if only_answered and other.model and other.model != other.response_model:
        return other.model
    return call.model


def _give_ids(replies: list[Msg], others: list[Msg]) -> None:
    """Give the requests of `replies` without an id the ids of the other record's, in place.

    The same requests of the same reply (name and arguments, in order): one record of a call
    can leave the ids out (LiteLLM's flattened ``function_call``), the other give them.
    """
    for mine, theirs in zip(replies, others, strict=False):
        pairs = list(zip(mine.tool_calls, theirs.tool_calls, strict=False))
        if len(mine.tool_calls) != len(theirs.tool_calls) or any(
            a.name != b.name or a.arguments != b.arguments for a, b in pairs
        ):
            continue
        for a, b in pairs:
            a.id = a.id or b.id


def _same_request(first: Span, second: Span, a: ModelCall, b: ModelCall) -> bool:
    """Whether two sibling spans naming one response record one request.

    One's time within the other's, and no count or model that differs: the same response id
    on calls made one after the other, or side by side with different counts, is a server
    that names every response alike, not one call. But for the output count of a streamed
    reply where both give the same input count: instrumentations count a stream's output
    apart (OpenLLMetry's Anthropic one adds ``message_start``'s count to the final,
    cumulative one, one more than the SDK's own span says), so that count may differ, and
    the record inside the other's time, nearer the reply, gives it (`fold_repeated_calls`).
    """
    if not (within(first, second) or within(second, first)):
        return False
    counted_in = a.input_tokens is not None and a.input_tokens == b.input_tokens
    for mine, theirs in (
        (a.input_tokens, b.input_tokens),
        (None if counted_in else a.output_tokens, b.output_tokens),
        (a.model, b.model),
        (a.response_model, b.response_model),
    ):
        if mine is not None and theirs is not None and mine != theirs:
            return False
    return True


def within(inner: Span, outer: Span) -> bool:
    """Whether `inner`'s time is within `outer`'s (both known)."""
    start, end = inner.start_ns, inner.end_ns
    around, until = outer.start_ns, outer.end_ns
    if start is None or end is None or around is None or until is None:
        return False
    return around <= start and end <= until


def _said(call: ModelCall) -> int:
    return len(call.inputs) + len(call.outputs)
