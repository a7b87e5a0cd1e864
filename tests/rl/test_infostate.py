"""The perfect-recall information-state tensor: the same tensor iff the same
information-state string, a fixed size that every round fits in."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from loveletter.engine import Game
from loveletter.rl.infostate import InfoStateEncoder, slots_for
from loveletter.rl.openspiel_game import LoveLetterState

from .helpers import TABLES, positions, table_id
from .test_openspiel import dealt, load, play_chance, replayed


def pairs(game: pyspiel.Game, count: int, seed: int) -> list[tuple[pyspiel.State, pyspiel.State]]:
    """Pairs of close states along random games: a state and a world resampled for
    the player to move (the same to it, not to the others), and two children of the
    state by different actions."""
    rng = np.random.RandomState(seed)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    found: list[tuple[pyspiel.State, pyspiel.State]] = []
    state = game.new_initial_state()
    while len(found) < count:
        if state.is_terminal():
            state = game.new_initial_state()
        play_chance(state, rng)
        if state.is_terminal():
            continue
        found.append(
            (state.clone(), state.resample_from_infostate(state.current_player(), sampler))
        )
        legal = state.legal_actions()
        if len(legal) > 1:
            one, other = rng.choice(legal, size=2, replace=False)
            found.append((state.child(int(one)), state.child(int(other))))
        state.apply_action(int(rng.choice(legal)))
    return found


def own_record(state: pyspiel.State, seat: int) -> list[tuple[str, int | None]]:
    """What ``seat`` observed at each of its decisions along ``state``'s history, with
    the action it took, and what it observes now."""
    record: list[tuple[str, int | None]] = []
    walk = state.get_game().new_initial_state()
    for action in state.history():
        if walk.current_player() == seat:
            record.append((walk.observation_string(seat), action))
        walk.apply_action(action)
    return [*record, (walk.observation_string(seat), None)]


@pytest.mark.parametrize(
    ("edition", "players", "tokens", "count"),
    [
        ("classic", 2, 1, 800),
        ("2019", 2, 1, 800),
        ("2019", 4, 1, 800),
        ("premium", 5, 1, 800),
        ("classic", 2, 3, 300),  # several rounds: earlier ones are in the tensor too
        ("2019", 3, 2, 200),
    ],
)
def test_same_tensor_iff_same_information_state(
    edition: str, players: int, tokens: int, count: int
) -> None:
    game = load(edition, players, tokens_to_win=tokens)
    size = game.information_state_tensor_size()
    by_string: dict[str, bytes] = {}
    by_tensor: dict[bytes, str] = {}
    same = differ = rounds = 0
    for pair in pairs(game, count=count, seed=players):
        rounds = max(rounds, *(len(state.engine.round_logs) for state in pair))
        for seat in range(players):
            texts, keys = [], []
            for state in pair:
                tensor = np.asarray(state.information_state_tensor(seat), dtype=np.float32)
                assert tensor.shape == (size,)
                texts.append(state.information_state_string(seat))
                keys.append(tensor.tobytes())
            assert (texts[0] == texts[1]) == (keys[0] == keys[1]), texts
            same += texts[0] == texts[1]
            differ += texts[0] != texts[1]
            if texts[0] == texts[1] and tokens > 1:  # perfect recall: its own past
                assert own_record(pair[0], seat) == own_record(pair[1], seat)
            for text, key in zip(texts, keys, strict=True):
                assert by_string.setdefault(text, key) == key, text
                assert by_tensor.setdefault(key, text) == text, text
    assert same > count * 3 // 8
    assert differ > count * 3 // 8
    assert rounds > 1 if tokens > 1 else rounds == 1


def deal(state: LoveLetterState, deck: list[str]) -> None:
    """Deal the next round's ``deck`` (top first) at ``state``'s chance nodes."""
    cards = list(state.engine.rules.values)
    for card in deck:
        if not state.is_chance_node() or len(state.deck) == len(deck):
            break  # the rest was forced
        state.apply_action(cards.index(card))


def test_earlier_rounds_are_in_the_tensor() -> None:
    """Two first rounds that end with the same tokens, then the same second deal: the
    players saw different first rounds, and their tensors say so."""
    first = ["princess", "guard", "guard", "guard", "priest", "king", "baron", "handmaid"]
    first += ["guard", "guard", "priest", "baron", "handmaid", "prince", "prince", "countess"]
    second = first[::-1]
    ended: dict[tuple[int, ...], LoveLetterState] = {}
    rng = np.random.RandomState(0)
    for _ in range(200):
        state = dealt(first)
        while not state.is_chance_node():
            state.apply_action(int(rng.choice(state.legal_actions())))
        other = ended.setdefault(tuple(state.engine.tokens), state)
        if other.information_state_string(1) != state.information_state_string(1):
            break
    else:
        raise AssertionError("no two first rounds with the same tokens")
    for one in (state, other):
        deal(one, second)
        while one.is_chance_node():  # several seats may start (a tie): seat 0
            one.apply_action(0)
    assert state.engine.round == other.engine.round == 2
    assert state.engine.hands == other.engine.hands
    for seat in (0, 1):
        assert state.information_state_string(seat) != other.information_state_string(seat)
        assert state.information_state_tensor(seat) != other.information_state_tensor(seat)
        again = replayed(state)
        assert again.information_state_tensor(seat) == state.information_state_tensor(seat)


def test_the_header_and_a_spectator() -> None:
    game = Game("classic", 2, seed=3)
    encoder = InfoStateEncoder.for_table("classic", 2)
    seat = game.to_move
    assert seat is not None
    mine = encoder.encode(game, seat)
    assert mine[seat] == 1
    assert mine[:2].sum() == 1
    hand = mine[2 : 2 + len(encoder.cards)]
    assert hand.sum() == 2 == len(game.hands[seat])
    spectator = encoder.encode(game, None)
    assert spectator[: 2 + len(encoder.cards)].sum() == 0
    assert mine.sum() > spectator.sum()  # the cards it was dealt and drew


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_every_round_fits_the_slots(table: tuple[str, int]) -> None:
    edition, players = table
    encoder = InfoStateEncoder.for_table(edition, players)
    longest = 0
    for game in positions(edition, players, games=60, seed=7, share=0.05):
        longest = max(longest, len(game.round_logs[-1]))
        assert encoder.encode(game, game.to_move).shape == (encoder.size,)
    assert longest + 10 <= encoder.slots == slots_for(Game(edition, players).rules)


def test_an_encoder_of_several_rounds_holds_each_in_its_place() -> None:
    rng = np.random.RandomState(1)
    game = Game("classic", 2, seed=5)
    while game.round < 3:
        if game.to_move is None:
            game.next_round()
        else:
            game.apply(game.legal_actions()[rng.randint(len(game.legal_actions()))])
    one, three = (InfoStateEncoder.for_table("classic", 2, rounds) for rounds in (1, 3))
    block = one.slots * one.width
    assert three.size == one.header + 3 * block
    current = one.encode(game, 0)
    every = three.encode(game, 0)
    assert np.array_equal(every[: one.header], current[: one.header])
    assert np.array_equal(every[one.header + 2 * block :], current[one.header :])
    assert every[one.header : one.header + 2 * block].any()  # rounds 1 and 2
    assert three.high.shape == (three.size,)
    with pytest.raises(ValueError, match="3 rounds: more than 2"):
        InfoStateEncoder.for_table("classic", 2, 2).encode(game, 0)
