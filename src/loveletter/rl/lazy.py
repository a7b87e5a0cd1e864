"""Views built only when read: the environments' infos cost nothing until used.

An environment step changes the game, so a view read later must still be the view of
the step that produced it. :class:`StepViews` keeps one copy of each game (a copy is
several times cheaper than a view, and a game has many steps); a view read after the
game moved on is built from a copy brought to its step by :class:`GameReplay`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from loveletter.engine import Game, View, build_view

#: What :class:`LazyDict` holds in place of a value not built yet (never read).
_PENDING = object()


def moment(game: Game) -> tuple[int, int]:
    """Where a game is: the rounds dealt and the actions played in the last one."""
    return len(game.history), len(game.history[-1].actions)


class GameReplay:
    """Earlier states of a game, replayed from one copy of it and its record: the
    engine is deterministic given each round's deck and first seat."""

    def __init__(self, game: Game) -> None:
        self.game = game
        #: Unchanged copies by rounds dealt: (actions played then, the copy); the
        #: first one, then the round starts replayed on the way.
        self._copies: dict[int, tuple[int, Game]] = {}
        rounds, count = moment(game)
        self._copies[rounds] = (count, game.copy(rng=game.rng))

    def at(self, rounds: int, count: int) -> Game:
        """A new copy of the game as it was at ``moment`` ``(rounds, count)``, which
        must not be before the first copy."""
        known = max(dealt for dealt in self._copies if dealt <= rounds)
        played, copy = self._copies[known]
        replay = copy.copy(rng=copy.rng)  # the RNG only shuffles decks, given here
        history = self.game.history
        for dealt in range(known, rounds):
            for action in history[dealt - 1].actions[played:]:
                replay.apply(action)
            replay.next_round(history[dealt].deck, history[dealt].first)
            played = 0
            self._copies[dealt + 1] = (0, replay.copy(rng=replay.rng))
        for action in history[rounds - 1].actions[played:count]:
            replay.apply(action)
        return replay


class StepViews:
    """Seats' views of the game as it is at each call of :meth:`later`."""

    def __init__(self) -> None:
        self._replay: GameReplay | None = None

    def later(self, game: Game, seat: int) -> Callable[[], View]:
        """A function returning ``build_view(game, seat)`` as the game is now (each
        call builds the view); ``game`` may move on meanwhile."""
        if game.is_over:  # a finished game never changes
            return lambda: build_view(game, seat)
        replay = self._replay
        if replay is None or replay.game is not game:
            replay = self._replay = GameReplay(game)
        now = moment(game)

        def view() -> View:
            if moment(game) == now:  # the game has not moved on
                return build_view(game, seat)
            return build_view(replay.at(*now), seat)

        return view


class LazyDict(dict[str, Any]):
    """A ``dict`` whose values come from ``make()`` (returning a dict with exactly
    ``keys``), called the first time anything reads or changes it.

    It holds ``keys`` from the start, so its length and ``in`` need no values; every
    other ``dict`` method fills it first. Copies and pickles are plain dicts.
    """

    __slots__ = ("_make",)

    def __init__(
        self, keys: Iterable[str] = (), make: Callable[[], dict[str, Any]] | None = None
    ) -> None:
        super().__init__(dict.fromkeys(keys, _PENDING))
        self._make = make

    def fill(self) -> None:
        """Build the values now (once)."""
        make = self._make
        if make is not None:
            values = make()
            if values.keys() != dict.keys(self):
                raise ValueError(f"made keys {list(values)}, not {list(dict.keys(self))}")
            self._make = None
            dict.update(self, values)

    def __reduce_ex__(self, protocol: Any) -> tuple[type[dict[str, Any]], tuple[dict[str, Any]]]:
        self.fill()
        return dict, (dict(self),)

    def __reduce__(self) -> tuple[type[dict[str, Any]], tuple[dict[str, Any]]]:
        return self.__reduce_ex__(2)


def _filled_first(name: str) -> Callable[..., Any]:
    """``dict``'s method ``name``, filling a :class:`LazyDict` before running."""
    method = getattr(dict, name)

    def filled(self: LazyDict, *args: Any, **kwargs: Any) -> Any:
        self.fill()
        return method(self, *args, **kwargs)

    filled.__name__ = filled.__qualname__ = name
    filled.__doc__ = method.__doc__
    return filled


#: Every ``dict`` method that reads or changes values (keys are there from the start).
_VALUE_METHODS = (
    "__getitem__",
    "__setitem__",
    "__delitem__",
    "__iter__",
    "__reversed__",
    "__eq__",
    "__ne__",
    "__repr__",
    "__or__",
    "__ror__",
    "__ior__",
    "__sizeof__",
    "get",
    "keys",
    "values",
    "items",
    "copy",
    "pop",
    "popitem",
    "setdefault",
    "update",
    "clear",
)
for _name in _VALUE_METHODS:
    setattr(LazyDict, _name, _filled_first(_name))
