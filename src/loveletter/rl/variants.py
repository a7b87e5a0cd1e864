"""Small variants of Love Letter that OpenSpiel's exact algorithms can solve.

A variant is a reduced deck (an :class:`~loveletter.engine.Edition` registered with the
engine under its own id, so games, views, bots and records know it) played by 2
players for one round, with no cards removed face up and seat 0 first. Every rule is
the engine's: only the deck is smaller. The sizes are in ``docs/rl.md``.

    import pyspiel
    import loveletter.rl.openspiel_game
    from loveletter.rl.variants import VARIANTS

    game = pyspiel.load_game("python_loveletter", VARIANTS["mini5"].params())
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from loveletter.engine import CardSpec, Edition, Options, register_edition


@dataclass(frozen=True)
class Variant:
    """A small game: its edition (the reduced deck) and table options."""

    name: str
    edition: Edition
    options: Options
    players: int = 2

    def params(self) -> dict[str, Any]:
        """The parameters of OpenSpiel's ``python_loveletter`` game for this variant."""
        return {
            "edition": self.edition.id,
            "players": self.players,
            "tokens_to_win": 1,
            "face_up": False,
            "first_player": 0,
            "zero_sum": True,
        }


def _variant(name: str, cards: tuple[tuple[str, int, int], ...], text: str) -> Variant:
    edition = register_edition(
        Edition(
            id=name,
            names={"en": f"Small variant {name} ({text})", "fr": f"Variante réduite {name}"},
            min_players=2,
            max_players=2,
            theme="classic",
            discard_tiebreak=True,
            twins_bonus=False,
            small_deck=tuple(CardSpec(card, value, count) for card, value, count in cards),
            tokens={2: 1},
        )
    )
    options = Options(tokens_to_win=1, face_up=False, first_player=0)
    return Variant(name, edition, options)


#: The small variants by name, smallest first.
VARIANTS: dict[str, Variant] = {
    variant.name: variant
    for variant in (
        _variant(
            "mini5",
            (("guard", 1, 2), ("priest", 2, 1), ("baron", 3, 1), ("princess", 8, 1)),
            "5 cards",
        ),
        _variant(
            "mini6",
            (
                ("guard", 1, 2),
                ("priest", 2, 1),
                ("baron", 3, 1),
                ("handmaid", 4, 1),
                ("princess", 8, 1),
            ),
            "6 cards",
        ),
        _variant(
            "mini7",
            (
                ("guard", 1, 2),
                ("priest", 2, 1),
                ("baron", 3, 1),
                ("prince", 5, 1),
                ("countess", 7, 1),
                ("princess", 8, 1),
            ),
            "7 cards",
        ),
    )
}
