"""The opponents' replies in the search's rollouts are the heuristic bot's, remembered
by what the replying seat has seen and nothing else, its tied best plays each as
likely."""

from __future__ import annotations

import random

import pytest

from loveletter.bots import HeuristicBot, SearchBot
from loveletter.bots.replies import Replies
from loveletter.engine import Action, Game, WorldSampler, build_view, parse_action, redact
from loveletter.engine.events import may_see

from .conftest import positions


def heuristic_choices(game: Game, seat: int) -> set[str]:
    return {str(parse_action(text)) for text in HeuristicBot().choices(build_view(game, seat))}


def test_a_remembered_reply_is_the_heuristic_bots_in_every_world_at_every_table() -> None:
    rng = random.Random(5)
    remembered = checked = 0
    for game in positions(seed=24, per_table=6):
        replying = game.to_move
        assert replying is not None
        searching = (replying + 1) % game.seat_count  # a seat that cannot see the replying hand
        view = build_view(game, searching)
        sampler = WorldSampler(view)
        replies = Replies(rng.randint(0, len(view["events"])))
        for _ in range(12):
            world = sampler.sample(rng)
            replies.new_world()
            decided = str(replies.decide(world, replying, rng))
            assert decided in heuristic_choices(world, replying)
            checked += 1
        remembered += len(replies._decisions) < 12
    assert checked > 900
    assert remembered > 40  # worlds that looked the same to the replying seat met again


def test_a_remembered_reply_draws_among_the_heuristic_bots_tied_best_plays() -> None:
    game = Game("classic", 2, start=False)
    deck = ["baron", "guard", "guard", "guard", "guard", "handmaid", "king", "guard"]
    deck += ["priest", "priest", "baron", "handmaid", "prince", "prince", "countess", "princess"]
    game.next_round(deck=deck, first=1)  # seat 1 holds a Guard and the King, to move
    tied = heuristic_choices(game, 1)
    assert len(tied) == 4  # the Guard naming any card two of which are unseen
    replies, rng = Replies(0), random.Random(8)
    drawn = [str(replies.decide(game, 1, rng)) for _ in range(400)]
    assert set(drawn) == tied
    assert all(70 < drawn.count(reply) < 130 for reply in tied)
    assert len(replies._decisions) == 1  # drawn from one remembered decision


def test_redacting_hides_exactly_the_cards_a_seat_may_not_see() -> None:
    game = Game("2019", 4, seed=9)
    while game.to_move is not None and len(game.log) < 40:
        game.apply(random.Random(len(game.log)).choice(game.legal_actions()))
    for event in game.log:
        for seat in range(game.seat_count):
            redacted = redact(event, seat)
            assert len(redacted) == len(event)
            if may_see(event, seat):
                assert redacted is event
            else:
                assert redacted != event
                assert all(a == b for a, b in zip(redacted, event, strict=True) if a is not None)


def test_the_search_models_replies_at_tables_of_two_only(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: dict[int, int] = {}
    decide = Replies.decide

    def counted(replies: Replies, game: Game, seat: int, rng: random.Random) -> Action:
        calls[game.seat_count] = calls.get(game.seat_count, 0) + 1
        return decide(replies, game, seat, rng)

    monkeypatch.setattr(Replies, "decide", counted)
    for game in positions(seed=25, per_table=2):
        if game.phase.value == "play" and game.rules.edition.id == "2019":
            view = build_view(game, game.to_move)
            SearchBot(budget=30, replies=True).choose(view, random.Random(1))
    assert calls.get(2, 0) > 0
    assert set(calls) == {2}
