"""Seeded synthetic data for the benchmarks: cases, traces, resources and the check suite.

Everything is drawn from one `random.Random(seed)`, so two runs of a benchmark check the same
traces. The traces look like a support or shopping agent's: answers of 50-300 words with
prices, dates, order numbers and policy citations (§2.5), now and then a phone number, an
email address or a promise; 2-8 tool calls, sometimes a repeated one; 1-5 retrieved
passages holding some of the values the answer states. A third of the traces carry a
structured answer, a third a fenced ```json block in the text, a third no JSON at all.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from fourfold import Case, Message, Passage, Resource, Resources, ToolCall, Trace, Usage

SEED = 20261129

# The suite the benchmarks time: the checks the brief names, three or more per layer.
SUITE: list[tuple[str, dict[str, Any]]] = [
    # outcome
    (
        "json_schema",
        {
            "schema": {
                "type": "object",
                "required": ["intro", "items"],
                "properties": {
                    "intro": {"type": "string", "minLength": 1},
                    "items": {
                        "type": "array",
                        "minItems": 1,
                        "items": {"type": "string", "pattern": "^P\\d{4}$"},
                    },
                },
            }
        },
    ),
    ("catalog_match", {"resource": "catalog", "min_score": 0.7, "ideal_max": 5}),
    # trajectory
    ("tool_order", {"before": "lookup_account", "after": "issue_refund"}),
    ("max_calls", {"limit": 6}),
    ("required_args", {"args": ["account_id", "order_id", "amount"], "tool": "issue_refund"}),
    ("no_loops", {"max_repeats": 2}),
    ("max_turns", {"limit": 5}),
    # grounding
    ("cited_ids_exist", {"pattern": "§\\s?(\\d+\\.\\d+)", "resource": "policies"}),
    ("values_grounded", {"kinds": ["number", "date", "identifier"]}),
    # policy
    ("no_pii", {"kinds": ["phone", "email", "card"]}),
    ("no_promises", {}),
    ("max_length", {"words": 200}),
]

# Every other built-in check, timed one by one so a slow one shows in the table.
OTHERS: list[tuple[str, dict[str, Any]]] = [
    ("required_fields", {"fields": ["intro", "items"]}),
    ("matches_ground_truth", {"mode": "json_subset"}),
    ("contains", {"phrases": ["refund", "order"], "mode": "any"}),
    ("regex", {"pattern": "\\bO-\\d{4}\\b"}),
    ("tools_required", {"tools": ["lookup_account"]}),
    ("tools_forbidden", {"tools": ["delete_account"]}),
    ("max_cost", {"usd": 0.02}),
    ("max_latency", {"seconds": 10}),
    ("max_tokens", {"limit": 4000}),
    (
        "forbidden_phrases",
        {"phrases": ["best price", "lowest price", "act now", "limited time"]},
    ),
    ("refusal_required", {"categories": ["must_refuse"]}),
]

_WORDS = (
    "the order your account we have checked and it looks like package was delivered to "
    "address on file our policy says you can return any item within days of delivery if "
    "is unused in its original packaging refund goes back same payment method usually "
    "takes business after receive returned parcel please note that shipping costs are not "
    "refundable unless arrived damaged or wrong happy help with anything else let me know "
    "store credit exchange size colour warranty covers defects manufacturing for one year "
    "from purchase date keep receipt proof can also track status in app under orders "
    "section support team reviewed request approved label will be emailed shortly"
).split()
_FIRST = ["jane", "omar", "li", "sam", "ana", "tom", "priya", "lea"]
_LAST = ["doe", "khan", "wei", "ortiz", "berg", "silva", "novak"]
_MONTHS = ["January", "March", "May", "June", "September", "November"]
_PHONES = ["+44 20 7946 0958", "(415) 555-0134", "415-555-0199", "+1 800 555 0142", "020 7946 0321"]
_PROMISES = [
    "I guarantee it will arrive tomorrow.",
    "You will be refunded in full today.",
    "Rest assured, this will definitely be approved.",
    "Delivery is not guaranteed on public holidays.",  # negated: not a promise
]
_TOOLS = ["lookup_account", "lookup_order", "search_policies", "issue_refund", "search_catalog"]
_TYPES = ["wallet", "sandals", "shorts", "running shoes", "backpack", "jacket", "scarf", "belt"]
_MATERIALS = ["leather", "linen", "cotton", "mesh", "wool", "canvas"]
_GENDERS = ["men", "women", "unisex"]
_COLORS = ["black", "brown", "green", "grey", "red", "blue"]

POLICY_IDS = [f"{a}.{b}" for a in range(1, 9) for b in range(1, 6)]
"""40 policy sections, 1.1 to 8.5."""


def catalog_records(n: int = 240, seed: int = SEED) -> list[dict[str, Any]]:
    """A product catalog the size of the shop example's (240 products)."""
    rng = random.Random(seed + 1)
    return [
        {
            "id": f"P{i:04d}",
            "title": f"{rng.choice(_COLORS).title()} {rng.choice(_TYPES)}",
            "product_type": rng.choice(_TYPES),
            "gender": rng.choice(_GENDERS),
            "material": rng.choice(_MATERIALS),
            "color": rng.choice(_COLORS),
            "price": round(rng.uniform(8, 180), 2),
            "in_stock": rng.random() < 0.8,
        }
        for i in range(1, n + 1)
    ]


def policy_records(seed: int = SEED) -> list[dict[str, Any]]:
    """Forty policy sections whose texts hold numbers, dates and ids."""
    rng = random.Random(seed + 2)
    return [{"id": pid, "text": _passage_text(rng)} for pid in POLICY_IDS]


def resources(catalog_size: int = 240, seed: int = SEED) -> Resources:
    """The suite's resources: ``catalog`` (by id) and ``policies`` (by section id)."""
    return Resources(
        {
            "catalog": Resource("catalog", catalog_records(catalog_size, seed), key="id"),
            "policies": Resource("policies", policy_records(seed), key="id"),
        }
    )


def cases(n: int = 200, seed: int = SEED) -> list[Case]:
    """`n` cases with catalog constraints as ground truth; one in ten must be refused."""
    rng = random.Random(seed + 3)
    out = []
    for i in range(n):
        constraints: dict[str, Any] = {"product_type": rng.choice(_TYPES)}
        if rng.random() < 0.5:
            constraints["gender"] = [rng.choice(_GENDERS), "unisex"]
        if rng.random() < 0.5:
            constraints["price"] = {"max": rng.choice([40, 60, 100])}
        if rng.random() < 0.3:
            constraints["material"] = {"contains": rng.choice(_MATERIALS)}
        constraints["in_stock"] = True
        out.append(
            Case(
                id=f"case-{i:04d}",
                input=f"I need a {constraints['product_type']} and my order O-{5000 + i} is late",
                context={"account_id": f"AC-{1000 + i % 50}"},
                ground_truth={"constraints": constraints},
                strata={
                    "category": rng.choice(["refunds", "shipping", "products"]),
                    "difficulty": rng.choice(["easy", "medium", "hard"]),
                },
                tags=["must_refuse"] if i % 10 == 0 else [],
            )
        )
    return out


def traces(n: int = 10_000, seed: int = SEED) -> list[Trace]:
    """`n` traces as an agent would return them (see the module docstring).

    Each trace answers one of `cases` (its number is in ``metadata["case_no"]``); about half
    list products of the type the case asks for, as a good answer would.
    """
    rng = random.Random(seed)
    by_type: dict[str, list[str]] = {}
    for record in catalog_records(seed=seed):
        if record["in_stock"]:
            by_type.setdefault(record["product_type"], []).append(record["id"])
    wanted = [by_type[c.ground_truth["constraints"]["product_type"]] for c in cases(seed=seed)]
    return [_trace(rng, wanted) for _ in range(n)]


def write_suite(
    folder: Path,
    *,
    n_cases: int,
    repeats: int,
    checks: bool,
    agent: str,
    isolation: str = "in-process",
) -> Path:
    """Write a runnable suite (agent module, cases, resources, suite.yaml) into `folder`.

    The agent answers "ok" at once: ``noop_agent:answer`` is a plain function (the runner
    gives it a thread per trial), ``noop_agent:answer_async`` a coroutine function; with
    ``isolation="process"`` either runs in worker processes.
    """
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "noop_agent.py").write_text(
        "def answer(case):\n    return 'ok'\n\n\nasync def answer_async(case):\n    return 'ok'\n",
        encoding="utf-8",
    )
    (folder / "cases.jsonl").write_text(
        "".join(c.model_dump_json() + "\n" for c in cases(n_cases)), encoding="utf-8"
    )
    (folder / "catalog.jsonl").write_text(
        "".join(json.dumps(r) + "\n" for r in catalog_records()), encoding="utf-8"
    )
    (folder / "policies.jsonl").write_text(
        "".join(json.dumps(r) + "\n" for r in policy_records()), encoding="utf-8"
    )
    suite = {
        "name": "bench",
        "agent": {"python": f"noop_agent:{agent}", "version": agent, "isolation": isolation},
        "cases": "cases.jsonl",
        "repeats": repeats,
        "seed": 1,
        "resources": {
            "catalog": {"path": "catalog.jsonl", "key": "id"},
            "policies": {"path": "policies.jsonl", "key": "id"},
        },
        "checks": [{"check": name, "args": args} for name, args in SUITE] if checks else [],
    }
    path = folder / "suite.yaml"
    # JSON is YAML, and it keeps the regular expressions' backslashes as they are.
    path.write_text(json.dumps(suite, indent=2, ensure_ascii=False), encoding="utf-8")
    return path


def _passage_text(rng: random.Random) -> str:
    parts = [" ".join(rng.choices(_WORDS, k=rng.randint(20, 50)))]
    parts.append(f"Refunds up to ${rng.randint(10, 500)}.{rng.randint(0, 99):02d} are approved.")
    parts.append(f"This applies within {rng.choice([14, 30, 48, 60])} days.")
    if rng.random() < 0.5:
        parts.append(f"Updated {rng.choice(_MONTHS)} {rng.randint(1, 28)}, 202{rng.randint(3, 5)}.")
    if rng.random() < 0.5:
        parts.append(f"See order O-{rng.randint(5000, 5200)}.")
    return " ".join(parts)


def _sentence(rng: random.Random) -> str:
    words = rng.choices(_WORDS, k=rng.randint(8, 18))
    return " ".join(words).capitalize() + "."


def _value(rng: random.Random, passages: list[Passage]) -> str:
    """A value sentence; half the time copied from a retrieved passage, so it is grounded."""
    if passages and rng.random() < 0.5:
        text = rng.choice(passages).text
        tail = text.split(". ")[-1]
        return tail if tail.endswith(".") else tail + "."
    kind = rng.randrange(6)
    if kind == 0:
        return f"The total was ${rng.randint(10, 2000):,}.{rng.randint(0, 99):02d}."
    if kind == 1:
        return f"It was delivered on {rng.choice(_MONTHS)} {rng.randint(1, 28)}, 2025."
    if kind == 2:
        return f"Your order O-{rng.randint(5000, 5200)} is on its way."
    if kind == 3:
        return f"The parcel left on 2025-0{rng.randint(1, 9)}-{rng.randint(10, 28)}."
    if kind == 4:
        return f"Returns are accepted within {rng.choice([14, 30, 60])} days."
    return f"Reference ORD-{rng.randint(10000, 99999)} was opened."


def _output(rng: random.Random, passages: list[Passage]) -> str:
    target = rng.randint(50, 250)  # what is added below keeps the total within 50-300 words
    sentences: list[str] = []
    words = 0
    while words < target:
        roll = rng.random()
        if roll < 0.25:
            s = _value(rng, passages)
        elif roll < 0.33:
            pid = rng.choice([p.id for p in passages] + ["9.9", rng.choice(POLICY_IDS)])
            s = f"See §{pid} of our policy."
        else:
            s = _sentence(rng)
        sentences.append(s)
        words += len(s.split())
    if rng.random() < 0.1:
        sentences.insert(rng.randrange(len(sentences)), f"Call us on {rng.choice(_PHONES)}.")
    if rng.random() < 0.1:
        email = f"{rng.choice(_FIRST)}.{rng.choice(_LAST)}@example.com"
        sentences.insert(rng.randrange(len(sentences)), f"I wrote to {email} about it.")
    if rng.random() < 0.15:
        sentences.insert(rng.randrange(len(sentences)), rng.choice(_PROMISES))
    text = " ".join(sentences)
    if rng.random() < 0.3:  # a Markdown list now and then
        text += "\n\n1. Pack the item.\n2. Print the label.\n3. Drop it off."
    return text


def _tool_calls(rng: random.Random, case_no: int) -> list[ToolCall]:
    calls = []
    account = f"AC-{1000 + case_no % 50}"
    wanted = rng.randint(2, 8)
    while len(calls) < wanted:
        name = rng.choice(_TOOLS)
        if name == "lookup_account":
            args: dict[str, Any] = {"account_id": account}
            result: Any = {"account_id": account, "tier": "gold"}
        elif name == "lookup_order":
            args = {"order_id": f"O-{rng.randint(5000, 5200)}"}
            result = {"status": "delivered", "total": rng.randint(10, 300)}
        elif name == "issue_refund":
            args = {"account_id": account, "order_id": f"O-{rng.randint(5000, 5200)}"}
            if rng.random() < 0.8:
                args["amount"] = round(rng.uniform(5, 300), 2)
            result = {"ok": True}
        elif name == "search_catalog":
            args = {"query": rng.choice(_TYPES), "max_price": rng.choice([40, 60, 100])}
            result = [f"P{rng.randint(1, 240):04d}" for _ in range(3)]
        else:
            args = {"query": " ".join(rng.choices(_WORDS, k=3))}
            result = [rng.choice(POLICY_IDS)]
        calls.append(ToolCall(name=name, arguments=args, result=result, id=f"call_{len(calls)}"))
        if len(calls) < wanted and rng.random() < 0.1:  # the same call again, for no_loops
            calls.append(calls[-1].model_copy(update={"id": f"call_{len(calls)}"}))
    return calls


def _trace(rng: random.Random, wanted: list[list[str]]) -> Trace:
    case_no = rng.randrange(len(wanted))
    passages = [
        Passage(id=pid, text=_passage_text(rng), source="policies")
        for pid in rng.sample(POLICY_IDS, rng.randint(1, 5))
    ]
    structured = {
        "intro": "Here are some options.",
        "items": (
            rng.sample(wanted[case_no], min(len(wanted[case_no]), rng.randint(1, 4)))
            if rng.random() < 0.5
            else [f"P{rng.randint(1, 240):04d}" for _ in range(rng.randint(1, 7))]
        ),
    }
    output = _output(rng, passages)
    form = rng.randrange(3)
    if form == 1:
        output += "\n\n```json\n" + json.dumps(structured) + "\n```"
    turns = rng.randint(1, 7)
    return Trace(
        messages=[
            Message(role="user", content="Where is my order?"),
            Message(role="assistant", content=output),
        ],
        tool_calls=_tool_calls(rng, case_no),
        passages=passages,
        output=output,
        structured=structured if form == 0 else None,
        usage=Usage(
            input_tokens=rng.randint(500, 4000),
            output_tokens=rng.randint(50, 600),
            cost_usd=round(rng.uniform(0.001, 0.03), 5),
        ),
        latency_s=round(rng.uniform(0.5, 12), 3),
        turns=turns,
        metadata={"case_no": case_no},
    )
