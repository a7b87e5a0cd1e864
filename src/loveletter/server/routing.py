"""Routes whose JSON bodies are read as strictly as WebSocket messages."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute

from ..engine.jsontext import JSONTextError
from .protocol import read_json
from .refusals import RequestRefused


class _StrictRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            try:
                self._json = read_json(await self.body())
            except JSONTextError as error:
                if error.malformed:
                    raise RequestRefused(400, "bad_json", str(error)) from None
                raise RequestRefused(422, "invalid_message", f"body: {error}") from None
        return self._json


class StrictJSONRoute(APIRoute):
    """A route whose JSON body is read by :func:`~.protocol.read_json`, like every
    WebSocket message: no ``NaN``, no number out of range, no lone surrogate."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(_StrictRequest(request.scope, request.receive))

        return strict
