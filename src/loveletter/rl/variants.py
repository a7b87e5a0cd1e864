"""Small variants of Love Letter that OpenSpiel's exact algorithms can solve.

A variant is a reduced deck (an :class:`~loveletter.engine.Edition` of
:data:`~loveletter.engine.SMALL_EDITIONS`, registered with the engine under its own
id, so games, views, bots, records and every environment know it by name) played by
2 players for one round, with no cards removed face up and seat 0 first: the options
the edition fixes. Every rule is the engine's: only the deck is smaller. The sizes
are in ``docs/rl.md``.

    import pyspiel
    import loveletter.rl.openspiel_game
    from loveletter.rl.variants import VARIANTS

    game = pyspiel.load_game("python_loveletter", VARIANTS["mini5"].params())
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from loveletter.engine import SMALL_EDITIONS, Edition, Options


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


def _variant(edition: Edition) -> Variant:
    options = Options(tokens_to_win=1, face_up=False, first_player=0)
    return Variant(edition.id, edition, options)


#: The small variants by name, smallest first.
VARIANTS: dict[str, Variant] = {name: _variant(edition) for name, edition in SMALL_EDITIONS.items()}
