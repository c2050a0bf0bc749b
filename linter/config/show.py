"""`check --show-settings`: the configuration a run resolves, and the file each part came from.

Printed as the TOML a user would write, so a line can be copied back into a config file.
"""

from __future__ import annotations

import json
import os
from dataclasses import fields
from typing import Any

from schema_lint.config import Config

_HIDDEN = {"settings", "root", "source"}


def render(configs: list[Config]) -> str:
    """The run's own configuration, then each nested one some file is linted under."""
    blocks = [_block(config, first=index == 0) for index, config in enumerate(configs)]
    return "\n\n".join(blocks) + "\n"


def _block(config: Config, first: bool) -> str:
    origin = str(config.source) if config.source else "none found (defaults)"
    lines = [f"# {'Settings' if first else 'Nested settings'} from: {origin}"]
    if config.source is not None:
        own = config.root == os.path.dirname(os.path.realpath(config.source))
        lines.append(f"# paths relative to: {config.root}" + ("" if own else " (the working directory, as with --config)"))
    for item in fields(Config):
        key, value = item.name.replace("_", "-"), getattr(config, item.name)
        if item.name not in _HIDDEN:
            lines.append(f"# {key} is unset" if value is None else f"{key} = {_toml(value)}")
    lines += [f"{key} = {_toml(value)}" for key, value in sorted(config.settings.items())]
    return "\n".join(lines)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {_toml(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value))
