"""A chain's input that only fills a prompt template's parameter is no ask of the user's.

OpenInference's LangChain instrumentation (openinference-instrumentation-langchain 0.1.80)
records a prompt template's run as a ``PROMPT`` span: the template
(``llm.prompt_template.template``) and the variables it was filled with
(``llm.prompt_template.variables``, an object). A chain invoked with a bare string
(``RunnableParallel({...}).invoke("Paris")``, each branch ``ChatPromptTemplate -> model``)
records that string as its ``input.value``; LangChain hands it to the template as the value
of its one variable (``{"city": "Paris"}``). The string is then not what the user asked but
a parameter of the application's prompt ("Write a one-line weather report for {city}."):
the chain was invoked with the template's variables, and an object of parameters asks
nothing (the contract's Mastra ``{"city": "Paris"}``), so the run's input is the first user
message, the template as the model was given it (both readings of ``langchain-parallel``).
The same holds for a chain invoked with that object itself, whose one text value the reader
would otherwise take (`.otel._openinference._run_input`).

A variable whose name says it is the ask keeps the chain's input the user's words: a
retrieval chain invoked with its question fills ``{question}`` beside ``{context}``
(``langchain-compression-filter``, LangChain.js's RAG chain), and LangChain names the user's
input ``{input}`` in its own agent prompts. A name holding one of those words
(``query_str``, ``user_question``) is an ask too.

The rule, `with_template_parameters`: a chain run whose own input is found among the
variables of a ``PROMPT`` span inside it, under no ask's name there or in any other such
span, has no input of its own (its ``input_value`` cleared; its input messages stay, for
a trace whose model calls recorded none).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ._messages import try_json
from ._spans import Span, ancestors
from ._steps import AgentRun, Step

__all__ = ["is_ask_name", "with_template_parameters"]

_ASK_WORDS = frozenset({"task", "question", "query", "prompt", "input"})
"""Words naming the ask in a variable's name: the contract's ask keys, and LangChain's
``input``."""


def is_ask_name(name: str) -> bool:
    """Whether a template variable named `name` holds the user's ask.

    Examples:
        >>> [is_ask_name(n) for n in ("question", "query_str", "input", "userQuestion")]
        [True, True, True, True]
        >>> [is_ask_name(n) for n in ("city", "context", "topic", "inputs_count")]
        [False, False, False, False]
    """
    words = re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower())
    return any(word in _ASK_WORDS for word in words)


def _variables(span: Span) -> dict[str, Any] | None:
    """The variables a ``PROMPT`` span filled its template with, else None."""
    attrs = span.attributes
    if str(attrs.get("openinference.span.kind") or "").upper() != "PROMPT":
        return None
    found = try_json(attrs.get("llm.prompt_template.variables"))
    return found if isinstance(found, dict) else None


def _names_of(value: str, variables: Mapping[str, Any]) -> list[str]:
    """The names of the variables holding exactly `value`."""
    return [name for name, held in variables.items() if held == value]


def with_template_parameters(
    ordered: list[Span], steps: dict[int, Step | None], by_id: Mapping[str, Span]
) -> dict[int, Step | None]:
    """`steps`, each chain run whose input only fills a template's parameter without one.

    `ordered`: the trace's spans; `steps`: their steps by ``id(span)``; `by_id`: the spans by id.

    Examples:
        >>> def span(id, parent, attrs):
        ...     return Span("t", id, parent, id, 1, 2, "ok", None, attrs)
        >>> chain = span("c", None, {"openinference.span.kind": "CHAIN"})
        >>> kind = {"openinference.span.kind": "PROMPT"}
        >>> prompt = span("p", "c", kind | {"llm.prompt_template.variables": '{"city": "Paris"}'})
        >>> steps = {id(chain): AgentRun(chain, kind="chain", input_value="Paris")}
        >>> out = with_template_parameters([chain, prompt], steps, {"c": chain, "p": prompt})
        >>> out[id(chain)].input_value is None
        True
        >>> asked = '{"question": "Paris?", "context": "..."}'
        >>> prompt.attributes["llm.prompt_template.variables"] = asked
        >>> steps = {id(chain): AgentRun(chain, kind="chain", input_value="Paris?")}
        >>> out = with_template_parameters([chain, prompt], steps, {"c": chain, "p": prompt})
        >>> out[id(chain)].input_value
        'Paris?'
    """
    filled = [(span, found) for span in ordered if (found := _variables(span)) is not None]
    if not filled:
        return steps
    inside: dict[str, list[dict[str, Any]]] = {}
    for span, variables in filled:
        for above in ancestors(span, by_id):
            inside.setdefault(above.span_id, []).append(variables)
    out = dict(steps)
    for span in ordered:
        step = steps.get(id(span))
        if not isinstance(step, AgentRun) or step.kind != "chain" or not step.input_value:
            continue
        filling = inside.get(span.span_id, [])
        names = [n for variables in filling for n in _names_of(step.input_value, variables)]
        if names and not any(is_ask_name(n) for n in names):
            out[id(span)] = replace(step, input_value=None)
    return out
