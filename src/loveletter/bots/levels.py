"""The bot registry: a spec (``random``, ``heuristic``, ``search``, a level,
``exec:COMMAND``, or ``PREFIX:ARGUMENT`` of an installed plugin, such as this
package's ``policy:FILE.npz``) gives a new bot.

Levels for people map to the bots and their budgets: ``easy`` plays at random,
``medium`` is the heuristic bot, ``hard`` and ``expert`` search with a small and a
full budget of decisions played forward per decision, the expert first replaying the
round to read its opponent's plays at a table of two, and there playing its
opponent's replies in the rounds it plays forward as the heuristic bot would.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points

from .base import Bot
from .external import ExternalBot
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import SearchBot

#: Decisions played forward per decision, for each searching level.
HARD_BUDGET = 250
EXPERT_BUDGET = 3500
#: Decks the expert's chains replay per decision at a table of two, to read the
#: opponent's plays (:func:`.replays.sharpen`).
EXPERT_REPLAYS = 1500
#: The expert's search ends once a candidate leads every other by this many standard
#: errors (:meth:`.search.Search.leader`).
EXPERT_LEAD = 2.0


def expert() -> SearchBot:
    """The ``expert`` level's bot (the hints' too)."""
    return SearchBot(
        EXPERT_BUDGET, replays=EXPERT_REPLAYS, replies=True, lead=EXPERT_LEAD, name="expert"
    )


BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
    "easy": lambda: _named(RandomBot(), "easy"),
    "medium": lambda: _named(HeuristicBot(), "medium"),
    "hard": lambda: SearchBot(HARD_BUDGET, name="hard"),
    "expert": expert,
}
LEVELS = ("easy", "medium", "hard", "expert")
#: Each level's strength as measured (docs/bot_strength.md, 2-player Classic, about
#: 3,000 rounds each): the level below it, and the share of rounds it wins against it.
LEVEL_STRENGTH = {"medium": ("easy", 0.744), "hard": ("medium", 0.561), "expert": ("hard", 0.521)}
EXEC_PREFIX = "exec:"
#: Bot specs ``PREFIX:ARGUMENT`` that installed packages provide: each entry point of
#: this group, named after its prefix, is a function of the argument that returns a bot.
PLUGIN_GROUP = "loveletter.bots"
#: This package's own plugin: a saved policy of the research environments (docs/rl.md,
#: ``loveletter.rl.policy_bot.from_spec``), played with NumPy.
POLICY_PREFIX = "policy:"


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
    if factory is not None:
        return factory()
    prefix, colon, argument = spec.partition(":")
    plugin = _plugin(prefix) if colon else None
    if plugin is None:
        plugins = [f"{entry.name}:…" for entry in entry_points(group=PLUGIN_GROUP)]
        known = ", ".join([*BOTS, EXEC_PREFIX + "COMMAND", *plugins])
        raise ValueError(f"unknown bot {spec!r}; known bots: {known}")
    return plugin(argument.strip())


def _plugin(prefix: str) -> Callable[[str], Bot] | None:
    """The installed plugin making the bots of ``prefix``, if any."""
    for entry in entry_points(group=PLUGIN_GROUP, name=prefix):
        try:
            plugin: Callable[[str], Bot] = entry.load()
        except ImportError as error:
            raise ValueError(f"the {prefix}: bots cannot be loaded here: {error}") from None
        return plugin
    return None


def check_bot_table(bot: Bot, edition: str, players: int) -> None:
    """ValueError if ``bot`` plays only another table (a policy trained for it)."""
    table = getattr(bot, "table", None)
    if table is not None and tuple(table) != (edition, players):
        trained_edition, trained_players = table
        raise ValueError(
            f"{bot.name} was trained for {trained_edition} with {trained_players} players, "
            f"not {edition} with {players}"
        )
