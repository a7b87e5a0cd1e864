"""What the panels show, built from a seat's view as Rich renderables.

Everything here reads a view (docs/views.md) and the edition's card data, never the
hidden game state, so a panel can only show what its seat may know.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..engine import Edition, EventDict, View
from ..engine.grammar import Person
from .texts import level_name, tr, tr_count

#: The style of each card value, from the humble Guard to the Princess and Bishop.
_VALUE_STYLES = (
    "bright_black",
    "white",
    "cyan",
    "green",
    "bright_green",
    "yellow",
    "bright_yellow",
    "magenta",
    "bright_magenta",
    "bright_red",
)


class Words:
    """Card and seat names for one table, in one language, for one viewer."""

    def __init__(
        self, edition: Edition, players: Sequence[str], lang: str, viewer: int | None
    ) -> None:
        self.edition = edition
        self.players = list(players)
        self.lang = lang
        self.viewer = viewer
        self.deck = {spec.id: spec for spec in edition.deck(len(players))}

    def tr(self, key: str, **fields: object) -> str:
        """An interface text in this table's language."""
        return tr(self.lang, key, **fields)

    def tr_count(self, key: str, count: int, **fields: object) -> str:
        """An interface text told with a count, in this table's language."""
        return tr_count(self.lang, key, count, **fields)

    def person(self, seat: int) -> Person:
        """A seat's player, named in a text ("Au tour d'Ana")."""
        return Person(self.players[seat], self.lang)

    def value(self, card: str) -> int:
        """A card's printed value at this table."""
        return self.deck[card].value

    def name(self, card: str) -> str:
        """A card's short name: "Guard", "Garde"."""
        return self.edition.card_name(card, self.lang).split(" (")[0]

    def full_name(self, card: str) -> str:
        """A card's full name: "Garde (Odette)"."""
        return self.edition.card_name(card, self.lang)

    def phrase(self, card: str) -> str:
        """A card with its article: "the Guard", "la Garde"."""
        return self.edition.card_phrase(card, self.lang)

    def effect(self, card: str) -> str:
        """A card's effect text."""
        return self.edition.effect_text(card, len(self.players), self.lang)

    def both(self, field: str, card: str) -> dict[str, str]:
        """A card as two template fields: ``field`` its name, ``the_field`` its phrase."""
        return {field: self.name(card), f"the_{field}": self.phrase(card)}

    def card(self, card: str) -> Text:
        """A card as "value Name", coloured by value."""
        value = self.value(card)
        return Text.assemble((f"{value} ", "bold"), (self.name(card), _VALUE_STYLES[value]))

    def seat(self, seat: int) -> str:
        """A seat's name, marked when it is the viewer's."""
        name = self.players[seat]
        return f"{name} ({self.tr('you')})" if seat == self.viewer else name

    def cards_by_value(self, value: int) -> list[str]:
        """The cards of this deck with that value."""
        return [card for card, spec in self.deck.items() if spec.value == value]


def tokens_text(tokens: int, goal: int) -> Text:
    """Tokens as filled and empty hearts, or a count when the goal is large."""
    if goal > 9:
        return Text(f"♥ {tokens}/{goal}", style="red")
    return Text.assemble(("♥" * tokens, "bold red"), ("♡" * (goal - tokens), "bright_black"))


#: The most cells a seat's name takes in the seats table, and its bot's level in it.
NAME_CELLS = 32
LEVEL_CELLS = 24


def _seat_name(name: str, level: str | None, lang: str) -> Text:
    """A seat's name with its bot's level in brackets ("Bot 2 [expert]"), each cut
    with an ellipsis so that the brackets stay whole."""
    text = Text(name)
    if level is None:
        text.truncate(NAME_CELLS, overflow="ellipsis")
        return text
    label = Text(level_name(lang, level))
    label.truncate(LEVEL_CELLS, overflow="ellipsis")
    text.truncate(max(8, NAME_CELLS - label.cell_len - 3), overflow="ellipsis")
    return Text.assemble(text, (f" [{label.plain}]", "bright_black"))


def seats_table(view: View, words: Words, levels: Sequence[str | None], width: int) -> Table:
    """One row per seat: turn marker, number, name, tokens, state and discard pile.

    Discard piles are cut from their oldest end to fit ``width`` cells.
    """
    goal = view["tokens_to_win"]
    rows = []
    for info in view["seats"]:
        seat = info["seat"]
        marker = Text("▶", style="bold yellow") if seat == view["to_move"] else Text(" ")
        name = _seat_name(words.seat(seat), levels[seat], words.lang)
        if seat == words.viewer:
            name.stylize("bold")
        if info["out"]:
            state = Text(words.tr("out"), style="red")
            name.stylize("strike bright_black")
        elif info["protected"]:
            state = Text(words.tr("protected"), style="cyan")
        else:
            state = Text("")
        for mark in _marks(view, seat, words):
            state.append(", " if state else "")
            state.append(mark, style="magenta")
        seat_text = Text(str(seat), style="bright_black")
        rows.append([marker, seat_text, name, tokens_text(info["tokens"], goal), state])
    fixed = [max(row[column].cell_len for row in rows) for column in range(5)]
    room = max(width - sum(fixed) - len(fixed), 8)
    table = Table.grid(padding=(0, 1))
    for column_width in fixed:
        table.add_column(width=column_width, no_wrap=True)
    table.add_column(no_wrap=True)
    for row, info in zip(rows, view["seats"], strict=True):
        table.add_row(*row, _fit_left(discards_text(info["discards"], words), room))
    return table


def _marks(view: View, seat: int, words: Words) -> list[str]:
    """What the table says of ``seat`` beside its state: the Jester token it holds
    (and whose it is), the Sycophant's choice that binds the next card."""
    marks = []
    jester = view["jester"]
    if jester is not None and jester["holder"] == seat:
        marks.append(words.tr("jester_mark", name=words.person(jester["owner"])))
    if view["sycophant"] == seat:
        marks.append(words.tr("sycophant_mark"))
    return marks


def _fit_left(text: Text, width: int) -> Text:
    """The end of ``text`` in at most ``width`` cells, marked with "…" when cut."""
    if text.cell_len <= width:
        return text
    cut = text[len(text) - (width - 1) :]
    return Text("…", style="bright_black") + cut


def discards_text(discards: Sequence[str], words: Words) -> Text:
    """A discard pile in order, oldest first."""
    if not discards:
        return Text(words.tr("no_discards"), style="bright_black")
    text = Text()
    for index, card in enumerate(discards):
        if index:
            text.append(" ▸ ", style="bright_black")
        text.append_text(words.card(card))
    return text


def table_line(view: View, words: Words) -> Text:
    """Deck count, the set-aside card and the face-up cards."""
    text = Text.assemble((words.tr("deck", count=view["deck_count"]), "bold"), "  ")
    text.append(f"{words.tr('set_aside')} ")
    if view["set_aside_taken"]:
        text.append(f"({words.tr('set_aside_taken')})", style="bright_black")
    else:
        text.append("▒▒", style="blue")
    if view["face_up"]:
        text.append(f"  {words.tr('face_up')} ")
        for index, card in enumerate(view["face_up"]):
            if index:
                text.append(", ")
            text.append_text(words.card(card))
    return text


def hand_text(cards: Sequence[str], words: Words) -> Text:
    """Cards with their value, name and effect."""
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append("\n\n")
        text.append_text(card_text(card, words))
    return text


def card_text(card: str, words: Words) -> Text:
    """One card: value and full name on a line, its effect below."""
    text = words.card(card)
    full = words.full_name(card)
    if full != words.name(card):
        text.append(full[len(words.name(card)) :], style="bright_black")
    text.append("\n")
    text.append(words.effect(card), style="italic")
    return text


def tracker(view: View, words: Words) -> Group:
    """Per card of the deck: how many copies are still unseen from the viewer's seat."""
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(justify="right", no_wrap=True)
    table.add_column(no_wrap=True)
    unseen = view["unseen"]
    for card, spec in sorted(words.deck.items(), key=lambda item: (item[1].value, item[0])):
        left = unseen.get(card, 0)
        bar = Text.assemble(("■" * left, "green"), ("□" * (spec.count - left), "bright_black"))
        count = Text(f"{left}/{spec.count}", style="bold" if left else "bright_black")
        table.add_row(words.card(card), count, bar)
    title = Text(words.tr("tracker_title"), style="bold")
    return Group(title, table, Text(words.tr("tracker_note"), style="bright_black italic"))


def notes_text(view: View, words: Words) -> Text:
    """The viewer's private notes this round: what they know now, and what they saw."""
    text = Text()
    known = view["known_hands"]
    if known:
        text.append(words.tr("notes_known") + "\n", style="bold")
        for seat, card in known.items():
            name = words.players[int(seat)]
            known_card = words.phrase(card)
            text.append("• " + words.tr("note_known", name=name, the_card=known_card) + "\n")
        text.append("\n")
    lines = private_notes(view["events"], words)
    if not lines and not known:
        return Text(words.tr("notes_none"), style="bright_black")
    for line in lines:
        text.append(line + "\n")
    return text


def private_notes(events: Sequence[EventDict], words: Words) -> list[str]:
    """One sentence per event that showed the viewer a card, with its turn number."""
    notes = []
    turn = 0
    viewer = words.viewer
    for event in events:
        if event["type"] == "turn":
            turn += 1
            continue
        note = _note(event, viewer, words)
        if note:
            notes.append(words.tr("note_turn", turn=turn) + note)
    return notes


def _note(event: EventDict, viewer: int | None, words: Words) -> str | None:
    players = words.players
    if event["type"] == "look" and event["card"] is not None and event["seat"] == viewer:
        name = words.person(event["target"])
        return words.tr("note_look", name=name, **words.both("card", event["card"]))
    if event["type"] == "look" and event["target"] == viewer and event["seat"] != viewer:
        return words.tr("note_seen", name=words.person(event["seat"]))
    if (
        event["type"] == "compare"
        and event["seat_card"] is not None
        and event["target_card"] is not None
    ):
        mine, theirs = event["seat_card"], event["target_card"]
        other = event["target"]
        if event["target"] == viewer:
            mine, theirs, other = theirs, mine, event["seat"]
        return words.tr(
            "note_compare",
            name=words.person(other),
            **words.both("mine", mine),
            **words.both("theirs", theirs),
        )
    if (
        event["type"] == "trade"
        and event["first_card"] is not None
        and event["second_card"] is not None
    ):
        give, get, other = event["first_card"], event["second_card"], event["second"]
        if event["second"] == viewer:
            give, get, other = get, give, event["first"]
        return words.tr(
            "note_trade", name=players[other], **words.both("give", give), **words.both("get", get)
        )
    if event["type"] in ("chancellor_draw", "chancellor_return") and event["cards"]:
        names = ", ".join(words.name(card) for card in event["cards"])
        key = "note_draw" if event["type"] == "chancellor_draw" else "note_return"
        return words.tr(key, cards=names)
    return None
