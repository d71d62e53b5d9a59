r"""A smolagents observation's result: the observation without smolagents' label.

smolagents 1.x (measured on 1.26.0) hands a step's outcome back to the model as a
``tool-response`` message whose text is ``Observation:\n`` and then the step's observations
(``ActionStep.to_messages``, smolagents/memory.py): a tool's or a managed agent's return
value, a ``CodeAgent``'s ``Execution logs:\n...``. The label is how smolagents words an
observation for the model, not what the call returned: a call answered by such a message
(no tool span recording it: a managed agent's call, a ``CodeAgent``'s ``python_interpreter``
action) has the text after the label as its result, while the tool message keeps the text
as written, what the model was given. A call a tool span records keeps the span's result.
A text without the label (``Error:\n...``, ``Call id: <id>\nError:\n...``) is its own result.
"""

from __future__ import annotations

from typing import Any

from .._messages import result_value

__all__ = ["observation_result"]

_LABEL = "Observation:\n"


def observation_result(text: str | None) -> Any:
    r"""The result a smolagents ``tool-response`` text gives its call; None without the label.

    Examples:
        >>> observation_result("Observation:\nExecution logs:\nsunny\n")
        'Execution logs:\nsunny\n'
        >>> observation_result('Observation:\n{"city": "A"}')
        {'city': 'A'}
        >>> observation_result("Error:\nboom") is None
        True
    """
    if text is None or not text.startswith(_LABEL):
        return None
    return result_value(text[len(_LABEL) :])
