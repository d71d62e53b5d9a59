"""An extension package: registers a check and an agent through the ``fourfold`` entry points."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from fourfold.agents import Agent, AgentConfig, register_agent
from fourfold.cases import Case
from fourfold.checks import CheckContext, CheckFn, Evidence, Verdict, check, failed, passed
from fourfold.models import ResponseCache
from fourfold.trace import Trace

_SHOUT = re.compile(r"\b(?:[A-Z]{2,}\W+){2,}[A-Z]{2,}\b")


@check(layer="policy", name="demo/shouting")
def shouting() -> CheckFn:
    """The answer never shouts (three or more words in capitals in a row)."""

    def run(ctx: CheckContext) -> Verdict:
        m = _SHOUT.search(ctx.output)
        if m is None:
            return passed("no shouting")
        return failed(
            "the answer shouts",
            evidence=[Evidence(text=m.group(0), start=m.start(), end=m.end())],
        )

    return run


class EchoConfig(AgentConfig):
    """Answers every case with its input, after a prefix."""

    type: Literal["demo/echo"] = "demo/echo"
    prefix: str = ""


class EchoAgent:
    """An agent a package brings: named in a suite as ``agent: {type: demo/echo}``."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    async def run(self, case: Case, *, seed: int, repeat: int) -> Trace:
        return Trace(output=f"{self.prefix}{case.input}")

    async def aclose(self) -> None:
        return None


def _echo(
    config: EchoConfig, /, *, base_dir: Path, cache: ResponseCache | None, use_cache: bool
) -> Agent:
    return EchoAgent(config.prefix)


register_agent("demo/echo", _echo, EchoConfig)
