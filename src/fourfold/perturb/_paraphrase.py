"""Paraphrases of a case's last user turn by a model, that keep what the case depends on.

One call per variant (``n`` per case), through `fourfold.models.Model` (its limits,
retries, cost and output cap). Each request carries the variant's seed and a cache salt,
so ``n`` variants are ``n`` calls and asking again with the same seed is served from the
cache. The reply is the paraphrase as plain text (small local models keep to that better
than to a JSON schema); one pair of surrounding quotes is taken off.

A paraphrase is **rejected** — reported as a `PerturbFailure`, never written — when the
call fails, the reply is empty, it equals the original, it is over three times the
original's length (a model that answered instead of rewriting), or it lost a protected
value (an id, number, e-mail, URL or expected value the text held:
`fourfold.perturb._protect`). A paraphrase that changed an order id asks another question.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cases import Case
from ..errors import ProviderError
from ..trace import Message
from ._perturb import PerturbFailure, variant_id, variant_of
from ._protect import protected_spans, protected_terms

if TYPE_CHECKING:
    from ..models import Model

__all__ = ["PARAPHRASE_PROMPT", "paraphrase_cases_async"]

PARAPHRASE_PROMPT = (
    "You rewrite a customer's message so that it says exactly the same thing in other "
    "words, the way another person might write it. Keep the meaning, the request and every "
    "detail. Copy these exactly as they are written: {keep}. Do not answer the message, do "
    "not add anything, do not explain. Reply with the rewritten message only."
)
"""The system prompt; ``{keep}`` lists the protected values the text holds."""

PARAPHRASE_TEMPERATURE = 0.7
"""Variants of one case must differ: a temperature of 0 would give the same text n times."""


async def paraphrase_cases_async(
    cases: Sequence[Case], model: Model, *, n: int, seed: int, use_cache: bool = True
) -> tuple[dict[str, list[Case]], list[PerturbFailure]]:
    """`n` paraphrased variants of each case (variants among `cases` left out).

    Calls run concurrently up to the model's own concurrency limit.

    Returns:
        The variants per original id (in index order; a failed one is missing), and the
        failures.
    """

    async def one(case: Case, index: int) -> Case | PerturbFailure:
        try:
            return await _paraphrase(case, index, model, seed=seed, use_cache=use_cache)
        except ProviderError as exc:
            return PerturbFailure(
                case_id=case.id, kind="paraphrase", index=index, reason=f"the call failed: {exc}"
            )

    originals = [c for c in cases if variant_of(c) is None]
    jobs = [(case, index) for case in originals for index in range(1, n + 1)]
    done = await asyncio.gather(*(one(case, index) for case, index in jobs))
    variants: dict[str, list[Case]] = {c.id: [] for c in originals}
    failures: list[PerturbFailure] = []
    for (case, _), outcome in zip(jobs, done, strict=True):
        if isinstance(outcome, PerturbFailure):
            failures.append(outcome)
        else:
            variants[case.id].append(outcome)
    return variants, failures


async def _paraphrase(
    case: Case, index: int, model: Model, *, seed: int, use_cache: bool
) -> Case | PerturbFailure:
    from ..models import ChatMessage, ModelRequest

    text = case.user_text

    def fail(why: str) -> PerturbFailure:
        return PerturbFailure(case_id=case.id, kind="paraphrase", index=index, reason=why)

    if not text.strip():
        return fail("the case has no user text to paraphrase")
    keep = [text[a:b] for a, b in protected_spans(text, protected_terms(case))]
    keep_words = ", ".join(repr(k) for k in dict.fromkeys(keep)) if keep else "nothing special"
    request = ModelRequest(
        messages=[
            ChatMessage(role="system", content=PARAPHRASE_PROMPT.format(keep=keep_words)),
            ChatMessage(role="user", content=text),
        ],
        temperature=PARAPHRASE_TEMPERATURE,
        seed=seed + index,
        cache_salt=f"paraphrase:{seed}:{index}",
    )
    response = await model.generate(request, use_cache=use_cache)
    reply = _unquote((response.text or "").strip())
    if not reply:
        return fail("the model replied with nothing")
    if reply == text.strip():
        return fail("the model gave the message back unchanged")
    if len(reply) > 3 * len(text) + 40:
        return fail(f"the reply is {len(reply)} characters for a {len(text)}-character message")
    lost = [k for k in dict.fromkeys(keep) if k.lower() not in reply.lower()]
    if lost:
        return fail(f"the paraphrase lost {', '.join(repr(k) for k in lost)}")
    link = {
        "kind": "paraphrase",
        "original": case.id,
        "seed": seed,
        "index": index,
        "model": model.name,
    }
    new_input: str | list[Message] = reply
    if not isinstance(case.input, str):
        last = max(i for i, m in enumerate(case.input) if m.role == "user")
        new_input = list(case.input)
        new_input[last] = new_input[last].model_copy(update={"content": reply})
    return case.model_copy(
        update={
            "id": variant_id(case.id, "paraphrase", index),
            "input": new_input,
            "metadata": {**case.metadata, "perturbation": link},
        }
    )


def _unquote(text: str) -> str:
    for quote in ('"', "'", "“"):
        close = "”" if quote == "“" else quote
        if len(text) >= 2 and text.startswith(quote) and text.endswith(close):
            return text[1:-1].strip()
    return text
