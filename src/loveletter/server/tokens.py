"""Secrets: table ids, seat and host tokens, sessions, and how they are checked.

Tokens come from :mod:`secrets`; only their SHA-256 hashes are stored, so the
database alone does not let anyone take a seat. A session's id is stored as its
HMAC-SHA256 under the server's secret key: the database alone does not even tell
whether an id is a session's, and a new key ends every session made under the old one.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets


def new_table_id() -> str:
    """A table id: public (it is in the invitation link) but unguessable."""
    return secrets.token_urlsafe(9)


def new_token() -> str:
    """A secret seat or host token."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def session_hash(secret_key: str, session_id: str) -> str:
    """The stored form of a session's id: its HMAC-SHA256 under ``secret_key``."""
    key = secret_key.encode("utf-8")
    return hmac.new(key, session_id.encode("utf-8"), hashlib.sha256).hexdigest()


def same_token(token: str, stored_hash: str | None) -> bool:
    """Whether ``token`` matches a stored hash, in constant time."""
    return stored_hash is not None and hmac.compare_digest(hash_token(token), stored_hash)


def same_hash(stored_hash: str, other_hash: str) -> bool:
    """Whether two stored hashes are the same, in constant time."""
    return hmac.compare_digest(stored_hash, other_hash)


def unpredictable_rng() -> random.Random:
    """A generator for future shuffles, seeded by the OS; its seed is never stored."""
    return random.Random(secrets.randbits(256))
