"""The model calls' records made whole before they are read into one conversation.

Seven rules over the interpreted steps of one trace, in this order: a call that recorded no
input takes the messages its prompt step rendered (`given_rendered_prompts`); a streamed call
that recorded no reply takes the one its agent step recorded (`given_step_replies`); a
function no model asked for whose body is one model call is that call's wrapper, no tool run
(`settle_prompt_functions`); one call recorded by two spans is one call
(`fold_repeated_calls`; a client SDK's wordless record beside it naming no response too,
`fold_unnamed_repeats`); a tool's name standing in for a call id is no id
(`without_name_ids`); a reply recorded as saying nothing, whose turn a later input records
whole, is no reply (`without_silent_replies`); what an input repeats of an earlier call's
input between that input and that call's reply is given once (`without_repeated_inputs`: a
retried step's copy of the task, a pipeline's input collected again).
"""

from __future__ import annotations

from ._name_ids import without_name_ids
from ._prompt_functions import settle_prompt_functions
from ._rendered_prompts import given_rendered_prompts
from ._repeated_inputs import without_repeated_inputs
from ._same_call import fold_repeated_calls
from ._silent_replies import without_silent_replies
from ._spans import Span
from ._step_replies import given_step_replies
from ._steps import ModelCall, Step
from ._unnamed_repeats import fold_unnamed_repeats

__all__ = ["settle_model_calls"]


def settle_model_calls(
    ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> None:
    """Apply the seven rules to `steps` (by ``id(span)``, in place).

    `ordered`: the trace's spans in order; `by_id`: the spans by span id.
    """
    given_rendered_prompts(ordered, steps)
    given_step_replies(ordered, steps, by_id)
    settle_prompt_functions(ordered, steps, by_id)
    fold_repeated_calls(ordered, steps, by_id)
    fold_unnamed_repeats(ordered, steps)
    calls = [s for span in ordered if isinstance(s := steps[id(span)], ModelCall)]
    for call in calls:
        without_name_ids(call.inputs)
        without_name_ids(call.outputs)
    without_silent_replies([c for c in calls if not c.wraps_calls])
    without_repeated_inputs([c for c in calls if not c.wraps_calls])
