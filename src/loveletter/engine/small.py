"""Small decks for research (``mini5``, ``mini6``, ``mini7``): editions registered
with the engine under their own ids, so ``Game("mini6", 2)`` and everything built on
the engine know them. Each is for 2 players, one round, no cards removed face up and
seat 0 first: the options they fix (:attr:`Edition.fixed_options`). Every rule is the
engine's; only the deck is smaller. :mod:`loveletter.rl.variants` solves them.
"""

from __future__ import annotations

from typing import Any

from .cards import CardSpec, Edition, register_edition

#: The options every small deck fixes.
SMALL_OPTIONS: dict[str, Any] = {"tokens_to_win": 1, "face_up": False, "first_player": 0}

_DECKS: dict[str, tuple[tuple[str, int, int], ...]] = {
    "mini5": (("guard", 1, 2), ("priest", 2, 1), ("baron", 3, 1), ("princess", 8, 1)),
    "mini6": (
        ("guard", 1, 2),
        ("priest", 2, 1),
        ("baron", 3, 1),
        ("handmaid", 4, 1),
        ("princess", 8, 1),
    ),
    "mini7": (
        ("guard", 1, 2),
        ("priest", 2, 1),
        ("baron", 3, 1),
        ("prince", 5, 1),
        ("countess", 7, 1),
        ("princess", 8, 1),
    ),
}


def _small(name: str, cards: tuple[tuple[str, int, int], ...]) -> Edition:
    size = sum(count for _, _, count in cards)
    return register_edition(
        Edition(
            id=name,
            names={
                "en": f"Small variant {name} ({size} cards)",
                "fr": f"Variante réduite {name}",
            },
            min_players=2,
            max_players=2,
            theme="classic",
            discard_tiebreak=True,
            twins_bonus=False,
            small_deck=tuple(CardSpec(card, value, count) for card, value, count in cards),
            tokens={2: 1},
            fixed_options=SMALL_OPTIONS,
        )
    )


#: The small decks by id, smallest first.
SMALL_EDITIONS: dict[str, Edition] = {name: _small(name, cards) for name, cards in _DECKS.items()}
