"""The terminal game driven like a player would, with Textual's pilot."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Input, OptionList, Static

from loveletter import DEFAULT_NAMES as NAMES
from loveletter.bots import make_bot
from loveletter.engine import export_record, get_edition
from loveletter.tui.app import LoveLetterApp
from loveletter.tui.dialogs import HandOverScreen, RoundSummaryScreen
from loveletter.tui.game import GameScreen
from loveletter.tui.help import HelpScreen
from loveletter.tui.session import LocalGame, SeatSetup, Setup

from .helpers import (
    SIZE,
    assert_fits,
    game_screen,
    keys,
    make_app,
    play_to_end,
    screen_text,
    settle,
    stacked_app,
    step,
)

pytestmark = pytest.mark.anyio

ANA_VS_BOTS = (SeatSetup("Ana"), SeatSetup("Bruno", "easy"), SeatSetup("Chloé", "medium"))


async def test_a_whole_game_against_bots_in_english() -> None:
    app = make_app(ANA_VS_BOTS, edition="2019")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Players" in screen_text(pilot)
        end = await play_to_end(pilot)
        assert_fits(pilot)
        game = end.session.game
        assert game.is_over
        assert game.winners
        text = screen_text(pilot)
        winners = ", ".join(game.players[seat] for seat in game.winners)
        assert f"{winners} win" in text
        assert "New game" in text
        await pilot.press("n")  # a new game: the setup screen, with the same table
        await settle(pilot)
        text = screen_text(pilot)
        assert "new game" in text
        assert "Chloé" in text
        await pilot.press("enter")
        await settle(pilot)
        assert game_screen(pilot).session.setup.seats == ANA_VS_BOTS


async def test_a_whole_game_in_french_speaks_french() -> None:
    seats = (SeatSetup("Ana"), SeatSetup("Bruno", "hard"))
    app = make_app(seats, lang="fr", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(pilot)
        assert "Joueurs" in text
        assert "Journal" in text
        assert "Pioche" in text
        end = await play_to_end(pilot)
        assert_fits(pilot)
        game = end.session.game
        text = screen_text(pilot)
        assert "remporte" in text
        assert all(game.players[seat] in text for seat in game.winners)
        assert "Nouvelle partie" in text


async def test_hot_seat_hides_the_hand_until_the_next_player_is_ready() -> None:
    seats = (SeatSetup("Ana"), SeatSetup("Bruno"), SeatSetup("Chloé", "easy"))
    app = make_app(seats, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        handovers = 0
        for _ in range(200):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, GameScreen) and screen.passing is not None:
                text = screen_text(pilot)
                assert "Your turn is over." in text  # the last player reads, then passes
                assert f"({screen.session.game.players[screen.viewer or 0]}" not in text
                await pilot.press("enter")
            elif isinstance(screen, HandOverScreen):
                session = game_screen(pilot).session
                seat = screen.seat
                hand = session.game.hands[seat]
                assert_fits(pilot)
                text = screen_text(pilot)
                assert f"Pass the keyboard to {session.game.players[seat]}" in text
                assert "Your turn" not in text
                for card in {*hand, *session.game.hands[1 - seat]}:
                    effect = session.game.edition.effect_text(card, 3, "en")
                    assert effect[:25] not in text.replace("\n", " ")
                await pilot.press("enter")
                await settle(pilot)
                table = game_screen(pilot)
                assert table.viewer == seat
                text = screen_text(pilot)
                assert "Play a card" in text
                assert "Ana (you)" in text or "Bruno (you)" in text
                handovers += 1
                if handovers == 3:
                    return
            else:
                await step(pilot)
        raise AssertionError("no hand-over seen")


async def test_save_and_resume_continue_the_same_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    app = make_app(ANA_VS_BOTS, edition="2019", save=path, seed=7, tokens=3)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(4):
            await step(pilot)
        saved = export_record(game_screen(pilot).session.game)
        await pilot.press("ctrl+c")
        await settle(pilot)
        assert_fits(pilot)
        assert "Quit the game?" in screen_text(pilot)
        await pilot.press("enter")  # the focused button: quit (the game is saved)
        await settle(pilot)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["rounds"] == saved["rounds"]
    assert record["meta"]["play"] == {"bots": [None, "easy", "medium"], "lang": "en", "seed": 7}

    session = LocalGame.resume(path, bot_factory=make_bot)
    assert [seat.bot for seat in session.setup.seats] == [None, "easy", "medium"]
    assert export_record(session.game)["rounds"] == saved["rounds"]
    resumed = LoveLetterApp(session=session, delay=0)
    async with resumed.run_test(size=SIZE) as pilot:
        moves = len(saved["rounds"][-1]["actions"])
        for _ in range(4):  # a few more moves
            await step(pilot)
        final = export_record(session.game)
    count = len(saved["rounds"])
    assert final["rounds"][: count - 1] == saved["rounds"][:-1]
    assert final["rounds"][count - 1]["deck"] == saved["rounds"][-1]["deck"]
    assert final["rounds"][count - 1]["actions"][:moves] == saved["rounds"][-1]["actions"]
    assert len(final["rounds"]) > count or len(final["rounds"][-1]["actions"]) > moves
    assert json.loads(path.read_text(encoding="utf-8"))["rounds"] == final["rounds"]


async def test_save_when_quitting_an_unsaved_game(tmp_path: Path) -> None:
    app = make_app((SeatSetup("Ana"), SeatSetup("Bruno", "easy")))
    async with app.run_test(size=SIZE) as pilot:
        await step(pilot)
        await pilot.press("ctrl+c")
        await settle(pilot)
        assert_fits(pilot)
        text = screen_text(pilot)
        assert "The game is not saved." in text
        app.screen.query_one("#path").value = str(tmp_path / "later.json")  # type: ignore[attr-defined]
        await pilot.click("#save")
        await settle(pilot)
    record = json.loads((tmp_path / "later.json").read_text(encoding="utf-8"))
    assert record["meta"]["play"]["bots"] == [None, "easy"]


async def test_cancelling_the_quit_dialog_goes_back_to_the_game() -> None:
    app = make_app((SeatSetup("Ana"), SeatSetup("Bruno", "easy")))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+c")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.is_running
        assert isinstance(app.screen, GameScreen | RoundSummaryScreen)


async def test_an_illegal_typed_action_is_explained_and_changes_nothing() -> None:
    app = make_app((SeatSetup("Ana"), SeatSetup("Bruno", "easy")), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = game_screen(pilot)
        while table.session.game.to_move != 0:
            await step(pilot)
        before = export_record(table.session.game)
        await pilot.press("colon", *keys("guard 0 priest"), "enter")
        await settle(pilot)
        assert "Not allowed:" in screen_text(pilot)
        assert export_record(table.session.game) == before
        await pilot.press(*keys("xyz"), "enter")
        await settle(pilot)
        assert "Not an action:" in screen_text(pilot)
        assert export_record(table.session.game) == before
        legal = table.session.view(0)["legal_actions"][0]
        command = table.query_one("#command")
        command.value = legal  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot)
        after = export_record(table.session.game)
        assert after["rounds"][0]["actions"][: len(before["rounds"][0]["actions"]) + 1] == [
            *before["rounds"][0]["actions"],
            legal,
        ]


async def test_typing_out_of_turn_is_refused() -> None:
    seats = (SeatSetup("Ana"), SeatSetup("Bruno"))
    deck = ["guard"] * 4 + ["baron", "priest", "handmaid"]
    deck += ["guard", "priest", "baron", "handmaid", "prince", "prince", "king"]
    deck += ["countess", "princess"]
    app = stacked_app(seats, deck)
    async with app.run_test(size=SIZE) as pilot:
        await step(pilot)  # Ana takes the keyboard
        await pilot.press("colon", *keys("handmaid"), "enter")
        await settle(pilot)
        table = game_screen(pilot)
        assert table.passing == 1
        assert "Pass the keyboard to Bruno" in screen_text(pilot)
        before = export_record(table.session.game)
        await pilot.press("colon", *keys("priest 0"), "enter")  # Bruno's move, typed by Ana
        await settle(pilot)
        assert "It is not your turn: Bruno is to move." in screen_text(pilot)
        assert export_record(table.session.game) == before
        await pilot.press("escape", "enter")
        await settle(pilot)
        assert isinstance(app.screen, HandOverScreen)


async def test_the_countess_rule_is_explained() -> None:
    seats = (SeatSetup("Ana"), SeatSetup("Bruno", "easy"))
    deck = ["guard"] * 4 + ["countess", "priest", "king"]
    deck += ["guard", "priest", "baron", "baron", "handmaid", "handmaid", "prince", "prince"]
    deck += ["princess"]
    app = stacked_app(seats, deck)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = game_screen(pilot)
        assert table.options == ["countess", ""]
        rule = "You hold the Countess with the King: you must play the Countess."
        text = screen_text(pilot)
        assert rule in text
        assert "(cannot be played: the Countess" in text  # under the King
        assert "must be played" not in text
        before = export_record(table.session.game)
        await pilot.press("2")  # the King is shown, but not offered
        await settle(pilot)
        assert rule in screen_text(pilot)
        await pilot.press("5")
        await settle(pilot)
        assert "There is no choice 5 here." in screen_text(pilot)
        await pilot.press("colon", *keys("king 1"), "enter")
        await settle(pilot)
        assert "Not allowed: the King cannot be played beside the Countess" in screen_text(pilot)
        assert export_record(table.session.game) == before
        command = table.query_one("#command", Input)
        assert command.value == "king 1"  # still there to correct while the line is open
        await pilot.press("escape")
        await settle(pilot)
        assert command.value == ""  # left: the next ':' opens an empty line
        await pilot.press("colon")
        await settle(pilot)
        assert command.value == ""
        await pilot.press("escape", "1")
        await settle(pilot)
        assert export_record(table.session.game)["rounds"][0]["actions"][0] == "countess"


async def test_the_countess_rule_in_french() -> None:
    seats = (SeatSetup("Ana"), SeatSetup("Bruno", "easy"))
    deck = ["guard"] * 4 + ["prince", "priest", "countess"]
    deck += ["guard", "priest", "baron", "baron", "handmaid", "handmaid", "prince", "king"]
    deck += ["princess"]
    app = stacked_app(seats, deck, lang="fr")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(pilot)
        assert "Vous avez la Comtesse avec le Prince\u00a0: vous devez jouer la Comtesse." in text
        assert "(impossible\u00a0: la Comtesse doit" in text  # under the Prince
        assert "(R21)" not in text


async def test_a_french_player_types_the_cards_french_names() -> None:
    seats = (SeatSetup("Ana"), SeatSetup("Bruno", "easy"))
    deck = ["guard"] * 4 + ["prince", "priest", "countess"]
    deck += ["guard", "priest", "baron", "baron", "handmaid", "handmaid", "prince", "king"]
    deck += ["princess"]
    app = stacked_app(seats, deck, lang="fr")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = game_screen(pilot)
        await pilot.press("colon", *keys("prince 1"), "enter")
        await settle(pilot)
        assert "Refusé\u00a0: impossible de jouer le Prince avec la Comtesse" in screen_text(pilot)
        command = table.query_one("#command")
        command.value = "xyz"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot)
        assert "«\u00a0xyz\u00a0» n'est ni une carte ni une étape" in screen_text(pilot)
        command.value = "Comtesse"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot)
        assert export_record(table.session.game)["rounds"][0]["actions"][0] == "countess"


async def test_a_french_name_typed_in_an_english_game_is_the_word_told() -> None:
    seats = (SeatSetup("Ana"), SeatSetup("Bruno", "easy"))
    deck = ["guard"] * 4 + ["guard", "priest", "handmaid"]
    deck += ["prince", "priest", "baron", "baron", "handmaid", "countess", "prince", "king"]
    deck += ["princess"]
    app = stacked_app(seats, deck)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = game_screen(pilot)
        await pilot.press("colon")
        command = table.query_one("#command")
        command.value = "garde 1 prêtre"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot)
        assert "Not an action: unknown card or step 'garde'" in screen_text(pilot)
        command.value = "guard 1 priest"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot)
        assert export_record(table.session.game)["rounds"][0]["actions"][0] == "guard 1 priest"


async def test_guard_step_shows_unseen_counts_and_escape_goes_back() -> None:
    seats = (SeatSetup("Ana"), SeatSetup("Bruno", "easy"))
    deck = ["guard", "priest", "king", "princess", "guard", "baron", "guard"]
    deck += ["guard", "guard", "priest", "baron", "handmaid", "handmaid", "prince", "prince"]
    deck += ["countess"]
    app = stacked_app(seats, deck)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = game_screen(pilot)
        assert table.options == ["guard"]
        await pilot.press("1")  # the Guard; Bruno is the only target
        await settle(pilot)
        text = screen_text(pilot)
        assert "Guard on Bruno: name a card" in text
        assert re.search(r"Priest +1 unseen", text)  # one Priest is face up
        assert re.search(r"King +0 unseen", text)
        await pilot.press("escape")
        await settle(pilot)
        assert "Play a card" in screen_text(pilot)
        await pilot.press("1", "2")  # the Guard on Bruno, naming the Baron
        await settle(pilot)
        actions = export_record(table.session.game)["rounds"][0]["actions"]
        assert actions[0] == "guard 1 baron"


async def test_notes_and_tracker_tabs() -> None:
    seats = (SeatSetup("Ana"), SeatSetup("Bruno", "easy"))
    # Ana holds a Priest and a Baron; Bruno holds the King and draws a Handmaid.
    deck = ["guard"] * 4 + ["priest", "king", "baron"]
    deck += ["handmaid", "guard", "priest", "baron", "handmaid", "prince", "prince", "countess"]
    deck += ["princess"]
    app = stacked_app(seats, deck)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("1", "1")  # the Priest on Bruno, confirmed
        await settle(pilot)
        await pilot.press("n")
        text = screen_text(pilot)
        assert "Turn 1: you saw Bruno's King" in text
        assert "Known now" in text
        await pilot.press("t")
        text = screen_text(pilot)
        assert "Unseen cards, from your seat" in text


async def test_a_bishop_target_answers_after_a_hand_over() -> None:
    bots = tuple(SeatSetup(name, "easy") for name in ("Chloé", "Dario", "Emma"))
    seats = (SeatSetup("Ana"), SeatSetup("Bruno"), *bots)
    # Set aside a Guard; Ana gets the Bishop, Bruno a Prince, the bots Guards; Ana draws
    # the other Prince.
    deck = ["guard", "bishop", "prince", "guard", "guard", "guard", "prince"]
    deck += ["guard"] * 4 + ["assassin", "jester", "priest", "priest", "cardinal", "cardinal"]
    deck += ["baron", "baron", "baroness", "baroness", "handmaid", "handmaid"]
    deck += ["sycophant", "sycophant", "count", "count", "king", "constable", "countess"]
    deck += ["dowager_queen", "princess"]
    app = stacked_app(seats, deck, edition="premium")
    async with app.run_test(size=SIZE) as pilot:
        await step(pilot)  # Ana takes the keyboard: she holds the Bishop and a Prince
        table = game_screen(pilot)
        assert sorted(table.session.game.hands[0]) == ["bishop", "prince"]
        await pilot.press("colon", *keys("bishop 1 5"), "enter")  # Bruno holds a Prince
        await settle(pilot)
        assert "You gain a token with the Bishop." in screen_text(pilot)
        await pilot.press("enter")  # Ana passes the keyboard
        await settle(pilot)
        assert isinstance(app.screen, HandOverScreen)
        text = screen_text(pilot)
        assert "Bruno must answer the Bishop." in text
        await pilot.press("enter")
        await settle(pilot)
        text = screen_text(pilot)
        assert "Ana named 5 with the Bishop: you" in text
        assert "Keep your hand" in text
        await pilot.press("2")
        await settle(pilot)
        assert export_record(table.session.game)["rounds"][0]["actions"][:2] == [
            "bishop 1 5",
            "keep",
        ]


async def test_the_setup_screen_starts_the_chosen_table() -> None:
    app = LoveLetterApp(lang="en", delay=0, bot_factory=make_bot)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Love Letter · new game" in screen_text(pilot)
        await pilot.press("down", "right")  # 3 players
        await pilot.press("down", "right")  # en français
        await settle(pilot)
        text = screen_text(pilot)
        assert "Langue" in text
        assert "Place 2" in text
        await pilot.press("down", "down", "right")  # seat 0: a bot too
        await pilot.press("enter")
        await settle(pilot)
        assert "Au moins une place doit être jouée par un humain." in screen_text(pilot)
        await pilot.press("left", "down", "home", "ctrl+k", *keys("Zoé"), "enter")
        await settle(pilot)
        session = game_screen(pilot).session
        assert [(seat.name, seat.bot) for seat in session.setup.seats] == [
            ("Zoé", None),
            ("Bruno", "medium"),
            ("Chloé", "medium"),
        ]
        assert session.setup.lang == "fr"


async def test_the_chancellor_keeps_one_card_and_orders_the_others() -> None:
    seats = (SeatSetup("Ana"), SeatSetup("Bruno", "easy"))
    deck = ["guard"] * 4 + ["chancellor", "priest", "handmaid", "baron", "spy"]
    deck += ["spy", "guard", "guard", "priest", "baron", "handmaid", "prince", "prince"]
    deck += ["chancellor", "king", "countess", "princess"]
    app = stacked_app(seats, deck, edition="2019")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("1")  # the Chancellor: Ana draws the Baron and the Spy
        await settle(pilot)
        text = screen_text(pilot)
        assert "Chancellor: keep one card" in text
        assert "Keep the Handmaid" in text
        await pilot.press("1")
        await settle(pilot)
        text = screen_text(pilot)
        assert "Chancellor: order under the deck" in text
        assert "Under the deck: Baron, Spy" in text
        await pilot.press("2")
        await settle(pilot)
        actions = export_record(game_screen(pilot).session.game)["rounds"][0]["actions"]
        assert actions[:2] == ["chancellor", "keep handmaid spy baron"]


async def test_a_card_with_nobody_to_choose_says_it_has_no_effect() -> None:
    seats = (SeatSetup("Bruno", "easy"), SeatSetup("Ana"))
    # Bruno holds two Handmaids and must play one; Ana holds a Guard and draws a Priest.
    deck = ["guard"] * 4 + ["handmaid", "guard", "handmaid", "priest"]
    deck += ["priest", "baron", "baron", "prince", "prince", "king", "countess", "princess"]
    app = stacked_app(seats, deck)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = game_screen(pilot)
        assert table.options == ["guard", "priest"]
        assert screen_text(pilot).count("(no effect: nobody can be") == 2
        await pilot.press("1")
        await settle(pilot)
        assert export_record(table.session.game)["rounds"][0]["actions"][:2] == [
            "handmaid",
            "guard",
        ]


async def test_names_from_a_saved_game_are_shown_with_their_controls_escaped(
    tmp_path: Path,
) -> None:
    # A saved game is a file anyone may have written: its names could drive the terminal.
    path = tmp_path / "hostile.json"
    setup = Setup("classic", (SeatSetup("Ana\x1b]0;x\x07"), SeatSetup("Bo\u202eb", "easy")))
    LocalGame.start(setup, save=path, bot_factory=make_bot)
    session = LocalGame.resume(path, bot_factory=make_bot)
    assert session.names == ["Ana\\x1b]0;x\\x07", "Bo\\u202eb"]
    async with LoveLetterApp(session=session, delay=0).run_test(size=SIZE) as pilot:
        shown = ""
        for _ in range(6):
            await step(pilot)
            shown += screen_text(pilot)
        assert "Ana\\x1b]0;x\\x07" in shown
        assert "Bo\\u202eb" in shown
        assert not set(shown) & {"\x1b", "\x07", "\u202e"}


async def test_a_player_is_picked_by_the_seat_number_the_panel_shows() -> None:
    seats = (SeatSetup("Ana"), SeatSetup("Bruno", "easy"), SeatSetup("Chloé", "easy"))
    # Ana holds a Prince and draws a Handmaid; the Prince may target Ana herself.
    deck = ["guard", "prince", "guard", "guard", "handmaid", "guard", "guard", "priest"]
    deck += ["priest", "baron", "baron", "handmaid", "prince", "king", "countess", "princess"]
    app = stacked_app(seats, deck)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = game_screen(pilot)
        await pilot.press(str(table.keys[table.options.index("prince")]))
        await settle(pilot)
        assert table.options == ["0", "1", "2"]
        assert table.keys == ["0", "1", "2"]
        text = screen_text(pilot)
        assert re.search(r" 2 +Chloé", text)  # the choice shows the seat's number...
        assert re.search(r"2 Chloé", text.split("Players")[1])  # ...as the panel does
        await pilot.press("2")
        await settle(pilot)
        assert export_record(table.session.game)["rounds"][0]["actions"][0] == "prince 2"


async def test_a_play_with_a_single_target_can_be_taken_back() -> None:
    seats = (SeatSetup("Ana"), SeatSetup("Bruno", "easy"))
    # Ana holds a Priest and a Baron: each can only target Bruno.
    deck = ["guard"] * 4 + ["priest", "king", "baron"]
    deck += ["handmaid", "guard", "priest", "baron", "handmaid", "prince", "prince", "countess"]
    deck += ["princess"]
    app = stacked_app(seats, deck)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = game_screen(pilot)
        before = export_record(table.session.game)
        await pilot.press("2")  # the Baron: Bruno is chosen for Ana
        await settle(pilot)
        assert "Play the Baron → Bruno?" in screen_text(pilot)
        assert export_record(table.session.game) == before  # nothing sent yet
        await pilot.press("escape")
        await settle(pilot)
        assert "Play a card" in screen_text(pilot)
        await pilot.press("1", "enter")  # the Priest, confirmed with Enter
        await settle(pilot)
        assert export_record(table.session.game)["rounds"][0]["actions"][0] == "priest 1"


@pytest.mark.parametrize(
    ("hand", "keys", "question"),
    [
        (["princess", "guard"], ["1"], "Play the Princess?"),
        (["prince", "princess"], ["1", "0"], "Play the Prince → Ana (you)?"),
    ],
)
async def test_putting_oneself_out_asks_first(
    hand: list[str], keys: list[str], question: str
) -> None:
    seats = (SeatSetup("Ana"), SeatSetup("Bruno", "easy"), SeatSetup("Chloé", "easy"))
    deck = ["guard", hand[0], "guard", "guard", hand[1]]
    rest = ["guard", "guard", "priest", "priest", "baron", "baron", "handmaid", "handmaid"]
    rest += ["prince", "prince", "king", "countess", "princess"]
    for card in hand:
        rest.remove(card)
    app = stacked_app(seats, deck + rest)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = game_screen(pilot)
        before = export_record(table.session.game)
        await pilot.press(*keys)
        await settle(pilot)
        asked = str(table.query_one("#question", Static).content)
        assert asked.startswith(question)
        assert asked.endswith("You will be out of the round.")
        assert export_record(table.session.game) == before
        await pilot.press("1")
        await settle(pilot)
        assert table.session.game.out[0]


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_help_screen_tells_the_keys_and_every_card(lang: str) -> None:
    app = make_app((SeatSetup("Ana"), SeatSetup("Bruno", "easy")), edition="premium", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        words = app.screen.words
        page = "\n".join(str(text.content) for text in app.screen.query(Static))
        assert "PgUp" in page or "PgPréc" in page
        for card in words.deck:  # held or not
            assert words.full_name(card) in page
            assert words.effect(card) in page
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize(
    ("action", "mark"), [("jester 1", "Jester of Ana"), ("sycophant 1", "Sycophant's pick")]
)
async def test_the_players_panel_shows_the_jester_and_the_sycophant(action: str, mark: str) -> None:
    seats = (SeatSetup("Ana"), *(SeatSetup(name, "easy") for name in NAMES[1:5]))
    deck = [spec.id for spec in get_edition("premium").deck(5) for _ in range(spec.count)]
    top = ["guard", "jester", *["guard"] * 4, "sycophant"]  # Ana: Jester, then Sycophant
    for card in top:
        deck.remove(card)
    deck = top + deck
    app = stacked_app(seats, deck, edition="premium")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = game_screen(pilot)
        table.session.apply(action, 0)  # Ana's play; the bots wait for the screen
        table.refresh_view(table.session.view(0))
        await settle(pilot)
        row = next(line for line in screen_text(pilot).splitlines() if " 1 Bruno" in line)
        assert mark in row


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Hint — play the Countess: it is the only legal move."),
        ("fr", "Conseil — jouez la Comtesse\u00a0: c'est le seul coup permis."),
    ],
)
async def test_h_gives_the_experts_hint_for_the_seat_to_move(lang: str, line: str) -> None:
    seats = (SeatSetup("Ana"), SeatSetup("Bruno", "easy"))
    deck = ["guard"] * 4 + ["countess", "priest", "king"]
    deck += ["guard", "priest", "baron", "baron", "handmaid", "handmaid", "prince", "prince"]
    deck += ["princess"]
    app = stacked_app(seats, deck, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = game_screen(pilot)
        before = export_record(table.session.game)
        await pilot.press("h")
        await settle(pilot)
        assert line in screen_text(pilot).replace("\n", " ")
        assert export_record(table.session.game) == before  # a hint plays nothing


@pytest.mark.parametrize("last", [True, False])
async def test_every_one_of_28_options_has_a_key_shown_and_typed(last: bool) -> None:
    seats = (SeatSetup("Ana"), *(SeatSetup(name, "easy") for name in NAMES[1:]))
    deck = [spec.id for spec in get_edition("premium").deck(8) for _ in range(spec.count)]
    for card in ("guard", "cardinal", "priest"):  # set aside, Ana's card, Ana's draw
        deck.remove(card)
    deck = ["guard", "cardinal", *deck[:7], "priest", *deck[7:]]
    app = stacked_app(seats, deck, edition="premium")
    async with app.run_test(size=(100, 60)) as pilot:
        await settle(pilot)
        table = game_screen(pilot)
        await pilot.press(str(table.keys[table.options.index("cardinal")]))
        await settle(pilot)
        assert len(table.options) == 28  # the pairs of 8 players
        assert len(set(table.keys)) == 28
        assert all(len(str(key)) == 1 for key in table.keys)  # one keypress each
        choices = table.query_one("#choices", OptionList)
        for index, key in enumerate(table.keys):  # each option shows its key
            label = choices.get_option_at_index(index).prompt
            assert f" {key} " in plain(label)
        index = 27 if last else 12
        assert table.decision is not None
        chosen = table.decision.action(
            table.decision.advance((*table.prefix, table.options[index]))
        )
        await pilot.press(str(table.keys[index]))
        await settle(pilot)
        if table.confirming is not None:
            await pilot.press("enter")
            await settle(pilot)
        assert export_record(table.session.game)["rounds"][0]["actions"][0] == str(chosen)


def plain(renderable: object) -> str:
    """A renderable's text, as an 80-column terminal shows it."""
    console = Console(width=80, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize(
    ("lang", "not_held", "no_seat"),
    [
        (
            "en",
            "Not allowed: you do not hold the Prince (hand: the Baron, the Handmaid)",
            "Not allowed: there is no seat 7 at this table",
        ),
        (
            "fr",
            "Refusé\u00a0: vous n'avez pas le Prince (main\u00a0: le Baron, la Servante)",
            "Refusé\u00a0: il n'y a pas de siège 7 à cette table",
        ),
    ],
)
async def test_a_refusal_speaks_to_the_player_in_one_sentence(
    lang: str, not_held: str, no_seat: str
) -> None:
    seats = (SeatSetup("Ana"), SeatSetup("Bruno", "easy"))
    deck = ["guard"] * 4 + ["baron", "priest", "handmaid"]
    deck += ["guard", "priest", "baron", "handmaid", "prince", "prince", "king"]
    deck += ["countess", "princess"]
    app = stacked_app(seats, deck, lang=lang)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        await pilot.press("colon", *keys("prince 1"), "enter")
        await settle(pilot)
        text = " ".join(screen_text(pilot).split())
        assert not_held.replace("\u00a0", " ") in text.replace("\u00a0", " ")
        await pilot.press("escape", "colon", *keys("baron 7"), "enter")
        await settle(pilot)
        text = " ".join(screen_text(pilot).split())
        assert no_seat.replace("\u00a0", " ") in text.replace("\u00a0", " ")
