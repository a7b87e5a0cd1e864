"""Exact solving of the small variants: the whole game tree for OpenSpiel's C++ solvers.

The Python game is walked once and written out in Gambit's extensive-form format
(``.efg``), which OpenSpiel loads as a C++ game (``pyspiel.load_efg_game``): the same
tree (every deal, every decision, the exact chance probabilities), each information
set named ``P<player>-<number>`` for one information-state string of the Python game.
OpenSpiel's CFR and best responses then run at C++ speed. A built-in bot becomes an
OpenSpiel policy by asking it at every information set (:func:`bot_policy`): exactly
where it tells its distribution (the random and heuristic bots), otherwise from seeded
decisions, whose NashConv :func:`bot_nash_conv` gives with a bootstrap interval; what
the best player there can be wins against it is :func:`best_response_value`.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import best_response, expected_game_score, exploitability

from loveletter.bots import KnownPolicy, make_bot
from loveletter.engine import build_view

from .openspiel_game import LoveLetterState


@dataclass
class Tree:
    """A game tree exported to ``.efg`` text, and a state of each information set."""

    efg: str
    states: dict[str, LoveLetterState] = field(default_factory=dict)
    histories: int = 0
    terminals: int = 0

    def infosets(self, player: int) -> int:
        """How many information sets ``player`` has."""
        return sum(name.startswith(f"P{player}-") for name in self.states)


def export_tree(game: pyspiel.Game) -> Tree:
    """Walk the whole tree of ``game`` (small games only) into a :class:`Tree`."""
    players = game.num_players()
    names: dict[tuple[int, str], str] = {}
    tree = Tree("")
    lines = [
        'EFG 2 R "{}" {{ {} }}'.format(game, " ".join(f'"{p}"' for p in range(players))),
    ]
    chance_sets = 0
    counts = [0] * players

    def walk(state: LoveLetterState) -> None:
        nonlocal chance_sets
        tree.histories += 1
        if state.is_terminal():
            tree.terminals += 1
            payoffs = " ".join(repr(float(value)) for value in state.returns())
            lines.append(f't "" {tree.terminals} "" {{ {payoffs} }}')
            return
        if state.is_chance_node():
            chance_sets += 1
            outcomes = state.chance_outcomes()
            choices = " ".join(f'"{action}" {probability!r}' for action, probability in outcomes)
            lines.append(f'c "" {chance_sets} "" {{ {choices} }} 0')
            for action, _ in outcomes:
                walk(state.child(action))
            return
        player = state.current_player()
        key = (player, state.information_state_string(player))
        name = names.get(key)
        if name is None:
            counts[player] += 1
            name = names[key] = f"P{player}-{counts[player]}"
            tree.states[name] = state
        number = int(name.split("-")[1])
        actions = state.legal_actions()
        labels = " ".join(f'"{state.action_to_string(player, a)}"' for a in actions)
        lines.append(f'p "" {player + 1} {number} "{name}" {{ {labels} }} 0')
        for action in actions:
            walk(state.child(action))

    walk(game.new_initial_state())
    tree.efg = "\n".join(lines) + "\n"
    return tree


def estimate_size(game: pyspiel.Game, samples: int, seed: int = 0) -> tuple[float, float]:
    """Knuth's unbiased estimate of a tree too big to walk: (histories, terminal
    histories), averaged over ``samples`` paths that pick every child uniformly and
    weigh each node by the product of the branching factors above it."""
    rng = random.Random(seed)
    histories = terminals = 0.0
    for _ in range(samples):
        state, weight = game.new_initial_state(), 1.0
        histories += 1.0
        while not state.is_terminal():
            children = (
                [action for action, _ in state.chance_outcomes()]
                if state.is_chance_node()
                else state.legal_actions()
            )
            weight *= len(children)
            histories += weight
            state.apply_action(rng.choice(children))
        terminals += weight
    return histories / samples, terminals / samples


def load_tree(tree: Tree) -> pyspiel.Game:
    """The exported tree as OpenSpiel's C++ extensive-form game."""
    return pyspiel.load_efg_game(tree.efg)


def cfr_curve(
    solved: pyspiel.Game, iterations: int, points: int = 30
) -> Iterator[tuple[int, float, Any]]:
    """Run OpenSpiel's CFR on ``solved``; yield (iteration, NashConv of the average
    policy, the average policy) at about ``points`` iterations spaced geometrically.
    The policy is valid while the generator runs (it reads the solver's tables)."""
    solver = pyspiel.CFRSolver(solved)
    marks = sorted({round(iterations ** (i / (points - 1))) for i in range(points)})
    done = 0
    for mark in marks:
        while done < mark:
            solver.evaluate_and_update_policy()
            done += 1
        average = solver.average_policy()
        yield done, pyspiel.nash_conv(solved, average), average


#: A policy as rows: {information-state string of the ``.efg`` game: {action in
#: notation: probability}}, forced moves left out.
Rows = dict[str, dict[str, float]]
#: A bot's sampled decisions: {information-state string of the ``.efg`` game: the
#: actions, in notation, its seeded decisions chose there}.
Decisions = dict[str, list[str]]


@dataclass(frozen=True)
class BotNashConv:
    """A bot's NashConv: exact (``low == value == high``) where its policy is known
    (:class:`~loveletter.bots.KnownPolicy`), otherwise measured on the shares of
    ``seeds`` decisions per information set, with a bootstrap interval."""

    spec: str
    value: float
    low: float
    high: float
    exact: bool
    seeds: int


def bot_policy(
    solved: pyspiel.Game, tree: Tree, spec: str, seeds: int = 8
) -> policy_lib.TabularPolicy:
    """The bot ``spec`` as a policy of ``solved``: exact where the bot tells its
    distribution (:func:`exact_rows`), otherwise the shares of ``seeds`` seeded
    decisions per information set (:func:`sample_decisions`); forced moves are played
    for it, as hosts do."""
    rows = exact_rows(solved, tree, spec)
    if rows is None:
        rows = shares(sample_decisions(solved, tree, spec, seeds))
    return tabular(solved, rows)


def _decisions(solved: pyspiel.Game, tree: Tree) -> Iterator[tuple[str, LoveLetterState]]:
    """(information-state string of the ``.efg`` game, a state of the Python game) of
    every information set with a choice (two legal actions or more)."""
    for efg_state in policy_lib.TabularPolicy(solved).states:
        if len(efg_state.legal_actions()) > 1:
            key = efg_state.information_state_string()
            yield key, tree.states[_name(key)]


def exact_rows(solved: pyspiel.Game, tree: Tree, spec: str) -> Rows | None:
    """The bot's exact distribution at every information set with a choice, or None if
    it does not tell it (it is no :class:`~loveletter.bots.KnownPolicy`)."""
    if not isinstance(make_bot(spec), KnownPolicy):
        return None
    rows: Rows = {}
    for key, state in _decisions(solved, tree):
        bot = make_bot(spec)
        assert isinstance(bot, KnownPolicy)
        rows[key] = bot.distribution(build_view(state.engine, state.current_player()))
    return rows


def sample_decisions(solved: pyspiel.Game, tree: Tree, spec: str, seeds: int) -> Decisions:
    """``seeds`` decisions of the bot at every information set with a choice, its random
    generator seeded from the information set and the seed."""
    decisions: Decisions = {}
    for key, state in _decisions(solved, tree):
        player = state.current_player()
        view = build_view(state.engine, player)
        name = _name(key)
        decisions[key] = []
        for seed in range(seeds):
            bot = make_bot(spec)
            bot.start(view["edition"], len(view["players"]), player)
            rng = random.Random(zlib.crc32(f"{name} {seed}".encode()))
            decisions[key].append(bot.choose(view, rng))
            bot.close()
    return decisions


def shares(decisions: Decisions) -> Rows:
    """Each action's share of the decisions, per information set."""
    return {
        key: {text: n / len(chosen) for text, n in Counter(chosen).items()}
        for key, chosen in decisions.items()
    }


def tabular(solved: pyspiel.Game, rows: Rows) -> policy_lib.TabularPolicy:
    """``rows`` as a policy of ``solved``, a forced move played with probability 1."""
    table = policy_lib.TabularPolicy(solved)
    for efg_state in table.states:
        key = efg_state.information_state_string()
        row = table.policy_for_key(key)
        row[:] = 0.0
        legal = efg_state.legal_actions()
        if len(legal) == 1:
            row[legal[0]] = 1.0
            continue
        for action in legal:
            row[action] = rows[key].get(efg_state.action_to_string(action), 0.0)
    return table


def bootstrap(
    solved: pyspiel.Game, decisions: Decisions, resamples: int, seed: int = 0
) -> tuple[float, float]:
    """The 2.5 and 97.5 percentiles of NashConv over ``resamples`` policies, each the
    shares of the decisions drawn again with replacement at every information set."""
    rng = random.Random(seed)
    values = []
    for _ in range(resamples):
        drawn = {key: rng.choices(chosen, k=len(chosen)) for key, chosen in decisions.items()}
        values.append(nash_conv(solved, tabular(solved, shares(drawn))))
    low, high = np.percentile(values, [2.5, 97.5])
    return float(low), float(high)


def bot_nash_conv(
    solved: pyspiel.Game, tree: Tree, spec: str, seeds: int = 8, resamples: int = 20
) -> tuple[BotNashConv, policy_lib.TabularPolicy]:
    """The bot's NashConv, exact if it tells its policy, otherwise on ``seeds`` decisions
    per information set with a bootstrap interval of ``resamples`` resamples (none,
    ``low == high``, for one decision per information set); and the policy measured.
    The estimate is biased upward for a stochastic bot: few samples make it look more
    deterministic than it is."""
    rows = exact_rows(solved, tree, spec)
    if rows is not None:
        policy = tabular(solved, rows)
        value = nash_conv(solved, policy)
        return BotNashConv(spec, value, value, value, True, 0), policy
    decisions = sample_decisions(solved, tree, spec, seeds)
    policy = tabular(solved, shares(decisions))
    value = nash_conv(solved, policy)
    if resamples and seeds > 1:  # one decision drawn again is the same decision
        low, high = bootstrap(solved, decisions, resamples)
    else:
        low = high = value
    return BotNashConv(spec, value, low, high, False, seeds), policy


def policy_table(solved: pyspiel.Game, tree: Tree, policy: Any) -> dict[str, dict[str, float]]:
    """A policy of ``solved`` as ``{information-state string of the Python game: {action
    in notation: probability}}``, for :class:`~loveletter.rl.policy_bot.TableBot`."""
    table: dict[str, dict[str, float]] = {}
    for efg_state in policy_lib.TabularPolicy(solved).states:
        state = tree.states[_name(efg_state.information_state_string())]
        text = state.information_state_string(state.current_player())
        table[text] = {
            efg_state.action_to_string(action): float(probability)
            for action, probability in policy.action_probabilities(efg_state).items()
        }
    return table


def _name(key: str) -> str:
    """The information set's name in an information-state string of the ``.efg`` game
    (``"<player>-...-<set number>-<name>"``)."""
    return key.rsplit("-", 2)[-2] + "-" + key.rsplit("-", 1)[-1]


def nash_conv(solved: pyspiel.Game, policy: policy_lib.Policy) -> float:
    """The NashConv of a policy of ``solved``: the sum over players of what a best
    response to the others gains over the policy (0 at a Nash equilibrium)."""
    return float(exploitability.nash_conv(solved, policy))


def value_against(
    solved: pyspiel.Game, policy: policy_lib.Policy, opponent: policy_lib.Policy, seat: int
) -> float:
    """The expected return (-1 to 1) of ``policy`` playing ``seat`` of a two-player
    ``solved`` game against ``opponent`` in the other seat."""
    policies = [opponent, opponent]
    policies[seat] = policy
    return float(expected_game_score.policy_value(solved.new_initial_state(), policies)[seat])


def best_response_value(solved: pyspiel.Game, opponent: policy_lib.Policy, seat: int) -> float:
    """The expected return (-1 to 1) of the best response to ``opponent`` in ``seat`` of a
    two-player ``solved`` game: the most any player there can win against it."""
    response = best_response.BestResponsePolicy(solved, seat, opponent)
    return float(response.value(solved.new_initial_state()))
