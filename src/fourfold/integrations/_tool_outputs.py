"""What a LlamaIndex tool returned, out of the ``ToolOutput`` that records its run.

OpenInference's llama-index instrumentation writes a TOOL span's output as the ``ToolOutput``
as JSON, ``{blocks, tool_name, raw_input, raw_output, is_error}``: ``raw_output`` the object the
tool returned, ``blocks`` its text, which the model is given (``str`` of the object). A
function's value is its ``raw_output``: a dict's text is only its Python repr. A
``QueryEngineTool`` returns the query engine's ``Response`` (``{response, source_nodes,
metadata}``), whose text is its ``response``: the model gets that answer, and the source nodes
beside it are what the retriever span inside the tool records as passages (D14), as a LangChain
tool's artifact is. An object with the text the model got as one of its fields gave the model
that text: its result.
"""

from __future__ import annotations

from typing import Any

__all__ = ["is_tool_output", "tool_output_result"]


def is_tool_output(value: Any) -> bool:
    """Whether `value` is a LlamaIndex ``ToolOutput`` as JSON."""
    return isinstance(value, dict) and {"tool_name", "raw_input", "raw_output"} <= set(value)


def tool_output_result(output: dict[str, Any]) -> Any:
    """What the tool of the ``ToolOutput`` `output` returned.

    Examples:
        >>> tool_output_result({"blocks": [{"text": "{'t': 22}"}], "raw_output": {"t": 22}})
        {'t': 22}
        >>> answer = {"response": "3 days.", "source_nodes": [{"node": {"id_": "d1"}}]}
        >>> tool_output_result({"blocks": [{"text": "3 days."}], "raw_output": answer})
        '3 days.'
    """
    raw = output.get("raw_output")
    blocks = output.get("blocks")
    if not (isinstance(raw, dict) and isinstance(blocks, list) and blocks):
        return raw
    texts = [b.get("text") if isinstance(b, dict) else None for b in blocks]
    if not all(isinstance(t, str) for t in texts):
        return raw
    text = "".join(t for t in texts if isinstance(t, str))
    return text if any(value == text for value in raw.values()) else raw
