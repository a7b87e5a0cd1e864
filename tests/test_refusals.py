"""What players are told when an action is refused or not understood, and how the
actions they type are read: in their language, with the table's real seats, with no
ruling numbers; card names of their language and the edition's theme accepted."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from loveletter import (
    EDITIONS,
    Game,
    IllegalActionError,
    NotationError,
    Options,
    RecordError,
    describe_notation_error,
    describe_refusal,
    load_record,
    parse_action,
    read_action,
    tables,
)
from loveletter.cli.main import app
from loveletter.tables.errors import InvalidError

GOLDEN_RECORDS = Path(__file__).parent / "golden" / "records"


def four_players() -> Game:
    """Classic, 4 players; Ana to play the Guard or the Handmaid."""
    game = Game("classic", ["Ana", "Bruno", "Chloé", "David"], start=False)
    deck = ["guard", "guard", "priest", "baron", "prince", "handmaid", "king", "guard"]
    deck += ["countess", "prince", "baron", "guard", "princess", "priest", "guard", "handmaid"]
    game.next_round(deck=deck, first=0)
    return game


def refusal(game: Game, action: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)
    return caught.value


def not_notation(text: str) -> NotationError:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    return caught.value


def test_a_seat_off_the_table_names_the_tables_seats() -> None:
    game = four_players()
    error = refusal(game, "guard 5 priest")
    assert str(error) == "there is no seat 5 at this table: its seats are 0 to 3"
    assert describe_refusal(error, game, "en") == (
        "There is no seat 5 at this table: its seats are 0 to 3"
    )
    assert describe_refusal(error, game, "fr") == (
        "Il n'y a pas de siège 5 à cette table\u00a0: ses sièges vont de 0 à 3"
    )


def test_a_seat_beyond_the_notation_names_the_tables_seats_too() -> None:
    error = not_notation("guard 9 priest")
    assert str(error) == "seat 9 is not a seat number 0-7"  # records and programs
    assert describe_notation_error(error, "en", seats=4) == (
        "There is no seat 9 at this table: its seats are 0 to 3"
    )
    assert describe_notation_error(error, "fr", seats=4) == (
        "Il n'y a pas de siège 9 à cette table\u00a0: ses sièges vont de 0 à 3"
    )


@pytest.mark.parametrize(
    ("text", "english", "french"),
    [
        (
            "dance 1",
            "Unknown card or step 'dance'",
            "«\u00a0dance\u00a0» n'est ni une carte ni une étape",
        ),
        ("guard 1", "'guard' takes a seat and a guess, or nothing", None),
        ("baron 1 2", "'baron' chooses one player", "«\u00a0baron\u00a0» choisit un joueur"),
        ("", "Empty action", "Action vide"),
    ],
)
def test_notation_errors_are_told_in_the_players_language(
    text: str, english: str, french: str | None
) -> None:
    error = not_notation(text)
    assert describe_notation_error(error, "en") == english
    told = describe_notation_error(error, "fr")
    assert told != english
    if french is not None:
        assert told == french


@pytest.mark.parametrize(
    ("text", "english", "french"),
    [
        (
            "chancellor keep",
            "'keep' is an action of its own, which comes after 'chancellor'",
            "«\u00a0keep\u00a0» est une action à part, qui vient après «\u00a0chancellor\u00a0»",
        ),
        (
            "cardinal look 3",
            "'look' is an action of its own, which comes after 'cardinal'",
            "«\u00a0look\u00a0» est une action à part, qui vient après «\u00a0cardinal\u00a0»",
        ),
        (
            "handmaid x",
            "'handmaid' takes nothing after it: 'x' is one word too many",
            "Rien ne doit suivre «\u00a0handmaid\u00a0»\u00a0: «\u00a0x\u00a0» est de trop",
        ),
    ],
)
def test_a_card_played_alone_names_the_word_too_many(text: str, english: str, french: str) -> None:
    error = not_notation(text)
    assert describe_notation_error(error, "en") == english[0].upper() + english[1:]
    assert str(error) == english
    assert describe_notation_error(error, "fr") == french[0].upper() + french[1:]


def test_a_french_card_name_in_an_english_game_is_the_word_named() -> None:
    """The terminal's input line (opened with ':') reads what is typed with
    read_action, in the game's language: a French name there is an unknown word."""
    with pytest.raises(NotationError) as caught:
        read_action("garde 1 prêtre", EDITIONS["2019"], "en")
    assert str(caught.value) == "unknown card or step 'garde'"
    assert describe_notation_error(caught.value, "fr") == (
        "«\u00a0garde\u00a0» n'est ni une carte ni une étape"
    )


@pytest.mark.parametrize(
    ("typed", "lang", "told"),
    [
        (
            "chancelier garder",
            "fr",
            "«\u00a0garder\u00a0» est une action à part, qui vient après «\u00a0chancelier\u00a0»",
        ),
        (
            "Servante 1",
            "fr",
            "Rien ne doit suivre «\u00a0Servante\u00a0»\u00a0: «\u00a01\u00a0» est de trop",
        ),
        ("Handmaid 1", "en", "'Handmaid' takes nothing after it: '1' is one word too many"),
    ],
)
def test_a_name_typed_is_named_as_it_was_typed(typed: str, lang: str, told: str) -> None:
    """A card or step named in the player's words is told back in those words."""
    with pytest.raises(NotationError) as caught:
        read_action(typed, EDITIONS["classic"], lang)
    assert describe_notation_error(caught.value, lang) == told


def test_a_records_seat_beyond_the_table_names_the_tables_seats() -> None:
    game = four_players()  # Ana holds the Guard and the Handmaid
    with pytest.raises(NotationError) as caught:
        game.apply("guard 9 priest")
    assert str(caught.value) == "there is no seat 9 at this table: its seats are 0 to 3"
    assert describe_notation_error(caught.value, "fr") == (
        "Il n'y a pas de siège 9 à cette table\u00a0: ses sièges vont de 0 à 3"
    )
    record = json.loads((GOLDEN_RECORDS / "classic_4_players.json").read_text(encoding="utf-8"))
    record["rounds"][0]["actions"][0] = "king 9"
    del record["result"]
    with pytest.raises(
        RecordError, match="'king 9': there is no seat 9 at this table: its seats are 0 to 3"
    ):
        load_record(record)


def test_refusals_shown_to_players_cite_no_ruling() -> None:
    game = four_players()  # Ana holds the Guard and the Handmaid
    game.apply("handmaid")  # Ana is protected
    error = refusal(game, "priest 0")
    assert str(error).endswith("(R15)")  # the message for records and programs
    assert describe_refusal(error, game, "en") == "Ana is protected by the Handmaid"
    assert describe_refusal(error, game, "fr") == "Ana est sous la protection de la Servante"


def test_a_refusal_in_french_agrees_with_no_gender_and_elides() -> None:
    game = Game("princess", ["Ana", "Bruno", "Chloé"], seed=1)
    error = IllegalActionError("target_protected", reason="target_protected", details={"target": 1})
    told = describe_refusal(error, game, "fr")
    assert told == "Bruno est sous la protection d'Oliver le dragon"


@pytest.mark.parametrize(
    ("edition", "lang", "typed", "action"),
    [
        ("classic", "fr", "garde 1 prêtre", "guard 1 priest"),
        ("classic", "fr", "GARDE 1 Pretre", "guard 1 priest"),
        ("classic", "fr", "la servante", "handmaid"),
        ("classic", "fr", "Odette 1 Tomas", "guard 1 priest"),
        ("classic", "fr", "arnaud iv 2", "king 2"),
        ("classic", "en", "Guard 1 Priest", "guard 1 priest"),
        ("premium", "fr", "reine douairière 2", "dowager_queen 2"),
        ("premium", "fr", "baronne 1 3", "baroness 1 3"),
        ("premium", "fr", "évêque 2 7", "bishop 2 7"),
        ("premium", "en", "dowager queen 2", "dowager_queen 2"),
        ("2019", "fr", "garder roi espionne", "keep king spy"),
        ("2019", "fr", "regarder aucune", "look none"),
        ("princess", "fr", "oliver le dragon", "handmaid"),
        ("princess", "fr", "princesse", "chancellor"),
        ("princess", "fr", "garde 2 ogre", "guard 2 princess"),
        ("princess", "en", "guard 2 princess", "guard 2 chancellor"),
        ("princess", "fr", "garde 1 claire l\u2019espionne", "guard 1 spy"),
        ("princess", "en", "the king's advisors 1", "priest 1"),
        ("princess", "en", "guard 1 the ogre", "guard 1 princess"),
    ],
)
def test_typed_card_names_are_read_as_their_ids(
    edition: str, lang: str, typed: str, action: str
) -> None:
    read = read_action(typed, EDITIONS[edition], lang)
    assert read is parse_action(action)
    assert str(read) == action


def test_records_keep_the_strict_notation() -> None:
    with pytest.raises(NotationError):
        parse_action("garde 1 prêtre")
    with pytest.raises(NotationError) as caught:
        read_action("garde 1 danse", EDITIONS["classic"], "fr")
    assert (
        describe_notation_error(caught.value, "fr") == "Carte inconnue\u00a0: «\u00a0danse\u00a0»"
    )


def test_the_web_table_tells_a_bad_notation_in_both_languages() -> None:
    spec = tables.TableSpec(
        edition="classic",
        seats=(None, "easy", None),
        options=Options(),
        bot_level="easy",
        disconnect_timeout=30.0,
    )
    state = tables.new_table(spec, "table-1", "host-hash", 1000.0)
    state = tables.join(state, "Ana", None, "hash-Ana", 1000.0)
    state = tables.start(state, random.Random(1), 1001.0, rematch=False)
    assert state.game is not None
    seat = state.game.to_move
    assert seat is not None
    with pytest.raises(InvalidError) as caught:
        tables.act(state, seat, "guard 9 priest")
    assert caught.value.code == "bad_notation"
    assert caught.value.message_in("en") == (
        "There is no seat 9 at this table: its seats are 0 to 2"
    )
    assert caught.value.message_in("fr") == (
        "Il n'y a pas de siège 9 à cette table\u00a0: ses sièges vont de 0 à 2"
    )


# --- replay ---------------------------------------------------------------------------

runner = CliRunner()


def test_replay_without_a_seat_is_told_by_the_omniscient_narrator() -> None:
    record = GOLDEN_RECORDS / "classic_4_players.json"
    output = runner.invoke(app, ["replay", str(record), "--lang", "en"]).output
    assert "Bruno sees that Chloé holds the Baron." in output
    assert "Chloé compares hands with David: the Guard against the Prince." in output
    assert "You " not in output


def test_replay_refuses_two_points_of_view() -> None:
    record = GOLDEN_RECORDS / "classic_4_players.json"
    result = runner.invoke(app, ["replay", str(record), "--seat", "1", "--spectator"])
    assert result.exit_code == 2
    assert "--spectator" in result.output


def test_replay_sums_up_in_french_typography() -> None:
    record = GOLDEN_RECORDS / "classic_4_players.json"
    output = runner.invoke(app, ["replay", str(record), "--lang", "fr", "--seat", "3"]).output
    assert "Jetons\u00a0: Ana 0, Bruno 0, Chloé 0, David 2" in output
    assert "Partie remportée par David." in output
    assert json.loads(record.read_text(encoding="utf-8"))["result"]["winners"] == [3]


@pytest.mark.parametrize(
    ("code", "details", "english", "french"),
    [
        (
            "not_held",
            {"seat": 0, "card": "prince", "hand": ["guard", "baron"]},
            "You do not hold the Prince (hand: the Guard, the Baron)",
            "Vous n'avez pas le Prince (main\u00a0: le Garde, le Baron)",
        ),
        (
            "not_your_turn",
            {"seat": 1, "to_move": 0},
            "Bruno may not act now: you are to move",
            "Bruno ne peut pas agir maintenant\u00a0: c'est à vous de décider",
        ),
        (
            "not_your_turn",
            {"seat": 0, "to_move": 1},
            "You may not act now: Bruno is to move",
            "Vous ne pouvez pas agir maintenant\u00a0: c'est à Bruno de décider",
        ),
        (
            "look_seats",
            {"first": 0, "second": 2},
            "The Cardinal may only look at your hand or Chloé's",
            "Le Cardinal ne peut regarder que votre main ou celle de Chloé",
        ),
        (
            "sycophant",
            {"card": "prince", "target": 0},
            "The Sycophant binds this card: the Prince must choose you",
            "Le Flagorneur impose son choix\u00a0: le Prince doit vous choisir",
        ),
        (
            "target_protected",
            {"target": 2},
            "Chloé is protected by the Handmaid",
            "Chloé est sous la protection de la Servante",
        ),
    ],
)
def test_a_refusal_told_to_its_player_says_you(
    code: str, details: dict[str, object], english: str, french: str
) -> None:
    game = Game("premium", ["Ana", "Bruno", "Chloé"], seed=1)
    error = IllegalActionError(code, reason=code, details=details)
    assert describe_refusal(error, game, "en", viewer=0) == english
    assert describe_refusal(error, game, "fr", viewer=0) == french
    anyone = describe_refusal(error, game, "en")  # told to nobody in particular: names
    assert "you" not in anyone.lower().split()
