"""The narration's grammar: each sentence a reader once tripped on, told right.

The whole stories are in tests/test_golden.py; these tests name the defects one by
one, from each point of view, in both languages.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loveletter import EVERYONE, Game, LoveLetterError, Narrator, event_dict, load_record
from loveletter.engine.grammar import NBSP

RECORDS = Path(__file__).parent / "golden" / "records"


def told(record: str, viewer: int | None, lang: str) -> list[str]:
    """Every line of a golden record's story, as ``viewer`` reads it."""
    game = load_record(json.loads((RECORDS / f"{record}.json").read_text(encoding="utf-8")))
    return game.narrate(viewer, lang)


@pytest.mark.parametrize("viewer", [0, 1, None, EVERYONE])
def test_a_game_tells_every_round_as_the_narrator_of_its_events_does(
    viewer: int | None,
) -> None:
    game = load_record(json.loads((RECORDS / "classic_4_players.json").read_text("utf-8")))
    assert len(game.round_logs) > 1
    for lang in ("en", "fr"):
        narrator = Narrator(game.edition, game.players, viewer, lang)
        events = (event_dict(event, viewer) for log in game.round_logs for event in log)
        assert game.narrate(viewer, lang) == narrator.lines(events)


@pytest.mark.parametrize("viewer", [4, -2, 99])
def test_a_game_refuses_to_narrate_for_a_seat_it_does_not_have(viewer: int) -> None:
    game = Game("classic", 4, seed=1)
    with pytest.raises(LoveLetterError, match="no seat"):
        game.narrate(viewer)


def test_the_omniscient_narrator_shows_every_card_in_the_third_person() -> None:
    lines = told("classic_4_players", EVERYONE, "en")
    assert "Bruno sees that Chloé holds the Baron." in lines
    assert (
        "Chloé compares hands with David: the Guard against the Prince. "
        "Chloé loses the comparison." in lines
    )
    assert "Ana is dealt the Guard." in lines
    assert not [line for line in lines if line.startswith(("You ", "Your "))]
    french = told("classic_4_players", EVERYONE, "fr")
    assert "Bruno voit que Chloé a le Baron." in french
    assert not [line for line in french if "vous" in line.lower()]


def test_a_spectator_is_told_public_facts_only() -> None:
    lines = told("classic_4_players", None, "en")
    assert "Bruno plays the Priest and looks at Chloé's hand." in lines
    assert "Chloé compares hands with David in secret. Chloé loses the comparison." in lines
    assert not [line for line in lines if "sees that" in line or "is dealt" in line]


@pytest.mark.parametrize(
    ("viewer", "lang", "line"),
    [
        (2, "en", "Bruno reveals the Assassin: you are out instead!"),
        (1, "en", "You reveal the Assassin: Chloé is out instead!"),
        (2, "fr", "Bruno révèle l'Assassin\u00a0: vous quittez la manche à sa place\u00a0!"),
        (1, "fr", "Vous révélez l'Assassin\u00a0: Chloé quitte la manche à votre place\u00a0!"),
    ],
)
def test_the_assassin_knocks_out_the_guard_player(viewer: int, lang: str, line: str) -> None:
    assert line in told("premium_5_players", viewer, lang)


@pytest.mark.parametrize(
    ("viewer", "lang", "line"),
    [
        (
            1,
            "en",
            "You play the Sycophant and choose yourself: the next card that chooses "
            "players must choose you.",
        ),
        (
            0,
            "en",
            "Bruno plays the Sycophant and chooses themselves: the next card that chooses "
            "players must choose Bruno.",
        ),
        (
            1,
            "fr",
            "Vous jouez le Flagorneur et vous choisissez\u00a0: la prochaine carte qui choisit "
            "des joueurs devra vous choisir.",
        ),
        (
            4,
            "fr",
            "Ana joue le Flagorneur sur vous\u00a0: la prochaine carte qui choisit des joueurs "
            "devra vous choisir.",
        ),
        (
            0,
            "fr",
            "Vous jouez le Flagorneur sur Emma\u00a0: la prochaine carte qui choisit des "
            "joueurs devra choisir Emma.",
        ),
    ],
)
def test_the_sycophant_names_whom_it_binds(viewer: int, lang: str, line: str) -> None:
    assert line in told("premium_5_players", viewer, lang)


def test_a_look_at_ones_own_hand() -> None:
    assert "You look at your own hand: the Guard." in told("premium_5_players", 3, "en")
    assert "David looks at their own hand: the Guard." in told("premium_5_players", EVERYONE, "en")
    assert "Vous regardez votre propre main\u00a0: le Garde." in told("premium_5_players", 3, "fr")


def test_a_and_an_before_a_number() -> None:
    lines = told("premium_5_players", EVERYONE, "en")
    assert "David holds an 8!" in lines
    assert "Ana holds a 2!" in lines


def test_the_jester_token_is_given_to_the_reader() -> None:
    assert "Ana joue le Bouffon et vous donne le jeton du Bouffon." in told(
        "premium_5_players", 1, "fr"
    )
    assert "Ana plays the Jester and gives the Jester token to you." in told(
        "premium_5_players", 1, "en"
    )


def test_the_baroness_looks_at_two_hands() -> None:
    # The second hand is not named "hand" again: "and Bruno's", "et celle de Bruno".
    assert "Emma plays the Baroness and looks at your hand and Bruno's." in told(
        "premium_5_players", 0, "en"
    )
    assert "Emma plays the Baroness and looks at Ana's hand and yours." in told(
        "premium_5_players", 1, "en"
    )
    assert "Emma joue la Baronne et regarde la main d'Ana et celle de Bruno." in told(
        "premium_5_players", 2, "fr"
    )
    assert "Emma joue la Baronne et regarde la main d'Ana et la vôtre." in told(
        "premium_5_players", 1, "fr"
    )


def test_french_elides_before_a_vowel() -> None:
    lines = told("classic_4_players", EVERYONE, "fr")
    assert "Au tour d'Ana, qui pioche la Servante." in lines
    assert "Au tour de Bruno, qui pioche le Roi." in lines
    assert "Ana voit que Bruno a le Roi." in lines
    assert "Bruno joue le Prêtre et regarde la main de Chloé." in lines
    assert "Emma voit qu'Ana a le Prêtre." in told("premium_5_players", EVERYONE, "fr")


def test_the_round_winner_is_announced_once() -> None:
    lines = told("classic_4_players", 3, "en")
    won = lines.index("You are the last one standing and win the round.")
    assert lines[won + 1] == "You gain a token."
    french = told("classic_4_players", 3, "fr")
    assert "Seule personne encore en lice, vous remportez la manche." in french
    assert not [line for line in french if "par vous" in line]


def test_several_winners_agree_with_the_reader() -> None:
    assert "Vous et Bruno remportez la partie ensemble\u00a0!" in told(
        "princess_2_players", 0, "fr"
    )
    assert "Ana and you win the round together." in told("princess_2_players", 1, "en")


def test_players_texts_cite_no_ruling() -> None:
    for record in ("classic_4_players", "premium_5_players"):
        for lang in ("en", "fr"):
            assert not [line for line in told(record, EVERYONE, lang) if "(R" in line]


def test_french_puts_a_no_break_space_before_double_punctuation() -> None:
    lines = told("classic_4_players", 0, "fr")
    assert "La manche 1 commence\u00a0; vous jouez en premier." in lines
    assert "Bruno a bien le Prince\u00a0!" in lines
    assert not [line for line in lines if " :" in line or f"{NBSP}{NBSP}" in line]
