"""Tournaments between bots: win rates with confidence intervals, and ratings.

Seats rotate from game to game so that nobody gains from position, and the games of
one rotation are dealt the same cards (a duplicate format: luck of the deal cancels
out). A bot's game or round counts as won when one of its seats wins it, alone or
jointly. Ratings are OpenSkill (Plackett-Luce) ratings over the games, in order.
"""

from __future__ import annotations

import math
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from openskill.models import PlackettLuce, PlackettLuceRating

from .engine import Options
from .simulation import GameOutcome, match_spec, play_match

#: The most bots an arena takes.
MAX_BOTS = 16


def wilson(wins: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if total == 0:
        return (0.0, 1.0)
    p = wins / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def rotation(players: int, bots: int) -> Callable[[int], tuple[int, ...]]:
    """Seat ``s`` of game ``i`` gets bot ``(s + i) % bots``: every bot sits everywhere."""
    return lambda index: tuple((seat + index) % bots for seat in range(players))


class BotLine(TypedDict):
    """One bot's totals as JSON (a line of ``loveletter arena --json``)."""

    name: str
    games: int
    games_won: int
    game_win_rate: float
    game_ci95: list[float]
    rounds: int
    rounds_won: int
    round_win_rate: float
    round_ci95: list[float]
    rating: float
    rating_mu: float
    rating_sigma: float
    decisions: int
    ms_per_decision_median: float
    faults: int


class ArenaSummary(TypedDict):
    """An arena's totals as JSON (``loveletter arena --json``)."""

    edition: str
    players: int
    bots: list[BotLine]
    seconds: float


@dataclass
class BotStats:
    """One bot's totals in an arena."""

    name: str
    rating: PlackettLuceRating
    games: int = 0
    games_won: int = 0
    rounds: int = 0
    rounds_won: int = 0
    faults: int = 0
    times: list[float] = field(default_factory=list)

    @property
    def round_win_rate(self) -> float:
        return self.rounds_won / self.rounds if self.rounds else 0.0

    @property
    def game_win_rate(self) -> float:
        return self.games_won / self.games if self.games else 0.0

    @property
    def ms_per_decision(self) -> float:
        """The median time of a decision, in milliseconds."""
        return statistics.median(self.times) * 1000 if self.times else 0.0

    def as_json(self) -> BotLine:
        """This bot's line of ``loveletter arena --json``."""
        round_low, round_high = wilson(self.rounds_won, self.rounds)
        game_low, game_high = wilson(self.games_won, self.games)
        return {
            "name": self.name,
            "games": self.games,
            "games_won": self.games_won,
            "game_win_rate": round(self.game_win_rate, 4),
            "game_ci95": [round(game_low, 4), round(game_high, 4)],
            "rounds": self.rounds,
            "rounds_won": self.rounds_won,
            "round_win_rate": round(self.round_win_rate, 4),
            "round_ci95": [round(round_low, 4), round(round_high, 4)],
            "rating": round(self.rating.ordinal(), 3),
            "rating_mu": round(self.rating.mu, 3),
            "rating_sigma": round(self.rating.sigma, 3),
            "decisions": len(self.times),
            "ms_per_decision_median": round(self.ms_per_decision, 3),
            "faults": self.faults,
        }


@dataclass
class ArenaResult:
    """An arena's totals, per bot."""

    edition: str
    players: int
    bots: list[BotStats]
    seconds: float = 0.0

    def as_json(self) -> ArenaSummary:
        """The JSON object printed by ``loveletter arena --json``."""
        return {
            "edition": self.edition,
            "players": self.players,
            "bots": [bot.as_json() for bot in self.bots],
            "seconds": round(self.seconds, 3),
        }


def bot_names(specs: Sequence[str]) -> list[str]:
    """Display names, unique: a spec given twice becomes ``spec#1``, ``spec#2``."""
    counts = Counter(spec.strip() for spec in specs)
    seen: Counter[str] = Counter()
    names: list[str] = []
    for spec in specs:
        name = spec.strip()
        if counts[name] > 1:
            seen[name] += 1
            name = f"{name}#{seen[name]}"
        names.append(name)
    return names


def run_arena(
    edition: str,
    players: int,
    bots: Sequence[str],
    games: int,
    *,
    seed: int | None = None,
    jobs: int = 1,
    options: Options | None = None,
    records: bool = False,
    on_game: Callable[[GameOutcome], None] | None = None,
) -> ArenaResult:
    """Play ``games`` games between ``bots`` (specs for :func:`loveletter.bots.make_bot`)."""
    if not 1 <= len(bots) <= MAX_BOTS:
        raise ValueError(f"an arena takes 1 to {MAX_BOTS} bots")
    names = bot_names(bots)
    lineup = rotation(players, len(bots))
    spec = match_spec(
        edition,
        players,
        games,
        bots=bots,
        names=[name[:40] for name in names],
        lineup=lineup,
        seed=seed,
        options=options,
        records=records,
        period=len(bots),
    )
    model = PlackettLuce()
    stats = [BotStats(name, model.rating(name=name)) for name in names]
    started = time.perf_counter()
    for outcome in play_match(spec, jobs=jobs):
        count_game(outcome, stats, model)
        if on_game is not None:
            on_game(outcome)
    return ArenaResult(edition, players, stats, time.perf_counter() - started)


def count_game(outcome: GameOutcome, stats: list[BotStats], model: PlackettLuce) -> None:
    """Add one game to the bots' totals and ratings."""
    present = sorted(set(outcome.lineup))
    seats_of = {bot: [s for s, b in enumerate(outcome.lineup) if b == bot] for bot in present}
    for bot in present:
        line = stats[bot]
        seats = seats_of[bot]
        line.games += 1
        line.games_won += any(seat in outcome.winners for seat in seats)
        line.rounds += outcome.rounds
        line.rounds_won += sum(
            1 for winners in outcome.round_winners if any(seat in winners for seat in seats)
        )
        line.faults += sum(outcome.faults[seat] for seat in seats)
        for seat in seats:
            line.times.extend(outcome.decisions[seat])
    if len(present) < 2:
        return
    results = {
        bot: (
            any(seat in outcome.winners for seat in seats_of[bot]),
            max(outcome.tokens[seat] for seat in seats_of[bot]),
        )
        for bot in present
    }
    order = sorted(set(results.values()), reverse=True)
    ranks = [float(order.index(results[bot]) + 1) for bot in present]
    rated = model.rate([[stats[bot].rating] for bot in present], ranks=ranks)
    for bot, team in zip(present, rated, strict=True):
        stats[bot].rating = team[0]


def can_plot() -> bool:
    """Whether :func:`plot` can draw: matplotlib comes with the ``plot`` extra."""
    try:
        import matplotlib  # noqa: F401 - imported to learn whether it is installed
    except ImportError:
        return False
    return True


def plot(result: ArenaResult, path: str) -> None:
    """Write a chart of round win rates (95% intervals) and ratings to ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [bot.name for bot in result.bots]
    rates = [bot.round_win_rate for bot in result.bots]
    intervals = [wilson(bot.rounds_won, bot.rounds) for bot in result.bots]
    below = [rate - low for rate, (low, _) in zip(rates, intervals, strict=True)]
    above = [high - rate for rate, (_, high) in zip(rates, intervals, strict=True)]
    figure, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    left.bar(names, rates, yerr=[below, above], capsize=6, color="#b03a48")
    left.set_ylim(0, 1)
    left.set_ylabel("rounds won (95% interval)")
    ratings = [bot.rating.mu for bot in result.bots]
    sigmas = [bot.rating.sigma for bot in result.bots]
    right.bar(names, ratings, yerr=sigmas, capsize=6, color="#3a6db0")
    right.set_ylabel("OpenSkill rating (mu ± sigma)")
    figure.suptitle(f"{result.edition} · {result.players} players")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
