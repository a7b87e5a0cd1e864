"""The commands that change a table: each takes a state and returns a new one.

A command refuses with a :class:`~.errors.TableError` and then changes nothing; it
never touches the repository (the service layer commits what it returns).
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from ..engine import (
    Game,
    IllegalActionError,
    NotationError,
    Options,
    View,
    describe_notation_error,
    describe_refusal,
)
from .errors import ConflictError, ForbiddenError, InvalidError, StaleError
from .names import name_key
from .records import SeatData, TableData
from .state import TableState

#: The languages a player may be told things in (here: why an action is refused).
Lang = Literal["en", "fr"]
LANGUAGES: tuple[str, ...] = get_args(Lang)

#: The longest display name a seat may have.
NAME_LENGTH = 24


@dataclass(frozen=True, slots=True)
class TableSpec:
    """A new table: its edition, its seats in order (a bot's level, or None for a seat
    left open), its options, the level of the bots that fill open seats and stand in
    for absent players, the seconds a player may be gone before one does, the seconds
    a human has for each decision (0: no turn timer); ``lang`` names its bots ("Bot 3",
    "Robot 3") and its mail; a ``public`` table is listed in the lobby."""

    edition: str
    seats: tuple[str | None, ...]
    options: Options
    bot_level: str
    disconnect_timeout: float
    lang: str = "en"
    turn_timer: float = 0.0
    hints: bool = False
    public: bool = False


def new_table(spec: TableSpec, table_id: str, host_hash: str, now: float) -> TableState:
    """A table in the lobby; raises InvalidError if the edition does not seat that many."""
    try:
        Game(spec.edition, len(spec.seats), options=spec.options, start=False)
    except ValueError as error:
        raise InvalidError(str(error), "invalid_table") from None
    data = TableData(
        id=table_id,
        edition=spec.edition,
        options=spec.options.changed(),
        bot_level=spec.bot_level,
        disconnect_timeout=spec.disconnect_timeout,
        host_hash=host_hash,
        status="lobby",
        game_number=0,
        awaiting=None,
        version=0,
        created_at=now,
        updated_at=now,
        turn_timer=spec.turn_timer,
        hints=spec.hints,
        public=spec.public,
        lang=spec.lang,
    )
    seats = tuple(
        SeatData(seat=i, kind="open", seen_at=now)
        if level is None
        else SeatData(
            seat=i, kind="bot", level=level, name=_bot_name(i, [], spec.lang), seen_at=now
        )
        for i, level in enumerate(spec.seats)
    )
    return TableState(data, seats)


def join(
    state: TableState,
    name: str,
    seat: int | None,
    token_hash: str,
    now: float,
    *,
    host: bool = False,
    account_id: str | None = None,
) -> TableState:
    """A human takes a free seat of a table in the lobby, under a name that looks like
    no other at the table (:func:`~.names.name_key`); the ``host`` takes it as host's.
    A signed-in player's seat belongs to their account, which holds one seat a table."""
    if state.status != "lobby":
        raise ConflictError("the game has started: seats can no longer be taken", "not_in_lobby")
    if account_id is not None and state.seat_of_account(account_id) is not None:
        raise ConflictError("you already have a seat at this table", "already_seated")
    key = name_key(name)
    if any(s.name is not None and name_key(s.name) == key for s in state.seats):
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
    taken = SeatData(
        seat=seat,
        kind="human",
        name=name,
        token_hash=token_hash,
        seen_at=now,
        account_id=account_id,
    )
    if host and state.data.host_seat is None:
        data = dataclasses.replace(state.data, host_seat=seat)
        state = TableState(data, state.seats, state.game)
    return _with_seats(state, {seat: taken})


def claim(state: TableState, seat: int, account_id: str) -> TableState:
    """A guest who signed in makes their seat (``seat``, whose token they hold) their
    account's: from then on they play it signed in on any device. A seat of another
    account is refused, as a second seat of the same account at the table."""
    current = state.seats[seat]
    if current.account_id == account_id:
        return state
    if current.kind != "human" or current.account_id is not None:
        raise ForbiddenError("this seat belongs to another account", "seat_owned")
    if state.seat_of_account(account_id) is not None:
        raise ConflictError("you already have a seat at this table", "already_seated")
    return _with_seats(state, {seat: dataclasses.replace(current, account_id=account_id)})


def remove(state: TableState, seat: int, now: float) -> TableState:
    """The host removes a seat's player: in the lobby the seat is open again, in a game
    a bot of the table's level takes it (under the same name). Their token is void."""
    current = _other_human(state, seat)
    if state.status == "lobby":
        new = SeatData(seat=seat, kind="open", seen_at=now)
    else:
        new = SeatData(
            seat=seat, kind="bot", level=state.data.bot_level, name=current.name, seen_at=now
        )
    return _with_seats(state, {seat: new})


def hand_host(state: TableState, seat: int) -> TableState:
    """The host hands the host's role (and token: that seat's) to another player."""
    current = _other_human(state, seat)
    assert current.token_hash is not None
    data = dataclasses.replace(state.data, host_seat=seat, host_hash=current.token_hash)
    return TableState(data, state.seats, state.game)


def chat_policy(state: TableState, spectators: bool) -> TableState | None:
    """The host lets spectators write in the chat, or not; None if unchanged."""
    if state.data.spectator_chat == spectators:
        return None
    data = dataclasses.replace(state.data, spectator_chat=spectators)
    return TableState(data, state.seats, state.game)


def _other_human(state: TableState, seat: int) -> SeatData:
    """The seat, if another human than the host holds it; ConflictError otherwise."""
    if not 0 <= seat < len(state.seats):
        raise ConflictError(f"this table has no seat {seat}", "no_such_seat")
    current = state.seats[seat]
    if current.kind != "human":
        raise ConflictError(f"no player holds seat {seat}", "no_player")
    if seat == state.data.host_seat:
        raise ConflictError("the host holds this seat", "host_seat")
    return current


def start(
    state: TableState, rng: random.Random, now: float, *, rematch: bool, lang: str = "en"
) -> TableState:
    """Start the first game (open seats get bots, named in ``lang``) or a rematch (the
    same seats)."""
    if rematch and state.status != "finished":
        raise ConflictError("a rematch can start only once the game is over", "not_finished")
    if not rematch and state.status != "lobby":
        raise ConflictError("the game has already started", "already_started")
    changed: dict[int, SeatData] = {}
    names = [s.name for s in state.seats if s.name is not None]
    for seat in state.seats:
        if seat.kind == "open":
            name = _bot_name(seat.seat, names, lang)
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
    data = dataclasses.replace(
        state.data, status="playing", game_number=state.data.game_number + 1, standin_marks=()
    )
    return TableState(data, state.seats, game)


#: Why an action meant for another position is refused, in every language.
STALE_ACTION = {
    "en": "the game has moved on since this action was chosen: choose again",
    "fr": "la partie a avancé depuis le choix de cette action\u00a0: choisissez à nouveau",
}


def hint_view(state: TableState, seat: int) -> View:
    """The view a hint for ``seat`` is computed from: refused unless the table allows
    hints and it is that seat's turn."""
    if not state.data.hints:
        raise ConflictError(
            "hints are off at this table: the host did not allow them",
            "hints_off",
            translations={
                "fr": "Les conseils sont désactivés à cette table : l'hôte ne les a pas permis."
            },
        )
    game = state.game
    if state.status != "playing" or game is None:
        raise ConflictError("no game is under way at this table", "not_playing")
    if game.to_move != seat:
        raise ConflictError("a hint is for the seat to move: it is not your turn", "not_your_turn")
    return state.view(seat)


#: Who made a decision: the seat's ``player``, its ``bot`` (a bot's seat, or one
#: standing in), or the stand-in because the turn timer ran ``out``.
Decider = Literal["player", "bot", "out"]


def act(
    state: TableState,
    seat: int,
    text: str,
    by: Decider = "player",
    *,
    at: Mapping[str, int] | None = None,
) -> TableState:
    """The seat plays one decision in notation. A player's own decision ends their
    timeouts in a row (they are back); a decision made because the timer ran out
    counts one more. With ``at``, only at that position (:meth:`TableState.position`):
    an action meant for an earlier one, a duplicate or a loser of a race, is refused as
    ``stale_action`` even where it would be legal."""
    game = state.game
    if state.status != "playing" or game is None:
        raise ConflictError("no game is under way at this table", "not_playing")
    if at is not None and dict(at) != state.position():
        raise StaleError(STALE_ACTION["en"], "stale_action", translations=STALE_ACTION)
    if game.to_move is None:
        raise ConflictError("the round is over: wait for the next one", "not_your_turn")
    if game.to_move != seat:
        raise ConflictError(
            f"it is not your turn: seat {game.to_move} must decide", "not_your_turn"
        )
    game = game.copy(rng=game.rng)  # the old state is dropped: its generator moves on
    began = (game.round, len(game.log), seat)
    try:
        game.apply(text, seat=seat)
    except NotationError as error:
        told = {
            lang: describe_notation_error(error, lang, seats=game.seat_count) for lang in LANGUAGES
        }
        raise InvalidError(told["en"], "bad_notation", translations=told) from None
    except IllegalActionError as error:
        reasons = {lang: describe_refusal(error, game, lang, viewer=seat) for lang in LANGUAGES}
        raise InvalidError(reasons["en"], "illegal_action", translations=reasons) from None
    data = state.data
    current = state.seats[seat]
    if by != "player" and current.kind == "human":
        data = dataclasses.replace(data, standin_marks=(*data.standin_marks, (*began, by)))
    if game.is_over:
        data = dataclasses.replace(data, status="finished")
    timeouts = {"player": 0, "bot": current.timeouts, "out": current.timeouts + 1}[by]
    changed = (
        {}
        if timeouts == current.timeouts
        else {seat: dataclasses.replace(current, timeouts=timeouts)}
    )
    return _with_seats(TableState(data, state.seats, game), changed)


def back(state: TableState, seat: int) -> TableState | None:
    """A player marked away says they are back; None if they were not away."""
    current = state.seats[seat]
    if not current.timeouts:
        return None
    return _with_seats(state, {seat: dataclasses.replace(current, timeouts=0)})


def next_round(state: TableState) -> TableState:
    """Deal the next round, shuffled by the game's (unpredictable) generator."""
    game = state.game
    if state.status != "playing" or game is None or game.to_move is not None:
        raise ConflictError("no round is waiting to be dealt", "not_between_rounds")
    game = game.copy(rng=game.rng)  # the old state is dropped: its generator moves on
    game.next_round()
    return TableState(state.data, state.seats, game)


def random_change(state: TableState, rng: random.Random) -> TableState:
    """The table once the seat to move made a decision chosen at random, or the next
    round was dealt: play as the tests and benchmarks drive it."""
    game = state.game
    if game is None or game.to_move is None:
        return next_round(state)
    action = rng.choice(game.legal_actions()).text
    return act(state, game.to_move, action, at=state.position())


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
    """A bot plays for a human gone (:meth:`TableState.standin_due`); None if not due."""
    if not state.standin_due(seat, now):
        return None
    current = state.seats[seat]
    return _with_seats(state, {seat: dataclasses.replace(current, standin=True, online=False)})


def _with_seats(state: TableState, changed: dict[int, SeatData]) -> TableState:
    if not changed:
        return state
    seats = tuple(changed.get(s.seat, s) for s in state.seats)
    return TableState(state.data, seats, state.game)


#: A bot's default name, by language.
_BOT_WORD = {"en": "Bot", "fr": "Robot"}
_DEFAULT_BOT_NAME = re.compile(rf"(?:{'|'.join(_BOT_WORD.values())}) (\d+(?:\.\d+)?)")


def names_in(kinds: Sequence[str], names: Sequence[str], lang: str) -> list[str]:
    """The players' ``names`` (their seats' ``kinds`` in the same order) as a reader
    in ``lang`` says them: a bot's default name in that language ("Bot 2" is "Robot 2"
    in French), whatever the table's language; every other name as it is."""
    word = _BOT_WORD.get(lang, "Bot")
    said = []
    for seat, name in enumerate(names):
        found = _DEFAULT_BOT_NAME.fullmatch(name)
        bot = seat < len(kinds) and kinds[seat] == "bot"
        said.append(f"{word} {found.group(1)}" if found and bot else name)
    return said


def _bot_name(seat: int, taken: list[str], lang: str = "en") -> str:
    """``Bot 3`` (``Robot 3`` in French), or a variant no one at the table uses."""
    used = {name_key(name) for name in taken}
    word = _BOT_WORD.get(lang, "Bot")
    name = f"{word} {seat + 1}"
    suffix = 1
    while name_key(name) in used:
        suffix += 1
        name = f"{word} {seat + 1}.{suffix}"
    return name[:NAME_LENGTH]
