"""The help screen (``?``): the game's keys, and the text of every card of the edition."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from .render import Words, card_text


class HelpScreen(ModalScreen[None]):
    """Keys, then each card of the edition being played (held or not), in one
    scrolling page; any of Esc, ? or q closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 100%; max-width: 90; height: 100%; border: round $accent;
        padding: 0 1; background: $surface;
    }
    HelpScreen Static { width: 100%; margin-bottom: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", show=False),
    ]

    def __init__(self, words: Words) -> None:
        super().__init__()
        self.words = words

    def compose(self) -> ComposeResult:
        words = self.words
        with VerticalScroll() as page:
            page.border_title = words.tr("help_title", edition=words.edition.name(words.lang))
            page.border_subtitle = words.tr("help_close")
            yield Static(Text(words.tr("help_keys")))
            for card in words.deck:
                count = words.deck[card].count
                text = card_text(card, words)
                text.append(f"\n{words.tr_count('copies', count)}", style="bright_black")
                yield Static(text)

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss()
