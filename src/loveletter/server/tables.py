"""The domain: a table's state, the commands that change it, and what each change stores.

A :class:`TableState` is never changed in place: a command returns a new one (the
game is copied before an action is applied), so the cached state always equals what
the database holds. :func:`settle` turns a command's result into the stored
:class:`~loveletter.storage.Commit` and the final state.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from typing import Any

from ..engine import (
    RECORD_FORMAT,
    Game,
    IllegalActionError,
    NotationError,
    Options,
    build_view,
    describe_refusal,
    export_record,
    load_record,
)
from ..storage import Commit, NewAction, RoundData, SeatData, StoredTable, TableData
from .errors import ConflictError, InvalidError
from .protocol import LANGUAGES, NAME_LENGTH, CreateTable, SeatInfo, TableInfo, encode


@dataclass(frozen=True, slots=True)
class TableState:
    """A table as committed: its row, seats and current game (never mutated)."""

    data: TableData
    seats: tuple[SeatData, ...]
    game: Game | None = None
    _views: dict[int | None, str] = field(default_factory=dict, compare=False)
    _info: list[dict[str, Any]] = field(default_factory=list, compare=False)

    @property
    def id(self) -> str:
        """The table id."""
        return self.data.id

    @property
    def version(self) -> int:
        """Incremented by every committed change."""
        return self.data.version

    @property
    def status(self) -> str:
        """``lobby``, ``playing`` or ``finished``."""
        return self.data.status

    def view(self, seat: int | None) -> dict[str, Any]:
        """The engine's view for a seat (None: a spectator)."""
        assert self.game is not None
        return build_view(self.game, seat)

    def view_text(self, seat: int | None) -> str:
        """The view as JSON text, computed once per state and seat (text is cheap to
        keep: the garbage collector never scans it)."""
        text = self._views.get(seat)
        if text is None:
            text = self._views[seat] = encode(self.view(seat))
        return text

    def info(self) -> dict[str, Any]:
        """The table as everyone may see it: no token, no card."""
        if not self._info:
            self._info.append(
                TableInfo(
                    id=self.id,
                    edition=self.data.edition,
                    options=self.data.options,
                    bot_level=self.data.bot_level,
                    disconnect_timeout=self.data.disconnect_timeout,
                    status=self.data.status,  # type: ignore[arg-type]
                    game=self.data.game_number,
                    version=self.version,
                    seats=[
                        SeatInfo(
                            seat=s.seat,
                            kind=s.kind,  # type: ignore[arg-type]
                            name=s.name,
                            level=s.level,
                            online=s.online,
                            standin=s.standin,
                        )
                        for s in self.seats
                    ],
                ).model_dump()
            )
        return self._info[0]

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
        """The seat holding this token hash, if any."""
        for seat in self.seats:
            if seat.token_hash == token_hash:
                return seat.seat
        return None

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
        if info.standin:
            return seat, self.data.bot_level
        return None

    def awaiting(self) -> str | None:
        """What the game waits for: a ``human``, a ``bot``, the next ``round``; or None."""
        if self.status != "playing" or self.game is None:
            return None
        if self.game.to_move is None:
            return "round"
        return "bot" if self.bot_to_move() else "human"


def new_table(spec: CreateTable, table_id: str, host_hash: str, now: float) -> TableState:
    """A table in the lobby; raises InvalidError if the edition does not seat that many."""
    options = spec.options.to_engine()
    try:
        Game(spec.edition, len(spec.seats), options=options, start=False)
    except ValueError as error:
        raise InvalidError(str(error), "invalid_table") from None
    data = TableData(
        id=table_id,
        edition=spec.edition,
        options=options.changed(),
        bot_level=spec.bot_level,
        disconnect_timeout=spec.disconnect_timeout,
        host_hash=host_hash,
        status="lobby",
        game_number=0,
        awaiting=None,
        version=0,
        created_at=now,
        updated_at=now,
    )
    seats = tuple(
        SeatData(seat=i, kind="bot", level=s.level, name=_bot_name(i, []), seen_at=now)
        if s.kind == "bot"
        else SeatData(seat=i, kind="open", seen_at=now)
        for i, s in enumerate(spec.seats)
    )
    return TableState(data, seats)


def rebuild(stored: StoredTable, rng: random.Random) -> TableState:
    """A table rebuilt from storage, its game replayed from its rounds (no RNG needed)."""
    game = None
    if stored.table.game_number:
        record = {
            "format": RECORD_FORMAT,
            "edition": stored.table.edition,
            "options": stored.table.options,
            "players": list(stored.players),
            "rounds": [
                {"deck": list(r.deck), "first": r.first, "actions": list(r.actions)}
                for r in stored.rounds
            ],
        }
        game = load_record(record, rng=rng, check_result=False)
    return TableState(stored.table, stored.seats, game)


# ---------------------------------------------------------------------------- commands


def join(state: TableState, name: str, seat: int | None, token_hash: str, now: float) -> TableState:
    """A human takes a free seat of a table in the lobby."""
    if state.status != "lobby":
        raise ConflictError("the game has started: seats can no longer be taken", "not_in_lobby")
    if any(s.name is not None and s.name.casefold() == name.casefold() for s in state.seats):
        raise ConflictError(f"the name {name!r} is taken at this table", "name_taken")
    free = [s.seat for s in state.seats if s.kind == "open"]
    if seat is None:
        if not free:
            raise ConflictError("every seat is taken", "table_full")
        seat = free[0]
    elif seat >= len(state.seats):
        raise ConflictError(f"this table has no seat {seat}", "no_such_seat")
    elif seat not in free:
        raise ConflictError(f"seat {seat} is taken", "seat_taken")
    taken = SeatData(seat=seat, kind="human", name=name, token_hash=token_hash, seen_at=now)
    return _with_seats(state, {seat: taken})


def start(state: TableState, rng: random.Random, now: float, *, rematch: bool) -> TableState:
    """Start the first game (open seats get bots) or a rematch (the same seats)."""
    if rematch and state.status != "finished":
        raise ConflictError("a rematch can start only once the game is over", "not_finished")
    if not rematch and state.status != "lobby":
        raise ConflictError("the game has already started", "already_started")
    changed: dict[int, SeatData] = {}
    names = [s.name for s in state.seats if s.name is not None]
    for seat in state.seats:
        if seat.kind == "open":
            name = _bot_name(seat.seat, names)
            names.append(name)
            changed[seat.seat] = SeatData(
                seat=seat.seat, kind="bot", level=state.data.bot_level, name=name, seen_at=now
            )
        elif seat.kind == "human" and not seat.online:
            changed[seat.seat] = dataclasses.replace(seat, seen_at=now)  # a full timeout
    state = _with_seats(state, changed)
    players = [s.name or "" for s in state.seats]
    options = Options.from_dict(state.data.options)
    game = Game(state.data.edition, players, options=options, rng=rng)
    data = dataclasses.replace(state.data, status="playing", game_number=state.data.game_number + 1)
    return TableState(data, state.seats, game)


def act(state: TableState, seat: int, text: str) -> TableState:
    """The seat plays one decision in notation."""
    game = state.game
    if state.status != "playing" or game is None:
        raise ConflictError("no game is under way at this table", "not_playing")
    if game.to_move is None:
        raise ConflictError("the round is over: wait for the next one", "not_your_turn")
    if game.to_move != seat:
        raise ConflictError(
            f"it is not your turn: seat {game.to_move} must decide", "not_your_turn"
        )
    game = game.copy(rng=game.rng)  # the old state is dropped: its generator moves on
    try:
        game.apply(text, seat=seat)
    except NotationError as error:
        raise InvalidError(str(error), "bad_notation") from None
    except IllegalActionError as error:
        reasons = {lang: describe_refusal(error, game, lang) for lang in LANGUAGES}
        raise InvalidError(reasons["en"], "illegal_action", translations=reasons) from None
    data = state.data
    if game.is_over:
        data = dataclasses.replace(data, status="finished")
    return TableState(data, state.seats, game)


def next_round(state: TableState) -> TableState:
    """Deal the next round, shuffled by the game's (unpredictable) generator."""
    game = state.game
    if state.status != "playing" or game is None or game.to_move is not None:
        raise ConflictError("no round is waiting to be dealt", "not_between_rounds")
    game = game.copy(rng=game.rng)  # the old state is dropped: its generator moves on
    game.next_round()
    return TableState(state.data, state.seats, game)


def presence(state: TableState, seat: int, *, online: bool, now: float) -> TableState | None:
    """A seat's player connects (and takes their seat back) or leaves; None if no change."""
    current = state.seats[seat]
    new = dataclasses.replace(
        current, online=online, standin=current.standin and not online, seen_at=now
    )
    if (new.online, new.standin) == (current.online, current.standin):
        return None
    return _with_seats(state, {seat: new})


def stand_in(state: TableState, seat: int, now: float) -> TableState | None:
    """A bot plays for a human gone longer than the table allows; None if not due."""
    current = state.seats[seat]
    due = current.seen_at + state.data.disconnect_timeout <= now
    if state.status != "playing" or current.kind != "human" or current.standin or not due:
        return None
    return _with_seats(state, {seat: dataclasses.replace(current, standin=True, online=False)})


# ------------------------------------------------------------------------------ commits


def settle(old: TableState, new: TableState, now: float) -> tuple[TableState, Commit]:
    """The final new state (next version) and the commit that stores the change."""
    data = dataclasses.replace(new.data, version=old.version + 1, updated_at=now)
    data = dataclasses.replace(data, awaiting=TableState(data, new.seats, new.game).awaiting())
    final = TableState(data, new.seats, new.game)
    seats = tuple(s for s, before in zip(new.seats, old.seats, strict=True) if s != before)
    game = new.game
    new_game: tuple[str, ...] | None = None
    rounds: tuple[RoundData, ...] = ()
    actions: tuple[NewAction, ...] = ()
    record = None
    if game is not None and game is not old.game:
        fresh = data.game_number != old.data.game_number
        before = None if fresh else old.game
        if fresh:
            new_game = tuple(game.players)
        known_rounds = len(before.history) if before else 0
        rounds = tuple(
            RoundData(number, r.deck, r.first)
            for number, r in enumerate(game.history[known_rounds:], start=known_rounds + 1)
        )
        known_actions = _action_count(before) if before else 0
        actions = tuple(
            NewAction(seq, number, text)
            for seq, (number, text) in enumerate(_actions(game))
            if seq >= known_actions
        )
        if game.is_over:
            record = export_record(game)
            record["meta"] = {
                "table": data.id,
                "game": data.game_number,
                "seats": [
                    {"kind": s.kind, "level": s.level} if s.kind == "bot" else {"kind": s.kind}
                    for s in new.seats
                ],
            }
    commit = Commit(
        expected=old.version,
        table=data,
        seats=seats,
        new_game=new_game,
        rounds=rounds,
        actions=actions,
        record=record,
        winners=tuple(game.winners) if game is not None and record is not None else (),
    )
    return final, commit


def _action_count(game: Game) -> int:
    return sum(len(r.actions) for r in game.history)


def _actions(game: Game) -> list[tuple[int, str]]:
    return [
        (number, action.text)
        for number, r in enumerate(game.history, start=1)
        for action in r.actions
    ]


def _with_seats(state: TableState, changed: dict[int, SeatData]) -> TableState:
    if not changed:
        return state
    seats = tuple(changed.get(s.seat, s) for s in state.seats)
    return TableState(state.data, seats, state.game)


def _bot_name(seat: int, taken: list[str]) -> str:
    """``Bot 3``, or a variant no one at the table uses."""
    used = {name.casefold() for name in taken}
    name = f"Bot {seat + 1}"
    suffix = 1
    while name.casefold() in used:
        suffix += 1
        name = f"Bot {seat + 1}.{suffix}"
    return name[:NAME_LENGTH]
