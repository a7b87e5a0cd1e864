"""Addresses at which other machines reach this server, for invitation links.

A server listening on every interface (``0.0.0.0``, ``::``) or on a network address
builds its links from an address of this machine that others can reach, never from
a loopback one; ``--public-url`` (a server behind a proxy) overrides both. A server
listening on loopback only is reachable from this computer alone: the lobby says so.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from functools import cache

from starlette.requests import HTTPConnection

#: Addresses that stand for every interface.
EVERY_INTERFACE = ("0.0.0.0", "::", "")

#: A documentation address (RFC 5737, TEST-NET-2): "connecting" a datagram socket
#: to it picks the interface of the default route, and sends nothing.
_PROBE = "198.51.100.1"


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or ``localhost``) is this computer only."""
    host = host.strip("[]")
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@cache
def lan_addresses() -> tuple[str, ...]:
    """This machine's IPv4 addresses that other machines may reach (no loopback),
    the default route's first (looked up once)."""
    found: list[str] = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect((_PROBE, 9))
        found.append(probe.getsockname()[0])
    except OSError:
        pass  # no route: no network
    finally:
        probe.close()
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if address not in found:
            found.append(address)
    return tuple(
        a for a in found if not is_loopback(a) and not ipaddress.ip_address(a).is_unspecified
    )


@dataclass(frozen=True, slots=True)
class Links:
    """Where invitation links point: ``base`` (no trailing slash; None: the address
    the browser used), and whether they work on this computer only."""

    base: str | None
    local_only: bool
    listen: str


def url_of(host: str, port: int) -> str:
    """``http://host:port``, brackets around an IPv6 address."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def links(listen: str, port: int, public_url: str | None) -> Links:
    """Where a server listening on ``listen``:``port`` sends its invitations."""
    if public_url:
        return Links(public_url.rstrip("/"), False, listen)
    if is_loopback(listen):
        return Links(None, True, listen)
    if listen in EVERY_INTERFACE:
        found = lan_addresses()
        return Links(url_of(found[0], port) if found else None, False, listen)
    return Links(url_of(listen, port), False, listen)


def reachable_urls(listen: str, port: int) -> list[str]:
    """The addresses to print at start: every one others may use (or the loopback)."""
    if listen in EVERY_INTERFACE:
        return [url_of(a, port) for a in lan_addresses()] or [url_of("127.0.0.1", port)]
    return [url_of(listen, port)]


class LinkBase:
    """Where the links of mail sent on the server's own initiative (a turn mail) start:
    the public URL, else the address players last reached the server at (the one
    they would use again), None before any."""

    def __init__(self, public_url: str | None) -> None:
        self._base = public_url
        self._fixed = public_url is not None

    def saw(self, connection: HTTPConnection) -> None:
        """A player's request (or WebSocket) came in at this address."""
        if not self._fixed:
            base = str(connection.base_url)
            self._base = "http" + base[2:] if base.startswith("ws") else base

    def __call__(self) -> str | None:
        """The base of links, if known."""
        return self._base
