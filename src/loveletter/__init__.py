"""The complete digital Love Letter.

``from loveletter import Game`` gives the rules engine; see :mod:`loveletter.engine`.
"""

from .engine import *  # noqa: F403 - the package re-exports the engine (its __all__)
from .engine import __all__ as _engine_all

__version__ = "0.1.0"
__all__ = [*_engine_all, "__version__"]
