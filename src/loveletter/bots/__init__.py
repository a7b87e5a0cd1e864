"""Bots: players that decide from what their seat may know.

A bot receives its seat's view (which holds the legal actions) and an injected RNG
and answers one action in notation (:class:`Bot`). :func:`make_bot` builds one from
a spec: ``random``, ``heuristic``, ``search``, the levels ``easy``, ``medium``,
``hard``, ``expert``, or ``exec:COMMAND`` for a program in any language
(:class:`ExternalBot`, protocol in ``docs/bots.md``). Bots use only the engine.
"""

from .base import BaseBot, Bot, KnownPolicy, View
from .external import PROTOCOL, ExternalBot
from .heuristic import HeuristicBot
from .inference import Beliefs, infer
from .levels import BOTS, LEVELS, make_bot
from .random_bot import RandomBot
from .search import SearchBot

__all__ = [
    "BOTS",
    "LEVELS",
    "PROTOCOL",
    "BaseBot",
    "Beliefs",
    "Bot",
    "ExternalBot",
    "HeuristicBot",
    "KnownPolicy",
    "RandomBot",
    "SearchBot",
    "View",
    "infer",
    "make_bot",
]
