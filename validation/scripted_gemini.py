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

`weather_script` can put a text part (`PREAMBLE`) before turn 1's calls, as Gemini often
writes one, and ask for other cities (`ERROR_CITIES`: the misspelt ``Tokio``, for a tool that
raises). `agents_script` answers a run of several agents, each request by the agent whose
instruction is in its ``systemInstruction``, with that agent's own turns (`Turn`).
`thinking` makes any of them a thinking model's (Gemini 2.5 thinking, thoughts included).
`code_execution_script` answers a request with Gemini's code execution tool in one turn, as the
API answers when it runs the code itself: a text, an ``executableCode`` part, its
``codeExecutionResult`` part, then the answer (not streamed).
"""

from __future__ import annotations

import json
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
PREAMBLE = "I'll look up the weather in both cities."
ERROR_CITIES = ["Paris", "Tokio"]
THOUGHTS = [
    "**Checking both cities**\n\nThe user asks about Paris and Tokyo: I call get_weather for each.",
    "**Summarising the weather**\n\nBoth results are in: I summarise them.",
]
"""The thought summary of each turn a request asking for thoughts gets (`thinking`)."""
THOUGHT_TOKENS = [12, 9]
"""Each turn's ``thoughtsTokenCount`` (``candidatesTokenCount`` leaves the thoughts out)."""
THOUGHT_SIGNATURE = "Zm91cmZvbGQtc2NyaXB0ZWQtdGhvdWdodC1zaWduYXR1cmU="
"""The ``thoughtSignature`` (base64) on each reply's first part after its thoughts."""

GeminiHandler = Callable[[Any, bool], Reply]
Call = tuple[str, dict[str, Any]]
Turn = tuple[str | None, list[Call]]
"""A model turn: its text (or None) and its function calls, each (name, args)."""


def _turn(body: dict[str, Any]) -> int:
    """Which model turn this request is: the ``model`` contents it already holds."""
    return sum(1 for c in body.get("contents") or [] if c.get("role") == "model")


def _system(body: dict[str, Any]) -> str:
    """The text of a request's ``systemInstruction`` (the agent's instruction, as ADK sends it)."""
    instruction = body.get("systemInstruction") or {}
    return "".join(str(p.get("text") or "") for p in instruction.get("parts") or [])


def weather_script(
    answer: str,
    usages: list[tuple[int, int]],
    *,
    preamble: str | None = None,
    cities: list[str] = CITIES,
) -> GeminiHandler:
    """The weather conversation: the ``get_weather`` calls for `cities` (after a text part
    `preamble` when given), then `answer`; turn n's usage is ``usages[n]``; streamed when the
    request's path asks for a stream."""

    def handler(body: Any, streamed: bool) -> Reply:
        turn = _turn(body)
        usage = usages[min(turn, len(usages) - 1)]
        response_id = RESPONSE_IDS[min(turn, len(RESPONSE_IDS) - 1)]
        reply = {"usage": usage, "model": RESPONSE_MODEL, "response_id": response_id}
        if turn == 0:
            calls: list[Any] = [("get_weather", {"city": city}) for city in cities]
            return gemini_reply(preamble, calls=calls, stream=streamed, **reply)
        return gemini_reply(answer, stream=streamed, **reply)

    return handler


def agents_script(agents: list[tuple[str, list[Turn], list[tuple[int, int]]]]) -> GeminiHandler:
    """A run of several agents: each request answered by the first agent (instruction, turns,
    usages) whose instruction is in the request's ``systemInstruction``, with its turn n, n the
    ``model`` contents the request holds (an agent's own turns: ADK gives another agent's
    replies as ``user`` contents, "For context: ..."), and ``usages[n]``; the reply's id names
    the agent's position and the turn (``gemini-agent<a>-<n>``)."""

    def handler(body: Any, streamed: bool) -> Reply:
        system = _system(body)
        index = next((i for i, a in enumerate(agents) if a[0] in system), len(agents) - 1)
        _, turns, usages = agents[index]
        turn = _turn(body)
        text, calls = turns[min(turn, len(turns) - 1)]
        return gemini_reply(
            text,
            calls=list(calls) or None,
            usage=usages[min(turn, len(usages) - 1)],
            model=RESPONSE_MODEL,
            response_id=f"gemini-agent{index + 1}-{turn + 1}",
            stream=streamed,
        )

    return handler


def _includes_thoughts(body: dict[str, Any]) -> bool:
    """Whether a request asks for the thoughts (``generationConfig.thinkingConfig.
    includeThoughts``; google-genai sends the thinking config's own keys in snake case,
    ``include_thoughts``, which the API takes too)."""
    config = (body.get("generationConfig") or {}).get("thinkingConfig") or {}
    return bool(config.get("includeThoughts") or config.get("include_thoughts"))


def _think(response: dict[str, Any], turn: int, first: bool, last: bool, shown: bool) -> None:
    """Make one response (or stream chunk) a thinking model's, in place: on the `first` chunk
    the turn's `THOUGHTS` part (``thought: true``) before the others when `shown` and the
    `THOUGHT_SIGNATURE` on the first other part; on the `last`, ``thoughtsTokenCount`` in the
    usage, counted in the total too."""
    n = min(turn, len(THOUGHTS) - 1)
    content = response["candidates"][0]["content"]
    if first:
        parts = content.get("parts") or []
        if parts:
            parts[0]["thoughtSignature"] = THOUGHT_SIGNATURE
        if shown:
            parts.insert(0, {"text": THOUGHTS[n], "thought": True})
        content["parts"] = parts
    if last:
        usage = response["usageMetadata"]
        usage["thoughtsTokenCount"] = THOUGHT_TOKENS[n]
        usage["totalTokenCount"] += THOUGHT_TOKENS[n]


def thinking(handler: GeminiHandler) -> GeminiHandler:
    """`handler` as a thinking model answers: every reply thinks first (``thoughtsTokenCount``,
    turn n's `THOUGHT_TOKENS`, and the `THOUGHT_SIGNATURE` on its first part), and a request
    asking for its thoughts (``include_thoughts``) gets turn n's `THOUGHTS` as a part with
    ``thought: true`` before the others (streamed, in the first chunk)."""

    def think(body: Any, streamed: bool) -> Reply:
        reply = handler(body, streamed)
        turn, shown = _turn(body), _includes_thoughts(body)
        if reply.events is None:
            _think(reply.body, turn, first=True, last=True, shown=shown)
            return reply
        chunks = [json.loads(e.decode().removeprefix("data: ")) for e in reply.events]
        for i, chunk in enumerate(chunks):
            _think(chunk, turn, first=i == 0, last=i == len(chunks) - 1, shown=shown)
        reply.events = [f"data: {json.dumps(c)}\r\n\r\n".encode() for c in chunks]
        return reply

    return think


CODE_QUESTION = "What is the sum of the first 10 prime numbers? Generate and run code for it."
CODE_PREAMBLE = "I'll compute the first 10 primes and add them up."
CODE = (
    "primes = []\n"
    "n = 2\n"
    "while len(primes) < 10:\n"
    "    if all(n % p for p in primes):\n"
    "        primes.append(n)\n"
    "    n += 1\n"
    "print(primes, sum(primes))\n"
)
CODE_OUTPUT = "[2, 3, 5, 7, 11, 13, 17, 19, 23, 29] 129\n"
CODE_ANSWER = "The first 10 primes are 2 to 29, and their sum is 129."
CODE_USAGE = (31, 118)
CODE_TOOL_PROMPT_TOKENS = 214
"""The reply's ``toolUsePromptTokenCount``: the code's output read back by the model."""


def code_execution_script() -> GeminiHandler:
    """One turn of Gemini's code execution tool (the API runs the code, no function response
    from the application): `CODE_PREAMBLE` as a text part, an ``executableCode`` part
    (``language: PYTHON``, `CODE`), a ``codeExecutionResult`` part (``outcome: OUTCOME_OK``,
    `CODE_OUTPUT`), then `CODE_ANSWER`; ``finishReason: STOP``; the usage `CODE_USAGE` with
    ``toolUsePromptTokenCount`` `CODE_TOOL_PROMPT_TOKENS` (in the total too)."""

    def handler(body: Any, streamed: bool) -> Reply:
        reply = gemini_reply(
            CODE_ANSWER, usage=CODE_USAGE, model=RESPONSE_MODEL, response_id="gemini-code-1"
        )
        response = json.loads(json.dumps(reply.body))
        response["candidates"][0]["content"]["parts"] = [
            {"text": CODE_PREAMBLE},
            {"executableCode": {"language": "PYTHON", "code": CODE}},
            {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": CODE_OUTPUT}},
            {"text": CODE_ANSWER},
        ]
        usage = response["usageMetadata"]
        usage["toolUsePromptTokenCount"] = CODE_TOOL_PROMPT_TOKENS
        usage["totalTokenCount"] = sum(CODE_USAGE) + CODE_TOOL_PROMPT_TOKENS
        return Reply(200, response)

    return handler
