"""Ratings (openskill's Plackett-Luce model), per family of editions: what a finished
game changes for the accounts that played it.

A game is rated when at least two accounts played it. Its players are ranked by the
game's end (its winners first, then by tokens; equal places share a rank). A guest
or a bot counts as an opponent of the model's starting rating (mu 25, sigma 25/3),
the same every game: it is never changed. An account's rating is ranked by its
ordinal, ``mu - 3 sigma`` (0 at the start).
"""

from __future__ import annotations

from collections import Counter

from openskill.models import PlackettLuce

from ..tables import AccountGame, CardCount, FinishedGame, GameResults, RatingData
from ..tables.results import family_of, seat_results

MODEL = PlackettLuce()

#: The rating a guest or a bot counts as: the model's start, never changed.
FIXED_MU, FIXED_SIGMA = MODEL.mu, MODEL.sigma


def results_of(game: FinishedGame, ratings: dict[str, RatingData]) -> GameResults:
    """The results, new ratings and card counts a finished game gives its accounts;
    ``ratings`` holds their ratings so far in the game's family (a missing one starts)."""
    family = family_of(game.edition)
    seats = seat_results(game.record)
    accounts = [account for account in game.accounts if account is not None]
    rated = len(set(accounts)) >= 2
    before = [
        MODEL.rating(mu=found.mu, sigma=found.sigma)
        if account is not None and (found := ratings.get(account)) is not None
        else MODEL.rating(mu=FIXED_MU, sigma=FIXED_SIGMA)
        for account in game.accounts
    ]
    after = (
        [team[0] for team in MODEL.rate([[r] for r in before], ranks=[s.rank for s in seats])]
        if rated
        else before
    )
    played: list[AccountGame] = []
    new_ratings: list[RatingData] = []
    cards: list[CardCount] = []
    for result in seats:
        account = game.accounts[result.seat]
        if account is None:
            continue
        old, new = before[result.seat], after[result.seat]
        played.append(
            AccountGame(
                account_id=account,
                table_id=game.table_id,
                game=game.number,
                seat=result.seat,
                edition=game.edition,
                family=family,
                players=len(seats),
                finished_at=game.finished_at,
                won=result.won,
                tokens=result.tokens,
                rounds_won=result.rounds_won,
                rank=result.rank,
                rating_before=old.ordinal() if rated else None,
                rating_after=new.ordinal() if rated else None,
            )
        )
        if rated:
            games = ratings[account].games if account in ratings else 0
            new_ratings.append(
                RatingData(account, family, new.mu, new.sigma, new.ordinal(), games + 1)
            )
        won, out = Counter(result.won_with), Counter(result.out_with)
        cards.extend(
            CardCount(account, card, won[card], out[card]) for card in sorted(won.keys() | out)
        )
    return GameResults(tuple(played), tuple(new_ratings), tuple(cards))
