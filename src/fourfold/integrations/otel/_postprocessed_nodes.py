"""A LlamaIndex node postprocessor recorded as a CHAIN span: a reranker named by ids (D16).

llama-index-core 0.14.25's reranking postprocessors that emit a reranking event
(``StructuredLLMRerank``) get an OpenInference ``RERANKER`` span with the documents it was
given and kept. One that emits none (``LLMRerank``, asking the model to number the documents
and score their relevance 1-10) gets only openinference-instrumentation-llama-index 4.6.1's
span of its method, a CHAIN named ``<Postprocessor>._postprocess_nodes``: its ``input.value``
``{"nodes": [...], "query_bundle": ...}`` lists the nodes it was given and its
``output.value`` the nodes it kept, each as a repr that names the node's id and its score
and nothing else (``<NodeWithScore(node=TextNode(id_=doc-shipping), score=9.0)>``). It is
read as a reranker whose documents are named by id only (`Retrieval.by_id`): the passages
are the nodes it kept, in its order, with its scores, each's text and source those of the
passage of the same id a retrieval span gave before it (`_passages.trace_passages`); its
model call inside is its own (`_passages.reranker_spans`). A span whose input or output is
not such a list of nodes is left to the CHAIN reading.
"""

from __future__ import annotations

import re
from typing import Any

from ...trace import Passage
from .._messages import try_json
from .._numbers import amount
from .._passages import Retrieval
from .._spans import Span

__all__ = ["postprocessed_nodes"]

_METHOD = re.compile(r"\w+\._postprocess_nodes")
_NODE = re.compile(r"<NodeWithScore\(node=\w+\(id_=(?P<id>.+)\), score=(?P<score>[^)]*)\)>")


def postprocessed_nodes(span: Span, attrs: dict[str, Any]) -> Retrieval | None:
    """The reranker a postprocessor's CHAIN span records, by its nodes' ids; else None.

    Examples:
        >>> given = ('{"nodes": ["<NodeWithScore(node=TextNode(id_=a), score=0.5)>", '
        ...     '"<NodeWithScore(node=TextNode(id_=b), score=0.5)>"], "query_bundle": null}')
        >>> kept = '["<NodeWithScore(node=TextNode(id_=b), score=9.0)>"]'
        >>> span = Span("t", "s", None, "LLMRerank._postprocess_nodes", 0, 1, "ok", None, {})
        >>> found = postprocessed_nodes(span, {"input.value": given, "output.value": kept})
        >>> [(p.id, p.score) for p in found.passages], [p.id for p in found.reranked or []]
        ([('b', 9.0)], ['a', 'b'])
        >>> postprocessed_nodes(span, {"input.value": given, "output.value": "[]"}) is None
        False
        >>> postprocessed_nodes(span, {"input.value": given, "output.value": '["x"]'}) is None
        True
    """
    if not _METHOD.fullmatch(span.name):
        return None
    given_in = try_json(attrs.get("input.value"))
    given = _nodes(given_in.get("nodes") if isinstance(given_in, dict) else None)
    kept = _nodes(try_json(attrs.get("output.value")))
    if given is None or kept is None:
        return None
    return Retrieval(span, kept, reranked=given, by_id=True)


def _nodes(value: Any) -> list[Passage] | None:
    """The ``NodeWithScore`` reprs of a list as passages named by id (no text); else None."""
    if not isinstance(value, list):
        return None
    out = []
    for item in value:
        found = _NODE.fullmatch(item) if isinstance(item, str) else None
        if found is None:
            return None
        out.append(Passage(id=found["id"], text="", score=amount(found["score"])))
    return out
