"""Serve a GGUF model on loopback as an OpenAI-compatible endpoint, with xllamacpp.

Run by `local_model.serve` inside ``.venv-local`` (the only environment with xllamacpp;
fourfold never depends on it), so this file imports nothing but xllamacpp and the
standard library. It prints the server's base address (``http://127.0.0.1:<port>``) as its
first line on stdout once the model is loaded, and stops when its stdin closes: the
parent holds the pipe, so the server never outlives the measurement, even when the
parent is killed.

    .venv-local/bin/python validation/local_server.py --model M.gguf --threads 2 --ctx 4096
"""

from __future__ import annotations

import argparse
import sys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", required=True, help="the GGUF file")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--ctx", type=int, default=4096, help="context window, in tokens")
    parser.add_argument("--port", type=int, default=0, help="0: a free port")
    args = parser.parse_args()

    import xllamacpp  # only in .venv-local

    params = xllamacpp.CommonParams()
    params.model.path = args.model
    params.n_ctx = args.ctx
    params.n_parallel = 1  # one slot: calls queue, so each one's latency is its own
    params.cpuparams.n_threads = args.threads
    params.cpuparams_batch.n_threads = args.threads
    params.hostnames = ["127.0.0.1"]  # loopback only
    params.port = args.port
    server = xllamacpp.Server(params)
    print(server.listening_address, flush=True)
    sys.stdin.read()  # returns when the parent closes the pipe (or dies)


if __name__ == "__main__":
    main()
