r"""A JavaScript error written as its message, a blank line, then its stack.

@arizeai/openinference-instrumentation-langchain 4.1.1 (LangChain.js, @langchain/langgraph
1.7.3) records a run that threw with its status message, and its ``exception`` event's
``exception.message`` (no ``exception.type``), as ``<message>\n\n<error.stack>``. A V8 stack
opens with ``<Name>: <message>`` (``Error: unknown city: Tokio``) and goes on with one
``    at <frame>`` line a frame. That first line is the error, its type and its message, as an
annotator reading the export takes it; the frames (the npm project's paths) are not. Only a
stack whose first line repeats the message before it, word for word, is read so: anything
else (a LangGraph ``ParentCommand``, no message and a stack opening with the bare name) is
kept as written.
"""

from __future__ import annotations

import re

__all__ = ["stack_error"]

_WITH_STACK = re.compile(
    r"(?P<message>.+?)\n\n(?P<raised>[A-Za-z_$][\w$.]*: (?P=message))(?:\n[ \t]+at [^\n]*)+\n?",
    re.DOTALL,
)
"""``<message>``, a blank line, ``<Name>: <message>`` and the ``at`` lines of its frames."""


def stack_error(message: str) -> str | None:
    r"""The ``<Name>: <message>`` line of the stack `message` ends with; None without one.

    Examples:
        >>> said = "unknown city: Tokio\n\nError: unknown city: Tokio\n    at tool.name (x.mjs:35)"
        >>> stack_error(said)
        'Error: unknown city: Tokio'
        >>> stack_error("\n\nParentCommand\n    at RunnableCallable._controlBranch (state.js:775)")
        >>> stack_error("unknown city: Tokio\n\nTypeError: other\n    at f (x.js:1:1)")
        >>> stack_error("unknown city: Tokio") is None
        True
    """
    read = _WITH_STACK.fullmatch(message)
    return read.group("raised") if read else None
