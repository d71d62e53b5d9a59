"""What well-known models cost, for the cost of every call.

Prices change: a model config's ``prices`` overrides this table, and a model not in it
has no cost (None), never a guessed one.
"""

from __future__ import annotations

import re

from ._config import Prices

__all__ = ["PRICES", "cost_usd", "price_of"]

# USD per million tokens (input, output), from the providers' public price pages as of
# November 2025. Standard tier, no batch or cached-input discounts.
PRICES: dict[str, tuple[float, float]] = {
    # OpenAI
    "gpt-5": (1.25, 10.00),
    "gpt-5-mini": (0.25, 2.00),
    "gpt-5-nano": (0.05, 0.40),
    "gpt-4.1": (2.00, 8.00),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1-nano": (0.10, 0.40),
    "gpt-4o": (2.50, 10.00),
    "gpt-4o-mini": (0.15, 0.60),
    "o3": (2.00, 8.00),
    "o4-mini": (1.10, 4.40),
    "o3-mini": (1.10, 4.40),
    # Anthropic
    "claude-opus-4-5": (5.00, 25.00),
    "claude-opus-4-1": (15.00, 75.00),
    "claude-opus-4": (15.00, 75.00),
    "claude-sonnet-4-5": (3.00, 15.00),
    "claude-sonnet-4": (3.00, 15.00),
    "claude-3-7-sonnet": (3.00, 15.00),
    "claude-haiku-4-5": (1.00, 5.00),
    "claude-3-5-haiku": (0.80, 4.00),
}

# Dated snapshots cost what their family costs: gpt-4o-2024-08-06, claude-sonnet-4-5-20250929.
_SNAPSHOT = re.compile(r"-(\d{4}-\d{2}-\d{2}|\d{8}|latest)$")


def price_of(name: str) -> Prices | None:
    """The built-in price of model `name` (without its provider prefix), if it is known.

    Examples:
        >>> price_of("claude-sonnet-4-5-20250929")
        Prices(input_per_mtok=3.0, output_per_mtok=15.0)
        >>> price_of("llama3.1") is None
        True
    """
    found = PRICES.get(name) or PRICES.get(_SNAPSHOT.sub("", name))
    if found is None:
        return None
    return Prices(input_per_mtok=found[0], output_per_mtok=found[1])


def cost_usd(prices: Prices | None, input_tokens: int, output_tokens: int) -> float | None:
    """The cost of a call in USD (None without a price)."""
    if prices is None:
        return None
    return (input_tokens * prices.input_per_mtok + output_tokens * prices.output_per_mtok) / 1e6
