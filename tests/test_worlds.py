"""Sampled worlds (loveletter.engine.worlds): the seat cannot tell them from its game,
and in each the other seats' knowledge fits the cards they hold.

The oracle is the engine itself: a world is a real game. Its current round, replayed
from the world's own record (deck, first seat, decisions) after the same earlier
rounds, gives the same log, cards and view for every seat; so every seat's deal,
draws, looks, comparisons and trades are what that world's cards make them. And the
sampling seat's view of the world is exactly the view it was sampled from.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from loveletter.engine import (
    EDITIONS,
    Game,
    LoveLetterError,
    Options,
    View,
    WorldSampler,
    build_view,
    events_for,
    export_record,
    game_after_rounds,
    load_record,
    sample_game,
    sample_world,
)

CONFIGS = tuple(
    (edition.id, players)
    for edition in EDITIONS.values()
    for players in range(edition.min_players, edition.max_players + 1)
)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
OPTIONS = st.just(Options()) | st.builds(
    Options,
    tokens_to_win=st.none() | st.integers(min_value=1, max_value=3),
    tie_rule=st.sampled_from(["all-win", "nobody"]),
    face_up=st.booleans(),
    first_player=st.none() | st.integers(min_value=0, max_value=1),
    constable_when_knocked_out=st.booleans(),
    princess_beats_bishop=st.booleans(),
)


def position(config: tuple[str, int], seed: int, options: Options, steps: int) -> Game:
    """A game played at random for ``steps`` steps (decisions and deals), or to its end."""
    edition, players = config
    game = Game(edition, players, options=options, rng=random.Random(seed))
    policy = random.Random(seed ^ 0x5EED)
    for _ in range(steps):
        if game.is_over:
            break
        if game.to_move is None:
            game.next_round()
        else:
            game.apply(policy.choice(game.legal_actions()))
    return game


def replayed(world: Game) -> Game:
    """The world's current round replayed by the engine from its record."""
    record = world.history[-1]
    earlier = world.results[: world.round - 1]
    game = game_after_rounds(
        world.rules.edition,
        world.players,
        earlier,
        options=world.rules.options,
        next_first=(record.first,),
    )
    game.next_round(record.deck, record.first)
    for action in record.actions:
        game.apply(action)
    return game


def state(game: Game) -> dict[str, Any]:
    return {
        "log": game.log,
        "hands": game.hands,
        "deck": game.deck,
        "set_aside": game.set_aside,
        "discards": game.discards,
        "tokens": game.tokens,
        "results": game.results,
        "phase": game.phase,
        "winners": game.winners,
    }


def check_world(world: Game, seat: int, view: View) -> None:
    assert build_view(world, seat) == view
    real = replayed(world)
    assert state(world) == state(real)
    for other in (None, *range(world.seat_count)):
        seen = build_view(world, other)
        assert seen == build_view(real, other)
        for holder, card in seen["known_hands"].items():  # nobody knows a card not held
            assert card in world.hands[int(holder)]


def every_config(test: Any) -> Any:
    for config in CONFIGS:
        test = example(config=config, seed=1, options=Options(), steps=25, seat=0)(test)
    return test


@settings(max_examples=1500, deadline=None, derandomize=True)
@every_config
@given(
    config=st.sampled_from(CONFIGS),
    seed=SEEDS,
    options=OPTIONS,
    steps=st.integers(min_value=0, max_value=80),
    seat=st.integers(min_value=0, max_value=7),
)
def test_a_world_looks_the_same_to_its_seat_and_fits_every_other(
    config: tuple[str, int], seed: int, options: Options, steps: int, seat: int
) -> None:
    game = position(config, seed, options, steps)
    seat %= game.seat_count
    view = build_view(game, seat)
    sampler = WorldSampler(view)
    rng = random.Random(seed)
    for _ in range(3):  # the first world is replayed, the next ones reuse it
        check_world(sampler.sample(rng), seat, view)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    config=st.sampled_from(CONFIGS),
    seed=SEEDS,
    options=OPTIONS,
    steps=st.integers(min_value=0, max_value=150),
    seat=st.integers(min_value=0, max_value=7),
)
def test_a_sampled_game_replays_every_round_as_the_seat_saw_it(
    config: tuple[str, int], seed: int, options: Options, steps: int, seat: int
) -> None:
    game = position(config, seed, options, steps)
    seat %= game.seat_count
    world = sample_game(game, seat, random.Random(seed))
    assert build_view(world, seat) == build_view(game, seat)
    assert len(world.round_logs) == len(game.round_logs)
    for mine, theirs in zip(world.round_logs, game.round_logs, strict=True):
        assert events_for(mine, seat) == events_for(theirs, seat)
    record = export_record(world)
    assert export_record(load_record(record)) == record  # a real game, with a record


def test_the_sampler_reads_no_card_its_seat_has_not_seen() -> None:
    tried = 0
    for seed in range(40):
        # Two games that differ only in the order of the set-aside card and the deck's
        # bottom card, when nobody has seen either of them.
        game = position(("2019", 4), seed, Options(), 12)
        record = export_record(game, with_result=False)
        deck = record["rounds"][-1]["deck"]
        deck[0], deck[-1] = deck[-1], deck[0]
        twin = load_record(record)
        if deck[0] == deck[-1] or any(
            build_view(twin, seat) != build_view(game, seat) for seat in range(game.seat_count)
        ):
            continue
        tried += 1
        for seat in range(game.seat_count):
            one = sample_game(game, seat, random.Random(seed))
            other = sample_game(twin, seat, random.Random(seed))
            assert export_record(one) == export_record(other)
            one_world = sample_world(build_view(game, seat), random.Random(seed))
            other_world = sample_world(build_view(twin, seat), random.Random(seed))
            assert state(one_world) == state(other_world)
    assert tried > 10


def test_worlds_differ_and_repeat_with_their_seed() -> None:
    game = position(("classic", 2), 3, Options(), 4)
    view = build_view(game, 0)
    decks = {tuple(sample_world(view, random.Random(seed)).deck) for seed in range(40)}
    assert len(decks) > 20
    first = sample_world(view, random.Random(7))
    assert state(sample_world(view, random.Random(7))) == state(first)


def stacked(deck: list[str]) -> Game:
    """A 2-player Classic round dealt from ``deck`` (top first), seat 0 first."""
    game = Game("classic", 2, start=False)
    game.next_round(deck=deck, first=0)
    return game


# top first: set-aside, 3 face up, seat 0's card, seat 1's card, then the pile
DECK = ["princess", "guard", "guard", "guard", "guard", "king", "priest", "priest"]
DECK += ["baron", "handmaid", "prince", "countess", "baron", "handmaid", "prince", "guard"]


def test_hard_facts_hold_in_every_world() -> None:
    game = stacked(DECK)
    game.apply("guard 1 countess")  # seat 0 (Guard, Priest) misses
    game.apply("priest 0")  # seat 1 (King, Priest) looks at seat 0's Priest
    view = build_view(game, 0)
    sampler = WorldSampler(view)
    rng = random.Random(1)
    dealt: Counter[str] = Counter()
    held: Counter[str] = Counter()
    for _ in range(400):
        world = sampler.sample(rng)
        dealt[world.log[2][2]] += 1  # ("deal", 1, card): seat 1's first card
        held[world.hands[1][0]] += 1
        assert build_view(world, 1)["known_hands"] == {"0": "priest"}
    assert "countess" not in dealt  # the Guard missed it
    assert "countess" in held  # drawn after the Guard, it may be held now
    assert set(held) == {card for card, count in view["unseen"].items() if count}


def test_weights_choose_the_cards_held_now() -> None:
    game = stacked(DECK)
    view = build_view(game, 0)  # seat 1's card: any of the 11 cards seat 0 has not seen
    unseen = Counter(card for card, count in view["unseen"].items() for _ in range(count))
    factors = {"princess": 8.0, "handmaid": 0.0}
    masses = {card: count * factors.get(card, 1.0) for card, count in unseen.items()}
    total = sum(masses.values())
    sampler = WorldSampler(view)
    rng = random.Random(2)
    draws = 4000
    held = Counter(sampler.sample(rng, weights={1: factors}).hands[1][0] for _ in range(draws))
    assert held["handmaid"] == 0
    for card, mass in masses.items():
        expected = draws * mass / total
        assert abs(held[card] - expected) < 5 * (expected + 1) ** 0.5, card


def test_weights_never_override_a_hard_fact() -> None:
    game = stacked(DECK)
    game.apply("priest 1")  # seat 0 sees the King; seat 1 draws
    view = build_view(game, 0)
    world = sample_world(view, random.Random(3), weights={1: {"king": 0.0, "baron": 9.0}})
    assert world.hands[1][0] == "king"


def test_a_game_resumes_after_its_results() -> None:
    game = position(("classic", 3), 5, Options(), 200)
    assert len(game.results) >= 2
    results = game.results[:2]
    later = game_after_rounds("classic", game.players, results, next_first=[1])
    assert later.round == 2
    assert later.tokens == [sum(r.tokens[seat] for r in results) for seat in range(3)]
    assert later.allowed_first() == (1,)
    later.next_round(first=1)
    assert later.round == 3
    with pytest.raises(LoveLetterError):
        game_after_rounds("classic", 3, game.results)  # they already end the game
    with pytest.raises(LoveLetterError):
        game_after_rounds("classic", 3, results, next_first=[3])
