"""Hard facts about a hidden hand, from what everyone sees of a round's events.

What a Guard's guess rules out, what the winner of a comparison may hold once the
loser's card is shown, what the Countess rule says of a play, what a Bishop's hit or
miss tells: each fact is derived here once, for every reader of the events (the
sampler of worlds, :mod:`.threads`; the bots' inference). Each function gives the
cards a player may (or may not) hold as a set of card ids; readers turn it into their
own terms (a bit mask, weights). Comments cite rulings as ``R<n>``, the numbers of
docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import CARD_KINDS
from .options import Rules

_NONE: frozenset[str] = frozenset()
_COUNTESS = frozenset({"countess"})


def _of_values(rules: Rules, values: Iterable[int]) -> frozenset[str]:
    """The cards of the table's deck whose value is among ``values``."""
    wanted = set(values)
    return frozenset(card for card, value in rules.values.items() if value in wanted)


def guard_target_cards(rules: Rules, guess: str | int, hit: bool) -> frozenset[str]:
    """The cards a Guard's target may have held when the Guard named ``guess``: the
    named card on a hit, any other on a miss (R14; with 5-8 Premium players the guess
    is a value and names every card of it, R39). Never the Assassin: its holder turns
    the Guard back, and no guess is logged (R30)."""
    named = _of_values(rules, (guess,)) if isinstance(guess, int) else frozenset({guess})
    held = named if hit else frozenset(rules.values) - named
    return held - {"assassin"}


def bishop_target_cards(rules: Rules, value: int, hit: bool) -> frozenset[str]:
    """The cards a Bishop's target held when the Bishop named ``value``: those of that
    value on a hit, the others on a miss (R38; the Assassin counts as 0, R30)."""
    named = _of_values(rules, (value,))
    return named if hit else frozenset(rules.values) - named


def comparison_winner_cards(rules: Rules, compared_with: str, shown: str) -> frozenset[str]:
    """The cards the winner of a comparison made with ``compared_with`` may hold once
    the loser shows ``shown``: a higher value where the lower loses (the Baron, R17),
    a lower one where the higher loses (the Dowager Queen, R37), as the card's kind
    says (``CardKind.loses``); never the same (a tie has no loser). Printed values
    only (R35). ValueError for a card whose kind compares no hands."""
    loses = CARD_KINDS[compared_with].loses
    if loses is None:
        raise ValueError(f"{compared_with!r} compares no hands: its CardKind says no loser")
    lost = rules.values[shown]
    if loses == "lower":
        return frozenset(card for card, value in rules.values.items() if value > lost)
    return frozenset(card for card, value in rules.values.items() if value < lost)


def tied_cards(rules: Rules, cards: Iterable[str]) -> frozenset[str]:
    """The cards a player who tied a comparison (R17, R37) may hold, if the other
    player held one of ``cards``: the cards of the same values."""
    return _of_values(rules, {rules.values[card] for card in cards})


def not_kept(rules: Rules, played: str) -> frozenset[str]:
    """The cards a player who played ``played`` cannot have kept: the Countess beside
    a King or a Prince, which must be played instead (R21, R42)."""
    return _COUNTESS if played in rules.countess_forcers else _NONE


def forcing(rules: Rules, played: str) -> frozenset[str]:
    """The cards beside which ``played`` must be played: a King or a Prince, for the
    Countess (R21, R42). The converse of :func:`not_kept`: ``kept in forcing(rules,
    played)`` exactly when ``played in not_kept(rules, kept)``."""
    return rules.countess_forcers if played == "countess" else _NONE
