"""Builders for the model tests: configs pointing at the test server, requests, runners."""

from __future__ import annotations

import asyncio
from typing import Any

from fourfold.models import ChatMessage, Model, ModelConfig, ModelRequest, ModelResponse
from tests.helpers.openai_server import OpenAIServer

KEY_VAR = "FOURFOLD_TEST_KEY"
KEY = "sk-test-Zq8v3JrT1e5Kp0xWm"


def config_for(
    server: OpenAIServer, model: str = "openai-compatible/gpt-4.1-mini", **fields: Any
) -> ModelConfig:
    return ModelConfig(model=model, base_url=server.base_url, **fields)


def ask(text: str = "hello", **fields: Any) -> ModelRequest:
    return ModelRequest(messages=[ChatMessage(role="user", content=text)], **fields)


def fast(model: Model) -> Model:
    """The model with millisecond backoffs, so retry tests do not sleep for seconds."""
    model.backoff_base_s = 0.001
    model.backoff_cap_s = 0.005
    return model


Outcome = ModelResponse | BaseException


def run_calls(
    model: Model, *requests: ModelRequest, use_cache: bool = True, close: bool = True
) -> list[Outcome]:
    """Send the requests concurrently on one event loop; return responses or the errors."""

    async def main() -> list[Outcome]:
        try:
            return list(
                await asyncio.gather(
                    *(model.generate(r, use_cache=use_cache) for r in requests),
                    return_exceptions=True,
                )
            )
        finally:
            if close:
                await model.aclose()

    return asyncio.run(main())


def run_one(model: Model, request: ModelRequest | None = None, **kw: Any) -> ModelResponse:
    """One call; its error is raised."""
    (outcome,) = run_calls(model, request or ask(), **kw)
    if isinstance(outcome, BaseException):
        raise outcome
    return outcome


def run_in_turn(model: Model, *requests: ModelRequest, use_cache: bool = True) -> list[Outcome]:
    """Send the requests one after the other on one event loop, then close the model."""

    async def main() -> list[Outcome]:
        outcomes: list[Outcome] = []
        try:
            for request in requests:
                try:
                    outcomes.append(await model.generate(request, use_cache=use_cache))
                except Exception as exc:  # noqa: BLE001 - returned for the test to check
                    outcomes.append(exc)
        finally:
            await model.aclose()
        return outcomes

    return asyncio.run(main())
