"""An extension package: registers a check through the ``fourfold`` entry-point group."""

from __future__ import annotations

import re

from fourfold.checks import CheckContext, CheckFn, Evidence, Verdict, check, failed, passed

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
