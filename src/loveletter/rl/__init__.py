"""Love Letter for AI research: action and observation encodings, and environments.

- :mod:`loveletter.rl.loveletter_v0`: the PettingZoo AEC environment (every seat an agent);
- ``gymnasium.make("loveletter/LoveLetter-v0", ...)``: one agent against bots
  (:class:`~loveletter.rl.gym_env.LoveLetterEnv`), registered when this package is
  imported (or by ``gymnasium.make("loveletter.rl:loveletter/LoveLetter-v0")``);
- :mod:`loveletter.rl.openspiel_game`: the OpenSpiel game ``python_loveletter``,
  registered with ``pyspiel`` when that module is imported.

Needs the ``env`` extra (numpy, gymnasium, pettingzoo, open_spiel); see ``docs/rl.md``.
"""

import gymnasium

from . import loveletter_v0
from .actions import ActionSpace, Block
from .gym_env import LoveLetterEnv
from .infostate import InfoStateEncoder
from .observations import ObservationEncoder
from .variants import VARIANTS, Variant

GYM_ID = "loveletter/LoveLetter-v0"

if GYM_ID not in gymnasium.registry:
    gymnasium.register(id=GYM_ID, entry_point="loveletter.rl.gym_env:LoveLetterEnv")

__all__ = [
    "GYM_ID",
    "VARIANTS",
    "ActionSpace",
    "Block",
    "InfoStateEncoder",
    "LoveLetterEnv",
    "ObservationEncoder",
    "Variant",
    "loveletter_v0",
]
