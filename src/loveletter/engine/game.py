"""A whole game of Love Letter: rounds, turns, card effects and tokens.

The state is mutable and changes only through :meth:`Game.apply` (one decision) and
:meth:`Game.next_round`. Every change is checked first and a refused input changes
nothing. What happens is appended to :attr:`Game.log` as compact event tuples (see
:mod:`loveletter.engine.events`), from which views and narration are derived on demand.
A refused input raises an error whose reason is found here and told by :mod:`.explain`.
The game imports none of its satellites (views, records, states), which import it:
it writes its own record from its history, and :meth:`Game.view` calls the builder
that :mod:`.views` registers when imported. It tells its own story through
:mod:`.narrate`, which knows nothing of it.
Rulings of docs/rules.md are cited as ``# R<n>``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations, permutations
from typing import Any, NamedTuple

from .actions import DISCARD, KEEP, LOOK_NONE, STEP_WORDS, Action, parse_action
from .card_texts import CARD_TEXTS, LANGUAGES, STANDARD_THEME, CardTexts, add_card_texts
from .cards import CARD_KINDS, CardKind, Edition, add_card_kind
from .errors import IllegalActionError, LoveLetterError, NotationError
from .events import EVERYONE
from .explain import notation_error, refusal
from .narrate import narrate as narrate_events
from .options import Options, Rules
from .schema import EventDict, Record, RecordResult, View
from .types import Event, Outcome, Phase, RoundRecord, RoundResult

_PLAY = Phase.PLAY
_CHANCELLOR = Phase.CHANCELLOR
_CARDINAL = Phase.CARDINAL
_BISHOP = Phase.BISHOP
_ROUND_OVER = Phase.ROUND_OVER
_GAME_OVER = Phase.GAME_OVER

Details = dict[str, Any]


#: The players' names when a game is given a count: first names that read the same
#: in English and French, one per seat of the largest table.
DEFAULT_NAMES = ("Ana", "Bruno", "Chloé", "Dario", "Emma", "Félix", "Gaïa", "Hugo")

#: The ``format`` of a game record (docs/records.md).
RECORD_FORMAT = "loveletter-record/1"


def _checked_names(names: Sequence[str]) -> list[str]:
    """The players' names; LoveLetterError if one is blank or two are the same."""
    stripped = [name.strip() for name in names]
    if not all(stripped) or len(set(stripped)) != len(stripped):
        raise LoveLetterError(f"player names must be different and not empty: {list(names)}")
    return list(names)


class Game:
    """The state of one game, from the first deal to its winners.

    Create it with an edition and players (a count or a list of names); it deals the
    first round at once unless ``start=False``. Randomness (shuffles, first player,
    ties for the first player) comes only from ``rng``, or from ``random.Random(seed)``.
    """

    __slots__ = (
        "_actions",
        "_bare",
        "_bonuses",
        "_choosable",
        "_constable_in_play",
        "_effects",
        "_guesses",
        "_legal",
        "_looks",
        "_memo",
        "_next_first",
        "_round_allowed",
        "_single",
        "active",
        "alive",
        "deck",
        "discards",
        "face_up",
        "hands",
        "history",
        "jester",
        "log",
        "out",
        "phase",
        "players",
        "protected",
        "results",
        "rng",
        "round",
        "round_logs",
        "round_tokens",
        "rules",
        "seat_count",
        "seen_events",
        "seen_log",
        "set_aside",
        "step_seats",
        "sycophant",
        "tokens",
        "turn",
        "winners",
    )

    def __init__(
        self,
        edition: str | Edition = "classic",
        players: int | Sequence[str] = 2,
        *,
        options: Options | None = None,
        rng: random.Random | None = None,
        seed: int | None = None,
        start: bool = True,
    ) -> None:
        if rng is not None and seed is not None:
            raise LoveLetterError("give rng or seed, not both")
        if isinstance(players, int):
            self.rules = Rules.settle(edition, players, options)
            names = list(DEFAULT_NAMES[:players])
        else:
            names = _checked_names(players)
            self.rules = Rules.settle(edition, len(names), options)
        self.players: list[str] = names
        self.seat_count = n = len(names)
        self.rng = rng if rng is not None else random.Random(seed)
        self.tokens = [0] * n
        self.results: list[RoundResult] = []
        self.history: list[RoundRecord] = []
        self.winners: list[int] = []
        self.phase = _ROUND_OVER
        self.round = 0
        self.round_logs: list[list[Event]] = []
        # Round state, set by next_round().
        self.log: list[Event] = []
        self.deck: list[str] = []  # the draw pile, top card LAST
        self.set_aside: str | None = None
        self.face_up: tuple[str, ...] = ()
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.discards: list[list[str]] = [[] for _ in range(n)]
        self.out = [False] * n
        self.protected = [False] * n
        self.alive = n
        self._choosable = (1 << n) - 1
        self.active = 0
        self.turn = 0
        self.round_tokens = [0] * n
        self.jester: tuple[int, int] | None = None  # (owner, holder) R31
        self.sycophant: int | None = None  # the chosen player R34
        self.step_seats: tuple[int, ...] = ()  # Cardinal's traded pair, or Bishop's target
        self._legal: tuple[Action, ...] | None = None
        self._actions: list[Action] = []
        self._bonuses: list[tuple[int, str]] = []
        chosen = self.rules.options.first_player  # the host's choice binds round 1 (R2)
        self._next_first = tuple(range(n)) if chosen is None else (chosen,)
        self._round_allowed = self._next_first  # who could start this round (R2)
        #: Per viewer, the events of ``seen_log`` as that viewer saw them (views.py).
        self.seen_events: dict[int | None, list[EventDict]] = {}
        self.seen_log: list[Event] | None = None
        self._build_action_tables()
        if start:
            self.next_round()

    # ------------------------------------------------------------------ queries

    @property
    def edition(self) -> Edition:
        """The edition being played."""
        return self.rules.edition

    @property
    def to_move(self) -> int | None:
        """The seat that must decide next, or None between rounds and at the end."""
        phase = self.phase
        if phase is _BISHOP:
            return self.step_seats[0]
        if phase is _ROUND_OVER or phase is _GAME_OVER:
            return None
        return self.active

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (its winners are in :attr:`winners`)."""
        return self.phase is _GAME_OVER

    def __repr__(self) -> str:
        return (
            f"<Game {self.edition.id!r} players={self.players!r} round={self.round} "
            f"phase={self.phase.value!r} to_move={self.to_move!r}>"
        )

    def __str__(self) -> str:
        """The position as every player sees it, and the tokens: no hidden card."""
        edition = self.edition

        def cards(held: Sequence[str]) -> str:
            return ", ".join(edition.card_name(card) for card in held) or "none"

        to_move = self.to_move
        waiting = "" if to_move is None else f", {self.players[to_move]} to move"
        lines = [f"{edition.name()}, round {self.round}, {self.phase.value}{waiting}"]
        if self.round:
            lines.append(f"Deck {len(self.deck)} cards, face up: {cards(self.face_up)}")
        for seat, name in enumerate(self.players):
            marks = [
                mark
                for mark, on in (("out", self.out[seat]), ("protected", self.protected[seat]))
                if on
            ]
            if self.jester is not None and self.jester[1] == seat:
                marks.append(f"Jester token of {self.players[self.jester[0]]}")
            if self.sycophant == seat:
                marks.append("chosen by the Sycophant")
            state = f" ({', '.join(marks)})" if marks else ""
            lines.append(
                f"{seat} {name}: {self.tokens[seat]} token{'' if self.tokens[seat] == 1 else 's'}, "
                f"discards {cards(self.discards[seat])}{state}"
            )
        return "\n".join(lines)

    def value(self, card: str) -> int:
        """A card's printed value in this game."""
        return self.rules.values[card]

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the seat to move may take now (empty between rounds)."""
        legal = self._legal
        if legal is None:
            if self.phase is _PLAY:
                legal = self._legal = self._play_options()
            else:
                legal = self._legal = self._compute_legal()
        return legal

    def is_legal(self, action: Action | str) -> bool:
        """Whether an action (or its notation) may be applied now."""
        try:
            action = action if isinstance(action, Action) else parse_action(action)
        except LoveLetterError:
            return False
        return action in self.legal_actions()

    @property
    def result(self) -> RecordResult:
        """The game's result so far, in the schema of a record's ``result``: the
        finished rounds' winners and tokens (each round's review is in :attr:`results`),
        the token totals and the game's winners."""
        return {
            "rounds": [result.as_result() for result in self.results],
            "tokens": list(self.tokens),
            "winners": list(self.winners),
        }

    def outcome(self) -> Outcome | None:
        """How the game ended, None while it goes on (python-chess's ``outcome()``)."""
        if self.phase is not _GAME_OVER:
            return None
        return Outcome(
            winners=tuple(self.winners),
            tokens=tuple(self.tokens),
            rounds=self.round,
            ending=self.results[-1].ending if self.results else None,
        )

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know now, None for a spectator: ``build_view(game, seat)``
        (docs/views.md). Raises ValueError for a seat not at the table."""
        # The views module builds on this one, which may not import it: it registers
        # its builder when imported, and the package imports it.
        if _build_view is None:
            raise RuntimeError("loveletter.engine.views registers the view builder: import it")
        return _build_view(self, seat)

    def record(self, *, with_result: bool = True) -> Record:
        """The game's record as JSON data (docs/records.md): each round's deck, first
        seat and actions, and its ``result`` if ``with_result``.

        Raises LoveLetterError for a game restored from a state, which has no record.
        """
        if len(self.history) != self.round:
            raise LoveLetterError("this game was restored from a state: it has no record")
        record: Record = {
            "format": RECORD_FORMAT,
            "edition": self.rules.edition.id,
            "options": self.rules.options.changed(),
            "players": list(self.players),
            "rounds": [
                {
                    "deck": list(round_record.deck),
                    "first": round_record.first,
                    "actions": [action.text for action in round_record.actions],
                }
                for round_record in self.history
            ],
        }
        if with_result:
            record["result"] = self.result
        return record

    def narrate(self, viewer: int | None, lang: str = "en") -> list[str]:
        """The story of the game so far, every round, as ``viewer`` may know it: a
        seat (told as "you"), None for a spectator, or :data:`EVERYONE` for the
        omniscient narrator; in ``lang`` ("en" or "fr")."""
        if viewer is not None and viewer != EVERYONE and not 0 <= viewer < self.seat_count:
            raise LoveLetterError(
                f"no seat {viewer} at this table: give a seat from 0 to {self.seat_count - 1}, "
                "None for a spectator or EVERYONE"
            )
        events = (event for log in self.round_logs for event in log)
        return narrate_events(events, self.edition, self.players, viewer, lang)

    def copy(self, rng: random.Random | None = None) -> Game:
        """An independent copy, for search; it gets ``rng`` or a copy of this RNG."""
        new = Game.__new__(Game)
        # Shared: the rules' tables and the values that are replaced, never changed.
        new.rules, new.players, new.seat_count = self.rules, self.players, self.seat_count
        new._bare, new._single, new._guesses = self._bare, self._single, self._guesses
        new._looks, new._effects, new._memo = self._looks, self._effects, self._memo
        new._constable_in_play, new._next_first = self._constable_in_play, self._next_first
        new._legal, new._choosable = self._legal, self._choosable
        new.phase, new.round, new.turn, new.active = self.phase, self.round, self.turn, self.active
        new.alive, new.step_seats, new.face_up = self.alive, self.step_seats, self.face_up
        new.set_aside, new.jester, new.sycophant = self.set_aside, self.jester, self.sycophant
        new._round_allowed = self._round_allowed
        if rng is None:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        new.rng = rng
        new.tokens = self.tokens[:]
        new.results = self.results[:]
        if self.history:  # finished rounds never change: share them
            last = self.history[-1]
            new._actions = last.actions[:]
            new.history = [*self.history[:-1], RoundRecord(last.deck, last.first, new._actions)]
        else:
            new._actions, new.history = self._actions[:], []
        new.winners = self.winners[:]
        new.round_logs = [*self.round_logs[:-1], self.log[:]] if self.round_logs else []
        new.log = new.round_logs[-1] if new.round_logs else []
        # The round's events already redacted for a viewer stay valid for the copy.
        fresh = self.seen_log is self.log
        new.seen_events = {v: events[:] for v, events in self.seen_events.items()} if fresh else {}
        new.seen_log = new.log
        new.deck = self.deck[:]
        new.hands = [hand[:] for hand in self.hands]
        new.discards = [pile[:] for pile in self.discards]
        new.out = self.out[:]
        new.protected = self.protected[:]
        new.round_tokens = self.round_tokens[:]
        new._bonuses = self._bonuses[:]
        return new

    @classmethod
    def restore(
        cls,
        edition: str | Edition,
        players: int | Sequence[str],
        *,
        options: Options | None = None,
        rng: random.Random | None = None,
        round: int,
        tokens: Sequence[int],
        next_first: Sequence[int],
        results: Sequence[RoundResult] = (),
        winners: Sequence[int] = (),
        phase: Phase = _ROUND_OVER,
        turn: int = 0,
        active: int = 0,
        round_tokens: Sequence[int] | None = None,
        deck: Sequence[str] = (),
        set_aside: str | None = None,
        face_up: Sequence[str] = (),
        hands: Sequence[Sequence[str]] | None = None,
        discards: Sequence[Sequence[str]] | None = None,
        out: Sequence[bool] | None = None,
        protected: Sequence[bool] | None = None,
        jester: tuple[int, int] | None = None,
        sycophant: int | None = None,
        step_seats: Sequence[int] = (),
    ) -> Game:
        """A game at a position given field by field, without the history that led
        there: after ``round`` rounds whose finished ones are ``results``, and, given
        ``hands``, in that round's ``phase``, its cards where these fields say (``deck``
        top first, as in records). A position with cards starts its round's log empty;
        one without waits between rounds and has no log. Its fields are trusted:
        :func:`~loveletter.engine.restore_game` and
        :func:`~loveletter.engine.game_after_rounds` check data from outside first.
        """
        game = cls(edition, players, options=options, rng=rng, start=False)
        n = game.seat_count
        game.round, game.phase, game.turn, game.active = round, phase, turn, active
        game.tokens = list(tokens)
        game.results = list(results)
        game.winners = list(winners)
        game._next_first = game._round_allowed = tuple(next_first)
        game.round_tokens = list(round_tokens) if round_tokens is not None else [0] * n
        game.deck = list(reversed(deck))
        game.set_aside = set_aside
        game.face_up = tuple(face_up)
        if hands is not None:
            game.hands = [list(hand) for hand in hands]
            game.round_logs = [game.log]
        if discards is not None:
            game.discards = [list(pile) for pile in discards]
        if out is not None:
            game.out = list(out)
        if protected is not None:
            game.protected = list(protected)
        game.alive = game.out.count(False)
        game._choosable = sum(
            1 << seat for seat in range(n) if not game.out[seat] and not game.protected[seat]
        )
        game.jester, game.sycophant, game.step_seats = jester, sycophant, tuple(step_seats)
        return game

    def copy_with_hidden(
        self,
        rng: random.Random,
        *,
        cards: Sequence[str],
        actions: Sequence[Action] | None,
        log: list[Event],
        hands: Mapping[int, list[str]],
        deck: list[str],
    ) -> Game:
        """A copy of this game whose round was dealt from ``cards`` (top first) and
        decided by ``actions`` (None: this game's), as ``log`` tells, so that each seat
        of ``hands`` holds its hand there and the draw pile is ``deck`` (top last).

        Nothing is replayed: the caller vouches that these agree with each other and
        with the public state (the sampled worlds of :mod:`.worlds`, which check it).
        """
        new = self.copy(rng)
        if actions is not None:
            new._actions[:] = actions
        new.history[-1] = RoundRecord(tuple(cards), new.history[-1].first, new._actions)
        new.log = new.round_logs[-1] = new.seen_log = log
        new.seen_events = {}
        for seat, hand in hands.items():
            new.hands[seat] = hand
        new.deck = deck
        if new.set_aside is not None:  # R1: the deck's first card, unless it was drawn
            new.set_aside = cards[0]
        return new

    # ------------------------------------------------------------------ rounds

    def allowed_first(self) -> tuple[int, ...]:
        """Seats that may start the next round (R2)."""
        return self._next_first

    def next_round(self, deck: Sequence[str] | None = None, first: int | None = None) -> None:
        """Deal the next round: ``deck`` top first (shuffled if None), ``first`` seat (R2).

        Raises IllegalActionError during a round or after the game, and
        LoveLetterError on a deck that is not this game's deck or a first seat that
        R2 does not allow.
        """
        if self.phase is _GAME_OVER:
            raise self._refuse("game_over")
        if self.phase is not _ROUND_OVER:
            raise self._refuse("round_in_play")
        rules = self.rules
        allowed = self.allowed_first()
        if first is not None and (type(first) is not int or first not in allowed):
            chosen = rules.options.first_player
            if self.round == 0 and chosen is not None:
                raise LoveLetterError(
                    f"seat {first!r} may not start round 1: the table's first_player"
                    f" option chose seat {chosen} (R2)"
                )
            raise LoveLetterError(
                f"seat {first!r} may not start this round; allowed: {list(allowed)} (R2)"
            )
        if deck is None:
            draw = self.rng.random
            cards = sorted(rules.deck, key=lambda _: draw())  # a uniform shuffle
        else:
            cards = list(deck)
            if sorted(cards) != sorted(rules.deck):
                raise LoveLetterError(
                    f"the deck is not the {rules.edition.id} deck for {self.seat_count} players"
                )
        if first is None:
            first = allowed[0] if len(allowed) == 1 else self.rng.choice(allowed)
        self._deal(cards, first)

    def _deal(self, cards: list[str], first: int) -> None:
        n = self.seat_count
        self._actions = []
        self.history.append(RoundRecord(tuple(cards), first, self._actions))
        self._round_allowed = self._next_first
        start = 1 + self.rules.face_up
        self.set_aside = cards[0]  # R1
        self.face_up = face_up = tuple(cards[1:start])
        self.round += 1
        log: list[Event] = [("round", self.round, first, face_up)]
        self.log = log
        self.round_logs.append(log)
        hands: list[list[str]] = [[] for _ in range(n)]
        for offset in range(n):
            seat = (first + offset) % n
            card = cards[start + offset]
            hands[seat].append(card)
            log.append(("deal", seat, card))
        self.hands = hands
        deck = cards[start + n :]
        deck.reverse()
        self.deck = deck
        self.discards = [[] for _ in range(n)]
        self.out = [False] * n
        self.protected = [False] * n
        self.alive = n
        self._choosable = (1 << n) - 1  # seats in the round and not protected, as bits
        self.round_tokens = [0] * n
        self._bonuses = []
        self.jester = None
        self.sycophant = None
        self.step_seats = ()
        self.turn = 0
        self.phase = _PLAY
        self._legal = None
        self._start_turn(first)

    def _start_turn(self, seat: int) -> None:
        self.active = seat
        self.turn += 1
        self.protected[seat] = False  # R15: protection ends at the start of your turn
        self._choosable |= 1 << seat
        card = self.deck.pop()
        self.hands[seat].append(card)
        self.log.append(("turn", seat, card))

    def _end_turn(self) -> None:
        if not self.deck:  # R6
            self._showdown()
            return
        n = self.seat_count
        out = self.out
        seat = self.active
        while True:
            seat = (seat + 1) % n
            if not out[seat]:
                break
        self._start_turn(seat)

    # ------------------------------------------------------------------ actions

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Apply one decision, given as an Action or in notation.

        If ``seat`` is given it must be the seat to move. Raises NotationError on a
        text that is not an action and IllegalActionError on an action the rules do
        not allow now; either way nothing changes.
        """
        if not isinstance(action, Action):
            try:
                action = parse_action(action)
            except NotationError as error:
                if error.reason == "seat_range":  # told with this table's seats
                    raise notation_error(
                        "seat_range", **error.details, seats=self.seat_count
                    ) from None
                raise
        if seat is not None and seat != self.to_move:
            raise self._not_your_turn(seat)
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if action not in legal:
            raise self._refusal(action)
        self._legal = None
        self._actions.append(action)
        phase = self.phase
        if phase is _PLAY:
            seat = self.active
            card = action.word
            self.hands[seat].remove(card)
            self.discards[seat].append(card)
            self.log.append(("play", seat, action))
            self.sycophant = None  # R34: the constraint binds only the next card played
            self._effects[card](self, seat, action)
        elif phase is _CHANCELLOR:
            self._chancellor_keep(action)
        elif phase is _CARDINAL:
            self._cardinal_look(action)
        else:
            self._bishop_reply(action)
        if self.phase is _PLAY:
            self._end_turn()

    def undo(self) -> Action:
        """Take back the last action of this round and return it, as python-chess's
        ``board.pop()``: the game is exactly as it was before that action (views,
        record, state), the seat to move the one that took it. A round that ended
        with it is open again and its tokens taken back.

        The round is dealt again from its record and its other actions replayed.
        Raises IndexError when the round has no action to undo: its deal is not an
        action (undoing it would need the RNG as it was), nor are the rounds before;
        and for a game restored from a state, whose round has no record.
        """
        if not self.round:
            raise IndexError("no round has been dealt: there is no action to undo")
        record = self.history[-1] if self.history else None
        if record is None or record.actions is not self._actions:
            raise IndexError("this round was restored from a state: it has no record to undo")
        if not record.actions:
            raise IndexError(f"round {self.round} has no action to undo: it was just dealt")
        *kept, undone = record.actions
        # Back to the deal: this round's tokens, result and game's winners taken back.
        self.tokens = [held - won for held, won in zip(self.tokens, self.round_tokens, strict=True)]
        if self.phase is _ROUND_OVER or self.phase is _GAME_OVER:
            del self.results[-1]
            self.winners = []
        self._next_first = self._round_allowed
        del self.history[-1], self.round_logs[-1]
        self.round -= 1
        self.phase = _ROUND_OVER
        self._deal(list(record.deck), record.first)
        for action in kept:
            self.apply(action)
        return undone

    # ------------------------------------------------------------------ effects

    def _no_effect(self, seat: int, action: Action) -> None:
        """Cards whose play does nothing by itself (their rules act elsewhere)."""

    def _guard(self, seat: int, action: Action) -> None:
        if not action.seats:  # R11
            return
        target = action.seats[0]
        held = self.hands[target][0]
        if held == "assassin":  # R30
            self.log.append(("assassin", target, seat))
            self.knock_out(seat)
            if self.phase is not _PLAY:
                return
            self.hands[target].clear()
            self.discards[target].append(held)
            self.log.append(("discard", target, held, "assassin"))
            self._draw_replacement(target)
            return
        guess = action.guess
        hit = self.rules.values[held] == guess if self.rules.guard_names_value else held == guess
        self.log.append(("guard", seat, target, guess, hit))
        if hit:
            self.knock_out(target)

    def _priest(self, seat: int, action: Action) -> None:
        if action.seats:
            target = action.seats[0]
            self.log.append(("look", seat, target, self.hands[target][0]))

    def compare_hands(self, seat: int, action: Action) -> None:
        """The effect of a card that compares hands, the Baron's and the Dowager
        Queen's: the value its kind says (``CardKind.loses``) is out; nothing on a tie
        (R17, R37). For cards of one's own too (:func:`register_card`)."""
        if not action.seats:
            return
        target = action.seats[0]
        mine = self.hands[seat][0]
        theirs = self.hands[target][0]
        values = self.rules.values
        difference = values[mine] - values[theirs]  # R17, R37: printed values
        loser: int | None = None
        if difference:
            lower_loses = CARD_KINDS[action.word].loses == "lower"
            loser = target if (difference > 0) == lower_loses else seat
        self.log.append(("compare", seat, target, mine, theirs, loser))
        if loser is not None:
            self.knock_out(loser)

    def _handmaid(self, seat: int, action: Action) -> None:
        self.protected[seat] = True  # R15
        self._choosable &= ~(1 << seat)

    def _prince(self, seat: int, action: Action) -> None:
        if not action.seats:
            return
        self.discard_and_draw(action.seats[0], "prince")

    def discard_and_draw(self, target: int, cause: str) -> None:
        """R18, R38: ``target`` discards their hand without its effect (``cause``, the
        card that made them, is logged) and draws a new card, or is out if it was the
        Princess (R22). For the cards' effects, as :meth:`knock_out`."""
        hand = self.hands[target]
        card = hand.pop()
        self.discards[target].append(card)
        self.log.append(("discard", target, card, cause))
        if card == "princess":  # R22: out, and draws nothing
            self.knock_out(target)
        else:
            self._draw_replacement(target)

    def _draw_replacement(self, seat: int) -> None:
        if self.deck:
            card = self.deck.pop()
            from_set_aside = False
        else:
            # R23: at most one draw from an empty deck per turn, so this suffices.
            if self.set_aside is None:
                raise RuntimeError("R23 broken: a second draw from an empty deck")
            card, self.set_aside = self.set_aside, None
            from_set_aside = True
        self.hands[seat].append(card)
        self.log.append(("draw", seat, card, from_set_aside))

    def _chancellor(self, seat: int, action: Action) -> None:
        deck = self.deck
        count = min(2, len(deck))  # R19
        drawn = tuple(deck.pop() for _ in range(count))
        self.log.append(("chancellor_draw", seat, drawn))
        if drawn:
            self.hands[seat].extend(drawn)
            self.phase = _CHANCELLOR

    def _chancellor_keep(self, action: Action) -> None:
        seat = self.active
        kept, *returned = action.cards
        self.hands[seat] = [kept]
        for card in returned:
            self.deck.insert(0, card)  # under the deck, the last one at the bottom
        self.log.append(("chancellor_return", seat, tuple(returned)))
        self.phase = _PLAY

    def _king(self, seat: int, action: Action) -> None:
        if action.seats:
            self._trade(seat, seat, action.seats[0])

    def _trade(self, seat: int, first: int, second: int) -> None:
        hands = self.hands
        self.log.append(("trade", seat, first, second, hands[first][0], hands[second][0]))
        hands[first], hands[second] = hands[second], hands[first]

    def _princess(self, seat: int, action: Action) -> None:
        self.knock_out(seat)  # R22

    def _jester(self, seat: int, action: Action) -> None:
        if action.seats:
            self.jester = (seat, action.seats[0])  # R31

    def _cardinal(self, seat: int, action: Action) -> None:
        if not action.seats:  # R32: fewer than two choosable players
            return
        first, second = action.seats
        self._trade(seat, first, second)
        self.step_seats = (first, second)
        self.phase = _CARDINAL

    def _cardinal_look(self, action: Action) -> None:
        if action.seats:
            target = action.seats[0]
            self.log.append(("look", self.active, target, self.hands[target][0]))
        self.step_seats = ()
        self.phase = _PLAY

    def _baroness(self, seat: int, action: Action) -> None:
        for target in action.seats:  # R33
            self.log.append(("look", seat, target, self.hands[target][0]))

    def _sycophant(self, seat: int, action: Action) -> None:
        if action.seats:
            self.sycophant = action.seats[0]  # R34

    def _bishop(self, seat: int, action: Action) -> None:
        if not action.seats:
            return
        target = action.seats[0]
        value = action.guess
        hit = self.rules.values[self.hands[target][0]] == value  # R38
        self.log.append(("bishop", seat, target, value, hit))
        if hit:
            self.gain_token(seat, "bishop")
            if self.phase is _PLAY:
                self.step_seats = (target,)
                self.phase = _BISHOP

    def _bishop_reply(self, action: Action) -> None:
        target = self.step_seats[0]
        self.step_seats = ()
        self.phase = _PLAY
        self.log.append(("reply", target, action is DISCARD))
        if action is DISCARD:
            self.discard_and_draw(target, "bishop")

    # ------------------------------------------------------------------ outcomes

    def knock_out(self, seat: int) -> None:
        """R5: ``seat`` leaves the round, their hand face up on their pile; R36's token
        and R6's end of the round follow. For the cards' effects (those
        :func:`register_card` adds too): an effect checks :attr:`phase` after it, as
        the round or the game may have ended."""
        pile = self.discards[seat]
        hand = self.hands[seat]
        constable = self._constable_in_play and (
            "constable" in pile
            or (self.rules.options.constable_when_knocked_out and "constable" in hand)
        )
        revealed = tuple(hand)
        pile.extend(revealed)
        hand.clear()
        self.out[seat] = True
        self.protected[seat] = False
        self._choosable &= ~(1 << seat)
        self.alive -= 1
        self.log.append(("out", seat, revealed))
        if constable:  # R36: settled before the round can end
            self.gain_token(seat, "constable")
            if self.phase is _GAME_OVER:
                return
        if self.alive == 1:  # R6
            winner = self.out.index(False)
            self._end_round("last_standing", (winner,), (winner,))

    def gain_token(self, seat: int, reason: str) -> None:
        """``seat`` gains a token now, for ``reason`` (the card's id for a card's
        token), as the Bishop and the Constable give: reaching the threshold wins the
        game at once (R9). For the cards' effects, as :meth:`knock_out`."""
        self._bonus(seat, reason)
        if self.tokens[seat] >= self.rules.tokens_to_win:
            self.log.append(("round_end", "game_won", ()))
            self._finish_round("game_won", (), (seat,))

    def _showdown(self) -> None:
        """R7, R35, R40, R41: compare the hands of the players still in the round."""
        rules = self.rules
        values = rules.values
        hands = self.hands
        finalists = [seat for seat in range(self.seat_count) if not self.out[seat]]
        self.log.append(("showdown", tuple((seat, hands[seat][0]) for seat in finalists)))
        contenders = finalists
        if rules.premium:
            if rules.options.princess_beats_bishop and any(
                hands[seat][0] == "princess" for seat in finalists
            ):
                contenders = [seat for seat in finalists if hands[seat][0] != "bishop"]
            scores = {
                seat: values[hands[seat][0]] + self.discards[seat].count("count")
                for seat in contenders
            }
        else:
            scores = {seat: values[hands[seat][0]] for seat in contenders}
        best = max(scores.values())
        tied = [seat for seat in contenders if scores[seat] == best]
        if len(tied) > 1 and rules.edition.discard_tiebreak:
            totals = {seat: sum(values[card] for card in self.discards[seat]) for seat in tied}
            top = max(totals.values())
            tied = [seat for seat in tied if totals[seat] == top]
        winners: tuple[int, ...] = tuple(tied)
        if len(tied) > 1 and rules.options.tie_rule == "nobody":
            winners = ()
        self._end_round("showdown", winners, tuple(tied))

    def _end_round(self, ending: str, winners: tuple[int, ...], tied: tuple[int, ...]) -> None:
        """R8: the round's tokens, all at once, then R9: the game's winners."""
        self.log.append(("round_end", ending, winners))
        for seat in winners:
            self._bonus(seat, "round")
        rules = self.rules
        discards = self.discards
        in_round = [seat for seat in range(self.seat_count) if not self.out[seat]]
        if rules.spy_bonus:  # R24, R25
            spies = [seat for seat in in_round if "spy" in discards[seat]]
            if len(spies) == 1:
                self._bonus(spies[0], "spy")
        if rules.twins_bonus:  # R27
            twins = [seat for seat in in_round if "chancellor" in discards[seat]]
            if len(twins) == 2:
                for seat in twins:
                    self._bonus(seat, "twins")
        if self.jester is not None and self.jester[1] in winners:  # R31
            self._bonus(self.jester[0], "jester")
        self._finish_round(ending, winners, tied)

    def _bonus(self, seat: int, reason: str) -> None:
        self.tokens[seat] += 1
        self.round_tokens[seat] += 1
        self._bonuses.append((seat, reason))
        self.log.append(("token", seat, reason))

    def _finish_round(self, ending: str, winners: tuple[int, ...], tied: tuple[int, ...]) -> None:
        self.results.append(
            RoundResult(
                number=self.round,
                ending=ending,
                winners=winners,
                tokens=tuple(self.round_tokens),
                hands=tuple(tuple(hand) for hand in self.hands),
                set_aside=self.set_aside,
                bonuses=tuple(self._bonuses),
                tied=tied,
            )
        )
        self._next_first = tied
        self.step_seats = ()
        threshold = self.rules.tokens_to_win
        if max(self.tokens) >= threshold:
            self.winners = [
                seat for seat in range(self.seat_count) if self.tokens[seat] >= threshold
            ]
            self.phase = _GAME_OVER
            self.log.append(("game_end", tuple(self.winners)))
        else:
            self.phase = _ROUND_OVER

    # ------------------------------------------------------------------ legal actions

    def _build_action_tables(self) -> None:
        """Every action this table can use, built once: legal_actions() only picks."""
        tables = _action_tables(self.rules)
        self._memo = tables.memo
        self._bare = tables.bare
        self._single = tables.single
        self._guesses = tables.guesses
        self._looks = tables.looks
        self._effects = tables.effects
        self._constable_in_play = "constable" in self.rules.values

    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase is _PLAY:
            return self._play_options()
        if phase is _CHANCELLOR:
            return self._keep_options()
        if phase is _CARDINAL:
            first, second = self.step_seats
            return (self._looks[first], self._looks[second], LOOK_NONE)
        if phase is _BISHOP:
            return (DISCARD, KEEP)
        return ()

    def _play_options(self) -> tuple[Action, ...]:
        seat = self.active
        first, second = self.hands[seat]
        if first == "countess" or second == "countess":
            other = second if first == "countess" else first
            if other in self.rules.countess_forcers:  # R21, R42
                return (self._bare["countess"],)
        others = self._choosable & ~(1 << seat)  # R10
        chosen = self.sycophant
        if chosen is not None:  # R34: rare, not memoized
            options = self._card_options(first, seat, others, chosen)
            if second != first:
                options += self._card_options(second, seat, others, chosen)
            return options
        memo = self._memo
        key = (first, seat, others)
        cached = memo.get(key)
        if cached is None:
            cached = memo[key] = self._card_options(first, seat, others, None)
        options = cached
        if second == first:
            return options
        key = (second, seat, others)
        more = memo.get(key)
        if more is None:
            more = memo[key] = self._card_options(second, seat, others, None)
        return options + more

    def _card_options(
        self, card: str, seat: int, others_mask: int, chosen: int | None
    ) -> tuple[Action, ...]:
        """The ways to play ``card`` for ``seat`` when ``others_mask`` can be chosen."""
        kind = CARD_KINDS[card]
        if not kind.chooses_players:
            return (self._bare[card],)
        pool = _SEATS_IN_MASK[others_mask]
        if kind.may_choose_self:  # R12, R32
            pool = _SEATS_IN_MASK[others_mask | 1 << seat]
        if kind.seat_counts != (1,):  # a set of seats: R32 two, R33 one or two
            groups = [group for size in kind.seat_counts for group in combinations(pool, size)]
            if chosen is not None:
                groups = [group for group in groups if chosen in group]
            if not groups:
                return (self._bare[card],)
            return tuple(Action(card, group) for group in groups)
        targets = pool
        if chosen is not None:
            targets = (chosen,) if chosen in targets else ()
        if not targets:  # R11
            return (self._bare[card],)
        guesses = self._guesses.get(card)
        if guesses is not None:
            return tuple(action for target in targets for action in guesses[target])
        single = self._single[card]
        return tuple(single[target] for target in targets)

    def _keep_options(self) -> tuple[Action, ...]:
        hand = self.hands[self.active]
        seen: dict[tuple[str, ...], Action] = {}
        for order in permutations(hand):
            if order not in seen:
                seen[order] = Action.keep(*order)
        return tuple(seen.values())

    # ------------------------------------------------------------------ refusals

    def _refuse(self, code: str, **details: Any) -> IllegalActionError:
        return refusal(self.rules.edition, code, **details)

    def _not_your_turn(self, seat: int) -> IllegalActionError:
        """The error for a seat acting when another one must decide."""
        to_move = self.to_move
        if to_move is None:
            return self._refuse("nobody_to_move", seat=seat)
        return self._refuse("not_your_turn", seat=seat, to_move=to_move)

    def _refusal(self, action: Action) -> IllegalActionError:
        """The error saying why ``action``, not a legal action, may not be applied now."""
        phase = self.phase
        if phase is _GAME_OVER:
            return self._refuse("game_over")
        if phase is _ROUND_OVER:
            return self._refuse("round_over")
        if phase is _PLAY:
            code, details = self._play_reason(action) or ("illegal", {})
        else:
            code, details = self._step_reason(action) or (f"expect_{phase.value}", {})
        return self._refuse(code, action=action.text, **details)

    def _step_reason(self, action: Action) -> tuple[str, Details] | None:
        if self.phase is _CHANCELLOR and action.word == "keep" and action.cards:
            hand = sorted(self.hands[self.active])
            if sorted(action.cards) != hand:
                return "keep_cards", {"cards": hand}
        if self.phase is _CARDINAL and action.word == "look" and action.seats:
            first, second = self.step_seats
            return "look_seats", {"first": first, "second": second}
        return None

    def _play_reason(self, action: Action) -> tuple[str, Details] | None:
        card = action.card
        if card is None:
            return "step_word", {"word": action.word}
        seat = self.active
        hand = self.hands[seat]
        if card not in self.rules.values:
            return "not_in_deck", {"card": card}
        if card not in hand:
            return "not_held", {"seat": seat, "card": card, "hand": list(hand)}
        if card != "countess" and "countess" in hand and card in self.rules.countess_forcers:
            return "countess", {"card": card}
        return self._target_reason(action, CARD_KINDS[card], seat)

    def _target_reason(
        self, action: Action, kind: CardKind, seat: int
    ) -> tuple[str, Details] | None:
        if not kind.chooses_players:
            return None
        card = kind.id
        legal_here = [a for a in self.legal_actions() if a.word == card]
        for target in action.seats:
            if target >= self.seat_count:
                return "no_seat", {"target": target, "seats": self.seat_count}
            if self.out[target]:
                return "target_out", {"target": target}
            if target == seat and not kind.may_choose_self:
                return "target_self", {"card": card}
            if target != seat and self.protected[target]:
                return "target_protected", {"target": target}
        chosen = self.sycophant
        if chosen is not None and action.seats and chosen not in action.seats:
            return "sycophant", {"card": card, "target": chosen}
        if not action.seats and any(a.seats for a in legal_here):
            return "must_choose", {"card": card}
        if action.seats and legal_here and not any(a.seats for a in legal_here):
            return "no_target", {"card": card}
        if action.guess is not None and action.guess not in self.rules.guesses(card):
            return "bad_guess", {"card": card, "allowed": list(self.rules.guesses(card))}
        return None


#: Builds a seat's view of a game: :func:`~loveletter.engine.build_view`, registered by
#: :mod:`.views` (:func:`register_view_builder`) for :meth:`Game.view`.
ViewBuilder = Callable[[Game, int | None], View]
_build_view: ViewBuilder | None = None


def register_view_builder(builder: ViewBuilder) -> None:
    """Let :meth:`Game.view` build views with ``builder``. :mod:`.views` registers
    :func:`~loveletter.engine.build_view` when imported (``loveletter.engine`` imports
    it): views build on the game, which may not import them (no import cycle)."""
    global _build_view  # set once, by the views module
    _build_view = builder


#: The seats in each bit mask of up to 8 seats, increasing.
_SEATS_IN_MASK = tuple(tuple(seat for seat in range(8) if mask >> seat & 1) for mask in range(256))


Effect = Callable[[Game, int, Action], None]

_EFFECTS: dict[str, Effect] = {
    "spy": Game._no_effect,  # R24: counted at the end of the round
    "guard": Game._guard,
    "priest": Game._priest,
    "baron": Game.compare_hands,
    "handmaid": Game._handmaid,
    "prince": Game._prince,
    "chancellor": Game._chancellor,
    "king": Game._king,
    "countess": Game._no_effect,  # R21: only constrains what is played
    "princess": Game._princess,
    "assassin": Game._no_effect,  # R30: acts when a Guard chooses its holder
    "jester": Game._jester,
    "cardinal": Game._cardinal,
    "baroness": Game._baroness,
    "sycophant": Game._sycophant,
    "count": Game._no_effect,  # R35: counted at the showdown
    "constable": Game._no_effect,  # R36: counted when its player is knocked out
    "dowager_queen": Game.compare_hands,
    "bishop": Game._bishop,
}
#: What playing each kind of card does, by card id: (game, player's seat, action).
#: Every card kind has one entry, checked by the tests; cards with no effect of their
#: own when played say so here. :func:`register_card` adds the effects of new cards.
EFFECTS: Mapping[str, Effect] = _EFFECTS

#: A card id: lower-case words joined by underscores, as the notation writes it.
_CARD_ID = re.compile(r"[a-z]+(?:_[a-z]+)*")


def register_card(kind: CardKind, texts: CardTexts, effect: Effect) -> None:
    """Make a new kind of card known to the engine: how it is played (``kind``, for
    :data:`CARD_KINDS`), what players read of it (``texts``: its names, with at least
    the standard theme's, and its effect in every language) and what playing it does
    (``effect``, called as the cards' effects are, after the card is discarded: it
    appends the events of what happens to ``game.log``). Deal it with a variant
    edition whose deck holds it (:func:`~loveletter.engine.register_edition`).
    Notation, legal actions, refusals, views, narration, records, bots, the
    environments and the browser's catalogue all read these three.

    Registering the same card again does nothing; raises ValueError if the id is
    taken by another card or a step word, is not a notation word, or a text is
    missing, and for a kind that opens a second step (each needs its own phase).
    """
    card = kind.id
    known = (CARD_KINDS.get(card), CARD_TEXTS.get(card), EFFECTS.get(card))
    if known == (kind, texts, effect):
        return
    if any(part is not None for part in known) or card in STEP_WORDS or card == "none":
        raise ValueError(f"the card id {card!r} is taken")
    if not _CARD_ID.fullmatch(card):
        raise ValueError(f"a card id is lower-case words joined by '_', not {card!r}")
    if kind.step is not None:
        raise ValueError(f"the card {card!r} may not open a second step: only the editions' do")
    for lang in LANGUAGES:
        if not texts.effects.get(lang) or lang not in texts.names.get(STANDARD_THEME, {}):
            raise ValueError(f"the card {card!r} needs its standard name and effect in {lang!r}")
    add_card_kind(kind)
    add_card_texts(card, texts)
    _EFFECTS[card] = effect


class _ActionTables(NamedTuple):
    memo: dict[tuple[str, int, int], tuple[Action, ...]]
    bare: dict[str, Action]
    single: dict[str, list[Action]]
    guesses: dict[str, list[list[Action]]]
    looks: list[Action]
    effects: dict[str, Effect]


_TABLES: dict[tuple[str, int], _ActionTables] = {}


def _action_tables(rules: Rules) -> _ActionTables:
    key = (rules.edition.id, rules.players)
    tables = _TABLES.get(key)
    if tables is None:
        seats = range(rules.players)
        kinds = [CARD_KINDS[card] for card in rules.values]
        tables = _TABLES[key] = _ActionTables(
            memo={},
            bare={kind.id: Action(kind.id) for kind in kinds},
            single={
                kind.id: [Action(kind.id, (seat,)) for seat in seats]
                for kind in kinds
                if kind.seat_counts == (1,) and kind.names is None
            },
            guesses={
                kind.id: [
                    [Action(kind.id, (seat,), guess) for guess in rules.guesses(kind.id)]
                    for seat in seats
                ]
                for kind in kinds
                if kind.names is not None
            },
            looks=[Action.look(seat) for seat in seats],
            effects={kind.id: EFFECTS[kind.id] for kind in kinds},
        )
    return tables
