"""The bot interface: a seat's view and an injected RNG in, one action in notation out."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Protocol, runtime_checkable

from ..engine import View

__all__ = ["BaseBot", "Bot", "KnownPolicy", "View"]  # View: the engine's, what every bot receives


@runtime_checkable
class Bot(Protocol):
    """Anything that can play a seat.

    ``choose`` receives the view of the seat to move (``view["legal_actions"]`` holds
    at least two actions: a host plays forced moves itself) and returns one of the
    legal actions in notation. It must not keep a reference to ``rng`` beyond the call.
    ``start`` and ``finish`` bracket each game; ``close`` releases resources (a
    process). ``faults`` counts the times the host had to play for the bot.
    """

    name: str
    faults: int

    def start(self, edition: str, players: int, seat: int) -> None:
        """A game begins, with this bot in ``seat``."""

    def choose(self, view: View, rng: random.Random) -> str:
        """The action to play, in notation, from ``view["legal_actions"]``."""

    def finish(self, view: View) -> None:
        """The game is over; ``view`` is the bot's last view of it."""

    def close(self) -> None:
        """No more games: release what the bot holds."""


@runtime_checkable
class KnownPolicy(Protocol):
    """A bot whose decision can be told as probabilities, not only sampled.

    ``distribution`` gives, for a view with at least two legal actions, the chance
    that ``choose`` plays each action (those it may play only), exactly as its
    random generator would decide: what exact measures of the bot use
    (``loveletter.rl.solve.bot_policy``).
    """

    def distribution(self, view: View) -> dict[str, float]:
        """The chance of each action ``choose`` may play from ``view``."""


class BaseBot(ABC):
    """A bot with the optional hooks doing nothing: subclasses define ``choose``."""

    name = "bot"
    faults = 0

    def start(self, edition: str, players: int, seat: int) -> None:  # noqa: B027 - optional hook
        """A game begins; built-in bots keep nothing between games."""

    @abstractmethod
    def choose(self, view: View, rng: random.Random) -> str:
        """The action to play, in notation."""

    def finish(self, view: View) -> None:  # noqa: B027 - optional hook
        """The game is over."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Nothing to release."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"
