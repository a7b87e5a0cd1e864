"""The game server: tables online, crash-safe, authoritative and leak-proof.

:func:`create_app` builds the FastAPI app from :class:`Settings`; ``loveletter serve``
runs it. See docs/server.md and docs/protocol.md.
"""

from .app import create_app
from .settings import Settings

__all__ = ["Settings", "create_app"]
