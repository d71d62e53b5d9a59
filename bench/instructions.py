"""Work for counting instructions: the deterministic checks over the benchmark's traces.

On a shared machine the timings of `bench_checks.py` move by half from one run to the
next. The instructions a piece of work executes do not: count them with valgrind, once
with one pass and once with three, and the difference over two passes is one pass::

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        .venv/bin/python bench/instructions.py suite --passes 1
    # ... and --passes 3; (I refs with 3 - I refs with 1) / 2 / 100 = instructions a trace

``suite`` runs the 12-check suite (each check's `Check.run`, without `check_trace`'s
dispatch); a check's name runs that check alone; ``promises`` runs `find_promises` on the
answers. valgrind makes Python about 50 times slower: 100 traces take a minute or two.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

import _synth

from fourfold import CheckContext
from fourfold.checks import create_check
from fourfold.checks._promises import find_promises
from fourfold.checks._reading import _split


def work(what: str, n_traces: int) -> Callable[[], object]:
    """One pass of `what` over `n_traces` of the benchmark's traces."""
    cases = _synth.cases()
    resources = _synth.resources()
    pairs = [(cases[t.metadata["case_no"]], t) for t in _synth.traces(n_traces)]
    if what == "promises":
        texts = [t.text for _, t in pairs]
        return lambda: [find_promises(text) for text in texts]
    specs = dict(_synth.SUITE + _synth.OTHERS)
    chosen = _synth.SUITE if what == "suite" else [(what, specs[what])]
    checks = [create_check(name, args) for name, args in chosen]
    ctxs = [CheckContext(case=c, trace=t, resources=resources) for c, t in pairs]
    return lambda: [chk.run(ctx) for ctx in ctxs for chk in checks]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", help="suite, promises, or a check's name (no_pii...)")
    parser.add_argument("--passes", type=int, default=1, help="passes after the warm-up")
    parser.add_argument("--traces", type=int, default=100)
    args = parser.parse_args()
    one_pass = work(args.what, args.traces)
    one_pass()  # the warm-up: caches filled the same way whatever --passes says
    for _ in range(args.passes):
        _split.cache_clear()  # no text is read twice, as in a run
        one_pass()


if __name__ == "__main__":
    main()
