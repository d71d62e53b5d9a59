"""A LangChain.js ``createAgent`` graph's own span, typed CHAIN, as the agent it runs.

LangChain's ``create_agent`` (Python 1.x, ``createAgent`` in LangChain.js 1.x) writes the
agent's name in every run's ``metadata`` as ``lc_agent_name``, and names the graph's own run
after it. Python's openinference-instrumentation-langchain (0.1.x) types that span ``AGENT``
(its name says agent), which names the agent (`._openinference`). The LangChain.js
instrumentation, @arizeai/openinference-instrumentation-langchain 4.1.1 (langchain 1.5,
@langchain/langgraph 1.7), types every run of a graph ``CHAIN``: the agent's root span is a
CHAIN ``weather_agent`` with metadata ``{ls_integration: langchain_create_agent,
lc_agent_name: weather_agent}``.

The rule, `agent_chain_name`: a CHAIN span whose name is its metadata's ``lc_agent_name`` is
the agent's own run, and names the agent. The nodes inside it (``model_request``, ``tools``,
the model's and the tools' runs) carry the same metadata under names of their own, and name
none.
"""

from __future__ import annotations

from typing import Any

from .._messages import try_json

__all__ = ["agent_chain_name"]


def agent_chain_name(span_name: str, attrs: dict[str, Any]) -> str | None:
    """The agent a CHAIN span runs, when it is named as its metadata's ``lc_agent_name``.

    Examples:
        >>> meta = '{"ls_integration": "langchain_create_agent", "lc_agent_name": "weather_agent"}'
        >>> agent_chain_name("weather_agent", {"metadata": meta})
        'weather_agent'
        >>> agent_chain_name("model_request", {"metadata": meta}) is None
        True
        >>> agent_chain_name("weather_agent", {}) is None
        True
    """
    metadata = try_json(attrs.get("metadata"))
    name = metadata.get("lc_agent_name") if isinstance(metadata, dict) else None
    if isinstance(name, str) and name.strip() and name == span_name:
        return name
    return None
