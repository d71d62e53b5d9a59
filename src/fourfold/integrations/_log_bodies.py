"""What a log record's body says, as event attributes.

A log record read as its span's event (`_spans.attach_log_events`) gives the event its
attributes and, when its body is a map, the body's keys. Some SDKs write that map as text:
Semantic Kernel's model diagnostics log each message through Python logging, the message
being ``json.dumps(message.to_dict())`` (``{"role": "user", "content": ...}``; a
``gen_ai.choice`` as ``{"message": {...}, "finish_reason": ..., "index": ...}``), and the
OpenTelemetry ``LoggingHandler`` makes that text the record's body, a string. Such a body
is read as the map it holds. Any other body (plain text, a JSON array or scalar, text that
is not JSON or too deep to read) stays ``body``, as written: this never raises.

>>> body_attributes('{"role": "user", "content": "hi"}')
{'role': 'user', 'content': 'hi'}
>>> body_attributes({"content": "hi"})
{'content': 'hi'}
>>> body_attributes("Function completed.")
{'body': 'Function completed.'}
>>> body_attributes('["a"]')
{'body': '["a"]'}
>>> body_attributes(None)
{}
"""

from __future__ import annotations

from typing import Any

from .._json import JsonProblem, parse_json

__all__ = ["body_attributes"]


def body_attributes(body: Any) -> dict[str, Any]:
    """The attributes a log record's `body` gives its event.

    A map's keys (a map given as JSON text too), else the body itself under ``body``;
    nothing when it has none.
    """
    if body is None:
        return {}
    if isinstance(body, dict):
        return dict(body)
    if isinstance(body, str) and body.lstrip().startswith("{"):
        try:
            parsed = parse_json(body, unique_keys=False)
        except JsonProblem:
            parsed = None
        if isinstance(parsed, dict):
            return {str(key): value for key, value in parsed.items()}
    return {"body": body}
