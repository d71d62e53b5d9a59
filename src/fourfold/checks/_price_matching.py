"""What a price match needs authority for: the verb "match" with a price or a discount.

Matching is a price change when what is matched is a price or a reduction of one: "we'll
match the lower rate you found", "we'll match their 30% self-pay discount", "we can match
the competitor's quote". Other things matched need none ("we'll match your details", "the
colour will match").
"""

from __future__ import annotations

__all__ = ["MATCHED"]

MATCHED = frozenset(
    {"price", "prices", "price-match", "rate", "rates", "fare", "fares", "quote", "quotes",
     "discount", "discounts"}
)  # fmt: skip
"""What matching needs authority for: "we'll match the lower rate", "match their discount"."""
