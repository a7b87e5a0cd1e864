"""One round's hidden cards, sampled backward from what one seat saw of it.

:class:`RoundSampler` samples *deals* of a round read by :class:`.threads.RoundThreads`:
a deck (top first) and the decisions nobody else saw (what another player's
Chancellor kept) from which the engine replays that round exactly as the seat saw it.
It never sees hidden cards: only the seat's events, its hand, and for a finished round
its review (R52). :mod:`.worlds` builds games from the deals. The terms (slot,
thread, domain, step) are those of :mod:`.threads`.

Sampling goes backward. First the cards held now (in proportion to optional weights,
within each domain) and the rest of the deck; then, undoing each event from the last,
which of its two cards a player drew and which it kept (and what a Chancellor kept),
always within the domains of that point. A domain holds everything known about one
thread, so undoing one thread never meets a contradiction; threads depend on each
other only through a tied comparison or a returned card that another drew, and are
sampled in groups, undoing a failed choice. A group's history depends only on the
cards its threads hold now, so it is kept and reused: a search sampling thousands of
worlds of one view undoes each group a few times.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import permutations
from typing import Any, cast

from .actions import Action
from .errors import LoveLetterError
from .options import Rules
from .schema import EventDict, RoundReview
from .threads import (
    CHANCELLOR,
    DEAL,
    DISCARDED,
    DRAW,
    DRAWN_NOW,
    HELD,
    PLAY,
    SHOWN,
    TIE,
    RoundThreads,
    Step,
)
from .types import Event

#: Per seat, a likelihood factor for each card it may hold now (missing cards: 1.0).
Weights = Mapping[int, Mapping[str, float]]
#: A choice while undoing: the thread, the card it held before, slots drawn, fills.
Branch = tuple[int, str, list[tuple[int, str]], list[tuple[int, int, Any]]]

#: How many end positions are tried with the weights before they are set aside.
WEIGHTED_TRIES = 50
#: How many end positions are tried in all before giving up (a bug if ever reached).
MAX_TRIES = 20_000


class Deal:
    """One sampled round: what each other seat holds now, the hidden cards still in
    the deck (in the order of :attr:`RoundSampler.open_slots`), the set-aside card if
    hidden, and the histories of the groups of threads that hold cards now."""

    __slots__ = ("hands", "histories", "rest", "set_aside")

    def __init__(
        self,
        hands: dict[int, list[str]],
        rest: list[str],
        set_aside: str | None,
        histories: tuple[History, ...],
    ) -> None:
        self.hands = hands
        self.rest = rest
        self.set_aside = set_aside  # None when it was drawn or is known
        self.histories = histories


class History:
    """A group's history: the events it completes, its parts of events shared with
    another group (a trade), the deal's slots it drew, the Chancellor decisions."""

    __slots__ = ("actions", "events", "parts", "slots")

    def __init__(self) -> None:
        self.events: list[tuple[int, Event]] = []
        self.parts: list[tuple[int, int, Any]] = []
        self.slots: list[tuple[int, str]] = []
        self.actions: list[tuple[int, Action]] = []


class _Group:
    """Threads whose cards depend on each other, their steps (in event order), the
    live threads and returned slots whose cards key the cache of histories."""

    __slots__ = ("cache", "live", "returned", "steps", "tails", "threads")

    def __init__(self, threads: list[int]) -> None:
        self.threads = threads
        self.live: list[int] = []  # the seats holding this group's threads now
        self.returned: list[tuple[int, int]] = []  # returned cards in the deck: slot, place
        self.steps: list[Step] = []
        self.cache: dict[tuple[Any, ...], History | None] = {}  # per cards held now
        self.tails: dict[tuple[Any, ...], History | None] = {}  # per choice and cards then


class RoundSampler:
    """A round as ``seat`` saw it (``events`` redacted for it, its ``hand`` now, the
    round's ``result`` if finished), read once; :meth:`deal` samples it again."""

    def __init__(
        self,
        rules: Rules,
        seat: int,
        events: Sequence[EventDict],
        hand: Sequence[str],
        result: RoundReview | None = None,
    ) -> None:
        seen = RoundThreads(rules, seat, events)
        self.rules = rules
        self.first = seen.first
        # What sampling reads of the round as the seat saw it.
        self.kinds, self.bit, self.deal_size = seen.kinds, seen.bit, seen.deal_size
        self.thread, self.domain = seen.thread, seen.domain
        self.template, self.actions = seen.template, seen.actions
        self._finish(seen, hand, result)
        self._group(seen)

    # -- what is left to sample ------------------------------------------------------------

    def _finish(self, seen: RoundThreads, hand: Sequence[str], result: RoundReview | None) -> None:
        """The places to fill now: other seats' hands, the deck, the set-aside card."""
        me, n, known = seen.me, seen.seat_count, seen.known
        self.end_deck = list(seen.deck)  # slots, top last
        drawn = {step[2] for step in seen.steps if step[0] == DRAW}
        self.set_aside_drawn = 0 in drawn or 0 in known
        pool = Counter(self.rules.deck)
        pool.subtract(seen.public)
        pool.subtract(hand)
        pool.subtract(known[slot] for slot in self.end_deck if slot in known)
        self.fixed: dict[int, list[str]] = {}  # other seats' hands known now
        self.set_aside: str | None = None  # the set-aside card, when known and not drawn
        if result is not None:  # R52: the review of a round shows every hand
            for seat in range(n):
                if seat != me and not seen.out[seat]:
                    self.fixed[seat] = list(result["hands"][seat])
                    pool.subtract(self.fixed[seat])
            if not self.set_aside_drawn:
                self.set_aside = result["set_aside"]
                if self.set_aside is None:
                    raise LoveLetterError("this round's review hides a set-aside card not drawn")
                pool[self.set_aside] -= 1
        if any(count < 0 for count in pool.values()):
            raise LoveLetterError("these events show more cards than the deck holds")
        self.pool = {card: pool[card] for card in self.kinds}
        # Other seats' cards: the seats that may hold the fewest unseen cards first.
        self.holders: list[tuple[int, list[list[str]]]] = []
        for seat in range(n):
            if seat == me or seen.out[seat] or seat in self.fixed:
                continue
            domains = [self.domain[seat]]
            if seat in seen.drawing:
                domains.append(seen.drawing[seat][1])
            if seat in seen.choosing:
                domains.extend(seen.choosing[seat][1])
            kinds = [
                [card for card in self.kinds if self.bit[card] & domain and self.pool[card]]
                for domain in domains
            ]
            self.holders.append((seat, kinds))
        unseen = self.pool
        self.holders.sort(key=lambda holder: sum(unseen[card] for card in holder[1][0]))
        self.tied: dict[int, list[int]] = {seat: [] for seat in range(n)}
        for one, other in seen.ties:  # enforced as sampled
            self.tied[one].append(other)
            self.tied[other].append(one)
        self.open_slots = [slot for slot in self.end_deck if slot not in known]
        place = {slot: index for index, slot in enumerate(self.open_slots)}
        # The deck now (top last) and at the deal: a known card, or a place in the rest.
        self.deck_layout = [(known.get(slot), place.get(slot, -1)) for slot in self.end_deck]
        self.dealt_open = [(slot, place[slot]) for slot in self.open_slots if slot < self.deal_size]
        self.hidden_set_aside = not self.set_aside_drawn and self.set_aside is None
        places = sum(len(kinds) for _, kinds in self.holders)
        places += len(self.open_slots) + self.hidden_set_aside
        if places != sum(self.pool.values()):
            raise LoveLetterError(f"{sum(self.pool.values())} unseen cards for {places} places")
        self.hidden_decisions = None in self.actions  # another seat's Chancellor chose
        self.returned_known = {slot: card for slot, card in known.items() if slot >= self.deal_size}
        self.deck_template = [known.get(slot) for slot in range(self.deal_size)]

    def _group(self, seen: RoundThreads) -> None:
        """Threads linked by a tie or a returned card form a group, sampled together."""
        groups: dict[int, _Group] = {}
        root = seen.root
        for thread in range(len(seen.links)):
            first = root(thread)
            if first not in groups:
                groups[first] = _Group([])
            groups[first].threads.append(thread)
        for seat in range(seen.seat_count):
            if seat != seen.me and not seen.out[seat]:
                groups[root(self.thread[seat])].live.append(seat)
        for place, slot in enumerate(self.open_slots):
            if slot in seen.returned_by:
                groups[root(seen.returned_by[slot])].returned.append((slot, place))
        for step in seen.steps:
            groups[root(step[1])].steps.append(step)
        groups_with_steps = [group for group in groups.values() if group.steps]
        # Groups whose threads all ended (out, or given to this seat) are undone once.
        self.groups = [group for group in groups_with_steps if group.live or group.returned]
        self.settled = [group for group in groups_with_steps if group not in self.groups]
        self.settled_histories: list[History] | None = None
        # Per histories of a deal: the log, the deal's slots drawn and the decisions.
        self.merged: dict[
            tuple[History, ...], tuple[list[Event], list[tuple[int, str]], list[Action | None]]
        ] = {}

    # -- sampling -----------------------------------------------------------------------------

    def deal(self, rng: random.Random, weights: Weights | None = None) -> Deal:
        """A sampled round, weighted by ``weights`` while that keeps finding deals."""
        for attempt in range(MAX_TRIES):
            deal = self._try(rng, weights if attempt < WEIGHTED_TRIES else None)
            if deal is not None:
                return deal
        raise RuntimeError("no deal fits these events (a bug: the true one does)")

    def _try(self, rng: random.Random, weights: Weights | None) -> Deal | None:
        """One attempt: the cards now, then each group's history (None: a dead end)."""
        pool = self.pool.copy()
        hands = {seat: list(cards) for seat, cards in self.fixed.items()}
        for seat, kinds_per_card in self.holders:
            factors = weights.get(seat) if weights is not None else None
            tied = self.tied[seat]
            hand: list[str] = []
            for kinds in kinds_per_card:
                cards = [card for card in kinds if pool[card]]
                if tied and not hand:
                    cards = [card for card in cards if self._tie_fits(card, tied, hands, pool)]
                if not cards:
                    return None
                card = _choose(rng, cards, pool, None if hand else factors)
                pool[card] -= 1
                hand.append(card)
            hands[seat] = hand
        rest = [card for card, count in pool.items() for _ in range(count)]
        rng.shuffle(rest)
        set_aside = rest.pop() if self.hidden_set_aside else None
        if self.settled_histories is None:
            self.settled_histories = []
            for group in self.settled:
                history = self._undo(group, hands, rest, rng)
                if history is None:
                    raise RuntimeError("no history fits these events (a bug: the true one does)")
                self.settled_histories.append(history)
        histories = []
        for group in self.groups:
            if group.returned or len(group.live) > 1:
                key: tuple[Any, ...] = (
                    *(tuple(hands[seat]) for seat in group.live),
                    *(rest[place] for _, place in group.returned),
                )
            else:
                key = tuple(hands[group.live[0]])
            if key in group.cache:
                history = group.cache[key]
            else:
                history = group.cache[key] = self._undo(group, hands, rest, rng)
            if history is None:
                return None
            histories.append(history)
        return Deal(hands, rest, set_aside, tuple(histories))

    def _tie_fits(
        self, card: str, tied: list[int], hands: dict[int, list[str]], pool: dict[str, int]
    ) -> bool:
        """Whether a seat tied (R17) with the seats ``tied`` may hold ``card``: their
        value if they have theirs already, else one left of that value for each."""
        values, bit = self.rules.values, self.bit
        value = values[card]
        for other in tied:
            if other in hands:
                if values[hands[other][0]] != value:
                    return False
            elif not any(
                pool[same] - (same == card) > 0 and self.domain[other] & bit[same]
                for same in self.kinds
                if values[same] == value
            ):
                return False
        return True

    def _undo(
        self, group: _Group, hands: dict[int, list[str]], rest: list[str], rng: random.Random
    ) -> History | None:
        """A history of ``group`` that ends with the sampled cards, or None if none fits."""
        held: dict[int, list[str]] = {thread: [] for thread in group.threads}
        for seat in group.live:
            held[self.thread[seat]] = list(hands[seat])
        returned = dict(self.returned_known)
        for slot, place in group.returned:
            returned[slot] = rest[place]
        return self._history(group, len(group.steps) - 1, held, returned, rng)

    def _history(
        self,
        group: _Group,
        index: int,
        held: dict[int, list[str]],
        returned: dict[int, str],
        rng: random.Random,
    ) -> History | None:
        """Undo ``group.steps[: index + 1]`` from the cards ``held`` after them (and the
        returned cards' slots): their history, or None at a dead end.

        At a choice (which card a player drew, what a Chancellor kept) the options that
        fit the domains are tried in random order; what follows a choice depends only
        on the cards held then, so it is kept per group (:attr:`_Group.tails`).
        """
        steps, bit, values = group.steps, self.bit, self.rules.values
        history = History()
        parts: list[tuple[int, int, Any]] = []
        choices: list[Branch] = []
        while index >= 0 and not choices:
            step = steps[index]
            kind = step[0]
            index -= 1
            if kind == PLAY:
                _, thread, card, slot, turn, before, drawn = step
                (kept,) = held[thread]
                for old, new in ((card, kept), (kept, card)):
                    if before & bit[old] and drawn & bit[new]:
                        choices.append((thread, old, [(slot, new)], [(turn, 2, new)]))
                    if kept == card:
                        break
                if not choices:
                    return None
            elif kind == SHOWN:
                _, thread, event, position = step
                parts.append((event, position, held[thread][0]))
            elif kind in (DRAW, DRAWN_NOW):
                _, thread, slot, event = step
                card = held[thread].pop()
                self._place(returned, history, slot, card)
                parts.append((event, 2, card))
            elif kind == DISCARDED:
                held[step[1]].append(step[2])
            elif kind == HELD:
                held[step[1]] = list(step[2])
            elif kind == DEAL:
                _, thread, slot, event = step
                (card,) = held[thread]
                held[thread] = []
                self._place(returned, history, slot, card)
                parts.append((event, 2, card))
            elif kind == TIE:
                _, one, other, event = step
                mine, theirs = held[one][0], held[other][0]
                if values[mine] != values[theirs]:
                    return None
                parts.extend(((event, 3, mine), (event, 4, theirs)))
            elif kind == CHANCELLOR:
                _, thread, taken, drawn_event, back, return_event, action, before, domains = step
                kept = held[thread][0]
                cards = tuple(returned.pop(slot) for slot in back)  # not needed further back
                history.actions.append((action, Action.keep(kept, *cards)))
                parts.append((return_event, 2, cards))
                for first, *drawn_cards in dict.fromkeys(permutations((kept, *cards))):
                    if before & bit[first] and all(
                        domain & bit[card]
                        for domain, card in zip(domains, drawn_cards, strict=True)
                    ):
                        fills = [(drawn_event, 2, tuple(drawn_cards))]
                        drawn = list(zip(taken, drawn_cards, strict=True))
                        choices.append((thread, first, drawn, fills))
                if not choices:
                    return None
            else:  # CHANCELLOR_NOW
                _, thread, taken, event = step
                hand = held[thread]
                held[thread] = hand[:1]
                for slot, card in zip(taken, hand[1:], strict=True):
                    self._place(returned, history, slot, card)
                parts.append((event, 2, tuple(hand[1:])))
        if choices:
            chosen = self._follow(group, index, held, returned, rng, choices)
            if chosen is None:
                return None
            (_, _, drawn, fills), tail = chosen
            for slot, card in drawn:
                self._place(returned, history, slot, card)
            parts.extend(fills)
            self._complete_events(history, parts)
            history.events.extend(tail.events)
            history.parts.extend(tail.parts)
            history.slots.extend(tail.slots)
            history.actions.extend(tail.actions)
        else:
            self._complete_events(history, parts)
        return history

    def _follow(
        self,
        group: _Group,
        index: int,
        held: dict[int, list[str]],
        returned: dict[int, str],
        rng: random.Random,
        choices: list[Branch],
    ) -> tuple[Branch, History] | None:
        """The first of ``choices``, in random order, after which ``group.steps[: index
        + 1]`` can be undone, and their history; None if there is none."""
        if len(choices) > 1:
            rng.shuffle(choices)
        for number, choice in enumerate(choices):
            thread, card, drawn, _ = choice
            last = number == len(choices) - 1
            trial_held = held if last else {key: list(cards) for key, cards in held.items()}
            trial_returned = returned if last else dict(returned)
            trial_held[thread] = [card]
            for slot, drawn_card in drawn:
                if slot >= self.deal_size:
                    trial_returned[slot] = drawn_card
            key = (
                index,
                *(tuple(trial_held[other]) for other in group.threads),
                *sorted(trial_returned.items()),
            )
            if key in group.tails:
                tail = group.tails[key]
            else:
                tail = group.tails[key] = self._history(
                    group, index, trial_held, trial_returned, rng
                )
            if tail is not None:
                return choice, tail
        return None

    def _complete_events(self, history: History, parts: list[tuple[int, int, Any]]) -> None:
        """Turn filled fields into whole events; a trade with another group's thread
        keeps its part only."""
        events: dict[int, list[Any]] = {}
        template = self.template
        for index, position, card in parts:
            event = events.get(index)
            if event is None:
                event = events[index] = list(template[index])
            event[position] = card
        for index, event in events.items():
            if event[0] == "trade" and None in event[4:]:
                history.parts.extend(part for part in parts if part[0] == index)
            else:
                history.events.append((index, tuple(event)))

    def _place(self, returned: dict[int, str], history: History, slot: int, card: str) -> None:
        """``card`` was drawn from ``slot``: a slot of the deal, or a returned card."""
        if slot < self.deal_size:
            history.slots.append((slot, card))
        else:
            returned[slot] = card

    # -- results ------------------------------------------------------------------------------

    def complete(self, deal: Deal) -> tuple[list[Event], list[str], list[Action]]:
        """The round's log, deck at the deal (top first) and decisions in ``deal``,
        checked to be whole (every other world of a view relies on it)."""
        log, deck, actions = self.parts(deal)
        if None in deck or None in actions:
            raise RuntimeError("a sampled round left a card or a decision out")
        return log, deck, list(actions)

    def parts(self, deal: Deal) -> tuple[list[Event], list[str], Sequence[Action]]:
        """The round's log, deck at the deal and decisions in ``deal``, unchecked (the
        same places are filled in every deal of a round); the decisions are shared
        between deals: copy them to change them."""
        merged = self.merged.get(deal.histories)
        if merged is None:
            merged = self.merged[deal.histories] = self._merge(deal.histories)
        log, slots, actions = merged
        deck = list(self.deck_template)
        for slot, card in slots:
            deck[slot] = card
        rest = deal.rest
        for slot, place in self.dealt_open:
            deck[slot] = rest[place]
        if not self.set_aside_drawn:
            deck[0] = self.set_aside if deal.set_aside is None else deal.set_aside
        return list(log), cast("list[str]", deck), cast("list[Action]", actions)

    def _merge(
        self, histories: tuple[History, ...]
    ) -> tuple[list[Event], list[tuple[int, str]], list[Action | None]]:
        """The log, the deal's slots drawn, and the decisions of these histories."""
        log = list(self.template)
        slots: list[tuple[int, str]] = []
        actions = list(self.actions)
        for history in (*(self.settled_histories or ()), *histories):
            for index, event in history.events:
                log[index] = event
            for index, position, card in history.parts:  # an event shared with another
                event = list(log[index])
                event[position] = card
                log[index] = tuple(event)
            slots.extend(history.slots)
            for index, action in history.actions:
                actions[index] = action
        return log, slots, actions

    def deck_now(self, deal: Deal) -> list[str]:
        """The draw pile in ``deal``, top last (as :attr:`Game.deck`)."""
        rest = deal.rest
        return [rest[place] if card is None else card for card, place in self.deck_layout]


def _choose(
    rng: random.Random,
    cards: list[str],
    counts: dict[str, int],
    factors: Mapping[str, float] | None,
) -> str:
    """One of ``cards``, in proportion to its count times its factor (if their sum is
    positive; else to its count alone)."""
    if len(cards) == 1:
        return cards[0]
    if factors:
        masses = [counts[card] * factors.get(card, 1.0) for card in cards]
        total = sum(masses)
        if total <= 0:
            masses = [float(counts[card]) for card in cards]
            total = sum(masses)
    else:
        masses = [float(counts[card]) for card in cards]
        total = sum(masses)
    point = rng.random() * total
    for card, mass in zip(cards, masses, strict=True):
        point -= mass
        if point < 0:
            return card
    return cards[-1]
