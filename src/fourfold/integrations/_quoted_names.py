"""A tool's name written in Python's repr quotes is the name inside them.

openinference-instrumentation-crewai writes the tool calls of a turn CrewAI sends back to the
model with each name as its Python repr: ``tool_call.function.name`` is ``'get_weather'``,
quotes and all (tests/data/traces/crewai/). On OpenAI's model the reply's own record names the
calls rightly and carries the same ids, so the quoted names were never read; on Gemini's,
whose calls have no ids and whose reply CrewAI records as google-genai ``Part`` objects
(`.otel._genai_parts`), the quoted turn is the one record of the calls with their ids, and a
request named ``'get_weather'`` answers no tool span named ``get_weather``.

No provider allows a quote in a tool's name (OpenAI's, Anthropic's, Gemini's and Bedrock's
names are letters, digits, ``_``, ``-``, and for some ``.`` or ``:``), so a name wrapped whole
in one kind of quote, with none inside, is the name inside (`unquoted_name`).
"""

from __future__ import annotations

__all__ = ["unquoted_name"]


def unquoted_name(name: str) -> str:
    """`name` without the repr quotes wrapped around it, if it is wrapped in them.

    Examples:
        >>> unquoted_name("'get_weather'"), unquoted_name('"get_weather"')
        ('get_weather', 'get_weather')
        >>> unquoted_name("get_weather"), unquoted_name("''"), unquoted_name("'a'b'")
        ('get_weather', "''", "'a'b'")
    """
    for quote in ("'", '"'):
        inner = name[1:-1]
        if len(name) > 2 and name[0] == name[-1] == quote and quote not in inner:
            return inner
    return name
