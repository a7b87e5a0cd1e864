"""The rollout policy's Guard names one of the likeliest cards, each as often."""

from __future__ import annotations

import random

from loveletter.bots.rollout import Policy
from loveletter.engine import Game


def test_the_rollout_guard_names_each_of_the_likeliest_cards_as_often() -> None:
    game = Game("classic", 2, start=False)
    deck = ["baron", "guard", "guard", "guard", "guard", "handmaid", "king", "guard"]
    deck += ["priest", "priest", "baron", "handmaid", "prince", "prince", "countess", "princess"]
    game.next_round(deck=deck, first=1)  # seat 1 holds a Guard and the King, to move
    policy, rng = Policy(game.rules), random.Random(2)
    # Two of each unseen: the Priest, the Baron, the Handmaid and the Prince.
    named = [policy.likely_guess(game, 1, rng) for _ in range(400)]
    assert set(named) == {"priest", "baron", "handmaid", "prince"}
    assert all(70 < named.count(card) < 130 for card in set(named))


def test_the_rollout_guard_draws_among_the_likeliest_values_where_guards_name_values() -> None:
    game = Game("premium", 5, start=False)
    deck = sorted(game.rules.deck, key=lambda card: card != "guard")  # the Guards on top
    game.next_round(deck=deck, first=0)  # every hand a Guard: no card of the deck seen
    policy, rng = Policy(game.rules), random.Random(3)
    # Four cards of each value from 2 to 5 (the Priest and the Cardinal are 2), fewer
    # of the others.
    named = {policy.likely_guess(game, 0, rng) for _ in range(100)}
    assert named == {2, 3, 4, 5}
