"""The random bot: uniform over the legal actions."""

from __future__ import annotations

import random
from collections import Counter

from .base import BaseBot, View


class RandomBot(BaseBot):
    """Picks uniformly among the legal actions (the same draw as the fast random loop)."""

    name = "random"

    def choose(self, view: View, rng: random.Random) -> str:
        """A uniformly random legal action."""
        actions = view["legal_actions"]
        return actions[int(rng.random() * len(actions))]

    def distribution(self, view: View) -> dict[str, float]:
        """Each legal action's share of the list ``choose`` draws an index from."""
        actions = view["legal_actions"]
        return {text: n / len(actions) for text, n in Counter(actions).items()}
