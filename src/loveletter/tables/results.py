"""What a finished game says of each seat, for its player's history: whether they won,
their tokens and rounds won, the card they held at each round they won and each time
they went out; and the rank each seat finished at (by tokens, the game's winners
first), which ratings read."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Game, Options, Record

#: The family each edition's games are rated in: the rules that play alike (a family
#: of its own for an edition not listed).
FAMILIES = {
    "classic": "classic",
    "2019-classic": "classic",
    "2019": "2019",
    "princess": "2019",
    "premium": "premium",
}


def former_player(seat: int) -> str:
    """The name a deleted account's seat takes in its finished games: it no longer
    identifies anyone."""
    return f"Player {seat + 1}"


def family_of(edition: str) -> str:
    """The family an edition's games are rated in."""
    return FAMILIES.get(edition, edition)


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's game: ``won_with`` and ``out_with`` list a card per round won or
    lost (the hand shown when the round was won, the hand revealed when knocked out);
    ``rank`` counts from 1, equal for equal places."""

    seat: int
    won: bool
    tokens: int
    rounds_won: int
    rank: int
    won_with: tuple[str, ...]
    out_with: tuple[str, ...]


def seat_results(record: Record) -> tuple[SeatResult, ...]:
    """Each seat's result in a finished game's record (replayed by the engine)."""
    players = record["players"]
    game = Game(
        record["edition"],
        players,
        options=Options.from_dict(dict(record.get("options") or {})),
        start=False,
    )
    won_with: list[list[str]] = [[] for _ in players]
    out_with: list[list[str]] = [[] for _ in players]
    for round_data in record["rounds"]:
        game.next_round(list(round_data["deck"]), round_data["first"])
        for text in round_data["actions"]:
            game.apply(text)
        for event in game.log:
            if event[0] == "out":
                out_with[event[1]].extend(event[2][:1])
        result = game.results[-1]
        for seat in result.winners:
            won_with[seat].extend(result.hands[seat][:1])
    winners = set(game.winners)
    rounds_won = [
        sum(seat in result.winners for result in game.results) for seat in range(len(players))
    ]

    def ahead(seat: int, other: int) -> bool:
        """Whether ``other`` finished ahead of ``seat``: a winner, or more tokens."""
        if (other in winners) != (seat in winners):
            return other in winners
        return game.tokens[other] > game.tokens[seat]

    seats = range(len(players))
    ranks = {seat: 1 + sum(ahead(seat, other) for other in seats) for seat in seats}
    return tuple(
        SeatResult(
            seat=seat,
            won=seat in winners,
            tokens=game.tokens[seat],
            rounds_won=rounds_won[seat],
            rank=ranks[seat],
            won_with=tuple(won_with[seat]),
            out_with=tuple(out_with[seat]),
        )
        for seat in range(len(players))
    )
