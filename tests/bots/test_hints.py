"""Hints: the expert's move and its reason, from a seat's view only."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from loveletter.bots.hints import hint
from loveletter.engine import Game, build_view, get_edition, sample_world
from loveletter.engine.grammar import NBSP

from .conftest import positions


def stacked(cards: list[str], names: list[str]) -> Game:
    """A 2-player Classic game whose first round is dealt from ``cards`` (set-aside
    card, three face-up cards, the hands from seat 0, then the draws), the rest of the
    deck after them."""
    rest = Counter(get_edition("classic").cards(2))
    rest.subtract(cards)
    game = Game("classic", names, rng=random.Random(0), start=False)
    game.next_round([*cards, *rest.elements()], 0)
    return game


def test_a_known_card_is_named_with_the_reason_in_both_languages() -> None:
    # Bruno sees Ana's Baron with his Priest; Ana looks back; Bruno draws the King.
    game = stacked(
        ["princess", "guard", "guard", "handmaid", "priest", "baron", "guard", "priest", "king"],
        ["Bruno", "Ana"],
    )
    game.apply("priest 1")
    game.apply("priest 0")
    advice = hint(build_view(game, 0))
    assert advice.action == "guard 1 baron"
    assert advice.reasons["en"] == (
        "Play the Guard on Ana, naming the Baron: you know that Ana holds it."
    )
    assert advice.reasons["fr"] == (
        f"Jouez le Garde sur Ana en nommant le Baron{NBSP}: vous savez qu'Ana l'a."
    )


def test_the_only_legal_move_says_so() -> None:
    # Bruno holds the Countess and the King: the Countess must be played (R21).
    game = stacked(
        ["princess", "guard", "guard", "handmaid", "countess", "baron", "king"],
        ["Bruno", "Ana"],
    )
    advice = hint(build_view(game, 0))
    assert advice.action == "countess"
    assert advice.reasons["en"] == "Play the Countess: it is the only legal move."
    assert advice.reasons["fr"] == f"Jouez la Comtesse{NBSP}: c'est le seul coup permis."


def test_the_move_that_keeps_the_princess_says_why_not_a_simulated_share() -> None:
    # Bruno holds the Countess and draws the Princess: the Countess is not forced, but
    # playing the Princess would put him out, so nothing is played forward (R22).
    game = stacked(
        ["guard", "guard", "guard", "handmaid", "countess", "baron", "princess"],
        ["Bruno", "Ana"],
    )
    advice = hint(build_view(game, 0))
    assert advice.action == "countess"
    assert advice.reasons["en"] == (
        "Play the Countess: you keep the Princess, which would put you out of the round "
        "if you played it."
    )
    assert advice.reasons["fr"] == (
        f"Jouez la Comtesse{NBSP}: vous gardez la Princesse, qui vous ferait quitter la "
        "manche si vous la jouiez."
    )


@pytest.mark.parametrize("seed", [1, 2])
def test_the_same_view_gives_the_same_hint_whatever_the_hidden_cards(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for game in positions(seed, per_table=1, chance=0.5):
        if game.rules.edition.id not in ("classic", "2019") or game.seat_count > 4:
            continue
        seat = game.to_move
        assert seat is not None
        view = build_view(game, seat)
        first = hint(view, seed=seed)
        assert hint(view, seed=seed) == first  # same view, same seed: same hint
        world = sample_world(view, rng)
        assert build_view(world, seat) == view
        if world.hands == game.hands and world.deck == game.deck:
            continue  # nothing hidden differs: nothing to check
        assert hint(build_view(world, seat), seed=seed) == first
        assert first.action in view["legal_actions"]
        assert all(first.reasons[lang] for lang in ("en", "fr"))
        checked += 1
    assert checked >= 3


def test_a_hint_needs_the_view_of_the_seat_to_move() -> None:
    game = Game("classic", 2, rng=random.Random(3))
    waiting = 1 - (game.to_move or 0)
    with pytest.raises(ValueError, match="seat to move"):
        hint(build_view(game, waiting))
    with pytest.raises(ValueError, match="seat to move"):
        hint(build_view(game, None))
