"""The server's settings: one frozen value, built by the command line or by tests."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field

from ..paths import data_folder
from .clock import Clock, SystemClock
from .policies import PolicyLevel


def default_db_url() -> str:
    """A SQLite file in the user's data folder."""
    return f"sqlite:///{data_folder() / 'loveletter.db'}"


@dataclass(frozen=True, slots=True)
class Settings:
    """How one server process runs. Times are in seconds.

    - ``db_url``: any SQLAlchemy URL; the source of truth for every table. ``memory``
      keeps the tables in this process only: nothing is stored, nothing survives it.
    - ``redis_url``: fan out table changes through Redis pub/sub (several processes).
    - ``bot_delay``: a bot's usual thinking time before it plays (0: at once).
    - ``round_pause``: the pause between a round's end and the next deal.
    - ``bot_workers``: worker processes for bot decisions.
    - ``sweep_interval``: how often absent players and stalled tables are looked for.
    - ``heartbeat_interval``: how often this process marks its clients' seats as seen
      (for the other processes; keep it below the tables' disconnect timeouts).
    - ``max_message_bytes``: the largest client message accepted.
    - ``rate``, ``burst``: a connection's message budget (token bucket), and
      ``max_strikes``: refused messages in a row before the connection is closed.
    - ``hello_timeout``: time a new connection has to say hello.
    - ``request_timeout``: time a client has to send an HTTP request's headers and
      body (a WebSocket's handshake included); then the connection is closed.
    - ``max_body_bytes``: the largest HTTP request body (413 beyond, unread).
    - ``create_rate``, ``create_burst``: tables one client address may create (token
      bucket: ``create_burst`` at once, ``create_rate`` per second after).
    - ``signin_rate``, ``signin_burst``: attempts to sign in or up from one address,
      and to sign in to one account (token buckets, each on its own).
    - ``smtp_url``: the SMTP server that sends the accounts' mail (``server.mail``),
      None for no mail; ``mail_from``: its sender.
    - ``leaderboard_min_games``: the rated games a player needs to be on a leaderboard.
    - ``chat_rate``, ``chat_burst``: chat lines one connection may send (token
      bucket: ``chat_burst`` at once, ``chat_rate`` per second after).
    - ``listen_host``: the address the server listens on (for invitation links: a
      loopback address reaches this computer only; on every interface, links name
      this machine's network address), and ``public_url``: the address others use (a
      server behind a proxy); links start with it.
    - ``max_connections``: WebSocket connections one client address may hold at once
      (0: no limit).
    - ``max_idle_tables``: tables kept in memory that no client of this process
      watches (beyond, the least recently used are dropped and reloaded on demand).
    - ``trusted_proxies``: addresses whose ``X-Forwarded-For`` and
      ``X-Forwarded-Proto`` headers are believed (comma-separated, ``*`` for any, empty
      for none): a client's address is then the one its proxy tells.
    - ``policies``: trained policies offered as bot levels, each for its own table
      (``loveletter serve --policy``).
    - ``collect_interval``: collect the garbage on the event loop's clock, every this
      many seconds (``server.collector``; ``loveletter serve`` does), instead of on
      Python's own schedule (None). It takes over the process's collector: one such
      server per process.
    - ``clock``: where the server reads the time and waits for instants (``server.clock``:
      the wall clock, or one a test moves by hand).
    - ``secret_key``: what the accounts' sessions are signed with (their stored hashes
      are HMAC-SHA256 of the cookie's id under it, ``server.tokens``). Every process of
      one site must have the same; ``loveletter serve`` always sets it
      (``server.secret_key``). The default, a new random key, suits a test's server:
      its sessions end with it.
    """

    db_url: str = field(default_factory=default_db_url)
    redis_url: str | None = None
    bot_delay: float = 1.0
    round_pause: float = 5.0
    bot_workers: int = field(default_factory=lambda: max(1, min(4, os.cpu_count() or 1)))
    sweep_interval: float = 1.0
    heartbeat_interval: float = 10.0
    max_message_bytes: int = 4096
    rate: float = 10.0
    burst: int = 30
    max_strikes: int = 20
    hello_timeout: float = 30.0
    request_timeout: float = 10.0
    max_body_bytes: int = 16 * 1024
    create_rate: float = 0.5
    create_burst: int = 20
    signin_rate: float = 0.2
    signin_burst: int = 10
    leaderboard_min_games: int = 5
    smtp_url: str | None = None
    mail_from: str = "Love Letter <loveletter@localhost>"
    listen_host: str = "127.0.0.1"
    public_url: str | None = None
    chat_rate: float = 0.5
    chat_burst: int = 5
    max_connections: int = 100
    max_idle_tables: int = 1000
    trusted_proxies: str = "127.0.0.1"
    policies: tuple[PolicyLevel, ...] = ()
    collect_interval: float | None = None
    clock: Clock = field(default_factory=SystemClock)
    secret_key: str = field(default_factory=lambda: secrets.token_urlsafe(32), repr=False)
