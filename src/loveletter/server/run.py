"""Serving the app with uvicorn on a socket bound beforehand (so port 0 works)."""

from __future__ import annotations

import gc
import socket

import uvicorn

from .app import create_app
from .settings import Settings

#: Frames larger than this close the connection; smaller ones over the settings'
#: ``max_message_bytes`` get an error message instead.
WS_MAX_FRAME = 64 * 1024


def tune_gc() -> None:
    """Fewer, cheaper garbage collections for a long-running server.

    The server allocates a little per message and frees it at once (no cycles), so
    the default thresholds run the collector very often; a full collection over every
    table's live objects then stalls all clients. Objects alive at start are frozen
    out of the collector's scans.
    """
    gc.freeze()
    gc.set_threshold(20_000, 5, 1000)


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket (port 0: any free port)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def make_server(settings: Settings, *, log_level: str = "warning") -> uvicorn.Server:
    """A uvicorn server for the app, with the WebSocket frame limit."""
    config = uvicorn.Config(
        create_app(settings),
        log_level=log_level,
        ws_max_size=WS_MAX_FRAME,
        ws_per_message_deflate=False,
        lifespan="on",
        backlog=2048,
    )
    return uvicorn.Server(config)
