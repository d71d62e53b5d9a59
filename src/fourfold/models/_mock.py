"""A scripted provider for tests and example suites: ``mock/<anything>``."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from .._json import json_object_or_none
from ..errors import ProviderError
from ._types import ModelRequest, ModelResponse

__all__ = ["MockOutput", "MockProvider", "MockResponder"]

MockOutput = str | ModelResponse | BaseException
"""One scripted output: a reply's text, a whole response, or an error to raise."""

MockResponder = Callable[[ModelRequest], str | ModelResponse | Awaitable[str | ModelResponse]]
"""A function (sync or async) that answers each request."""


class MockProvider:
    """Answers from a script, so tests and example suites need no model.

    Scripted with a list, it gives the outputs in order, one per call: a string becomes
    the reply's text, a `ModelResponse` is returned as it is, an exception is raised (a
    `RateLimitError` to test retries, say). When the list runs out it starts again from
    the top if ``cycle=True``, and otherwise raises a `ProviderError` saying so: a test
    that makes more calls than it scripted is told, not served a stale reply.

    Scripted with a function, it calls it with each request (the function may be async).

    With neither, it echoes the last user message, which is what ``mock/<anything>`` from
    a config does.

    Token counts of text replies are estimated (four characters a token). Every request is
    kept in `requests`.

    Args:
        outputs: the script: a list of outputs, or a function answering each request.
        cycle: start the list again when it runs out (default: raise).
        latency_s: seconds each call takes (an asyncio sleep).

    Examples:
        >>> import asyncio
        >>> from fourfold.models import ChatMessage, ModelRequest
        >>> mock = MockProvider(["first", "second"])
        >>> request = ModelRequest(messages=[ChatMessage(role="user", content="hi")])
        >>> asyncio.run(mock.generate(request)).text
        'first'
    """

    name = "mock"

    def __init__(
        self,
        outputs: Sequence[MockOutput] | MockResponder | None = None,
        *,
        cycle: bool = False,
        latency_s: float = 0.0,
    ) -> None:
        self._respond: MockResponder | None = None
        self._outputs: list[MockOutput] = []
        if callable(outputs):
            self._respond = outputs
        elif outputs is not None:
            self._outputs = list(outputs)
        self.cycle = cycle
        self.latency_s = latency_s
        self.requests: list[ModelRequest] = []
        self._next = 0

    def __repr__(self) -> str:
        script = "function" if self._respond else f"{len(self._outputs)} outputs"
        return f"MockProvider({script}, cycle={self.cycle})"

    @property
    def calls(self) -> int:
        """How many times `generate` was called."""
        return len(self.requests)

    async def generate(self, request: ModelRequest) -> ModelResponse:
        """Answer `request` from the script.

        Raises:
            ProviderError: a scripted exception, or the script ran out.
        """
        self.requests.append(request)
        if self.latency_s:
            await asyncio.sleep(self.latency_s)
        output: Any
        if self._respond is not None:
            output = self._respond(request)
            if inspect.isawaitable(output):
                output = await output
        elif self._outputs:
            if self._next >= len(self._outputs):
                if not self.cycle:
                    raise ProviderError(
                        f"the mock provider's script ran out: it has {len(self._outputs)} "
                        f"outputs and this is call {self._next + 1}; script more outputs or "
                        "pass cycle=True"
                    )
                self._next = 0
            output = self._outputs[self._next]
            self._next += 1
        else:
            output = _last_user_text(request)
        if isinstance(output, BaseException):
            raise output
        if isinstance(output, ModelResponse):
            return output
        if not isinstance(output, str):
            raise TypeError(
                f"a mock output must be a string, a ModelResponse or an exception, "
                f"not {type(output).__name__}"
            )
        prompt_chars = sum(len(m.content or "") for m in request.messages)
        return ModelResponse(
            text=output,
            parsed=json_object_or_none(output) if request.response_schema is not None else None,
            input_tokens=max(1, prompt_chars // 4),
            output_tokens=max(1, len(output) // 4),
            finish_reason="stop",
            model=request.model or "mock",
        )

    async def aclose(self) -> None:
        """Nothing to release."""


def _last_user_text(request: ModelRequest) -> str:
    for message in reversed(request.messages):
        if message.role == "user" and message.content:
            return message.content
    return ""
