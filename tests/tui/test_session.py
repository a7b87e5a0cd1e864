"""The game behind the interface: seats, bots, saving and resuming; the choice tree; texts."""

from __future__ import annotations

import json
import random
from pathlib import Path
from string import Formatter

import pytest

from loveletter.bots import make_bot
from loveletter.engine import Game, RecordError, View, build_view, export_record
from loveletter.engine.grammar import Person
from loveletter.tui.choices import ChoiceTree, action_path
from loveletter.tui.render import Words, private_notes
from loveletter.tui.session import LocalGame, SeatSetup, Setup, seat_setups
from loveletter.tui.texts import TEXTS, tr, tr_count


def test_seat_setups_put_humans_first_and_never_repeat_a_name() -> None:
    seats = seat_setups(4, ["easy", "hard"], ["Bruno", "Zoé"])
    assert [seat.name for seat in seats] == ["Bruno", "Zoé", "Ana", "Chloé"]
    assert [seat.bot for seat in seats] == [None, None, "easy", "hard"]


def test_a_seeded_session_is_reproducible() -> None:
    setup = Setup("2019", seat_setups(3, ["easy", "medium"]), seed=11)
    records = [play_on(LocalGame.start(setup, bot_factory=make_bot), 3).record() for _ in "ab"]
    assert records[0] == records[1]


def play_on(session: LocalGame, rounds: int, stop_after: int | None = None) -> LocalGame:
    """Play until round ``rounds`` starts (bots, and humans taking their last legal
    action), or until ``stop_after`` decisions were taken."""
    game = session.game
    taken = 0
    while not game.is_over and game.round < rounds and taken != stop_after:
        seat = game.to_move
        if seat is None:
            session.next_round()
        elif session.is_bot(seat):
            session.apply(session.bot_choice(seat, session.view(seat)), seat)
        else:
            session.apply(session.view(seat)["legal_actions"][-1], seat)
        taken += 1
    return session


@pytest.mark.parametrize("stop_after", [5, 17, 30])
def test_a_resumed_seeded_game_goes_on_as_the_uninterrupted_one(
    tmp_path: Path, stop_after: int
) -> None:
    setup = Setup("2019", seat_setups(4, ["easy", "medium", "hard"]), seed=8)
    whole = play_on(LocalGame.start(setup), 4)
    path = tmp_path / "game.json"
    play_on(LocalGame.start(setup, save=path), 4, stop_after)
    resumed = play_on(LocalGame.resume(path), 4)
    assert whole.game.round >= 3
    assert resumed.record() == whole.record()


def test_a_forced_move_is_not_asked_of_the_bot() -> None:
    class Refuses:
        name = "refuses"
        faults = 0

        def start(self, edition: str, players: int, seat: int) -> None:
            pass

        def choose(self, view: View, rng: random.Random) -> str:
            raise AssertionError("asked")

        def finish(self, view: View) -> None:
            pass

        def close(self) -> None:
            pass

    setup = Setup("classic", (SeatSetup("Ana"), SeatSetup("Bot", "x")))
    session = LocalGame(Game("classic", 2, seed=1), setup, bot_factory=lambda _: Refuses())
    view = session.view(1)
    view["legal_actions"] = ["countess"]
    assert session.bot_choice(1, view) == "countess"
    assert session.bot_failed(1) in {a.text for a in session.game.legal_actions()}
    assert session.bots[1].faults == 1


def test_saving_keeps_the_seats_in_meta_and_resuming_restores_them(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    setup = Setup("2019", seat_setups(3, ["hard", "easy"], ["Zoé"]), lang="fr", seed=4)
    session = LocalGame.start(setup, save=path, bot_factory=make_bot)
    seat = session.game.to_move
    assert seat is not None
    session.apply(session.view(seat)["legal_actions"][0], seat)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["meta"] == {"play": {"bots": [None, "hard", "easy"], "lang": "fr", "seed": 4}}
    resumed = LocalGame.resume(path, bot_factory=make_bot)
    assert resumed.setup.seats == setup.seats
    assert resumed.setup.lang == "fr"
    assert resumed.save_path == path
    assert export_record(resumed.game) == export_record(session.game)
    other = LocalGame.resume(path, save=tmp_path / "copy.json", lang="en", bot_factory=make_bot)
    assert other.setup.lang == "en"
    assert other.save_path == tmp_path / "copy.json"


def test_a_record_without_meta_seats_one_human_against_bots(tmp_path: Path) -> None:
    path = tmp_path / "plain.json"
    game = Game("classic", ["A", "B", "C"], seed=2)
    path.write_text(json.dumps(export_record(game)), encoding="utf-8")
    session = LocalGame.resume(path, bot_factory=make_bot)
    assert [seat.bot for seat in session.setup.seats] == [None, "medium", "medium"]


@pytest.mark.parametrize(
    ("text", "message"),
    [("not json", "not valid JSON"), ('{"format": "x"}', "format")],
)
def test_resuming_a_bad_file_fails_clearly(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError, match=message):
        LocalGame.resume(path, bot_factory=make_bot)
    with pytest.raises(RecordError, match="cannot read"):
        LocalGame.resume(tmp_path / "missing.json", bot_factory=make_bot)


def test_action_paths() -> None:
    assert action_path("guard 1 priest") == ("guard", "1", "priest")
    assert action_path("baroness 1 3") == ("baroness", "1 3")
    assert action_path("handmaid") == ("handmaid",)
    assert action_path("keep guard baron princess") == ("guard", "baron princess")
    assert action_path("look none") == ("none",)
    assert action_path("look 2") == ("2",)
    assert action_path("keep") == ("keep",)
    assert action_path("discard") == ("discard",)


def test_the_choice_tree_asks_one_step_at_a_time() -> None:
    tree = ChoiceTree(["guard 1 priest", "guard 1 king", "guard 2 priest", "handmaid"])
    assert tree.options(()) == ["guard", "handmaid"]
    assert tree.options(("guard",)) == ["1", "2"]
    assert tree.action(("handmaid",)) == "handmaid"
    assert tree.action(("guard", "1", "king")) == "guard 1 king"
    assert tree.back(("guard", "1")) == ("guard",)
    single = ChoiceTree(["guard 1 priest", "guard 1 king", "baron 1"])
    assert single.advance(("guard",)) == ("guard", "1")  # the only target is chosen
    assert single.advance(("baron",)) == ("baron", "1")
    assert single.back(("guard", "1")) == ()  # no question was asked at the target step


def test_both_languages_have_every_text() -> None:
    english, french = TEXTS["en"], TEXTS["fr"]
    assert set(english) == set(french)
    for key, text in english.items():
        # the same fields, whatever their grammatical form ("{name}", "{name:de}")
        assert _fields(text) == _fields(french[key]) or key.startswith("note_"), key


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name is not None}


def test_texts_elide_names_and_count_in_singular_and_plural() -> None:
    ana, bruno = Person("Ana", "fr"), Person("Bruno", "fr")
    assert tr("fr", "turn_of", name=ana) == "Au tour d'Ana"
    assert tr("fr", "turn_of", name=bruno) == "Au tour de Bruno"
    assert tr("fr", "hand_of", name=ana) == "Main d'Ana"
    assert tr("en", "turn_of", name=Person("Ana", "en")) == "Ana's turn"
    assert tr_count("en", "to_win", 1) == "1 token to win"
    assert tr_count("en", "to_win", 4) == "4 tokens to win"
    assert tr_count("fr", "to_win", 1) == "1 jeton pour gagner"
    assert tr_count("fr", "unseen", 0) == "0 non vue"
    assert tr_count("fr", "unseen", 2) == "2 non vues"
    assert tr_count("en", "unseen", 2) == "2 unseen"
    assert "(R21)" not in tr("en", "countess", countess="the Countess", other="the King")


@pytest.mark.parametrize(
    ("lang", "note"),
    [("en", "Turn 1: Bruno saw your hand"), ("fr", "Tour 1\u00a0: Bruno a vu votre main")],
)
def test_the_notes_record_that_an_opponent_saw_your_hand(lang: str, note: str) -> None:
    game = Game("classic", ["Ana", "Bruno"], start=False)
    deck = ["guard"] * 4 + ["priest", "baron", "king"]  # Bruno (first): Priest, King; Ana: Baron
    deck += ["handmaid", "guard", "priest", "baron", "handmaid", "prince", "prince", "countess"]
    game.next_round([*deck, "princess"], first=1)
    game.apply("priest 0", seat=1)
    words = Words(game.edition, game.players, lang, 0)
    assert note in private_notes(build_view(game, 0)["events"], words)
