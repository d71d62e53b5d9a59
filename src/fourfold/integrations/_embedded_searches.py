"""A Vercel AI SDK tool that embeds its query and returns documents: a retrieval (D14).

The AI SDK makes no retrieval span (ai 6.0.326's built-in telemetry). A search tool the
application writes, whose ``execute`` calls ``embed`` on its query and returns the nearest
documents, records an ``ai.toolCall`` span whose ``ai.toolCall.result`` is those documents
as JSON, ``[{"id": ..., "source": ..., "text": ...}]``, with the query's ``ai.embed`` span
(and its ``ai.embed.doEmbed``) inside it (`._embeddings.is_embedding`). That tool is the
run's retrieval: its result's documents are passages at the tool span, in the order
returned (`id` the document's, else ``<span id>:<index>``; `text` its ``text``; `source` its
``source``, ``url`` or ``file_path``; `score` its ``score`` when a number, else none). The
call's result and the tool message stay the documents as the tool returned them (the model
was given them so).

A tool with no embedding call inside (a weather tool) retrieves nothing, nor one whose result
is not a list of objects each with a text: no passages. A retrieval span inside the tool
gives its own passages as it gives them (`._passages`: the tool's document of the same text
is that span's).
"""

from __future__ import annotations

from dataclasses import replace

from ._document_passages import text_documents
from ._embeddings import is_embedding
from ._passages import Retrieval
from ._spans import Span, ancestors
from ._steps import Step, ToolRun

__all__ = ["with_embedded_searches"]

_TOOL_CALL = "ai.toolCall"
"""The AI SDK's tool span (``ai.operationId``, the head of ``operation.name``)."""


def with_embedded_searches(
    ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> dict[int, Step | None]:
    """`steps` with each AI SDK tool that embedded its query given its documents as passages.

    `ordered`: the trace's spans in start order; `steps`: what each is, by ``id(span)``;
    `by_id`: the spans by span id. The steps of other spans are returned as they were.
    """
    searching = set()  # the AI SDK tool spans an embedding call ran inside
    for span in ordered:
        if is_embedding(span):
            tool = next((a for a in ancestors(span, by_id) if _is_tool_call(a)), None)
            if tool is not None:
                searching.add(tool.span_id)
    for span in ordered:
        run = steps[id(span)]
        if span.span_id not in searching or not isinstance(run, ToolRun):
            continue
        if run.retrieval is not None:
            continue  # documents it carries apart already
        found = text_documents(run.call.result, span.span_id)
        if found:
            steps[id(span)] = replace(run, retrieval=Retrieval(span, found))
    return steps


def _is_tool_call(span: Span) -> bool:
    vercel = str(span.attributes.get("ai.operationId") or span.attributes.get("operation.name"))
    return vercel.split(" ", 1)[0] == _TOOL_CALL
