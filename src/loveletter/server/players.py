"""Players' profiles, histories and the leaderboards: reads of what finished games gave
the accounts (``ratings.py`` writes it), shaped as the HTTP API answers them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import orjson
from starlette.concurrency import run_in_threadpool

from ..tables import AccountGame, RatingData
from .ratings import FIXED_MU, FIXED_SIGMA
from .refusals import RequestRefused
from .repository import ServerRepository

#: How many rated games the rating's chart draws (the latest).
HISTORY_POINTS = 200


def unknown_player() -> RequestRefused:
    """The refusal of an account id that names nobody."""
    return RequestRefused(404, "unknown_player", "there is no such player")


#: How many games a page of records holds while they are streamed.
RECORD_PAGE = 200


def game_info(game: AccountGame) -> dict[str, Any]:
    """One game of a player's history, with where to replay it and get its record."""
    return {
        "table": game.table_id,
        "game": game.game,
        "seat": game.seat,
        "edition": game.edition,
        "family": game.family,
        "players": game.players,
        "finished_at": game.finished_at,
        "won": game.won,
        "tokens": game.tokens,
        "rounds_won": game.rounds_won,
        "rank": game.rank,
        "rating_before": game.rating_before,
        "rating_after": game.rating_after,
        "replay": f"/r/{game.table_id}/{game.game}",
        "record": f"/api/tables/{game.table_id}/games/{game.game}/record",
    }


def rating_info(rating: RatingData) -> dict[str, Any]:
    """A rating: its family, its ordinal (what ranks it), openskill's mu and sigma."""
    return {
        "family": rating.family,
        "ordinal": rating.ordinal,
        "mu": rating.mu,
        "sigma": rating.sigma,
        "games": rating.games,
    }


@dataclass(frozen=True, slots=True)
class PlayerService:
    """The reads of the players' pages, off the event loop."""

    repository: ServerRepository

    async def profile(self, account_id: str) -> dict[str, Any]:
        """An account's profile: its games by edition, its ratings and their latest
        history, its cards; 404 ``unknown_player`` for no such account."""
        repository = self.repository
        account = await run_in_threadpool(repository.account, account_id)
        if account is None:
            raise unknown_player()
        stats = await run_in_threadpool(repository.account_stats, account_id)
        ratings = await run_in_threadpool(repository.account_ratings, account_id)
        cards = await run_in_threadpool(repository.account_cards, account_id)
        recent = await run_in_threadpool(repository.account_games, account_id, HISTORY_POINTS)
        return {
            "id": account.id,
            "name": account.name,
            "since": account.created_at,
            "editions": [
                {"edition": s.edition, "games": s.games, "wins": s.wins, "rounds_won": s.rounds_won}
                for s in stats
            ],
            "ratings": [
                {
                    "family": r.family,
                    "ordinal": r.ordinal,
                    "mu": r.mu,
                    "sigma": r.sigma,
                    "games": r.games,
                }
                for r in ratings
            ],
            "history": [
                {"family": g.family, "finished_at": g.finished_at, "rating": g.rating_after}
                for g in reversed(recent)
                if g.rating_after is not None
            ],
            "cards": [{"card": c.card, "won": c.won, "out": c.out} for c in cards],
            "fixed_rating": {"mu": FIXED_MU, "sigma": FIXED_SIGMA},
        }

    async def check(self, account_id: str) -> None:
        """404 ``unknown_player`` for no such account."""
        if await run_in_threadpool(self.repository.account, account_id) is None:
            raise unknown_player()

    async def games(self, account_id: str, limit: int, offset: int) -> list[dict[str, Any]]:
        """A page of an account's finished games, most recent first."""
        games = await run_in_threadpool(self.repository.account_games, account_id, limit, offset)
        return [game_info(game) for game in games]

    async def records(self, account_id: str) -> AsyncIterator[bytes]:
        """Every finished game's record of an account, as one JSON array, most recent
        first, read a page at a time."""
        yield b"["
        first = True
        offset = 0
        while True:
            page = await run_in_threadpool(
                self.repository.account_games, account_id, RECORD_PAGE, offset
            )
            for game in page:
                found = await run_in_threadpool(self.repository.record, game.table_id, game.game)
                if found is None or found[1] is None:
                    continue
                yield (b"" if first else b",") + orjson.dumps(found[1])
                first = False
            if len(page) < RECORD_PAGE:
                break
            offset += RECORD_PAGE
        yield b"]"

    async def leaderboard(
        self, family: str, min_games: int, limit: int, offset: int
    ) -> dict[str, Any]:
        """A page of a family's leaderboard, best first, each with its place."""
        board = await run_in_threadpool(
            self.repository.leaderboard, family, min_games, limit, offset
        )
        return {
            "family": family,
            "min_games": min_games,
            "players": [
                {
                    "place": offset + index,
                    "id": rating.account_id,
                    "name": name,
                    **rating_info(rating),
                }
                for index, (name, rating) in enumerate(board, start=1)
            ],
        }

    async def game_ratings(self, table_id: str, number: int) -> list[dict[str, Any]]:
        """The accounts' results of a finished game and their ratings' change."""
        results = await run_in_threadpool(self.repository.game_results, table_id, number)
        return [
            {"seat": g.seat, "rating_before": g.rating_before, "rating_after": g.rating_after}
            for g in results
        ]
