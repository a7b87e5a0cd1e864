"""The legal actions of a view as a tree of small choices, one question at a time.

A play is asked as: which card, then which player(s), then which guess; the
Chancellor as: which card to keep, then in which order the others go under the deck.
Each action becomes a path of *tokens*; the choices offered at a step are the
distinct next tokens of the legal paths, so only legal choices are ever offered.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import parse_action

Path = tuple[str, ...]


def action_path(text: str) -> Path:
    """The tokens of one action: its card, its seats together, then its guess."""
    action = parse_action(text)
    if action.cards:  # the Chancellor's keep
        kept, *returned = action.cards
        return (kept, " ".join(returned))
    if action.word == "look":
        return (str(action.seats[0]) if action.seats else "none",)
    if action.card is None:  # the Bishop's target: discard or keep
        return (action.word,)
    path: list[str] = [action.word]
    if action.seats:
        path.append(" ".join(map(str, action.seats)))
    if action.guess is not None:
        path.append(str(action.guess))
    return tuple(path)


class ChoiceTree:
    """The legal actions of one decision, asked step by step."""

    def __init__(self, legal: Sequence[str]) -> None:
        self.actions: dict[Path, str] = {action_path(text): text for text in legal}

    def options(self, prefix: Path) -> list[str]:
        """The distinct tokens that may follow ``prefix``, in the engine's order."""
        depth = len(prefix)
        seen: dict[str, None] = {}
        for path in self.actions:
            if len(path) > depth and path[:depth] == prefix:
                seen.setdefault(path[depth], None)
        return list(seen)

    def action(self, prefix: Path) -> str | None:
        """The action ``prefix`` completes, if it is a whole action."""
        return self.actions.get(prefix)

    def advance(self, prefix: Path) -> Path:
        """Follow single choices below the first step: nothing to ask there."""
        while prefix and self.action(prefix) is None:
            options = self.options(prefix)
            if len(options) != 1:
                break
            prefix = (*prefix, options[0])
        return prefix

    def back(self, prefix: Path) -> Path:
        """The previous step at which there was a real choice."""
        prefix = prefix[:-1]
        while prefix and len(self.options(prefix)) == 1:
            prefix = prefix[:-1]
        return prefix
