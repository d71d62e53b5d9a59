"""What the scripted model answers for each record, and how to read a generation request."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.helpers.openai_server import Reply, chat_reply

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CATALOG = EXAMPLES / "shop" / "data" / "catalog.jsonl"
ARTICLES = EXAMPLES / "support" / "articles"

Items = list[Any]
Override = Items | Reply | Callable[[list[dict[str, Any]], list[str]], Items]

_ARTICLE = re.compile(r"^Article(?: \d+)? \(([^)]+)\):\n", re.MULTILINE)


def user_prompt(body: dict[str, Any]) -> str:
    return next(m["content"] for m in body["messages"] if m["role"] == "user")


def asked_intents(body: dict[str, Any]) -> list[str]:
    schema = body["response_format"]["json_schema"]["schema"]
    return list(schema["properties"]["cases"]["items"]["properties"]["intent"]["enum"])


def source_of(body: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    """The source id a request is about, and its records (products; articles by id only)."""
    prompt = user_prompt(body)
    if "\nProduct:\n" in prompt:
        record = json.loads(prompt.split("\nProduct:\n", 1)[1])
        return record["id"], [record]
    ids = _ARTICLE.findall(prompt)
    texts = _ARTICLE.split(prompt)[2::2]
    return "+".join(ids), [{"id": i, "text": t} for i, t in zip(ids, texts, strict=True)]


def _who(gender: str) -> str:
    return {"women": "my wife", "men": "my husband"}.get(gender, "a friend")


def product_case(record: dict[str, Any], intent: str) -> dict[str, Any]:
    """A valid generated case for a product and an intent."""
    kind, gender = record["product_type"], record["gender"]
    budget = int(float(record["price"])) + 10
    query, constraints = {
        "category": (f"{gender}'s {kind}", {"product_type": kind, "gender": [gender, "unisex"]}),
        "attribute": (
            f"{record['color']} {record['material']} {kind}",
            {"product_type": kind, "material": record["material"], "color": record["color"]},
        ),
        "occasion": (f"{kind} in {record['material']} for a weekend away", {"product_type": kind}),
        "style": (
            f"{record['pattern']} {kind} with a classic {record['color']} look",
            {"product_type": kind},
        ),
        "price_sensitivity": (
            f"{kind} under ${budget}",
            {"product_type": kind, "price": {"max": budget}},
        ),
        "gift": (f"a {kind} as a present for {_who(gender)}", {"product_type": kind}),
        "seasonal": (f"{record['material']} {kind} for the season ahead", {"product_type": kind}),
        "brand_model": (
            f"anything from {record['brand']} in {kind}",
            {"brand": record["brand"], "product_type": kind},
        ),
        "compatibility": (f"{kind} that goes with my outfit", {"product_type": kind}),
    }[intent]
    fields = list(constraints)
    return {
        "intent": intent,
        "query": query,
        "expected": f"A short intro, then a few in-stock {kind} that meet the request.",
        "focus": "Every product must match: "
        + "; ".join(f"{name} = {constraints[name]}" for name in fields),
        "focus_fields": fields,
        "constraints": constraints,
    }


def article_case(records: list[dict[str, Any]], intent: str) -> dict[str, Any]:
    """A valid generated case for one article or several: numbers only from the articles."""
    text = records[0]["text"]
    title = " and ".join(
        r["text"].strip().splitlines()[0].lstrip("# ").strip().lower() for r in records
    )
    number = (re.findall(r"\d+(?:[.,]\d+)?", text) or ["0"])[0]
    query = {
        "simple": f"quick question on {title}: how does it work?",
        "ambiguous": f"something went wrong with {title}",
        "edge_case": f"what are the exceptions for {title} past the limit?",
    }[intent]
    return {
        "intent": intent,
        "query": query,
        "expected": f"Explains {title} as the article states, including the {number} in it.",
        "focus": f"The steps and limits of {title}; no invented steps.",
    }


class Script:
    """The test server's handler: per source, valid cases for every intent asked, unless
    `overrides[source_id]` gives the items, a whole reply, or a function of the records and
    intents. Every request body is kept in `bodies[source_id]`."""

    def __init__(self) -> None:
        self.overrides: dict[str, Override] = {}
        self.bodies: dict[str, list[dict[str, Any]]] = defaultdict(list)

    @property
    def asked(self) -> list[str]:
        """Source ids asked, every request counted."""
        return [s for s, bodies in self.bodies.items() for _ in bodies]

    def __call__(self, body: Any) -> Reply:
        source, records = source_of(body)
        self.bodies[source].append(body)
        intents = asked_intents(body)
        override = self.overrides.get(source)
        if isinstance(override, Reply):
            return override
        if callable(override):
            items = override(records, intents)
        elif override is not None:
            items = override
        elif "\nProduct:\n" in user_prompt(body):
            items = [product_case(records[0], i) for i in intents]
        else:
            items = [article_case(records, i) for i in intents]
        return chat_reply(json.dumps({"cases": items}), usage=(400, 300))
