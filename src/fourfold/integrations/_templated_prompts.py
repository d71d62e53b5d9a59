r"""A raw prompt written in a model's chat template is the messages it renders.

A model called on a completion endpoint with a prompt rendered for it (Bedrock's
``invoke_model`` on Meta Llama, its body's ``prompt``; a local server's ``/completion``) is
given one string holding the template's special tokens and every turn. Where an
instrumentation records that string as the call's input text and no messages (OpenInference's
``input.value`` or ``llm.prompts``), the turns are the call's messages, each with its role and
its text as written; the template's open assistant header at the end, where the model's reply
goes, is no message. Where it records the string as a user message (OpenLLMetry's Bedrock
instrumentation), that message is as written: the blind readings of both exports
(``openinference-bedrock-llama``, ``openllmetry-bedrock-llama``) read them so. Two templates
whose turns are told by tokens no text holds are read:

- Llama 3's: ``<|start_header_id|>ROLE<|end_header_id|>\n\nTEXT<|eot_id|>`` (after
  ``<|begin_of_text|>``); its ``ipython`` role is a tool's output;
- ChatML (Qwen's and others'): ``<|im_start|>ROLE\nTEXT<|im_end|>``.

Anything else, and any text around or between the turns, leaves the message as it was.
"""

from __future__ import annotations

import re

from ._messages import Msg

__all__ = ["template_turns", "with_template_turns"]

_LLAMA3 = re.compile(
    r"<\|start_header_id\|>([a-z_]+)<\|end_header_id\|>\n\n(.*?)(?:<\|eot_id\|>|\Z)", re.DOTALL
)
_CHATML = re.compile(r"<\|im_start\|>([a-z_]+)\n(.*?)(?:<\|im_end\|>\n?|\Z)", re.DOTALL)
_ROLES = {"system": "system", "user": "user", "assistant": "assistant", "ipython": "tool"}
_ROLES |= {"tool": "tool", "developer": "system"}


def template_turns(text: str) -> list[Msg] | None:
    r"""The turns of `text` when it is one whole prompt in a chat template, else None.

    Examples:
        >>> prompt = (
        ...     "<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nBe brief."
        ...     "<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nHi?<|eot_id|>"
        ...     "<|start_header_id|>assistant<|end_header_id|>\n\n"
        ... )
        >>> [(m.role, m.content) for m in template_turns(prompt)]
        [('system', 'Be brief.'), ('user', 'Hi?')]
        >>> chatml = (
        ...     "<|im_start|>system\nBe brief.<|im_end|>\n"
        ...     "<|im_start|>user\nHi?<|im_end|>\n<|im_start|>assistant\n"
        ... )
        >>> [(m.role, m.content) for m in template_turns(chatml)]
        [('system', 'Be brief.'), ('user', 'Hi?')]
        >>> template_turns("What is <|eot_id|>?") is None  # a token in plain text
        True
    """
    for pattern, head in ((_LLAMA3, "<|begin_of_text|>"), (_CHATML, "")):
        body = text.removeprefix(head) if head else text
        found = list(pattern.finditer(body))
        if not found or found[0].start() != 0 or found[-1].end() != len(body):
            continue
        if any(a.end() != b.start() for a, b in zip(found, found[1:], strict=False)):
            continue  # text between the turns: not a whole prompt in the template
        if any(m.group(1) not in _ROLES for m in found):
            continue
        turns = [(m.group(1), m.group(2)) for m in found]
        if turns[-1] == ("assistant", ""):
            turns.pop()  # the open header the reply follows
        if not turns or any(role == "assistant" and not said for role, said in turns[:-1]):
            continue
        return [Msg(role=_ROLES[role], content=said) for role, said in turns]
    return None


def with_template_turns(inputs: list[Msg]) -> list[Msg]:
    """`inputs`, a lone user message holding a whole templated prompt read as its turns."""
    if len(inputs) != 1 or inputs[0].role != "user" or not isinstance(inputs[0].content, str):
        return inputs
    return template_turns(inputs[0].content) or inputs
