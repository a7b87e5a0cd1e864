"""Every message the server accepts, as pydantic models (documented in docs/protocol.md).

Client messages over the WebSocket are a union discriminated by ``type``; HTTP bodies
are models too, so FastAPI validates them and lists them on ``/docs``. Every incoming
model forbids unknown fields, limits every string's length and refuses control
characters in every string; the JSON text itself is read by one strict decoder
(:func:`read_json`: no ``NaN``, no number out of range, no lone surrogate, no deep
nesting). Messages the server sends are plain JSON built in
:mod:`loveletter.server.connections`. This is where the wire meets the domain:
:meth:`CreateTable.to_spec` and :func:`table_info` translate.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal, get_args

import orjson
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from ..engine import Options
from ..engine.jsontext import parse_json
from ..tables import (
    NAME_LENGTH,
    GameStatus,
    Lang,
    SeatKind,
    TableSpec,
    TableState,
    TableStatus,
)

#: The bot levels a seat may have (``loveletter.bots.make_bot`` names).
BotLevel = Literal["easy", "medium", "hard", "expert", "random", "heuristic", "search"]
BOT_LEVELS: tuple[str, ...] = get_args(BotLevel)

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


def plain_text(text: str) -> bool:
    """Whether ``text`` holds no control character (C0, DEL, C1) and no lone surrogate."""
    return text.isprintable() or not any(unicodedata.category(c) in ("Cc", "Cs") for c in text)


#: The longest message an error carries (it may quote what the client sent).
MESSAGE_LENGTH = 300


def brief(message: str) -> str:
    """An error's message cut to MESSAGE_LENGTH characters, without lone surrogates."""
    if len(message) > MESSAGE_LENGTH:
        message = message[: MESSAGE_LENGTH - 1] + "…"
    return message.encode("utf-8", "replace").decode("utf-8")


def encode(message: Any) -> str:
    """A message as compact JSON text (orjson: a tenth of the standard library's time
    on a view, which the server encodes once per seat after every action)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def clean_name(name: str) -> str:
    """A display name: no control or format characters, its spaces collapsed, in
    Unicode's composed form (NFC)."""
    if any(unicodedata.category(char)[0] == "C" for char in name):
        raise ValueError("a name must not hold control characters")
    name = unicodedata.normalize("NFC", " ".join(name.split()))
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


class TableOptions(Incoming):
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
    level: BotLevel = "medium"


SeatSpec = Annotated[OpenSeat | BotSeat, Field(discriminator="kind")]


class CreateTable(Incoming):
    """A new table: its edition, its seats in order, its options."""

    edition: Edition = "classic"
    seats: Annotated[list[SeatSpec], Field(min_length=2, max_length=8)] = Field(
        default_factory=lambda: list[SeatSpec]([OpenSeat(), OpenSeat()])
    )
    options: TableOptions = TableOptions()
    bot_level: Annotated[
        BotLevel,
        Field(description="Bots that fill open seats at the start and stand in for absentees."),
    ] = "medium"
    disconnect_timeout: Annotated[
        float,
        Field(gt=0, le=86400, description="Seconds a player may be gone before a bot stands in."),
    ] = 60.0

    def to_spec(self) -> TableSpec:
        """The domain's description of the new table."""
        return TableSpec(
            edition=self.edition,
            seats=tuple(seat.level if isinstance(seat, BotSeat) else None for seat in self.seats),
            options=self.options.to_engine(),
            bot_level=self.bot_level,
            disconnect_timeout=self.disconnect_timeout,
        )


class TableCreated(Model):
    """The new table, its invitation link and the host's secret token."""

    table: str
    host_token: str
    invite_url: str
    ws_url: str


class JoinTable(Incoming):
    """Take a free seat (the first one unless ``seat`` is given) under a display name."""

    name: DisplayName
    seat: Annotated[int, Field(ge=0, le=7)] | None = None


class Joined(Model):
    """The seat taken and its secret token (keep it to reconnect)."""

    table: str
    seat: int
    token: str


class HostCommand(Incoming):
    """A command only the host may give."""

    host_token: Token


class SeatInfo(Model):
    """A seat as everyone sees it."""

    seat: int
    kind: SeatKind
    name: str | None
    level: str | None
    online: bool
    standin: bool


class TableInfo(Model):
    """A table as everyone sees it (no token, no card)."""

    id: str
    edition: str
    options: dict[str, object]  # the engine's OptionChanges (pydantic reads no typing.TypedDict)
    bot_level: str
    disconnect_timeout: float
    status: TableStatus
    game: int
    version: int
    seats: list[SeatInfo]


def table_info(state: TableState) -> TableInfo:
    """What everyone may see of a table: no token, no card."""
    return TableInfo(
        id=state.id,
        edition=state.data.edition,
        options=dict(state.data.options),
        bot_level=state.data.bot_level,
        disconnect_timeout=state.data.disconnect_timeout,
        status=state.status,
        game=state.data.game_number,
        version=state.version,
        seats=[
            SeatInfo(
                seat=s.seat,
                kind=s.kind,
                name=s.name,
                level=s.level,
                online=s.online,
                standin=s.standin,
            )
            for s in state.seats
        ],
    )


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


class Act(Incoming):
    """An action in notation, for the seat of this connection."""

    type: Literal["action"]
    action: Annotated[str, Field(min_length=1, max_length=80)]
    id: Ref | None = None


class Start(Incoming):
    """The host starts the game (open seats get bots)."""

    type: Literal["start"]
    host_token: Token
    id: Ref | None = None


class Rematch(Incoming):
    """The host starts a new game with the same seats, once the game is over."""

    type: Literal["rematch"]
    host_token: Token
    id: Ref | None = None


class Ping(Incoming):
    """Answered by a pong."""

    type: Literal["ping"]
    id: Ref | None = None


ClientMessage = Annotated[
    Hello | SetLang | Act | Start | Rematch | Ping, Field(discriminator="type")
]
CLIENT_MESSAGE: TypeAdapter[Hello | SetLang | Act | Start | Rematch | Ping] = TypeAdapter(
    ClientMessage
)
MESSAGE_TYPES = ("hello", "lang", "action", "start", "rematch", "ping")
