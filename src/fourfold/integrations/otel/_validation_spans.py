"""A tool call whose arguments failed validation, as MLflow's pydantic-ai autolog records it.

pydantic-ai validates a call's arguments against the tool's schema before it runs the tool;
MLflow's autolog (``mlflow.pydantic_ai.autolog()``, MLflow 3.18) wraps that validation in a
span of its own, ``<tool>.validation``, typed ``PARSER``, its inputs the arguments the model
wrote (JSON text). When they fail (`mlflow-pydantic-ai-bad-arguments-2026-12-07zc`: the model
asked for ``get_weather`` with ``{"town": "Paris"}``), the span ends in error with the
``ValidationError`` as its exception, and no ``TOOL`` span follows: the tool never ran, and
pydantic-ai gives the model the validation errors back as the call's tool return. Both
readings take that call as executed and failed, its error the ``ValidationError``: so the
span is a run of that tool with those arguments, its error the span's. A validation that
passed is no step: the ``TOOL`` span after it is the run.
"""

from __future__ import annotations

__all__ = ["validated_tool"]

_SUFFIX = ".validation"


def validated_tool(name: str, failed: bool) -> str | None:
    """The tool a failed ``<tool>.validation`` span validated the arguments of, else None.

    Examples:
        >>> validated_tool("get_weather.validation", True)
        'get_weather'
        >>> validated_tool("get_weather.validation", False) is None
        True
        >>> validated_tool("validation", True) is None, validated_tool("parse", True) is None
        (True, True)
    """
    if not failed or not name.endswith(_SUFFIX):
        return None
    tool = name[: -len(_SUFFIX)]
    return tool if tool and "." not in tool and " " not in tool else None
