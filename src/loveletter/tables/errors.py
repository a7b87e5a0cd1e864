"""The errors a command can end with: a code for programs, a message for people."""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.grammar import typeset


class TableError(Exception):
    """A refused command; nothing changed. ``status`` is the HTTP status to answer.

    ``translations`` tells the message in other languages (``{"fr": …}``) where the
    command knows how, typeset for each (French: a no-break space before a colon);
    :meth:`message_in` falls back to ``message`` (English).
    """

    code = "refused"
    status = 409

    def __init__(
        self,
        message: str,
        code: str | None = None,
        *,
        translations: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.translations = {
            lang: typeset(text, lang) for lang, text in (translations or {}).items()
        }
        if code is not None:
            self.code = code

    def message_in(self, lang: str) -> str:
        """The message in ``lang`` if known, else in English."""
        return self.translations.get(lang, self.message)


class NotFoundError(TableError):
    """No such table or game."""

    code = "unknown_table"
    status = 404


class ForbiddenError(TableError):
    """A wrong or missing token."""

    code = "bad_token"
    status = 403


class ConflictError(TableError):
    """Not possible in the table's current state (seat taken, out of turn…)."""

    code = "conflict"
    status = 409


class InvalidError(TableError):
    """Well-formed but refused by the rules (an illegal action, bad notation)."""

    code = "illegal_action"
    status = 422


class StaleError(TableError):
    """A move meant for a position that is gone: a bot's or the pacer's (dropped), or
    a player's action (``stale_action``: chosen again on the new state)."""

    code = "stale"
    status = 409


class StorageError(Exception):
    """The store failed (full, unreachable, damaged): the command may be tried again.

    Repositories raise it for failures of the store itself, never for a refusal;
    ``str()`` says what failed in one line.
    """

    #: What a client is told (an HTTP 503 or a WebSocket ``server_error``).
    public = "the server cannot reach its database now; try again later"


class DamagedDataError(StorageError):
    """Stored rows this server cannot read or rebuild (tampered with, or a damaged
    file): what needs them answers ``server_error``; everything else goes on."""

    public = "the server's stored data for this is damaged: it cannot be opened"

    @classmethod
    def of(cls, what: str, error: BaseException) -> DamagedDataError:
        """``what`` is damaged, as ``error`` found: in one line."""
        lines = str(error).strip().splitlines()
        return cls(f"{what}: damaged: {lines[0] if lines else type(error).__name__}")
