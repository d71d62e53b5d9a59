"""A LangChain chain's input that only fills a prompt template's parameter is not the ask.

OpenInference's LangChain instrumentation (``langchain-parallel-2026-12-06n``, both blind
readings): a chain invoked with ``"Paris"``, which its ``ChatPromptTemplate`` (a ``PROMPT``
span) takes as ``{"city": "Paris"}``, has as its input the first user message, the rendered
template (`_template_parameters`). A chain invoked with its question, which the template takes
under an ask's name (``{question}``, ``{input}``), keeps it as the input
(``langchain-compression-filter``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.span_builders import import_one, openinference_chat, span

TRACE = "7e" * 16


def _spans(invoked: str, template: str, variables: dict[str, str]) -> list[dict[str, Any]]:
    rendered = template.format(**variables)
    chain = {"openinference.span.kind": "CHAIN", "input.value": invoked}
    if invoked.startswith("{"):
        chain["input.mime_type"] = "application/json"
    prompt = {
        "openinference.span.kind": "PROMPT",
        "input.value": invoked,
        "llm.prompt_template.template": template,
        "llm.prompt_template.variables": json.dumps(variables),
    }
    chat = openinference_chat([("user", rendered)], "Sunny, 22 C.")
    return [
        span(1, "RunnableSequence", chain, trace=TRACE, start=0.0, end=4.0),
        span(2, "ChatPromptTemplate", prompt, trace=TRACE, parent=1, start=1.0, end=1.5),
        span(3, "ChatOpenAI", chat, trace=TRACE, parent=1, start=2.0, end=3.0),
    ]


@pytest.mark.parametrize(
    ("invoked", "template", "variables", "expected"),
    [
        # a bare string filling the template's one parameter: the rendered prompt
        ("Paris", "Weather report for {city}.", {"city": "Paris"}, "Weather report for Paris."),
        # the parameters' object itself asks nothing either
        ('{"city": "Paris"}', "Weather for {city}.", {"city": "Paris"}, "Weather for Paris."),
        # the question under an ask's name is what the user asked
        ("Weather?", "Answer: {question}", {"question": "Weather?"}, "Weather?"),
        ("Weather?", "Answer: {input}", {"input": "Weather?"}, "Weather?"),
        # a value no template variable holds is the chain's own input, as before
        ("Paris", "Weather report for {city}.", {"city": "Lyon"}, "Paris"),
    ],
)
def test_a_template_parameter_is_no_input(
    invoked: str, template: str, variables: dict[str, str], expected: str, tmp_path: Path
) -> None:
    assert import_one(tmp_path, _spans(invoked, template, variables)).input == expected
