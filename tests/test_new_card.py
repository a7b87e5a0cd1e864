"""A made-up card in a made-up edition, played through everything that reads cards.

The card is given as a new card is given to the engine, and nothing else: its kind
(how it is played), its texts and its effect (:func:`register_card`), and a variant
edition whose deck holds it (:func:`register_edition`). The Confidant chooses another
player; the two then look at each other's hand. Everything else (notation, legal
actions, refusals, views, narration in English and French, records, the bots and their
hints, the three environments, the terminal's questions, the browser's catalogue and
its choices) reads those, so this file holds docs/architecture.md's list of what a new
card touches to the truth.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from loveletter.bots import make_bot
from loveletter.bots.hints import hint
from loveletter.engine import (
    EVERYONE,
    Action,
    CardKind,
    CardSpec,
    CardTexts,
    Choice,
    Edition,
    Game,
    IllegalActionError,
    build_view,
    describe_refusal,
    export_record,
    load_record,
    narrate,
    parse_action,
    read_action,
    register_card,
    register_edition,
    sample_world,
)
from loveletter.engine.card_texts import en, fr
from loveletter.engine.cards import CLASSIC_DECK
from loveletter.engine.grammar import Gender, typeset
from loveletter.server.catalogue import edition_info
from loveletter.simulation import play_game, play_random_game
from loveletter.tui.choices import ChoiceTree
from loveletter.tui.prompts import question
from loveletter.tui.render import Words

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "src" / "loveletter" / "server" / "static" / "js"
CARD = "confidant"
EDITION = "confidant-test"


def confide(game: Game, seat: int, action: Action) -> None:
    """The Confidant's effect: its player and the chosen player see each other's hand."""
    if not action.seats:  # nobody could be chosen (R11)
        return
    target = action.seats[0]
    game.log.append(("look", seat, target, game.hands[target][0]))
    game.log.append(("look", target, seat, game.hands[seat][0]))


KIND = CardKind(CARD, Choice.OTHER)
TEXTS = CardTexts(
    names={"standard": {"en": en("Confidant"), "fr": fr("Confident", "m")}},
    effects={
        "en": "Choose another player: you and they look at each other's hand in secret.",
        "fr": "Choisissez un autre joueur : vous regardez sa main en secret, et lui la vôtre.",
    },
)
#: The Classic deck with the two Handmaids replaced by two Confidants.
DECK = tuple(CardSpec(CARD, 4, 2) if spec.id == "handmaid" else spec for spec in CLASSIC_DECK)
VARIANT = Edition(
    id=EDITION,
    names={"en": "Confidants", "fr": "Confidents"},
    min_players=2,
    max_players=4,
    theme="standard",
    discard_tiebreak=True,
    twins_bonus=False,
    small_deck=DECK,
    tokens={2: 3, 3: 3, 4: 2},
)


@pytest.fixture(scope="module", autouse=True)
def confidant(restored_registries: None) -> None:
    """The card and its edition, registered for this module's tests."""
    register_card(KIND, TEXTS, confide)
    register_edition(VARIANT)


def stacked(*hands: str, players: int = 3) -> Game:
    """A game of the variant whose seats are dealt ``hands`` (seat 0 first, then the
    first draws), the rest of the deck in canonical order."""
    deck = list(VARIANT.cards(players))
    top = ["guard", *hands]  # the set-aside card, then the deals and the first draw
    for card in top:
        deck.remove(card)
    game = Game(EDITION, players, seed=1, start=False)
    game.next_round([*top, *deck], first=0)
    return game


def test_registering_it_again_does_nothing_and_a_taken_id_is_refused() -> None:
    register_card(KIND, TEXTS, confide)
    with pytest.raises(ValueError, match="taken"):
        register_card(CardKind("priest", Choice.OTHER), TEXTS, confide)
    with pytest.raises(ValueError, match="taken"):
        register_card(CardKind(CARD, Choice.ANY), TEXTS, confide)
    with pytest.raises(ValueError, match="taken"):
        register_card(CardKind("keep"), TEXTS, confide)
    with pytest.raises(ValueError, match="lower-case words"):
        register_card(CardKind("Herald 2"), TEXTS, confide)
    with pytest.raises(ValueError, match="standard name and effect in 'fr'"):
        register_card(
            CardKind("herald"),
            CardTexts({"standard": {"en": en("Herald")}}, {"en": "Heralds.", "fr": "Annonce."}),
            confide,
        )


def test_it_is_played_as_its_kind_says_and_its_effect_shows_both_hands() -> None:
    game = stacked(CARD, "baron", "prince", "king")  # Ana: the Confidant and the King
    assert "confidant 1" in game.legal_actions()
    assert {str(action) for action in game.legal_actions() if action.word == CARD} == {
        "confidant 1",
        "confidant 2",
    }
    with pytest.raises(IllegalActionError) as refused:
        game.apply("confidant 0")
    assert describe_refusal(refused.value, game) == "The Confidant must choose another player"
    game.apply("confidant 1")
    views = {seat: build_view(game, seat) for seat in (None, 0, 1, 2)}
    assert views[0]["known_hands"] == {"1": "baron"}
    assert views[1]["known_hands"] == {"0": "king"}
    assert views[2]["known_hands"] == {} == views[None]["known_hands"]
    looks = [event for event in views[2]["events"] if event["type"] == "look"]
    assert [(e["seat"], e["target"], e["card"]) for e in looks] == [(0, 1, None), (1, 0, None)]
    assert read_action("confident 2", VARIANT, "fr") == "confidant 2"


def test_its_story_is_told_in_english_and_french_to_every_reader() -> None:
    game = stacked(CARD, "baron", "prince", "king")
    game.apply("confidant 1")
    told = {
        (lang, viewer): game.narrate(viewer, lang)[-3:-1]
        for lang in ("en", "fr")
        for viewer in (0, 1, 2, EVERYONE)
    }
    assert told == {
        ("en", 0): [
            "You play the Confidant and choose Bruno.",
            "You see that Bruno holds the Baron.",
        ],
        ("en", 1): ["Ana plays the Confidant and chooses you.", "You see that Ana holds the King."],
        ("en", 2): ["Ana's turn: they draw a card.", "Ana plays the Confidant and chooses Bruno."],
        ("en", EVERYONE): [
            "Ana sees that Bruno holds the Baron.",
            "Bruno sees that Ana holds the King.",
        ],
        ("fr", 0): [
            "Vous jouez le Confident et choisissez Bruno.",
            "Vous voyez que Bruno a le Baron.",
        ],
        ("fr", 1): ["Ana joue le Confident et vous choisit.", "Vous voyez qu'Ana a le Roi."],
        ("fr", 2): [
            "Au tour d'Ana, qui pioche une carte.",
            "Ana joue le Confident et choisit Bruno.",
        ],
        ("fr", EVERYONE): ["Ana voit que Bruno a le Baron.", "Bruno voit qu'Ana a le Roi."],
    }


#: A card with no sentence of its own is told whom it chose, in every case a kind
#: allows: (its player is Ana, seat 0), the reader, the sentence in English and French.
CHOOSING = [
    (
        "mirror 0",
        None,
        "Ana plays the Mirror and chooses themselves.",
        "Ana joue le Miroir et se choisit.",
    ),
    (
        "mirror 0",
        0,
        "You play the Mirror and choose yourself.",
        "Vous jouez le Miroir et vous choisissez.",
    ),
    ("mirror 1", 1, "Ana plays the Mirror and chooses you.", "Ana joue le Miroir et vous choisit."),
    (
        "matchmaker 1 2",
        None,
        "Ana plays the Matchmaker and chooses Bruno and Chloé.",
        "Ana joue l'Entremetteur et choisit Bruno et Chloé.",
    ),
    (
        "matchmaker 1 2",
        0,
        "You play the Matchmaker and choose Bruno and Chloé.",
        "Vous jouez l'Entremetteur et choisissez Bruno et Chloé.",
    ),
    (
        "matchmaker 1 2",
        1,
        "Ana plays the Matchmaker and chooses you and Chloé.",
        "Ana joue l'Entremetteur et choisit Chloé et vous.",
    ),
    (
        "matchmaker 1 2",
        2,
        "Ana plays the Matchmaker and chooses Bruno and you.",
        "Ana joue l'Entremetteur et choisit Bruno et vous.",
    ),
    (
        "matchmaker 0 1",
        2,
        "Ana plays the Matchmaker and chooses themselves and Bruno.",
        "Ana joue l'Entremetteur et se choisit avec Bruno.",
    ),
    (
        "matchmaker 0 1",
        0,
        "You play the Matchmaker and choose yourself and Bruno.",
        "Vous jouez l'Entremetteur et vous choisissez avec Bruno.",
    ),
    (
        "matchmaker 0 1",
        1,
        "Ana plays the Matchmaker and chooses themselves and you.",
        "Ana joue l'Entremetteur et se choisit avec vous.",
    ),
]


@pytest.mark.parametrize(("action", "reader", "english", "french"), CHOOSING)
def test_a_card_with_no_sentence_of_its_own_is_told_whom_it_chose(
    action: str, reader: int | None, english: str, french: str
) -> None:
    for card, choice, name, nom in (
        ("mirror", Choice.ANY, "Mirror", "Miroir"),
        ("matchmaker", Choice.TWO, "Matchmaker", "Entremetteur"),
    ):
        texts = CardTexts({"standard": {"en": en(name), "fr": fr(nom, "m")}}, TEXTS.effects)
        register_card(CardKind(card, choice), texts, confide)
    play = ("play", 0, parse_action(action))
    names = ["Ana", "Bruno", "Chloé"]
    told = [narrate([play], VARIANT, names, reader, lang) for lang in ("en", "fr")]
    assert told == [[english], [french]]


def test_random_games_of_it_replay_from_their_records_and_are_told_whole() -> None:
    rng = random.Random(7)
    for players in (2, 3, 4):
        for _ in range(20):
            game = play_random_game(Game(EDITION, players, rng=rng), rng)
            replayed = load_record(json.loads(json.dumps(export_record(game))))
            assert replayed.result == game.result
            for lang in ("en", "fr"):
                assert game.narrate(EVERYONE, lang)
                assert game.narrate(0, lang)
    assert CARD in {
        card for log in game.round_logs for e in log if e[0] == "play" for card in [e[2].word]
    }


@pytest.mark.parametrize("levels", [("heuristic", "hard"), ("expert", "easy")])
def test_the_bots_play_it_in_whole_games(levels: tuple[str, str]) -> None:
    played = 0
    for seed in range(3):
        game = Game(EDITION, 2, seed=seed)
        bots = [make_bot(level) for level in levels]
        play_game(game, bots, [random.Random(seed), random.Random(-seed)], [[], []])
        assert game.is_over
        played += sum(e[0] == "play" and e[2].word == CARD for log in game.round_logs for e in log)
    assert played


def test_the_hint_speaks_of_it_in_both_languages() -> None:
    game = stacked(CARD, "baron", "prince", "princess")  # Ana: Confidant and Princess
    told = hint(build_view(game, 0))
    assert told.action == "confidant 2"
    assert told.reasons["en"].startswith("Play the Confidant on Chloé: you keep the Princess")
    assert told.reasons["fr"].startswith(
        "Jouez le Confident sur Chloé\u00a0: vous gardez la Princesse"
    )


@pytest.mark.parametrize(("lang", "asked"), [("en", "Confidant"), ("fr", "Confident")])
def test_the_terminal_game_asks_for_its_target(lang: str, asked: str) -> None:
    game = stacked(CARD, "baron", "prince", "king")
    view = build_view(game, 0)
    tree = ChoiceTree(view["legal_actions"])
    words = Words(game.edition, game.players, lang, 0)
    cards = question(view, words, tree, ())
    assert CARD in cards.tokens
    targets = question(view, words, tree, (CARD,))
    assert asked in targets.text
    assert targets.tokens == ["1", "2"]


# PettingZoo's api_test warns about any dict observations (as in tests/rl/test_pettingzoo.py).
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
def test_the_pettingzoo_and_gymnasium_environments_play_it() -> None:
    from pettingzoo.test import api_test

    from loveletter.rl import loveletter_v0
    from loveletter.rl.gym_env import LoveLetterEnv

    api_test(loveletter_v0.env(edition=EDITION, players=3), num_cycles=200)
    env = LoveLetterEnv(edition=EDITION, players=2, opponents="heuristic")
    _, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, done, _, info = env.step(action)
    assert CARD in {str(action) for action in env.space.actions}


def test_the_openspiel_game_plays_it() -> None:
    import pyspiel

    from loveletter.rl.openspiel_game import SHORT_NAME

    game = pyspiel.load_game(SHORT_NAME, {"edition": EDITION, "players": 2})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_the_browsers_catalogue_and_choices_offer_it() -> None:
    game = stacked(CARD, "baron", "prince", "king")
    for lang, name in (("en", "Confidant"), ("fr", "Confident")):
        info = edition_info(VARIANT, lang)
        (card,) = (card for card in info["decks"][0]["cards"] if card["id"] == CARD)
        assert (card["name"], card["chooses"], card["seats"], card["names"]) == (
            name,
            "other",
            [1],
            None,
        )
        assert card["effect"] == typeset(TEXTS.effects[lang], lang)
        assert info["decks"][0]["playing_cards"] == []
    node = shutil.which("node")
    assert node, "install Node first: apt-get install -y nodejs npm"
    script = f"""
        import {{ choiceStep }} from "{JS / "actions.js"}";
        import {{ Deck, emblemShapes }} from "{JS / "cards.js"}";
        const [edition, legal] = JSON.parse(process.argv[1]);
        const deck = new Deck(edition, 3);
        const step = choiceStep("play", deck, {{ word: "{CARD}", picks: [] }}, legal);
        const done = choiceStep("play", deck, {{ word: "{CARD}", picks: ["2"] }}, legal);
        const emblem = JSON.stringify(emblemShapes("{CARD}"));
        console.log(JSON.stringify({{ options: step.options, done: done.done,
            emblem: emblem !== "[]" && emblem === JSON.stringify(emblemShapes("unheard_of")) }}));
    """
    legal = [str(action) for action in game.legal_actions()]
    answer = subprocess.run(
        [
            node,
            "--input-type=module",
            "-e",
            script,
            json.dumps([edition_info(VARIANT, "en"), legal]),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    offered = json.loads(answer.stdout)
    assert offered == {"options": ["1", "2"], "done": "confidant 2", "emblem": True}


# -- cards of one's own that use the game's other effects ---------------------------------


def herald(game: Game, seat: int, action: Action) -> None:
    """The Herald: its player gains a token at once (the reason is the card's id)."""
    game.gain_token(seat, "herald")


def purge(game: Game, seat: int, action: Action) -> None:
    """The Purger: the chosen player discards their hand and draws another."""
    if action.seats:
        game.discard_and_draw(action.seats[0], "purger")


def house_texts(en_name: str, fr_name: str, gender: Gender) -> CardTexts:
    return CardTexts(
        {"standard": {"en": en(en_name), "fr": fr(fr_name, gender)}},
        {"en": f"The {en_name}'s effect.", "fr": f"L'effet : {fr_name}."},
    )


HOUSE_CARDS = (
    (CardKind("herald"), house_texts("Herald", "Messager", "m"), herald),
    (CardKind("purger", Choice.ANY), house_texts("Purger", "Purgeuse", "f"), purge),
    # A Baron of one's own: the engine's effect of cards that compare hands, as its kind says.
    (
        CardKind("duelist", Choice.OTHER, loses="lower"),
        house_texts("Duelist", "Duelliste", "f"),
        Game.compare_hands,
    ),
)
HOUSE = Edition(
    id="house-test",
    names={"en": "House rules", "fr": "Règles maison"},
    min_players=2,
    max_players=4,
    theme="standard",
    discard_tiebreak=True,
    twins_bonus=False,
    small_deck=tuple(
        CardSpec({"priest": "purger", "baron": "duelist", "handmaid": "herald"}[spec.id], *rest)
        if spec.id in ("priest", "baron", "handmaid")
        else spec
        for spec in CLASSIC_DECK
        for rest in [(spec.value, spec.count)]
    ),
    tokens={2: 4, 3: 3, 4: 3},
)


@pytest.fixture(scope="module")
def house(confidant: None) -> None:
    """The house cards and their edition, for the tests below."""
    for kind, texts, effect in HOUSE_CARDS:
        register_card(kind, texts, effect)
    register_edition(HOUSE)


@pytest.mark.usefixtures("house")
def test_a_card_of_ones_own_gives_tokens_discards_and_compares_as_the_editions_do() -> None:
    game = Game(HOUSE.id, ["Ana", "Bruno", "Chloé"], start=False)
    deck = list(HOUSE.cards(3))
    top = ["guard", "herald", "king", "prince", "duelist"]  # Ana: Herald, then Duelist
    for card in top:
        deck.remove(card)
    game.next_round([*top, *deck], first=0)
    game.apply("herald")
    assert game.tokens == [1, 0, 0]
    assert game.narrate(None)[-3:-1] == [
        "Ana plays the Herald.",
        "Ana gains a token for the Herald.",
    ]
    assert game.narrate(None, "fr")[-2] == "Ana gagne un jeton grâce au Messager."
    game.apply("guard 0 prince")  # Bruno misses
    game.apply("prince 0")  # Chloé: Ana discards the Duelist and draws
    assert game.narrate(1)[-3:-1] == ["Ana discards the Duelist.", "Ana draws a new card."]
    assert game.narrate(1, "fr")[-3] == "Ana défausse la Duelliste."


@pytest.mark.usefixtures("house")
def test_random_games_of_the_house_cards_are_told_encoded_and_sampled() -> None:
    from loveletter.rl.infostate import InfoStateEncoder

    rng = random.Random(11)
    seen: set[str] = set()
    for players in (2, 3, 4):
        encoder = InfoStateEncoder.for_table(HOUSE.id, players)
        for _ in range(15):
            game = Game(HOUSE.id, players, rng=rng)
            while not game.is_over:
                if game.to_move is None:
                    game.next_round()
                    continue
                for seat in range(players):
                    encoder.encode(game, seat)
                view = game.view(game.to_move)  # every fact read, and sampled back
                assert sample_world(view, rng).view(game.to_move) == view
                legal = game.legal_actions()
                game.apply(legal[int(rng.random() * len(legal))])
            seen.update(e[2].word for log in game.round_logs for e in log if e[0] == "play")
            assert load_record(export_record(game)).result == game.result
            for lang in ("en", "fr"):
                assert all(game.narrate(viewer, lang) for viewer in (EVERYONE, 0, None))
    assert {"herald", "purger", "duelist"} <= seen


@pytest.mark.usefixtures("house")
def test_the_bots_and_openspiel_play_the_house_cards() -> None:
    import pyspiel

    from loveletter.rl.openspiel_game import SHORT_NAME

    for seed in range(2):
        game = Game(HOUSE.id, 3, seed=seed)
        bots = [make_bot("expert"), make_bot("heuristic"), make_bot("hard")]
        play_game(game, bots, [random.Random(seed + s) for s in range(3)], [[], [], []])
        assert game.is_over
    spiel = pyspiel.load_game(SHORT_NAME, {"edition": HOUSE.id, "players": 3})
    pyspiel.random_sim_test(spiel, num_sims=2, serialize=False, verbose=False)
