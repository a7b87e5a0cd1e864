"""The engine's exceptions: one class per kind of failure, all ValueErrors."""

from __future__ import annotations

from typing import Any


class LoveLetterError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(LoveLetterError):
    """A text is not an action in the notation (a syntax error).

    ``reason`` is a stable code (``unknown_word``, ``seat_range``, ``seat_count``…)
    and ``details`` its fields, so that interfaces can tell it in the player's
    language (:func:`loveletter.engine.describe_notation_error`).
    """

    def __init__(
        self, message: str, *, reason: str = "notation", details: dict[str, Any] | None = None
    ):
        super().__init__(message)
        self.reason = reason
        self.details = details or {}


class IllegalActionError(LoveLetterError):
    """A well-formed action that the rules do not allow here (a rule error).

    ``reason`` is a stable code (``not_held``, ``target_protected``, ``countess``…) and
    ``details`` its fields, so that interfaces can tell it in the player's language
    (:func:`loveletter.engine.describe_refusal`).
    """

    def __init__(
        self, message: str, *, reason: str = "illegal", details: dict[str, Any] | None = None
    ):
        super().__init__(message)
        self.reason = reason
        self.details = details or {}


class RecordError(LoveLetterError):
    """A game record is malformed, or replaying it fails or disagrees with its result.

    ``round`` and ``action`` are 1-based positions of the failing step when known.
    The message is cut to MESSAGE_LENGTH characters: it may quote the record.
    """

    MESSAGE_LENGTH = 300

    def __init__(
        self,
        message: str,
        *,
        round: int | None = None,
        action: int | None = None,
        cause: LoveLetterError | None = None,
        text: str | None = None,
        game: Any = None,
    ):
        if len(message) > self.MESSAGE_LENGTH:
            message = message[: self.MESSAGE_LENGTH - 1] + "…"
        where = []
        if round is not None:
            where.append(f"round {round}")
        if action is not None:
            where.append(f"action {action}")
        prefix = f"{', '.join(where)}: " if where else ""
        super().__init__(prefix + message)
        self.round = round
        self.action = action
        self.reason = message
        #: The refusal of an action (``text``, refused in ``game``) that made the
        #: record illegal, to tell it in another language.
        self.cause, self.text, self.game = cause, text, game
