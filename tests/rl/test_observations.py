"""The observation vector: inside its bounds, and blind to the cards a seat cannot see."""

from __future__ import annotations

import random

import numpy as np
import pytest

from loveletter.engine import Game, build_view
from loveletter.rl import ObservationEncoder

from .helpers import TABLES, positions, table_id


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_observations_stay_inside_the_declared_bounds(table: tuple[str, int]) -> None:
    encoder = ObservationEncoder.for_table(*table)
    assert encoder.size == len(encoder.high) == max(piece.stop for piece in encoder.slices.values())
    for game in positions(*table, games=2, seed=3, share=0.3):
        for seat in (*range(game.seat_count), None):
            vector = encoder.encode(build_view(game, seat))
            assert vector.shape == (encoder.size,)
            assert vector.dtype == np.float32
            assert (vector >= 0).all()
            assert (vector <= encoder.high).all()


def test_the_pieces_say_what_the_view_says() -> None:
    game = Game("2019", 3, rng=random.Random(5))
    seat = game.to_move
    assert seat is not None
    view = build_view(game, seat)
    encoder = ObservationEncoder.for_table("2019", 3)
    vector = encoder.encode(view)
    assert encoder.piece(vector, "seat")[seat] == 1
    assert encoder.piece(vector, "phase")[0] == 1  # play
    hand = encoder.piece(vector, "hand")
    assert view["hand"] is not None
    assert {encoder.cards[i] for i in np.flatnonzero(hand)} == set(view["hand"])
    assert hand.sum() == 2
    assert encoder.piece(vector, "deck_count")[0] == view["deck_count"]
    assert encoder.piece(vector, "unseen").sum() == sum(view["unseen"].values())
    text = encoder.describe(vector)
    assert f"seat[{seat}=1]" in text
    assert "phase[play=1]" in text


def _hide_differently(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` where the cards ``seat`` cannot see are dealt again: the draw
    pile, the set-aside card and the hands it does not know, shuffled together."""
    other = game.copy()
    known = {int(s) for s in build_view(game, seat)["known_hands"]}
    hidden_hands = [
        s for s in range(game.seat_count) if s != seat and s not in known and other.hands[s]
    ]
    pool = [*other.deck, *(card for s in hidden_hands for card in other.hands[s])]
    if other.set_aside is not None:
        pool.append(other.set_aside)
    rng.shuffle(pool)
    cards = iter(pool)
    other.deck = [next(cards) for _ in other.deck]
    for s in hidden_hands:
        other.hands[s] = [next(cards) for _ in other.hands[s]]
    if other.set_aside is not None:
        other.set_aside = next(cards)
    return other


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_observations_do_not_depend_on_hidden_cards(table: tuple[str, int]) -> None:
    encoder = ObservationEncoder.for_table(*table)
    rng = random.Random(11)
    changed = 0
    for game in positions(*table, games=3, seed=7, share=0.5):
        seat = rng.randrange(game.seat_count)
        other = _hide_differently(game, seat, rng)
        changed += other.deck != game.deck or other.hands != game.hands
        np.testing.assert_array_equal(
            encoder.encode(build_view(game, seat)), encoder.encode(build_view(other, seat))
        )
        if game.deck:  # the seat's own hand is seen: swapping it changes the observation
            swapped = game.copy()
            hand = swapped.hands[seat]
            for i, card in enumerate(hand):
                replacement = next((c for c in swapped.deck if c != card), None)
                if replacement is not None:
                    swapped.deck[swapped.deck.index(replacement)] = card
                    hand[i] = replacement
                    break
            if hand != game.hands[seat]:
                assert not np.array_equal(
                    encoder.encode(build_view(game, seat)),
                    encoder.encode(build_view(swapped, seat)),
                )
    assert changed > 10


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_reading_the_game_gives_the_vector_of_the_view(table: tuple[str, int]) -> None:
    edition, players = table
    encoders = [ObservationEncoder.for_table(*table, relative=rel) for rel in (False, True)]
    rng = random.Random(len(edition) * players)
    for number in range(12):
        game = Game(edition, players, rng=random.Random(number))
        while True:  # every decision, and the ends of rounds and of the game
            for seat in range(players):
                view = build_view(game, seat)
                for encoder in encoders:
                    np.testing.assert_array_equal(
                        encoder.encode_game(game, seat), encoder.encode(view)
                    )
            if game.is_over:
                break
            if game.to_move is None:
                game.next_round()
            else:
                game.apply(rng.choice(game.legal_actions()))
