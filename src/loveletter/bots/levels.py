"""The bot registry: a spec (``random``, ``heuristic``, ``search``, a level, or
``exec:COMMAND``) gives a new bot.

Levels for people map to the bots and their budgets: ``easy`` plays at random,
``medium`` is the heuristic bot, ``hard`` and ``expert`` search with a small and a
full budget of decisions played forward per decision.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .external import ExternalBot
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import SearchBot

#: Decisions played forward per decision, for each searching level.
HARD_BUDGET = 250
EXPERT_BUDGET = 3500

BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
    "easy": lambda: _named(RandomBot(), "easy"),
    "medium": lambda: _named(HeuristicBot(), "medium"),
    "hard": lambda: SearchBot(HARD_BUDGET, name="hard"),
    "expert": lambda: SearchBot(EXPERT_BUDGET, name="expert"),
}
LEVELS = ("easy", "medium", "hard", "expert")
#: Each level's strength as measured (docs/bot_strength.md, 2-player Classic, about
#: 3,000 rounds each): the level below it, and the share of rounds it wins against it.
LEVEL_STRENGTH = {"medium": ("easy", 0.744), "hard": ("medium", 0.561), "expert": ("hard", 0.521)}
EXEC_PREFIX = "exec:"


def _named(bot: RandomBot | HeuristicBot, name: str) -> Bot:
    bot.name = name
    return bot


def describe_level(level: str) -> str:
    """What a level is worth, in words: "wins 56% of the rounds against medium"."""
    if level not in LEVEL_STRENGTH:
        return "plays at random"
    below, rate = LEVEL_STRENGTH[level]
    return f"wins {round(100 * rate)}% of the rounds against {below}"


def make_bot(spec: str) -> Bot:
    """A new bot for ``spec``; ValueError for an unknown one."""
    spec = spec.strip()
    if spec.startswith(EXEC_PREFIX):
        return ExternalBot(spec[len(EXEC_PREFIX) :].strip(), name=spec)
    factory = BOTS.get(spec.lower())
    if factory is None:
        known = ", ".join([*BOTS, EXEC_PREFIX + "COMMAND"])
        raise ValueError(f"unknown bot {spec!r}; known bots: {known}")
    return factory()
