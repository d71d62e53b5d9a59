"""The run's model: the first model call's request model, a team's own calls included.

The shape, AutoGen AgentChat 0.7.5 under OpenLLMetry's opentelemetry-instrumentation-openai
0.62.4 with the runtime's spans (``autogen-selector-client``): a ``SelectorGroupChat`` whose
selector has a model client of its own. The selector's ``openai.chat`` spans (request model
``gpt-4.1-nano``), under the runtime's ``autogen process SelectorGroupChatManager_…`` and in no
``invoke_agent``, are the run's first model calls; the agents' calls, under their
``invoke_agent`` spans, ask for ``gpt-4o-mini``. A team's calls (D15: a selector's pick,
MagenticOne's or Semantic Kernel's manager, a Flow's steering step, a chat's prompt functions)
are no turns, yet they are model calls of the run, their tokens counted: the run's model is the
request model of its first model call, whoever made it (the contract's ``model``). Where the
team's calls and the agents' ask for one model (every other team export), nothing changes.
A reranker's own calls (D16) stay a model of last resort, named only when no other call names
one.
"""

from __future__ import annotations

from ._steps import ModelCall

__all__ = ["run_model"]


def run_model(calls: list[ModelCall], last_resort: list[ModelCall]) -> str | None:
    """The request model of the first of `calls`, in start order, that names one.

    `calls` are the run's model calls, the conversation's and a team's alike; `last_resort`
    (a reranker's) names the model only when none of them does. None when no call names one.

        >>> from types import SimpleNamespace as NS
        >>> def call(start, model):
        ...     return NS(span=NS(sort_key=(start, 0)), model=model)
        >>> selector, agent = call(1, "gpt-4.1-nano"), call(2, "gpt-4o-mini")
        >>> run_model([agent, selector], [])  # the selector asked first
        'gpt-4.1-nano'
        >>> run_model([call(1, None), agent], [call(0, "rerank-model")])
        'gpt-4o-mini'
        >>> run_model([], [call(0, "rerank-model")])
        'rerank-model'
        >>> run_model([], []) is None
        True
    """
    for group in (calls, last_resort):
        for call in sorted(group, key=lambda c: c.span.sort_key):
            if call.model:
                return call.model
    return None
