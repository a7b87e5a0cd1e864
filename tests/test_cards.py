"""The card kinds table and the effect registry agree with the editions and the game."""

from __future__ import annotations

import random
from collections import Counter
from inspect import signature

import pytest

from loveletter.engine import CARD_KINDS, EDITIONS, Choice, Game, Phase, Rules
from loveletter.engine.card_texts import CARD_TEXTS, LANGUAGES, STANDARD_THEME
from loveletter.engine.game import EFFECTS

DECKS = [
    (edition.id, players, spec.id)
    for edition in EDITIONS.values()
    for players in range(edition.min_players, edition.max_players + 1)
    for spec in edition.deck(players)
]
_BETWEEN_ROUNDS = (Phase.ROUND_OVER, Phase.GAME_OVER)


def test_every_card_of_every_edition_is_a_kind_and_every_kind_is_dealt() -> None:
    dealt = {card for _, _, card in DECKS}
    assert dealt <= set(CARD_KINDS)
    assert set(CARD_KINDS) <= dealt
    assert all(card == kind.id for card, kind in CARD_KINDS.items())


def test_every_card_kind_has_exactly_one_effect_and_every_effect_a_kind() -> None:
    assert sorted(EFFECTS) == sorted(CARD_KINDS)
    for card, effect in EFFECTS.items():
        assert callable(effect), card
        assert list(signature(effect).parameters) == ["self", "seat", "action"], card


@pytest.mark.parametrize("card", sorted(CARD_KINDS))
def test_every_card_kind_has_its_texts_in_every_language(card: str) -> None:
    texts = CARD_TEXTS[card]
    themes = {edition.theme for edition in EDITIONS.values()} | set(texts.names)
    for lang in LANGUAGES:
        assert texts.effects[lang], (card, lang)
        for variant in texts.variants.values():
            assert variant[lang], (card, lang)
        assert texts.name(STANDARD_THEME, lang).text, (card, lang)
        for theme in themes:
            assert texts.name(theme, lang).phrase(lang), (card, theme, lang)
    assert set(CARD_TEXTS) == set(CARD_KINDS)


@pytest.mark.parametrize("card", sorted(CARD_KINDS))
def test_a_card_kind_says_whom_it_chooses(card: str) -> None:
    kind = CARD_KINDS[card]
    assert kind.chooses_players == bool(kind.seat_counts)
    assert kind.may_choose_self == (kind.chooses in (Choice.ANY, Choice.TWO))
    assert kind.names is None or kind.seat_counts == (1,)  # R14, R38: one target
    assert kind.step is None or Phase(kind.step) in (Phase.CHANCELLOR, Phase.CARDINAL, Phase.BISHOP)


def test_naming_follows_the_table() -> None:
    small, large = Rules.settle("premium", 4), Rules.settle("premium", 5)
    assert (small.naming("guard"), large.naming("guard")) == ("card", "value")
    assert large.naming("bishop") == "value"
    assert large.naming("priest") is None
    assert small.guesses("guard") == small.guard_guesses
    assert large.guesses("bishop") == large.bishop_guesses
    assert large.guesses("priest") == ()


@pytest.mark.parametrize("edition", ["2019", "premium"])
def test_random_games_agree_with_the_card_kinds(edition: str) -> None:
    """Legal plays choose as their kind says, and a second step is the kind's."""
    rng = random.Random(7)
    steps: set[str] = set()
    for players in (2, 4, 6) if edition == "2019" else (3, 5, 8):
        for _ in range(40):
            game = Game(edition, players, rng=rng)
            while not game.is_over:
                if game.to_move is None:
                    game.next_round()
                    continue
                actions = game.legal_actions()
                if game.phase is Phase.PLAY:
                    for action in actions:
                        kind = CARD_KINDS[action.word]
                        assert len(action.seats) in (0, *kind.seat_counts), action
                        if game.active in action.seats:
                            assert kind.may_choose_self, action
                        assert (action.guess is not None) == (
                            kind.names is not None and bool(action.seats)
                        ), action
                action = rng.choice(actions)
                game.apply(action)
                if action.card is not None and game.phase not in (Phase.PLAY, *_BETWEEN_ROUNDS):
                    assert game.phase.value == CARD_KINDS[action.card].step, action
                    steps.add(game.phase.value)
    assert steps == ({"chancellor"} if edition == "2019" else {"cardinal", "bishop"})


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_an_editions_cards_are_its_deck_card_by_card(edition: str) -> None:
    spec = EDITIONS[edition]
    for players in range(spec.min_players, spec.max_players + 1):
        cards = spec.cards(players)
        assert Counter(cards) == {card.id: card.count for card in spec.deck(players)}
        assert list(cards) == sorted(cards, key=[card.id for card in spec.deck(players)].index)
