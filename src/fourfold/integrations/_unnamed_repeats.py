"""A client SDK's own span beside an instrumentation's, naming no response: the same call.

A client SDK that traces itself (mistralai 1.x's ``mistralai_sdk_tracer``) records each
request as a span of its own: the request's model and the usage, no message and no response
id. An instrumentation that wraps the client (OpenLLMetry's ``mistralai.chat``) without
making its span current leaves the SDK's span beside its own rather than under it, so
`_same_call`'s rules (a span inside the other; siblings naming one response) do not see one
call, and its usage was counted twice.

The sibling naming no response is the same call as the one it sits within when it records
no message, both record both counts and they are the same, and neither's model contradicts
the other's: a separate request of its own would have been made outside the other's time or
counted otherwise. The call is the one recording the messages, completed by the other
(`_same_call.completed_by`); the other is no step of the run.
"""

from __future__ import annotations

from ._response_names import response_id
from ._same_call import completed_by, within
from ._spans import Span
from ._steps import ModelCall, Step

__all__ = ["fold_unnamed_repeats"]


def fold_unnamed_repeats(ordered: list[Span], steps: dict[int, Step | None]) -> None:
    """Fold each unnamed, wordless sibling record of a model call into that call (in place).

    `ordered`: the trace's spans; `steps`: what each is, by ``id(span)``.
    """

    def call(span: Span) -> ModelCall | None:
        found = steps[id(span)]
        return found if isinstance(found, ModelCall) and not found.wraps_calls else None

    by_parent: dict[str | None, list[Span]] = {}
    for span in ordered:
        if call(span) is not None:
            by_parent.setdefault(span.parent_id, []).append(span)
    for group in by_parent.values():
        for bare in group:
            bare_call = call(bare)
            if bare_call is None or not _unnamed(bare, bare_call):
                continue
            for kept in group:
                kept_call = call(kept)
                if kept is bare or kept_call is None or not within(bare, kept):
                    continue
                if _same_counts(bare_call, kept_call):
                    steps[id(kept)] = completed_by(kept_call, bare_call)
                    steps[id(bare)] = None
                    break


def _unnamed(span: Span, call: ModelCall) -> bool:
    """Whether `call` names no response and records no message (only what was counted)."""
    return response_id(span) is None and not call.inputs and not call.outputs


def _same_counts(bare: ModelCall, kept: ModelCall) -> bool:
    """Both counts recorded by both, the same; the models not contradicting each other."""
    counts = (bare.input_tokens, bare.output_tokens, kept.input_tokens, kept.output_tokens)
    if any(c is None for c in counts):
        return False
    if (bare.input_tokens, bare.output_tokens) != (kept.input_tokens, kept.output_tokens):
        return False
    return not (bare.model and kept.model and bare.model != kept.model)
