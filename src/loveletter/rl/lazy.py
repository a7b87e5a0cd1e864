"""Views built only when read: the environments' infos cost nothing until used.

An environment step changes the game, so a view read later must still be the view of
the step that produced it: :func:`view_later` keeps a copy of the game when the game
may still change (a copy is several times cheaper than a view) and builds the view
from it on first use.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from loveletter.engine import Game, View, build_view

#: What :class:`LazyDict` holds in place of a value not built yet (never read).
_PENDING = object()


def view_later(game: Game, seat: int) -> Callable[[], View]:
    """A function returning ``build_view(game, seat)`` as the game is now, built
    when first called (later calls return the same view)."""
    source = game if game.is_over else game.copy(rng=game.rng)  # a finished game stays
    built: list[View] = []

    def view() -> View:
        if not built:
            built.append(build_view(source, seat))
        return built[0]

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
