"""The lessons over HTTP: the texts by language, a step replayed from the learner's
moves, a move checked against the step's (applied, or why it matters), and refusals."""

from __future__ import annotations

import httpx

from loveletter.lessons import FIRST_GAME, LESSONS

from .harness import ServerThread
from .test_http import assert_refused, post


def test_the_list_and_the_texts_in_both_languages(server: ServerThread) -> None:
    listed = httpx.get(f"{server.url}/api/lessons?lang=fr").json()
    assert [lesson["id"] for lesson in listed] == list(LESSONS)
    assert {lesson["offered_for"] for lesson in listed} == {None, "premium", "princess"}
    for lang, welcome in (("en", "Welcome! You are Ana"), ("fr", "Bienvenue\u00a0! Vous êtes Ana")):
        lesson = httpx.get(f"{server.url}/api/lessons/first-game?lang={lang}").json()
        assert lesson["then"] == {"edition": "2019", "players": 2}
        assert [step["id"] for step in lesson["steps"]] == [s.id for s in FIRST_GAME.steps]
        assert lesson["steps"][0]["text"].startswith(welcome)
        assert "move" not in lesson["steps"][5]  # the page is told what to do in words only


def test_a_move_is_checked_before_it_is_applied(server: ServerThread) -> None:
    path = "/api/lessons/first-game/play?lang=en"
    at = post(server, path, {"step": 5, "moves": []}).json()
    assert at["step"] == 5
    assert at["view"]["hand"] == ["guard", "priest"]
    assert at["view"]["seat"] == 0
    assert "1" not in at["view"]["known_hands"]
    wrong = post(server, path, {"step": 5, "moves": [], "action": "guard 1 baron"}).json()
    assert not wrong["ok"]
    assert wrong["why"].startswith("Your Guard would only be a guess")
    assert wrong["step"] == 5
    assert wrong["view"] == at["view"]
    right = post(server, path, {"step": 5, "moves": [], "action": "priest 1"}).json()
    assert right["ok"]
    assert right["step"] == 6
    assert right["moves"] == ["priest 1"]
    assert right["view"]["known_hands"] == {"1": "baron"}
    shown = post(server, path, {"step": 5, "moves": [], "show": True}).json()
    assert shown["moves"] == ["priest 1"]
    assert shown["step"] == 6
    bot = post(server, path, {"step": 7, "moves": ["priest 1"]}).json()
    assert bot["view"]["seats"][1]["protected"]  # Bruno's scripted Handmaid


def test_refusals(server: ServerThread) -> None:
    path = "/api/lessons/first-game/play"
    assert_refused(
        post(server, "/api/lessons/nope/play", {"step": 0, "moves": []}), 404, "no_such_lesson"
    )
    assert_refused(
        post(server, path, {"step": 7, "moves": ["guard 1 baron"]}), 422, "bad_lesson_moves"
    )
    assert_refused(post(server, path, {"step": 7, "moves": []}), 422, "bad_lesson_moves")
    assert_refused(
        post(server, path, {"step": 1, "moves": [], "action": "spy"}), 409, "no_move_expected"
    )
    every = [step.move for step in FIRST_GAME.steps if step.kind == "you"]
    assert_refused(post(server, path, {"step": 99, "moves": every}), 422, "bad_lesson_step")
    assert_refused(post(server, path, {"step": -1, "moves": []}), 422, "invalid_message")
