"""A bot's timing tells nothing of its hand.

A spectator times every bot decision of whole games between two hard bots
(``--bot-delay 0``: no artificial delay) as the time between the state in which the
bot must move and the state after its move. The games' records then tell which decisions were
forced (one legal action: a Countess held with a King or a Prince, say) and which
were free. The two samples must come from one distribution: the largest gap between
their empirical distribution functions (the two-sample Kolmogorov-Smirnov statistic
D) bounds how well any threshold on the time tells them apart (a balanced accuracy
of (1 + D) / 2). When the server played forced moves at once, D was 0.6 here (hard
bots: a median of 0.9 ms for a forced move, 5 ms for a free one); it is now about 0.1.
"""

from __future__ import annotations

import asyncio
import bisect
import time
from pathlib import Path

from loveletter.engine import Game, Options

from .harness import Client, Message, ServerProcess, create_table, finished, is_state, record

#: Forced decisions to time (about one decision in sixteen is forced).
FORCED = 60
#: The largest D accepted: a best threshold right at most 67.5% of the time. Two
#: samples of 60 and 900 from one distribution exceed 0.26 once in a thousand runs.
LARGEST_GAP = 0.35


def test_a_bot_takes_as_long_over_a_forced_move_as_over_a_free_one(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'timing.db'}", tmp_path / "server.log")
    server.start()
    try:
        forced, free = asyncio.run(time_decisions(server))
    finally:
        server.stop()
    assert len(forced) >= FORCED
    gap = largest_gap(forced, free)
    assert gap < LARGEST_GAP, (gap, sorted(forced)[len(forced) // 2], sorted(free)[len(free) // 2])


async def time_decisions(server: ServerProcess) -> tuple[list[float], list[float]]:
    """The times of the bots' forced and free decisions, as a spectator sees them."""
    created = create_table(
        server.url,
        edition="classic",
        seats=[{"kind": "bot", "level": "hard"}, {"kind": "bot", "level": "hard"}],
        options={"tokens_to_win": 7},
    )
    table = created["table"]
    spectator = await Client.open(server.ws_url, table)
    await spectator.until(is_state)
    forced: list[float] = []
    free: list[float] = []
    game = 1
    while len(forced) < FORCED:
        arrived: dict[tuple[int, int], float] = {}  # (round, actions) -> when seen first
        message = {"type": "start" if game == 1 else "rematch"}
        await spectator.send({**message, "host_token": created["host_token"]})
        while True:
            state = await spectator.recv()
            position = state.get("position")
            if is_state(state) and position and position["game"] == game:
                arrived.setdefault((position["round"], position["actions"]), time.monotonic())
                if finished(state):
                    break
        for key, took in decision_times(record(server.url, table, game), arrived):
            (forced if key else free).append(took)
        game += 1
    await spectator.close()
    return forced, free


def decision_times(
    data: Message, arrived: dict[tuple[int, int], float]
) -> list[tuple[bool, float]]:
    """(whether it was forced, seconds) for each decision both ends of which were seen."""
    game = Game(
        data["edition"], data["players"], options=Options.from_dict(data["options"]), start=False
    )
    times = []
    for number, round_data in enumerate(data["rounds"], start=1):
        game.next_round(round_data["deck"], round_data["first"])
        for count, action in enumerate(round_data["actions"]):
            before, after = arrived.get((number, count)), arrived.get((number, count + 1))
            if before is not None and after is not None:
                times.append((len(game.legal_actions()) == 1, after - before))
            game.apply(action)
    return times


def largest_gap(one: list[float], other: list[float]) -> float:
    """The two-sample Kolmogorov-Smirnov statistic."""
    one, other = sorted(one), sorted(other)

    def cdf(sample: list[float], x: float) -> float:
        return bisect.bisect_right(sample, x) / len(sample)

    return max(abs(cdf(one, x) - cdf(other, x)) for x in one + other)


def test_the_gap_between_distributions_is_measured_as_expected() -> None:
    assert largest_gap([1, 2, 3], [1, 2, 3]) == 0
    assert largest_gap([1, 2], [3, 4]) == 1
    assert largest_gap([1, 2, 3, 4], [3, 4, 5, 6]) == 0.5
