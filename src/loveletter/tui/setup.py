"""The setup screen: edition, players, who is a bot at which level, language, seed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from ..bots import LEVELS
from ..engine import DEFAULT_NAMES, EDITIONS, Options, get_edition
from ..engine.record import MAX_NAME_LENGTH
from ..terminal_text import printable
from .session import DEFAULT_LEVEL, SeatSetup, Setup
from .texts import LANGUAGE_NAMES, level_name, tr
from .widgets import Cycler

HUMAN = "human"


@dataclass
class Draft:
    """The setup being edited; every seat keeps its kind and name when hidden."""

    edition: str = "classic"
    players: int = 2
    lang: str = "en"
    seed: str = ""
    kinds: list[str] = field(default_factory=lambda: [HUMAN] + [DEFAULT_LEVEL] * 7)
    names: list[str] = field(default_factory=lambda: list(DEFAULT_NAMES))
    options: Options = field(default_factory=Options)

    @classmethod
    def from_setup(cls, setup: Setup) -> Draft:
        """A draft holding a setup, for a new game at the same table."""
        draft = cls(setup.edition, len(setup.seats), setup.lang, options=setup.options)
        for seat, spec in enumerate(setup.seats):
            draft.kinds[seat] = spec.bot or HUMAN
            draft.names[seat] = printable(spec.name)  # it may come from a saved game
        if setup.seed is not None:
            draft.seed = str(setup.seed)
        return draft

    def setup(self) -> Setup | str:
        """The setup, or the text key of what is wrong with it."""
        kinds = self.kinds[: self.players]
        names = [name.strip() for name in self.names[: self.players]]
        if HUMAN not in kinds:
            return "need_human"
        if len(set(names)) != len(names) or not all(
            0 < len(name) <= MAX_NAME_LENGTH for name in names
        ):
            return "need_names"
        seed = self.seed.strip()
        if seed and not seed.lstrip("-").isdigit():
            return "bad_seed"
        seats = tuple(
            SeatSetup(name, None if kind == HUMAN else kind)
            for name, kind in zip(names, kinds, strict=True)
        )
        return Setup(self.edition, seats, self.lang, int(seed) if seed else None, self.options)


class SetupScreen(Screen[None]):
    """Choose the table, then start: ``on_start`` receives the chosen setup."""

    DEFAULT_CSS = """
    SetupScreen { align: center middle; }
    #form { width: 66; height: auto; border: round $accent; padding: 0 2; }
    #form > Horizontal { height: 1; }
    .label { width: 12; color: $text-muted; }
    #form Input { width: 24; margin-left: 2; }
    #seed { width: 14; margin-left: 0; }
    #form > #seed-row { height: auto; }
    #seed-hint { width: 1fr; height: auto; color: $text-muted; margin-left: 1; }
    .gap { height: 1; }
    #buttons { margin-top: 1; height: 1; }
    #buttons Button { margin-right: 2; }
    #error { color: $error; height: auto; }
    #setup-keys { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "app.focus_previous", show=False),
        Binding("down", "app.focus_next", show=False),
        Binding("enter", "start", show=False),
    ]

    def __init__(self, draft: Draft, on_start: Callable[[Setup], None]) -> None:
        super().__init__()
        self.draft = draft
        self.on_start = on_start

    def tr(self, key: str, **fields: object) -> str:
        """An interface text in the chosen language."""
        return tr(self.draft.lang, key, **fields)

    def compose(self) -> ComposeResult:
        draft = self.draft
        edition = get_edition(draft.edition)
        lang = draft.lang
        levels = dict.fromkeys([*LEVELS, *draft.kinds[: draft.players]])
        levels.pop(HUMAN)
        kinds = [(HUMAN, self.tr("human"))] + [
            (level, self.tr("bot", level=level_name(draft.lang, level))) for level in levels
        ]
        with Vertical(id="form") as form:
            form.border_title = self.tr("setup_title")
            yield Static(classes="gap")
            with Horizontal():
                yield Static(self.tr("edition"), classes="label")
                editions = [(key, value.name(lang)) for key, value in EDITIONS.items()]
                yield Cycler(editions, draft.edition, id="edition")
            with Horizontal():
                yield Static(self.tr("players"), classes="label")
                counts = range(edition.min_players, edition.max_players + 1)
                yield Cycler([(str(n), str(n)) for n in counts], str(draft.players), id="players")
            with Horizontal():
                yield Static(self.tr("language"), classes="label")
                yield Cycler(list(LANGUAGE_NAMES.items()), lang, id="lang")
            with Horizontal(id="seed-row"):
                yield Static(self.tr("seed"), classes="label")
                yield Input(draft.seed, id="seed", compact=True, restrict=r"-?[0-9]*")
                yield Static(self.tr("seed_hint"), id="seed-hint")
            yield Static(classes="gap")
            for seat in range(draft.players):
                with Horizontal():
                    yield Static(self.tr("seat", number=seat), classes="label")
                    yield Cycler(kinds, draft.kinds[seat], id=f"kind-{seat}")
                    yield Input(
                        draft.names[seat],
                        id=f"name-{seat}",
                        compact=True,
                        max_length=MAX_NAME_LENGTH,
                        placeholder=self.tr("name"),
                    )
            with Horizontal(id="buttons"):
                yield Button(self.tr("start"), id="start", variant="primary", compact=True)
                yield Button(self.tr("quit"), id="quit", compact=True)
            yield Static(id="error")
            yield Static(Text(self.tr("setup_keys")), id="setup-keys")

    def on_mount(self) -> None:
        self.query_one("#edition", Cycler).focus()

    @on(Cycler.Changed)
    async def changed(self, event: Cycler.Changed) -> None:
        """Keep the draft up to date; the table's shape redraws the form."""
        cycler = event.cycler
        name = cycler.id or ""
        draft = self.draft
        if name.startswith("kind-"):
            draft.kinds[int(name[5:])] = event.value
            return
        if name == "edition":
            edition = get_edition(event.value)
            draft.edition = event.value
            draft.players = min(max(draft.players, edition.min_players), edition.max_players)
        elif name == "players":
            draft.players = int(event.value)
        else:
            draft.lang = event.value
        await self.recompose()
        self.query_one(f"#{name}", Cycler).focus()

    @on(Input.Changed)
    def typed(self, event: Input.Changed) -> None:
        """Names and seed go into the draft."""
        name = event.input.id or ""
        if name == "seed":
            self.draft.seed = event.value
        elif name.startswith("name-"):
            self.draft.names[int(name[5:])] = event.value

    @on(Input.Submitted)
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        """Start the game if the setup is complete, else say what is missing."""
        setup = self.draft.setup()
        if isinstance(setup, str):
            self.query_one("#error", Static).update(self.tr(setup))
            return
        self.on_start(setup)

    @on(Button.Pressed, "#quit")
    def quit(self) -> None:
        """Leave the program."""
        self.app.exit()


def draft_for(setup: Setup | None, lang: str, options: Options, seed: int | None = None) -> Draft:
    """The form's starting point: a previous table (a new deal), or the defaults in
    ``lang`` with ``seed``."""
    if setup is None:
        return Draft(lang=lang, seed="" if seed is None else str(seed), options=options)
    return Draft.from_setup(replace(setup, seed=None))
