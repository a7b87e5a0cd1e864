"""Actions and their text notation (docs/notation.md).

An action is a small immutable value, and a ``str``: its canonical notation, as a
member of a ``StrEnum`` is its value. So an action equals its notation and hashes
like it: ``"guard 1 priest" in game.legal_actions()``, a dict of actions looked up by
notation, a view's ``legal_actions`` (texts) holding an action. Equal actions are the
*same* object: every action is interned by its canonical text, so
``parse_action("guard 1 priest") is Action.play("guard", 1, guess="priest")``.
``str(action)`` is the canonical notation and parsing it gives the action back.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar, NoReturn

from .cards import CARD_KINDS, Choice
from .explain import notation_error

MAX_SEATS = 8
#: The longest text an action may be.
MAX_LENGTH = 100
#: Values a Guard (Premium 5-8 players) or a Bishop may name: 0 and 2-9 are legal, but
#: any digit parses; the rules decide.
MAX_VALUE = 9

STEP_WORDS = frozenset({"keep", "look", "discard"})
#: The words that begin the action of each card's second step.
_STEP_OPENERS: Mapping[str, tuple[str, ...]] = {
    "chancellor": ("keep",),
    "cardinal": ("look",),
    "bishop": ("discard", "keep"),  # the target's answer
}
_NUMBER = re.compile(r"[0-9]{1,3}")

Guess = str | int
#: An action's parts: its word, seats, guess and cards.
_Parts = tuple[str, tuple[int, ...], Guess | None, tuple[str, ...]]


class Action(str):
    """One decision in the notation: a card played, or a second step; as a ``str``,
    its canonical notation (other spellings that parse to it are not equal to it).

    - ``word``: the first word: a card id, or ``keep``/``look``/``discard`` for the
      second steps (Chancellor, Cardinal, the Bishop's target);
    - ``seats``: the chosen seats (increasing for Baroness and Cardinal);
    - ``guess``: the Guard's named card id or value, the Bishop's value;
    - ``cards``: for the Chancellor's ``keep``, the kept card then the returned ones in
      the order they go under the deck.
    """

    __slots__ = ("cards", "guess", "seats", "text", "word")
    #: Every action made so far, by its parts and by its notation: one object each.
    _by_parts: ClassVar[dict[_Parts, Action]] = {}
    _by_text: ClassVar[dict[str, Action]] = {}

    word: str
    seats: tuple[int, ...]
    guess: Guess | None
    cards: tuple[str, ...]
    text: str

    def __new__(
        cls,
        word: str,
        seats: tuple[int, ...] = (),
        guess: Guess | None = None,
        cards: tuple[str, ...] = (),
    ) -> Action:
        if len(seats) > 1:  # a set of seats, written in increasing order (notation.md)
            seats = tuple(sorted(seats))
        parts = (word, seats, guess, cards)
        interned = cls._by_parts.get(parts)
        if interned is not None:
            return interned
        _check_shape(word, seats, guess, cards)
        text = _format(word, seats, guess, cards)
        action = str.__new__(cls, text)
        for name, value in (
            ("word", word),
            ("seats", seats),
            ("guess", guess),
            ("cards", cards),
            ("text", text),
        ):
            object.__setattr__(action, name, value)
        cls._by_parts[parts] = cls._by_text[text] = action
        return action

    # -- constructors ----------------------------------------------------------------

    @classmethod
    def play(cls, card: str, *seats: int, guess: Guess | None = None) -> Action:
        """Play ``card``, choosing ``seats`` (and naming ``guess`` for Guard/Bishop)."""
        return cls(card, tuple(seats), guess)

    @classmethod
    def keep(cls, kept: str, *returned: str) -> Action:
        """Chancellor's second step; ``returned`` go under the deck in this order."""
        return cls("keep", (), None, (kept, *returned))

    @classmethod
    def look(cls, seat: int | None) -> Action:
        """Cardinal's second step: look at ``seat``'s hand, or at neither (None)."""
        return cls("look", () if seat is None else (seat,))

    # -- properties ------------------------------------------------------------------

    @property
    def card(self) -> str | None:
        """The card played, or None for a second step."""
        return None if self.word in STEP_WORDS else self.word

    @property
    def target(self) -> int | None:
        """The first chosen seat, if any."""
        return self.seats[0] if self.seats else None

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"parse_action({self.text!r})"

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (parse_action, (self.text,))

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: object) -> Action:
        return self


def _format(word: str, seats: tuple[int, ...], guess: Guess | None, cards: tuple[str, ...]) -> str:
    parts = [word]
    if word == "look" and not seats:
        parts.append("none")
    parts.extend(str(seat) for seat in seats)
    if guess is not None:
        parts.append(str(guess))
    parts.extend(cards)
    return " ".join(parts)


def _fail(code: str, **details: Any) -> NoReturn:
    raise notation_error(code, **details)


#: The reason code when a card is given a wrong number of seats.
_SEAT_COUNT_ERRORS: Mapping[Choice, str] = {
    Choice.NOBODY: "chooses_nobody",
    Choice.OTHER: "chooses_one",
    Choice.ANY: "chooses_one",
    Choice.OTHERS: "chooses_one_or_two",
    Choice.TWO: "chooses_two",
}


def _check_shape(
    word: str, seats: tuple[int, ...], guess: Guess | None, cards: tuple[str, ...]
) -> None:
    """Raise NotationError unless the parts form an action of the notation."""
    for seat in seats:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < MAX_SEATS:
            _fail("seat_range", seat=seat, last=MAX_SEATS - 1)
    if len(set(seats)) != len(seats):
        _fail("seat_twice", word=word)
    if word == "keep":
        if seats or guess is not None:
            _fail("keep_ids")
        if cards and not 2 <= len(cards) <= 3:
            _fail("keep_count")
        for card in cards:
            if card not in CARD_KINDS:
                _fail("unknown_card", card=card)
        return
    if cards:
        _fail("card_list", word=word)
    if word == "look":
        if guess is not None or len(seats) > 1:
            _fail("look_args")
        return
    if word == "discard":
        if seats or guess is not None:
            _fail("discard_args")
        return
    kind = CARD_KINDS.get(word)
    if kind is None:
        _fail("unknown_word", word=word)
    if kind.names is not None:
        if len(seats) != (0 if guess is None else 1):
            _fail("seat_and_guess", word=word)
        if guess is None:
            return
        if kind.names == "value" or isinstance(guess, int):
            if not isinstance(guess, int) or isinstance(guess, bool):
                _fail("names_number", word=word)
            if not 0 <= guess <= MAX_VALUE:
                _fail("value_range", guess=guess, last=MAX_VALUE)
        elif guess not in CARD_KINDS:
            _fail("unknown_card", card=guess)
        return
    if guess is not None:
        _fail("names_nothing", word=word)
    if seats and len(seats) not in kind.seat_counts:
        _fail(_SEAT_COUNT_ERRORS[kind.chooses], word=word)


def _seat(text: str) -> int:
    if not _NUMBER.fullmatch(text):
        _fail("not_seat", text=text)
    return int(text)


def parse_action(text: str) -> Action:
    """Parse the notation of one action; raise NotationError if it is not one.

    Case and runs of spaces are forgiven; ``str()`` of the result is canonical.
    """
    if not isinstance(text, str):
        _fail("not_text", type=type(text).__name__)
    interned = Action._by_text.get(text)
    if interned is not None:
        return interned
    if len(text) > MAX_LENGTH:
        _fail("too_long", limit=MAX_LENGTH)
    words = text.lower().split()
    if not words:
        _fail("empty")
    word, args = words[0], words[1:]
    if word == "keep":
        return Action("keep", (), None, tuple(args))
    if word == "look":
        if len(args) != 1:
            _fail("look_args")
        return LOOK_NONE if args[0] == "none" else Action("look", (_seat(args[0]),))
    if word == "discard":
        if args:
            _fail("discard_args")
        return DISCARD
    kind = CARD_KINDS.get(word)
    if kind is None:
        _fail("unknown_word", word=word)
    if args and kind.step is not None and args[0] in _STEP_OPENERS[kind.step]:
        _fail("step_apart", word=word, extra=args[0])
    if args and not kind.chooses_players:
        _fail("takes_nothing", word=word, extra=args[0])
    if kind.names is not None and args:
        if len(args) != 2:
            _fail("seat_and_guess", word=word)
        guess_text = args[1]
        guess: Guess = int(guess_text) if _NUMBER.fullmatch(guess_text) else guess_text
        return Action(word, (_seat(args[0]),), guess)
    return Action(word, tuple(_seat(arg) for arg in args))


#: The Bishop's target's answers: discard the hand and draw again, or keep it.
DISCARD = Action("discard")
KEEP = Action("keep")
#: The Cardinal's player looks at neither hand.
LOOK_NONE = Action("look")
