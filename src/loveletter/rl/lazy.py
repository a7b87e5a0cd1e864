"""Views built only when read: the environments' infos cost nothing until used.

An environment step changes the game, so a view read later must still be the view of
the step that produced it. :class:`StepViews` keeps, per round, one copy of the game
(a copy is several times cheaper than a view, and a round has several steps); a view
read after the game moved on is built from that copy with the round's actions
replayed up to its step (the engine is deterministic within a round).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from loveletter.engine import Game, RoundRecord, View, build_view

#: What :class:`LazyDict` holds in place of a value not built yet (never read).
_PENDING = object()


class StepViews:
    """Seats' views of the game as it is at each call of :meth:`later`."""

    def __init__(self) -> None:
        #: The current round's record, its action count then and a copy of the game.
        self._base: tuple[RoundRecord, int, Game] | None = None

    def later(self, game: Game, seat: int) -> Callable[[], View]:
        """A function returning ``build_view(game, seat)`` as the game is now (each
        call builds the view); ``game`` may move on meanwhile."""
        if game.is_over:  # a finished game never changes
            return lambda: build_view(game, seat)
        record = game.history[-1]
        rounds, count = len(game.history), len(record.actions)
        base = self._base
        if base is None or base[0] is not record:
            base = self._base = (record, count, game.copy(rng=game.rng))
        _, start, copy = base

        def view() -> View:
            if len(game.history) == rounds and len(record.actions) == count:
                return build_view(game, seat)  # the game has not moved on
            replay = copy.copy(rng=copy.rng)  # the RNG only deals rounds
            for action in record.actions[start:count]:
                replay.apply(action)
            return build_view(replay, seat)

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
            self._make = None
            values = make()
            if values.keys() != dict.keys(self):
                raise ValueError(f"made keys {list(values)}, not {list(dict.keys(self))}")
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
