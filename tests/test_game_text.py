"""A game's repr and str: short, and the str shows only public facts and tokens."""

from __future__ import annotations

from loveletter import Game

# Top first: the set-aside card, 3 face up (2 players), the deal from Bruno, the draws.
DECK = ["princess", "guard", "guard", "handmaid", "king", "guard", "priest", "baron"]
DECK += ["guard", "guard", "priest", "baron", "handmaid", "prince", "prince", "countess"]


def stacked(deck: list[str]) -> Game:
    game = Game("classic", ["Ana", "Bruno"], start=False)
    game.next_round(deck, first=1)
    return game


def test_repr_names_edition_players_round_phase_and_seat_to_move() -> None:
    game = stacked(DECK)
    assert repr(game) == "<Game 'classic' players=['Ana', 'Bruno'] round=1 phase='play' to_move=1>"
    assert repr(Game("2019", 3, start=False)) == (
        "<Game '2019' players=['Ana', 'Bruno', 'Chloé'] round=0 phase='round_over' to_move=None>"
    )


def test_str_shows_the_public_position() -> None:
    game = stacked(DECK)
    assert str(game) == "\n".join(
        [
            "Classic (2012), round 1, play, Bruno to move",
            "Deck 9 cards, face up: Guard, Guard, Handmaid",
            "0 Ana: 0 tokens, discards none",
            "1 Bruno: 0 tokens, discards none",
        ]
    )
    game.apply("priest 0")
    game.apply("baron 1")
    assert str(game) == "\n".join(
        [
            "Classic (2012), round 1, round_over",
            "Deck 8 cards, face up: Guard, Guard, Handmaid",
            "0 Ana: 0 tokens, discards Baron, Guard (out)",
            "1 Bruno: 1 token, discards Priest",
        ]
    )


def test_str_hides_every_hidden_card() -> None:
    """Two games that differ only in hidden cards print the same."""
    other = list(DECK)
    other[0], other[-1] = other[-1], other[0]  # the set-aside card and the last card drawn
    other[4], other[7] = other[7], other[4]  # Bruno's hand and Ana's next draw
    assert str(stacked(other)) == str(stacked(DECK))


def test_str_marks_a_protected_player() -> None:
    game = Game("2019", ["Ana", "Bruno", "Chloé"], start=False)
    deck = ["princess", "handmaid", "guard", "guard", "handmaid", "priest", "priest", "spy"]
    rest = list(game.edition.cards(game.seat_count))
    for card in deck:
        rest.remove(card)
    game.next_round(deck + rest, first=0)
    game.apply("handmaid")
    assert "0 Ana: 0 tokens, discards Handmaid (protected)" in str(game).splitlines()
