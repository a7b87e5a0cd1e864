"""The questions of a decision and the labels of their answers, from a seat's view.

:class:`~loveletter.tui.choices.ChoiceTree` says which answers are legal at each
step; this module says how to ask: "Guard on Bruno: name a card", with each card's
count of unseen copies, or why the Countess must be played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rich.table import Table
from rich.text import Text

from ..engine import CARD_KINDS, Choice, View
from .choices import ChoiceTree, Path
from .render import Words, card_text

#: The token of the answer confirming a play.
CONFIRM = "confirm"

#: The question that asks for the players a card chooses, by how it chooses them;
#: the Cardinal's says what it does.
_CHOOSING = {Choice.OTHERS: "choose_players", Choice.TWO: "choose_two"}
_CHOOSING_BY_CARD = {"cardinal": "choose_pair"}


class Question(NamedTuple):
    """One step of a decision: what is asked, the answers' tokens and their labels.

    A token is empty for a card that is shown but may not be played (the Countess rule).
    """

    text: str
    tokens: list[str]
    labels: Sequence[Text | Table]


def option_label(key: str, prompt: Text | Table) -> Table:
    """A choice: its key, then its text (wrapped under itself)."""
    label = Table.grid(padding=(0, 1), expand=True)
    label.add_column(width=3)
    label.add_column(ratio=1)
    label.add_row(Text(f" {key} ", "bold reverse"), prompt)
    return label


#: The keys of answers by their place in the list: 1-9, then the letters that choose
#: nothing else on the game screen (h: hint; l, t, n: the tabs). 31 keys; an 8-player
#: Cardinal offers 28 pairs, the most answers any step has.
PLACE_KEYS = "123456789" + "".join(c for c in "abcdefghijklmnopqrstuvwxyz" if c not in "hlnt")


def option_keys(tokens: list[str]) -> list[str]:
    """The key of each answer: the answer's own number when every answer is a
    different number 0-9 (seats, as the players panel shows them, or values), else
    its place in the list: 1-9, then letters (:data:`PLACE_KEYS`)."""
    if all(len(token) == 1 and token.isdigit() for token in tokens):
        return list(tokens)
    if len(tokens) > len(PLACE_KEYS):
        raise ValueError(f"{len(tokens)} answers: more than the {len(PLACE_KEYS)} keys")
    return list(PLACE_KEYS[: len(tokens)])


def question(view: View, words: Words, tree: ChoiceTree, prefix: Path) -> Question:
    """The step of the decision that ``prefix`` has reached."""
    tokens = tree.options(prefix)
    phase = view["phase"]
    if phase == "chancellor":
        if not prefix:
            labels = [Text(words.tr("keep", card=words.phrase(card))) for card in tokens]
            return Question(words.tr("keep_card"), tokens, labels)
        return Question(words.tr("order_cards"), tokens, [_order(t, words) for t in tokens])
    if phase == "cardinal":
        return Question(words.tr("cardinal_look"), tokens, [_look(t, words) for t in tokens])
    if phase == "bishop":
        pending = view["pending"]
        assert pending is not None  # the phase is bishop
        assert pending["step"] == "bishop"
        name = words.players[pending["bishop"]]
        labels = [Text(words.tr(f"reply_{token}")) for token in tokens]
        return Question(
            words.tr("bishop_answer", name=name, value=pending["value"]), tokens, labels
        )
    if not prefix:
        return _cards(view, words, tree, tokens)
    card = prefix[0]
    name = words.name(card)
    if len(prefix) == 1:
        key = _CHOOSING_BY_CARD.get(card) or _CHOOSING.get(
            CARD_KINDS[card].chooses, "choose_player"
        )
        labels = [_seats(token, view, words, card) for token in tokens]
        return Question(words.tr(key, card=name), tokens, labels)
    target = words.players[int(prefix[1])]
    names = CARD_KINDS[card].names
    key = "name_value" if names == "value" or view["guard_names_value"] else "name_card"
    rows = [_guess_row(token, view, words) for token in tokens]
    return Question(words.tr(key, card=name, name=target), tokens, rows)


def needs_confirmation(view: View, chosen: Path, path: Path) -> bool:
    """Whether a play must be confirmed before it is sent: its last steps were taken
    for the player (a single possible target), or it puts the player out of the round
    (the Princess played, or discarded by a Prince on oneself)."""
    return view["phase"] == "play" and (path != chosen or _puts_out(view, path))


def _puts_out(view: View, path: Path) -> bool:
    """Whether a play surely puts the player out: the Princess leaves their hand."""
    if path[0] == "princess":
        return True
    on_self = path[0] == "prince" and path[1:2] == (str(view["seat"]),)
    return on_self and "princess" in (view["hand"] or [])


def confirmation(view: View, words: Words, path: Path) -> Question:
    """The last question of a play that must be confirmed: the whole play, and yes."""
    card, *rest = path
    move = words.phrase(card)
    if rest:
        move += " → " + " + ".join(words.seat(int(seat)) for seat in rest[0].split())
    if len(rest) > 1:
        move += f" ({_guess(rest[1], words).plain})"
    text = words.tr("confirm_out" if _puts_out(view, path) else "confirm_move", move=move)
    return Question(text, [CONFIRM], [Text(words.tr("confirm"), style="bold")])


def countess_rule(view: View, words: Words) -> str | None:
    """Why only the Countess may be played, when the hand forces her (R21)."""
    hand = view["hand"] or []
    if view["phase"] != "play" or "countess" not in hand or view["legal_actions"] != ["countess"]:
        return None
    other = hand[0] if hand[1] == "countess" else hand[1]
    return words.tr("countess", countess=words.phrase("countess"), other=words.phrase(other))


def _cards(view: View, words: Words, tree: ChoiceTree, tokens: list[str]) -> Question:
    """The first step of a turn: every card in hand, with its effect."""
    cards = list(dict.fromkeys(view["hand"] or []))
    labels = []
    for card in cards:
        label = card_text(card, words)
        if card not in tokens:
            label.append(f"\n({words.tr('unplayable')})", style="red")
        elif tree.action((card,)) and CARD_KINDS[card].chooses_players:
            label.append(f"\n({words.tr('no_effect')})", style="yellow")
        labels.append(label)
    return Question(words.tr("play_card"), [c if c in tokens else "" for c in cards], labels)


def _seats(token: str, view: View, words: Words, card: str) -> Text:
    """One or two seats as a choice, with what the viewer knows of a single one's hand."""
    seats = [int(seat) for seat in token.split()]
    joiner = " ⇄ " if card == "cardinal" else " + "
    text = Text(joiner.join(words.seat(seat) for seat in seats))
    known = view["known_hands"].get(token)
    if known is not None:
        text.append("  (" + words.tr("you_know", card=words.phrase(known)) + ")", "green")
    return text


def _guess_row(token: str, view: View, words: Words) -> Table:
    """A guess on one line, however narrow: the card(s) cut short if need be, then
    the count of unseen copies, kept whole."""
    row = Table.grid(padding=(0, 2), expand=True)
    row.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    row.add_column(no_wrap=True, justify="right")
    row.add_row(_guess(token, words), _unseen(token, view, words))
    return row


def _guess(token: str, words: Words) -> Text:
    """A card or value to name."""
    if token.isdigit():
        cards = words.cards_by_value(int(token))
        return Text.assemble((token, "bold"), " " + " / ".join(map(words.name, cards)))
    return words.card(token)


def _unseen(token: str, view: View, words: Words) -> Text:
    """How many cards a guess could catch are still unseen from the viewer's seat."""
    unseen = view["unseen"]
    cards = words.cards_by_value(int(token)) if token.isdigit() else [token]
    count = sum(unseen.get(card, 0) for card in cards)
    style = "green" if count else "bright_black"
    return Text(words.tr_count("unseen", count), style=style)


def _order(token: str, words: Words) -> Text:
    """An order of the cards going under the deck."""
    return Text(words.tr("order", cards=", ".join(map(words.name, token.split()))))


def _look(token: str, words: Words) -> Text:
    """A hand the Cardinal may look at, or neither."""
    if token == "none":
        return Text(words.tr("look_none"))
    seat = int(token)
    if seat == words.viewer:
        return Text(words.tr("look_at", hand=words.tr("your_hand_short")))
    return Text(words.tr("look_at", hand=words.tr("hand_of_short", name=words.person(seat))))
