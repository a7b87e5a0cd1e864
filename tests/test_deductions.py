"""The hard facts of engine/deductions.py: known truths, and the engine as the oracle
(in random games of every table, the true cards always fit the facts)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from loveletter.engine import EDITIONS, Game, Rules
from loveletter.engine.deductions import (
    bishop_target_cards,
    comparison_winner_cards,
    forcing,
    guard_target_cards,
    not_kept,
    tied_cards,
)

TABLES = [
    (edition.id, players)
    for edition in EDITIONS.values()
    for players in range(edition.min_players, edition.max_players + 1)
]


def test_a_guard_names_a_card_or_a_value_and_never_finds_an_assassin() -> None:
    classic = Rules.settle("classic", 2)
    assert guard_target_cards(classic, "priest", True) == {"priest"}
    assert guard_target_cards(classic, "priest", False) == set(classic.values) - {"priest"}
    premium = Rules.settle("premium", 5)  # R14, R39: a value; R30: never the Assassin
    assert guard_target_cards(premium, 2, False) == set(premium.values) - {
        "priest",
        "cardinal",
        "assassin",
    }
    assert guard_target_cards(premium, 0, True) == {"jester"}


def test_a_bishop_names_a_value_the_assassin_included() -> None:
    premium = Rules.settle("premium", 5)
    assert bishop_target_cards(premium, 0, True) == {"assassin", "jester"}  # R30, R38
    assert bishop_target_cards(premium, 7, False) == set(premium.values) - {
        "countess",
        "dowager_queen",
    }


def test_a_comparison_s_winner_is_above_a_baron_s_loser_below_a_dowager_s() -> None:
    premium = Rules.settle("premium", 5)
    assert comparison_winner_cards(premium, "baron", "constable") == {  # R17: 6 lost
        "countess",
        "dowager_queen",
        "princess",
        "bishop",
    }
    assert comparison_winner_cards(premium, "dowager_queen", "priest") == {  # R37: 2 lost
        "assassin",
        "jester",
        "guard",
    }
    assert tied_cards(premium, ["priest", "handmaid"]) == {
        "priest",
        "cardinal",
        "handmaid",
        "sycophant",
    }
    with pytest.raises(ValueError, match="compares no hands"):
        comparison_winner_cards(premium, "king", "priest")


@pytest.mark.parametrize(("edition", "players"), TABLES)
def test_the_countess_is_forced_by_a_king_or_a_prince_only(edition: str, players: int) -> None:
    rules = Rules.settle(edition, players)
    for played in rules.values:
        expected = {"countess"} if played in ("king", "prince") else set()  # R21, R42
        assert not_kept(rules, played) == expected
        for kept in rules.values:
            assert (kept in forcing(rules, played)) == (played in not_kept(rules, kept))


@pytest.mark.parametrize(("edition", "players"), TABLES)
def test_the_true_cards_fit_every_fact(edition: str, players: int) -> None:
    rules = Rules.settle(edition, players)
    rng = random.Random(f"{edition} {players}")
    checked: Counter[str] = Counter()
    for _ in range(25):
        game = Game(edition, players, rng=random.Random(rng.getrandbits(32)))
        while not game.is_over:
            if game.to_move is None:
                game.next_round()
                continue
            hands = [list(hand) for hand in game.hands]  # before the decision
            seat, playing = game.to_move, game.phase.value == "play"
            action = rng.choice(game.legal_actions())
            start = len(game.log)
            game.apply(action)
            if playing:
                kept = hands[seat]
                kept.remove(action.word)
                assert kept[0] not in not_kept(rules, action.word)
            for event in game.log[start:]:
                checked[event[0]] += 1
                match event:
                    case ("guard", _, target, guess, hit):
                        assert hands[target][0] in guard_target_cards(rules, guess, hit)
                    case ("bishop", _, target, value, hit):
                        assert hands[target][0] in bishop_target_cards(rules, value, hit)
                    case ("compare", _, target, seat_card, target_card, loser):
                        if loser is None:
                            assert seat_card in tied_cards(rules, [target_card])
                        else:
                            lost, won = (seat_card, target_card)
                            if loser == target:
                                lost, won = won, lost
                            assert won in comparison_winner_cards(rules, action.word, lost)
    assert checked["guard"] > 10
    assert checked["compare"] > 10
    assert checked["bishop"] > 10 or "bishop" not in rules.values
