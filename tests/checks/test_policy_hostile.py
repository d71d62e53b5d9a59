"""The policy checks on hostile outputs: their cost must grow linearly with the output.

Agent output is untrusted text, and a pattern that backtracks, or a loop that compares every
match with every other, can stall a run on one crafted or broken answer. The ``+`` phone
pattern once tried every split of its digits: 50 ms for a ``+``, 30 digits and a letter, so
the 2,000 of them below took 100 s. Comparing every phone number with every other, and with
every allowed string, took 33 s for the 20,000 below, 47 s with an allow list.

Rather than time each output (flaky on a busy machine), one child process runs them all
under a limit of 60 s. Linear matching needs a few seconds of CPU for all of them (most of
it reading 20,000 promises); the old behaviour needed minutes. The verdicts are checked
too, so the outputs cannot be made cheap by ignoring them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Any

import pytest

TIME_LIMIT_S = 60

_CHILD = """
import json, sys
from fourfold import Case, CheckContext, Resources, Trace
from fourfold.checks import create_check

case = Case(id="hostile", input="hi", tags=["must_refuse"])
for job in json.load(sys.stdin):
    ctx = CheckContext(case=case, trace=Trace(output=job["output"]), resources=Resources({}))
    result = create_check(job["check"], job["args"]).run(ctx)
    evidence = [e.text for e in result.evidence]
    print(json.dumps({"status": result.status, "count": len(evidence), "first": evidence[:1]}))
    sys.stdout.flush()
"""


@dataclass(frozen=True)
class Hostile:
    id: str
    check: str
    output: str
    status: str
    count: int = 0
    first: list[str] = field(default_factory=list)
    args: dict[str, Any] = field(default_factory=dict)


PHONE = "+1 415 555 0134"

HOSTILE = [
    # phone numbers: runs of digits after "+" that cannot end cleanly
    Hostile("plus-30-digits-x2000", "no_pii", (" ref +1" + "2" * 30 + "x") * 2000, "pass"),
    Hostile("plus-5000-digits", "no_pii", "+" + "1" * 5000 + "x", "pass"),
    Hostile("plus-digit-runs", "no_pii", ("+4915112345678901234abc " * 2000), "pass"),
    Hostile("plus-1-x3000", "no_pii", "+1 " * 3000, "pass"),
    Hostile("plus-groups", "no_pii", "+1" + " 2" * 5000 + "x", "pass"),
    # groups that run on past 15 digits are a longer number's, not a phone number at its head
    Hostile("double-zero-groups", "no_pii", "0049" + " 12" * 5000 + "x", "pass"),
    Hostile("trunk-groups", "no_pii", "020" + " 12" * 5000 + "x", "pass"),
    Hostile("trunk-numbers-in-a-row", "no_pii", "0161 496 0000 " * 5000, "pass"),
    Hostile("parentheses", "no_pii", "(" * 5000 + "(415) 555-0134", "fail", 1, ["(415) 555-0134"]),
    Hostile(
        "area-codes", "no_pii", "(11) " * 5000 + "(11) 91234-5678", "fail", 1, ["(11) 91234-5678"]
    ),
    # a code's groups before every number: each number's look back reads a few characters
    Hostile("code-groups", "no_pii", "DE89 3704 0044 0532 0130 00 " * 5000, "pass"),
    Hostile(
        "slashes", "no_pii", "069 / " * 5000 + "069 / 1234 5678", "fail", 1, ["069 / 1234 5678"]
    ),
    # many matches: each is tested against the others and the allow list by binary search
    Hostile("20000-phones", "no_pii", f"call {PHONE} " * 20_000, "fail", 20_000, [PHONE]),
    Hostile(
        "20000-allowed-phones",
        "no_pii",
        f"call {PHONE} " * 20_000,
        "pass",
        args={"allow": [PHONE, "+1 800 555 0199"]},
    ),
    Hostile(
        "phones-and-dates",
        "no_pii",
        f"12/03/2024 {PHONE} " * 10_000,
        "fail",
        10_000,
        [PHONE],
    ),
    # numbers a phone word introduces: each number looks back a bounded window for the word
    Hostile("led-numbers", "no_pii", "call 12 34 56 78 " * 10_000, "fail", 10_000, ["12 34 56 78"]),
    Hostile("led-groups", "no_pii", "Tel: " + "12 " * 20_000 + "x", "pass"),
    Hostile(
        "lead-words",
        "no_pii",
        "ring our office on " * 5000 + "33 12 34 56",
        "fail",
        1,
        ["33 12 34 56"],
    ),
    # emails
    Hostile("local-part-no-at", "no_pii", "a" * 100_000, "pass"),
    Hostile("local-part-at", "no_pii", "a" * 100_000 + "@x", "pass"),
    Hostile(
        "long-local-part",
        "no_pii",
        "a" * 100_000 + "@example.com",
        "fail",
        1,
        ["a" * 100_000 + "@example.com"],
    ),
    Hostile("dotted-domain", "no_pii", "a@" + "b." * 50_000 + "1", "pass"),
    Hostile("dashed-domain", "no_pii", "x@" + "a-" * 50_000 + ".", "pass"),
    Hostile("many-ats", "no_pii", "a@" * 50_000, "pass"),
    # card numbers
    Hostile("dashed-digits", "no_pii", "-".join(["1234"] * 10_000), "pass"),
    Hostile("spaced-digits", "no_pii", " ".join(["1234"] * 10_000), "pass"),
    Hostile("digit-run", "no_pii", "4" * 100_000, "pass"),
    # phrases
    Hostile(
        "promises",
        "no_promises",
        "Delivery is guaranteed. " * 20_000,
        "fail",
        20_000,
        ["Delivery is guaranteed"],
    ),
    Hostile(
        "spaces-in-a-phrase",
        "no_promises",
        "I" + " " * 100_000 + "promise",
        "fail",
        1,
        ["I" + " " * 100_000 + "promise"],
    ),
    Hostile("almost-promises", "no_promises", "I " * 50_000, "pass"),
    Hostile(
        "overlapping-phrases",
        "forbidden_phrases",
        "ha " * 20_000,
        "fail",
        1,
        [("ha " * 20_000).strip()],
        {"phrases": ["ha ha"]},
    ),
    Hostile(
        "almost-refusals",
        "refusal_required",
        "I can " * 20_000,
        "fail",
        args={"categories": ["must_refuse"]},
    ),
]


@pytest.fixture(scope="module")
def verdicts() -> dict[str, dict[str, Any]]:
    jobs = [{"check": h.check, "args": h.args, "output": h.output} for h in HOSTILE]
    try:
        done = subprocess.run(
            [sys.executable, "-c", _CHILD],
            input=json.dumps(jobs),
            capture_output=True,
            text=True,
            timeout=TIME_LIMIT_S,
        )
    except subprocess.TimeoutExpired as exc:
        # the output captured so far is bytes, whatever text= says
        finished = len((exc.stdout or b"").splitlines())
        pytest.fail(
            f"the policy checks took over {TIME_LIMIT_S} s on hostile outputs, "
            f"stuck on {HOSTILE[finished].id!r}"
        )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    return {h.id: json.loads(line) for h, line in zip(HOSTILE, lines, strict=True)}


@pytest.mark.slow
@pytest.mark.parametrize("hostile", HOSTILE, ids=lambda h: h.id)
def test_hostile_output(hostile: Hostile, verdicts: dict[str, dict[str, Any]]) -> None:
    verdict = verdicts[hostile.id]
    assert verdict["status"] == hostile.status
    assert verdict["count"] == hostile.count
    assert verdict["first"] == hostile.first


# --- 1 MB inputs for the promise, refusal and phone grammars ------------------------------
#
# The promise and refusal detectors read sentences into clauses and look around anchor
# words; a helper that read a whole clause at every anchor would make one long clause cost
# quadratic time. Each input below is one such clause, or a run of what a rule anchors at,
# 1 MB long. Rather than time it against a fixed budget (machines differ, and this one may
# be busy), the child times the CPU the same pattern takes at 125 kB and at 1 MB: linear
# work takes about 8 times as long for 8 times the text, quadratic work up to 64 times. The
# test fails above 24 (a clause-wide scan at every match, put in on purpose, gave 33), with
# a generous time limit as a backstop. The verdicts are checked too, so an input cannot
# be made cheap by being ignored.

_SCALING_CHILD = """
import gc, json, sys, time
from fourfold import Case, CheckContext, Resources, Trace
from fourfold.checks import create_check
import fourfold.checks._reading as reading

gc.disable()  # a collection in one run and not the other would skew the ratio

case = Case(id="hostile", input="hi", tags=["must_refuse"])
for job in json.load(sys.stdin):
    check = create_check(job["check"], job["args"])
    times = []
    for size in (125_000, 1_000_000):
        unit = job["unit"]
        output = (unit * (size // len(unit) + 1))[:size]
        reading._split.cache_clear()
        gc.collect()
        ctx = CheckContext(case=case, trace=Trace(output=output), resources=Resources({}))
        start = time.process_time()  # CPU time: other processes on the machine do not count
        result = check.run(ctx)
        times.append(time.process_time() - start)
    print(json.dumps({"status": result.status, "count": len(result.evidence),
                      "ratio": times[1] / times[0], "seconds": times[1]}))
    sys.stdout.flush()
"""


@dataclass(frozen=True)
class Scaling:
    id: str
    check: str
    unit: str
    status: str
    args: dict[str, Any] = field(default_factory=dict)


SCALING = [
    # one clause with a commitment every few words, and every scope word the scopes read
    Scaling(
        "promise-clause",
        "no_promises",
        "we will refund you i have waived the fee it is guaranteed you will not be "
        "charged i think hopefully you said if ",
        "fail",
    ),
    # objects said before "we" in one long clause: each "we" reads a few words back only
    Scaling(
        "promise-fronted",
        "no_promises",
        "the late fee we have waived and the $5 charge we will absorb so it is done and ",
        "fail",
    ),
    # anchors with nothing to anchor: "refund" before "refunded", "(" runs, lone quotes
    Scaling("promise-anchors", "no_promises", 'refund refunded ( " just i promise ', "fail"),
    # base and -ing verbs that open no list line, none of them a promise: the sentence filter
    # asks of each whether it is the sentence's first word (once, not by reading back)
    Scaling("promise-verbs", "no_promises", "the refunding ( just ", "pass"),
    Scaling(
        "refusal-clause",
        "refusal_required",
        "i can not share a lawyer sorry no that is not something i can if who ",
        "pass",
        {"categories": ["must_refuse"]},
    ),
    Scaling(
        "refusal-failures",
        "refusal_required",
        "i can not find i can not wait enough ' ",
        "fail",
        {"categories": ["must_refuse"]},
    ),
    # the impersonal shapes and what sets them aside: lead-ins before "isn't supported",
    # "no ... can be made", hedges and "once" before "cannot be"
    Scaling(
        "refusal-passive",
        "refusal_required",
        "still still changing is not supported no further changes can be made once done "
        "it can not be partially cancelled typically therefore you can not cancel ",
        "pass",
        {"categories": ["must_refuse"]},
    ),
    # what reads the reply before an inability: a failure told before it ("not found",
    # "error"), and the reason a hedge gives
    Scaling(
        "refusal-context",
        "refusal_required",
        "not found therefore i can not get it error it seems we can not use it "
        "i can not guarantee it as i do not have access ",
        "fail",
        {"categories": ["must_refuse"]},
    ),
    Scaling(
        "phone-shapes",
        "no_pii",
        "00 44 20 x 01.42.68.53. 1300 975 order number ",
        "pass",
        {"kinds": ["phone"]},
    ),
    # every number's run of groups read on from its start (`_runs_on`), and words spoken
    Scaling(
        "phone-runs",
        "no_pii",
        "0161 496 0000 0-1-6-1, 4-9-6 oh double-seven two one ",
        "fail",
        {"kinds": ["phone"]},
    ),
]
SCALING_LIMIT_S = 600
LINEAR_RATIO = 24


@pytest.fixture(scope="module")
def scaling() -> dict[str, dict[str, Any]]:
    jobs = [{"check": s.check, "args": s.args, "unit": s.unit} for s in SCALING]
    try:
        done = subprocess.run(
            [sys.executable, "-c", _SCALING_CHILD],
            input=json.dumps(jobs),
            capture_output=True,
            text=True,
            timeout=SCALING_LIMIT_S,
        )
    except subprocess.TimeoutExpired as exc:
        finished = len((exc.stdout or b"").splitlines())
        pytest.fail(f"1 MB of {SCALING[finished].id!r} took over {SCALING_LIMIT_S} s")
    assert done.returncode == 0, done.stderr
    return {
        s.id: json.loads(line) for s, line in zip(SCALING, done.stdout.splitlines(), strict=True)
    }


@pytest.mark.slow
@pytest.mark.parametrize("case", SCALING, ids=lambda s: s.id)
def test_policy_grammars_take_linear_time_on_1mb_inputs(
    case: Scaling, scaling: dict[str, dict[str, Any]]
) -> None:
    measured = scaling[case.id]
    assert measured["status"] == case.status
    assert measured["ratio"] < LINEAR_RATIO, (
        f"8 times the text took {measured['ratio']:.0f} times as long "
        f"({measured['seconds']:.1f} s for 1 MB): the work grows faster than the text"
    )
