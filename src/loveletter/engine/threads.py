"""One round as one seat saw it, read forward: where each hidden card may be.

:class:`RoundThreads` reads a round's events as one seat saw them (redacted for it),
once, in order. It never sees hidden cards. What it keeps is what :mod:`.deals`
needs to sample the round backward:

- a *slot* is a place in the deck at the deal (0: the set-aside card, then the cards
  face up, the dealt cards and the draw pile, top first); a card a Chancellor returns
  under the deck gets a new slot;
- a *thread* is one other seat's hand followed through trades: dealt or received
  from the seat, it changes with every draw and play, and moves to another seat with
  a King or a Cardinal; it ends when its holder is out or gives it to the seat;
- a thread's *domain*, at a point of the round, is the set of cards (a bit per kind
  of card) its holder may hold for certain: every hard fact the seat saw (a Guard
  that missed, a comparison's loser, the Countess rule, a Bishop's miss:
  :mod:`.deductions`; a card it looked at) narrows it, and it is carried through
  draws, plays and trades;
- the *steps* are the events that move or show a card the seat cannot see, in order,
  each with what undoing it needs (:data:`Step`);
- the *template* is the round's log as the engine keeps it, the hidden fields None
  until a sampled deal fills them.

Each event type has its handler in :data:`EVENT_HANDLERS`, or is in
:data:`IGNORED_EVENTS` (tests/test_event_readers.py holds both to the engine's events).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from .actions import DISCARD, KEEP, LOOK_NONE, Action, parse_action
from .deductions import (
    bishop_target_cards,
    comparison_winner_cards,
    guard_target_cards,
    not_kept,
    tied_cards,
)
from .events import FIELDS
from .options import Rules
from .schema import (
    AssassinEvent,
    BishopEvent,
    ChancellorDrawEvent,
    ChancellorReturnEvent,
    CompareEvent,
    DealEvent,
    DiscardEvent,
    DrawEvent,
    EventDict,
    GuardEvent,
    LookEvent,
    OutEvent,
    PlayEvent,
    ReplyEvent,
    RoundEvent,
    ShowdownEvent,
    TradeEvent,
    TurnEvent,
)
from .types import Event

#: A backward step: its kind, its thread(s), then what undoing it needs.
Step = tuple[Any, ...]

# The kinds of steps, one for each event that moves or shows a card the seat cannot see.
PLAY, DEAL, DRAW, DISCARDED, HELD, SHOWN, TIE, CHANCELLOR = range(8)
# The draws and Chancellor choices not finished when the seat's events end.
DRAWN_NOW, CHANCELLOR_NOW = range(8, 10)


class RoundThreads:
    """A round as ``seat`` saw it (``events`` redacted for it), read once, forward."""

    def __init__(self, rules: Rules, seat: int, events: Sequence[EventDict]) -> None:
        self.rules = rules
        self.me = seat
        self.seat_count = n = rules.players
        self.kinds = list(rules.values)
        self.bit = {card: 1 << index for index, card in enumerate(self.kinds)}
        self.every_card = (1 << len(self.kinds)) - 1
        self.deal_size = len(rules.deck)
        self.first = 0
        self.dealt = 1  # the first dealt slot (after the set-aside and face-up cards)
        # What the seat saw, as the engine's log: hidden fields are None until filled.
        self.template: list[Event] = []
        self.actions: list[Action | None] = []  # None: an opponent's Chancellor decision
        self.known: dict[int, str] = {}  # slot -> card the seat knows
        self.public: Counter[str] = Counter()  # face up and discarded
        self.my_hand: list[str] = []
        self.deck: list[int] = []  # slots, top last
        self.slot_count = self.deal_size
        self.out = [False] * n
        # Per other seat: its thread, the domain of its card, its draw this turn.
        self.thread = [-1] * n
        self.domain = [self.every_card] * n
        self.drawing: dict[int, tuple[int, int, int]] = {}  # seat -> slot, domain, event
        self.choosing: dict[int, tuple[list[int], list[int], int]] = {}  # Chancellor (R19)
        self.steps: list[Step] = []
        self.links: list[int] = []  # union-find over threads
        self.returned_domain: dict[int, int] = {}  # slot -> domain of a returned card
        self.returned_by: dict[int, int] = {}  # slot -> the thread that returned it
        self.ties: list[tuple[int, int]] = []  # seats holding cards of one value (R17)
        self.compare: tuple[str, int, int, int] | None = None  # and the event's index
        self.last_played = ""
        self.cardinal: int | None = None  # -1 after a Cardinal, then its seat (R32)
        handlers = EVENT_HANDLERS
        for index, event in enumerate(events):
            if self.cardinal is not None and self.cardinal >= 0:
                self._cardinal_decided(event)
            self.template.append(_as_tuple(event))
            handler = handlers.get(event["type"])
            if handler is not None:
                handler(self, index, event)
        for seat, (slot, _, index) in self.drawing.items():  # drawn, not played yet
            self.steps.append((DRAWN_NOW, self.thread[seat], slot, index))
        for seat, (taken, _, index) in self.choosing.items():  # R19: still choosing
            self.steps.append((CHANCELLOR_NOW, self.thread[seat], taken, index))

    # -- helpers -------------------------------------------------------------------------

    def mask(self, cards: Collection[str]) -> int:
        """The domain of ``cards`` (cards of other tables are left out)."""
        bit = self.bit
        return sum(bit[card] for card in cards if card in bit)

    def cards(self, domain: int) -> list[str]:
        """The cards of ``domain``."""
        bit = self.bit
        return [card for card in self.kinds if domain & bit[card]]

    def root(self, thread: int) -> int:
        """The first thread of the group of ``thread`` (threads whose cards depend on
        each other's: a tie, a returned card another drew)."""
        while self.links[thread] != thread:
            thread = self.links[thread]
        return thread

    def _new_thread(self, seat: int) -> None:
        self.thread[seat] = len(self.links)
        self.links.append(len(self.links))

    def _link(self, one: int, other: int) -> None:
        self.links[self.root(one)] = self.root(other)

    def _draw_slot(self, seat: int) -> tuple[int, int]:
        """Take the slot on top of the deck for ``seat``: the slot and its domain."""
        slot = self.deck.pop()
        owner = self.returned_by.get(slot)
        if owner is not None and seat != self.me:
            self._link(owner, self.thread[seat])
        card = self.known.get(slot)
        if card is not None:
            return slot, self.bit[card]
        return slot, self.returned_domain.get(slot, self.every_card)

    def _drew(self, slot: int, card: str | None) -> None:
        """This seat drew ``card`` from ``slot``: it knows it, and holds it."""
        card = _own(card)
        self.known[slot] = card
        self.my_hand.append(card)

    def _changed(self, seat: int) -> None:
        """``seat``'s card may have changed: a tie it was in no longer holds."""
        self.ties = [tie for tie in self.ties if seat not in tie]

    def _narrow(self, seat: int, mask: int) -> None:
        if seat != self.me:
            self.domain[seat] &= mask

    def _fill(self, index: int, position: int, card: Any) -> None:
        event = list(self.template[index])
        event[position] = card
        self.template[index] = tuple(event)

    # -- the seat's events, forward -------------------------------------------------------

    def _on_round(self, index: int, event: RoundEvent) -> None:
        self.first = event["first"]
        for slot, card in enumerate(event["face_up"], start=1):
            self.known[slot] = card
            self.public[card] += 1
        self.dealt = 1 + len(event["face_up"])
        self.deck = list(range(self.deal_size - 1, self.dealt + self.seat_count - 1, -1))

    def _on_deal(self, index: int, event: DealEvent) -> None:
        seat = event["seat"]
        slot = self.dealt + (seat - self.first) % self.seat_count
        if seat == self.me:
            card = _own(event["card"])
            self.known[slot] = card
            self.my_hand = [card]
        else:
            self._new_thread(seat)
            self.steps.append((DEAL, self.thread[seat], slot, index))

    def _on_turn(self, index: int, event: TurnEvent) -> None:
        seat = event["seat"]
        slot, domain = self._draw_slot(seat)
        if seat == self.me:
            self._drew(slot, event["card"])
        else:
            self.drawing[seat] = (slot, domain, index)

    def _on_play(self, index: int, event: PlayEvent) -> None:
        seat, card = event["seat"], event["card"]
        action = parse_action(event["action"])
        self.actions.append(action)
        self.public[card] += 1
        self.last_played = card
        if card == "cardinal" and action.seats:
            self.cardinal = -1
        if seat == self.me:
            self.my_hand.remove(card)
            return
        slot, drawn, turn = self.drawing.pop(seat)
        held = self.domain[seat]
        bit = self.bit
        kept = (drawn if held & bit[card] else 0) | (held if drawn & bit[card] else 0)
        self.domain[seat] = kept & ~self.mask(not_kept(self.rules, card))
        self._changed(seat)
        self.steps.append((PLAY, self.thread[seat], card, slot, turn, held, drawn))

    def _cardinal_decided(self, event: EventDict) -> None:
        """The event after a Cardinal's trade shows its second step (R32)."""
        seat = self.cardinal
        self.cardinal = None
        if event["type"] == "look" and event["seat"] == seat:
            self.actions.append(Action.look(event["target"]))
        else:
            self.actions.append(LOOK_NONE)

    def _on_guard(self, index: int, event: GuardEvent) -> None:
        cards = guard_target_cards(self.rules, event["guess"], event["hit"])
        self._narrow(event["target"], self.mask(cards))

    def _on_assassin(self, index: int, event: AssassinEvent) -> None:
        self._narrow(event["seat"], self.bit["assassin"])

    def _on_look(self, index: int, event: LookEvent) -> None:
        seat, target = event["seat"], event["target"]
        if target == self.me:
            self._fill(index, 3, self.my_hand[0])
        elif seat == self.me:
            self._narrow(target, self.bit[_own(event["card"])])
        else:
            self.steps.append((SHOWN, self.thread[target], index, 3))

    def _on_compare(self, index: int, event: CompareEvent) -> None:
        seat, target, loser = event["seat"], event["target"], event["loser"]
        if self.me in (seat, target):
            self._narrow(seat, self.bit[_own(event["seat_card"])])
            self._narrow(target, self.bit[_own(event["target_card"])])
        elif loser is None:  # a tie: each holds a value the other may hold
            self.ties.append((seat, target))
            one, other = self.thread[seat], self.thread[target]
            self._link(one, other)
            self.steps.append((TIE, one, other, index))
            rules, domain = self.rules, self.domain
            for first, second in ((seat, target), (target, seat)):
                tied = tied_cards(rules, self.cards(domain[second]))
                domain[first] &= self.mask(tied)
        else:
            winner = target if loser == seat else seat
            self.steps.append((SHOWN, self.thread[winner], index, 3 if winner == seat else 4))
            self.compare = (self.last_played, winner, loser, index)  # R17, R37

    def _on_trade(self, index: int, event: TradeEvent) -> None:
        first, second = event["first"], event["second"]
        if self.cardinal == -1:
            self.cardinal = event["seat"]
        if self.me in (first, second):
            other = second if first == self.me else first
            mine, theirs = _own(event["first_card"]), _own(event["second_card"])
            if other == first:
                mine, theirs = theirs, mine
            self.steps.append((HELD, self.thread[other], (theirs,)))
            self._new_thread(other)
            self.domain[other] = self.bit[mine]
            self._changed(other)
            self.my_hand = [theirs]
            return
        one, other = self.thread[first], self.thread[second]
        self.steps.append((SHOWN, one, index, 4))
        self.steps.append((SHOWN, other, index, 5))
        self.thread[first], self.thread[second] = other, one
        domain = self.domain
        domain[first], domain[second] = domain[second], domain[first]
        swap = {first: second, second: first}
        self.ties = [(swap.get(a, a), swap.get(b, b)) for a, b in self.ties]

    def _on_discard(self, index: int, event: DiscardEvent) -> None:
        seat, card = event["seat"], event["card"]
        self.public[card] += 1
        if seat == self.me:
            self.my_hand.remove(card)
        else:
            self._changed(seat)
            self.steps.append((DISCARDED, self.thread[seat], card))

    def _on_draw(self, index: int, event: DrawEvent) -> None:
        seat = event["seat"]
        if event["set_aside"]:  # R23
            slot, domain = 0, self.every_card
        else:
            slot, domain = self._draw_slot(seat)
        if seat == self.me:
            self._drew(slot, event["card"])
        else:
            self.domain[seat] = domain
            self._changed(seat)
            self.steps.append((DRAW, self.thread[seat], slot, index))

    def _on_out(self, index: int, event: OutEvent) -> None:
        seat, cards = event["seat"], event["cards"]
        self.public.update(cards)
        self.out[seat] = True
        self._changed(seat)
        if seat == self.me:
            self.my_hand = []
        else:
            self.steps.append((HELD, self.thread[seat], tuple(cards)))
        compare, self.compare = self.compare, None
        if compare is not None and compare[2] == seat and cards:
            compared_with, winner, _, shown = compare
            self._fill(shown, 3 if self.template[shown][1] == seat else 4, cards[0])  # the loser's
            won = comparison_winner_cards(self.rules, compared_with, cards[0])
            self._narrow(winner, self.mask(won))

    def _on_chancellor_draw(self, index: int, event: ChancellorDrawEvent) -> None:
        seat = event["seat"]
        taken = [self._draw_slot(seat) for _ in range(event["count"])]
        if seat == self.me:
            cards = _own_all(event["cards"])
            for (slot, _), card in zip(taken, cards, strict=True):
                self.known[slot] = card
            self.my_hand.extend(cards)
        elif taken:
            self.choosing[seat] = ([slot for slot, _ in taken], [d for _, d in taken], index)
        else:
            self._fill(index, 2, ())  # R19: an empty deck, nothing drawn

    def _on_chancellor_return(self, index: int, event: ChancellorReturnEvent) -> None:
        seat = event["seat"]
        returned = list(range(self.slot_count, self.slot_count + event["count"]))
        self.slot_count += event["count"]
        for slot in returned:
            self.deck.insert(0, slot)  # under the deck, the last one at the bottom
        if seat == self.me:
            cards = _own_all(event["cards"])
            self.known.update(zip(returned, cards, strict=True))
            for card in cards:
                self.my_hand.remove(card)
            self.actions.append(Action.keep(*self.my_hand, *cards))
            return
        taken, domains, drawn_event = self.choosing.pop(seat)
        thread, held = self.thread[seat], self.domain[seat]
        union = held
        for domain in domains:
            union |= domain
        self.domain[seat] = union
        for slot in returned:
            self.returned_domain[slot] = union
            self.returned_by[slot] = thread
        self._changed(seat)
        action = len(self.actions)
        self.steps.append(
            (CHANCELLOR, thread, taken, drawn_event, returned, index, action, held, domains)
        )
        self.actions.append(None)

    def _on_bishop(self, index: int, event: BishopEvent) -> None:
        cards = bishop_target_cards(self.rules, event["value"], event["hit"])
        self._narrow(event["target"], self.mask(cards))

    def _on_reply(self, index: int, event: ReplyEvent) -> None:
        self.actions.append(DISCARD if event["discard"] else KEEP)

    def _on_showdown(self, index: int, event: ShowdownEvent) -> None:
        for shown in event["hands"]:
            self._narrow(shown["seat"], self.bit[shown["card"]])


#: The handler of each event type; each takes that type's event (``Any``: the table
#: pairs the types, which a type checker cannot express; the tests check the pairs).
EVENT_HANDLERS: Mapping[str, Callable[[RoundThreads, int, Any], None]] = {
    "round": RoundThreads._on_round,
    "deal": RoundThreads._on_deal,
    "turn": RoundThreads._on_turn,
    "play": RoundThreads._on_play,
    "guard": RoundThreads._on_guard,
    "assassin": RoundThreads._on_assassin,
    "look": RoundThreads._on_look,
    "compare": RoundThreads._on_compare,
    "trade": RoundThreads._on_trade,
    "discard": RoundThreads._on_discard,
    "draw": RoundThreads._on_draw,
    "out": RoundThreads._on_out,
    "chancellor_draw": RoundThreads._on_chancellor_draw,
    "chancellor_return": RoundThreads._on_chancellor_return,
    "bishop": RoundThreads._on_bishop,
    "reply": RoundThreads._on_reply,
    "showdown": RoundThreads._on_showdown,
}
#: Events that move no card and show none: tokens and the ends of the round and game.
IGNORED_EVENTS = frozenset({"token", "round_end", "game_end"})


def _own(card: str | None) -> str:
    """A card of the seat's own: always shown to it (None would be a broken event)."""
    if card is None:
        raise ValueError("the seat's events hide one of its own cards")
    return card


def _own_all(cards: list[str] | None) -> list[str]:
    """Cards of the seat's own (see :func:`_own`)."""
    if cards is None:
        raise ValueError("the seat's events hide its own cards")
    return cards


def _as_tuple(event: EventDict) -> Event:
    """A redacted event as the engine logs it (hidden fields stay None)."""
    if event["type"] == "play":
        return ("play", event["seat"], parse_action(event["action"]))
    if event["type"] == "showdown":
        return ("showdown", tuple((shown["seat"], shown["card"]) for shown in event["hands"]))
    kind = event["type"]
    fields: Mapping[str, Any] = event
    return (kind, *(_tuple(fields[name]) for name in FIELDS[kind]))


def _tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
