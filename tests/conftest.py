"""Shared test setup: hypothesis is derandomized everywhere, so CI never flakes.

Tests marked `hostile` (bad and hostile input: `tests/test_bad_input.py`, the offline,
ReDoS and special-file tests) run with sockets blocked and under a time limit, so a
regression that fetches or hangs fails instead of hanging CI: pytest-timeout fails a
test stuck in Python code after `HOSTILE_TIMEOUT` seconds, and a faulthandler watchdog
(a C thread, which needs no GIL) ends the run with every thread's traceback when a
test is stuck in C code that holds the GIL, as a backtracking regex engine does.
"""

from __future__ import annotations

import faulthandler
import os
import shutil
import socket
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "schema-lint", derandomize=True, database=None, deadline=None, max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("schema-lint")

HOSTILE_TIMEOUT = 60
_sockets_blocked = False
# The (host, port) of a hostile test's own server on loopback (`let_through`): all it may reach.
_let_through: set[tuple[str, int]] = set()


def _refuse_sockets(event: str, args: tuple) -> None:
    if not _sockets_blocked:
        return
    if event in ("socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyaddr"):
        if event == "socket.getaddrinfo" and (args[0], args[1]) in _let_through:
            return
        raise PermissionError(f"a hostile-input test looked up {args[0]!r}")
    if event in ("socket.connect", "socket.sendto") and args[0].family in (socket.AF_INET, socket.AF_INET6):
        if tuple(args[1][:2]) in _let_through:
            return
        raise PermissionError(f"a hostile-input test connected to {args[1]!r}")


def let_through(host: str, port: int) -> None:
    """Let the running hostile test reach its own server at `host:port` (a client's test
    needs one); every other address stays refused, and this one is again after the test."""
    _let_through.add((host, port))


sys.addaudithook(_refuse_sockets)


def pytest_configure(config):
    # The watchdog writes to this copy of stderr: by the time it fires, the test's own
    # stderr is captured into a file that an exiting process never shows.
    global _watchdog_stderr, _key_folder
    _watchdog_stderr = os.dup(sys.__stderr__.fileno())
    # The key the caches sign their entries with: the suite's own, never the user's.
    _key_folder = tempfile.mkdtemp(prefix="schema-lint-key-")
    os.environ["SCHEMA_LINT_CACHE_KEY_FILE"] = os.path.join(_key_folder, "key")
    # And the user's cache folder, where the command line keeps compiled patterns.
    os.environ["XDG_CACHE_HOME"] = os.path.join(_key_folder, "user-cache")


@pytest.fixture(autouse=True)
def _no_pattern_store_left_behind():
    """A test that runs the console script in this process names a store of compiled patterns
    (`compiled_patterns`); the next test starts without one, as a library user's process does."""
    yield
    from schema_lint.text import compiled_patterns

    compiled_patterns._path, compiled_patterns._stored, compiled_patterns._added = None, {}, False
    compiled_patterns._used.clear()


def pytest_unconfigure(config):
    shutil.rmtree(_key_folder, ignore_errors=True)


_watchdog_stderr = 2
_key_folder = ""


def pytest_collection_modifyitems(items):
    for item in items:
        if item.get_closest_marker("hostile") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(HOSTILE_TIMEOUT, method="signal"))


@pytest.fixture(autouse=True)
def _hostile_guard(request):
    """Sockets blocked and a hard deadline for the tests marked `hostile`."""
    global _sockets_blocked
    if request.node.get_closest_marker("hostile") is None:
        yield
        return
    _sockets_blocked = True
    faulthandler.dump_traceback_later(2 * HOSTILE_TIMEOUT, exit=True, file=_watchdog_stderr)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()
        _sockets_blocked = False
        _let_through.clear()


# Tests lint what they write and monkeypatch rules: a result cached by one test must not
# answer another. tests/test_cache.py turns the cache back on where it is the subject.
os.environ["SCHEMA_LINT_NO_CACHE"] = "1"

# Test helpers import as top-level modules from any test folder: lintkit, the kits of
# boundary/ and fixes/ (boundary_schemas, fixkit, rule_cases), which the laws of
# tests/properties use too, and the framework venvs (frameworks/venvs) the boundary's
# adapter tests share.
_TESTS = Path(__file__).resolve().parent
sys.path[:0] = [str(_TESTS), str(_TESTS / "boundary"), str(_TESTS / "fixes"), str(_TESTS / "frameworks")]

REPO = Path(__file__).resolve().parent.parent


def documentation(repo: Path = REPO) -> list[Path]:
    """README and the documentation site's pages (docs/*.md): a topic moved out of README keeps
    its examples and figures checked on the page that now holds it."""
    return [repo / "README.md", *sorted((repo / "docs").glob("*.md"))]


def documented(marker: str, repo: Path = REPO) -> str:
    """The text after `marker` in README, or in the page of docs/ that holds it."""
    for page in documentation(repo):
        text = page.read_text(encoding="utf-8")
        if marker in text:
            return text.split(marker, 1)[1]
    raise AssertionError(f"{marker!r} is in neither README.md nor docs/*.md")


def bench_module(name: str):
    """A script of bench/ imported as a module, so tests check the figures README quotes."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, REPO / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while defining
    spec.loader.exec_module(module)
    return module
FIXTURES = Path(__file__).resolve().parent / "fixtures"
# The shared corpus of published tools: beside the checkout, or where SCHEMA_LINT_CORPUS says.
CORPUS = Path(os.environ.get("SCHEMA_LINT_CORPUS") or REPO.parent / "shared" / "corpus")

# DESIGN.md's running example: `recipient` is needed only when `channel` is `email`.
CREATE_TICKET = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "minLength": 1},
        "priority": {"type": "string", "enum": ["low", "normal", "high"]},
        "channel": {"type": "string", "enum": ["console", "email"]},
        "recipient": {"type": "string", "format": "email"},
        "attachment_url": {"type": "string", "format": "uri"},
    },
    "required": ["title", "priority", "channel"],
    "additionalProperties": False,
}


@pytest.fixture
def corpus() -> Path:
    if not (CORPUS / "tools.jsonl").is_file():
        pytest.skip("the shared corpus is not beside this checkout")
    return CORPUS
