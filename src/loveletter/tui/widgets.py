"""Small widgets of the terminal game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget
from textual.widgets import RichLog


class Cycler(Widget, can_focus=True):
    """One value among a few, changed with ← and → (or a click): ``◀ value ▶``."""

    DEFAULT_CSS = """
    Cycler { width: auto; min-width: 16; height: 1; padding: 0 1; }
    Cycler:focus { background: $accent; color: $text; text-style: bold; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", show=False),
        Binding("right,space", "step(1)", show=False),
    ]

    class Changed(Message):
        """The value changed."""

        def __init__(self, cycler: Cycler, value: str) -> None:
            super().__init__()
            self.cycler = cycler
            self.value = value

    def __init__(
        self, choices: Sequence[tuple[str, str]], value: str, *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.choices = list(choices)
        self.index = next(i for i, (key, _) in enumerate(self.choices) if key == value)

    @property
    def value(self) -> str:
        """The chosen value."""
        return self.choices[self.index][0]

    def render(self) -> Text:
        label = self.choices[self.index][1]
        return Text.assemble(("◀ ", "bold"), label, (" ▶", "bold"))

    def action_step(self, step: int) -> None:
        """Go to the next (1) or previous (-1) value."""
        self.index = (self.index + step) % len(self.choices)
        self.refresh(layout=True)
        self.post_message(self.Changed(self, self.value))

    def on_click(self, event: events.Click) -> None:
        """A click goes to the next value."""
        self.action_step(1)


class GameLog(RichLog):
    """A log that lays its lines out at its own width, whenever that width changes.

    A RichLog wraps a line once, when it is written, at the width it has then: a line
    written while the log is hidden (another tab shown) is wrapped at its minimum
    width, and a resize leaves old lines as they were. This one keeps what was written
    and lays it all out again when its width changes; writes while it is hidden wait.
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, min_width=10)
        self._written: list[Text] = []
        self._laid_width = 0  # the width the lines were laid out at
        self._laid = 0  # how many of the written lines are laid out

    def write_line(self, line: Text) -> None:
        """Append a line: laid out now if the log is shown, else when it is."""
        self._written.append(line)
        self._lay_out()

    def clear_lines(self) -> None:
        """Forget every line."""
        self._written.clear()
        self._laid = 0
        self.clear()

    def on_resize(self, event: events.Resize) -> None:
        """A new width (shown again, or the terminal resized): lay the lines out anew."""
        super().on_resize(event)  # RichLog learns its size
        self._lay_out()

    def _lay_out(self) -> None:
        width = self.scrollable_content_region.width
        if not width or not self._size_known:
            return  # hidden, or not yet sized: wait until shown
        if width != self._laid_width:
            self.clear()
            self._laid_width, self._laid = width, 0
        for line in self._written[self._laid :]:
            self.write(line)
        self._laid = len(self._written)
