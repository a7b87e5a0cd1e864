"""Small widgets of the terminal game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget


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
