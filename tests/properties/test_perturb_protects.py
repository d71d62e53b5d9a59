"""No text perturbation changes what the case depends on, and each is a function of its seed.

Properties, over texts mixing words, ids, amounts, e-mails and URLs with any spacing and
punctuation: typos, case and whitespace keep every protected value (ids, numbers, e-mails,
URLs, the ground truth's strings) exactly; whitespace and case keep the words; the same
seed gives the same variant.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fourfold.cases import Case
from fourfold.perturb import perturb_case, protected_spans, protected_terms

WORDS = st.sampled_from(["where", "is", "my", "Parcel", "refund", "the", "Kettle", "ok"])
VALUES = st.sampled_from(
    ["O-5003", "$39.90", "2025-06-16", "§2.5", "jane@example.com", "https://x.io/r?id=7", "AC-1"]
)
SEPARATORS = st.sampled_from([" ", " ", ", ", ". ", "? ", "\n", "  "])
TEXTS = st.lists(st.tuples(WORDS | VALUES, SEPARATORS), min_size=1, max_size=14).map(
    lambda parts: "".join(w + s for w, s in parts).strip() or "ok"
)


@given(TEXTS, st.sampled_from(["typos", "case", "whitespace"]), st.integers(0, 50))
def test_protected_values_survive_every_text_perturbation(text: str, kind: str, seed: int) -> None:
    case = Case(id="c", input=text, ground_truth={"action": "refund"})
    kept = [text[a:b] for a, b in protected_spans(text, protected_terms(case))]
    variant = perturb_case(case, kind, 1, seed=seed, rate=0.3)
    assert variant is not None
    out = str(variant.input)
    for value in kept:
        assert out.count(value) >= text.count(value), (kind, value, text, out)
    if kind == "case":
        assert out.lower() == text.lower()
    if kind == "whitespace":
        assert out.split() == text.split()
    assert perturb_case(case, kind, 1, seed=seed, rate=0.3) == variant
