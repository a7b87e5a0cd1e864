"""Playing Love Letter with an ordinary deck of playing cards (and its two jokers).

Which playing cards stand for which Love Letter cards, per deck, in English and
French (docs/rules.md §7). The project's sources give the Premium deck for 5-8
players whole, the Guards and the Spies of the others; the other cards of those
decks are the Premium deck's black ones (the same characters), and the 2019
Chancellors, which Premium lacks, the two black sixes. ``given`` tells them apart.
A playing card's rank is the card's value in the 2019 numbering (the King is a
seven), so in the Classic and Premium numbering it may be one more than the value.
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine import EDITIONS, get_edition


@dataclass(frozen=True, slots=True)
class Stand:
    """The playing cards that stand for one card of the deck."""

    card: str
    en: str
    fr: str
    given: bool = True  # in the sources, else completed from the Premium deck

    def text(self, lang: str) -> str:
        """The playing cards, in ``lang``."""
        return self.fr if lang == "fr" else self.en


_BLACK = {  # the Premium deck's black cards: its characters shared with the others
    "priest": ("2 black twos", "2 deux noirs"),
    "baron": ("2 black threes", "2 trois noirs"),
    "handmaid": ("2 black fours", "2 quatre noirs"),
    "prince": ("2 black fives", "2 cinq noirs"),
    "king": ("1 black seven", "1 sept noir"),
    "countess": ("1 black eight", "1 huit noir"),
    "princess": ("1 black nine", "1 neuf noir"),
}


def _completed(*cards: str) -> tuple[Stand, ...]:
    return tuple(Stand(card, *_BLACK[card], given=False) for card in cards)


_CLASSIC_CARDS = ("priest", "baron", "handmaid", "prince", "king", "countess", "princess")

#: The 16 cards of Classic (and of the 2019 box's classic version, and of Premium
#: with 2-4 players).
CLASSIC = (
    Stand("guard", "3 aces and 2 jacks", "3 as et 2 valets"),
    *_completed(*_CLASSIC_CARDS),
)

#: The 21 cards of the 2019 edition (and of Princesse Princesse).
EDITION_2019 = (
    Stand("spy", "the 2 jokers", "les 2 jokers"),
    Stand("guard", "3 aces and 3 jacks", "3 as et 3 valets"),
    *_completed("priest", "baron", "handmaid", "prince"),
    Stand("chancellor", "2 black sixes", "2 six noirs", given=False),
    *_completed("king", "countess", "princess"),
)

#: The 32 cards of Premium with 5-8 players: black and red cards of each rank.
PREMIUM = (
    Stand("jester", "1 light joker", "1 joker clair"),
    Stand("assassin", "1 dark joker", "1 joker foncé"),
    Stand("guard", "4 aces and 4 jacks", "4 as et 4 valets"),
    Stand("priest", *_BLACK["priest"]),
    Stand("cardinal", "2 red twos", "2 deux rouges"),
    Stand("baron", *_BLACK["baron"]),
    Stand("baroness", "2 red threes", "2 trois rouges"),
    Stand("handmaid", *_BLACK["handmaid"]),
    Stand("sycophant", "2 red fours", "2 quatre rouges"),
    Stand("prince", *_BLACK["prince"]),
    Stand("count", "2 red fives", "2 cinq rouges"),
    Stand("king", *_BLACK["king"]),
    Stand("constable", "1 red seven", "1 sept rouge"),
    Stand("countess", *_BLACK["countess"]),
    Stand("dowager_queen", "1 red eight", "1 huit rouge"),
    Stand("princess", *_BLACK["princess"]),
    Stand("bishop", "1 red ten", "1 dix rouge"),
)


def playing_cards(edition: str, players: int) -> tuple[Stand, ...]:
    """The playing cards of the deck an edition deals to ``players`` players, in the
    deck's order; none for a variant's deck no mapping covers (a variant of cards of
    one's own). ValueError for an unknown edition or player count, or an edition of
    :data:`~loveletter.engine.EDITIONS` whose deck has no mapping."""
    chosen = get_edition(edition)
    deck = {spec.id for spec in chosen.deck(players)}
    for mapping in (PREMIUM, EDITION_2019, CLASSIC):
        if {stand.card for stand in mapping} == deck:
            return mapping
    if chosen.id in EDITIONS:
        raise ValueError(f"no playing-card mapping for {edition} with {players} players")
    return ()
