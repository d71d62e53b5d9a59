"""Generate data/catalog.jsonl, the product catalog of the `shop` example.

Deterministic: the same script writes the same file, byte for byte. Run it from anywhere:

    python examples/shop/make_catalog.py

Each product type has its own pools of genders, materials, colours, patterns, features and
a price range; products are drawn from them with a fixed seed, then a few hand-placed
products make sure every shopper query in cases.jsonl has several good answers and
several tempting wrong ones (the right type but the wrong gender, over budget, sold out).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

OUT = Path(__file__).parent / "data" / "catalog.jsonl"
SEED = 20250616
PER_TYPE = 6

# product_type: (category, genders, materials, colours, patterns, features, price range, nouns)
TYPES: dict[str, dict[str, Any]] = {
    "wallet": {
        "category": "accessories",
        "genders": ["women", "men", "unisex"],
        "materials": ["leather", "leather", "vegan leather", "canvas"],
        "colors": ["black", "tan", "brown", "red", "navy"],
        "patterns": ["solid"],
        "features": [["slim"], ["rfid blocking"], ["coin pocket"], ["slim", "rfid blocking"], []],
        "price": (14, 120),
        "nouns": ["Bifold Wallet", "Zip Wallet", "Card Holder", "Trifold Wallet"],
    },
    "handbag": {
        "category": "bags",
        "genders": ["women"],
        "materials": ["leather", "leather", "canvas", "vegan leather"],
        "colors": ["black", "brown", "tan", "red", "cream"],
        "patterns": ["solid"],
        "features": [["crossbody strap"], ["zip top"], []],
        "price": (45, 320),
        "nouns": ["Tote", "Shoulder Bag", "Crossbody Bag", "Satchel"],
    },
    "backpack": {
        "category": "bags",
        "genders": ["unisex"],
        "materials": ["nylon", "canvas", "recycled polyester", "leather"],
        "colors": ["black", "grey", "navy", "green", "tan"],
        "patterns": ["solid"],
        "features": [
            ["laptop sleeve"],
            ["laptop sleeve", "water resistant"],
            ["water resistant"],
            [],
        ],
        "price": (28, 180),
        "nouns": ["Daypack", "Commuter Backpack", "Travel Backpack", "Rolltop Backpack"],
    },
    "shorts": {
        "category": "clothing",
        "genders": ["men", "women"],
        "materials": ["linen", "cotton", "polyester"],
        "colors": ["green", "navy", "white", "beige", "coral"],
        "patterns": ["tropical", "solid", "solid", "striped"],
        "features": [["elastic waist"], ["quick dry"], []],
        "price": (18, 75),
        "nouns": ["Shorts", "Chino Shorts", "Drawstring Shorts"],
    },
    "swim trunks": {
        "category": "swimwear",
        "genders": ["men", "kids"],
        "materials": ["polyester", "recycled polyester"],
        "colors": ["navy", "blue", "green", "orange", "black"],
        "patterns": ["tropical", "solid", "striped"],
        "features": [["quick dry"], ["mesh lining"], ["quick dry", "mesh lining"]],
        "price": (16, 65),
        "nouns": ["Swim Trunks", "Board Shorts", "Swim Shorts"],
    },
    "swimsuit": {
        "category": "swimwear",
        "genders": ["women", "kids"],
        "materials": ["nylon", "recycled polyester"],
        "colors": ["black", "red", "blue", "coral", "green"],
        "patterns": ["solid", "tropical", "floral", "striped"],
        "features": [["upf 50"], []],
        "price": (25, 110),
        "nouns": ["One-Piece Swimsuit", "Bikini Set", "Swimsuit"],
    },
    "dress": {
        "category": "clothing",
        "genders": ["women"],
        "materials": ["linen", "cotton", "silk", "viscose"],
        "colors": ["red", "black", "blue", "white", "yellow", "green"],
        "patterns": ["floral", "solid", "solid", "striped"],
        "features": [["pockets"], []],
        "price": (35, 240),
        "nouns": ["Midi Dress", "Wrap Dress", "Slip Dress", "Sundress"],
    },
    "shirt": {
        "category": "clothing",
        "genders": ["men", "women"],
        "materials": ["linen", "cotton", "cotton", "silk"],
        "colors": ["white", "blue", "pink", "green", "black"],
        "patterns": ["solid", "striped", "tropical"],
        "features": [["short sleeve"], ["long sleeve"]],
        "price": (22, 130),
        "nouns": ["Shirt", "Button-Down Shirt", "Camp Shirt"],
    },
    "sweater": {
        "category": "clothing",
        "genders": ["men", "women"],
        "materials": ["wool", "cashmere", "cotton", "merino wool"],
        "colors": ["grey", "navy", "cream", "green", "black"],
        "patterns": ["solid", "cable knit"],
        "features": [["crew neck"], ["v neck"], ["turtleneck"]],
        "price": (40, 260),
        "nouns": ["Sweater", "Jumper", "Knit Pullover"],
    },
    "jacket": {
        "category": "outerwear",
        "genders": ["men", "women", "kids"],
        "materials": ["denim", "leather", "down", "nylon"],
        "colors": ["blue", "black", "brown", "yellow", "green", "red"],
        "patterns": ["solid"],
        "features": [["waterproof", "hood"], ["hood"], []],
        "price": (45, 380),
        "nouns": ["Jacket", "Rain Jacket", "Puffer Jacket", "Trucker Jacket"],
    },
    "sneakers": {
        "category": "footwear",
        "genders": ["men", "women", "unisex", "kids"],
        "materials": ["canvas", "leather", "mesh"],
        "colors": ["white", "black", "grey", "navy", "red"],
        "patterns": ["solid"],
        "features": [["lace-up"], ["slip-on"]],
        "price": (30, 190),
        "nouns": ["Sneakers", "Low-Top Sneakers", "Trainers"],
    },
    "running shoes": {
        "category": "footwear",
        "genders": ["men", "women"],
        "materials": ["mesh", "knit"],
        "colors": ["black", "blue", "grey", "pink", "orange"],
        "patterns": ["solid"],
        "features": [["cushioned"], ["trail grip"], ["cushioned", "reflective"]],
        "price": (60, 200),
        "nouns": ["Running Shoes", "Road Runners", "Trail Runners"],
    },
    "boots": {
        "category": "footwear",
        "genders": ["men", "women"],
        "materials": ["leather", "suede", "rubber"],
        "colors": ["black", "brown", "tan", "grey"],
        "patterns": ["solid"],
        "features": [["waterproof"], ["ankle height"], ["waterproof", "hiking sole"]],
        "price": (70, 290),
        "nouns": ["Boots", "Chelsea Boots", "Hiking Boots", "Ankle Boots"],
    },
    "sandals": {
        "category": "footwear",
        "genders": ["men", "women", "unisex"],
        "materials": ["leather", "rubber", "cork"],
        "colors": ["brown", "black", "tan", "white"],
        "patterns": ["solid"],
        "features": [["adjustable strap"], []],
        "price": (15, 95),
        "nouns": ["Sandals", "Slides", "Flip-Flops"],
    },
    "watch": {
        "category": "accessories",
        "genders": ["men", "women", "unisex"],
        "materials": ["steel", "leather", "titanium", "silicone"],
        "colors": ["silver", "black", "gold", "brown"],
        "patterns": ["solid"],
        "features": [["water resistant"], ["sapphire glass"], []],
        "price": (60, 650),
        "nouns": ["Watch", "Field Watch", "Dress Watch", "Chronograph"],
    },
    "sunglasses": {
        "category": "accessories",
        "genders": ["unisex", "women", "men"],
        "materials": ["acetate", "metal"],
        "colors": ["black", "tortoise", "gold", "silver"],
        "patterns": ["solid"],
        "features": [["polarized"], ["uv400"], ["polarized", "uv400"]],
        "price": (15, 210),
        "nouns": ["Sunglasses", "Aviators", "Round Sunglasses", "Wayfarers"],
    },
    "scarf": {
        "category": "accessories",
        "genders": ["women", "unisex", "men"],
        "materials": ["wool", "silk", "cashmere", "cotton"],
        "colors": ["grey", "red", "navy", "cream", "green"],
        "patterns": ["solid", "checked", "floral"],
        "features": [[]],
        "price": (18, 180),
        "nouns": ["Scarf", "Wrap", "Square Scarf"],
    },
    "belt": {
        "category": "accessories",
        "genders": ["men", "women"],
        "materials": ["leather", "canvas", "vegan leather"],
        "colors": ["black", "brown", "tan"],
        "patterns": ["solid"],
        "features": [["reversible"], []],
        "price": (18, 95),
        "nouns": ["Belt", "Dress Belt", "Woven Belt"],
    },
    "hoodie": {
        "category": "clothing",
        "genders": ["men", "women", "unisex", "kids"],
        "materials": ["cotton", "fleece", "organic cotton"],
        "colors": ["grey", "black", "navy", "green", "pink"],
        "patterns": ["solid"],
        "features": [["zip"], ["pullover"]],
        "price": (25, 110),
        "nouns": ["Hoodie", "Zip Hoodie", "Pullover Hoodie"],
    },
}

BRANDS = ["Northway", "Kestrel & Co", "Lumen", "Halden", "Saltmarsh", "Orla", "Tidewater", "Brisk"]
GENDER_LABEL = {"women": "Women's", "men": "Men's", "unisex": "", "kids": "Kids'"}

# Hand-placed products: (product_type, gender, material, color, pattern, features, price,
# in_stock). They guarantee good answers, and wrong-but-tempting ones, for the queries.
# fmt: off
ANCHORS: list[tuple[str, str, str, str, str, list[str], float, bool]] = [
    ("wallet", "women", "leather", "tan", "solid", ["slim"], 34.0, True),
    ("wallet", "women", "leather", "red", "solid", ["coin pocket"], 42.0, True),
    ("wallet", "women", "leather", "black", "solid", ["rfid blocking"], 29.0, True),
    ("wallet", "women", "leather", "brown", "solid", [], 48.0, False),
    ("wallet", "women", "leather", "black", "solid", [], 95.0, True),
    ("wallet", "men", "leather", "brown", "solid", ["slim"], 31.0, True),
    ("wallet", "men", "leather", "black", "solid", ["slim", "rfid blocking"], 39.0, True),
    ("wallet", "men", "leather", "tan", "solid", ["slim"], 45.0, True),
    ("wallet", "unisex", "vegan leather", "black", "solid", ["slim"], 24.0, True),
    ("wallet", "women", "vegan leather", "navy", "solid", [], 27.0, True),
    ("wallet", "unisex", "canvas", "green", "solid", [], 19.0, True),
    ("shorts", "men", "linen", "green", "tropical", ["elastic waist"], 38.0, True),
    ("shorts", "women", "cotton", "coral", "tropical", ["elastic waist"], 32.0, True),
    ("shorts", "men", "cotton", "navy", "tropical", [], 29.0, True),
    ("shorts", "men", "linen", "green", "solid", [], 42.0, True),
    ("shorts", "men", "linen", "green", "solid", ["elastic waist"], 36.0, True),
    ("shorts", "men", "linen", "beige", "solid", [], 44.0, True),
    ("swim trunks", "men", "polyester", "orange", "tropical", ["quick dry"], 28.0, True),
    ("swim trunks", "men", "polyester", "navy", "tropical", ["mesh lining"], 34.0, True),
    ("swim trunks", "men", "polyester", "navy", "solid", ["quick dry"], 26.0, True),
    ("swim trunks", "men", "recycled polyester", "navy", "striped", ["quick dry"], 39.0, True),
    ("swim trunks", "men", "polyester", "green", "tropical", [], 24.0, True),
    ("swim trunks", "men", "recycled polyester", "blue", "tropical", ["quick dry"], 27.0, True),
    ("swim trunks", "men", "polyester", "black", "tropical", [], 21.0, False),
    ("swim trunks", "kids", "polyester", "green", "tropical", ["quick dry"], 19.0, True),
    ("swim trunks", "kids", "polyester", "blue", "tropical", [], 17.0, True),
    ("swim trunks", "kids", "recycled polyester", "orange", "tropical", ["quick dry"], 22.0, True),
    ("boots", "men", "leather", "brown", "solid", ["waterproof", "hiking sole"], 165.0, True),
    ("boots", "men", "leather", "black", "solid", ["waterproof", "hiking sole"], 189.0, True),
    ("boots", "men", "suede", "tan", "solid", ["waterproof", "hiking sole"], 149.0, True),
    ("boots", "men", "leather", "brown", "solid", ["waterproof", "hiking sole"], 245.0, True),
    ("boots", "women", "leather", "black", "solid", ["ankle height"], 158.0, True),
    ("boots", "women", "leather", "black", "solid", ["ankle height"], 119.0, True),
    ("boots", "women", "suede", "black", "solid", ["ankle height"], 134.0, True),
    ("boots", "women", "leather", "brown", "solid", ["waterproof"], 210.0, True),
    ("scarf", "women", "silk", "red", "floral", [], 68.0, True),
    ("scarf", "women", "silk", "navy", "solid", [], 74.0, True),
    ("scarf", "unisex", "silk", "cream", "checked", [], 59.0, True),
    ("scarf", "unisex", "wool", "grey", "checked", [], 39.0, True),
    ("scarf", "men", "wool", "navy", "solid", [], 45.0, True),
    ("scarf", "women", "wool", "red", "solid", [], 36.0, True),
    ("sunglasses", "unisex", "acetate", "black", "solid", ["uv400"], 19.0, True),
    ("sunglasses", "unisex", "metal", "gold", "solid", ["polarized", "uv400"], 35.0, True),
    ("sunglasses", "women", "acetate", "tortoise", "solid", ["polarized"], 29.0, True),
    ("sunglasses", "men", "metal", "silver", "solid", ["polarized"], 89.0, True),
    ("sunglasses", "unisex", "acetate", "black", "solid", ["polarized", "uv400"], 120.0, True),
    ("shirt", "men", "linen", "white", "solid", ["long sleeve"], 58.0, True),
    ("shirt", "men", "linen", "blue", "solid", ["long sleeve"], 64.0, True),
    ("shirt", "men", "linen", "pink", "striped", ["short sleeve"], 49.0, True),
    ("shirt", "men", "cotton", "green", "tropical", ["short sleeve"], 39.0, True),
    ("shirt", "men", "linen", "blue", "tropical", ["short sleeve"], 46.0, True),
    ("shirt", "women", "cotton", "pink", "tropical", ["short sleeve"], 42.0, True),
    ("shirt", "women", "cotton", "blue", "striped", ["long sleeve"], 44.0, True),
    ("shirt", "women", "cotton", "white", "striped", ["short sleeve"], 36.0, True),
    ("shirt", "women", "cotton", "pink", "striped", ["long sleeve"], 41.0, True),
    ("belt", "men", "leather", "black", "solid", [], 35.0, True),
    ("belt", "men", "leather", "black", "solid", ["reversible"], 48.0, True),
    ("belt", "men", "leather", "black", "solid", [], 62.0, True),
    ("belt", "women", "leather", "black", "solid", [], 33.0, True),
    ("sneakers", "unisex", "canvas", "white", "solid", ["lace-up"], 55.0, True),
    ("sneakers", "women", "canvas", "white", "solid", ["slip-on"], 48.0, True),
    ("sneakers", "men", "canvas", "white", "solid", ["lace-up"], 52.0, True),
    ("sneakers", "kids", "canvas", "red", "solid", ["lace-up"], 34.0, True),
    ("sneakers", "kids", "mesh", "navy", "solid", ["slip-on"], 39.0, True),
    ("sneakers", "kids", "canvas", "white", "solid", ["slip-on"], 31.0, True),
    ("running shoes", "women", "mesh", "pink", "solid", ["cushioned"], 95.0, True),
    ("running shoes", "women", "knit", "blue", "solid", ["cushioned", "reflective"], 110.0, True),
    ("running shoes", "women", "mesh", "grey", "solid", ["trail grip"], 85.0, True),
    ("running shoes", "men", "mesh", "black", "solid", ["cushioned"], 99.0, True),
    ("running shoes", "men", "knit", "orange", "solid", ["trail grip"], 125.0, True),
    ("running shoes", "men", "mesh", "blue", "solid", ["cushioned", "reflective"], 115.0, True),
    ("sweater", "women", "wool", "cream", "cable knit", ["crew neck"], 89.0, True),
    ("sweater", "women", "merino wool", "green", "solid", ["v neck"], 98.0, True),
    ("sweater", "women", "wool", "grey", "solid", ["turtleneck"], 79.0, True),
    ("sweater", "men", "cashmere", "navy", "solid", ["crew neck"], 189.0, True),
    ("sweater", "men", "cashmere", "grey", "solid", ["v neck"], 210.0, True),
    ("sweater", "men", "cashmere", "black", "solid", ["turtleneck"], 175.0, True),
    ("dress", "women", "cotton", "yellow", "floral", ["pockets"], 58.0, True),
    ("dress", "women", "linen", "blue", "floral", [], 72.0, True),
    ("dress", "women", "viscose", "red", "floral", ["pockets"], 49.0, True),
    ("dress", "women", "silk", "red", "solid", [], 145.0, True),
    ("dress", "women", "viscose", "red", "solid", [], 65.0, True),
    ("dress", "women", "cotton", "red", "striped", ["pockets"], 54.0, True),
    ("dress", "women", "silk", "black", "solid", [], 189.0, True),
    ("dress", "women", "silk", "green", "solid", [], 165.0, True),
    ("handbag", "women", "leather", "brown", "solid", ["crossbody strap"], 129.0, True),
    ("handbag", "women", "leather", "brown", "solid", ["zip top"], 165.0, True),
    ("handbag", "women", "leather", "brown", "solid", [], 98.0, True),
    ("handbag", "women", "canvas", "cream", "solid", [], 45.0, True),
    ("handbag", "unisex", "canvas", "cream", "solid", ["zip top"], 39.0, True),
    ("handbag", "unisex", "canvas", "black", "solid", [], 35.0, True),
    ("handbag", "unisex", "canvas", "tan", "solid", ["zip top"], 42.0, True),
    ("backpack", "unisex", "nylon", "black", "solid",
     ["laptop sleeve", "water resistant"], 89.0, True),
    ("backpack", "unisex", "recycled polyester", "grey", "solid", ["laptop sleeve"], 64.0, True),
    ("backpack", "unisex", "canvas", "green", "solid", ["laptop sleeve"], 58.0, True),
    ("backpack", "unisex", "nylon", "navy", "solid", [], 32.0, True),
    ("backpack", "unisex", "canvas", "tan", "solid", [], 42.0, True),
    ("backpack", "unisex", "nylon", "black", "solid", ["water resistant"], 45.0, True),
    ("jacket", "kids", "nylon", "yellow", "solid", ["waterproof", "hood"], 49.0, True),
    ("jacket", "kids", "nylon", "red", "solid", ["waterproof", "hood"], 55.0, True),
    ("jacket", "kids", "nylon", "green", "solid", ["waterproof", "hood"], 52.0, True),
    ("jacket", "men", "denim", "blue", "solid", [], 79.0, True),
    ("jacket", "women", "denim", "blue", "solid", [], 84.0, True),
    ("jacket", "unisex", "denim", "blue", "solid", [], 92.0, True),
    ("jacket", "women", "down", "black", "solid", ["hood"], 219.0, True),
    ("jacket", "women", "down", "green", "solid", ["hood"], 189.0, True),
    ("jacket", "women", "down", "cream", "solid", [], 175.0, True),
    ("jacket", "women", "nylon", "yellow", "solid", ["waterproof", "hood"], 110.0, True),
    ("jacket", "men", "nylon", "yellow", "solid", ["waterproof", "hood"], 115.0, True),
    ("sandals", "unisex", "rubber", "black", "solid", [], 18.0, True),
    ("sandals", "women", "cork", "tan", "solid", ["adjustable strap"], 36.0, True),
    ("sandals", "men", "rubber", "brown", "solid", [], 22.0, True),
    ("sandals", "men", "leather", "brown", "solid", ["adjustable strap"], 58.0, True),
    ("sandals", "men", "leather", "tan", "solid", [], 49.0, True),
    ("sandals", "men", "leather", "black", "solid", ["adjustable strap"], 64.0, True),
    ("watch", "men", "steel", "silver", "solid", ["sapphire glass"], 240.0, True),
    ("watch", "unisex", "steel", "silver", "solid", ["water resistant"], 129.0, True),
    ("watch", "men", "steel", "black", "solid", [], 175.0, True),
    ("watch", "men", "titanium", "silver", "solid", ["sapphire glass"], 520.0, True),
    ("watch", "unisex", "steel", "gold", "solid", ["sapphire glass"], 395.0, True),
    ("watch", "women", "steel", "gold", "solid", ["sapphire glass"], 450.0, True),
    ("swimsuit", "women", "nylon", "black", "solid", ["upf 50"], 68.0, True),
    ("swimsuit", "women", "recycled polyester", "blue", "floral", [], 59.0, True),
    ("swimsuit", "women", "nylon", "red", "solid", [], 74.0, True),
    ("hoodie", "unisex", "cotton", "grey", "solid", ["zip"], 55.0, True),
    ("hoodie", "men", "fleece", "grey", "solid", ["pullover"], 49.0, True),
    ("hoodie", "women", "organic cotton", "grey", "solid", ["pullover"], 62.0, True),
]
# fmt: on


def _title(ptype: str, gender: str, material: str, color: str, pattern: str, noun: str) -> str:
    words = [GENDER_LABEL[gender], color.title()]
    if pattern not in ("solid",):
        words.append(pattern.title())
    if material not in ("polyester", "nylon", "mesh", "acetate", "metal"):
        words.append(material.title())
    words.append(noun)
    return " ".join(w for w in words if w)


def _product(
    rng: random.Random,
    n: int,
    ptype: str,
    gender: str,
    material: str,
    color: str,
    pattern: str,
    features: list[str],
    price: float,
    in_stock: bool,
) -> dict[str, Any]:
    spec = TYPES[ptype]
    noun = rng.choice(spec["nouns"])
    if ptype == "jacket" and "waterproof" in features:
        noun = "Rain Jacket"
    elif ptype == "jacket" and material == "down":
        noun = "Puffer Jacket"
    elif ptype == "boots" and "hiking sole" in features:
        noun = "Hiking Boots"
    elif ptype == "boots" and "ankle height" in features:
        noun = rng.choice(["Ankle Boots", "Chelsea Boots"])
    return {
        "id": f"P{n:04d}",
        "title": _title(ptype, gender, material, color, pattern, noun),
        "product_type": ptype,
        "category": spec["category"],
        "gender": gender,
        "price": price,
        "material": material,
        "color": color,
        "pattern": pattern,
        "features": features,
        "in_stock": in_stock,
        "brand": rng.choice(BRANDS),
        "rating": round(rng.uniform(3.4, 4.9), 1),
    }


def build() -> list[dict[str, Any]]:
    """Every product, in id order."""
    rng = random.Random(SEED)
    rows: list[tuple[str, str, str, str, str, list[str], float, bool]] = list(ANCHORS)
    for ptype, spec in TYPES.items():
        low, high = spec["price"]
        for _ in range(PER_TYPE):
            price = (
                round(rng.uniform(low, high)) - 0.01
                if rng.random() < 0.5
                else float(round(rng.uniform(low, high)))
            )
            rows.append(
                (
                    ptype,
                    rng.choice(spec["genders"]),
                    rng.choice(spec["materials"]),
                    rng.choice(spec["colors"]),
                    rng.choice(spec["patterns"]),
                    list(rng.choice(spec["features"])),
                    round(price, 2),
                    rng.random() > 0.18,
                )
            )
    rng.shuffle(rows)
    return [_product(rng, i, *row) for i, row in enumerate(rows, start=1)]


def main() -> None:
    products = build()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for product in products:
            f.write(json.dumps(product, ensure_ascii=False) + "\n")
    print(f"wrote {len(products)} products to {OUT}")


if __name__ == "__main__":
    main()
