"""Character-level perturbations of a user's text: typos, casing, whitespace.

Each function is pure: the same text, protected spans and `random.Random` state give the
same result. None touches a protected span (`fourfold.perturb._protect`). Each returns
the new text and a JSON-able record of what it did, which the variant keeps in
``metadata.perturbation``.
"""

from __future__ import annotations

import random
import re
from typing import Any

from ._protect import Span, is_protected

__all__ = ["CASE_MODES", "change_case", "change_whitespace", "typos"]

# Neighbouring keys on a QWERTY keyboard: a slip of the finger, not a random letter.
_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_NEIGHBOURS: dict[str, str] = {}
for _r, _row in enumerate(_ROWS):
    for _c, _ch in enumerate(_row):
        near = [_row[i] for i in (_c - 1, _c + 1) if 0 <= i < len(_row)]
        for _other in (_r - 1, _r + 1):
            if 0 <= _other < len(_ROWS):
                near += [
                    _ROWS[_other][i] for i in (_c - 1, _c, _c + 1) if 0 <= i < len(_ROWS[_other])
                ]
        _NEIGHBOURS[_ch] = "".join(near)

TYPO_OPS = ("swap", "drop", "insert", "replace")
"""Swap a letter with the next one, drop it, insert a neighbouring key after it, or type a
neighbouring key instead of it."""

CASE_MODES = ("lower", "upper", "sentence", "random")
"""all lowercase, ALL UPPERCASE, only the first letter capital, each word's case at random."""

_GAPS = ("  ", "   ", "\t", "\n", " \n ")


def typos(
    text: str, spans: list[Span], rng: random.Random, *, rate: float
) -> tuple[str, dict[str, Any]]:
    """Typos on a share `rate` of the letters outside protected spans (at least one).

    Positions are drawn without replacement; each gets one of `TYPO_OPS`. Two edits never
    touch neighbouring letters (a swap moves the next one too).

    Examples:
        >>> text, done = typos("Where is my parcel?", [], random.Random(1), rate=0.1)
        >>> text != "Where is my parcel?", done["edits"] >= 1
        (True, True)
    """
    letters = [i for i, ch in enumerate(text) if ch.isalpha() and not is_protected(i, spans)]
    if not letters:
        return text, {"edits": 0}
    k = max(1, round(rate * len(letters)))
    chosen = sorted(rng.sample(letters, min(k, len(letters))), reverse=True)
    eligible = set(letters)
    chars = list(text)
    ops: list[str] = []
    last: int | None = None
    for i in chosen:  # right to left, so earlier indices stay valid
        if last is not None and last - i < 2:
            continue
        op = rng.choice(TYPO_OPS)
        if op == "swap" and not (i + 1 in eligible and chars[i + 1] != chars[i]):
            op = "replace"
        ch = chars[i]
        near = _NEIGHBOURS.get(ch.lower())
        if op in ("insert", "replace") and not near:
            op = "drop"
        if op == "swap":
            chars[i], chars[i + 1] = chars[i + 1], chars[i]
        elif op == "drop":
            del chars[i]
        else:
            assert near is not None
            key = rng.choice(near)
            key = key.upper() if ch.isupper() else key
            if op == "insert":
                chars.insert(i + 1, key)
            else:
                chars[i] = key
        ops.append(op)
        last = i
    return "".join(chars), {"edits": len(ops), "ops": sorted(ops)}


def change_case(text: str, spans: list[Span], rng: random.Random, *, mode: str) -> str:
    """`text` in another casing (one of `CASE_MODES`), protected spans as they were.

    Examples:
        >>> change_case("Refund order O-5003 please", [(13, 19)], random.Random(0), mode="upper")
        'REFUND ORDER O-5003 PLEASE'
        >>> change_case("Refund Order o-5003", [(13, 19)], random.Random(0), mode="lower")
        'refund order o-5003'
        >>> change_case("WHERE is it", [], random.Random(0), mode="sentence")
        'Where is it'
    """
    chars = list(text)
    free = {i for i in range(len(chars)) if not is_protected(i, spans)}
    if mode == "random":
        for word in re.finditer(r"\S+", text):
            how = rng.choice(("lower", "upper", "capitalize", "keep"))
            for n, i in enumerate(j for j in range(*word.span()) if j in free):
                if how == "lower" or (how == "capitalize" and n > 0):
                    chars[i] = chars[i].lower()
                elif how == "upper" or how == "capitalize":
                    chars[i] = chars[i].upper()
        return "".join(chars)
    for i in sorted(free):
        chars[i] = chars[i].upper() if mode == "upper" else chars[i].lower()
    if mode == "sentence":
        first = next((i for i, ch in enumerate(chars) if ch.isalpha()), None)
        if first is not None and first in free:
            chars[first] = chars[first].upper()
    return "".join(chars)


def change_whitespace(
    text: str, spans: list[Span], rng: random.Random
) -> tuple[str, dict[str, Any]]:
    """`text` with other whitespace: doubled spaces, tabs, line breaks, padding at the ends.

    Each gap between words outside protected spans is changed with probability 1/2, to
    one of a few gaps a person or a copy-paste produces; the ends are padded with
    probability 1/2. At least one change is made.

    Examples:
        >>> out, done = change_whitespace("where is my order", [], random.Random(3))
        >>> out.split() == ["where", "is", "my", "order"], out != "where is my order"
        (True, True)
    """
    chars = list(text)
    gaps = [i for i, ch in enumerate(text) if ch == " " and not is_protected(i, spans)]
    changed = 0
    for i in reversed(gaps):
        if rng.random() < 0.5:
            chars[i] = rng.choice(_GAPS)
            changed += 1
    lead, trail = rng.random() < 0.5, rng.random() < 0.5
    if not changed and not lead and not trail:
        if gaps:
            chars[gaps[0]] = "  "
            changed = 1
        else:
            trail = True
    out = ("  " if lead else "") + "".join(chars) + ("\n" if trail else "")
    return out, {"gaps": changed, "padded": lead or trail}
