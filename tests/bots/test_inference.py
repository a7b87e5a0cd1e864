"""Inference from a view: never rules out the truth, knows what it should."""

from __future__ import annotations

from loveletter.bots import infer
from loveletter.engine import Game, Rules, build_view

from .conftest import positions


def test_beliefs_never_rule_out_the_true_hands() -> None:
    checked = 0
    for game in positions(seed=11, per_table=120):
        seat = game.to_move
        assert seat is not None
        beliefs = infer(build_view(game, seat))
        assert beliefs.hand == game.hands[seat]
        for other, card in beliefs.known.items():
            assert game.hands[other] == [card]
        for exposed_to, card in beliefs.exposed.items():
            assert card in game.hands[seat]
            assert not game.out[exposed_to]
        for other in beliefs.weights:
            (card,) = game.hands[other]
            assert beliefs.probabilities(other).get(card, 0.0) > 0.0, (other, card)
            checked += 1
    assert checked > 1000


def stacked_classic() -> Game:
    """Seat 0 holds a Guard and draws a Priest; seat 1 holds the King, draws a Baron."""
    game = Game("classic", 2, start=False)
    deck = ["guard", "guard", "guard", "guard", "guard", "king", "priest", "baron"]
    deck += ["handmaid", "prince", "countess", "priest", "princess", "baron", "handmaid"]
    deck += ["prince"]
    game.next_round(deck=deck, first=0)
    return game


def test_a_priest_look_is_known_until_the_card_moves() -> None:
    game = stacked_classic()
    game.apply("priest 1")
    assert infer(build_view(game, 0)).known == {1: "king"}
    game.apply("king 0")  # seat 1 trades its Baron for seat 0's Guard
    beliefs = infer(build_view(game, 0))
    assert beliefs.hand == ["baron", "handmaid"]  # and seat 0 drew the Handmaid
    assert beliefs.known == {1: "guard"}
    assert beliefs.exposed == {1: "baron"}  # seat 1 knows what it gave


def test_a_guard_miss_and_the_countess_rule_rule_cards_out() -> None:
    game = stacked_classic()
    game.apply("guard 1 princess")
    assert infer(build_view(game, 0)).probabilities(1).get("princess", 0.0) == 0.0
    game.apply("king 0")  # R21: whoever plays the King does not keep the Countess
    probabilities = infer(build_view(game, 1)).probabilities(0)
    assert "countess" not in probabilities


def test_evidence_tells_random_play_from_sensible_play() -> None:
    game = stacked_classic()
    game.apply("guard 1 priest")
    evidence = infer(build_view(game, 1)).evidence[0]
    game = stacked_classic()
    game.apply("guard 1 princess")
    assert infer(build_view(game, 1)).evidence[0] > evidence  # an unlikely guess looks random


def stacked_premium() -> Game:
    """Five seats of Premium: seat 0 holds a Guard and draws a Priest, seat 1 holds a
    Baron; the Assassin is in the deck, unseen by seat 2."""
    game = Game("premium", 5, start=False)
    stacked = ["bishop", "guard", "baron", "handmaid", "king", "countess", "priest"]
    rest = list(Rules.settle("premium", 5).deck)
    for card in stacked:
        rest.remove(card)
    game.next_round(deck=stacked + rest, first=0)
    return game


def test_a_guard_shows_that_its_target_held_no_assassin() -> None:
    game = stacked_premium()
    game.apply("guard 1 5")  # a miss: a Guard on the Assassin would have logged no guess (R30)
    beliefs = infer(build_view(game, 2))
    assert beliefs.pool["assassin"] == 1  # seat 2 has not seen it
    probabilities = beliefs.probabilities(1)
    assert "assassin" not in probabilities
    assert {"prince", "count"}.isdisjoint(probabilities)  # R14: naming 5 missed
    assert probabilities["baron"] > 0.0
