"""Trained policies as bot levels of the web tables (``loveletter serve --policy``).

A :class:`PolicyLevel` names a saved policy (``docs/rl.md``) and the one table it
fits: its edition and player count, as its ``.npz`` file says. The server offers it
next to the built-in levels; seats of other tables may not have it. The policy is
loaded where bots think (:mod:`.autoplay`'s worker processes), with NumPy, so this
module imports :mod:`loveletter.rl` only when a policy is read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, TypedDict

from ..bots import BOTS
from ..engine import EDITIONS

if TYPE_CHECKING:
    from ..rl.policy_bot import PolicyBot

#: What a policy level's name may be: a short identifier, as a seat's level is sent.
LEVEL_NAME = r"^[A-Za-z_][A-Za-z0-9_]{0,31}$"


class PolicyError(ValueError):
    """A ``--policy`` value that cannot be served (its message is one line)."""


@dataclass(frozen=True, slots=True)
class PolicyLevel:
    """A saved policy offered as the bot level ``name`` for its table only."""

    name: str
    path: str
    edition: str
    players: int

    def fits(self, edition: str, players: int) -> bool:
        """Whether the policy plays this table."""
        return (edition, players) == (self.edition, self.players)

    def load(self) -> PolicyBot:
        """The policy as a bot (needs NumPy)."""
        return load_named(self.name, self.path)


def load_named(name: str, path: str) -> PolicyBot:
    """The saved policy at ``path`` as the bot ``name`` (needs NumPy)."""
    from ..rl.policy_bot import load_policy

    return load_policy(path, name=name)


class PolicyLevelInfo(TypedDict):
    """A policy level as ``/api/levels`` gives it."""

    name: str
    edition: str
    players: int


class LevelsInfo(TypedDict):
    """The bot levels a server offers: built-in ones fit every table, policies one."""

    builtin: list[str]
    policies: list[PolicyLevelInfo]


def read_policy_option(text: str, taken: Iterable[str] = ()) -> PolicyLevel:
    """The policy level of a ``NAME=FILE.npz`` option; PolicyError if the name is not
    a simple identifier, is a built-in level or in ``taken``, or if the file is not a
    saved policy of a known table."""
    name, equals, path = text.partition("=")
    name = name.strip()
    if not equals:
        raise PolicyError(f"--policy takes NAME=FILE.npz, not {text!r}")
    if not re.fullmatch(LEVEL_NAME, name):
        raise PolicyError(
            f"--policy name {name!r} must be a simple identifier"
            " (letters, digits, _; at most 32 characters)"
        )
    if name.lower() in BOTS:
        raise PolicyError(f"--policy name {name!r} is a built-in bot level: choose another")
    if name.lower() in (other.lower() for other in taken):
        raise PolicyError(f"--policy name {name!r} is given twice")
    if not Path(path).is_file():
        raise PolicyError(f"--policy {name}: no such file {path!r}")
    edition, players = _table_of(name, path)
    return PolicyLevel(name, path, edition, players)


def _table_of(name: str, path: str) -> tuple[str, int]:
    """The edition and player count of the saved policy at ``path``."""
    try:
        meta = load_named(name, path).meta
    except ImportError as error:
        raise PolicyError(f"--policy needs NumPy ({error}): install loveletter[env]") from None
    except Exception:  # a damaged file may fail in any way
        raise PolicyError(
            f"--policy {name}: {path!r} is not a saved policy (a .npz of save_mlp, docs/rl.md)"
        ) from None
    edition, players = meta.get("edition"), meta.get("players")
    if not isinstance(edition, str) or edition not in EDITIONS or not isinstance(players, int):
        raise PolicyError(
            f"--policy {name}: {path!r} does not say which edition and player count it plays"
        )
    try:
        EDITIONS[edition].check_players(players)
    except ValueError as error:
        raise PolicyError(f"--policy {name}: {path!r} plays no table: {error}") from None
    return edition, players


def levels_info(builtin: Iterable[str], policies: Iterable[PolicyLevel]) -> LevelsInfo:
    """What ``/api/levels`` answers."""
    return {
        "builtin": list(builtin),
        "policies": [
            {"name": level.name, "edition": level.edition, "players": level.players}
            for level in policies
        ],
    }


class LevelRefusal(NamedTuple):
    """Why a table may not have a bot level: a refusal's code and message."""

    code: str
    message: str


def level_refusal(
    levels: Iterable[str], edition: str, players: int, policies: Iterable[PolicyLevel]
) -> LevelRefusal | None:
    """Why a new table may not have these bot levels (None: it may): a level must be
    built-in, or a policy of this server that fits the table."""
    served = {level.name: level for level in policies}
    for level in levels:
        if level in BOTS:
            continue
        policy = served.get(level)
        if policy is None:
            offered = ", ".join([*BOTS, *served])
            return LevelRefusal(
                "unknown_level", f"unknown bot level {level!r}; this server offers {offered}"
            )
        if not policy.fits(edition, players):
            return LevelRefusal(
                "level_unfit",
                f"the policy level {level!r} plays {_table_text(policy.edition, policy.players)}"
                f" only, not {_table_text(edition, players)}",
            )
    return None


def _table_text(edition: str, players: int) -> str:
    known = EDITIONS.get(edition)
    return f"{known.name('en') if known else edition} with {players} players"
