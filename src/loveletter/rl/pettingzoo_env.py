"""Love Letter as a PettingZoo AEC environment: every seat is an agent.

    from loveletter.rl import loveletter_v0
    env = loveletter_v0.env(edition="2019", players=4)
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

The agent to act is always a seat with a decision: the env deals the next round
itself. Observations are ``{"observation", "action_mask"}`` (see ``docs/rl.md``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from loveletter.engine import Game, Options, get_edition

from .actions import ActionSpace
from .infostate import InfoStateEncoder
from .lazy import LazyDict, StepViews
from .observations import ObservationEncoder
from .rendering import RENDER_MODES, TextRenderer, check_render_mode

RewardMode = Literal["game", "round"]
Observation = dict[str, npt.NDArray[Any]]


#: The attributes PettingZoo's wrappers read from the env they wrap, by forwarding
#: (``__getattr__``, once per wrapper layer) on every read.
MIRRORED = frozenset(
    {
        "agent_selection",
        "agents",
        "terminations",
        "truncations",
        "rewards",
        "infos",
        "_cumulative_rewards",
    }
)


def env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """The environment with PettingZoo's usual wrappers (illegal moves end the game)."""
    raw = raw_env(**kwargs)
    illegal = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    bounds = wrappers.AssertOutOfBoundsWrapper(illegal)
    ordered = wrappers.OrderEnforcingWrapper(bounds)
    raw.mirror_to([illegal, bounds, ordered])
    return ordered


def table_players(edition: str, players: int | None, default: int = 4) -> int:
    """``players``, or when None ``default`` brought within what the edition seats
    (the small variants are for 2)."""
    if players is not None:
        return players
    known = get_edition(edition)
    return min(max(default, known.min_players), known.max_players)


def table_options(options: Options | Mapping[str, Any] | None) -> Options:
    """Table options from an :class:`Options` or its JSON form."""
    return options if isinstance(options, Options) else Options.from_dict(options)


def step_rewards(game: Game, before: list[int], mode: RewardMode) -> list[float]:
    """Each seat's reward for the last step: tokens gained (``round``), or +1 for a
    game winner and -1 for every other seat when the game ends (``game``)."""
    if mode == "round":
        return [float(now - then) for now, then in zip(game.tokens, before, strict=True)]
    if not game.is_over:
        return [0.0] * game.seat_count
    return [1.0 if seat in game.winners else -1.0 for seat in range(game.seat_count)]


class raw_env(AECEnv[str, Observation, int]):  # type: ignore[misc]  # noqa: N801 - PettingZoo's name
    """Love Letter for ``players`` agents ``player_0`` … (seat order).

    - ``edition``, ``players``: the table; ``options``: table options (engine
      :class:`~loveletter.engine.Options` or its JSON form).
    - ``reward``: ``"game"`` (+1 to each winner, -1 to the others, when the game ends)
      or ``"round"`` (the tokens each seat gains, when it gains them).
    - ``render_mode``: ``"ansi"`` (``render()`` returns the text) or ``"human"``
      (printed after every step); the text is the spectator's narration.
    - ``observation``: ``"view"`` (:class:`ObservationEncoder`'s summary of the view)
      or ``"history"`` (:class:`~loveletter.rl.infostate.InfoStateEncoder`'s
      perfect-recall vector of the round).

    ``infos[agent]["view"]`` is the raw engine view of the agent to act (and of every
    agent once the game is over), built when first read (:mod:`loveletter.rl.lazy`:
    read later, it is still the view of its step); ``views=False`` leaves infos empty
    (observations are read from the game directly either way).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class attribute, its type
        "render_modes": list(RENDER_MODES),
        "name": "loveletter_v0",
        "is_parallelizable": False,
    }
    _mirrors: tuple[AECEnv[str, Observation, int], ...] = ()

    def __init__(
        self,
        edition: str = "2019",
        players: int | None = None,
        *,
        options: Options | Mapping[str, Any] | None = None,
        reward: RewardMode = "game",
        views: bool = True,
        observation: Literal["view", "history"] = "view",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if observation not in ("view", "history"):
            raise ValueError(f"observation must be 'view' or 'history', not {observation!r}")
        if reward not in ("game", "round"):
            raise ValueError(f"reward must be 'game' or 'round', not {reward!r}")
        check_render_mode(render_mode)
        self.table_options = table_options(options)
        players = table_players(edition, players)
        self.space = ActionSpace.for_table(edition, players)
        self.encoder = ObservationEncoder.for_table(edition, players)
        self.history = (
            InfoStateEncoder.for_table(edition, players) if observation == "history" else None
        )
        high = self.encoder.high if self.history is None else self.history.high
        self.edition = self.space.edition
        self.reward_mode: RewardMode = reward
        self.views = views
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        self.action_spaces = {
            agent: spaces.Discrete(len(self.space)) for agent in self.possible_agents
        }
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=np.zeros_like(high), high=high),
                    "action_mask": spaces.Box(0, 1, (len(self.space),), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._rng: random.Random | None = None
        self._step_views = StepViews()
        self.game = Game(self.edition, players, options=self.table_options, start=False)
        self._renderer = TextRenderer(self.game)

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name in MIRRORED:
            for wrapper in self._mirrors:
                wrapper.__dict__[name] = value

    def mirror_to(self, wrappers: list[AECEnv[str, Observation, int]]) -> None:
        """Set each of :data:`MIRRORED` on ``wrappers`` too whenever it is set here, so
        that reading it through them finds it at once (the same object, not a copy).

        Nothing is copied now: before the first ``reset`` the wrappers still forward
        (and ``OrderEnforcingWrapper`` still refuses) as they would.
        """
        self._mirrors = tuple(wrappers)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space (the same object every call)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` seeds it and the games after it.

        ``options`` is accepted for the API (its type too) and ignored: table options are
        given to the constructor.
        """
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        players = len(self.possible_agents)
        self.game = Game(self.edition, players, options=self.table_options, rng=self._rng)
        self._renderer = TextRenderer(self.game)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._select()

    def observe(self, agent: str) -> Observation:
        """The agent's observation vector and its action mask (zeros if not to act)."""
        seat = self.possible_agents.index(agent)
        if seat == self.game.to_move:
            mask = self.space.legal_mask(self.game)
        else:
            mask = np.zeros(len(self.space), dtype=np.int8)
        if self.history is not None:
            vector = self.history.encode(self.game, seat)
        else:
            vector = self.encoder.encode_game(self.game, seat)
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (an index); raises ValueError if illegal."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for finished agents")
        game = self.game
        before = list(game.tokens)
        game.apply(self.space.action(int(action)), seat=self.possible_agents.index(agent))
        if game.to_move is None and not game.is_over:
            game.next_round()
        self._cumulative_rewards[agent] = 0.0
        rewards = step_rewards(game, before, self.reward_mode)
        self.rewards = dict(zip(self.possible_agents, rewards, strict=True))
        self._select()
        self._accumulate_rewards()
        self._renderer.after_step(self.render_mode)

    def render(self) -> str | None:
        """The narration since the last call and the table (``ansi``), or print it."""
        return self._renderer.render_for(self.render_mode)

    def close(self) -> None:
        """Nothing to release."""

    def _view_info(self, agent: str) -> dict[str, Any]:
        """``{"view": the agent's view now}``, the view built when first read."""
        view = self._step_views.later(self.game, self.possible_agents.index(agent))
        return LazyDict(("view",), lambda: {"view": view()})

    def _select(self) -> None:
        """After a change: the agent to act, terminations and infos."""
        game = self.game
        if game.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos = {
                agent: self._view_info(agent) if self.views else {} for agent in self.agents
            }
            return
        seat = game.to_move
        assert seat is not None  # rounds are dealt as soon as they end
        self.agent_selection = self.possible_agents[seat]
        self.infos = {agent: {} for agent in self.agents}
        if self.views:
            self.infos[self.agent_selection] = self._view_info(self.agent_selection)
