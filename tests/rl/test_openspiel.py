"""The OpenSpiel game: OpenSpiel's random simulation test, its ISMCTS bot, and
information states that hold only what a player may know."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import exploitability, ismcts, mcts
from open_spiel.python.policy import UniformRandomPolicy

from loveletter.engine import Game, LoveLetterError, build_view, export_record, load_record
from loveletter.rl import VARIANTS, ActionSpace, solve
from loveletter.rl.infostate import InfoStateEncoder
from loveletter.rl.openspiel_game import SHORT_NAME, LoveLetterState

from .helpers import TABLES, table_id


def load(edition: str, players: int, tokens_to_win: int = 0) -> pyspiel.Game:
    params = {"edition": edition, "players": players, "tokens_to_win": tokens_to_win}
    return pyspiel.load_game(SHORT_NAME, params)


def play_chance(state: pyspiel.State, rng: np.random.RandomState) -> None:
    while state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probabilities)))


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_random_sim_test(table: tuple[str, int]) -> None:
    edition, players = table
    tokens = 0 if players <= 4 else 2  # whole games; shorter ones for the big tables
    pyspiel.random_sim_test(
        load(edition, players, tokens), num_sims=2, serialize=True, verbose=False
    )


@pytest.mark.parametrize("edition", ["2019", "classic", "2019-classic", "premium", "princess"])
def test_games_and_states_serialize(edition: str) -> None:
    game = load(edition, 2)
    assert str(pyspiel.load_game(str(game))) == str(game)
    assert pickle.loads(pickle.dumps(game)).get_parameters() == game.get_parameters()
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(3):
        play_chance(state, rng)
        state.apply_action(int(rng.choice(state.legal_actions())))
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history()
    assert str(copy) == str(state)
    _, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert again.information_state_string(0) == state.information_state_string(0)


def test_the_default_edition_is_named_with_a_word() -> None:
    game = pyspiel.load_game(SHORT_NAME)
    assert str(game).startswith("python_loveletter(constable_when_knocked_out=False,")
    assert "edition=2019-edition," in str(game)
    assert load("2019", 2).get_parameters()["edition"] == "2019-edition"
    with pytest.raises(ValueError, match="unknown edition"):
        load("2020", 2)


def test_the_game_declares_its_shape() -> None:
    game = load("2019", 4)
    assert game.num_players() == 4
    assert game.num_distinct_actions() == len(ActionSpace.for_table("2019", 4))
    assert game.max_chance_outcomes() == 10
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.provides_information_state_tensor
    rounds = 4 * (4 - 1) + 1  # 4 tokens to win: every round of the game, each a token
    size = InfoStateEncoder.for_table("2019", 4, rounds).size
    assert game.information_state_tensor_size() == size
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    assert outcomes[1] == pytest.approx(6 / 21)  # a Guard on top of the shuffled deck
    assert sum(outcomes.values()) == pytest.approx(1)


def test_chance_deals_the_rounds_the_engine_plays() -> None:
    game = load("classic", 2)
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    play_chance(state, rng)
    assert isinstance(state, LoveLetterState)
    engine = state.engine
    assert engine.round == 1
    assert state.legal_actions() == sorted(state.legal_actions())
    legal = {state.action_to_string(a) for a in state.legal_actions()}
    assert legal == {str(a) for a in engine.legal_actions()}
    assert len(legal) == len(engine.legal_actions())


@pytest.mark.parametrize(("edition", "players"), [("classic", 2), ("2019", 3)])
def test_ismcts_plays_whole_games(edition: str, players: int) -> None:
    game = load(edition, players, tokens_to_win=1)
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=25,
        random_state=rng,
    )
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                play_chance(state, rng)
            else:
                state.apply_action(bot.step(state))
        returns = state.returns()
        assert max(returns) == 1.0
        assert sorted(set(returns)) in ([1.0], [-1.0, 1.0])


def states(edition: str, players: int, count: int, seed: int) -> list[LoveLetterState]:
    """Decision states along random games."""
    game = load(edition, players)
    rng = np.random.RandomState(seed)
    found: list[LoveLetterState] = []
    state = game.new_initial_state()
    while len(found) < count:
        if state.is_terminal():
            state = game.new_initial_state()
        play_chance(state, rng)
        if state.is_terminal():
            continue
        if rng.random_sample() < 0.3:
            found.append(state.clone())
        state.apply_action(int(rng.choice(state.legal_actions())))
    return found


@pytest.mark.parametrize(("edition", "players"), [("2019", 4), ("premium", 6), ("classic", 2)])
def test_resampled_worlds_look_the_same_to_the_player(edition: str, players: int) -> None:
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differ = 0
    for state in states(edition, players, count=60, seed=1):
        player = state.current_player()
        world = state.resample_from_infostate(player, sampler)
        assert isinstance(world, LoveLetterState)
        for seen in (state, world):
            assert seen.information_state_string(player) == state.information_state_string(player)
            assert seen.observation_tensor(player) == state.observation_tensor(player)
            assert seen.legal_actions() == state.legal_actions()
        assert world.engine.hands[player] == state.engine.hands[player]
        for seat in range(players):  # what every seat knows fits the sampled hands
            for holder, card in build_view(world.engine, seat)["known_hands"].items():
                assert card in world.engine.hands[int(holder)]
        record = export_record(world.engine)  # a real game: every round replays
        assert export_record(load_record(record)) == record
        differ += world.engine.deck != state.engine.deck
        world.apply_action(world.legal_actions()[0])  # the sampled world plays on
    assert differ > 20


def dealt(deck: list[str]) -> LoveLetterState:
    """A 2-player Classic game whose first round is ``deck`` (top first), seat 0 first."""
    game = load("classic", 2)
    state = game.new_initial_state()
    cards = list(Game("classic", 2, start=False).rules.values)
    assert isinstance(state, LoveLetterState)
    for card in deck:
        if len(state.deck) == len(deck):
            break  # the last cards were forced
        state.apply_action(cards.index(card))
    assert state.action_to_string(0) == "first 0"
    state.apply_action(0)  # seat 0 starts
    assert list(state.engine.history[0].deck) == deck
    return state


def test_information_states_hold_only_what_the_player_may_know() -> None:
    # top first: set-aside, 3 face up, seat 0's card, seat 1's card, then the pile
    deck = ["princess", "guard", "guard", "guard", "priest", "king", "baron", "handmaid"]
    deck += ["guard", "guard", "priest", "baron", "handmaid", "prince", "prince", "countess"]
    swapped = deck[:]
    swapped[0], swapped[5] = swapped[5], swapped[0]  # seat 1's card and the set-aside card
    one, other = dealt(deck), dealt(swapped)
    assert one.engine.hands[1] != other.engine.hands[1]
    assert one.information_state_string(0) == other.information_state_string(0)
    assert one.observation_string(0) == other.observation_string(0)
    assert one.observation_tensor(0) == other.observation_tensor(0)
    assert one.information_state_tensor(0) == other.information_state_tensor(0)
    assert one.information_state_tensor(1) != other.information_state_tensor(1)
    assert one.information_state_string(1) != other.information_state_string(1)
    text = one.information_state_string(0)
    assert text.startswith("seat 0 hand [priest baron]")
    assert "king" not in text  # seat 1's card
    assert "princess" not in text  # the set-aside card
    public = one.get_game().make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE)
    )
    spectator = public.string_from(one, 0)
    assert spectator.startswith("seat None hand []")
    assert "priest" not in spectator  # seat 0's cards


def test_every_table_option_is_a_parameter() -> None:
    params = {
        "edition": "classic",
        "players": 2,
        "tie_rule": "nobody",
        "face_up": False,
        "first_player": 1,
        "constable_when_knocked_out": True,
        "princess_beats_bishop": False,
        "zero_sum": True,
    }
    game = pyspiel.load_game(SHORT_NAME, params)
    assert pyspiel.load_game(str(game)).get_parameters() == game.get_parameters()
    state = game.new_initial_state()
    assert isinstance(state, LoveLetterState)
    play_chance(state, np.random.RandomState(0))
    options = state.engine.rules.options
    assert (options.tie_rule, options.face_up, options.first_player) == ("nobody", False, 1)
    assert options.constable_when_knocked_out
    assert not options.princess_beats_bishop
    assert state.engine.face_up == ()
    assert state.engine.active == 1
    with pytest.raises(LoveLetterError, match="tie_rule"):
        pyspiel.load_game(SHORT_NAME, {"tie_rule": "coin"})
    with pytest.raises(LoveLetterError, match="first_player"):
        pyspiel.load_game(SHORT_NAME, {"first_player": 2})


def test_zero_sum_returns_share_a_tie() -> None:
    game = pyspiel.load_game(
        SHORT_NAME, {"edition": "classic", "tokens_to_win": 1, "zero_sum": True}
    )
    rng = np.random.RandomState(5)
    seen = set()
    for _ in range(300):
        state = game.new_initial_state()
        while not state.is_terminal():
            play_chance(state, rng)
            if not state.is_terminal():
                state.apply_action(int(rng.choice(state.legal_actions())))
        assert sum(state.returns()) == 0
        seen.add(tuple(state.returns()))
    assert {(1.0, -1.0), (-1.0, 1.0)} <= seen


def test_exploitability_runs_on_a_small_variant_and_agrees_with_nash_conv() -> None:
    game = pyspiel.load_game(SHORT_NAME, VARIANTS["mini5"].params())
    uniform = exploitability.exploitability(game, UniformRandomPolicy(game))
    solved = solve.load_tree(solve.export_tree(game))
    assert 2 * uniform == pytest.approx(solve.nash_conv(solved, UniformRandomPolicy(solved)))
    assert uniform > 0.1


@pytest.mark.parametrize(
    ("params", "utility", "total"),
    [
        (VARIANTS["mini6"].params(), pyspiel.GameType.Utility.ZERO_SUM, 0.0),
        (VARIANTS["mini7"].params(), pyspiel.GameType.Utility.ZERO_SUM, 0.0),
        (
            {"edition": "2019", "players": 3, "tokens_to_win": 1, "zero_sum": True},
            pyspiel.GameType.Utility.ZERO_SUM,
            0.0,
        ),
        ({"edition": "classic", "tokens_to_win": 1}, pyspiel.GameType.Utility.GENERAL_SUM, None),
    ],
)
def test_the_game_type_says_what_the_returns_sum_to(
    params: dict[str, Any], utility: Any, total: float | None
) -> None:
    game = pyspiel.load_game(SHORT_NAME, params)
    assert game.get_type().utility == utility
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.utility_sum() == total
    if total is None:
        return
    rng = np.random.RandomState(2)
    for _ in range(100):
        state = game.new_initial_state()
        while not state.is_terminal():
            play_chance(state, rng)
            if not state.is_terminal():
                state.apply_action(int(rng.choice(state.legal_actions())))
        assert sum(state.returns()) == pytest.approx(total)
        assert all(-1.0 <= value <= 1.0 for value in state.returns())


def replayed(state: pyspiel.State) -> LoveLetterState:
    """A new game with ``state``'s history applied."""
    fresh = state.get_game().new_initial_state()
    for action in state.history():
        fresh.apply_action(action)
    assert isinstance(fresh, LoveLetterState)
    return fresh


def mid_deal(edition: str, players: int, count: int, seed: int) -> list[LoveLetterState]:
    """States whose next round's deck is being drawn (after the first round)."""
    rng = np.random.RandomState(seed)
    found = []
    for state in states(edition, players, count=3 * count, seed=seed):
        round_number = state.engine.round
        while not state.is_terminal() and state.engine.round == round_number:
            if state.is_chance_node():
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
        if state.is_chance_node() and round_number:
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
            found.append(state)
    return found[:count]


@pytest.mark.parametrize(("edition", "players"), [("classic", 2), ("2019", 4), ("premium", 5)])
def test_a_resampled_state_is_where_its_history_leads(edition: str, players: int) -> None:
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    chosen = states(edition, players, count=40, seed=3) + mid_deal(edition, players, 5, seed=4)
    assert any(state.is_chance_node() for state in chosen)
    for state in chosen:
        player = 0 if state.is_chance_node() else state.current_player()
        world = state.resample_from_infostate(player, sampler)
        again = replayed(world)
        assert str(again) == str(world)  # the whole engine state, hidden cards included
        assert (again.deck, again.engine.deck) == (world.deck, world.engine.deck)
        assert again.engine.hands == world.engine.hands
        assert again.engine.set_aside == world.engine.set_aside
        for seat in range(players):
            assert again.information_state_string(seat) == world.information_state_string(seat)
        assert again.information_state_tensor(player) == world.information_state_tensor(player)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.is_chance_node() == state.is_chance_node()
        assert len(world.deck) == len(state.deck)
