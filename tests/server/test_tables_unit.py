"""The table commands of the server's domain, on their own: no server, no database.

Each command takes a state and returns a new one, or refuses with a code; the
states are values, so a refused command visibly changes nothing. Games are dealt
by seeded generators, and every move is chosen among the engine's legal actions.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

from loveletter import tables
from loveletter.engine import Options, load_record
from loveletter.tables import TableError, TableSpec, TableState

NOW = 1000.0


def lobby(*seats: str | None, options: Options | None = None, timeout: float = 30.0) -> TableState:
    """A classic table in the lobby; each seat is open (None) or a bot of that level."""
    spec = TableSpec(
        edition="classic",
        seats=seats or (None, "easy", None),
        options=options or Options(tokens_to_win=1),
        bot_level="medium",
        disconnect_timeout=timeout,
    )
    return tables.new_table(spec, "table-1", "host-hash", NOW)


def seated(state: TableState, *names: str) -> TableState:
    """The open seats taken in order by humans of these names (token ``hash-<name>``)."""
    for name in names:
        state = tables.join(state, name, None, f"hash-{name}", NOW)
    return state


def started(state: TableState, seed: int = 1) -> TableState:
    return tables.start(state, random.Random(seed), NOW + 1, rematch=False)


def legal(state: TableState) -> list[str]:
    assert state.game is not None
    return [action.text for action in state.game.legal_actions()]


def step(state: TableState, rng: random.Random) -> TableState:
    """The next move of a game under way: a random legal action, or the next deal."""
    assert state.game is not None
    if state.game.to_move is None:
        return tables.next_round(state)
    return tables.act(state, state.game.to_move, rng.choice(legal(state)))


def refused(code: str, command: Callable[..., object], *args: Any, **kwargs: Any) -> TableError:
    """The error a command refuses with, checked to have this code."""
    with pytest.raises(TableError) as caught:
        command(*args, **kwargs)
    assert caught.value.code == code
    return caught.value


# ------------------------------------------------------------------------ new tables


def test_a_new_table_waits_in_the_lobby_with_its_bots_named() -> None:
    state = lobby(None, "easy", None)
    assert (state.id, state.status, state.version, state.game) == ("table-1", "lobby", 0, None)
    assert state.data.options == {"tokens_to_win": 1}  # only what differs from the rulebook
    assert state.data.awaiting is None
    assert [(s.kind, s.name, s.level) for s in state.seats] == [
        ("open", None, None),
        ("bot", "Bot 2", "easy"),
        ("open", None, None),
    ]
    assert state.position() is None
    assert state.awaiting() is None


def test_a_table_its_edition_cannot_seat_is_refused() -> None:
    spec = TableSpec("classic", (None,) * 5, Options(), "medium", 60.0)
    error = refused("invalid_table", tables.new_table, spec, "t", "h", NOW)
    assert error.status == 422


# ------------------------------------------------------------------------------ join


def test_join_takes_the_first_open_seat_or_the_one_asked_for() -> None:
    state = lobby(None, "easy", None)
    state = tables.join(state, "Ana", 2, "hash-a", NOW + 5)
    state = tables.join(state, "Bruno", None, "hash-b", NOW + 6)
    assert [(s.kind, s.name) for s in state.seats] == [
        ("human", "Bruno"),
        ("bot", "Bot 2"),
        ("human", "Ana"),
    ]
    assert (state.seat_of("hash-a"), state.seat_of("hash-b"), state.seat_of("x")) == (2, 0, None)
    assert state.seats[2].seen_at == NOW + 5
    assert state.version == 0  # versions are counted by settle, at the commit


@pytest.mark.parametrize(
    ("name", "seat", "code"),
    [
        ("ana", None, "name_taken"),  # names are unique whatever their case
        ("bot 2", None, "name_taken"),
        ("\u0410na", None, "name_taken"),  # ... or the script of letters that look alike
        ("\u0391\u039d\u0391", None, "name_taken"),  # Greek capitals
        ("\uff21\uff4e\uff41", None, "name_taken"),  # fullwidth letters
        ("B\u043et 2", None, "name_taken"),  # a Cyrillic o
        ("Carla", 0, "seat_taken"),
        ("Carla", 1, "seat_taken"),  # a bot's seat
        ("Carla", 3, "no_such_seat"),
    ],
)
def test_join_refusals(name: str, seat: int | None, code: str) -> None:
    state = seated(lobby(None, "easy", None), "Ana")
    error = refused(code, tables.join, state, name, seat, "hash-c", NOW)
    assert error.status == 409
    assert state.seat_of("hash-c") is None


def test_name_keys_equal_names_that_render_alike_and_only_those() -> None:
    key = tables.name_key
    assert key("Zo\u00e9") == key("Zoe\u0301") == key("ZO\u00c9")
    assert key("Zoe") != key("Zo\u00e9")
    assert key("\u0412\u041e\u0412") == key("Bob")  # Cyrillic capitals ve, o, ve
    assert key("\u0432\u043e\u0432") != key("bob")  # small ve is not drawn like b
    assert key("\u0393") != key("Y")  # Greek gamma is no Y
    assert key("\ufb01ne") == key("fine")  # the fi ligature
    assert key("Zo\u0435\u0301") == key("Zo\u00e9")  # a Cyrillic ie with an accent
    assert key("Zo\u0451") == key("Zo\u00eb") == key("Zo\u0435\u0308")  # io, ë
    assert key("\u03acna") == key("\u00e1na")  # Greek alpha with tonos, á
    assert key("J\u04e7rg") == key("J\u00f6rg")  # Cyrillic o with diaeresis
    # Characters drawn as nothing, or as a blank, make no other name.
    for invisible in ("\u034f", "\ufe00", "\U000e0100", "\u180b", "\u17b4"):
        assert key(f"An{invisible}a") == key("Ana")
    for blank in ("\u2800", "\u3164", "\u115f", "\u1160", "\uffa0"):
        assert key(f"Ana{blank}") == key("Ana")
        assert key(f"Ana{blank}Bo") == key("Ana Bo")
    assert key("Ana \u2764\ufe0f") == key("Ana \u2764")  # the emoji's presentation


def test_a_seat_is_found_by_its_token_hash_only() -> None:
    state = seated(lobby(None, "easy", None), "Ana", "Bruno")
    assert [state.seat_of(f"hash-{name}") for name in ("Ana", "Bruno")] == [0, 2]
    for wrong in ("hash-Anb", "hash-An", "", "hash-Ana" * 9):
        assert state.seat_of(wrong) is None


def test_no_seat_is_taken_at_a_full_table_or_once_the_game_started() -> None:
    full = seated(lobby(None, "easy", None), "Ana", "Bruno")
    refused("table_full", tables.join, full, "Carla", None, "hash-c", NOW)
    refused("not_in_lobby", tables.join, started(lobby()), "Carla", None, "hash-c", NOW)


# ----------------------------------------------------------------------------- start


def test_start_fills_the_open_seats_with_bots_of_free_names() -> None:
    state = seated(lobby(None, None, None), "Bot 3")
    state = started(state)
    assert state.status == "playing"
    assert state.data.game_number == 1
    assert [(s.kind, s.name, s.level) for s in state.seats] == [
        ("human", "Bot 3", None),
        ("bot", "Bot 2", "medium"),  # the table's level
        ("bot", "Bot 3.2", "medium"),  # "Bot 3" is a player's name
    ]
    assert state.game is not None
    assert state.game.players == ["Bot 3", "Bot 2", "Bot 3.2"]
    assert state.position() == {"game": 1, "round": 1, "actions": 0}


def test_start_gives_the_humans_not_connected_a_full_timeout() -> None:
    state = seated(lobby(None, "easy", None), "Ana", "Bruno")
    online = tables.presence(state, 0, online=True, now=NOW + 0.5)
    assert online is not None
    state = started(online)
    assert (state.seats[0].seen_at, state.seats[2].seen_at) == (NOW + 0.5, NOW + 1)


def test_start_and_rematch_refusals() -> None:
    state = lobby()
    refused("not_finished", tables.start, state, random.Random(1), NOW, rematch=True)
    playing = started(state)
    refused("already_started", tables.start, playing, random.Random(1), NOW, rematch=False)
    refused("not_finished", tables.start, playing, random.Random(1), NOW, rematch=True)


# ------------------------------------------------------------------------------- act


def test_an_action_gives_a_new_state_and_leaves_the_old_one_alone() -> None:
    state = started(seated(lobby(), "Ana"))
    assert state.game is not None
    seat = state.game.to_move
    assert seat is not None
    before = state.view(seat)
    action = legal(state)[0]
    after = tables.act(state, seat, action)
    assert after.game is not None
    assert after.game is not state.game
    assert state.view(seat) == before
    assert [a.text for a in after.game.history[-1].actions] == [action]
    assert after.position() == {"game": 1, "round": 1, "actions": 1}


def test_action_refusals_change_nothing() -> None:
    refused("not_playing", tables.act, lobby(), 0, "guard 1 priest")
    state = started(seated(lobby(), "Ana"))
    assert state.game is not None
    seat = state.game.to_move
    assert seat is not None
    views = [state.view(s) for s in range(3)]
    refused("not_your_turn", tables.act, state, (seat + 1) % 3, legal(state)[0])
    assert refused("bad_notation", tables.act, state, seat, "dance 1").status == 422
    illegal = refused("illegal_action", tables.act, state, seat, f"guard {seat} priest")
    assert illegal.status == 422
    assert set(illegal.translations) == {"en", "fr"}
    assert illegal.message_in("fr") != illegal.message_in("en")
    assert [state.view(s) for s in range(3)] == views


def test_an_action_is_played_only_at_the_position_it_answers() -> None:
    state = started(seated(lobby(options=Options(tokens_to_win=3)), "Ana"))
    rng = random.Random(4)
    first = state.position()
    assert first == {"game": 1, "round": 1, "actions": 0}
    moved = tables.act(state, 0, legal(state)[0], at=first)  # Ana moves first (seed 1)
    while moved.game is not None and moved.game.to_move != 0:
        moved = step(moved, rng)
    views = [moved.view(s) for s in range(3)]
    for action in legal(moved):  # each legal now, yet meant for an earlier position
        stale = refused("stale_action", tables.act, moved, 0, action, at=first)
        assert stale.status == 409
        assert stale.message_in("fr") == (
            "la partie a avancé depuis le choix de cette action\u00a0: choisissez à nouveau"
        )
    assert [moved.view(s) for s in range(3)] == views
    assert tables.act(moved, 0, legal(moved)[0], at=moved.position()).version == moved.version


def test_between_rounds_no_one_acts_and_only_a_deal_goes_on() -> None:
    state = started(seated(lobby(options=Options(tokens_to_win=2)), "Ana"))
    refused("not_between_rounds", tables.next_round, state)
    rng = random.Random(3)
    while state.game is not None and state.game.to_move is not None:
        state = step(state, rng)
    assert state.status == "playing"
    assert state.awaiting() == "round"
    refused("not_your_turn", tables.act, state, 0, "guard 1 priest")
    dealt = tables.next_round(state)
    assert dealt.game is not None
    assert dealt.game.round == 2
    assert dealt.position() == {"game": 1, "round": 2, "actions": 0}


def test_a_game_plays_to_its_end_and_a_rematch_starts_the_next() -> None:
    state = started(seated(lobby(options=Options(tokens_to_win=2)), "Ana"))
    rng = random.Random(5)
    while state.status == "playing":
        state = step(state, rng)
    assert state.status == "finished"
    assert state.game is not None
    assert state.game.is_over
    assert state.awaiting() is None
    assert state.bot_to_move() is None
    refused("not_playing", tables.act, state, 0, "guard 1 priest")
    refused("already_started", tables.start, state, random.Random(1), NOW, rematch=False)
    rematch = tables.start(state, random.Random(6), NOW + 9, rematch=True)
    assert (rematch.status, rematch.data.game_number) == ("playing", 2)
    assert [(s.kind, s.name, s.level) for s in rematch.seats] == [
        (s.kind, s.name, s.level) for s in state.seats
    ]  # the same seats, the bots included
    assert rematch.seats[0].seen_at == NOW + 9  # Ana is offline: a full timeout again
    assert rematch.game is not None
    assert rematch.game.history[0].actions == []


# ------------------------------------------------------------- bots, presence, stand-ins


def test_what_a_game_waits_for_and_which_bot_moves() -> None:
    state = started(seated(lobby(None, "hard", None, options=Options(tokens_to_win=2)), "Ana"))
    rng = random.Random(7)
    seen = set()
    while state.status == "playing":
        assert state.game is not None
        to_move = state.game.to_move
        seen.add(to_move)
        bot = {None: None, 0: None, 1: (1, "hard"), 2: (2, "medium")}[to_move]
        assert state.bot_to_move() == bot
        assert state.awaiting() == ("round" if to_move is None else "bot" if bot else "human")
        state = step(state, rng)
    assert seen == {None, 0, 1, 2}


def test_a_stand_in_plays_for_a_player_gone_too_long_until_they_return() -> None:
    first = Options(tokens_to_win=1, first_player=0)
    state = started(seated(lobby(None, "easy", None, options=first, timeout=30.0), "Ana", "Bruno"))
    assert state.seats[0].seen_at == NOW + 1
    assert (state.awaiting(), state.bot_to_move()) == ("human", None)
    assert tables.stand_in(state, 0, NOW + 30.5) is None  # not due yet
    assert tables.stand_in(state, 1, NOW + 99) is None  # a bot needs no stand-in
    away = tables.stand_in(state, 0, NOW + 31)
    assert away is not None
    assert (away.seats[0].standin, away.seats[0].online) == (True, False)
    assert away.seats[1:] == state.seats[1:]
    assert tables.stand_in(away, 0, NOW + 99) is None  # already stood in for
    assert (away.awaiting(), away.bot_to_move()) == ("bot", (0, "medium"))  # the table's level
    back = tables.presence(away, 0, online=True, now=NOW + 40)
    assert back is not None
    assert (back.seats[0].standin, back.seats[0].online, back.seats[0].seen_at) == (
        False,
        True,
        NOW + 40,
    )
    assert tables.presence(back, 0, online=True, now=NOW + 41) is None  # no change
    gone = tables.presence(back, 0, online=False, now=NOW + 42)
    assert gone is not None
    assert (gone.seats[0].standin, gone.seats[0].online) == (False, False)


def test_no_stand_in_outside_a_game_under_way() -> None:
    state = seated(lobby(), "Ana")
    assert tables.stand_in(state, 0, NOW + 999) is None


# --------------------------------------------------------------------------- commits


def test_settle_counts_versions_and_stores_only_what_changed() -> None:
    lobby_state = lobby(None, "easy", None)
    joined, commit = tables.settle(
        lobby_state, tables.join(lobby_state, "Ana", None, "hash-a", NOW + 1), NOW + 1
    )
    assert (joined.version, joined.data.updated_at) == (1, NOW + 1)
    assert commit.expected == 0
    assert commit.table == joined.data
    assert [s.seat for s in commit.seats] == [0]
    assert (commit.new_game, commit.rounds, commit.actions, commit.record) == (None, (), (), None)

    playing, commit = tables.settle(joined, started(joined), NOW + 2)
    assert playing.data.awaiting == playing.awaiting()
    assert [s.seat for s in commit.seats] == [2]  # the open seat got its bot
    assert commit.new_game == ("Ana", "Bot 2", "Bot 3")
    assert playing.game is not None
    assert [(r.number, r.deck, r.first) for r in commit.rounds] == [
        (1, playing.game.history[0].deck, playing.game.history[0].first)
    ]
    assert commit.actions == ()

    to_move = playing.game.to_move
    assert to_move is not None
    action = legal(playing)[0]
    moved, commit = tables.settle(playing, tables.act(playing, to_move, action), NOW + 3)
    assert moved.version == 3
    assert (commit.expected, commit.seats, commit.new_game, commit.rounds) == (2, (), None, ())
    assert commit.actions == (tables.NewAction(0, 1, action),)


def test_the_commit_that_ends_a_game_holds_its_record() -> None:
    state = started(seated(lobby(None, "easy", None, options=Options(tokens_to_win=2)), "Ana"))
    rng = random.Random(11)
    seq = 0
    now = NOW + 2
    while state.status == "playing":
        now += 1
        new = step(state, rng)
        state, commit = tables.settle(state, new, now)
        assert [a.seq for a in commit.actions] == list(range(seq, seq + len(commit.actions)))
        seq += len(commit.actions)
        if state.status == "playing":
            assert commit.record is None
    assert state.game is not None
    assert commit.record is not None
    assert commit.winners == tuple(state.game.winners)
    assert commit.record["meta"] == {
        "table": "table-1",
        "game": 1,
        "seats": [
            {"kind": "human"},
            {"kind": "bot", "level": "easy"},
            {"kind": "bot", "level": "medium"},
        ],
    }
    replayed = load_record(commit.record)  # checks the stored result
    assert replayed.winners == state.game.winners
    assert state.data.awaiting is None

    rematch, commit = tables.settle(
        state, tables.start(state, random.Random(12), now + 1, rematch=True), now + 1
    )
    assert (rematch.data.game_number, commit.new_game is not None) == (2, True)
    assert len(commit.rounds) == 1
    assert commit.actions == ()


def test_a_rebuilt_table_is_the_committed_one() -> None:
    state = started(seated(lobby(), "Ana"))
    rng = random.Random(13)
    for _ in range(5):
        state = step(state, rng)
    assert state.game is not None
    stored = tables.StoredTable(
        dataclasses.replace(state.data, version=7),
        state.seats,
        tuple(state.game.players),
        tuple(
            tables.RoundData(n, r.deck, r.first, tuple(a.text for a in r.actions))
            for n, r in enumerate(state.game.history, start=1)
        ),
    )
    rebuilt = tables.rebuild(stored, random.Random())
    assert rebuilt.version == 7
    assert [rebuilt.view(s) for s in (None, 0, 1, 2)] == [state.view(s) for s in (None, 0, 1, 2)]
    assert (
        tables.rebuild(tables.StoredTable(lobby().data, lobby().seats), random.Random()).game
        is None
    )


# ------------------------------------------------------------------ seats of accounts


def test_a_seat_joined_signed_in_belongs_to_the_account_which_holds_one() -> None:
    state = tables.join(lobby(), "Ana", None, "hash-ana", NOW, account_id="account-ana")
    assert state.seats[0].account_id == "account-ana"
    assert state.seat_of_account("account-ana") == state.seats[0]
    refused(
        "already_seated", tables.join, state, "Ana 2", None, "h2", NOW, account_id="account-ana"
    )
    other = tables.join(state, "Bruno", None, "hash-bruno", NOW)
    assert other.seats[2].account_id is None
    assert other.seat_of_account("account-bruno") is None


def test_a_guest_claims_their_seat_once_and_no_one_takes_an_accounts() -> None:
    state = seated(lobby(), "Ana", "Bruno")
    claimed = tables.claim(state, 0, "account-ana")
    assert claimed.seats[0] == dataclasses.replace(state.seats[0], account_id="account-ana")
    assert tables.claim(claimed, 0, "account-ana") is claimed  # already the account's
    refused("seat_owned", tables.claim, claimed, 0, "account-bruno")
    refused("already_seated", tables.claim, claimed, 2, "account-ana")
    refused("seat_owned", tables.claim, claimed, 1, "account-ana")  # a bot's seat
    # The host removing the player voids the account's hold with the token.
    removed = tables.remove(started(claimed), 0, NOW + 2)
    assert removed.seat_of_account("account-ana") is None
