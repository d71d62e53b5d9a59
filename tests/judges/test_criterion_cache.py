"""The judge cache is keyed by the criterion's content: an edit the judge would read asks again.

A judge's request holds its whole prompt, and the prompt holds every part of the
criterion the judge reads: its name, description, scale and every anchor (a pairwise
criterion's ``decides``), and the inputs it is shown. So the response cache, keyed by the
request, answers an unchanged criterion and asks again for an edited one, with no key of
its own to keep in step. What the judge does not read — ``pass_at``, a re-flowed line —
is answered from the cache: the judge's reading is the same, only the threshold moves.

Each case loads the criterion from its file again, as a regrade does, and asks the real
local server through one `MemoryCache`, counting the requests that reach it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fourfold.checks import Check, CheckResult
from fourfold.judges import pairwise, rubric
from fourfold.models import MemoryCache, ModelConfig, get_model
from tests.helpers import make_trace
from tests.helpers.judging import judge_context, preference, reply
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply

RUBRIC = """\
name: clarity
layer: outcome
description: Does the answer say plainly what happens next?
scale: [0, 3]
inputs: [input, output]
anchors:
  3: Says what happens next and when.
  2: Says what happens next, not when.
  1: Hints at a next step.
  0: No next step.
"""

PAIRWISE = """\
kind: pairwise
name: next_step
layer: outcome
description: Which answer gives the customer a clearer next step?
decides: The answer that names the next step and its timing wins.
inputs: [input]
"""

SCALE_0_4 = (
    "[0, 4]\ninputs: [input, output]\nanchors:\n  4: Says what happens next, when and how.\n"
)

# Each edit: (what it changes in the file, whether the judge must be asked again).
RUBRIC_EDITS: dict[str, tuple[tuple[str, str], bool]] = {
    "unchanged": (("", ""), False),
    "anchor": (
        ("1: Hints at a next step.", "1: Hints at a step, or a wrong one."),
        True,
    ),
    "description": (("say plainly what", "say in one sentence what"), True),
    "scale": (("[0, 3]\ninputs: [input, output]\nanchors:\n", SCALE_0_4), True),
    "inputs": (("inputs: [input, output]", "inputs: [output]"), True),
    "name": (("name: clarity", "name: clear_next_step"), True),
    "anchor re-flowed": (
        ("1: Hints at a next step.", "1: >-\n    Hints at\n    a next step."),
        False,
    ),
    "pass_at": (("scale: [0, 3]", "scale: [0, 3]\npass_at: 3"), False),
    "comment": (("name: clarity", "# v2: the rubric after the review\nname: clarity"), False),
}


def _respond(body: dict[str, Any]) -> Reply:
    if '"winner"' in body["messages"][0]["content"]:
        return chat_reply(preference("A", None))
    return chat_reply(reply(2, None))


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer(_respond) as running:
        yield running


def _ask(server: OpenAIServer, cache: MemoryCache, check: Check) -> CheckResult:
    model = get_model(
        ModelConfig(
            model="openai-compatible/judge", base_url=server.base_url, api_key_env="", max_retries=0
        ),
        cache=cache,
    )
    baseline = make_trace(output="We will look into it.")

    async def go() -> CheckResult:
        try:
            trace = make_trace(output="Your refund goes out today and arrives in 5 days.")
            return await check.run_async(judge_context(model, trace=trace, baseline=baseline))
        finally:
            await model.aclose()

    return asyncio.run(go())


@pytest.mark.parametrize("edit", list(RUBRIC_EDITS))
def test_a_rubric_edit_asks_again_exactly_when_the_judge_reads_it(
    tmp_path: Path, server: OpenAIServer, edit: str
) -> None:
    (old, new), asks_again = RUBRIC_EDITS[edit]
    file = tmp_path / "clarity.yaml"
    file.write_text(RUBRIC)
    cache = MemoryCache()
    first = _ask(server, cache, rubric(str(file)))
    assert first.status == "pass" and len(server.requests) == 1

    edited = RUBRIC.replace(old, new)
    assert (edited != RUBRIC) == (edit != "unchanged")
    file.write_text(edited)
    second = _ask(server, cache, rubric(str(file)))

    assert len(server.requests) == (2 if asks_again else 1)
    assert second.metadata["model_calls"][0]["cached"] is not asks_again
    if edit == "pass_at":  # the same reading, held against the new threshold
        assert second.score == first.score == 2 and second.status == "fail"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("", ""),  # unchanged
        ("its timing wins.", "its timing wins; equal answers tie."),  # what decides
        ("inputs: [input]", "inputs: [input]\nties: false"),  # no TIE on offer
    ],
)
def test_a_pairwise_edit_asks_again_when_the_judge_reads_it(
    tmp_path: Path, server: OpenAIServer, old: str, new: str
) -> None:
    asks_again = old != ""
    file = tmp_path / "next_step.yaml"
    file.write_text(PAIRWISE)
    cache = MemoryCache()
    _ask(server, cache, pairwise(str(file)))
    asked = len(server.requests)
    assert asked == 2  # both orders

    file.write_text(PAIRWISE.replace(old, new))
    _ask(server, cache, pairwise(str(file)))

    assert len(server.requests) == asked * (2 if asks_again else 1)
