"""Amounts written with a currency code or word: "AED 1,240", "2,450 baht", "1 068 zł".

The rules know an amount by its sign (``$42``, ``£30``; `plain_marks` writes other signs as
``$``). Replies name the currency in letters just as often, before the number or after it;
`merge_money` makes such a pair one token, ``$1,240``, spanning both, so every rule that
reads an amount reads these too. A number with a unit that is no money ("50 pounds" of
luggage, "3 won") is left alone: the words here are currencies and nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["CURRENCY_WORDS", "merge_money"]

CURRENCY_WORDS = frozenset(
    {"usd", "eur", "gbp", "aud", "cad", "nzd", "aed", "sar", "qar", "kwd", "bhd", "omr", "inr",
     "pkr", "lkr", "bdt", "npr", "php", "idr", "myr", "sgd", "hkd", "twd", "jpy", "cny",
     "rmb", "krw", "thb", "vnd", "pln", "czk", "huf", "sek", "nok", "dkk", "isk", "chf",
     "zar", "ngn", "kes", "ghs", "egp", "mad", "brl", "mxn", "ars", "clp", "cop", "pen",
     "ils", "uah", "rs", "zł", "zl", "kč", "kr", "lei", "baht", "rupees", "rupee", "euros",
     "euro", "dollars", "dollar", "yen", "yuan", "pesos", "peso", "rand", "dirhams",
     "dirham", "riyals", "riyal", "naira", "shillings", "francs", "zloty", "zlotys",
     "złoty", "złotys", "kronor", "kroner", "krona", "krone", "ringgit", "rupiah", "lira",
     "reais", "quid", "bucks", "$", "£", "€", "¥"}
)  # fmt: skip
"""Currency codes and names, lower case, and the signs written apart from their number ("45
€", "15$"); not "pounds" (also a weight), "won" nor "try" (also verbs), nor "real" or
"ron"."""

_SIGNS = frozenset({"$", "£", "€", "¥"})

_DOTTED = frozenset({"rs", "kr", "kč"})
"""Codes written with a full stop before the number: "Rs. 500", "kr. 70"."""


def _number(word: str) -> bool:
    return word[:1].isdigit() and word.replace(",", "").replace(".", "").isdigit()


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
