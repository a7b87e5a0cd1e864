"""Love Letter as a Gymnasium environment: one agent, the other seats played by bots.

    import gymnasium
    import loveletter.rl  # registers loveletter/LoveLetter-v0

    env = gymnasium.make("loveletter/LoveLetter-v0", edition="2019", players=3,
                         opponents=["heuristic", "random"])
    observation, info = env.reset(seed=1)
    action = env.action_space.sample(info["action_mask"])

``info["action_mask"]`` and :meth:`LoveLetterEnv.action_masks` (what sb3-contrib's
MaskablePPO asks for) give the legal actions; the encodings are in ``docs/rl.md``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from loveletter.bots import Bot, make_bot
from loveletter.engine import Game, Options, build_view

from .actions import ActionSpace
from .observations import ObservationEncoder, Vector
from .pettingzoo_env import RewardMode, step_rewards, table_options
from .rendering import TextRenderer

OpponentSpec = str | Bot
#: Gymnasium's info dict, open by its API; ours holds "action_mask" and "view" (a
#: :class:`~loveletter.engine.View`), and "illegal_action" after an illegal action.
Info = dict[str, Any]


class LoveLetterEnv(gymnasium.Env[Vector, np.int64]):
    """One seat of a Love Letter table against bots.

    - ``edition``, ``players``, ``options``: the table (options as for the engine).
    - ``opponents``: a bot spec for :func:`loveletter.bots.make_bot` (``"random"``,
      ``"heuristic"``, ``"search"``, a level, ``"exec:COMMAND"``) or a bot object,
      either one for every other seat or a list with one per other seat (in seat
      order, skipping the agent's).
    - ``seat``: the agent's seat, or None for a random seat each game.
    - ``reward``: ``"game"`` (+1 if the agent wins the game, -1 otherwise, at the end)
      or ``"round"`` (the tokens the agent gains, when it gains them).
    - ``illegal_reward``: an illegal action ends the episode with this reward and
      ``info["illegal_action"] = True``.
    - ``render_mode``: ``"ansi"`` or ``"human"``: the agent's narration and the table.

    An episode is one whole game. ``info["view"]`` is the agent's raw engine view.
    """

    # Gymnasium's class attribute, typed by it.
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        edition: str = "2019",
        players: int = 2,
        opponents: OpponentSpec | Sequence[OpponentSpec] = "random",
        *,
        seat: int | None = 0,
        options: Options | Mapping[str, Any] | None = None,
        reward: RewardMode = "game",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        if reward not in ("game", "round"):
            raise ValueError(f"reward must be 'game' or 'round', not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be 0-{players - 1} or None")
        self.table_options = table_options(options)
        self.space = ActionSpace.for_table(edition, players)
        self.encoder = ObservationEncoder.for_table(edition, players)
        self.edition = self.space.edition
        self.players = players
        self.bots = _bots(opponents, players)
        self.fixed_seat = seat
        self.seat = seat or 0
        self.reward_mode: RewardMode = reward
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(len(self.space))
        self.observation_space = spaces.Box(
            low=np.zeros_like(self.encoder.high), high=self.encoder.high
        )
        self.game = Game(self.edition, players, options=self.table_options, start=False)
        self._bot_rng = random.Random()
        self._renderer = TextRenderer(self.game, self.seat)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, Info]:
        """Start a new game and play the bots up to the agent's first decision.

        ``options`` is Gymnasium's (its type too) and ignored: table options are given
        to the constructor.
        """
        super().reset(seed=seed)
        while True:
            if self.fixed_seat is None:
                self.seat = int(self.np_random.integers(self.players))
            self.game = Game(
                self.edition,
                self.players,
                options=self.table_options,
                rng=random.Random(int(self.np_random.integers(2**63))),
            )
            self._bot_rng = random.Random(int(self.np_random.integers(2**63)))
            for seat, bot in self._seated():
                bot.start(self.edition, self.players, seat)
            self._play_bots()
            if not self.game.is_over:  # a game can end before the agent's turn only
                break  # with a tiny threshold or 3 tokens from one round: deal again
        self._renderer = TextRenderer(self.game, self.seat)
        observation, info = self._observe()
        return observation, info

    def step(self, action: int | np.integer[Any]) -> tuple[Vector, float, bool, bool, Info]:
        """Play the agent's action (an index), then the bots up to the agent's next turn."""
        game = self.game
        if game.is_over:
            raise RuntimeError("the game is over: call reset()")
        chosen = self.space.action(int(action))
        if chosen not in game.legal_actions():
            observation, info = self._observe()
            info["illegal_action"] = True
            return observation, self.illegal_reward, True, False, info
        before = list(game.tokens)
        game.apply(chosen, seat=self.seat)
        self._play_bots()
        reward = step_rewards(game, before, self.reward_mode)[self.seat]
        observation, info = self._observe()
        if self.render_mode == "human":
            self.render()
        return observation, reward, game.is_over, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (for sb3-contrib's MaskablePPO)."""
        return self.space.legal_mask(self.game).astype(bool)

    def render(self) -> str | None:
        """The narration since the last call and the table (``ansi``), or print it."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; use 'ansi' or 'human'")
            return None
        text = self._renderer.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Release the bots (external programs)."""
        for bot in self.bots:
            bot.close()

    def _seated(self) -> list[tuple[int, Bot]]:
        seats = [seat for seat in range(self.players) if seat != self.seat]
        return list(zip(seats, self.bots, strict=True))

    def _play_bots(self) -> None:
        """Let the bots play (dealing new rounds) until the agent must decide."""
        game = self.game
        bots = dict(self._seated())
        while not game.is_over:
            seat = game.to_move
            if seat is None:
                game.next_round()
                continue
            if seat == self.seat:
                return
            legal = game.legal_actions()
            if len(legal) == 1:  # the host plays forced moves (bots choose among 2+)
                game.apply(legal[0], seat=seat)
            else:
                game.apply(bots[seat].choose(build_view(game, seat), self._bot_rng), seat=seat)
        for seat, bot in bots.items():
            bot.finish(build_view(game, seat))

    def _observe(self) -> tuple[Vector, Info]:
        view = build_view(self.game, self.seat)
        info = {"action_mask": self.space.legal_mask(self.game), "view": view}
        return self.encoder.encode(view), info


def _bots(opponents: OpponentSpec | Sequence[OpponentSpec], players: int) -> list[Bot]:
    specs: list[OpponentSpec]
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        specs = [opponents] * (players - 1)
    else:
        specs = list(opponents)
    if len(specs) != players - 1:
        raise ValueError(f"give one opponent or {players - 1}, not {len(specs)}")
    return [make_bot(spec) if isinstance(spec, str) else spec for spec in specs]
