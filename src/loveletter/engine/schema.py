"""The JSON data the engine gives out, as types: views, events, records, game states.

Types only: at run time a view or an event is a plain ``dict``, cheap to build and
ready for ``json.dumps``; these declarations let a type checker verify every key a
reader looks up. ``docs/views.md`` and ``docs/records.md`` describe the same shapes,
and a test holds whole games to them. A field the viewer may not know is present
and ``None``.

No ``from __future__ import annotations`` here: on Python 3.11 it would hide
``NotRequired`` from ``__required_keys__``, which the run-time check relies on.
"""

from typing import Literal, NotRequired, TypedDict

PhaseName = Literal["play", "chancellor", "cardinal", "bishop", "round_over", "game_over"]
TieRule = Literal["all-win", "nobody"]

# --- events, as a viewer may see them (events.event_dict) -----------------------------


class RoundEvent(TypedDict):
    """A round begins: its number, first seat and the cards removed face up."""

    type: Literal["round"]
    number: int
    first: int
    face_up: list[str]


class DealEvent(TypedDict):
    """A seat is dealt its first card (hidden from the others)."""

    type: Literal["deal"]
    seat: int
    card: str | None


class TurnEvent(TypedDict):
    """A seat's turn begins: it draws ``card`` (hidden from the others)."""

    type: Literal["turn"]
    seat: int
    card: str | None


class PlayEvent(TypedDict):
    """A card played: the action in notation and its parts."""

    type: Literal["play"]
    seat: int
    action: str
    card: str
    targets: list[int]
    guess: str | int | None  # a card, or a value where the Guard names values


class GuardEvent(TypedDict):
    """A Guard's guess and whether it hit."""

    type: Literal["guard"]
    seat: int
    target: int
    guess: str | int
    hit: bool


class AssassinEvent(TypedDict):
    """A Guard chose the Assassin: ``guard`` (who played it) is out instead (R30)."""

    type: Literal["assassin"]
    seat: int
    guard: int


class LookEvent(TypedDict):
    """``seat`` saw ``target``'s card (Priest, Baroness, Cardinal); only ``seat`` knows it."""

    type: Literal["look"]
    seat: int
    target: int
    card: str | None


class CompareEvent(TypedDict):
    """A Baron or Dowager Queen comparison; the cards are known to the two seats only."""

    type: Literal["compare"]
    seat: int
    target: int
    seat_card: str | None
    target_card: str | None
    loser: int | None  # None on a tie


class TradeEvent(TypedDict):
    """Two hands traded (King, Cardinal): the card each gave, known to the two only."""

    type: Literal["trade"]
    seat: int  # who played the card
    first: int
    second: int
    first_card: str | None
    second_card: str | None


class DiscardEvent(TypedDict):
    """A hand discarded without its effect; ``cause`` is prince, bishop or assassin."""

    type: Literal["discard"]
    seat: int
    card: str
    cause: str


class DrawEvent(TypedDict):
    """A replacement draw, from the deck or the set-aside card (hidden from the others)."""

    type: Literal["draw"]
    seat: int
    card: str | None
    set_aside: bool


class OutEvent(TypedDict):
    """A seat is out of the round, revealing its hand."""

    type: Literal["out"]
    seat: int
    cards: list[str]


class ChancellorDrawEvent(TypedDict):
    """The Chancellor's player draws ``count`` cards (the cards hidden from the others)."""

    type: Literal["chancellor_draw"]
    seat: int
    cards: list[str] | None
    count: int


class ChancellorReturnEvent(TypedDict):
    """The Chancellor's player puts ``count`` cards under the deck, in that order."""

    type: Literal["chancellor_return"]
    seat: int
    cards: list[str] | None
    count: int


class BishopEvent(TypedDict):
    """A Bishop named ``value`` for ``target``'s hand."""

    type: Literal["bishop"]
    seat: int
    target: int
    value: int
    hit: bool


class ReplyEvent(TypedDict):
    """The Bishop's target discards its hand (``discard``) or keeps it."""

    type: Literal["reply"]
    seat: int
    discard: bool


class TokenEvent(TypedDict):
    """A token gained; ``reason`` is round, spy, twins, jester, bishop or constable."""

    type: Literal["token"]
    seat: int
    reason: str


class ShownHand(TypedDict):
    """One seat's card at the showdown."""

    seat: int
    card: str


class ShowdownEvent(TypedDict):
    """The deck is empty: the hands still in the round are shown."""

    type: Literal["showdown"]
    hands: list[ShownHand]


class RoundEndEvent(TypedDict):
    """A round ends; ``ending`` is last_standing, showdown or game_won."""

    type: Literal["round_end"]
    ending: str
    winners: list[int]


class GameEndEvent(TypedDict):
    """The game ends."""

    type: Literal["game_end"]
    winners: list[int]


EventDict = (
    RoundEvent
    | DealEvent
    | TurnEvent
    | PlayEvent
    | GuardEvent
    | AssassinEvent
    | LookEvent
    | CompareEvent
    | TradeEvent
    | DiscardEvent
    | DrawEvent
    | OutEvent
    | ChancellorDrawEvent
    | ChancellorReturnEvent
    | BishopEvent
    | ReplyEvent
    | TokenEvent
    | ShowdownEvent
    | RoundEndEvent
    | GameEndEvent
)
#: The events that may show a seat a card privately (a view's ``learned``).
LearnedEvent = LookEvent | CompareEvent | TradeEvent | ChancellorDrawEvent | ChancellorReturnEvent

# --- table options ------------------------------------------------------------------------


class TableOptions(TypedDict):
    """Every table option (docs/rules.md §1, :class:`~loveletter.engine.Options`), as in a view."""

    tokens_to_win: int | None
    tie_rule: TieRule
    face_up: bool
    first_player: int | None
    constable_when_knocked_out: bool
    princess_beats_bishop: bool


class OptionChanges(TypedDict, total=False):
    """Only the table options that differ from the defaults, as in a record or a state."""

    tokens_to_win: int | None
    tie_rule: TieRule
    face_up: bool
    first_player: int | None
    constable_when_knocked_out: bool
    princess_beats_bishop: bool


# --- views (views.build_view) -------------------------------------------------------------


class SeatView(TypedDict):
    """What everyone knows of one seat."""

    seat: int
    name: str
    discards: list[str]  # in order, oldest first
    out: bool
    protected: bool
    tokens: int
    hand_count: int


class Jester(TypedDict):
    """Who played the Jester, and who holds its token (R31)."""

    owner: int
    holder: int


class ChancellorStep(TypedDict):
    """The Chancellor's player keeps one card and returns the others."""

    step: Literal["chancellor"]
    seat: int


class CardinalStep(TypedDict):
    """The Cardinal's player may look at one of the two traded hands."""

    step: Literal["cardinal"]
    seats: list[int]


class BishopStep(TypedDict):
    """The Bishop's target (``seat``) discards its hand or keeps it; ``value`` was named."""

    step: Literal["bishop"]
    seat: int
    bishop: int
    value: int


Pending = ChancellorStep | CardinalStep | BishopStep


class Bonus(TypedDict):
    """A token gained in a round, and why (round, spy, twins, jester, bishop, constable)."""

    seat: int
    reason: str


class RoundReview(TypedDict):
    """A finished round and its review (R52): every hand at the end, the set-aside card."""

    round: int
    ending: str  # last_standing, showdown or game_won
    winners: list[int]
    tokens: list[int]  # gained in this round, per seat
    bonuses: list[Bonus]
    hands: list[list[str]]  # empty for the seats that were out
    set_aside: str | None  # None once drawn


class View(TypedDict):
    """Everything one seat may know (R50-R52); ``seat`` is None for a spectator."""

    format: str
    edition: str
    players: list[str]
    seat: int | None
    options: TableOptions
    tokens_to_win: int
    guard_names_value: bool
    values: dict[str, int]
    round: int
    turn: int
    phase: PhaseName
    active: int | None
    to_move: int | None
    tokens: list[int]
    deck_count: int
    set_aside_taken: bool
    face_up: list[str]
    seats: list[SeatView]
    jester: Jester | None
    sycophant: int | None
    pending: Pending | None
    hand: list[str] | None
    legal_actions: list[str]
    unseen: dict[str, int]
    known_hands: dict[str, str]  # keyed by seat number as text
    learned: list[LearnedEvent]
    events: list[EventDict]
    results: list[RoundReview]
    winners: list[int]


# --- records (record.export_record) -------------------------------------------------------


class RecordRound(TypedDict):
    """One round of a record: its whole deck (top first), first seat and actions."""

    deck: list[str]
    first: int
    actions: list[str]


class RoundOutcome(TypedDict):
    """One finished round in a record's result: its winners and the tokens gained."""

    winners: list[int]
    tokens: list[int]


class RecordResult(TypedDict):
    """A game's result so far: finished rounds, token totals, the game's winners."""

    rounds: list[RoundOutcome]
    tokens: list[int]
    winners: list[int]


class Record(TypedDict):
    """A game record (``docs/records.md``)."""

    format: str
    edition: str
    options: OptionChanges
    players: list[str]
    rounds: list[RecordRound]
    result: NotRequired[RecordResult]
    meta: NotRequired[dict[str, object]]  # free: each tool keeps its own data there


# --- game states (state.game_state) -------------------------------------------------------


class GameState(TypedDict):
    """A game's whole state, hidden cards included, without its history."""

    format: str
    edition: str
    options: OptionChanges
    players: list[str]
    round: int
    turn: int
    phase: PhaseName
    active: int
    tokens: list[int]
    round_tokens: list[int]
    deck: list[str]  # top first
    set_aside: str | None
    face_up: list[str]
    hands: list[list[str]]
    discards: list[list[str]]
    out: list[bool]
    protected: list[bool]
    jester: list[int] | None  # [owner, holder]
    sycophant: int | None
    pending: list[int]
    next_first: list[int]
    winners: list[int]
