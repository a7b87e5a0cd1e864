"""How the HTTP API refuses: every failure answers ``{"error": {"code", "message"}}``.

A command the domain refuses keeps its status and code (403, 404, 409, 422); a body
that is not JSON is 400 ``bad_json``; a body, path or query that fails validation is
422 ``invalid_message``; a body over the size limit 413 ``too_large``; too many
tables from one address 429 ``rate_limited``; a failing database 503
``server_error``; anything else 500 ``server_error``. A message never quotes more
than a few hundred characters (:func:`~.messages.brief`).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..tables import StorageError, TableError
from .messages import brief
from .protocol import ErrorBody, ErrorResponse

log = logging.getLogger(__name__)

#: Codes of the refusals that HTTP itself makes (no route, no such method…).
_HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
}


class RequestRefused(HTTPException):
    """A request refused before it became a command: its status, code and message."""

    def __init__(
        self, status: int, code: str, message: str, headers: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(status, message, dict(headers) if headers else None)
        self.code = code
        self.message = message


def refusal(
    status: int, code: str, message: str, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    """The answer to a refused request."""
    body = ErrorResponse(error=ErrorBody(code=code, message=brief(message)))
    return JSONResponse(body.model_dump(), status_code=status, headers=headers)


class BodyLimit:
    """Refuses an HTTP request body over ``max_bytes`` with 413 ``too_large``: at once
    (unread, and the connection closed) when its Content-Length says so, else as soon
    as the bytes streamed in pass the limit."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_bytes:
            answer = refusal(413, "too_large", self._message(), {"Connection": "close"})
            await answer(scope, receive, send)
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.max_bytes:
                raise RequestRefused(413, "too_large", self._message(), {"Connection": "close"})
            return message

        await self.app(scope, limited, send)

    def _message(self) -> str:
        return f"a request body may hold at most {self.max_bytes} bytes"


def install_refusals(app: FastAPI, max_body_bytes: int) -> None:
    """Answer every failure of ``app`` with the JSON error body; refuse bodies over
    ``max_body_bytes``."""
    app.add_middleware(BodyLimit, max_bytes=max_body_bytes)

    @app.exception_handler(TableError)
    async def refused(request: Request, error: TableError) -> JSONResponse:
        return refusal(error.status, error.code, error.message)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        first: dict[str, Any] = next(iter(error.errors()), {})
        where = ".".join(str(part) for part in first.get("loc", ())) or "request"
        return refusal(422, "invalid_message", f"{where}: {first.get('msg', 'invalid request')}")

    @app.exception_handler(StarletteHTTPException)
    async def http_refused(request: Request, error: StarletteHTTPException) -> JSONResponse:
        if isinstance(error, RequestRefused):
            return refusal(error.status_code, error.code, error.message, error.headers)
        fallback = "bad_request" if error.status_code < 500 else "server_error"
        code = _HTTP_CODES.get(error.status_code, fallback)
        return refusal(error.status_code, code, str(error.detail), error.headers)

    @app.exception_handler(StorageError)
    async def unavailable(request: Request, error: StorageError) -> JSONResponse:
        log.error("%s %s failed: %s", request.method, request.url.path, error)
        return refusal(503, "server_error", error.public, {"Retry-After": "10"})

    @app.exception_handler(Exception)
    async def failed(request: Request, error: Exception) -> JSONResponse:
        # Starlette logs the traceback after this answer: a bug, to be fixed.
        return refusal(500, "server_error", "the server failed; try again")
