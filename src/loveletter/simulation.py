"""Whole games between bots, as fast as the engine and the bots go.

A seat is played by a bot (:mod:`loveletter.bots`) or, when none is given, by a
uniformly random player without building views, which is what makes random play
fast. This is what ``loveletter simulate``, ``loveletter arena`` and the benchmarks
run. Each game draws its cards from its own seed, so a run gives the same games for
a seed however many processes share it.
"""

from __future__ import annotations

import multiprocessing
import queue
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from .bots import Bot, RandomBot, make_bot
from .engine import Action, Game, Options, Record, build_view, export_record

RecordSink = Callable[[int, Record], None]
#: Which bot (an index into the match's bots) sits in each seat of game ``index``.
Lineup = Callable[[int], tuple[int, ...]]


class SimulationSummary(TypedDict):
    """A simulation's totals as JSON (``loveletter simulate --json``)."""

    edition: str
    players: int
    games: int
    rounds: int
    seconds: float
    rounds_per_second: float
    game_wins: list[int]
    round_wins: list[int]
    game_win_share: list[float]
    round_win_share: list[float]
    tied_games: int
    tied_rounds: int


@dataclass
class SimulationResult:
    """Totals of a simulation: per seat, games and rounds won (a tie counts for each of
    its winners), and how many games and rounds were tied."""

    edition: str
    players: int
    games: int = 0
    rounds: int = 0
    seconds: float = 0.0
    game_wins: list[int] = field(default_factory=list)
    round_wins: list[int] = field(default_factory=list)
    tied_games: int = 0
    tied_rounds: int = 0

    @property
    def rounds_per_second(self) -> float:
        """Rounds played per second of wall-clock time."""
        return self.rounds / self.seconds if self.seconds else 0.0

    def as_json(self) -> SimulationSummary:
        """The result as JSON data."""
        return {
            "edition": self.edition,
            "players": self.players,
            "games": self.games,
            "rounds": self.rounds,
            "seconds": round(self.seconds, 6),
            "rounds_per_second": round(self.rounds_per_second, 1),
            "game_wins": self.game_wins,
            "round_wins": self.round_wins,
            "game_win_share": [round(wins / max(self.games, 1), 4) for wins in self.game_wins],
            "round_win_share": [round(wins / max(self.rounds, 1), 4) for wins in self.round_wins],
            "tied_games": self.tied_games,
            "tied_rounds": self.tied_rounds,
        }


@dataclass(frozen=True)
class GameOutcome:
    """What one game of a match gave, per seat: small and picklable."""

    index: int
    lineup: tuple[int, ...]
    winners: tuple[int, ...]
    tokens: tuple[int, ...]
    round_winners: tuple[tuple[int, ...], ...]
    round_firsts: tuple[int, ...]  # the seat that played first in each round
    decisions: tuple[tuple[float, ...], ...]  # per seat, seconds per decision asked
    faults: tuple[int, ...]
    record: Record | None

    @property
    def rounds(self) -> int:
        """Rounds played."""
        return len(self.round_winners)


def play_random_game(game: Game, rng: random.Random) -> Game:
    """Play ``game`` to its end with uniformly random legal actions."""
    draw = rng.random
    while True:
        if game.to_move is None:
            if game.is_over:
                return game
            game.next_round()
            continue
        actions = game.legal_actions()
        game.apply(actions[int(draw() * len(actions))])


def play_game(
    game: Game,
    seats: Sequence[Bot | None],
    rngs: Sequence[random.Random],
    times: Sequence[list[float]],
) -> Game:
    """Play ``game`` to its end, ``seats[s]`` deciding for seat ``s`` with ``rngs[s]``.

    A bot is asked only when there is a choice; a seat with no bot (or the random
    bot) picks uniformly without building a view. The seconds each decision took are
    appended to ``times[s]``. Bots answer legal actions: the host of an external bot
    replaces a faulty answer itself and counts it in ``bot.faults``.
    """
    edition, n = game.rules.edition.id, game.seat_count
    for position, bot in enumerate(seats):
        if bot is not None:
            bot.start(edition, n, position)
    clock = time.perf_counter
    while True:
        seat = game.to_move
        if seat is None:
            if game.is_over:
                break
            game.next_round()
            continue
        actions = game.legal_actions()
        bot = seats[seat]
        if len(actions) == 1:
            game.apply(actions[0])
            continue
        started = clock()
        if bot is None or type(bot) is RandomBot:  # RandomBot.choose, without the view
            action: Action | str = actions[int(rngs[seat].random() * len(actions))]
        else:
            action = bot.choose(build_view(game, seat), rngs[seat])
        times[seat].append(clock() - started)
        game.apply(action, seat)
    for position, bot in enumerate(seats):
        if bot is not None:
            bot.finish(build_view(game, position))
    return game


class _Table:
    """The bots of one process, created once and reused from game to game."""

    def __init__(self, specs: Sequence[str]) -> None:
        self.specs = list(specs)
        self.bots: dict[tuple[int, int], Bot] = {}

    def seat_bots(self, lineup: tuple[int, ...]) -> list[Bot | None]:
        seen: dict[int, int] = {}
        seats: list[Bot | None] = []
        for index in lineup:
            copy = seen[index] = seen.get(index, -1) + 1
            key = (index, copy)
            if key not in self.bots:
                self.bots[key] = make_bot(self.specs[index])
            seats.append(self.bots[key])
        return seats

    def close(self) -> None:
        for bot in self.bots.values():
            bot.close()
        self.bots.clear()


@dataclass(frozen=True)
class MatchSpec:
    """Everything a process needs to play any game of a match."""

    edition: str
    players: int
    options: Options | None
    bots: tuple[str, ...] | None  # None: every seat random, without bots
    names: tuple[str, ...] | None
    seeds: tuple[int, ...]
    lineups: tuple[tuple[int, ...], ...]
    records: bool


def _seat_names(names: Sequence[str]) -> list[str]:
    """One game's seat names, a bot seated again numbered: "random", "random 2"."""
    seated: Counter[str] = Counter()
    numbered = []
    for name in names:
        seated[name] += 1
        numbered.append(name if seated[name] == 1 else f"{name} {seated[name]}")
    return numbered


def _play_one(spec: MatchSpec, index: int, table: _Table | None) -> GameOutcome:
    seed = spec.seeds[index]
    lineup = spec.lineups[index]
    deal_rng = random.Random(seed)
    names = spec.names and _seat_names([spec.names[bot] for bot in lineup])
    game = Game(spec.edition, names or spec.players, options=spec.options, rng=deal_rng)
    times: list[list[float]] = [[] for _ in range(spec.players)]
    seats = table.seat_bots(lineup) if table is not None else [None] * spec.players
    before = [bot.faults if bot is not None else 0 for bot in seats]
    if table is None:
        play_random_game(game, deal_rng)
    else:
        rngs = [random.Random(seed * 16 + seat + 1) for seat in range(spec.players)]
        play_game(game, seats, rngs, times)
    return GameOutcome(
        index=index,
        lineup=lineup,
        winners=tuple(game.winners),
        tokens=tuple(game.tokens),
        round_winners=tuple(result.winners for result in game.results),
        round_firsts=tuple(record.first for record in game.history),
        decisions=tuple(tuple(seat_times) for seat_times in times),
        faults=tuple(
            (bot.faults if bot is not None else 0) - count
            for bot, count in zip(seats, before, strict=True)
        ),
        record=export_record(game) if spec.records else None,
    )


def _play_share(spec: MatchSpec, indices: range, results: Any) -> None:
    """A worker process: play the games ``indices`` in order, with its own bots."""
    table = _Table(spec.bots) if spec.bots is not None else None
    try:
        for index in indices:
            results.put(_play_one(spec, index, table))
    except Exception as error:
        results.put(error)
    finally:
        if table is not None:
            table.close()


def match_spec(
    edition: str,
    players: int,
    games: int,
    *,
    bots: Sequence[str] | None = None,
    names: Sequence[str] | None = None,
    lineup: Lineup | None = None,
    seed: int | None = None,
    options: Options | None = None,
    records: bool = False,
    period: int = 1,
) -> MatchSpec:
    """The games of a match: a seed per game, and the bot in each seat.

    ``lineup(index)`` gives the bot of each seat (default: seat ``s`` gets bot
    ``s % len(bots)``); without ``bots`` every seat plays at random. The games of
    each run of ``period`` games share their seed: they are dealt the same cards
    while the bots change seats (a duplicate format).
    """
    master = random.Random(seed)
    group_seeds = [master.getrandbits(48) for _ in range(-(-games // period))]
    count = len(bots) if bots else 1
    pick = lineup or (lambda index: tuple(seat % count for seat in range(players)))
    return MatchSpec(
        edition=edition,
        players=players,
        options=options,
        bots=tuple(bots) if bots else None,
        names=tuple(names) if names else None,
        seeds=tuple(group_seeds[index // period] for index in range(games)),
        lineups=tuple(pick(index) for index in range(games)),
        records=records,
    )


def play_match(spec: MatchSpec, *, jobs: int = 1) -> Iterator[GameOutcome]:
    """Play the games of ``spec``, yielding their outcomes in order of game.

    With ``jobs`` > 1 the games are dealt to that many processes in turn (process
    ``k`` plays games ``k``, ``k + jobs``...), each with its own bots: a run is the
    same for the same seed and ``jobs``, even with bots that learn from game to game.
    """
    games = range(len(spec.seeds))
    if jobs <= 1:
        table = _Table(spec.bots) if spec.bots is not None else None
        try:
            for index in games:
                yield _play_one(spec, index, table)
        finally:
            if table is not None:
                table.close()
        return
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    workers = [
        context.Process(target=_play_share, args=(spec, range(k, len(games), jobs), results))
        for k in range(jobs)
    ]
    for worker in workers:
        worker.start()
    done: dict[int, GameOutcome] = {}
    try:
        for index in games:
            while index not in done:
                try:
                    item = results.get(timeout=1.0)
                except queue.Empty:
                    if not any(worker.is_alive() for worker in workers):
                        raise RuntimeError("a worker process died") from None
                    continue
                if isinstance(item, Exception):
                    raise item
                done[item.index] = item
            yield done.pop(index)
    finally:
        for worker in workers:
            if worker.is_alive():
                worker.terminate()
            worker.join()


def simulate(
    edition: str,
    players: int,
    games: int,
    *,
    seed: int | None = None,
    options: Options | None = None,
    on_record: RecordSink | None = None,
    bots: Sequence[str] | None = None,
    on_game: Callable[[GameOutcome], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games; ``on_record(index, record)`` receives each record and
    ``on_game`` each game's outcome (neither is counted in the time taken).

    Seat ``s`` is played by ``bots[s % len(bots)]`` (specs for :func:`make_bot`);
    without ``bots`` every seat plays uniformly at random, as fast as possible.
    """
    spec = match_spec(
        edition, players, games, bots=bots, seed=seed, options=options, records=bool(on_record)
    )
    result = SimulationResult(edition, players, game_wins=[0] * players, round_wins=[0] * players)
    started = time.perf_counter()
    for outcome in play_match(spec):
        result.games += 1
        result.rounds += outcome.rounds
        result.tied_games += len(outcome.winners) > 1
        for seat in outcome.winners:
            result.game_wins[seat] += 1
        for winners in outcome.round_winners:
            result.tied_rounds += len(winners) > 1
            for seat in winners:
                result.round_wins[seat] += 1
        if on_game is not None or (on_record is not None and outcome.record is not None):
            result.seconds += time.perf_counter() - started
            if on_record is not None and outcome.record is not None:
                on_record(outcome.index, outcome.record)
            if on_game is not None:
                on_game(outcome)
            started = time.perf_counter()
    result.seconds += time.perf_counter() - started
    return result
