"""A bundled example copied into a test's folder, its judge pointed at a local server."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

__all__ = ["example_with_local_judge"]


def example_with_local_judge(example: Path, suite_file: str, folder: Path, url: str) -> Path:
    """Copy `example` to `folder`; its suite's one model, ``judge``, now calls `url`.

    Returns:
        The copied suite file.
    """
    shutil.copytree(example, folder)
    suite = folder / suite_file
    config = yaml.safe_load(suite.read_text(encoding="utf-8"))
    assert set(config["models"]) == {"judge"}
    config["models"]["judge"] = {
        "model": "openai-compatible/judge",
        "base_url": url,
        "api_key_env": "",
        "max_retries": 1,
    }
    suite.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return suite
