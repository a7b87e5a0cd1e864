"""A fixed, numbered action space per table (edition and player count).

Every action in the notation that can ever be legal at a table has an index, so a
policy can output a fixed-size vector and a mask picks the legal ones. The layout is
a sequence of blocks, in this order (documented in ``docs/rl.md``):

1. one block per card id of the table's deck, in deck order: the bare play
   (``guard``: a card that chooses nobody, or played with no legal target, R11),
   then its targets (``priest 0`` … ``priest n-1``), the Guard and the Bishop with
   every guess per target (seat-major), the Baroness one seat then two seats, the
   Cardinal every pair;
2. ``keep``: the Chancellor's second step, every ordered sequence of 3 then of 2
   card ids that the deck's counts allow, one Chancellor being already played (only
   for decks with the Chancellor);
3. ``look``: the Cardinal's second step, ``look 0`` … ``look n-1`` then ``look none``;
4. ``reply``: the Bishop's target, ``discard`` then ``keep``.

Seats are absolute (seat 2 is the same index whoever acts), as in the notation.
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, product
from typing import NamedTuple, SupportsIndex

import numpy as np
import numpy.typing as npt

from loveletter.engine import (
    CARD_KINDS,
    DISCARD,
    KEEP,
    LOOK_NONE,
    Action,
    Game,
    Rules,
    parse_action,
)


class Block(NamedTuple):
    """A named range of indices: ``start <= index < stop``."""

    name: str
    start: int
    stop: int


@dataclass(frozen=True, eq=False)
class ActionSpace:
    """The numbered actions of one table; build it with :meth:`for_table`."""

    edition: str
    players: int
    actions: tuple[Action, ...]
    blocks: tuple[Block, ...]
    lookup: dict[Action, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        lookup = {action: i for i, action in enumerate(self.actions)}
        object.__setattr__(self, "lookup", lookup)

    @staticmethod
    def for_table(edition: str, players: int) -> ActionSpace:
        """The action space of ``edition`` with ``players`` seats (cached)."""
        rules = Rules.settle(edition, players)
        return _space(rules.edition.id, players)

    def __len__(self) -> int:
        return len(self.actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions)

    def action(self, index: SupportsIndex) -> Action:
        """The action at ``index`` (an int or a NumPy integer); IndexError outside the space."""
        number = operator.index(index)
        if not 0 <= number < len(self.actions):
            raise IndexError(f"action index {number} is not in 0-{len(self.actions) - 1}")
        return self.actions[number]

    def notation(self, index: SupportsIndex) -> str:
        """The notation of the action at ``index``."""
        return self.action(index).text

    def index(self, action: Action | str) -> int:
        """The index of an action (or its notation); KeyError if not in this space."""
        if not isinstance(action, Action):
            action = parse_action(action)
        try:
            return self.lookup[action]
        except KeyError:
            raise KeyError(f"{action.text!r} is not an action of this table") from None

    def indices(self, actions: Iterable[Action]) -> list[int]:
        """The indices of several actions."""
        lookup = self.lookup
        return [lookup[action] for action in actions]

    def mask(self, actions: Iterable[Action]) -> npt.NDArray[np.int8]:
        """A 0/1 vector with 1 at the index of each of ``actions``."""
        mask = np.zeros(len(self.actions), dtype=np.int8)
        lookup = self.lookup
        for action in actions:  # one at a time: quicker than a list index for a few
            mask[lookup[action]] = 1
        return mask

    def legal_mask(self, game: Game) -> npt.NDArray[np.int8]:
        """The mask of ``game``'s legal actions (all zeros between rounds)."""
        return self.mask(game.legal_actions())

    def relative(self, viewer: int) -> npt.NDArray[np.intp]:
        """Seat-relative numbering for ``viewer``: entry ``i`` is the absolute index of
        relative action ``i`` (its seats counted from the viewer, 0 being the viewer).

        ``mask[space.relative(v)]`` is a mask in relative numbering; a relative index
        ``i`` is played as ``space.relative(v)[i]``. Cached per viewer.
        """
        return _relative(self.edition, self.players, viewer)

    def block(self, name: str) -> Block:
        """The block called ``name`` (a card id, ``keep``, ``look`` or ``reply``)."""
        for block in self.blocks:
            if block.name == name:
                return block
        raise KeyError(f"no block {name!r} in this action space")


@cache
def _space(edition: str, players: int) -> ActionSpace:
    rules = Rules.settle(edition, players)
    actions: list[Action] = []
    blocks: list[Block] = []

    def add_block(name: str, items: Iterable[Action]) -> None:
        start = len(actions)
        actions.extend(items)
        blocks.append(Block(name, start, len(actions)))

    for card in rules.values:
        add_block(card, _card_actions(rules, card))
    if "chancellor" in rules.values:
        add_block("keep", _keep_actions(rules))
    if "cardinal" in rules.values:
        add_block("look", [*(Action.look(seat) for seat in range(players)), LOOK_NONE])
    if "bishop" in rules.values:
        add_block("reply", [DISCARD, KEEP])
    return ActionSpace(rules.edition.id, players, tuple(actions), tuple(blocks))


@cache
def _relative(edition: str, players: int, viewer: int) -> npt.NDArray[np.intp]:
    space = _space(edition, players)
    absolute = []
    for action in space.actions:
        seats = tuple(sorted((seat + viewer) % players for seat in action.seats))
        absolute.append(space.lookup[Action(action.word, seats, action.guess, action.cards)])
    permutation = np.array(absolute, dtype=np.intp)
    permutation.flags.writeable = False
    return permutation


def _card_actions(rules: Rules, card: str) -> list[Action]:
    seats = range(rules.players)
    bare = Action.play(card)
    guesses = rules.guesses(card)
    if guesses:
        return [bare, *(Action.play(card, s, guess=g) for s in seats for g in guesses)]
    counts = CARD_KINDS[card].seat_counts
    return [bare, *(Action.play(card, *group) for n in counts for group in combinations(seats, n))]


def _keep_actions(rules: Rules) -> list[Action]:
    """Every ``keep`` the deck's counts allow: 3 cards (kept, returned, returned), then 2.

    One Chancellor is in the player's discard pile, so at most the other one is in hand.
    """
    counts = Counter(rules.deck)
    counts["chancellor"] -= 1
    kinds = list(rules.values)
    keeps: list[Action] = []
    for length in (3, 2):
        for cards in product(kinds, repeat=length):
            if all(counts[card] >= number for card, number in Counter(cards).items()):
                keeps.append(Action.keep(*cards))
    return keeps
