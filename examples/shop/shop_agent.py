"""A simulated product-search agent, in two versions, for the `shop` example suite.

No model is called. The agent reads the shopper's query with a small vocabulary (product
types, who it is for, materials, colours, patterns, features, budget words), searches the
catalog in ``data/catalog.jsonl`` with the filters it understood, and answers with a short
intro and a list of product ids::

    {"intro": "Here are a few women's leather wallets...", "items": ["P0012", "P0047"]}

* ``answer_v1`` applies every filter it understood, keeps to in-stock products and
  recommends 2-5 of the best rated, with a one- or two-sentence intro.
* ``answer_v2`` is the "show them more" version: a paragraph of intro, 6-10 products, and
  looser filters, so some recommendations are for the wrong gender, over budget, the wrong
  material or sold out. On a share of trials it also searches again and again, names a
  "top pick" it never retrieved, and claims the best prices.

Randomness comes from ``rec.rng`` only, so a run is reproducible for a seed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from fourfold.agents import Recorder, tool
from fourfold.cases import Case
from fourfold.trace import Passage

CATALOG = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "catalog.jsonl").read_text().splitlines()
    if line.strip()
]
BY_ID = {p["id"]: p for p in CATALOG}

INPUT_PRICE = 3.0  # US dollars per million tokens
OUTPUT_PRICE = 15.0

# ----------------------------------------------------------------- understanding

_TYPES = [  # first match wins, so longer phrases come first
    (("swim trunks", "swim shorts", "board shorts"), "swim trunks"),
    (("running shoes", "runners"), "running shoes"),
    (("swimsuit", "bikini"), "swimsuit"),
    (("raincoat", "rain jacket", "jacket", "coat"), "jacket"),
    (("wallet", "card holder"), "wallet"),
    (("handbag", "tote", "purse"), "handbag"),
    (("backpack",), "backpack"),
    (("shorts",), "shorts"),
    (("dress",), "dress"),
    (("shirt",), "shirt"),
    (("sweater", "jumper"), "sweater"),
    (("sneakers", "trainers"), "sneakers"),
    (("boots",), "boots"),
    (("sandals", "flip-flops"), "sandals"),
    (("watch",), "watch"),
    (("sunglasses",), "sunglasses"),
    (("scarf",), "scarf"),
    (("belt",), "belt"),
    (("hoodie",), "hoodie"),
]
_GENDERS = {
    "women": {"wife", "woman", "women", "women's", "her", "mom", "mother", "girlfriend", "sister"},
    "men": {"husband", "man", "men", "men's", "him", "dad", "father", "boyfriend", "brother"},
    "kids": {"kid", "kids", "kids'", "child", "children", "son", "daughter"},
    "unisex": {"unisex"},
}
_MATERIALS = {
    "leather": ["leather"],
    "linen": ["linen"],
    "cotton": ["cotton"],
    "silk": ["silk"],
    "wool": ["wool", "merino wool"],
    "cashmere": ["cashmere"],
    "denim": ["denim"],
    "steel": ["steel"],
    "canvas": ["canvas"],
}
_COLORS = {
    "black",
    "white",
    "red",
    "brown",
    "navy",
    "blue",
    "green",
    "yellow",
    "grey",
    "tan",
    "pink",
}
_PATTERNS = {
    "tropical": "tropical",
    "luau": "tropical",
    "hawaiian": "tropical",
    "floral": "floral",
    "striped": "striped",
}
_FEATURES = {
    "waterproof": "waterproof",
    "raincoat": "waterproof",
    "rain": "waterproof",
    "polarized": "polarized",
    "laptop": "laptop sleeve",
    "slim": "slim",
    "ankle": "ankle height",
}
_CHEAP = {"cheap", "affordable", "budget", "inexpensive"}
_PRICEY = {"premium", "luxury", "high-end"}


def understand(query: str) -> dict[str, Any]:
    """The catalog filters a query asks for, as far as the vocabulary goes."""
    low = query.lower()
    words = set(re.findall(r"[a-z]+(?:'s|')?", low))
    filters: dict[str, Any] = {}
    for phrases, ptype in _TYPES:
        if any(re.search(rf"\b{re.escape(p)}(?:s|es)?\b", low) for p in phrases):
            filters["product_type"] = [ptype]
            break
    if filters.get("product_type") == ["shorts"] and words & {"vacation", "beach", "holiday"}:
        filters["product_type"] = ["shorts", "swim trunks"]
    for gender, cues in _GENDERS.items():
        if words & cues:
            filters["gender"] = [gender]
            break
    if "vegan" in words:
        filters["material_not"] = "leather"
    else:
        for word, materials in _MATERIALS.items():
            if word in words:
                filters["material"] = materials
                break
        if "down" in words and filters.get("product_type") == ["jacket"]:
            filters["material"] = ["down"]
    colors = sorted(words & _COLORS)
    if colors:
        filters["color"] = colors
    for word, pattern in _PATTERNS.items():
        if word in words:
            filters["pattern"] = pattern
    features = sorted({f for w, f in _FEATURES.items() if w in words})
    if features:
        filters["features"] = features
    if m := re.search(r"\bunder \$?(\d+)", low):
        filters["price_max"] = float(m.group(1))
    elif words & _CHEAP:
        filters["price_band"] = "low"
    if m := re.search(r"\bover \$?(\d+)", low):
        filters["price_min"] = float(m.group(1))
    elif words & _PRICEY:
        filters["price_band"] = "high"
    return filters


def _matches(p: dict[str, Any], f: dict[str, Any], *, in_stock: bool) -> bool:
    if in_stock and not p["in_stock"]:
        return False
    for key in ("product_type", "gender", "material", "color"):
        if key in f and p[key] not in f[key]:
            return False
    if "material_not" in f and p["material"] == f["material_not"]:
        return False
    if "pattern" in f and p["pattern"] != f["pattern"]:
        return False
    if any(feature not in p["features"] for feature in f.get("features", [])):
        return False
    if "price_max" in f and p["price"] > f["price_max"]:
        return False
    return not ("price_min" in f and p["price"] < f["price_min"])


def _price_band(products: list[dict[str, Any]], band: str) -> list[dict[str, Any]]:
    """The cheapest (or dearest) third of the products of the same type, by price."""
    if not products:
        return products
    prices = sorted(p["price"] for p in CATALOG if p["product_type"] == products[0]["product_type"])
    if band == "low":
        cut = prices[len(prices) // 3]
        return [p for p in products if p["price"] <= cut]
    cut = prices[(2 * len(prices)) // 3]
    return [p for p in products if p["price"] >= cut]


# ------------------------------------------------------------------------ tools


@tool
def search_catalog(query: str, filters: dict[str, Any], in_stock_only: bool = True) -> list[str]:
    """Ids of the products matching the filters, best rated first (at most 12)."""
    found = [p for p in CATALOG if _matches(p, filters, in_stock=in_stock_only)]
    if "price_band" in filters:
        found = _price_band(found, filters["price_band"])
    found.sort(key=lambda p: (-p["rating"], p["price"], p["id"]))
    return [p["id"] for p in found[:12]]


def _passage(p: dict[str, Any]) -> Passage:
    stock = "in stock" if p["in_stock"] else "sold out"
    features = f", {', '.join(p['features'])}" if p["features"] else ""
    text = (
        f"{p['id']} {p['title']}: {p['product_type']}, {p['category']}, for {p['gender']}, "
        f"{p['material']}, {p['color']}, {p['pattern']}{features}; ${p['price']:.2f}, {stock}; "
        f"{p['brand']}, rated {p['rating']}"
    )
    return Passage(id=p["id"], text=text, source="catalog")


def _search(rec: Recorder, query: str, filters: dict[str, Any], in_stock_only: bool) -> list[str]:
    ids = search_catalog(query, filters, in_stock_only)
    passages = [_passage(BY_ID[i]) for i in ids]
    rec.retrieved(passages)
    rec.add_usage(
        input_tokens=400 + sum(len(p.text) for p in passages) // 4,
        output_tokens=40,
        cost_usd=None,
    )
    return ids


_PLURALS = {
    "dress": "dresses",
    "watch": "watches",
    "handbag": "bags",
    "scarf": "scarves",
    "swim trunks": "swim trunks",
    "shorts": "shorts",
    "sunglasses": "sunglasses",
    "running shoes": "running shoes",
    "sneakers": "sneakers",
    "boots": "boots",
    "sandals": "sandals",
}


def _what(filters: dict[str, Any]) -> str:
    """The request in words: "women's leather wallets"."""
    parts = []
    gender = filters.get("gender", [None])[0]
    if gender:
        parts.append({"women": "women's", "men": "men's", "kids": "kids'"}.get(gender, gender))
    if "color" in filters:
        parts.append(" ".join(filters["color"]))
    if "pattern" in filters:
        parts.append(filters["pattern"])
    if "material" in filters:
        parts.append(filters["material"][0])
    if "material_not" in filters:
        parts.append("leather-free")
    ptype = filters.get("product_type", ["product"])[0]
    parts.append(_PLURALS.get(ptype, ptype + "s"))
    return " ".join(parts)


def _finish(rec: Recorder, intro: str, items: list[str]) -> dict[str, Any]:
    out_tokens = int(len(intro.split()) * 1.35) + 8 * len(items)
    rec.add_usage(input_tokens=0, output_tokens=out_tokens, cost_usd=None)
    usage = rec.usage
    rec.usage = usage.model_copy(
        update={
            "cost_usd": round(
                (usage.input_tokens * INPUT_PRICE + usage.output_tokens * OUTPUT_PRICE) / 1e6, 6
            )
        }
    )
    rec.turns = len(rec.tool_calls) + 1
    # Returned as a dict: the adapter fills in the recorded tool calls, passages and usage.
    return {"output": intro, "structured": {"intro": intro, "items": items}}


# ------------------------------------------------------------------------ v1

_V1_INTROS = [
    "Here are a few {what} you might like.",
    "I found some {what} that fit what you asked for.",
    "These {what} match your request.",
    "A short list of {what} for you.",
]
_V1_PICKS = [
    "My top pick is the {title} ({id}).",
    "Top pick: {title} ({id}).",
    "Start with the {title} ({id}).",
]


def answer_v1(case: Case, rec: Recorder) -> dict[str, Any]:
    """Every understood filter, in stock only, 2-5 items, a one- or two-sentence intro."""
    filters = understand(case.user_text)
    ids = _search(rec, case.user_text, filters, in_stock_only=True)
    if not ids:  # nothing matched: say so instead of padding the list
        return _finish(rec, "I couldn't find anything that matches; could you say more?", [])
    pool = ids[:6]
    k = rec.rng.randint(min(2, len(pool)), min(5, len(pool)))
    items = sorted(rec.rng.sample(pool, k), key=pool.index)
    top = BY_ID[items[0]]
    intro = rec.rng.choice(_V1_INTROS).format(what=_what(filters))
    if rec.rng.random() < 0.6:
        intro += " " + rec.rng.choice(_V1_PICKS).format(title=top["title"], id=top["id"])
    return _finish(rec, intro, items)


# ------------------------------------------------------------------------ v2

_V2_OPENERS = [
    "What a great question, and thank you so much for shopping with us today!",
    "Thanks for stopping by! Finding exactly the right thing can take a while, so I've "
    "done the legwork for you.",
    "I love this request, and I've pulled together a really wide selection for you!",
]
_V2_FILLER = [
    "Our catalog has something for every taste and budget, with new arrivals every week, "
    "so it's always worth browsing a little beyond your first idea.",
    "I've included a mix of styles, colours and price points so you can compare and pick "
    "the one that feels right, and a few bonus options you might not have thought of.",
    "Every product is chosen with care by our team, and many of them are customer "
    "favourites that people come back to again and again.",
    "If none of these are quite right, you can always refine your search by colour, size, "
    "material or price, and I'll be happy to find more ideas.",
    "Remember that shipping is quick and returns are easy, so there's no risk in trying "
    "something new.",
]
_V2_CLAIMS = [
    "All of this comes at the best prices you'll find anywhere.",
    "We always have the lowest prices online.",
]


def answer_v2(case: Case, rec: Recorder) -> dict[str, Any]:
    """Looser filters, sold-out items allowed, 6-10 items, a paragraph of intro."""
    rng = rec.rng
    exact = understand(case.user_text)
    filters = {"product_type": exact["product_type"]} if "product_type" in exact else {}
    for key in ("gender", "material", "material_not", "color", "pattern", "features",
                "price_max", "price_min", "price_band"):  # fmt: skip
        if key in exact and rng.random() < 0.45:
            filters[key] = exact[key]
    ids = _search(rec, case.user_text, filters, in_stock_only=False)
    searches = 1
    # "broaden the search" a few times on some trials, with the same query and filters
    while rng.random() < 0.35 and searches < 4:
        more = _search(rec, case.user_text, filters, in_stock_only=False)
        ids += [i for i in more if i not in ids]
        searches += 1
    if len(ids) < 10:  # pad with anything of the same type
        ptype = exact.get("product_type", [None])[0]
        ids += [p["id"] for p in CATALOG if p["product_type"] == ptype and p["id"] not in ids]
    items = ids[: rng.randint(6, 10)]

    top = BY_ID[items[0]]
    if rng.random() < 0.25:  # a "top pick" it never retrieved
        retrieved = {p.id for p in rec.passages}
        top = rng.choice([p for p in CATALOG if p["id"] not in retrieved])
    sentences = [rng.choice(_V2_OPENERS)]
    sentences.append(
        f"Based on your request, I searched our whole catalog for {_what(exact)} and related "
        f"items, and my top pick is the {top['title']} ({top['id']})."
    )
    sentences += rng.sample(_V2_FILLER, rng.randint(2, 4))
    if rng.random() < 0.3:
        sentences.append(rng.choice(_V2_CLAIMS))
    return _finish(rec, " ".join(sentences), items)
