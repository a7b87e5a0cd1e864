"""Beliefs from the round replayed: the true deck always fits, the chains draw decks as
the posterior does, the view alone counts."""

from __future__ import annotations

import random

import pytest

from loveletter.bots import HeuristicBot, infer
from loveletter.bots.replays import RoundReplays, sharpen
from loveletter.engine import Game, WorldSampler, build_view, parse_action

from .conftest import positions


def test_the_true_deck_replays_to_the_view_at_every_table() -> None:
    replayed = 0
    for game in positions(seed=21, per_table=40):
        seat = game.to_move
        assert seat is not None
        replays = RoundReplays(build_view(game, seat))
        if not replays.playable:
            continue
        deck = game.history[-1].deck
        assert all(deck[place] == card for place, card in replays.known.items())
        found = replays.replay(deck, dict.fromkeys(range(game.seat_count), 0.5))
        assert found is not None
        assert found[0].hands == game.hands
        replayed += 1
    assert replayed > 400


def test_sharpened_beliefs_keep_the_true_card_and_come_from_the_view_alone() -> None:
    checked = 0
    for game in positions(seed=22, per_table=25):
        seat = game.to_move
        if game.seat_count != 2 or seat is None or game.phase.value != "play":
            continue
        view = build_view(game, seat)
        noise = {1 - seat: 0.03}
        sharpened = sharpen(view, infer(view, noise=noise), noise, 200, random.Random(3))
        other = 1 - seat
        if other in sharpened.weights:
            assert sharpened.probabilities(other).get(game.hands[other][0], 0.0) > 0.0
        # Another game this seat cannot tell from this one gives the same beliefs.
        world = WorldSampler(view).sample(random.Random(4))
        assert build_view(world, seat) == view
        again = sharpen(view, infer(view, noise=noise), noise, 200, random.Random(3))
        elsewhere = build_view(world, seat)
        assert sharpen(elsewhere, infer(elsewhere, noise=noise), noise, 200, random.Random(3)) == (
            again
        )
        checked += 1
    assert checked > 20


def rejection_hands(
    replays: RoundReplays, decks: int, noise: dict[int, float], rng: random.Random
) -> dict[str, float]:
    """The reference: the next seat's card over uniformly drawn decks, each that fits
    the view weighted by its likelihood (the chains' target, drawn the slow way)."""
    found: dict[str, float] = {}
    cards = list(replays.unseen)
    deck = [""] * (len(replays.known) + len(replays.unknown))
    for place, card in replays.known.items():
        deck[place] = card
    for _ in range(decks):
        rng.shuffle(cards)
        for place, card in zip(replays.unknown, cards, strict=True):
            deck[place] = card
        replayed = replays.replay(deck, noise)
        if replayed is not None:
            card = replayed[0].hands[1 - replays.seat][0]
            found[card] = found.get(card, 0.0) + replayed[1]
    return found


def shares(counts: dict[str, float]) -> dict[str, float]:
    total = sum(counts.values())
    return {card: count / total for card, count in counts.items()}


def test_the_chains_draw_the_opponents_card_as_the_posterior_does() -> None:
    compared = 0
    for seed in range(20):
        game = Game("classic", 2, seed=seed)
        heuristic, rng = HeuristicBot(), random.Random(seed)
        for _ in range(3):  # a few plays to explain, so that many decks still fit
            if game.to_move is not None:
                view = build_view(game, game.to_move)
                game.apply(parse_action(heuristic.choose(view, rng)))
        seat = game.to_move
        if seat is None:
            continue
        view = build_view(game, seat)
        replays, noise = RoundReplays(view), {1 - seat: 0.3}
        reference = shares(rejection_hands(replays, 10000, noise, random.Random(1)))
        chained = shares(replays.hands(10000, noise, random.Random(2))[1 - seat])
        cards = reference.keys() | chained.keys()
        total_variation = sum(abs(reference.get(c, 0) - chained.get(c, 0)) for c in cards) / 2
        # At most 0.06 here; a chain blind to the likelihoods is 0.23 off at seed 0.
        assert total_variation < 0.08, (seed, reference, chained)
        compared += 1
    assert compared >= 10


def test_a_play_the_model_would_not_make_costs_its_share_of_random_play() -> None:
    game = Game("classic", 2, start=False)
    deck = ["baron", "guard", "guard", "guard", "guard", "handmaid", "countess", "priest"]
    deck += ["guard", "priest", "baron", "handmaid", "prince", "prince", "king", "princess"]
    game.next_round(deck=deck, first=0)
    game.apply("guard 1 princess")  # a miss: seat 1 holds the Handmaid, draws a Priest
    heuristic = parse_action(HeuristicBot().choose(build_view(game, 1), random.Random(0)))
    other = next(a for a in game.legal_actions() if a.word != heuristic.word)
    for played, likelihood in ((heuristic, 1.0), (other, 0.1 / 2 / (0.9 + 0.1 / 2))):
        replayed = game.copy()
        replayed.apply(played)
        replays = RoundReplays(build_view(replayed, 0))
        found = replays.replay(deck, {1: 0.1})
        assert found is not None
        assert found[1] == likelihood


def test_a_tied_best_play_costs_a_share_of_the_models_choice() -> None:
    game = Game("classic", 2, start=False)
    deck = ["baron", "guard", "guard", "guard", "guard", "handmaid", "king", "guard"]
    deck += ["priest", "priest", "baron", "handmaid", "prince", "prince", "countess", "princess"]
    game.next_round(deck=deck, first=1)  # seat 1 holds a Guard and the King, to move
    tied = HeuristicBot().choices(build_view(game, 1))
    assert len(tied) == 4  # the Guard naming any card two of which are unseen
    legal, share = len(game.legal_actions()), 0.1
    spread = share / legal
    for played in tied:
        if played == "guard 0 handmaid":
            continue  # a hit: the round is over
        replayed = game.copy()
        replayed.apply(played)
        found = RoundReplays(build_view(replayed, 0)).replay(deck, {1: share})
        assert found is not None
        assert found[1] == pytest.approx((0.9 / 4 + spread) / (0.9 + spread))


def test_the_true_deck_of_heuristic_bots_needs_no_random_play_to_explain() -> None:
    explained = 0
    for seed in range(60):
        for edition, players in (("classic", 2), ("2019", 2), ("2019", 4)):
            game, heuristic = Game(edition, players, seed=seed), HeuristicBot()
            rng = random.Random(seed)
            while game.to_move is not None:
                view = build_view(game, game.to_move)
                replays = RoundReplays(view)
                if replays.playable:
                    found = replays.replay(
                        game.history[-1].deck, dict.fromkeys(range(players), 0.0)
                    )
                    assert found is not None
                    assert found[1] > 0.0, (seed, edition, players)  # 0.0 if read as random
                    explained += 1
                game.apply(heuristic.choose(view, rng))
    assert explained > 1000


def test_a_round_where_cards_went_under_the_deck_is_left_to_inference() -> None:
    for game in positions(seed=23, per_table=60):
        seat = game.to_move
        assert seat is not None
        view = build_view(game, seat)
        if view["phase"] == "play" and any(e["type"] == "chancellor_draw" for e in view["events"]):
            break
    else:
        raise AssertionError("no Chancellor played in these positions")
    beliefs = infer(view)
    assert not RoundReplays(view).playable
    assert sharpen(view, beliefs, {}, 100, random.Random(1)) is beliefs
