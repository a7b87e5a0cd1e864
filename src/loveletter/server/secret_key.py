"""The server's secret key: what the accounts' sessions are signed with.

Every process of one site must have the same key (a session made by one is checked
by another), and it must outlive them (a new key signs everyone out). A site that
others reach (its public URL is not this computer) is given its key: ``loveletter
serve`` refuses to start without one. A server on this computer alone may make its
own: once, into the data folder, readable by its owner only, then read there.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path
from urllib.parse import urlsplit

from .addresses import is_loopback

#: The name of the key's file in the data folder.
FILE_NAME = "secret_key"

#: The shortest key accepted (``secrets.token_urlsafe(32)`` gives 43 characters).
MIN_LENGTH = 32

#: A command that prints a good key.
MAKE_ONE = 'python -c "import secrets; print(secrets.token_urlsafe(32))"'


class SecretKeyError(ValueError):
    """A key too short, or a key file that cannot be read."""


def is_local_url(url: str | None) -> bool:
    """Whether a public URL (None: none given) is this computer only: ``localhost``, a
    name under ``.localhost`` or a loopback address."""
    if url is None:
        return True
    host = (urlsplit(url).hostname or "").lower()
    return host.endswith(".localhost") or is_loopback(host)


def check_key(key: str, where: str) -> str:
    """The key, stripped of surrounding blanks; SecretKeyError if it is too short."""
    key = key.strip()
    if len(key) < MIN_LENGTH:
        raise SecretKeyError(
            f"the secret key in {where} has {len(key)} characters, fewer than {MIN_LENGTH}"
            f" (make one with {MAKE_ONE})"
        )
    return key


def read_key_file(path: Path, where: str) -> str:
    """The key a file holds (a trailing newline is no part of it)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
        raise SecretKeyError(
            f"cannot read the secret key file {path} ({where}): {reason}"
        ) from None
    return check_key(text, f"{path} ({where})")


def local_key(folder: Path) -> tuple[str, bool]:
    """The key in ``folder``'s key file, made there first if there is none (mode 0600),
    and whether it was made now. Processes starting together agree on one: the file
    appears whole (linked from a finished temporary file), and the one that loses
    the race reads the winner's. OSError if the folder cannot be written."""
    path = folder / FILE_NAME
    if path.exists():
        return _read_local(path), False
    folder.mkdir(parents=True, exist_ok=True)
    draft = folder / f".{FILE_NAME}.{os.getpid()}.{secrets.token_hex(4)}"
    descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(secrets.token_urlsafe(32) + "\n")
            file.flush()
            os.fsync(file.fileno())
        try:
            os.link(draft, path)
            made = True
        except FileExistsError:
            made = False
    finally:
        with contextlib.suppress(FileNotFoundError):
            draft.unlink()
    return _read_local(path), made


def _read_local(path: Path) -> str:
    try:
        return read_key_file(path, "made by a local start")
    except SecretKeyError as error:
        raise SecretKeyError(
            f"{error}: remove it to make a new one (every session then ends)"
        ) from None
