"""What the server sends: the JSON of every WebSocket message is built here.

``state`` (around the table as everyone sees it, :func:`public_table`, and the
engine's view for the client's seat), ``error``, ``pong``, ``hint``, ``chat`` and
``chat_history``, as docs/protocol.md shows them; :mod:`.connections` decides what
each client is told and when. The HTTP API answers the models of :mod:`.protocol`:
those made from the domain's records are made here too (:func:`table_info`, the same
JSON as a state's ``table``; :func:`game_info`). Messages are plain JSON data,
encoded by orjson (:func:`encode`); checking them against models at every change of
a table would cost more than the rest.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from typing import Any

import orjson

from ..tables import GameSummary, LobbyEntry, TableState
from .protocol import AccountTable, GameInfo, LobbyHost, LobbyTable, TableInfo


def encode(message: Any) -> str:
    """A message as compact JSON text (orjson: a tenth of the standard library's time
    on a view, which the server encodes once per seat after every action)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


#: The longest message an error carries (it may quote what the client sent).
MESSAGE_LENGTH = 300


def brief(message: str) -> str:
    """An error's message cut to MESSAGE_LENGTH characters, without lone surrogates."""
    if len(message) > MESSAGE_LENGTH:
        message = message[: MESSAGE_LENGTH - 1] + "…"
    return message.encode("utf-8", "replace").decode("utf-8")


# ------------------------------------------------------------------------ the table


def public_table(state: TableState) -> dict[str, Any]:
    """What everyone may see of a table (no token, no card), as the JSON data of
    :class:`~.protocol.TableInfo`, unchecked: the state messages encode it at every
    change of a table. When players count as gone is the domain's to say."""
    data = state.data
    return {
        "id": data.id,
        "edition": data.edition,
        "options": dict(data.options),
        "bot_level": data.bot_level,
        "disconnect_timeout": data.disconnect_timeout,
        "turn_timer": data.turn_timer,
        "deadline": data.deadline,
        "host_seat": data.host_seat,
        "host_gone_at": state.host_gone_at(),
        "spectator_chat": data.spectator_chat,
        "hints": data.hints,
        "public": data.public,
        "lang": data.lang,
        "status": data.status,
        "game": data.game_number,
        "version": data.version,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "name": s.name,
                "level": s.level,
                "online": s.online,
                "standin": s.standin,
                "away": s.away,
                "standin_at": state.standin_at(s.seat),
            }
            for s in state.seats
        ],
        "timed_out": [
            {"round": number, "index": index, "seat": seat}
            for number, index, seat, why in data.standin_marks
            if why == "out"
        ],
    }


def table_info(state: TableState) -> TableInfo:
    """What everyone may see of a table, as the HTTP API answers it."""
    return TableInfo.model_validate(public_table(state))


def lobby_table(entry: LobbyEntry) -> LobbyTable:
    """A public table waiting for players, as the lobby lists it."""
    data = entry.table
    host = None if data.host_seat is None else entry.seats[data.host_seat]
    return LobbyTable(
        id=data.id,
        edition=data.edition,
        players=len(entry.seats),
        free=sum(seat.kind == "open" for seat in entry.seats),
        turn_timer=data.turn_timer,
        lang="fr" if data.lang == "fr" else "en",
        created_at=data.created_at,
        host=None
        if host is None or host.name is None
        else LobbyHost(name=host.name, account=host.account_id, rating=entry.host_rating),
        seated=[seat.name for seat in entry.seats if seat.kind == "human" and seat.name],
    )


def account_table(state: TableState, account_id: str) -> AccountTable:
    """A table as its seated account's list of games shows it."""
    seat = state.seat_of_account(account_id)
    assert seat is not None
    due = state.timer_due()
    game = state.game
    your_turn = state.awaiting() == "human" and game is not None and game.to_move == seat.seat
    return AccountTable(
        table=state.id,
        edition=state.data.edition,
        status=state.status,
        seat=seat.seat,
        your_turn=your_turn,
        deadline=due[1] if due is not None and your_turn else None,
        turn_timer=state.data.turn_timer,
        players=[s.name or "" for s in state.seats],
        updated_at=state.data.updated_at,
    )


def record_path(table_id: str, number: int) -> str:
    """Where a finished game's record is downloaded."""
    return f"/api/tables/{table_id}/games/{number}/record"


def game_info(game: GameSummary) -> GameInfo:
    """A game of the history as the HTTP API answers it: the summary's fields (its
    table's id as ``table``), and its record's path once it is finished."""
    fields = dataclasses.asdict(game)
    record = record_path(game.table_id, game.number) if game.status == "finished" else None
    fields["table"] = fields.pop("table_id")
    return GameInfo.model_validate({**fields, "record": record}, strict=False)  # tuples as lists


# ---------------------------------------------------------------- WebSocket messages


def state_message(
    state: TableState,
    seat: int | None,
    log: list[str],
    log_reset: bool,
    *,
    table: str,
    view: str,
    now: float,
    earlier: str = "",
) -> str:
    """A ``state`` message as JSON text, for a client at ``seat`` (None: a spectator)
    told ``log`` at ``now`` (the server's clock). ``table`` and ``view`` are JSON texts
    its table's clients share (the :func:`public_table`, the engine's view for the
    seat), ``earlier`` the member of :func:`earlier_member`, if any."""
    message: dict[str, Any] = {
        "type": "state",
        "version": state.version,
        "you": {"seat": seat},
        "position": state.position(),
        "server_time": now,
        "log": log,
        "log_reset": log_reset,
    }
    if state.status == "finished":
        message["record"] = record_path(state.id, state.data.game_number)
    return f'{encode(message)[:-1]}{earlier},"table":{table},"view":{view}}}'


def earlier_member(rounds: Sequence[tuple[int, list[str]]]) -> str:
    """The member ``,"earlier":[…]`` of a state message: finished rounds' numbers and
    log lines; nothing without rounds."""
    if not rounds:
        return ""
    told = [{"round": number, "lines": lines} for number, lines in rounds]
    return f',"earlier":{encode(told)}'


def error_message(code: str, message: str, ref: str | int | None = None) -> dict[str, Any]:
    """The error a client gets; ``ref`` echoes the ``id`` of its message."""
    error: dict[str, Any] = {"type": "error", "code": code, "message": brief(message)}
    if ref is not None:
        error["ref"] = ref
    return error


def pong(ref: str | int | None) -> dict[str, Any]:
    """The answer to a ``ping``."""
    return {"type": "pong", "ref": ref}


def hint_message(action: str, reason: str, ref: str | int | None) -> dict[str, Any]:
    """The answer to a ``hint``: the expert's move in notation and why."""
    return {"type": "hint", "action": action, "reason": reason, "ref": ref}


def chat_line(
    seat: int | None, name: str | None, text: str | None, reaction: str | None
) -> dict[str, Any]:
    """A line of a table's chat, written now by ``seat`` (None: a spectator)."""
    return {
        "type": "chat",
        "seat": seat,
        "name": name,
        "text": text,
        "reaction": reaction,
        "at": time.time(),
    }


def chat_history(lines: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The latest chat lines of a table, for a client that just said hello."""
    return {"type": "chat_history", "lines": list(lines)}
