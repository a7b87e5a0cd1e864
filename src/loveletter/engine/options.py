"""Table options (docs/rules.md §1) and the rules they settle for one table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal, cast

from .cards import CARD_KINDS, Edition, get_edition
from .errors import LoveLetterError
from .schema import OptionChanges, TieRule


@dataclass(frozen=True, slots=True)
class Options:
    """What a host may change; the defaults are the rulebooks'.

    - ``tokens_to_win``: tokens a player needs; None for the edition's number.
    - ``tie_rule``: players still tied at the showdown after the edition's tie-break
      (the discard total in Classic and Premium) all win (``all-win``) or nobody wins
      the round (``nobody``, as on one online platform).
    - ``face_up``: whether a 2-player round removes 3 cards face up (R1).
    - ``first_player``: the seat that starts round 1; None draws it at random (R2).
    - ``constable_when_knocked_out``: R36's alternative: a Constable that reaches the
      discard pile only because its holder is being knocked out counts too.
    - ``princess_beats_bishop``: R41; False makes the Bishop a plain 9 at the showdown.
    """

    tokens_to_win: int | None = None
    tie_rule: TieRule = "all-win"
    face_up: bool = True
    first_player: int | None = None
    constable_when_knocked_out: bool = False
    princess_beats_bishop: bool = True

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Options:
        """Build options from JSON data, refusing unknown keys and wrong types."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise LoveLetterError("options must be an object")
        known = {field.name for field in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise LoveLetterError(
                f"unknown option{'' if len(unknown) == 1 else 's'}: {', '.join(unknown)}"
            )
        options = cls(**data)
        options.check_types()
        return options

    def check_types(self) -> None:
        """Raise LoveLetterError if a field has a value of the wrong kind."""
        for name in ("tokens_to_win", "first_player"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise LoveLetterError(f"option {name} must be a whole number or null")
        if self.tokens_to_win is not None and not 1 <= self.tokens_to_win <= 99:
            raise LoveLetterError("option tokens_to_win must be between 1 and 99")
        if self.tie_rule not in ("all-win", "nobody"):
            raise LoveLetterError("option tie_rule must be 'all-win' or 'nobody'")
        for name in ("face_up", "constable_when_knocked_out", "princess_beats_bishop"):
            if not isinstance(getattr(self, name), bool):
                raise LoveLetterError(f"option {name} must be true or false")

    def changed(self) -> OptionChanges:
        """Only the options that differ from the defaults (what a record stores)."""
        defaults = asdict(Options())
        changes = {key: value for key, value in asdict(self).items() if defaults[key] != value}
        return cast("OptionChanges", changes)


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything the engine needs to know about one table's rules, settled once."""

    edition: Edition
    players: int
    options: Options
    deck: tuple[str, ...]  # the whole deck, canonical order
    values: Mapping[str, int]
    tokens_to_win: int
    face_up: int  # cards removed face up at setup
    guard_names_value: bool  # Premium 5-8: the Guard names a number (R14)
    guard_guesses: tuple[str | int, ...]
    bishop_guesses: tuple[int, ...]
    countess_forcers: frozenset[str]
    spy_bonus: bool
    twins_bonus: bool
    premium: bool  # the 32-card Premium game (5-8 players)

    @classmethod
    def settle(cls, edition: str | Edition, players: int, options: Options | None = None) -> Rules:
        """Work out the rules of a table; raise ValueError on an impossible table."""
        edition = get_edition(edition)
        key = (edition.id, players, options or Options())
        rules = _SETTLED.get(key)
        if rules is None:
            rules = _SETTLED[key] = cls._settle(edition, players, options)
        return rules

    @classmethod
    def _settle(cls, edition: Edition, players: int, options: Options | None) -> Rules:
        edition.check_players(players)
        options = fixed_options(edition, options or Options())
        options.check_types()
        if options.first_player is not None and not 0 <= options.first_player < players:
            raise LoveLetterError(f"option first_player must be a seat 0-{players - 1}")
        specs = edition.deck(players)
        deck = edition.cards(players)
        values = {spec.id: spec.value for spec in specs}
        premium = edition.is_large(players)
        if premium:
            guard_guesses: tuple[str | int, ...] = tuple(
                sorted({value for value in values.values() if value != 1})
            )
        else:
            guard_guesses = tuple(spec.id for spec in specs if spec.id != "guard")
        return cls(
            edition=edition,
            players=players,
            options=options,
            deck=deck,
            values=values,
            tokens_to_win=options.tokens_to_win or edition.tokens_to_win(players),
            face_up=3 if players == 2 and options.face_up else 0,
            guard_names_value=premium,
            guard_guesses=guard_guesses,
            bishop_guesses=tuple(g for g in guard_guesses if isinstance(g, int)),
            countess_forcers=frozenset({"king", "prince"}),  # R21, R42
            spy_bonus="spy" in values,
            twins_bonus=edition.twins_bonus,
            premium=premium,
        )

    def naming(self, card: str) -> Literal["card", "value"] | None:
        """What playing ``card`` names at this table: a card id, a value (the Guard
        with 5-8 Premium players, R14; the Bishop, R38) or nothing."""
        names = CARD_KINDS[card].names
        return "value" if names == "card" and self.guard_names_value else names

    def guesses(self, card: str) -> tuple[str | int, ...]:
        """Everything playing ``card`` may name (R14, R38); empty if it names nothing."""
        names = CARD_KINDS[card].names
        if names is None:
            return ()
        return self.guard_guesses if names == "card" else self.bishop_guesses


_SETTLED: dict[tuple[str, int, Options], Rules] = {}


def fixed_options(edition: Edition, options: Options) -> Options:
    """``options`` with the ones ``edition`` fixes set; LoveLetterError if the host
    chose another value than the default for one of them."""
    defaults = Options()
    for name, value in edition.fixed_options.items():
        given = getattr(options, name)
        if given != value and given != getattr(defaults, name):
            raise LoveLetterError(
                f"the {edition.id} edition fixes option {name} to {value!r}, not {given!r}"
            )
    return replace(options, **edition.fixed_options) if edition.fixed_options else options
