"""Text rendering of a game for the environments: new narration lines and a status line."""

from __future__ import annotations

from loveletter.engine import Game, narrate
from loveletter.engine.grammar import count


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
