"""The HTTP client an `--mcp-url` server is asked through, which counts what it sends.

The SDK's Streamable HTTP transport reads a JSON answer whole (`response.aread()`) and an
event stream for as long as it lasts: a server could send a gigabyte, or never stop. Here
every response body is counted as it is read, all of one server's answers together,
against the limit a file has (`max-file-size`: the listing is linted as one document); past
it, the fetch is cut off (`cut`, since the SDK reads in tasks of its own and logs what they
raise) with the reason. A compressed body would be counted before it expands (256 KiB of
gzip can hold 256 MiB), so the client asks for none and refuses one all the same.

The HTTP library is the SDK's own (`httpx2` under the 2.x line, `httpx` under 1.x; see
`sdk`), whose client the transport is given.
"""

from __future__ import annotations

import functools
from contextlib import asynccontextmanager
from types import ModuleType
from typing import Any, Callable, NoReturn

from schema_lint.live.sdk import http_module
from schema_lint.text.display import clip
from schema_lint.live.limits import Limits
from schema_lint.config.servers import Server
from schema_lint.sources.reading import size_limit


@asynccontextmanager
async def http_transport(server: Server, limits: Limits, cut: Callable[[str], None]):
    """The SDK's Streamable HTTP transport to `server`, through a counting client that it
    closes (the SDK leaves a client it is given open)."""
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    # Each wait is --mcp-timeout, not the SDK's 300 s for reading a stream: the session's
    # closing request is sent after a time-out too, and must not outlast it by minutes.
    http = http_module()
    client = create_mcp_http_client(headers={**server.headers, "Accept-Encoding": "identity"},
                                    timeout=http.Timeout(limits.request))
    client.event_hooks = {"response": [_Budget(limits.max_bytes, cut, http).watch]}
    async with client, streamable_http_client(server.url, http_client=client) as streams:  # type: ignore[arg-type]  # a server with a URL
        yield streams[:2]  # 1.x adds a third: the session id's getter


class _Budget:
    """The bytes one server may still send."""

    def __init__(self, max_bytes: int, cut: Callable[[str], None], http: ModuleType):
        self.max_bytes, self.left, self._cut, self._http = max_bytes, max_bytes, cut, http

    async def watch(self, response: Any) -> None:
        """A response hook: runs before the body is read, so it can still be counted or refused."""
        encoding = response.headers.get("Content-Encoding", "identity").strip()
        if encoding.lower() != "identity":
            self.stop(f"the server compressed its answer (Content-Encoding: {clip(encoding)}), though asked not to")
        response.stream = _counted(self._http)(response.stream, self)

    def take(self, count: int) -> None:
        self.left -= count
        if self.left < 0:
            self.stop(f"what the server sent is larger than {size_limit(self.max_bytes)}")

    def stop(self, reason: str) -> NoReturn:
        self._cut(reason)
        raise self._http.ReadError(reason)  # the read stops here; the cut ends what waits on it


@functools.cache
def _counted(http: ModuleType) -> type:
    """The stream class of `http` (the library checks a response's stream is one of its own)
    whose bytes are taken from the budget before the SDK sees them."""

    class Counted(http.AsyncByteStream):  # type: ignore[name-defined]
        def __init__(self, stream: Any, budget: _Budget):
            self._stream, self._budget = stream, budget

        async def __aiter__(self):
            async for chunk in self._stream:
                self._budget.take(len(chunk))
                yield chunk

        async def aclose(self) -> None:
            await self._stream.aclose()

    return Counted
