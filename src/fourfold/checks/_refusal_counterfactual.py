"""An inability in a case that is not so: "we wouldn't accept it if the tags had gone".

"We wouldn't be able to accept the jacket back if the tags had been removed, but they're
still on": "would" or "could", the verb, then "if" with a past perfect or "were". The
refusal rules (`_refusals`) set it aside as "conditional"; "even if" declines whatever the
case. Reads at most a dozen words after the verb, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_reasons import Reasons

__all__ = ["counterfactual"]


def counterfactual(r: Reasons, v: int) -> bool:
    """After the verb at `v`, "if" and a past perfect or "were": a case that is not so."""
    rest = r.w[v + 1 : min(r.n, v + 12)]
    if "if" not in rest:
        return False
    k = rest.index("if")
    return rest[k - 1 : k] != ["even"] and not {"had", "were"}.isdisjoint(rest[k + 1 : k + 6])
