"""Text rendering of a game for the environments: new narration lines and a status line."""

from __future__ import annotations

from gymnasium import logger

from loveletter.engine import Game, narrate
from loveletter.engine.grammar import count

#: The render modes of both environments.
RENDER_MODES = ("ansi", "human")


def check_render_mode(mode: str | None) -> None:
    """Raise ValueError unless ``mode`` is None or one of :data:`RENDER_MODES`."""
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {list(RENDER_MODES)}")


class TextRenderer:
    """Tells what happened in ``game`` since the last call, as ``viewer`` may see it."""

    def __init__(self, game: Game, viewer: int | None = None, lang: str = "en") -> None:
        self.game = game
        self.viewer = viewer
        self.lang = lang
        self._round = 0  # index into game.round_logs
        self._event = 0  # events of that round already told

    def render(self) -> str:
        """The new narration lines, then one line per seat with its tokens and pile."""
        game = self.game
        lines: list[str] = []
        logs = game.round_logs
        while self._round < len(logs):
            events = logs[self._round][self._event :]
            lines += narrate(events, game.edition, game.players, self.viewer, self.lang)
            if self._round == len(logs) - 1:
                self._event += len(events)
                break
            self._round += 1
            self._event = 0
        for seat, name in enumerate(game.players):
            state = " (out)" if game.out[seat] else " (protected)" if game.protected[seat] else ""
            pile = " ".join(game.discards[seat]) or "-"
            tokens = count(game.tokens[seat], "token", "en")
            lines.append(f"  {name}{state}: {tokens}; discards: {pile}")
        lines.append(f"  deck: {count(len(game.deck), 'card', 'en')}")
        return "\n".join(lines)

    def render_for(self, mode: str | None) -> str | None:
        """An environment's ``render()``: the text for ``ansi``, printed for ``human``
        (then None); a warning and None without a render mode."""
        if mode is None:
            logger.warn("render() called without a render_mode; use 'ansi' or 'human'")
            return None
        text = self.render()
        if mode == "human":
            print(text)
            return None
        return text

    def after_step(self, mode: str | None) -> None:
        """What an environment does after each step: in ``human`` mode, print what is new."""
        if mode == "human":
            print(self.render())
