"""Every message the server accepts, and the HTTP API's answers, as pydantic models
(documented in docs/protocol.md).

Client messages over the WebSocket are a union discriminated by ``type``; HTTP bodies
and answers are models too, so FastAPI validates them and lists them on ``/docs``.
Every incoming model forbids unknown fields, limits every string's length and refuses
control characters in every string; the JSON text itself is read by one strict
decoder (:func:`read_json`: no ``NaN``, no number out of range, no lone surrogate, no
deep nesting). What the WebSocket sends is plain JSON built in
:mod:`loveletter.server.messages`, which also makes the answers that come from the
domain's records (:class:`TableInfo`, :class:`GameInfo`); a request becomes the
domain's command here (:meth:`CreateTable.to_spec`).
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    field_validator,
    model_validator,
)

from ..engine import Options
from ..engine.jsontext import parse_json
from ..tables import (
    BLANKS,
    NAME_LENGTH,
    GameStatus,
    Lang,
    SeatKind,
    TableSpec,
    TableStatus,
)
from .policies import LEVEL_NAME

#: The built-in bot levels a seat may have (``loveletter.bots.make_bot`` names).
BotLevel = Literal["easy", "medium", "hard", "expert", "random", "heuristic", "search"]
BOT_LEVELS: tuple[str, ...] = get_args(BotLevel)
#: A bot level as sent: a built-in one, or a policy level the server offers
#: (``/api/levels``); the server checks that it exists and fits the table.
LevelName = Annotated[str, Field(pattern=LEVEL_NAME, examples=list(BOT_LEVELS))]

Edition = Literal["classic", "2019", "2019-classic", "premium", "princess"]

URL_SAFE = r"^[A-Za-z0-9_-]+$"  # the alphabet of secrets.token_urlsafe
Token = Annotated[str, Field(min_length=8, max_length=64, pattern=URL_SAFE)]
TableId = Annotated[str, Field(min_length=4, max_length=24, pattern=URL_SAFE)]
Ref = Annotated[str, Field(max_length=64)] | int


#: How deeply a client's JSON may nest (the deepest valid body nests 3 levels).
MAX_JSON_DEPTH = 16


def read_json(text: str | bytes) -> Any:
    """The value of a client's JSON text (a message or a body); JSONTextError if it is
    not JSON (``malformed``) or holds what no message may (numbers out of range, lone
    surrogates, nesting deeper than MAX_JSON_DEPTH)."""
    return parse_json(text, max_depth=MAX_JSON_DEPTH)


#: Bidirectional embeddings, overrides and isolates: they reorder the text after them.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def plain_text(text: str) -> bool:
    """Whether ``text`` holds no control character (C0, DEL, C1, bidirectional controls)
    and no lone surrogate."""
    return text.isprintable() or not any(
        unicodedata.category(c) in ("Cc", "Cs") or c in BIDI_CONTROLS for c in text
    )


_BLANKS_AS_SPACES = str.maketrans(dict.fromkeys(BLANKS, " "))


def clean_name(name: str) -> str:
    """A display name: no control or format characters, its spaces (and letters drawn
    as a blank) collapsed, in Unicode's composed form (NFC)."""
    if any(unicodedata.category(char)[0] == "C" for char in name):
        raise ValueError("a name must not hold control characters")
    name = unicodedata.normalize("NFC", " ".join(name.translate(_BLANKS_AS_SPACES).split()))
    if not name:
        raise ValueError("a name must not be empty")
    return name


DisplayName = Annotated[
    str, Field(min_length=1, max_length=NAME_LENGTH), AfterValidator(clean_name)
]


class Model(BaseModel):
    """Strict, closed models: no unknown field, no coercion."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Incoming(Model):
    """What a client sends: no string of it may hold control characters."""

    @field_validator("*", mode="after")
    @classmethod
    def _plain_text(cls, value: Any) -> Any:
        if isinstance(value, str) and not plain_text(value):
            raise ValueError("control characters are not allowed")
        return value


# ------------------------------------------------------------------------ HTTP bodies


class OptionsSpec(Incoming):
    """The table options of docs/rules.md §1 (engine ``Options``); defaults are the rulebooks'."""

    tokens_to_win: Annotated[int, Field(ge=1, le=99)] | None = None
    tie_rule: Literal["all-win", "nobody"] = "all-win"
    face_up: bool = True
    first_player: Annotated[int, Field(ge=0, le=7)] | None = None
    constable_when_knocked_out: bool = False
    princess_beats_bishop: bool = True

    def to_engine(self) -> Options:
        """The engine's options."""
        return Options.from_dict(self.model_dump())


class OpenSeat(Incoming):
    """A seat left for a human to take with the invitation link."""

    kind: Literal["open"] = "open"


class BotSeat(Incoming):
    """A seat played by a bot of this level."""

    kind: Literal["bot"]
    level: LevelName = "medium"


SeatSpec = Annotated[OpenSeat | BotSeat, Field(discriminator="kind")]


#: The longest turn timer: a week a move.
LONGEST_TURN = 7 * 86400.0

TurnTimer = Annotated[
    float,
    Field(
        ge=0,
        le=LONGEST_TURN,
        description="Seconds a human has for each decision before their stand-in bot makes"
        " it (0: no turn timer); from an hour on, the table is turn-based: absence never"
        " hands a seat to a bot before the timer runs out.",
    ),
]


class CreateTable(Incoming):
    """A new table: its edition, its seats in order, its options."""

    edition: Edition = "classic"
    seats: Annotated[list[SeatSpec], Field(min_length=2, max_length=8)] = Field(
        default_factory=lambda: list[SeatSpec]([OpenSeat(), OpenSeat()])
    )
    options: OptionsSpec = OptionsSpec()
    bot_level: Annotated[
        LevelName,
        Field(description="Bots that fill open seats at the start and stand in for absentees."),
    ] = "medium"
    disconnect_timeout: Annotated[
        float,
        Field(gt=0, le=86400, description="Seconds a player may be gone before a bot stands in."),
    ] = 60.0
    lang: Annotated[Lang, Field(description="The language of the bots' names.")] = "en"
    turn_timer: TurnTimer = 0.0
    hints: Annotated[
        bool, Field(description="Whether seated players may ask for the expert's hint.")
    ] = False
    public: Annotated[
        bool,
        Field(description="Listed in the lobby while it waits for players (else: link only)."),
    ] = False

    def levels(self) -> list[str]:
        """Every bot level the table names: its bot seats' and its stand-ins'."""
        return [*(seat.level for seat in self.seats if isinstance(seat, BotSeat)), self.bot_level]

    def to_spec(self) -> TableSpec:
        """The domain's description of the new table."""
        return TableSpec(
            edition=self.edition,
            seats=tuple(seat.level if isinstance(seat, BotSeat) else None for seat in self.seats),
            options=self.options.to_engine(),
            bot_level=self.bot_level,
            disconnect_timeout=self.disconnect_timeout,
            lang=self.lang,
            turn_timer=self.turn_timer,
            hints=self.hints,
            public=self.public,
        )


class TableCreated(Model):
    """The new table, its invitation link and the host's secret token."""

    table: str
    host_token: str
    invite_url: str
    ws_url: str


class JoinTable(Incoming):
    """Take a free seat (the first one unless ``seat`` is given) under a display name;
    with the host token, the seat is the host's."""

    name: DisplayName
    seat: Annotated[int, Field(ge=0, le=7)] | None = None
    host_token: Token | None = None


class ClaimSeat(Incoming):
    """The token of a seat taken as a guest, to make it the signed-in account's."""

    token: Token


class Claimed(Model):
    """The seat that is now the account's."""

    table: str
    seat: int


class Joined(Model):
    """The seat taken and its secret token (keep it to reconnect)."""

    table: str
    seat: int
    token: str


class HostCommand(Incoming):
    """A command only the host may give."""

    host_token: Token
    lang: Annotated[Lang, Field(description="The language of new bots' names.")] = "en"


class SeatInfo(Model):
    """A seat as everyone sees it."""

    seat: int
    kind: SeatKind
    name: str | None
    level: str | None
    online: bool
    standin: bool
    away: bool
    standin_at: float | None


class TimedOut(Model):
    """A decision of the game that a bot made because the player's time ran out: its
    round, the index in the round's events where it begins, and the seat."""

    round: int
    index: int
    seat: int


class TableInfo(Model):
    """A table as everyone sees it (no token, no card)."""

    id: str
    edition: str
    options: dict[str, object]  # the engine's OptionChanges (pydantic reads no typing.TypedDict)
    bot_level: str
    disconnect_timeout: float
    turn_timer: float
    deadline: float | None
    host_seat: int | None
    host_gone_at: float | None
    spectator_chat: bool
    hints: bool
    public: bool
    lang: Lang
    status: TableStatus
    game: int
    version: int
    seats: list[SeatInfo]
    timed_out: list[TimedOut]  # this game's, oldest first


class QuickMatch(Incoming):
    """A seat at any public table of this edition, size and turn timer: the one waiting
    longest, or a new one; ``name`` is a guest's (a signed-in player plays under the
    account's)."""

    edition: Edition = "classic"
    players: Annotated[int, Field(ge=2, le=8)] = 2
    turn_timer: TurnTimer = 0.0
    lang: Annotated[Lang, Field(description="The table's language, if one is opened.")] = "en"
    name: DisplayName | None = None

    def to_spec(self) -> TableSpec:
        """The table a quick match opens when none waits."""
        return TableSpec(
            edition=self.edition,
            seats=(None,) * self.players,
            options=Options(),
            bot_level="medium",
            disconnect_timeout=60.0,
            lang=self.lang,
            turn_timer=self.turn_timer,
            public=True,
        )


class Matched(Model):
    """The seat a quick match took and its token; ``host_token`` when it opened the
    table (the host starts it, bots taking the seats still open)."""

    table: str
    seat: int
    token: str
    host_token: str | None
    created: bool


class LobbyHost(Model):
    """The host of a table in the lobby: their name, their account (null: a guest) and
    its rating in the edition's family (null: unrated)."""

    name: str
    account: str | None
    rating: float | None


class LobbyTable(Model):
    """A public table waiting for players."""

    id: str
    edition: str
    players: int
    free: int
    turn_timer: float
    lang: Lang
    created_at: float
    host: LobbyHost | None
    seated: list[str]


class LobbyInfo(Model):
    """A page of the lobby: how many tables fit in all, and this page's, newest first."""

    total: int
    tables: list[LobbyTable]


class AccountTable(Model):
    """A table the signed-in player sits at, not finished: whether it is their turn
    and until when (``deadline``, null without a turn timer)."""

    table: str
    edition: str
    status: TableStatus
    seat: int
    your_turn: bool
    deadline: float | None
    turn_timer: float
    players: list[str]
    updated_at: float


class AccountTables(Model):
    """The signed-in player's tables, those where it is their turn first (soonest
    deadline first); ``server_time`` to count the time left from."""

    server_time: float
    games: list[AccountTable]


class LinksInfo(Model):
    """Where invitation links point (``base`` None: the address the browser used)."""

    base: str | None
    local_only: bool
    listen: str


class GameInfo(Model):
    """A game in the history; ``record`` is its download link once it is finished."""

    table: str
    number: int
    edition: str
    players: list[str]
    status: GameStatus
    winners: list[int] | None
    created_at: float
    finished_at: float | None
    record: str | None


class Health(Model):
    """The server answers; how many clients this process holds."""

    status: Literal["ok"]
    version: str
    clients: int


class ErrorBody(Model):
    """What every refused request gets."""

    code: str
    message: str


class ErrorResponse(Model):
    """The body of an HTTP error."""

    error: ErrorBody


# ------------------------------------------------------------------ WebSocket messages


class Hello(Incoming):
    """The first message: which table, and the seat token (none for a spectator)."""

    type: Literal["hello"]
    table: TableId
    token: Token | None = None
    lang: Lang = "en"
    id: Ref | None = None


class SetLang(Incoming):
    """Tell this connection's log and reasons in another language from now on."""

    type: Literal["lang"]
    lang: Lang
    id: Ref | None = None


#: The largest number a position holds (the databases' integers are 32-bit or more).
LARGEST = 2**31 - 1


class Position(Incoming):
    """Where a game stands, as a state message's ``position`` tells it."""

    game: Annotated[int, Field(ge=1, le=LARGEST)]
    round: Annotated[int, Field(ge=1, le=LARGEST)]
    actions: Annotated[int, Field(ge=0, le=LARGEST)]


class Act(Incoming):
    """An action in notation, for the seat of this connection, at the position of the
    state it answers (refused as ``stale_action`` anywhere else)."""

    type: Literal["action"]
    action: Annotated[str, Field(min_length=1, max_length=80)]
    position: Position
    id: Ref | None = None


class Start(Incoming):
    """The host starts the game (open seats get bots): the host token, or the host's
    seat; any seated player once the host has been gone longer than the table allows."""

    type: Literal["start"]
    host_token: Token | None = None
    id: Ref | None = None


class Rematch(Incoming):
    """A new game with the same seats, once the game is over (who may: as ``start``)."""

    type: Literal["rematch"]
    host_token: Token | None = None
    id: Ref | None = None


class Remove(Incoming):
    """The host removes a seat's player (the host token, or the host's seat)."""

    type: Literal["remove"]
    seat: Annotated[int, Field(ge=0, le=7)]
    host_token: Token | None = None
    id: Ref | None = None


class HandHost(Incoming):
    """The host hands the host's role to the player of ``seat``."""

    type: Literal["host"]
    seat: Annotated[int, Field(ge=0, le=7)]
    host_token: Token | None = None
    id: Ref | None = None


#: The quick reactions of the chat (the page draws each as a symbol and its word).
Reaction = Literal["applause", "laugh", "wow", "thanks", "oops"]
#: The longest chat message.
CHAT_LENGTH = 200


class Chat(Incoming):
    """A line in the table's chat: plain text (shown as text, never markup), or one
    quick reaction. Players write; spectators only if the host allows."""

    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=CHAT_LENGTH)] | None = None
    reaction: Reaction | None = None
    id: Ref | None = None

    @field_validator("text", mode="after")
    @classmethod
    def _not_blank(cls, value: str | None) -> str | None:
        if value is not None and not value.strip():
            raise ValueError("a chat line must not be blank")
        return value.strip() if value is not None else None

    @model_validator(mode="after")
    def _one_of_them(self) -> Chat:
        if (self.text is None) == (self.reaction is None):
            raise ValueError("a chat line holds a text or a reaction, not both")
        return self


class ChatPolicy(Incoming):
    """The host lets spectators write in the chat (``spectators``), or not."""

    type: Literal["chat_policy"]
    spectators: bool
    host_token: Token | None = None
    id: Ref | None = None


class Back(Incoming):
    """A player marked away (their turn timer ran out too often) plays again themselves."""

    type: Literal["back"]
    id: Ref | None = None


class AskHint(Incoming):
    """Ask what the expert would play from this connection's seat (the table allows it)."""

    type: Literal["hint"]
    id: Ref | None = None


class Ping(Incoming):
    """Answered by a pong."""

    type: Literal["ping"]
    id: Ref | None = None


AnyMessage = (
    Hello
    | SetLang
    | Act
    | Start
    | Rematch
    | Remove
    | HandHost
    | Chat
    | ChatPolicy
    | Back
    | AskHint
    | Ping
)
ClientMessage = Annotated[AnyMessage, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[AnyMessage] = TypeAdapter(ClientMessage)
#: The ``type`` of every message a client may send, in the union's order.
MESSAGE_TYPES: tuple[str, ...] = tuple(
    tag for model in get_args(AnyMessage) for tag in get_args(model.model_fields["type"].annotation)
)
