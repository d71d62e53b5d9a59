"""The scripted weather conversation in the Gemini API's format (``models/<model>:generateContent``
and ``:streamGenerateContent?alt=sse``, as google-genai calls it).

Used by ``validation/framework_traces.py`` to answer agents that run on a native Gemini model
(Google ADK's ``Gemini``, the google-genai SDK), pointed at the local scripted server
(``tests/helpers/openai_server.py``: ``server.gemini``). The conversation is the generator's
(`framework_traces.SYSTEM`, ``USER``...), as Gemini writes it:

- turn 1: two ``functionCall`` parts in one turn (``get_weather`` for Paris, then for Tokyo),
  no text and no call ids (the Gemini API gives none; a client that needs ids makes its own),
  ``finishReason: STOP``;
- the function results come back as ``functionResponse`` parts of a ``user`` content;
- turn 2: the answer as one ``text`` part;
- usage is ``usageMetadata`` (``promptTokenCount``, ``candidatesTokenCount``,
  ``totalTokenCount``), turn n's ``usages[n]``; every reply's ``modelVersion`` is
  `RESPONSE_MODEL` (the agents ask for `REQUEST_MODEL`).

A streamed request gets the same turn as response chunks: the text in two halves (the usage's
prompt count on each, the whole usage and the finish reason on the last), the calls whole in
one chunk.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))

from openai_server import Reply, gemini_reply  # noqa: E402  (a stdlib-only helper)

REQUEST_MODEL = "gemini-2.5-flash"
RESPONSE_MODEL = "gemini-2.5-flash"
CITIES = ["Paris", "Tokyo"]
RESPONSE_IDS = ["gemini-weather-1", "gemini-weather-2"]

GeminiHandler = Callable[[Any, bool], Reply]


def _turn(body: dict[str, Any]) -> int:
    """Which model turn this request is: the ``model`` contents it already holds."""
    return sum(1 for c in body.get("contents") or [] if c.get("role") == "model")


def weather_script(answer: str, usages: list[tuple[int, int]]) -> GeminiHandler:
    """The weather conversation: the two ``get_weather`` calls, then `answer`; turn n's usage
    is ``usages[n]``; streamed when the request's path asks for a stream."""

    def handler(body: Any, streamed: bool) -> Reply:
        turn = _turn(body)
        usage = usages[min(turn, len(usages) - 1)]
        response_id = RESPONSE_IDS[min(turn, len(RESPONSE_IDS) - 1)]
        reply = {"usage": usage, "model": RESPONSE_MODEL, "response_id": response_id}
        if turn == 0:
            calls: list[Any] = [("get_weather", {"city": city}) for city in CITIES]
            return gemini_reply(None, calls=calls, stream=streamed, **reply)
        return gemini_reply(answer, stream=streamed, **reply)

    return handler
