"""Serving the app with uvicorn on a socket bound beforehand (so port 0 works), with a
deadline for each HTTP request."""

from __future__ import annotations

import asyncio
import logging
import signal
import socket
import sys
from types import FrameType

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from ..tables import StorageError
from .app import create_app
from .settings import Settings

#: Frames larger than this close the connection; smaller ones over the settings'
#: ``max_message_bytes`` get an error message instead.
WS_MAX_FRAME = 64 * 1024


class ClientFaultsInOneLine(logging.Filter):
    """uvicorn's WebSocket protocol (``websockets-sansio``) logs a text frame that is
    not UTF-8 as an error, with the traceback of its decoding: a client's fault, told
    in one line like uvicorn's other refusals, as a warning."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg == "Invalid UTF-8 sequence received from client." and record.exc_info:
            record.msg = "a client sent a text frame that is not UTF-8: connection closed (1007)"
            record.args = ()
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.exc_info = record.exc_text = None
            return logging.getLogger(record.name).isEnabledFor(logging.WARNING)
        return True


CLIENT_FAULTS = ClientFaultsInOneLine()


def exit_on_sigterm() -> None:
    """Let SIGTERM end the process normally (status 0) once uvicorn has shut the server
    down. uvicorn raises the signal again after its graceful shutdown; with the default
    action that killed the process before its finalizers ran, and multiprocessing's
    resource tracker warned of the bot workers' semaphores as leaked."""

    def stop(number: int, frame: FrameType | None) -> None:
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket (port 0: any free port)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


class RequestDeadline(HttpToolsProtocol):
    """uvicorn's HTTP protocol, closing a connection whose request does not arrive whole
    (headers and body; for a WebSocket, its handshake) within ``request_timeout``
    seconds of the connection, or of the previous answer.

    uvicorn has no such limit: a client sending half a request was held for good.
    """

    request_timeout = 10.0
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()  # the WebSocket's own hello timeout takes over
        super().handle_websocket_upgrade()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.timeout_keep_alive_task is not None:  # idle, waiting for the next request
            self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.request_timeout, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()


def _with_deadline(seconds: float) -> type[RequestDeadline]:
    class Protocol(RequestDeadline):
        request_timeout = seconds

    return Protocol


def make_server(settings: Settings, *, log_level: str = "warning") -> uvicorn.Server:
    """A uvicorn server for the app, with the WebSocket frame limit and the request
    deadline of the settings."""
    app = create_app(settings)
    config = uvicorn.Config(
        app,
        http=_with_deadline(settings.request_timeout),
        log_level=log_level,
        ws="websockets-sansio",
        ws_max_size=WS_MAX_FRAME,
        ws_per_message_deflate=False,
        lifespan="on",
        backlog=2048,
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=settings.trusted_proxies or None,
    )
    logging.getLogger("uvicorn.error").addFilter(CLIENT_FAULTS)  # (uvicorn's config set up)
    server = uvicorn.Server(config)
    app.state.stop = lambda: setattr(server, "should_exit", True)  # a store that fails to open
    return server


def startup_error(server: uvicorn.Server) -> StorageError | None:
    """Why the server stopped as it started: its store failed to open (one line)."""
    state = getattr(server.config.app, "state", None)
    error: StorageError | None = getattr(state, "startup_error", None)
    return error
