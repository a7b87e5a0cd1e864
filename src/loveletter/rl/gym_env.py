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
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from loveletter.bots import BaseBot, Bot, RandomBot, make_bot
from loveletter.engine import Game, Options, View, build_view

from .actions import ActionSpace
from .infostate import InfoStateEncoder
from .lazy import StepViews
from .observations import ObservationEncoder, Vector
from .pettingzoo_env import RewardMode, step_rewards, table_options
from .policy_bot import PolicyBot
from .rendering import RENDER_MODES, TextRenderer, check_render_mode

#: A bot spec, a bot, or a policy: (observation, mask) -> action index, given the
#: opponent's own observation and mask in the env's encoding (self-play).
OpponentSpec = str | Bot | Callable[[Vector, npt.NDArray[np.int8]], int]
#: Gymnasium's info dict, open by its API; ours holds "action_mask" and "view" (a
#: :class:`ViewInfo`), and "illegal_action" after an illegal action.
Info = dict[str, Any]


class ViewInfo(Mapping[str, Any]):
    """The agent's engine view, read-only, as ``info["view"]``.

    Not a ``dict`` on purpose: Gymnasium's vector envs merge the ``dict`` values of
    infos field by field into arrays, which fails for a view (a field is None in one
    game and a number or a dict in another); any other object is kept whole.
    ``.view`` is the :class:`~loveletter.engine.View` itself; :meth:`later` builds it
    on first use. Copies and pickles hold the view.
    """

    __slots__ = ("_build", "_view")

    def __init__(self, view: View) -> None:
        self._view: View | None = view
        self._build: Callable[[], View] | None = None

    @classmethod
    def later(cls, build: Callable[[], View]) -> ViewInfo:
        """The info of the view ``build()`` returns, called when first read."""
        info = cls.__new__(cls)
        info._view, info._build = None, build
        return info

    @property
    def view(self) -> View:
        """The engine view."""
        if self._view is None:
            assert self._build is not None  # set whenever the view is not
            self._view, self._build = self._build(), None
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self.view[key]  # type: ignore[literal-required]

    def __iter__(self) -> Iterator[str]:
        return iter(self.view)

    def __len__(self) -> int:
        return len(self.view)

    def __repr__(self) -> str:
        return f"ViewInfo({self.view!r})"

    def __reduce__(self) -> tuple[type[ViewInfo], tuple[View]]:
        return ViewInfo, (self.view,)


class LoveLetterEnv(gymnasium.Env[Vector, np.int64]):
    """One seat of a Love Letter table against bots.

    - ``edition``, ``players``, ``options``: the table (options as for the engine).
    - ``opponents``: a bot spec for :func:`loveletter.bots.make_bot` (``"random"``,
      ``"heuristic"``, ``"search"``, a level, ``"exec:COMMAND"``), a bot object (a
      saved policy: :func:`~loveletter.rl.policy_bot.load_policy`) or a policy
      callable ``(observation, mask) -> index`` seeing that seat as the agent sees
      its own (self-play); either one for every other seat or a list with one per
      other seat (in seat order, skipping the agent's).
    - ``relative_seats``: observations and actions number seats from the agent's
      (:meth:`ActionSpace.relative`), so that one policy plays every seat.
    - ``views``: whether ``info["view"]`` holds the agent's raw view (built when
      first read, still the view of its step if read later; observations are read
      from the game directly either way).
    - ``observation``: ``"view"`` (:class:`ObservationEncoder`'s summary) or
      ``"history"`` (:class:`~loveletter.rl.infostate.InfoStateEncoder`'s
      perfect-recall vector of the round; absolute seats only).
    - ``seat``: the agent's seat, or None for a random seat each game.
    - ``reward``: ``"game"`` (+1 if the agent wins the game, -1 otherwise, at the end)
      or ``"round"`` (the tokens the agent gains, when it gains them).
    - ``illegal_reward``: an illegal action ends the episode with this reward and
      ``info["illegal_action"] = True``.
    - ``render_mode``: ``"ansi"`` or ``"human"``: the agent's narration and the table.

    An episode is one whole game (or ends at an illegal action); ``step`` after the
    end raises RuntimeError until ``reset``. ``info["view"]`` is the agent's raw
    engine view (a :class:`ViewInfo`).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - Gymnasium's class attribute, its type
        "render_modes": list(RENDER_MODES),
        "render_fps": 1,
    }

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
        relative_seats: bool = False,
        views: bool = True,
        observation: Literal["view", "history"] = "view",
        render_mode: str | None = None,
    ) -> None:
        if reward not in ("game", "round"):
            raise ValueError(f"reward must be 'game' or 'round', not {reward!r}")
        check_render_mode(render_mode)
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be 0-{players - 1} or None")
        if observation not in ("view", "history"):
            raise ValueError(f"observation must be 'view' or 'history', not {observation!r}")
        if observation == "history" and relative_seats:
            raise ValueError("the history observation has absolute seats only")
        self.table_options = table_options(options)
        self.space = ActionSpace.for_table(edition, players)
        self.encoder = ObservationEncoder.for_table(edition, players, relative=relative_seats)
        self.relative_seats = relative_seats
        self.views = views
        self.edition = self.space.edition
        self.players = players
        self.bots = _bots(opponents, players, relative_seats)
        self.fixed_seat = seat
        self.seat = seat or 0
        self.reward_mode: RewardMode = reward
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.history = (
            InfoStateEncoder.for_table(edition, players) if observation == "history" else None
        )
        high = self.encoder.high if self.history is None else self.history.high
        self.action_space = spaces.Discrete(len(self.space))
        self.observation_space = spaces.Box(low=np.zeros_like(high), high=high)
        self.game = Game(self.edition, players, options=self.table_options, start=False)
        self._bot_rng = random.Random()
        self._step_views = StepViews()
        self._bot_seats: dict[int, Bot] = {}  # the bots by seat, this game
        self._renderer = TextRenderer(self.game, self.seat)
        self._ended = True  # no episode before reset()

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
            self._bot_seats = dict(self._seated())
            for seat, bot in self._bot_seats.items():
                bot.start(self.edition, self.players, seat)
            self._play_bots()
            if not self.game.is_over:  # a game can end before the agent's turn only
                break  # with a tiny threshold or 3 tokens from one round: deal again
        self._renderer = TextRenderer(self.game, self.seat)
        self._ended = False
        observation, info = self._observe()
        return observation, info

    def step(self, action: int | np.integer[Any]) -> tuple[Vector, float, bool, bool, Info]:
        """Play the agent's action (an index), then the bots up to the agent's next turn."""
        game = self.game
        if self._ended:
            raise RuntimeError("the episode is over: call reset()")
        chosen = self.space.action(int(action))  # IndexError outside the space
        if self.relative_seats:
            chosen = self.space.action(self.space.relative(self.seat)[int(action)])
        if chosen not in game.legal_actions():
            self._ended = True
            observation, info = self._observe()
            info["illegal_action"] = True
            return observation, self.illegal_reward, True, False, info
        before = list(game.tokens)
        game.apply(chosen, seat=self.seat)
        self._play_bots()
        reward = step_rewards(game, before, self.reward_mode)[self.seat]
        self._ended = game.is_over
        observation, info = self._observe()
        self._renderer.after_step(self.render_mode)
        return observation, reward, game.is_over, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (for sb3-contrib's MaskablePPO)."""
        return self._mask().astype(bool)

    def render(self) -> str | None:
        """The narration since the last call and the table (``ansi``), or print it."""
        return self._renderer.render_for(self.render_mode)

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
        bots = self._bot_seats
        while not game.is_over:
            seat = game.to_move
            if seat is None:
                game.next_round()
                continue
            if seat == self.seat:
                return
            legal = game.legal_actions()
            bot = bots[seat]
            if len(legal) == 1:  # the host plays forced moves (bots choose among 2+)
                game.apply(legal[0], seat=seat)
            elif type(bot) is RandomBot:  # its very draw, without building a view it ignores
                game.apply(legal[int(self._bot_rng.random() * len(legal))], seat=seat)
            else:
                game.apply(bot.choose(build_view(game, seat), self._bot_rng), seat=seat)
        for seat, bot in bots.items():
            if type(bot).finish is not BaseBot.finish:  # spare the view a no-op ignores
                bot.finish(build_view(game, seat))

    def _observe(self) -> tuple[Vector, Info]:
        info: Info = {"action_mask": self._mask()}
        if self.views:
            info["view"] = ViewInfo.later(self._step_views.later(self.game, self.seat))
        if self.history is not None:
            return self.history.encode(self.game, self.seat), info
        return self.encoder.encode_game(self.game, self.seat), info

    def _mask(self) -> npt.NDArray[np.int8]:
        mask = self.space.legal_mask(self.game)
        return mask[self.space.relative(self.seat)] if self.relative_seats else mask


def _bots(
    opponents: OpponentSpec | Sequence[OpponentSpec], players: int, relative: bool
) -> list[Bot]:
    specs: list[OpponentSpec]
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        specs = [opponents] * (players - 1)
    else:
        specs = list(opponents)
    if len(specs) != players - 1:
        raise ValueError(f"give one opponent or {players - 1}, not {len(specs)}")
    return [_bot(spec, relative) for spec in specs]


def _bot(spec: OpponentSpec, relative: bool) -> Bot:
    if isinstance(spec, str):
        return make_bot(spec)
    if hasattr(spec, "choose"):
        return spec  # type: ignore[return-value]  # a Bot (a Protocol: not checkable)
    return PolicyBot(spec, relative=relative)
