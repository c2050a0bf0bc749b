"""`[tool.schema-lint]` in pyproject.toml, or a `.schema-lint.toml` / `schema-lint.toml`.

The nearest file upward from the current directory wins (`.schema-lint.toml`, then
`schema-lint.toml`, then `pyproject.toml` in the same directory, as ruff orders
`.ruff.toml`, `ruff.toml` and `pyproject.toml`). Unknown keys, and rule settings of the
wrong type, are an error that names the key: a typo must not silently turn a rule back on.

Beside it: which rules a selector names (`selection`) and which rule packs are installed
(`entry_points`), the `mcp-servers` table (`servers`), and `--show-settings` (`show`).

May import: model, text, profiles, sources.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from dataclasses import dataclass, field, fields
from typing import Any

from schema_lint.sources import watch
from schema_lint.text.lazy_pattern import lazy_compile
from schema_lint.model import FieldwiseRecord, Severity, SideEffects
from schema_lint.sources.reading import DEFAULT_MAX_BYTES, read_regular_file

DEFAULT_INCLUDE = ["*.json", "*.jsonc", "*.yaml", "*.yml", "*.jsonl"]
DEFAULT_EXCLUDE = [".git", ".hg", ".svn", ".venv", "venv", "node_modules", "__pycache__", ".tox",
                   ".mypy_cache", ".pytest_cache", ".ruff_cache", ".schema_lint_cache", "build", "dist"]
FAIL_ON_CHOICES = ("info", "warning", "error", "never")
# The files a configuration is read from, in the order one directory's are preferred: the
# first two hold our keys at the top level, `pyproject.toml` under `[tool.schema-lint]`.
CONFIG_FILE_NAMES = (".schema-lint.toml", "schema-lint.toml", "pyproject.toml")


class ConfigError(Exception):
    """A configuration problem the user must fix; exit code 2."""


@dataclass(eq=False, repr=False)
class Config(FieldwiseRecord):
    """The settings a run uses: the configuration file's, with the command line's on top."""

    select: list[str] | None = None
    extend_select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    per_tool_ignores: dict[str, list[str]] = field(default_factory=dict)
    severity: dict[str, Severity] = field(default_factory=dict)
    side_effects: dict[str, SideEffects] = field(default_factory=dict)
    include: list[str] = field(default_factory=lambda: list(DEFAULT_INCLUDE))
    exclude: list[str] = field(default_factory=list)
    # Globs of bare JSON Schema files that hold a tool's arguments: when set, exactly
    # these are read as tools; when empty, those that look like tool arguments are.
    raw_tool_schemas: list[str] = field(default_factory=list)
    fail_on: str = "warning"
    profiles: list[str] = field(default_factory=list)
    max_file_size: int = DEFAULT_MAX_BYTES
    # A baseline file (`--baseline`): findings recorded there are not reported.
    baseline: str | None = None
    # `x-schema-lint-ignore` in a subschema silences findings there (see `suppressions`).
    ignore_keyword: bool = False
    # Recorded-call files (`--calls`), relative to the config file: evidence for fixes.
    calls: list[str] = field(default_factory=list)
    # MCP servers whose tools `check` (without PATHS) and `snapshot` read: `config.servers.Server`s.
    mcp_servers: list = field(default_factory=list)
    # Requests made of several files (`[requests.NAME] files = [globs]`): their tools are sent
    # together, so limits that count across tools are checked across those files.
    requests: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    # Rule settings (`max-length`, `max-items`, `idempotency-keys`, ...), passed to checks as is.
    settings: dict[str, Any] = field(default_factory=dict)
    # The folder the configuration's relative paths (globs, `baseline`, `calls`) resolve from:
    # the config file's own, or the working directory under `--config`. Paths are
    # strings: `pathlib` (with `urllib.parse` and `ipaddress`) costs a one-file run 4%.
    root: str = field(default_factory=os.getcwd)
    # The configuration file read, as found (None: none was).
    source: str | None = None


# Rule settings a config file may carry, with the type each must have.
RULE_SETTINGS: dict[str, type | tuple[type, ...]] = {
    "max-length": dict,
    "max-items": int,
    "idempotency-keys": list,
    "sensitive-names": list,
    "prompt-budget": dict,
}
# The keys of the rule settings that are tables: a misspelt one would be passed over, and the
# rule would use its default without a word.
RULE_SETTING_KEYS: dict[str, frozenset[str]] = {
    # The field kinds of `prose.field_kinds.DEFAULT_MAX_LENGTH` (tests/test_config.py checks it).
    "max-length": frozenset({"email", "url", "git-remote", "uuid", "date", "date-time", "identifier", "name",
                             "text", "default"}),
    "prompt-budget": frozenset({"tool", "request"}),  # SL404's `DEFAULT_BUDGETS`
}
_KEYS = {f.name.replace("_", "-") for f in fields(Config)} - {"settings", "root", "source"}


def find_config_file(start: str | os.PathLike) -> str | None:
    directory = os.fspath(start)
    while True:
        for name in CONFIG_FILE_NAMES:
            candidate = os.path.join(directory, name)
            # What a recorded run depends on: through a link, it is the file at the chain's end.
            watch.note(candidate)
            if _names_a_file(candidate) and (name != "pyproject.toml" or _has_our_table(candidate)):
                return candidate
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def _names_a_file(candidate: str) -> bool:
    """Whether anything but a folder stands at `candidate` (links followed). A FIFO or a
    device is found too, and refused when read: passed over, it would drop the rules it
    stands for without a word."""
    try:
        return not stat.S_ISDIR(os.stat(candidate).st_mode)
    except (OSError, ValueError):
        return False


def load_config(path: str | os.PathLike | None = None, start: str | os.PathLike | None = None,
                root: str | None = None) -> Config:
    """The configuration at `path`, else the one found from `start` (the working directory).
    Its relative paths resolve from `root`: by default the file's own folder; `--config`
    passes the working directory, as ruff documents for its `--config`, so that a file kept
    in `ci/` names `tools/legacy` as the run sees it."""
    path = os.fspath(path) if path else find_config_file(os.path.realpath(start or os.getcwd()))
    if path is None:
        return Config()
    table = _read_table(path)
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: `tool.schema-lint` must be a table")
    unknown = _unknown_keys(table)
    if unknown:
        raise ConfigError(f"{path}: unknown configuration key{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}")
    config = Config(root=root or os.path.dirname(os.path.realpath(path)), source=path)
    for key, value in table.items():
        if key in RULE_SETTINGS:
            problem = _rule_setting_problem(key, value)
            if problem:
                raise ConfigError(f"{path}: {problem}")
            config.settings[key] = value
        else:
            _apply(config, key, value, path)
    return config


def _rule_setting_problem(key: str, value: Any) -> str | None:
    """What is wrong with a rule setting's value, if anything. A length, count or budget is a
    positive whole number (TOML's `true` is no number, though Python counts it as one): a
    string would crash the rule on every tool, a negative one flag every tool."""
    if not isinstance(value, RULE_SETTINGS[key]) or isinstance(value, bool):
        return f"`{key}` has the wrong type"
    if isinstance(value, int):
        return None if _count(value) else f"`{key}` must be {_COUNT}"
    if isinstance(value, list):
        return None if all(isinstance(item, str) for item in value) else f"`{key}` must be a list of strings"
    if isinstance(value, dict):
        for sub, number in value.items():
            if not _count(number):
                return f"`{key}.{sub}` must be {_COUNT}, not {json.dumps(number, default=str)}"
    return None


# A bound a fix writes into a schema: past 2^53 a JavaScript client's JSON reader rounds it.
_LARGEST_COUNT = 2 ** 53 - 1
_COUNT = f"a positive whole number, at most {_LARGEST_COUNT:,}"


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= _LARGEST_COUNT


def _unknown_keys(table: dict) -> list[str]:
    """Each key schema-lint does not know, at the top level or in a rule setting's table
    (`max-length.nmae`), with the closest known one."""
    top = _KEYS | set(RULE_SETTINGS)
    unknown = []
    for key, value in table.items():
        if key not in top:
            unknown.append(f"`{key}`{_did_you_mean(key, top)}")
        elif key in RULE_SETTING_KEYS and isinstance(value, dict):
            known = RULE_SETTING_KEYS[key]
            unknown += [f"`{key}.{sub}`{_did_you_mean(sub, known)}" for sub in value if sub not in known]
    return unknown


def _did_you_mean(key: str, known: set[str] | frozenset[str]) -> str:
    import difflib

    close = difflib.get_close_matches(key, sorted(known), n=1)
    return f" (did you mean `{close[0]}`?)" if close else ""


def _apply(config: Config, key: str, value: Any, path: str) -> None:
    name = key.replace("-", "_")
    try:
        if name == "severity":
            value = {code.upper(): Severity.parse(text) for code, text in _table(value).items()}
        elif name == "side_effects":
            value = {glob: SideEffects(text) for glob, text in _table(value).items()}
        elif name in ("per_file_ignores", "per_tool_ignores"):
            value = {glob: _codes(codes) for glob, codes in _table(value).items()}
            _check_node_keys(value if name == "per_file_ignores" else {})
        elif name in ("select", "extend_select", "ignore"):
            value = _codes(value)
        elif name == "fail_on":
            value = parse_fail_on(value)
        elif name == "calls":
            value = [_resolved(config.root, item) for item in _strings(value)]
        elif name == "baseline":
            if not isinstance(value, str):
                raise ValueError("must be a file name")
            value = _resolved(config.root, value)
        elif name == "mcp_servers":
            from schema_lint.config.servers import ServerSpecError, from_table

            try:
                value = from_table(value, root=config.root)
            except ServerSpecError as exc:
                raise ConfigError(f"{path}: {exc}") from None
        elif name == "requests":
            value = {group: {"files": _strings(_request_files(spec))} for group, spec in _table(value).items()}
        elif name == "profiles":
            value = _profiles(value)
        elif name == "ignore_keyword":
            if not isinstance(value, bool):
                raise ValueError("must be true or false")
        elif name == "max_file_size":
            if not isinstance(value, int) or value <= 0:
                raise ValueError("must be a positive number of bytes")
        else:
            value = _strings(value)
    except (ValueError, TypeError) as exc:
        raise ConfigError(f"{path}: `{key}`: {exc}") from None
    setattr(config, name, value)


def _check_node_keys(ignores: dict[str, list[str]]) -> None:
    """`glob#pointer` keys name a node with a JSON pointer: `#/properties/query`, or `#` for the root."""
    for key in ignores:
        _, hash_sign, pointer = key.partition("#")
        if hash_sign and pointer and not pointer.startswith("/"):
            raise ValueError(f"`{key}`: after `#` comes a JSON pointer such as `/properties/query`")


def _request_files(spec: Any) -> Any:
    spec = _table(spec)
    if set(spec) != {"files"}:
        raise ValueError("a request is a table with one key, `files` (a list of globs)")
    return spec["files"]


def _profiles(value: Any) -> list[str]:
    """Profile names, each one schema-lint knows: a misspelt one would check nothing."""
    import difflib

    from schema_lint.profiles import PROFILES

    unknown = [name for name in _strings(value) if name not in PROFILES]
    if unknown:
        hints = "; ".join(f"`{name}`" + (f" (did you mean `{close[0]}`?)" if close else "")
                          for name in unknown for close in [difflib.get_close_matches(name, PROFILES, n=1)])
        raise ValueError(f"unknown profile {hints}; known: {', '.join(PROFILES)}")
    return value


def parse_fail_on(value: Any) -> str:
    if value not in FAIL_ON_CHOICES:
        raise ValueError(f"expected one of {', '.join(FAIL_ON_CHOICES)}, got {value!r}")
    return value


def _table(value: Any) -> dict:
    if not isinstance(value, dict):
        raise TypeError("expected a table")
    return value


def _codes(value: Any) -> list[str]:
    """Rule codes or prefixes, upper-cased as the command line's are (`sl3` is `SL3`)."""
    return [code.strip().upper() for code in _strings(value)]


def _strings(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TypeError("expected a list of strings")
    return value


_TOML_POSITION = lazy_compile(r"\(at line (?P<line>\d+), column (?P<column>\d+)\)", rare=True)


def _resolved(root: str, name: str) -> str:
    """A file the configuration names, relative to `root` (links resolved), unless absolute."""
    return name if os.path.isabs(name) else os.path.realpath(os.path.join(root, name))


def _read_table(path: str) -> dict:
    """Our keys: under `[tool.schema-lint]` in a pyproject.toml, or in any file given with
    `--config` that has that table and nothing else (a `.schema-lint.toml` or
    `schema-lint.toml` has them at the top level, as `ruff.toml` has)."""
    data = _load_toml(path)
    tool = data.get("tool")
    nested = isinstance(tool, dict) and "schema-lint" in tool and set(data) == {"tool"}
    if os.path.basename(path) == "pyproject.toml" or nested:
        return tool.get("schema-lint", {}) if isinstance(tool, dict) else {}
    return data


def _has_our_table(path: str) -> bool:
    """Raises ConfigError on broken TOML: a typo must not silently drop the configuration.
    A file that never spells `schema-lint` cannot hold the table (short of escapes in a
    quoted key) and is not parsed: most projects' `pyproject.toml` is such a file, and
    importing `tomllib` and parsing it would cost every run a few milliseconds."""
    raw = _read_bytes(path)
    if b"schema-lint" not in raw and b"schema_lint" not in raw:
        return False
    tool = _load_toml(path, raw).get("tool")
    if not isinstance(tool, dict):
        return False
    if "schema-lint" not in tool and "schema_lint" in tool:
        # Passed over, the whole configuration would be dropped without a word.
        raise ConfigError(f"{path}: `[tool.schema_lint]` is not read: the table is spelled `[tool.schema-lint]`")
    return "schema-lint" in tool


def _read_bytes(path: str) -> bytes:
    """A configuration file is read as the files it configures are: a regular file only (a
    FIFO would block the run, a device never end), within the default `max-file-size`."""
    raw = read_regular_file(path, DEFAULT_MAX_BYTES)
    if isinstance(raw, str):
        raise ConfigError(f"{path}: {raw}")
    return raw


def _load_toml(path: str, raw: bytes | None = None) -> dict:
    """The file's TOML (`raw`: its bytes, when the caller has read them already)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    if raw is None:
        raw = _read_bytes(path)
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:  # TOML is UTF-8; `tomllib.load` would raise this as is
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - raw.rfind(b"\n", 0, exc.start)
        raise ConfigError(f"{path}:{line}:{column}: invalid TOML: not UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(_toml_error(path, str(exc))) from None
    except RecursionError:  # the parser recurses once per nested array or inline table
        raise ConfigError(f"{path}: invalid TOML: arrays or tables nested too deeply to read") from None


def _toml_error(path: str, message: str) -> str:
    """`file:line:col: message`, from the position TOML parsers append to their message."""
    found = _TOML_POSITION.search(message)
    if found is None:
        return f"{path}: invalid TOML: {message}"
    return f"{path}:{found['line']}:{found['column']}: invalid TOML: {message[:found.start()].rstrip()}"


def key_position(path: str, key: str) -> tuple[int, int]:
    """Line and column of our `key` in the configuration file `path` (1, 1 when no line says
    it plainly), for a message about its value: `tomllib` keeps no positions. Our keys stand
    at the top level or under `[tool.schema-lint]`, or are dotted (`tool.schema-lint.KEY`).
    Each line is split with `str` methods, not a regular expression: the file may be anyone's."""
    raw = read_regular_file(path, DEFAULT_MAX_BYTES)
    if isinstance(raw, str):
        return 1, 1
    ours = {(key,), ("tool", "schema-lint", key)}
    table: tuple[str, ...] = ()
    for number, line in enumerate(raw.decode("utf-8", "replace").split("\n"), start=1):
        text = line.lstrip()
        if text.startswith("["):  # a table header, `[tool.schema-lint]` or `[[array]]`
            table = _dotted(text.lstrip("[").partition("]")[0])
            continue
        name, equals, _ = text.partition("=")
        if equals and "#" not in name and table + _dotted(name) in ours:
            return number, len(line) - len(text) + 1
    return 1, 1


def _dotted(name: str) -> tuple[str, ...]:
    """`tool."schema-lint"` as ("tool", "schema-lint")."""
    return tuple(part.strip().strip("\"'") for part in name.split("."))


def relative_to_root(config: Config, file_path: str) -> str:
    try:
        return os.path.relpath(os.path.abspath(file_path), config.root).replace(os.sep, "/")
    except ValueError:
        return file_path
