"""The PettingZoo environment, versioned as PettingZoo names them: ``loveletter_v0``."""

from .pettingzoo_env import env, raw_env

__all__ = ["env", "raw_env"]
