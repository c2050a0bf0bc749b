"""pygls's protocol, with every request answered, as JSON-RPC 2.0 and the LSP require.

pygls drops two kinds of request without a response, and a client then waits for it
forever: one whose params do not fit the method's type (a `codeAction` without its
`range`: pygls logs "Unable to handle message" and the id is lost with the message), and
any request after `shutdown` ("Server shutting down. No more requests!"). Here the first
gets error -32602 (InvalidParams) and the second -32600 (InvalidRequest), as LSP 3.17 says
of requests after shutdown, each with the request's id.
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidRequest
from pygls.protocol import LanguageServerProtocol

# What `structure_message` gives for a request it answered with an error itself: nothing left to handle.
_ANSWERED = object()


class AnsweringProtocol(LanguageServerProtocol):
    @property
    def shut_down(self) -> bool:
        """Whether the client sent `shutdown`: the server's exit code then is 0, else 1."""
        return bool(self._shutdown)

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            if "id" in data and isinstance(data.get("method"), str):  # a request: its id gets the error
                self._send_response(data["id"], error=error.to_response_error())
                return _ANSWERED
            raise

    def handle_message(self, message: Any) -> None:
        if message is _ANSWERED:
            return
        method = getattr(message, "method", None)
        if self._shutdown and method is not None and method != types.EXIT and getattr(message, "id", None) is not None:
            error = JsonRpcInvalidRequest(message="the server is shutting down: no request is taken after `shutdown`")
            self._send_response(message.id, error=error.to_response_error())
            return
        super().handle_message(message)
