"""Property tests: invariants checked after every step of thousands of random games.

Every table the editions allow (each edition, each player count; Premium 2-4 plays
the Classic deck, 5-8 the 32-card deck) is played to its end by a random policy, and
the engine's invariants are checked after every step:

1. every card is somewhere, exactly once (draw pile, hands, discards, face up, set aside);
2. exactly one seat decides while a round is in play, and nobody between rounds;
3. every legal action applies; illegal and malformed ones are refused and change nothing;
4. a view never changes when only cards its seat cannot see change;
5. a spectator's view holds no hidden card;
6. an exported record replays to the same game;
7. the same seed gives the same game;
8. the notation of every legal action round-trips.

A game is fully determined by its table, seed and options: ``play_game(config, seed,
options=options)`` replays the one Hypothesis reports. The game tests are derandomized,
so CI plays the same games (and takes the same time) on every run and a red is never a
flaky one; every table also gets an explicit example, so none depends on the draw of
examples. Cheap checks run after every step of every game; views, hidden-card swaps
and replays (the costly ones) at the deal, at about one step in twenty and at the end.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar, cast

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from loveletter import (
    EDITIONS,
    EVERYONE,
    Action,
    Game,
    GameState,
    IllegalActionError,
    NotationError,
    Options,
    Phase,
    Record,
    View,
    build_view,
    event_dict,
    export_record,
    game_state,
    load_record,
    parse_action,
    restore_game,
)

Config = tuple[str, int]
Views = dict[int | None, View]
Test = TypeVar("Test", bound=Callable[..., None])

#: Every (edition, players) table the editions allow.
CONFIGS: tuple[Config, ...] = tuple(
    (edition_id, players)
    for edition_id, edition in EDITIONS.items()
    for players in range(edition.min_players, edition.max_players + 1)
)
ALL_CARDS: tuple[str, ...] = tuple(
    sorted(
        {
            spec.id
            for edition in EDITIONS.values()
            for spec in (*edition.small_deck, *edition.large_deck)
        }
    )
)
MAX_SEATS = 8  # the notation's seats are 0-7
IN_ROUND = frozenset({Phase.PLAY, Phase.CHANCELLOR, Phase.CARDINAL, Phase.BISHOP})

# How each card chooses players (docs/rules.md §3-5), restated here as the tests' oracle.
CHOOSES_OTHER = frozenset(
    {"guard", "priest", "baron", "king", "dowager_queen", "jester", "bishop", "baroness"}
)
CHOOSES_ONE = frozenset(
    {"guard", "priest", "baron", "king", "dowager_queen", "jester", "bishop", "prince", "sycophant"}
)
CHOOSES_TWO = frozenset({"cardinal", "baroness"})

#: The fields of every event type (docs/views.md). A new type must be classified here.
EVENT_KEYS: dict[str, frozenset[str]] = {
    kind: frozenset({"type", *fields})
    for kind, fields in {
        "round": ("number", "first", "face_up"),
        "deal": ("seat", "card"),
        "turn": ("seat", "card"),
        "play": ("seat", "action", "card", "targets", "guess"),
        "guard": ("seat", "target", "guess", "hit"),
        "assassin": ("seat", "guard"),
        "look": ("seat", "target", "card"),
        "compare": ("seat", "target", "seat_card", "target_card", "loser"),
        "trade": ("seat", "first", "second", "first_card", "second_card"),
        "discard": ("seat", "card", "cause"),
        "draw": ("seat", "card", "set_aside"),
        "out": ("seat", "cards"),
        "chancellor_draw": ("seat", "cards", "count"),
        "chancellor_return": ("seat", "cards", "count"),
        "bishop": ("seat", "target", "value", "hit"),
        "reply": ("seat", "discard"),
        "token": ("seat", "reason"),
        "showdown": ("hands",),
        "round_end": ("ending", "winners"),
        "game_end": ("winners",),
    }.items()
}
#: R51: the card fields of private events, and the seat fields naming who sees them.
PRIVATE: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "deal": (("card",), ("seat",)),
    "turn": (("card",), ("seat",)),
    "draw": (("card",), ("seat",)),
    "look": (("card",), ("seat",)),
    "compare": (("seat_card", "target_card"), ("seat", "target")),
    "trade": (("first_card", "second_card"), ("first", "second")),
    "chancellor_draw": (("cards",), ("seat",)),
    "chancellor_return": (("cards",), ("seat",)),
}
#: View keys whose card contents are checked one by one; any other key holds no card.
CHECKED_VIEW_KEYS = frozenset(
    {"seats", "face_up", "hand", "legal_actions", "unseen", "known_hands", "learned", "events"}
    | {"results", "phase", "pending", "edition"}  # phase, pending, edition: ids, not cards
)

#: Texts that are not actions: each must raise NotationError.
MALFORMED = (
    "",
    "   ",
    "dragon",
    "guard 1",
    "guard x priest",
    "guard 1 priest 2",
    "guard 1 dragon",
    "guard 1 -3",
    "guard 1 1000",
    "guard 8 priest",
    "priest 1 2",
    "prince -1",
    "prince 8",
    "king 1.0",
    "handmaid 1",
    "countess 0",
    "cardinal 1",
    "cardinal 1 1",
    "baroness 1 2 3",
    "bishop 1 priest",
    "bishop 1 10",
    "bishop 1",
    "look",
    "look 1 2",
    "look x",
    "discard 1",
    "keep guard",
    "keep guard dragon",
    "keep guard priest baron prince",
    "keep 1 guard",
    "x" * 101,
)


def every_config(**fixed: Any) -> Callable[[Test], Test]:
    """Give a Hypothesis test one explicit example per table, so each is always played."""

    def decorate(test: Test) -> Test:
        for config in CONFIGS:
            test = example(config=config, seed=0, **fixed)(test)
        return test

    return decorate


# --------------------------------------------------------------------------- the policy


def choose(game: Game, rng: random.Random) -> Action:
    """The random policy: a uniform card (or step word) among the legal ones, then a
    uniform way to play it, so that rare cards are played as often as common ones."""
    legal = game.legal_actions()
    word = rng.choice(list(dict.fromkeys(action.word for action in legal)))
    return rng.choice([action for action in legal if action.word == word])


def new_game(
    config: Config, seed: int, options: Options | None = None
) -> tuple[Game, random.Random]:
    """A game and its policy's RNG, both determined by the seed."""
    edition, players = config
    game = Game(edition, players, options=options, rng=random.Random(seed))
    return game, random.Random(seed ^ 0x5EED)


def play_game(
    config: Config,
    seed: int,
    on_step: Callable[[Game], None] | None = None,
    options: Options | None = None,
) -> Game:
    """Play one game to its end with the random policy, calling ``on_step`` after each step."""
    game, policy = new_game(config, seed, options)
    while not game.is_over:
        if game.to_move is None:
            game.next_round()
        else:
            game.apply(choose(game, policy), seat=game.to_move)
        if on_step is not None:
            on_step(game)
    return game


# --------------------------------------------------------------------------- checks


def check_cards(game: Game) -> None:
    """Property 1: the deck is exactly the draw pile, hands, discards, face-up cards and
    set-aside card (if not taken); and each hand has the size its phase implies."""
    places = [*game.deck, *game.face_up]
    for hand in game.hands:
        places += hand
    for pile in game.discards:
        places += pile
    if game.set_aside is not None:
        places.append(game.set_aside)
    places.sort()
    assert places == sorted_deck(game)
    if game.phase in IN_ROUND:
        for seat, hand in enumerate(game.hands):
            if game.out[seat]:
                assert hand == []
            elif seat != game.active or game.phase in (Phase.CARDINAL, Phase.BISHOP):
                assert len(hand) == 1
            elif game.phase is Phase.PLAY:
                assert len(hand) == 2
            else:  # the Chancellor's choice: one card kept from the turn plus 1 or 2 drawn
                assert len(hand) in (2, 3)


_SORTED_DECKS: dict[Config, list[str]] = {}


def sorted_deck(game: Game) -> list[str]:
    """The table's whole deck, sorted."""
    key = (game.rules.edition.id, game.seat_count)
    deck = _SORTED_DECKS.get(key)
    if deck is None:
        deck = _SORTED_DECKS[key] = sorted(game.rules.deck)
    return deck


def check_to_move(game: Game) -> None:
    """Property 2 on the state: one seat in the round decides during a round, none between."""
    to_move = game.to_move
    if game.phase in IN_ROUND:
        assert to_move is not None
        assert 0 <= to_move < game.seat_count
        assert not game.out[to_move]
        assert game.out.count(False) >= 2
        assert game.legal_actions(), f"seat {to_move} must decide but has no legal action"
        assert not game.is_over
    else:
        assert to_move is None
        assert game.legal_actions() == ()
        assert game.is_over == (game.phase is Phase.GAME_OVER)


_NOTATION_CHECKED: set[Action] = set()


def check_notation(actions: tuple[Action, ...]) -> None:
    """Property 8: canonical notation round-trips (actions are interned: check each once)."""
    for action in actions:
        if action in _NOTATION_CHECKED:
            continue
        text = str(action)
        assert parse_action(text) is action
        assert str(parse_action(text)) == text
        assert text == " ".join(text.lower().split())
        assert parse_action("  " + text.upper().replace(" ", " \t  ") + " ") is action
        assert repr(action) == f"parse_action({text!r})"
        _NOTATION_CHECKED.add(action)


def check_legal_actions(game: Game) -> None:
    """The legal actions fit the hand and the choosing rules (R10, R11, R14, R21, R34)."""
    legal = game.legal_actions()
    assert len(set(legal)) == len(legal)
    seat = game.active
    hand = game.hands[seat]
    if game.phase is Phase.PLAY:
        if "countess" in hand and {"king", "prince"} & set(hand):  # R21
            assert [action.text for action in legal] == ["countess"]
        else:
            assert {action.word for action in legal} == set(hand)
        for action in legal:
            for target in action.seats:
                assert not game.out[target]  # R5, R10
                assert target == seat or not game.protected[target]  # R10, R15
            if action.word in CHOOSES_OTHER:
                assert seat not in action.seats
            if game.sycophant is not None and action.seats:  # R34
                assert game.sycophant in action.seats
            assert action.guess not in ("guard", 1)  # R14, R38
    elif game.phase is Phase.CHANCELLOR:  # R19: keep one of the cards, return the others
        for action in legal:
            assert action.word == "keep"
            assert sorted(action.cards) == sorted(hand)
    elif game.phase is Phase.CARDINAL:  # R32: one of the two hands, or neither
        assert {action.text for action in legal} == {
            "look none",
            *(f"look {target}" for target in game.step_seats),
        }
    elif game.phase is Phase.BISHOP:  # R38
        assert {action.text for action in legal} == {"discard", "keep"}


def check_step(game: Game) -> None:
    """The cheap checks made after every step of every game."""
    check_cards(game)
    check_to_move(game)
    check_legal_actions(game)
    check_notation(game.legal_actions())


def all_views(game: Game) -> Views:
    """The spectator's view and every seat's."""
    return {seat: build_view(game, seat) for seat in (None, *range(game.seat_count))}


def check_views(game: Game, views: Views) -> None:
    """Properties 2 and 5 on the views, and each view's agreement with the state."""
    truth = [event_dict(event, EVERYONE) for event in game.log]
    check_public_events(game, truth)
    legal = [action.text for action in game.legal_actions()]
    unseen = Counter(game.rules.deck)
    unseen.subtract(game.face_up)
    for pile in game.discards:
        unseen.subtract(pile)
    for seat, view in views.items():
        assert json.loads(json.dumps(view, allow_nan=False)) == view  # plain JSON data
        assert view["seat"] == seat
        assert view["to_move"] == game.to_move
        # Property 2: the seat to move is offered its legal actions, nobody else anything.
        assert view["legal_actions"] == (legal if seat is not None and seat == game.to_move else [])
        assert view["phase"] == game.phase.value
        assert view["deck_count"] == len(game.deck)
        assert view["set_aside_taken"] == (game.set_aside is None)
        assert view["face_up"] == list(game.face_up)
        assert view["tokens"] == game.tokens
        for other, public in enumerate(view["seats"]):
            assert public["discards"] == game.discards[other]
            assert public["out"] == game.out[other]
            assert public["protected"] == game.protected[other]
            assert public["hand_count"] == len(game.hands[other])
        assert [event["type"] for event in view["events"]] == [event["type"] for event in truth]
        for shown, event in zip(view["events"], truth, strict=True):
            assert shown == redacted(event, seat)
        own = Counter(game.hands[seat]) if seat is not None else Counter()
        assert view["unseen"] == {card: unseen[card] - own[card] for card in game.rules.values}
        if seat is None:  # Property 5: a spectator holds and knows no hand
            assert view["hand"] is None
            assert view["known_hands"] == {}
            assert view["learned"] == []
        else:
            assert view["hand"] == game.hands[seat]
            for holder, card in view["known_hands"].items():  # known for certain: true
                assert int(holder) != seat
                assert card in game.hands[int(holder)], (seat, holder, card, game.hands)
            assert all(event in view["events"] for event in view["learned"])
        if game.phase in IN_ROUND:  # R52: no review of the round under way
            assert len(view["results"]) == game.round - 1
        for key, value in view.items():
            if key not in CHECKED_VIEW_KEYS:
                assert not cards_in(value), f"view field {key!r} holds card ids: {value!r}"


def redacted(event: Mapping[str, Any], seat: int | None) -> Mapping[str, Any]:
    """An event (seen by everyone) as ``seat`` may see it: R51's private fields hidden."""
    kind = event["type"]
    assert kind in EVENT_KEYS, f"event type {kind!r} is not classified public or private"
    assert set(event) == EVENT_KEYS[kind], (kind, sorted(event))
    hidden, witnesses = PRIVATE.get(kind, ((), ()))
    if seat is not None and any(event[name] == seat for name in witnesses):
        return event
    return {name: None if name in hidden else value for name, value in event.items()}


def check_public_events(game: Game, events: Sequence[Mapping[str, Any]]) -> None:
    """Every card named by a public event is public: each card of a discard pile came
    there by exactly one public event (a play, a discard, a knock-out); the face-up
    cards are the face-up cards; showdown hands are only shown at the round's end."""
    piles: list[Counter[str]] = [Counter() for _ in range(game.seat_count)]
    for event in events:
        kind = event["type"]
        if kind in ("play", "discard"):
            piles[event["seat"]][event["card"]] += 1
        elif kind == "out":
            piles[event["seat"]].update(event["cards"])
        elif kind == "round":
            assert event["face_up"] == list(game.face_up)
        elif kind == "showdown":
            assert game.phase not in IN_ROUND
            for shown in event["hands"]:
                assert [shown["card"]] == game.hands[shown["seat"]]
    assert piles == [Counter(pile) for pile in game.discards]


def cards_in(value: Any) -> list[str]:
    """Every card id among the strings nested in ``value`` (not counting object keys)."""
    if isinstance(value, str):
        return [value] if value in ALL_CARDS else []
    if isinstance(value, dict):
        return [card for item in value.values() for card in cards_in(item)]
    if isinstance(value, list):
        return [card for item in value for card in cards_in(item)]
    return []


def illegal_texts(game: Game, rng: random.Random, count: int) -> list[str]:
    """Up to ``count`` well-formed actions that are not legal now: near misses of legal
    actions (a protected, out, own or absent seat; a bad guess; a card not held; a
    wrong step word) and random actions."""
    legal = game.legal_actions()
    to_move = game.to_move
    hand = game.hands[to_move] if to_move is not None else []
    seats = list(range(min(game.seat_count + 1, MAX_SEATS)))  # with a seat absent from the table
    odd_seats = [
        seat for seat in seats if seat >= game.seat_count or game.out[seat] or game.protected[seat]
    ]
    odd_seats += [] if to_move is None else [to_move]
    words = [*hand, *hand, *game.rules.values, *ALL_CARDS, "keep", "look", "discard"]
    guesses: list[str | int] = [*ALL_CARDS, *range(10)]
    texts: list[str] = []
    for _ in range(4 * count):
        if legal and rng.random() < 0.5:  # a near miss of a legal action
            base = rng.choice(legal)
            parts = base.text.split()
            if base.seats and odd_seats and rng.random() < 0.6:
                parts[1 + rng.randrange(len(base.seats))] = str(rng.choice(odd_seats))
            elif base.guess is not None:
                parts[2] = str(rng.choice(guesses))
            elif base.word == "keep":
                rng.shuffle(parts)
            else:
                parts[0] = rng.choice(words)
            texts.append(" ".join(parts))
            continue
        word = rng.choice(words)
        picked = [str(seat) for seat in rng.sample(seats, min(2, len(seats)))]
        if word in ("guard", "bishop"):
            guess = rng.choice(guesses) if word == "guard" else rng.randrange(10)
            texts.append(word if rng.random() < 0.2 else f"{word} {picked[0]} {guess}")
        elif word in CHOOSES_ONE:
            texts.append(rng.choice([word, f"{word} {picked[0]}"]))
        elif word in CHOOSES_TWO:
            texts.append(" ".join([word, *picked[: rng.randint(0, 2)]]))
        elif word == "keep" and hand:
            cards = [*hand, rng.choice(ALL_CARDS)]
            texts.append(" ".join(["keep", *rng.sample(cards, rng.randint(2, min(3, len(cards))))]))
        elif word == "look":
            texts.append(rng.choice(["look none", f"look {picked[0]}"]))
        else:
            texts.append(word)
    found: list[str] = []
    for text in texts:
        try:
            action = parse_action(text)
        except NotationError:
            continue
        if action not in legal and text not in found:
            found.append(text)
            if len(found) == count:
                break
    return found


def fingerprint(game: Game) -> tuple[object, ...]:
    """A cheap summary of what play changes (game_state() is the full state)."""
    return (
        game.phase,
        game.round,
        game.turn,
        game.active,
        game.step_seats,
        game.sycophant,
        game.jester,
        game.set_aside,
        tuple(game.deck),
        tuple(map(tuple, game.hands)),
        tuple(map(tuple, game.discards)),
        tuple(game.out),
        tuple(game.protected),
        tuple(game.tokens),
        len(game.log),
        game.log[-1] if game.log else None,
        game.legal_actions(),
    )


def check_refusals(game: Game, rng: random.Random, views: Views | None, count: int) -> None:
    """Property 3, the refusals: illegal actions, a wrong ``seat=``, malformed texts and
    a misplaced next_round() raise, and change neither the state nor (if given) a view."""
    before = game_state(game)
    summary = fingerprint(game)
    log = list(game.log)
    record = export_record(game) if views is not None else None

    def refused(error: type[Exception], attempt: Callable[..., object], *args: Any) -> None:
        with pytest.raises(error):
            attempt(*args)
        assert fingerprint(game) == summary, (attempt, args)

    for text in illegal_texts(game, rng, count):
        refused(IllegalActionError, game.apply, text)
        refused(IllegalActionError, game.apply, parse_action(text))
    to_move = game.to_move
    if to_move is None:  # between rounds and at the end: nobody may act
        refused(IllegalActionError, game.apply, "guard 1 priest", 0)
        refused(IllegalActionError, game.apply, "handmaid")
    else:
        wrong = rng.choice([seat for seat in range(-1, MAX_SEATS + 1) if seat != to_move])
        refused(IllegalActionError, game.apply, rng.choice(game.legal_actions()), wrong)
        refused(IllegalActionError, game.next_round)
    if game.is_over:
        refused(IllegalActionError, game.next_round)
    refused(NotationError, game.apply, rng.choice(MALFORMED))
    assert game_state(game) == before
    assert game.log == log
    if views is not None:
        assert export_record(game) == record
        seats = {None, to_move, rng.randrange(game.seat_count)}
        assert {seat: build_view(game, seat) for seat in seats} == {
            seat: views[seat] for seat in seats
        }


def check_hidden_swaps(game: Game, views: Views, rng: random.Random) -> None:
    """Property 4 on the state: swapping cards nobody (or one seat only) can see, in a
    copy, changes no view (or only that seat's)."""
    # (a) the draw pile's order and the set-aside card: nobody sees them.
    hidden = game.copy()
    swapped = False
    deck = hidden.deck
    pairs = [(i, j) for i in range(len(deck)) for j in range(i) if deck[i] != deck[j]]
    if pairs:
        i, j = rng.choice(pairs)
        deck[i], deck[j] = deck[j], deck[i]
        swapped = True
    others = [i for i, card in enumerate(deck) if card != hidden.set_aside]
    if hidden.set_aside is not None and others:
        i = rng.choice(others)
        deck[i], hidden.set_aside = hidden.set_aside, deck[i]
        swapped = True
    if swapped:
        check_cards(hidden)
        assert game_state(hidden) != game_state(game)
        assert all_views(hidden) == views
    # (b) one seat's hand: only that seat sees it.
    swaps = [
        (seat, i, j)
        for seat, hand in enumerate(game.hands)
        for i, card in enumerate(hand)
        for j, other in enumerate(game.deck)
        if card != other
    ]
    if swaps:
        seat, i, j = rng.choice(swaps)
        hidden = game.copy()
        hand = hidden.hands[seat]
        hand[i], hidden.deck[j] = hidden.deck[j], hand[i]
        check_cards(hidden)
        for viewer, view in views.items():
            if viewer != seat:
                assert build_view(hidden, viewer) == view, (seat, viewer)


def drawn_from_pile(game: Game) -> int:
    """How many cards were taken from the draw pile this round (set-aside draws apart)."""
    drawn = 0
    for event in game.log:
        kind = event[0]
        if kind == "turn":
            drawn += 1
        elif kind in ("draw", "chancellor_draw"):
            data: Mapping[str, Any] = event_dict(event, EVERYONE)
            drawn += len(data["cards"]) if kind == "chancellor_draw" else not data["set_aside"]
    return drawn


def swap_undrawn(
    record: Mapping[str, Any], game: Game, rng: random.Random
) -> dict[str, Any] | None:
    """``record`` (replayed as ``game``) with two different cards of its last round's
    deck swapped, both never seen so far: still in the draw pile or, while the round is
    under way, the set-aside card. None if there are no two such different cards."""
    deck: list[str] = record["rounds"][-1]["deck"]
    start = 1 + len(game.face_up) + game.seat_count
    left = max(0, len(deck) - start - drawn_from_pile(game))  # undrawn cards of the first pile
    # Chancellor returns go under the pile: the original cards left are still on top.
    assert list(reversed(game.deck))[:left] == deck[len(deck) - left :]
    positions = list(range(len(deck) - left, len(deck)))
    if game.set_aside is not None and game.phase in IN_ROUND:  # R52: reviewed at round end
        assert game.set_aside == deck[0]
        positions.append(0)
    pairs = [(i, j) for i in positions for j in positions if i < j and deck[i] != deck[j]]
    if not pairs:
        return None
    i, j = rng.choice(pairs)
    modified = json.loads(json.dumps(record))
    swapped: list[str] = modified["rounds"][-1]["deck"]
    swapped[i], swapped[j] = swapped[j], swapped[i]
    modified.pop("result", None)
    return cast(dict[str, Any], modified)


def check_replay_now(game: Game, views: Views, rng: random.Random) -> None:
    """Properties 6 and 4 on a partial record: the record of the game so far replays to
    the same state and views, also with two never-seen deck cards swapped."""
    record = json.loads(json.dumps(export_record(game)))
    replayed = load_record(record)
    assert game_state(replayed) == game_state(game)
    assert replayed.legal_actions() == game.legal_actions()
    assert all_views(replayed) == views
    modified = swap_undrawn(record, replayed, rng)
    if modified is not None:
        other = load_record(modified)
        assert game_state(other)["deck"] != game_state(game)["deck"] or other.set_aside != (
            game.set_aside
        )
        assert all_views(other) == views


def check_replay_swap_in_the_past(record: Record, rng: random.Random) -> None:
    """Property 4 by replay: cut a finished record at a random step of a random round,
    swap two cards never seen by then, replay both: every view at that step is the same."""
    number = rng.randrange(len(record["rounds"]))
    rounds = [round_data.copy() for round_data in record["rounds"][: number + 1]]
    actions = rounds[-1]["actions"]
    rounds[-1]["actions"] = actions[: rng.randrange(len(actions))]  # still in play
    cut: Record = {**record, "rounds": rounds}
    cut.pop("result")
    game = load_record(cut)
    assert game.phase in IN_ROUND
    modified = swap_undrawn(cut, game, rng)
    if modified is not None:
        assert all_views(load_record(modified)) == all_views(game)


def check_finished(game: Game, config: Config, seed: int, options: Options | None = None) -> None:
    """Properties 6 and 7 at the end: the record replays to the same result, tokens and
    state, exports back identically, and the same seed plays the same game."""
    assert game.is_over
    assert game.to_move is None
    record = json.loads(json.dumps(export_record(game)))
    replayed = load_record(record)
    assert replayed.result == game.result == record["result"]
    assert replayed.tokens == game.tokens
    assert game_state(replayed) == game_state(game)
    assert export_record(replayed) == record
    threshold = game.rules.tokens_to_win
    assert game.winners
    assert game.winners == [
        seat for seat in range(game.seat_count) if game.tokens[seat] >= threshold
    ]
    rounds = game.result["rounds"]
    assert game.tokens == [
        sum(result["tokens"][seat] for result in rounds) for seat in range(game.seat_count)
    ]
    assert export_record(play_game(config, seed, options=options)) == record


# --------------------------------------------------------------------------- the tests

DUMMY_RNG = random.Random(0)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
#: The rulebooks' defaults half of the time, else any table options (docs/rules.md §1).
OPTIONS = st.just(Options()) | st.builds(
    Options,
    tokens_to_win=st.none() | st.integers(min_value=1, max_value=4),
    tie_rule=st.sampled_from(["all-win", "nobody"]),
    face_up=st.booleans(),
    first_player=st.none() | st.integers(min_value=0, max_value=1),
    constable_when_knocked_out=st.booleans(),
    princess_beats_bishop=st.booleans(),
)


@settings(max_examples=1200, deadline=None, derandomize=True)
@every_config(options=Options())
@given(config=st.sampled_from(CONFIGS), seed=SEEDS, options=OPTIONS)
def test_cards_turns_notation_and_records_in_many_games(
    config: Config, seed: int, options: Options
) -> None:
    """Properties 1, 2, 8 after every step, and 6, 7 at the end, over many quick games."""
    game = play_game(config, seed, check_step, options)
    check_finished(game, config, seed, options)


@settings(max_examples=200, deadline=None, derandomize=True)
@every_config(options=Options())
@given(config=st.sampled_from(CONFIGS), seed=SEEDS, options=OPTIONS)
def test_views_and_refusals_at_every_step(config: Config, seed: int, options: Options) -> None:
    """Every property after every step: refusals at each step, views (2, 4, 5) and replays
    (4, 6) at the deal, at a sample of steps and at the end."""
    checks = random.Random(seed ^ 0xC4EC)  # the checks' own randomness: play is unaffected
    first = True

    def on_step(game: Game) -> None:
        nonlocal first
        check_step(game)
        if first or game.is_over or checks.random() < 0.05:
            views = all_views(game)
            check_views(game, views)
            check_refusals(game, checks, views, count=3)
            check_hidden_swaps(game, views, checks)
            if first or checks.random() < 0.3:
                check_replay_now(game, views, checks)
            first = False
        else:
            check_refusals(game, checks, None, count=1)

    game = play_game(config, seed, on_step, options)
    check_finished(game, config, seed, options)
    check_replay_swap_in_the_past(export_record(game), checks)


def check_copy(copy: Game, game: Game) -> None:
    """``copy`` has every field of ``game``, equal to it, but the RNG and the cache of
    events redacted for viewers."""
    for name in Game.__slots__:
        if name not in ("rng", "seen_events", "seen_log"):
            assert getattr(copy, name) == getattr(game, name), name


@settings(max_examples=120, deadline=None, derandomize=True)
@every_config()
@given(config=st.sampled_from(CONFIGS), seed=SEEDS)
def test_every_legal_action_applies(config: Config, seed: int) -> None:
    """Property 3: at every step, every legal action applies to a copy, which keeps
    properties 1 and 2; the original is untouched; the copy that took the policy's
    action equals the game after it; a state restored from game_state() agrees."""
    game, policy = new_game(config, seed)
    checks = random.Random(seed ^ 0xA11)
    while not game.is_over:
        if game.to_move is None:
            game.next_round()
            check_step(game)
            continue
        summary = fingerprint(game)
        chosen = choose(game, policy)
        legal = game.legal_actions()
        expected: GameState | None = None
        for action in legal:
            copy = game.copy(rng=DUMMY_RNG)  # a copy's RNG only deals later rounds
            assert copy.to_move == game.to_move
            if action is legal[0]:  # the copy holds every field, equal to the game's
                check_copy(copy, game)
            copy.apply(action, seat=copy.to_move)
            check_cards(copy)
            check_to_move(copy)
            if action is chosen:
                expected = game_state(copy)
        assert fingerprint(game) == summary
        if checks.random() < 0.1:  # a restored state has the same actions, with the same effects
            before = game_state(game)
            restored = restore_game(json.loads(json.dumps(before)))
            assert game_state(restored) == before
            assert restored.legal_actions() == legal
            for action in dict.fromkeys([chosen, *checks.sample(legal, min(2, len(legal)))]):
                again, copy = restore_game(before), game.copy()
                again.apply(action)
                copy.apply(action)
                assert game_state(again) == game_state(copy)
        game.apply(chosen, seat=game.to_move)
        assert game_state(game) == expected
        check_step(game)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(
    text=st.one_of(
        st.text(max_size=40),
        st.lists(
            st.sampled_from([*ALL_CARDS, "keep", "look", "discard", "none", "-1", "07", "10"])
            | st.integers(min_value=0, max_value=9).map(str),
            max_size=5,
        ).map(" ".join),
    ),
    position=st.integers(min_value=0, max_value=2),
)
def test_any_text_is_an_action_or_a_notation_error(text: str, position: int) -> None:
    """Property 8 on arbitrary texts: a text parses to an action whose canonical form
    round-trips, or raises NotationError; applied to a game, it is applied only if
    legal, otherwise refused with the right error and no change."""
    try:
        action = parse_action(text)
    except NotationError:
        action = None
    if action is not None:
        assert parse_action(str(action)) is action
        assert str(parse_action(str(action))) == str(action)
    game = POSITIONS[position].copy()
    before = game_state(game)
    if action is not None and action in game.legal_actions():
        game.apply(text)
        check_cards(game)
        return
    with pytest.raises(IllegalActionError if action is not None else NotationError):
        game.apply(text)
    assert game_state(game) == before


def _position(config: Config, seed: int, steps: int) -> Game:
    game, policy = new_game(config, seed)
    for _ in range(steps):
        if game.to_move is None:
            break
        game.apply(choose(game, policy))
    return game


POSITIONS = (
    _position(("2019", 3), 1, 4),
    _position(("premium", 6), 2, 5),
    _position(("classic", 2), 3, 0),
)


def test_non_text_actions_are_notation_errors() -> None:
    """Bad input changes nothing: an action that is not even a text (say, from a JSON message) is
    refused with NotationError, like any malformed one, and changes nothing."""
    game = POSITIONS[0].copy()
    before = game_state(game)
    for value in (5, None, b"guard 1 priest", ["guard"]):
        with pytest.raises(NotationError):
            game.apply(cast(Any, value))
        with pytest.raises(NotationError):
            parse_action(cast(Any, value))
    assert game_state(game) == before


# --------------------------------------------------------------------------- coverage

COVERAGE_GAMES = 40  # per table, with seeds 0-39


def features(game: Game) -> set[str]:
    """What happened in a game: cards played, the effects that fired, the second steps."""
    found: set[str] = set()
    for log in game.round_logs:
        previous: Mapping[str, Any] | None = None  # the last card played
        for raw in log:
            event: Mapping[str, Any] = event_dict(raw, EVERYONE)
            kind = event["type"]
            if kind == "play":
                card, targets = event["card"], event["targets"]
                found.add(f"play {card}")
                found.add(f"play {card} {len(targets)}")
                if previous is not None and previous["card"] == "sycophant" and targets:
                    found.add("sycophant binds")
                previous = event
            elif kind in ("guard", "bishop"):
                found.add(f"{kind} {'hit' if event['hit'] else 'miss'}")
            elif kind == "compare":
                found.add("compare tie" if event["loser"] is None else "compare knock-out")
            elif kind == "discard":
                found.add(f"discard {event['cause']}{' princess' * (event['card'] == 'princess')}")
            elif kind == "draw":
                found.add("draw set-aside" if event["set_aside"] else "draw")
            elif kind == "chancellor_draw":
                found.add(f"chancellor draws {event['count']}")
            elif kind in ("look", "trade", "assassin"):
                found.add(f"{kind} after {previous['card'] if previous else None}")
            elif kind == "reply":
                found.add(f"reply {'discard' if event['discard'] else 'keep'}")
            elif kind == "token":
                found.add(f"token {event['reason']}")
            elif kind == "round_end":
                found.add(f"ending {event['ending']}")
                if len(event["winners"]) > 1:
                    found.add("tied winners")
    for round_data in export_record(game)["rounds"]:
        found.update(f"step {text}" for text in round_data["actions"] if text == "look none")
    return found


BASE_FEATURES = {
    "guard hit",
    "guard miss",
    "look after priest",
    "compare tie",
    "compare knock-out",
    "discard prince",
    "discard prince princess",
    "draw",
    "draw set-aside",
    "trade after king",
    "token round",
    "ending last_standing",
    "ending showdown",
}
CHANCELLOR_FEATURES = {
    "chancellor draws 2",
    "chancellor draws 1",
    "chancellor draws 0",
    "token spy",
    "tied winners",
}
#: Effects the policy must reach with each edition (Premium: over its 2-8 player tables).
EXPECTED_FEATURES: dict[str, set[str]] = {
    "classic": BASE_FEATURES,
    "2019": BASE_FEATURES | CHANCELLOR_FEATURES,
    "2019-classic": BASE_FEATURES | {"tied winners"},
    "princess": BASE_FEATURES | CHANCELLOR_FEATURES | {"token twins"},
    "premium": BASE_FEATURES
    | {
        "assassin after guard",
        "discard assassin",
        "bishop hit",
        "bishop miss",
        "reply discard",
        "reply keep",
        "discard bishop",
        "token bishop",
        "token constable",
        "token jester",
        "ending game_won",
        "trade after cardinal",
        "look after cardinal",
        "step look none",
        "look after baroness",
        "play baroness 2",
        "sycophant binds",
        "tied winners",
    },
}


def test_the_tables_played_are_every_edition_at_every_player_count() -> None:
    counts = Counter(edition for edition, _ in CONFIGS)
    assert counts == {"classic": 3, "2019": 5, "2019-classic": 3, "premium": 7, "princess": 5}
    classic = sorted(Game("classic", 2).rules.deck)
    for players in range(2, 9):  # Premium: the Classic game with 2-4 players, 32 cards from 5
        deck = Game("premium", players).rules.deck
        assert (sorted(deck) == classic) == (players <= 4)
        assert len(deck) == (16 if players <= 4 else 32)


def test_random_policy_reaches_every_card_effect() -> None:
    """The properties are not vacuous: the tests' policy plays every card of every table
    (those that choose players both with a target and, for want of one, without) and
    reaches every effect, second step, bonus and ending of each edition."""
    seen: dict[str, set[str]] = {edition: set() for edition in EDITIONS}
    for config in CONFIGS:
        found: set[str] = set()
        for seed in range(COVERAGE_GAMES):
            found |= features(play_game(config, seed))
        seen[config[0]] |= found
        values = Game(*config).rules.values
        assert {f"play {card}" for card in values} <= found, config
        choosers = CHOOSES_ONE | CHOOSES_TWO
        targeted = {
            f"play {card} {1 + (card == 'cardinal')}" for card in values if card in choosers
        }
        assert targeted <= found, (config, sorted(targeted - found))
    for edition, expected in EXPECTED_FEATURES.items():
        assert expected <= seen[edition], (edition, sorted(expected - seen[edition]))
