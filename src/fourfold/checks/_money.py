"""Amounts written with a currency code or word: "AED 1,240", "2,450 baht", "1 068 zł".

The rules know an amount by its sign (``$42``, ``£30``; `plain_marks` writes other signs as
``$``). Replies name the currency in letters just as often, before the number or after it;
`merge_money` makes such a pair one token, ``$1,240``, spanning both, so every rule that
reads an amount reads these too. A number with a unit that is no money ("50 pounds" of
luggage, "3 won") is left alone: the words here are currencies and nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = [
    "CARD_NETWORKS",
    "CURRENCY_WORDS",
    "PREFIXED",
    "RAND",
    "is_payment_method",
    "merge_money",
    "merge_prefixed",
    "merge_rand",
    "said_price",
    "spelled_sum",
]

CURRENCY_WORDS = frozenset(
    {"usd", "eur", "gbp", "aud", "cad", "nzd", "aed", "sar", "qar", "kwd", "bhd", "omr", "inr",
     "pkr", "lkr", "bdt", "npr", "php", "idr", "myr", "sgd", "hkd", "twd", "jpy", "cny",
     "rmb", "krw", "thb", "vnd", "pln", "czk", "huf", "sek", "nok", "dkk", "isk", "chf",
     "zar", "ngn", "kes", "ghs", "egp", "mad", "brl", "mxn", "ars", "clp", "cop", "pen",
     "ils", "uah", "ksh", "tsh", "ush", "gh", "rs", "zł", "zl", "kč", "kr", "lei", "baht",
     "rupees", "rupee", "euros",
     "euro", "dollars", "dollar", "yen", "yuan", "pesos", "peso", "rand", "dirhams",
     "dirham", "riyals", "riyal", "naira", "shillings", "francs", "zloty", "zlotys",
     "złoty", "złotys", "kronor", "kroner", "krona", "krone", "ringgit", "rupiah", "lira",
     "reais", "quid", "bucks", "$", "£", "€", "¥"}
)  # fmt: skip
"""Currency codes and names, lower case, and the signs written apart from their number ("45
€", "15$"); "gh" of the cedi's "GH₵ 120" (`plain_marks` writes its sign as ``$``); not
"pounds" (also a weight), "won" nor "try" (also verbs), nor "real" or "ron"."""

_SIGNS = frozenset({"$", "£", "€", "¥"})

_BEFORE_SIGN = frozenset({"gh"})
"""Letters written before a currency sign, the sign apart from the number or not: "GH₵ 120",
"GH₵120"."""

RAND = re.compile(r"(?<![\w$])R ?\d")
"""A rand amount as it is written in South Africa: a capital R, then the number ("R150",
"R 1,200"); no other sign or code. `merge_rand` reads it where this finds one."""

PREFIXED = re.compile(r"(?<![\w$])(?:US|A|AU|C|CA|NZ|HK|S|SG|NT|MX|R)\$\d")
"""A dollar written with its country's capitals joined to the sign: "US$318", "NZ$40", "HK$90".

The tokenizer splits the capitals off as a word of their own, and "US" lower-cased is the
pronoun "us" ("the fare of us $318 refunded" reads as no noun phrase); `merge_prefixed`
makes the pair one amount where this finds one."""

_PREFIXES = frozenset({"us", "a", "au", "c", "ca", "nz", "hk", "s", "sg", "nt", "mx", "r"})


def merge_prefixed(
    words: Sequence[str], capital: Sequence[bool], spans: Sequence[tuple[int, int]]
) -> list[tuple[int, int, str]]:
    """Runs of tokens ``[a, b)`` that are a dollar amount with its country's capitals.

    The capitals (`_PREFIXES`, written with a capital) and, with no space between, the sign
    and the number: "US$318" is ``$318``, as "$318" is. One pass over the words.
    """
    runs: list[tuple[int, int, str]] = []
    for i in range(len(words) - 1):
        nxt = words[i + 1]
        if words[i] not in _PREFIXES or not capital[i] or nxt[:1] != "$":
            continue
        if _number(nxt[1:]) and spans[i + 1][0] == spans[i][1]:
            runs.append((i, i + 2, nxt))
    return runs


_DOTTED = frozenset({"rs", "kr", "kč", "ksh"})
"""Codes written with a full stop before the number: "Rs. 500", "kr. 70", "Ksh. 500"."""


def _number(word: str) -> bool:
    return word[:1].isdigit() and word.replace(",", "").replace(".", "").isdigit()


_NUMBER_WORDS = frozenset(
    {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
     "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
     "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
     "ninety", "hundred", "thousand", "grand"}
)  # fmt: skip
_MONEY_NAMES = frozenset({"pounds", "pound", "dollars", "euros", "quid", "bucks"})
"""Names of money that `merge_money` leaves apart: "pounds" (also a weight), and any after a
number spelled out ("two hundred dollars")."""


def spelled_sum(words: frozenset[str]) -> bool:
    """An object's words are a sum not written as one amount: "two hundred pounds", "200 pounds".

    A number (in figures or words) and a name of money, both; read only where what the words
    are is already money by its place ("you'll receive two hundred pounds in compensation").
    """
    if _MONEY_NAMES.isdisjoint(words):
        return False
    return any(w in _NUMBER_WORDS or _number(w) for w in words)


def said_price(words: frozenset[str]) -> bool:
    """An object's words are a price said as a speaker says it: "the fourteen ninety-five".

    Round 271's spoken turns: two numbers in words or more (a hyphen's parts counted apart:
    "two-forty", "nine ninety-nine") and nothing else but a determiner and "back"; read only
    where what comes back is already money by its verb ("you'll get the fourteen ninety-five
    back"). Not "the two of them", "the two boxes": a noun, no price.
    """
    parts = [p for w in words - _SAID_WITH_PRICE for p in w.split("-")]
    return len(parts) >= 2 and all(p in _NUMBER_WORDS for p in parts)


_SAID_WITH_PRICE = frozenset({"the", "that", "your", "those", "back", "full", "whole"})


def merge_money(words: Sequence[str]) -> list[tuple[int, int, str]]:
    """Runs of tokens ``[a, b)`` that are one amount, each with the word that stands for it.

    A currency word before a number ("AED 1,240", "Rs. 500") or after one ("2,450 baht",
    "400 euros", "45 €"); a number whose thousands are set apart by a space ("1 068 zł") is read
    whole. Runs do not overlap; one pass over the words.
    """
    runs: list[tuple[int, int, str]] = []
    taken = 0  # tokens before this index belong to a run already
    n = len(words)
    for i, w in enumerate(words):
        if w not in CURRENCY_WORDS or i < taken:
            continue
        j = i + 1
        if w in _BEFORE_SIGN:
            if j < n and words[j][:1] == "$" and _number(words[j][1:]):
                runs.append((i, j + 1, words[j]))  # "GH₵120"
                taken = j + 1
            elif j + 1 < n and words[j] == "$" and _number(words[j + 1]):
                runs.append((i, j + 2, "$" + words[j + 1]))  # "GH₵ 120"
                taken = j + 2
            continue
        if j < n and words[j] == "." and w in _DOTTED:
            j += 1
        unit = w if w in _SIGNS else "$"
        if j < n and _number(words[j]):
            runs.append((i, j + 1, unit + words[j]))
            taken = j + 1
            continue
        a = i - 1
        if a < taken or not _number(words[a]):
            continue
        digits = words[a]
        if a - 1 >= taken and len(digits) == 3 and digits.isdigit():
            head = words[a - 1]
            if head.isdigit() and len(head) <= 3:
                a -= 1  # "1 068 zł"
                digits = f"{head},{digits}"
        runs.append((a, i + 1, unit + digits))
        taken = i + 1
    return runs


def merge_rand(
    words: Sequence[str], capital: Sequence[bool], spans: Sequence[tuple[int, int]]
) -> list[tuple[int, int, str]]:
    """Runs of tokens ``[a, b)`` that are a rand amount, as `merge_money` finds others.

    A capital R and the number, apart or not ("R150", "R 150"); the tokenizer ends a word
    at a comma, so "R1,200.00" is read on from "r1" while a comma or a full stop and more
    digits follow with no space between, and "R2 340" takes a group of three digits one
    space after. `capital` says which words were written with a capital ("r 150" is no
    amount), `spans` where each token stands in the text.
    """
    runs: list[tuple[int, int, str]] = []
    n, taken = len(words), 0
    for i, w in enumerate(words):
        if i < taken or w[:1] != "r" or not capital[i]:
            continue
        if len(w) > 1 and w[1:].isdigit():
            digits, b = w[1:], i + 1
        elif w == "r" and i + 1 < n and _number(words[i + 1]):
            digits, b = words[i + 1], i + 2
        else:
            continue
        while b + 1 < n and words[b] in {",", "."} and _number(words[b + 1]):
            if spans[b][0] != spans[b - 1][1] or spans[b + 1][0] != spans[b][1]:
                break
            digits, b = digits + words[b] + words[b + 1], b + 2
        while b < n and len(words[b]) == 3 and words[b].isdigit() and len(digits) <= 3:
            if spans[b][0] != spans[b - 1][1] + 1:
                break
            digits, b = f"{digits},{words[b]}", b + 1  # "R2 340"
        runs.append((i, b, "$" + digits))
        taken = b
    return runs


_PAYMENT_METHOD = re.compile(r"(?:gift_card|credit_card|debit_card|paypal|bank_account)_\w+")


def is_payment_method(word: str) -> bool:
    """`word` is a payment method's id as tool-using agents write it (the customer's own).

    "gift_card_5540121", "credit_card_7703145", "paypal_2142" stand as "your card" does.
    """
    return _PAYMENT_METHOD.fullmatch(word) is not None


CARD_NETWORKS = frozenset({"visa", "mastercard", "amex", "maestro", "discover", "paypal"})
"""A card's network, naming the customer's own card as an action log does ("refunded to Visa
ending 8812"), as "your card" does."""
