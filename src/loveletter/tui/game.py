"""The table: seats, your hand and choices, the log, card tracker and notes.

The screen drives one :class:`LocalGame`: a human decides through the choice list (or
by typing an action), a bot decides in a worker thread, and after every change the
screen asks what comes next: another decision, a hand-over between two humans, the
round summary or the end of the game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import ClassVar, cast

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Input, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from ..bots.hints import Hint, hint
from ..engine import (
    IllegalActionError,
    Narrator,
    NotationError,
    View,
    describe_notation_error,
    describe_refusal,
    event_dict,
    read_action,
)
from .choices import ChoiceTree, Path
from .dialogs import GameOverScreen, HandOverScreen, RoundSummaryScreen
from .help import HelpScreen
from .prompts import (
    PLACE_KEYS,
    confirmation,
    countess_rule,
    needs_confirmation,
    option_keys,
    option_label,
)
from .prompts import question as ask
from .render import (
    Words,
    hand_text,
    notes_text,
    seats_table,
    table_line,
    tracker,
)
from .session import LocalGame, Setup
from .widgets import GameLog

#: The side panel's tabs: (id, text key, key to show it).
TABS = (("log", "log", "l"), ("tracker", "cards", "t"), ("notes", "notes", "n"))


class GameScreen(Screen[None]):
    """One game, from its first deal to its last round."""

    DEFAULT_CSS = """
    GameScreen { layout: vertical; }
    #top { height: 1; background: $primary-background; padding: 0 1; }
    #seats {
        height: auto; border: round $primary; border-title-color: $text;
        border-subtitle-color: $text; padding: 0 1;
    }
    #middle { width: 100%; height: 1fr; }
    #play { width: 1fr; border: round $accent; border-title-style: bold; padding: 0 1; }
    #play:focus-within { border: round $warning; }
    #hand-scroll { height: 1fr; }
    #choices { height: 1fr; border: none; padding: 0; background: transparent; }
    #question { height: auto; color: $warning; }
    #side { width: 1fr; border: round $primary; padding: 0 1; }
    #side > * { height: 1fr; }
    #log { background: transparent; scrollbar-size-vertical: 1; }
    #message { height: auto; max-height: 2; padding: 0 1; display: none; }
    #message.error { color: $error; }
    #command { height: 1; margin: 0 1; display: none; }
    #keys { height: 1; padding: 0 1; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", show=False),
        Binding("colon", "focus_command", show=False),
        Binding("question_mark", "help", show=False),
        Binding("h", "hint", show=False),
        Binding("pageup", "scroll_log(-1)", show=False, priority=True),
        Binding("pagedown", "scroll_log(1)", show=False, priority=True),
        *(Binding(key, f"tab('{tab}')", show=False) for tab, _, key in TABS),
        *(Binding(key, f"pick('{key}')", show=False) for key in "0" + PLACE_KEYS),
    ]

    def __init__(
        self, session: LocalGame, on_new_game: Callable[[Setup], None], *, delay: float = 0.8
    ) -> None:
        super().__init__()
        self.session = session
        self.on_new_game = on_new_game
        self.delay = delay
        humans = session.humans
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.decision: ChoiceTree | None = None
        self.prefix: Path = ()
        self.options: list[str] = []
        self.keys: list[str] = []  # the key of each option
        self.confirming: str | None = None  # a whole play waiting for its confirmation
        self.held: tuple[int, str | None] | None = None
        self.passing: int | None = None  # the human to hand over to, once this one is done
        self.dealt = False  # a round was just dealt
        self.logged: tuple[int | None, int, int] | None = None  # viewer, round, event

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="top")
        yield Static(id="seats")
        with Horizontal(id="middle"):
            with Vertical(id="play"):
                yield Static(id="question")
                with VerticalScroll(id="hand-scroll"):
                    yield Static(id="hand")
                yield OptionList(id="choices")
            with ContentSwitcher(id="side", initial="log"):
                yield GameLog(id="log")
                with VerticalScroll(id="tracker"):
                    yield Static(id="tracker-text")
                with VerticalScroll(id="notes"):
                    yield Static(id="notes-text")
        yield Static(id="message")
        yield Input(id="command", compact=True, placeholder=self.tr("command_hint"))
        yield Static(self.tr("keys_game"), id="keys")

    def on_mount(self) -> None:
        self.show_tab("log")
        self.advance()

    def on_unmount(self) -> None:
        self.session.close()

    def on_resize(self) -> None:
        self.refresh_view()

    @property
    def lang(self) -> str:
        """The language of the interface."""
        return self.session.setup.lang

    def tr(self, key: str, **fields: object) -> str:
        """An interface text in the game's language."""
        return self.words.tr(key, **fields)

    @property
    def words(self) -> Words:
        """Names for the current viewer."""
        game = self.session.game
        return Words(game.edition, self.session.names, self.lang, self.viewer)

    # ------------------------------------------------------------------ the flow

    def advance(self) -> None:
        """Find out what comes next and set it going."""
        self.decision, self.prefix = None, ()
        game = self.session.game
        seat = game.to_move
        if seat is None:
            self.refresh_view()
            self.app.push_screen(
                RoundSummaryScreen(self.session, game.results[-1].number), self.after_round
            )
        elif self.session.is_bot(seat):
            self.refresh_view()
            self.say(self.tr("thinking", name=self.session.names[seat]))
            self.think(seat, self.session.view(seat))
        elif len(self.session.humans) > 1 and seat != self.viewer:
            if self.viewer is None or self.dealt:
                self.hand_over(seat)
            else:  # let the last player read what happened before the hand-over
                self.passing = seat
                self.refresh_view()
                self.query_one("#choices", OptionList).focus()
        else:
            self.human_turn(seat)

    def hand_over(self, seat: int) -> None:
        """Hide the table until the human at ``seat`` is at the keyboard."""
        self.passing = None
        self.app.push_screen(HandOverScreen(self.session, seat), lambda _: self.human_turn(seat))

    def human_turn(self, seat: int) -> None:
        """Offer ``seat`` its choices."""
        self.viewer = seat
        self.dealt = False
        view = self.session.view(seat)
        self.decision = ChoiceTree(view["legal_actions"])
        self.prefix = ()
        self.confirming = None
        self.refresh_view(view)
        self.say(countess_rule(view, self.words) or "")
        self.query_one("#choices", OptionList).focus()

    def after_round(self, _: object = None) -> None:
        """After the round summary: the next round, or the end of the game."""
        if self.session.game.is_over:
            self.app.switch_screen(GameOverScreen(self.session, self.on_new_game))
            return
        self.session.next_round()
        self.dealt = True  # everyone saw the summary: no private screen to close
        self.advance()

    def submit(self, action: str) -> bool:
        """Apply the viewer's decision; on refusal explain why and change nothing."""
        game = self.session.game
        seat = game.to_move
        if seat is None:
            self.say(self.tr("nobody_to_move"), error=True)
            return False
        if seat != self.viewer:
            self.say(self.tr("not_your_turn", name=self.session.names[seat]), error=True)
            return False
        try:
            self.session.apply(action, seat)
        except IllegalActionError as error:
            reason = describe_refusal(
                error, self.session.game, self.lang, viewer=self.viewer, sentence=False
            )
            self.say(self.tr("refused", reason=reason), error=True)
            return False
        except OSError as error:  # the autosave failed; the move stands
            path = self.session.save_path
            self.say(self.tr("save_failed", path=path, reason=error.strerror), error=True)
        else:
            self.say("")
        self.advance()
        return True

    # ------------------------------------------------------------------ bots

    @work(thread=True, exclusive=True, group="bot")
    def think(self, seat: int, view: View) -> tuple[int, str | None, float]:
        """A bot's decision, off the UI thread; None if the bot failed."""
        start = time.monotonic()
        try:
            action: str | None = self.session.bot_choice(seat, view)
        except Exception:  # a broken bot must not end the game: it is replaced below
            action = None
        return seat, action, time.monotonic() - start

    def action_hint(self) -> None:
        """``h``: what the expert would play from the viewer's seat, and why."""
        seat = self.viewer
        if self.decision is None or seat is None or self.session.game.to_move != seat:
            self.say(self.tr("hint_none"), error=True)
            return
        self.say(self.tr("hint_thinking"))
        self.find_hint(self.session.view(seat))

    @work(thread=True, exclusive=True, group="hint")
    def find_hint(self, view: View) -> tuple[View, Hint]:
        """The hint for ``view``, off the UI thread (the expert searches)."""
        return view, hint(view)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A bot has decided: play it after the visible pause. A hint is ready: show it
        if the game has not moved on."""
        worker = event.worker
        if worker.group == "hint" and event.state is WorkerState.SUCCESS:
            view, advice = cast(tuple[View, Hint], worker.result)
            if self.viewer == view["seat"] and self.session.view(view["seat"]) == view:
                line = advice.reasons[self.lang]  # "Play the Guard...", after a dash here
                self.say(self.tr("hint", reason=line[:1].lower() + line[1:]))
            return
        if worker.group != "bot" or event.state is not WorkerState.SUCCESS:
            return
        seat, action, elapsed = cast(tuple[int, str | None, float], worker.result)
        wait = self.delay - elapsed
        if wait > 0:
            self.set_timer(wait, partial(self.bot_plays, seat, action))
        else:
            self.bot_plays(seat, action)

    def bot_plays(self, seat: int, action: str | None) -> None:
        """Apply a bot's decision, unless a dialog is open (then when it closes)."""
        if not self.is_current:
            self.held = (seat, action)
            return
        game = self.session.game
        if game.to_move != seat:
            return
        if action is None or not game.is_legal(action):
            action = self.session.bot_failed(seat)
            name = self.session.names[seat]
            self.say(self.tr("bot_failed", name=name, action=action), error=True)
        else:
            self.say("")
        try:
            self.session.apply(action, seat)
        except OSError as error:
            path = self.session.save_path
            self.say(self.tr("save_failed", path=path, reason=error.strerror), error=True)
        self.advance()

    def on_screen_resume(self) -> None:
        """Back from a dialog: play the bot move that waited for it."""
        if self.held is not None:
            seat, action = self.held
            self.held = None
            self.bot_plays(seat, action)

    # ------------------------------------------------------------------ input

    @on(OptionList.OptionSelected, "#choices")
    def option_selected(self, event: OptionList.OptionSelected) -> None:
        """A choice from the list."""
        self.choose(event.option_index)

    def choose(self, index: int) -> None:
        """Take the choice at ``index``, or explain why it is not offered."""
        if self.passing is not None and index == 0:
            self.hand_over(self.passing)
            return
        if self.refused_out_of_turn():
            return
        if self.decision is None or not 0 <= index < len(self.options):
            self.say(self.tr("no_choice", number=index + 1), error=True)
            return
        token = self.options[index]
        if not token:  # a card the Countess rule forbids
            self.say(countess_rule(self.session.view(self.viewer), self.words) or "", error=True)
            return
        if self.confirming is not None:
            confirmed, self.confirming = self.confirming, None
            self.submit(confirmed)
            return
        view = self.session.view(self.viewer)
        chosen = (*self.prefix, token)
        prefix = self.decision.advance(chosen)
        action = self.decision.action(prefix)
        if action is not None and not needs_confirmation(view, chosen, prefix):
            self.submit(action)
            return
        self.prefix = prefix
        self.confirming = action
        self.say(self.tr("confirm_hint") if action else "")
        self.show_choices(view)

    def action_pick(self, key: str) -> None:
        """A number or letter key: the choice shown with that key."""
        if key in self.keys:
            self.choose(self.keys.index(key))
        elif not self.refused_out_of_turn():
            self.say(self.tr("no_choice", number=key), error=True)

    def refused_out_of_turn(self) -> bool:
        """Say whose turn it is if it is nobody's at this keyboard now."""
        seat = self.session.game.to_move
        if self.decision is None and self.passing is None and seat is not None:
            self.say(self.tr("not_your_turn", name=self.session.names[seat]), error=True)
            return True
        return False

    def action_back(self) -> None:
        """Escape: leave the input line, or go back one step."""
        command = self.query_one("#command", Input)
        if command.has_focus:
            self.query_one("#choices", OptionList).focus()
        elif self.decision is not None and self.prefix:
            self.prefix = self.decision.back(self.prefix)
            self.confirming = None
            self.say("")
            self.show_choices(self.session.view(self.viewer))

    def action_focus_command(self) -> None:
        """Open the input line, to type an action in notation."""
        command = self.query_one("#command", Input)
        command.display = True
        command.focus()

    @on(Input.Blurred, "#command")
    def command_left(self) -> None:
        """The input line closes when left, however left (Esc, a click, a dialog): its
        room goes to the choices, and what was typed goes (a refused action stays to
        be corrected only while the line is open)."""
        command = self.query_one("#command", Input)
        command.display = False
        command.value = ""

    @on(Input.Submitted, "#command")
    def typed(self, event: Input.Submitted) -> None:
        """An action typed in notation, cards named in any of the table's words."""
        text = event.value.strip()
        if not text:
            return
        game = self.session.game
        try:
            action = read_action(text, game.edition, self.lang)
        except NotationError as error:
            reason = describe_notation_error(
                error, self.lang, seats=game.seat_count, sentence=False
            )
            self.say(self.tr("not_notation", reason=reason), error=True)
            return
        if self.submit(action.text):
            event.input.value = ""

    def action_tab(self, tab: str) -> None:
        """Show a tab of the side panel."""
        self.show_tab(tab)

    def action_help(self) -> None:
        """The help screen: keys, and every card of the edition."""
        self.app.push_screen(HelpScreen(self.words))

    def action_scroll_log(self, pages: int) -> None:
        """Page Up/Down: scroll the side panel's tab shown (the log, usually)."""
        side = self.query_one("#side", ContentSwitcher)
        shown = self.query_one(f"#{side.current}")
        if pages < 0:
            shown.scroll_page_up()
        else:
            shown.scroll_page_down()

    # ------------------------------------------------------------------ display

    def say(self, message: str, *, error: bool = False) -> None:
        """Show a message in the status line."""
        line = self.query_one("#message", Static)
        line.update(Text(message))
        line.set_class(error, "error")
        line.display = bool(message)  # the room is the choices' when there is nothing to say

    def show_tab(self, tab: str) -> None:
        """Switch the side panel to ``tab`` and name the tabs in its border."""
        side = self.query_one("#side", ContentSwitcher)
        side.current = tab
        title = Text()
        for name, key, letter in TABS:
            if title:
                title.append(" · ")
            style = "bold reverse" if name == tab else ""
            title.append(f" {self.tr(key)} ", style=style)
            title.append(f"{letter}", style="bright_black")
        side.border_title = title

    def refresh_view(self, view: View | None = None) -> None:
        """Redraw every panel from the viewer's view."""
        if view is None:
            view = self.session.view(self.viewer)
        words = self.words
        self.query_one("#top", Static).update(self.top_line(view))
        seats = self.query_one("#seats", Static)
        levels = [spec.bot for spec in self.session.setup.seats]
        width = max(self.size.width - 4, 40)
        seats.update(seats_table(view, words, levels, width))
        goal = view["tokens_to_win"]
        seats.border_title = self.tr("players_title") + " · " + words.tr_count("to_win", goal)
        seats.border_subtitle = table_line(view, words)
        if self.decision is None:
            self.show_hand(view)
        else:
            self.show_choices(view)
        self.query_one("#tracker-text", Static).update(tracker(view, words))
        self.query_one("#notes-text", Static).update(notes_text(view, words))
        self.update_log()

    def top_line(self, view: View) -> Text:
        """Title, round, turn, and whose turn it is."""
        words = self.words
        game = self.session.game
        text = Text.assemble(("♥ ", "bold red"), (words.tr("title"), "bold"))
        text.append(f" · {game.edition.name(self.lang)} · ")
        text.append(words.tr("round", number=view["round"]))
        text.append(" · " + words.tr("turn", number=view["turn"]) + " · ")
        to_move = view["to_move"]
        if game.is_over:
            text.append(words.tr("game_over"), style="bold")
        elif to_move is None:
            text.append(words.tr("between_rounds"), style="bold")
        elif view["phase"] == "bishop":
            name = self.session.names[to_move]
            key = "your_answer" if to_move == self.viewer else "answer_of"
            text.append(words.tr(key, name=name), style="bold yellow")
        elif to_move == self.viewer:
            text.append(words.tr("your_turn"), style="bold yellow")
        else:
            text.append(words.tr("turn_of", name=words.person(to_move)), style="bold")
        return text

    def show_hand(self, view: View) -> None:
        """Outside a decision: the viewer's hand with each card's effect."""
        play = self.query_one("#play", Vertical)
        self.query_one("#choices", OptionList).display = False
        self.query_one("#question").display = False
        self.query_one("#hand-scroll").display = True
        hand = self.query_one("#hand", Static)
        words = self.words
        seat = self.viewer
        play.border_subtitle = ""
        if seat is None:
            play.border_title = self.tr("your_hand")
            hand.update(Text(self.tr("no_hand"), style="bright_black"))
            return
        play.border_title = (
            self.tr("your_hand")
            if len(self.session.humans) == 1
            else self.tr("hand_of", name=words.person(seat))
        )
        if view["seats"][seat]["out"] and view["phase"] not in ("round_over", "game_over"):
            hand.update(Text(self.tr("out_of_round"), style="bright_black"))
        else:
            hand.update(hand_text(view["hand"] or [], words))
        if self.passing is not None:
            name = self.session.names[self.passing]
            self.query_one("#question", Static).update(Text(self.tr("turn_over"), style="bold"))
            self.query_one("#question").display = True
            choices = self.query_one("#choices", OptionList)
            choices.display = True
            choices.clear_options()
            choices.add_option(option_label("1", Text(self.tr("pass_to", name=name))))
            self.keys = ["1"]
            choices.highlighted = 0

    def show_choices(self, view: View) -> None:
        """During a decision: the question and its legal answers."""
        assert self.decision is not None
        play = self.query_one("#play", Vertical)
        self.query_one("#hand-scroll").display = False
        self.query_one("#question").display = True
        choices = self.query_one("#choices", OptionList)
        choices.display = True
        if self.confirming is not None:
            question, options, prompts = confirmation(view, self.words, self.prefix)
        else:
            question, options, prompts = ask(view, self.words, self.decision, self.prefix)
        self.options = options
        self.keys = option_keys(options)
        answer = view["phase"] == "bishop"
        play.border_title = self.tr("your_answer" if answer else "your_turn")
        self.query_one("#question", Static).update(Text(question, style="bold"))
        words = self.words
        if self.prefix or view["phase"] != "play":
            hand = ", ".join(words.name(card) for card in view["hand"] or [])
            play.border_subtitle = self.tr("hand_line", cards=hand)
        else:
            play.border_subtitle = ""
        choices.clear_options()
        spaced = any(isinstance(prompt, Text) and "\n" in prompt.plain for prompt in prompts)
        for index, (token, prompt) in enumerate(zip(options, prompts, strict=True)):
            if spaced and index:
                choices.add_option(None)
            choices.add_option(Option(option_label(self.keys[index], prompt), disabled=not token))
        enabled = [index for index, token in enumerate(options) if token]
        choices.highlighted = enabled[0] if enabled else None

    def update_log(self) -> None:
        """Append the new lines of the game log, as the viewer saw it."""
        log = self.query_one("#log", GameLog)
        game = self.session.game
        viewer = self.viewer
        if self.logged is None or self.logged[0] != viewer:
            log.clear_lines()
            self.logged = (viewer, 0, 0)
        _, round_index, position = self.logged
        narrator = Narrator(game.edition, self.session.names, viewer, self.lang)
        rounds = game.round_logs
        while round_index < len(rounds):
            events = rounds[round_index]
            if position == 0:
                rule = f"── {self.tr('round_rule', number=round_index + 1)} ──"
                log.write_line(Text(rule, style="bold"))
            for event in events[position:]:
                line = narrator.line(event_dict(event, viewer))
                if line:
                    log.write_line(Text(line))
            if round_index == len(rounds) - 1:
                position = len(events)
                break
            round_index, position = round_index + 1, 0
        self.logged = (viewer, round_index, position)
