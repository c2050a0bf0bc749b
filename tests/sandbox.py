"""Run `schema-lint` in a child process that may touch nothing beyond its inputs.

Three independent witnesses, because jsonschema-rs does its own I/O in Rust, out of
reach of anything Python can hook:

* an audit hook in the child refuses (and records, since callers may swallow the
  error) every socket connection and name lookup, and every `open` of a path outside
  the allowed roots (the inputs, the Python installation, the installed package);
* `RecordingServer`, an HTTP server on loopback that logs any request reaching it;
* `OpenWatch`, inotify on a secret file: any process opening it, Rust included, is seen.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import http.server
import json
import os
import subprocess
import sys
import sysconfig
import threading
from pathlib import Path

import schema_lint

_BOOT = r"""
import json, os, sys
allowed = tuple(json.loads(os.environ.pop("SANDBOX_ALLOWED")))
log_path = os.environ.pop("SANDBOX_LOG")
log = open(log_path, "a", buffering=1)

def refuse(what):
    log.write(what + "\n")
    raise PermissionError(f"sandbox: {what}")

def hook(event, args):
    if event == "open":
        path = args[0]
        if isinstance(path, int):
            return
        path = os.path.abspath(os.fsdecode(path))
        if not path.startswith(allowed):
            refuse(f"open {path}")
    elif event == "socket.connect" or event == "socket.sendto":
        refuse(f"{event} {args[1]!r}")
    elif event in ("socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyaddr", "urllib.Request"):
        refuse(f"{event} {args[0]!r}")

sys.addaudithook(hook)
from schema_lint.cli import main
sys.argv[0] = "schema-lint"
main()
"""


def run_guarded(args: list[str], *, inputs: Path, cwd: Path, log: Path, stdin: bytes | None = None,
                timeout: float = 120) -> subprocess.CompletedProcess:
    """`schema-lint ARGS` with only `inputs` (and the interpreter's own files) readable."""
    package = Path(schema_lint.__file__).resolve().parent
    import schema_lint.rules as rules

    from schema_lint.sources import user_cache

    # schema-lint's own folder of the user's cache (fuzz keeps hypothesis's tables there) is
    # the user's, not the input's: reading it leaks nothing a schema could point at.
    allowed = {str(inputs.resolve()) + os.sep, str(cwd.resolve()) + os.sep, str(log.resolve()),
               str(Path(user_cache.folder()).resolve()) + os.sep,
               str(package) + os.sep, str(Path(rules.__file__).resolve().parent) + os.sep,
               sys.prefix + os.sep, sys.base_prefix + os.sep, "/proc/", "/dev/null", "/dev/urandom",
               *(path + os.sep for path in sysconfig.get_paths().values())}
    env = {**os.environ, "SANDBOX_ALLOWED": json.dumps(sorted(allowed)), "SANDBOX_LOG": str(log),
           "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-c", _BOOT, *args], cwd=cwd, env=env, input=stdin,
                          capture_output=True, timeout=timeout)


class RecordingServer:
    """HTTP on 127.0.0.1 that answers every GET with a schema, and logs the path."""

    def __init__(self, body: dict):
        requests = self.requests = []
        payload = json.dumps(body).encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (http.server's naming)
                requests.append(self.path)
                self.send_response(200)
                self.send_header("Content-Type", "application/schema+json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> RecordingServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()


class OpenWatch:
    """Whether any process opened `path` since the watch began (Linux inotify)."""

    _IN_OPEN = 0x20
    _IN_NONBLOCK = 0o4000

    def __init__(self, path: Path):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        self.fd = self.libc.inotify_init1(self._IN_NONBLOCK)
        if self.fd < 0 or self.libc.inotify_add_watch(self.fd, os.fsencode(path), self._IN_OPEN) < 0:
            raise OSError(ctypes.get_errno(), "inotify is not available")

    def opened(self) -> bool:
        try:
            return bool(os.read(self.fd, 65536))  # only IN_OPEN events are watched
        except BlockingIOError:
            return False

    def close(self) -> None:
        os.close(self.fd)
