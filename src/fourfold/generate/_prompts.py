"""The prompts that ask a model for cases, and the JSON schema of its reply.

The catalog prompt and the article prompt follow the two quoted in issue 6 (a dataset of
cases generated from the product catalog, and from help-centre articles): realistic
queries over distinct intents, an expected outcome broad enough that equivalent items pass
and specific enough that irrelevant ones fail, and an evaluation focus naming the fields or
the policy details to check; for articles, nothing the article cannot answer. A catalog
item also carries its constraints in `catalog_match`'s format.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = [
    "ARTICLE_INTENTS",
    "ARTICLE_SYSTEM",
    "CATALOG_INTENTS",
    "CATALOG_SYSTEM",
    "article_prompt",
    "catalog_prompt",
    "response_schema",
]

CATALOG_INTENTS: dict[str, str] = {
    "category": "a search for this kind of product (its type, and for whom)",
    "attribute": "a search by a concrete attribute: material, colour, pattern, a feature",
    "occasion": "an occasion or use the product suits (a wedding, a hike, the office)",
    "style": "a style preference (minimalist, retro, bold prints, smart casual)",
    "price_sensitivity": "a budget or price limit the product meets",
    "compatibility": "something the product must fit or work with (a device, a size, a set)",
    "gift": "a gift for someone the product suits",
    "seasonal": "a seasonal need (summer heat, winter cold, the holidays)",
    "brand_model": "a lookup of the brand or model",
}
"""The intents a catalog query may cover, with what each means (the prompt shows these)."""

ARTICLE_INTENTS: dict[str, str] = {
    "simple": "a direct question the article answers plainly",
    "ambiguous": (
        "a vague or underspecified question: the agent should ask for what is missing, or "
        "cover each case the article distinguishes"
    ),
    "edge_case": (
        "a question at a limit, exception or escalation the article states (a deadline just "
        "passed, an excluded item, an amount over a limit)"
    ),
}
"""The kinds of question an article case may be (the prompt shows these)."""


CATALOG_SYSTEM = (
    "You write evaluation cases for an ecommerce search and recommendation agent, from the "
    "shop's own product catalog. A case is a realistic shopper query that a given product "
    "should satisfy, with the outcome that means success and what an evaluator must check. "
    "Reply with JSON only."
)

ARTICLE_SYSTEM = (
    "You write evaluation cases for a customer-support agent, from the company's help-centre "
    "articles. A case is a realistic customer question, what the agent should explain, do or "
    "escalate, and what an evaluator must check. Reply with JSON only."
)


def _intent_lines(intents: Sequence[str], meanings: Mapping[str, str]) -> str:
    return "\n".join(f"- {i}: {meanings[i]}" for i in intents)


def catalog_prompt(record: Mapping[str, Any], intents: Sequence[str], fields: Sequence[str]) -> str:
    """The user message asking for cases from one product `record`."""
    return f"""Create ecommerce search and recommendation evaluation cases from this product record.

Write up to {len(intents)} realistic shopper queries that this product should satisfy, \
one for each of these intents, skipping any intent the product data does not support (fewer \
queries are better than a forced one):
{_intent_lines(intents, CATALOG_INTENTS)}

For each query give:
- intent: one of the intents above.
- query: what a shopper would type: natural, short, never the product's id or exact title.
- expected: the outcome that means success, broad enough that equivalent or substitute \
products also pass, specific enough that irrelevant results fail. Describe the kind of \
products wanted, not this one product.
- focus: what the evaluator must check in the recommended products, naming the catalog \
fields to compare (e.g. product_type, gender, price, in_stock).
- focus_fields: the catalog fields the focus names.
- constraints: what every recommended product must meet, only as far as the query asks: \
a catalog field mapped to a value (equal), a list of values (one of), or an object with \
"min"/"max" (numbers), "contains" (a substring, or an element of a list field) or "not". \
This product must meet them, so leave stock and rating out unless the query asks about them.

Catalog fields: {", ".join(fields)}

Product:
{json.dumps(record, ensure_ascii=False, default=str)}"""


def article_prompt(articles: Sequence[Mapping[str, Any]], intents: Sequence[str]) -> str:
    """The user message asking for cases from one article, or from several together."""
    kinds = _intent_lines(list(dict.fromkeys(intents)), ARTICLE_INTENTS)
    noun = "articles" if len(articles) > 1 else "article"
    shape = f"""For each question give:
- intent: one of the kinds above.
- query: a natural customer question.
- expected: what the agent should explain, do or escalate, based on the {noun}.
- focus: the specific policy details, steps, constraints, exceptions or escalation rules the \
evaluator should check."""
    if len(articles) == 1:
        article = articles[0]
        return f"""Create support-agent evaluation test cases from this help-centre article.

Write up to {len(intents)} realistic questions this article can answer or route, of \
these kinds, where the article supports them:
{kinds}
Do not create questions that need information outside the article.

{shape}

Article ({article.get("id")}):
{_article_text(article)}"""
    texts = "\n\n".join(
        f"Article {i} ({a.get('id')}):\n{_article_text(a)}" for i, a in enumerate(articles, 1)
    )
    return f"""Create support-agent evaluation test cases that need these \
{len(articles)} help-centre articles together.

Write up to {len(intents)} realistic questions whose answer needs every one of these \
articles (not one of them alone), of these kinds, where the articles support them:
{kinds}
Do not create questions that need information outside these articles.

{shape}

{texts}"""


def _article_text(article: Mapping[str, Any]) -> str:
    title = article.get("title")
    text = str(article.get("text", "")).strip()
    if title and not text.lstrip("# ").startswith(str(title)):
        text = f"# {title}\n\n{text}"
    return text


def response_schema(
    kind: str, intents: Sequence[str], fields: Sequence[str], per_record: int
) -> dict[str, Any]:
    """The JSON schema of a reply: ``{"cases": [...]}``, at most `per_record` items."""
    properties: dict[str, Any] = {
        "intent": {"type": "string", "enum": list(dict.fromkeys(intents))},
        "query": {"type": "string", "description": "what the user says"},
        "expected": {"type": "string", "description": "the outcome that means success"},
        "focus": {"type": "string", "description": "what the evaluator must check"},
    }
    required = ["intent", "query", "expected", "focus"]
    if kind == "catalog":
        properties["focus_fields"] = {
            "type": "array",
            "items": {"type": "string", "enum": list(fields)},
            "description": "the catalog fields the focus names",
        }
        properties["constraints"] = {
            "type": "object",
            "description": "catalog field -> value | [values] | {min, max, contains, not}",
        }
        required += ["focus_fields", "constraints"]
    item = {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "properties": {
            "cases": {"type": "array", "items": item, "minItems": 1, "maxItems": per_record}
        },
        "required": ["cases"],
        "additionalProperties": False,
    }
