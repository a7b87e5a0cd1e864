"""What is stored of a table: plain frozen records that any repository reads and writes.

A change of a table is one :class:`Commit`, written only if the table is still at
the version the change was computed from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ..engine import OptionChanges, Record

#: ``lobby`` (seats being taken), ``playing`` or ``finished`` (a rematch may follow).
TableStatus = Literal["lobby", "playing", "finished"]

#: An ``open`` seat waits for a human; a ``human`` holds a token; a ``bot`` plays itself.
SeatKind = Literal["open", "human", "bot"]

#: What a game under way waits for: a ``human``'s or a ``bot``'s decision, or the
#: next ``round`` to be dealt.
Awaiting = Literal["human", "bot", "round"]

#: The turn timer's runs out in a row after which a player is away (a bot plays for them).
AWAY_AFTER = 3

#: The shortest time a move (seconds) of a turn-based table, played over hours or days.
TURN_BASED = 3600.0

#: Where a bot's decision for a human seat begins in the current game's log: the
#: round, the index of its first event in that round's log, and the seat.
#: Where a decision a bot made for a human begins: round, index in the round's log,
#: seat, and why ("out": the player's time ran out; "bot": a bot stood in for a
#: player gone or away).
StandinMark = tuple[int, int, int, str]

#: A game of a table's history.
GameStatus = Literal["playing", "finished"]


@dataclass(frozen=True, slots=True)
class SeatData:
    """One seat as stored; ``standin`` marks a bot playing for an absent human,
    ``timeouts`` counts the turn timer's runs out in a row (the player is away from
    :data:`AWAY_AFTER` on, until they act again); ``account_id`` is the account the
    seat belongs to (its player signed in on any device plays it), None for a guest."""

    seat: int
    kind: SeatKind
    level: str | None = None
    name: str | None = None
    token_hash: str | None = None
    online: bool = False
    standin: bool = False
    seen_at: float = 0.0
    timeouts: int = 0
    account_id: str | None = None

    @property
    def away(self) -> bool:
        """Whether the turn timer ran out on this player too often in a row."""
        return self.timeouts >= AWAY_AFTER


@dataclass(frozen=True, slots=True)
class TableData:
    """A table's own row as stored. ``turn_timer`` is the seconds a human has for each
    decision (0: no timer), ``deadline`` when the decision awaited now runs out, and
    ``standin_marks`` where the current game's decisions made by a bot for a human
    begin (that player's log marks them). ``host_seat`` is the seat of the host, once
    they sit at their table (the host token is then that seat's); ``spectator_chat``
    whether spectators may write in the table's chat (the host decides). A ``public``
    table is listed in the lobby while it waits for players (else only its link finds
    it); ``lang`` is the language it was created in (its bots' names, its mail)."""

    id: str
    edition: str
    options: OptionChanges
    bot_level: str
    disconnect_timeout: float
    host_hash: str
    status: TableStatus
    game_number: int
    awaiting: Awaiting | None
    version: int
    created_at: float
    updated_at: float
    turn_timer: float = 0.0
    deadline: float | None = None
    standin_marks: tuple[StandinMark, ...] = ()
    host_seat: int | None = None
    spectator_chat: bool = False
    hints: bool = False  # players may ask for the expert's hint
    public: bool = False
    lang: str = "en"

    @property
    def turn_based(self) -> bool:
        """Whether the table is played turn by turn over hours or days: a move's time
        is at least :data:`TURN_BASED`, and absence never hands a seat to a bot."""
        return self.turn_timer >= TURN_BASED


@dataclass(frozen=True, slots=True)
class RoundData:
    """One dealt round of the current game and its actions so far."""

    number: int
    deck: tuple[str, ...]
    first: int
    actions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StoredTable:
    """Everything needed to rebuild a table: its row, seats and current game."""

    table: TableData
    seats: tuple[SeatData, ...]
    players: tuple[str, ...] = ()
    rounds: tuple[RoundData, ...] = ()


@dataclass(frozen=True, slots=True)
class NewAction:
    """An accepted action to store: its index in the game, its round, its notation."""

    seq: int
    round: int
    text: str


@dataclass(frozen=True, slots=True)
class Commit:
    """One change of a table, written only if the table is still at ``expected``.

    ``table`` holds the new row (its version already incremented). ``new_game``
    starts game ``table.game_number`` with these players; ``rounds`` and ``actions``
    extend that game; ``record`` finishes it, and ``accounts_played`` says whether its
    accounts' results are still to be written (else it is marked rated at once).
    """

    expected: int
    table: TableData
    seats: tuple[SeatData, ...] = ()
    new_game: tuple[str, ...] | None = None
    rounds: tuple[RoundData, ...] = ()
    actions: tuple[NewAction, ...] = ()
    record: Record | None = None
    winners: tuple[int, ...] = ()
    accounts_played: bool = False


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A game as listed in the history."""

    table_id: str
    number: int
    edition: str
    players: tuple[str, ...]
    status: GameStatus
    winners: tuple[int, ...] | None
    created_at: float
    finished_at: float | None


@dataclass(frozen=True, slots=True)
class AccountData:
    """An account: ``name_key`` is its name's key (``names.name_key``), unique; its
    ``email`` (optional, never shown to others) receives links once ``email_verified``."""

    id: str
    name: str
    name_key: str
    password_hash: str
    created_at: float
    email: str | None = None
    email_verified: bool = False
    turn_mail: bool = True  # mail when it is their turn at a turn-based table


@dataclass(frozen=True, slots=True)
class SessionData:
    """A signed-in browser: the hash of its cookie's id, the token its changing
    requests carry (``csrf``), and when it ends."""

    id_hash: str
    account_id: str
    csrf: str
    created_at: float
    expires_at: float


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game as its players' results are computed from it: the account of
    each seat (None for a guest or a bot)."""

    table_id: str
    number: int
    edition: str
    finished_at: float
    record: Record
    accounts: tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class RatingData:
    """An account's rating in a family of editions: openskill's ``mu`` and ``sigma``,
    the ``ordinal`` that ranks it (``mu - 3 sigma``), and the rated games behind it."""

    account_id: str
    family: str
    mu: float
    sigma: float
    ordinal: float
    games: int


@dataclass(frozen=True, slots=True)
class AccountGame:
    """An account's result in one finished game, and its rating's ordinal before and
    after it (None when the game was not rated: fewer than two accounts played)."""

    account_id: str
    table_id: str
    game: int
    seat: int
    edition: str
    family: str
    players: int
    finished_at: float
    won: bool
    tokens: int
    rounds_won: int
    rank: int
    rating_before: float | None
    rating_after: float | None


@dataclass(frozen=True, slots=True)
class CardCount:
    """How often an account won a round holding a card, and went out holding it."""

    account_id: str
    card: str
    won: int
    out: int


@dataclass(frozen=True, slots=True)
class GameResults:
    """What a finished game adds to its accounts: a result each, their new ratings
    (none when it was not rated), and their cards (added to the counts so far)."""

    games: tuple[AccountGame, ...]
    ratings: tuple[RatingData, ...]
    cards: tuple[CardCount, ...]


#: What a finished game gives its accounts, from the game and their ratings so far.
Rater = Callable[[FinishedGame, dict[str, RatingData]], GameResults]


@dataclass(frozen=True, slots=True)
class EditionStats:
    """An account's games in one edition: played, won, and rounds won."""

    edition: str
    games: int
    wins: int
    rounds_won: int


@dataclass(frozen=True, slots=True)
class MailToken:
    """A link sent by mail: the hash of its token, what it is for (``verify`` an
    address, ``reset`` a password), the address it went to, when it expires."""

    token_hash: str
    account_id: str
    purpose: Literal["verify", "reset"]
    email: str
    expires_at: float


@dataclass(frozen=True, slots=True)
class LobbyQuery:
    """Which public tables waiting for players to list: of an ``edition``, with this
    many ``players`` (seats), with this ``turn_timer`` (None: any)."""

    edition: str | None = None
    players: int | None = None
    turn_timer: float | None = None


@dataclass(frozen=True, slots=True)
class LobbyEntry:
    """A public table waiting for players, as the lobby lists it: its row, its seats and
    its host's rating (the ordinal of the edition's family; None: unrated or a guest)."""

    table: TableData
    seats: tuple[SeatData, ...]
    host_rating: float | None = None


@dataclass(frozen=True, slots=True)
class LobbyPage:
    """A page of the lobby: the tables that fit the query in all, and this page's."""

    total: int
    entries: tuple[LobbyEntry, ...]
