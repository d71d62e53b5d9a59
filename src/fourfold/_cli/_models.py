"""Which model a command that calls one uses: ``--model provider/name`` or a suite's model.

`fourfold generate`, `perturb`, `notes propose` and `improve` take the same options
(``--model``, ``--base-url``, ``--suite``, ``--model-name``) and mean the same by them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import ConfigError

if TYPE_CHECKING:
    from ..models import ModelConfig

__all__ = ["chosen_model", "suite_model"]


def chosen_model(
    model_name: str | None,
    suite_file: Path | None,
    model_in_suite: str | None,
    base_url: str | None,
) -> ModelConfig | None:
    """The model of ``--model``/``--base-url``, or the suite's named (or only) model.

    Raises:
        ConfigError: the options contradict each other, or name no model the suite has.
    """
    from pydantic import ValidationError

    from ..models import ModelConfig

    if suite_file is None:
        if model_in_suite is not None:
            raise ConfigError("--model-name names a model of a suite: give --suite too")
        if model_name is None:
            return None
        if "/" not in model_name:
            raise ConfigError(
                f"--model {model_name!r} is not provider/name",
                hint="write e.g. openai/gpt-4.1-mini, or give --suite to use a suite's model",
            )
        try:
            return ModelConfig(model=model_name, base_url=base_url)
        except ValidationError as exc:
            raise ConfigError(f"--model: {exc.errors()[0]['msg']}") from exc
    if base_url is not None:
        raise ConfigError(
            "--base-url goes with --model provider/name; a suite's model sets its own base_url"
        )
    if model_name is not None and model_in_suite is not None and model_name != model_in_suite:
        raise ConfigError("give --model NAME or --model-name NAME, not two different names")
    return suite_model(suite_file, model_in_suite or model_name)


def suite_model(path: Path, name: str | None) -> ModelConfig:
    """The model `name` of the suite at `path` (its only one when `name` is None)."""
    from pydantic import ValidationError

    from .._encoding import kind_of
    from .._yaml import read_yaml
    from ..models import ModelConfig

    if kind_of(path) != "file":
        raise ConfigError(f"suite file not found: {path}", file=path)
    data, lines = read_yaml(path, what="suite file")
    models = data.get("models") if isinstance(data, dict) else None
    if not isinstance(models, dict) or not models:
        raise ConfigError(
            "the suite defines no models",
            file=path,
            hint="add e.g. models: {generator: {model: openai/gpt-4.1-mini}}, or give "
            "--model provider/name",
        )
    if name is None:
        if len(models) > 1:
            raise ConfigError(
                f"the suite defines {len(models)} models: say which with --model-name",
                file=path,
                hint=f"the suite's models: {', '.join(map(str, models))}",
            )
        name = str(next(iter(models)))
    if name not in models:
        raise ConfigError(
            f"the suite has no model named {name!r}",
            file=path,
            line=lines.line_of(("models",)),
            hint=f"the suite's models: {', '.join(map(str, models))}",
        )
    entry = models[name]
    try:
        return ModelConfig.model_validate({"model": entry} if isinstance(entry, str) else entry)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise ConfigError(
            f"models.{name}{'.' + where if where else ''}: {err['msg']}",
            file=path,
            line=lines.line_of(("models", name, *err["loc"])),
        ) from exc
