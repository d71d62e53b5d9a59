"""A ReAct agent's text steps: the model acts in text, not in tool calls.

A step is ``Thought: ...`` then ``Action: <tool>`` and ``Action Input: <JSON>``, the last
``Thought: ...`` then ``Answer: ...`` (LlamaIndex's ``ReActAgent``; ``Final Answer:`` in
CrewAI's and LangChain's ReAct prompts). The framework parses each reply and writes the steps
back into the next prompt:

- not always in the model's words: LlamaIndex renders the parsed action input as a Python
  dict (``{'city': 'Paris'}`` for the model's ``{"city": "Paris"}``). That is the model's
  turn replayed, one message: `step_key` is the text with its action input as canonical
  JSON, what two records of one step share;
- the run's answer is the final step's answer, not its thought: LlamaIndex's agent returns
  the text after ``Answer:`` (`react_answer`).
"""

from __future__ import annotations

import json
import re
from typing import Any

from ._literals import python_literal

__all__ = ["react_answer", "step_key"]

_ACTION = re.compile(r"Thought:.*?\nAction:[^\n]*\nAction Input:(?P<input>.*)", re.DOTALL)
_FINAL = re.compile(
    r"Thought:[^\n]*(?:\n(?!Action:)[^\n]*)*?\n(?:Final )?Answer:(?P<answer>.*)", re.DOTALL
)


def step_key(text: str) -> str:
    r"""`text`, its action input as canonical JSON when it is a ReAct action step.

    Examples:
        >>> step = 'Thought: Paris.\nAction: get_weather\nAction Input: {"city": "Paris"}'
        >>> step_key(step) == step_key(step.replace('"', "'"))
        True
        >>> step_key("Thought: Paris.\nAction: get_weather\nAction Input: Paris")
        'Thought: Paris.\nAction: get_weather\nAction Input: Paris'
    """
    found = _ACTION.fullmatch(text)
    if found is None:
        return text
    value = _value(found.group("input").strip())
    if not isinstance(value, dict):
        return text
    return text[: found.start("input")] + " " + json.dumps(value, sort_keys=True, default=str)


def react_answer(text: str | None) -> str | None:
    r"""The answer of `text` when it is a ReAct final step, else `text`.

    Examples:
        >>> react_answer("Thought: I can answer.\nAnswer: Sunny in Paris.")
        'Sunny in Paris.'
        >>> react_answer("Thought: I now know the final answer\nFinal Answer: Sunny.")
        'Sunny.'
        >>> react_answer("Answer: not a step")
        'Answer: not a step'
    """
    found = _FINAL.fullmatch(text.strip()) if text is not None else None
    return found.group("answer").strip() if found is not None else text


def _value(text: str) -> Any:
    """The JSON object, or Python dict literal, `text` holds; None when it holds none."""
    if not text.startswith("{"):
        return None
    try:
        return json.loads(text)
    except ValueError:
        pass
    return python_literal(text)
