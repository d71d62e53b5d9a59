"""``dspy.Retrieve``'s passages as MLflow's DSPy autolog records them: bare texts, no ids.

MLflow 3.17's ``mlflow.dspy.autolog()`` (DSPy 3.4) writes ``Retrieve.forward`` as a
``RETRIEVER`` span whose ``mlflow.spanOutputs`` is the ``Prediction`` it returns,
``{"passages": ["<text>", ...]}``: the retrieval model's texts, in its order, with no id, no
source and no score (the retriever's ``long_text`` only). Each text is a passage (D14): id
``<span id>:<index>``, its place in the span, since the trace names none; source and score
null; an entry that is not text is none.

Only a dict with ``passages`` is read so: MLflow's LangChain and LlamaIndex retrievers
record a list of ``Document``s (`._mlflow`).
"""

from __future__ import annotations

from typing import Any

from ...trace import Passage

__all__ = ["prediction_passages"]


def prediction_passages(outputs: Any, span_id: str) -> list[Passage]:
    """The texts of a ``Retrieve`` span's ``{"passages": [...]}`` output; [] for any other.

    Examples:
        >>> [(p.id, p.text, p.source, p.score) for p in prediction_passages(
        ...     {"passages": ["Ships in 2 days.", "Refunds in 5."]}, "s1")]
        [('s1:0', 'Ships in 2 days.', None, None), ('s1:1', 'Refunds in 5.', None, None)]
        >>> prediction_passages([{"page_content": "Ships in 2 days."}], "s1")
        []
    """
    found = outputs.get("passages") if isinstance(outputs, dict) else None
    out = []
    for i, passage in enumerate(found if isinstance(found, list) else []):
        if isinstance(passage, str) and passage:
            out.append(Passage(id=f"{span_id}:{i}", text=passage))
    return out
