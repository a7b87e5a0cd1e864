"""A table as committed: its row, its seats and its current game, never changed in place.

It also says when a player counts as gone, the one rule of presence: from the instant
``seen_at + disconnect_timeout`` on, that instant included. The host's absence, the
stand-ins, the instants the clients are sent and the repositories' queries all
follow it (docs/server.md, "When a player counts as gone is one rule").
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass

from ..engine import Game, View, build_view
from .records import Awaiting, SeatData, TableData, TableStatus


@dataclass(frozen=True, slots=True)
class TableState:
    """A table as committed: its row, seats and current game (never mutated).

    A command returns a new state (the game is copied before an action is applied),
    so a state held in a cache always equals what the repository holds.
    """

    data: TableData
    seats: tuple[SeatData, ...]
    game: Game | None = None

    @property
    def id(self) -> str:
        """The table id."""
        return self.data.id

    @property
    def version(self) -> int:
        """Incremented by every committed change."""
        return self.data.version

    @property
    def status(self) -> TableStatus:
        """``lobby``, ``playing`` or ``finished``."""
        return self.data.status

    def view(self, seat: int | None) -> View:
        """The engine's view for a seat (None: a spectator)."""
        assert self.game is not None
        return build_view(self.game, seat)

    def position(self) -> dict[str, int] | None:
        """Where the game stands: game number, round, actions taken in the round."""
        if self.game is None:
            return None
        history = self.game.history
        return {
            "game": self.data.game_number,
            "round": len(history),
            "actions": len(history[-1].actions) if history else 0,
        }

    def seat_of(self, token_hash: str) -> int | None:
        """The seat holding this token hash, if any (compared in constant time)."""
        found = None
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, token_hash):
                found = seat.seat
        return found

    def seat_of_account(self, account_id: str) -> SeatData | None:
        """The human seat that belongs to this account, if any."""
        return next(
            (s for s in self.seats if s.kind == "human" and s.account_id == account_id), None
        )

    def bot_to_move(self) -> tuple[int, str] | None:
        """The seat to move and its bot level, when a bot must decide now."""
        if self.status != "playing" or self.game is None:
            return None
        seat = self.game.to_move
        if seat is None:
            return None
        info = self.seats[seat]
        if info.kind == "bot":
            return seat, info.level or self.data.bot_level
        if info.standin or info.away:
            return seat, self.data.bot_level
        return None

    def timer_due(self) -> tuple[int, float] | None:
        """The human seat to move and when its turn timer runs out, if one runs."""
        deadline = self.data.deadline
        if deadline is None or self.awaiting() != "human":
            return None
        assert self.game is not None
        assert self.game.to_move is not None
        return self.game.to_move, deadline

    def awaiting(self) -> Awaiting | None:
        """What the game waits for: a ``human``, a ``bot``, the next ``round``; or None."""
        if self.status != "playing" or self.game is None:
            return None
        if self.game.to_move is None:
            return "round"
        return "bot" if self.bot_to_move() else "human"

    def gone_at(self, seat: int) -> float:
        """When the seat's player counts as gone unless seen again: the table's
        ``disconnect_timeout`` after they were last seen (that instant included)."""
        return self.seats[seat].seen_at + self.data.disconnect_timeout

    def host_gone_at(self) -> float | None:
        """When the host counts as gone, and any seated player may start the game or a
        rematch: None until the host sits, and while they are connected."""
        host = self.data.host_seat
        if host is None or self.seats[host].online:
            return None
        return self.gone_at(host)

    def host_gone(self, now: float) -> bool:
        """Whether the host counts as gone at ``now``."""
        return _reached(self.host_gone_at(), now)

    def standin_at(self, seat: int) -> float | None:
        """When a bot stands in for the seat's player, gone now: None while they are
        connected, and for a seat no bot may stand in for (:meth:`standin_due`)."""
        return None if self.seats[seat].online else self._standin_from(seat)

    def standin_due(self, seat: int, now: float) -> bool:
        """Whether a bot stands in for the seat's player at ``now``: a human of a game
        under way, not stood in for yet, gone. A seat marked connected counts too: with
        several processes, the one holding it may have died (the others' heartbeats
        keep the seats they hold seen), so the sweeps ask about every seat that no
        connection of their own process holds."""
        return _reached(self._standin_from(seat), now)

    def _standin_from(self, seat: int) -> float | None:
        """When a bot stands in for the seat's player if they are not seen again,
        connected or not; None for a seat no bot may stand in for."""
        info = self.seats[seat]
        if self.status != "playing" or info.kind != "human" or info.standin:
            return None
        if self.data.turn_based:  # only the turn timer hands a decision to a bot
            return None
        return self.gone_at(seat)

    def waiting_in_lobby(self, now: float) -> bool:
        """Whether the lobby lists the table at ``now``: public, not started, a seat
        open, and a human seated who is still there (on a turn-based table, seated is
        enough: its players come and go over days)."""
        data = self.data
        if not data.public or self.status != "lobby":
            return False
        if not any(seat.kind == "open" for seat in self.seats):
            return False
        return any(
            seat.kind == "human"
            and (data.turn_based or seat.online or now < self.gone_at(seat.seat))
            for seat in self.seats
        )


def _reached(at: float | None, now: float) -> bool:
    """Whether the instant ``at`` has come at ``now``: from that very instant on (None
    never comes)."""
    return at is not None and at <= now
