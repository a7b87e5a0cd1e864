"""A finished game, step by step, for the replay page.

Once a game is over nothing of it is secret any more (docs/rules.md R52: the review of
a finished round shows every hand), so each step gives the spectator's view, every
hand and the set-aside card. Only finished games are replayed: the service refuses
the others before their record is read.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import NotRequired, TypedDict

from ..engine import Game, Narrator, Options, Record, build_view, events_for

#: View keys a step leaves out: the log lines tell the events.
_DROPPED = frozenset({"events", "learned", "legal_actions", "known_hands", "hand"})


class ReplayStep(TypedDict):
    """One step of a replay: a deal (``action`` null) or one decision."""

    round: int
    action: str | None
    seat: int | None
    log: list[str]
    view: dict[str, object]  # a spectator's View without the keys of _DROPPED, its
    # "results" only the review of the step's own round (none before the round ends)
    hands: list[list[str]]
    set_aside: str | None


class Replay(TypedDict):
    """A finished game for the replay page; the service adds its table and number."""

    edition: str
    players: list[str]
    winners: list[int]
    steps: list[ReplayStep]
    table: NotRequired[str]
    game: NotRequired[int]


def replay_steps(record: Record, lang: str) -> Replay:
    """The game of a (finished, stored) record as a list of steps, told in ``lang``.

    A step is the deal of a round (``action`` null) or one decision: the seat that
    took it, its notation, the log lines it produced (a spectator's narration), the
    spectator's view after it (its round's review only, once the round is over: the
    reviews of every earlier round at every step would grow with the game's square),
    and every hand and the set-aside card.
    """
    game = Game(
        record["edition"],
        record["players"],
        options=Options.from_dict(record["options"]),
        start=False,
    )
    narrator = Narrator(game.edition, game.players, None, lang)
    steps: list[ReplayStep] = []

    def step(action: str | None, seat: int | None, told: int) -> None:
        reviewed = len(game.results)  # the rounds reviewed before this one's, if it is over
        if reviewed and game.results[-1].number == game.round:
            reviewed -= 1
        built = build_view(game, None, events_from=len(game.log), results_from=reviewed)
        view = {key: value for key, value in built.items() if key not in _DROPPED}
        steps.append(
            {
                "round": game.round,
                "action": action,
                "seat": seat,
                "log": narrator.lines(events_for(game.log[told:], None)),
                "view": view,
                "hands": [list(hand) for hand in game.hands],
                "set_aside": game.set_aside,
            }
        )

    for round_data in record["rounds"]:
        game.next_round(round_data["deck"], round_data["first"])
        step(None, None, 0)
        for action in round_data["actions"]:
            seat, told = game.to_move, len(game.log)
            game.apply(action)
            step(action, seat, told)
    return {
        "edition": game.edition.id,
        "players": list(game.players),
        "winners": list(game.winners),
        "steps": steps,
    }


class ReplayTexts:
    """Replays encoded as JSON text, by (table, game, language): a finished game never
    changes, so the latest asked for are kept, up to ``capacity`` characters in all."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._texts: OrderedDict[tuple[str, int, str], str] = OrderedDict()
        self._size = 0

    def get(self, key: tuple[str, int, str]) -> str | None:
        """The replay's text, if kept (it becomes the latest used)."""
        text = self._texts.get(key)
        if text is not None:
            self._texts.move_to_end(key)
        return text

    def put(self, key: tuple[str, int, str], text: str) -> None:
        """Keep a replay's text, dropping the least recently used beyond the capacity."""
        if key in self._texts or len(text) > self.capacity:
            return
        self._texts[key] = text
        self._size += len(text)
        while self._size > self.capacity:
            _, dropped = self._texts.popitem(last=False)
            self._size -= len(dropped)
