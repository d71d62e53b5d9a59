"""A fallback model's own name: the models it tries, the first of them the model asked for.

pydantic-ai's ``FallbackModel`` names itself ``fallback:<model>,<model>...`` (pydantic-ai 2.78,
its own instrumentation). A chat span that one of its models answered is renamed after that
model (``chat gpt-4o-mini``, its ``gen_ai.request.model`` the answering model's); a chat span
whose models all failed keeps the fallback's name, its attempts as child spans
(``model request attempt gpt-4o``, then ``gpt-4o-mini``). The model that call asked for first is
the first in the list: the model of the run whose every request failed
(`pydantic-ai-fallback-all-fail`, as both readings of it have it).
"""

from __future__ import annotations

__all__ = ["first_of_fallback"]

_PREFIX = "fallback:"


def first_of_fallback(name: str) -> str:
    """The first model a fallback model's name lists; any other name as it is.

    Examples:
        >>> first_of_fallback("fallback:gpt-4o,gpt-4o-mini"), first_of_fallback("gpt-4o")
        ('gpt-4o', 'gpt-4o')
        >>> first_of_fallback("fallback:")
        'fallback:'
    """
    if not name.startswith(_PREFIX):
        return name
    first = name[len(_PREFIX) :].split(",", 1)[0].strip()
    return first or name
