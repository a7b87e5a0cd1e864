"""A finished game, step by step, for the replay page.

Once a game is over nothing of it is secret any more (docs/rules.md R52: the review of
a finished round shows every hand), so each step gives the spectator's view, every
hand and the set-aside card. Only finished games are replayed: the service refuses
the others before their record is read.
"""

from __future__ import annotations

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
    view: dict[str, object]  # a spectator's View without the keys of _DROPPED
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
    spectator's view after it, and the review: every hand and the set-aside card.
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
        view = {key: value for key, value in build_view(game, None).items() if key not in _DROPPED}
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
