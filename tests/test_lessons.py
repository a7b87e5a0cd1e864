"""Every lesson played through the engine: each scripted move legal at its step, each
text in both languages, each card it is for introduced. A rules change that breaks a
lesson fails here."""

from __future__ import annotations

import re

import pytest

from loveletter.engine import get_edition, parse_action
from loveletter.lessons import EDITION_LESSONS, FIRST_GAME, FOCUSES, LANGS, LESSONS, LessonRun
from loveletter.lessons.model import Lesson

IDS = sorted(LESSONS)


def play_through(lesson: Lesson, choose: dict[str, str] | None = None) -> LessonRun:
    """The lesson from start to end, the learner playing each step's move (or the one
    ``choose`` gives for a step), every move checked legal before it is applied."""
    run = LessonRun(lesson)
    while not run.done:
        step = run.step
        if step.kind == "you":
            move = (choose or {}).get(step.id, step.move)
            assert move is not None
            assert run.game.to_move == lesson.learner, step.id
            assert run.game.is_legal(move), f"{lesson.id}/{step.id}: {move} is not legal"
            assert run.play(move).ok
        else:
            index = run.index
            following = lesson.steps[index + 1] if index + 1 < len(lesson.steps) else None
            if following is not None and following.kind == "bot":
                assert following.move is not None
                assert run.game.is_legal(following.move), (
                    f"{lesson.id}/{following.id}: {following.move} is not legal"
                )
            run.next()
    return run


@pytest.mark.parametrize("lesson_id", IDS)
def test_every_scripted_move_is_legal_at_its_step(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    assert lesson.steps[0].kind == "deal"
    play_through(lesson)


@pytest.mark.parametrize("lesson_id", IDS)
def test_every_accepted_wording_plays_the_rest_of_the_lesson(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    for step in lesson.steps:
        for move in step.accept:
            play_through(lesson, {step.id: move})


@pytest.mark.parametrize("lesson_id", IDS)
def test_any_other_move_is_refused_with_the_reason_and_changes_nothing(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    run = LessonRun(lesson)
    while not run.done:
        step = run.step
        if step.kind == "you":
            before = run.game.view(lesson.learner)
            others = [a for a in run.game.legal_actions() if a not in set(step.moves())]
            for lang in LANGS:
                for action in [*others, "not a move"]:
                    verdict = run.play(str(action), lang)
                    assert not verdict.ok
                    assert verdict.why == lesson.wrong(step, lang)
            assert run.game.view(lesson.learner) == before
            assert run.index == lesson.steps.index(step)
            run.skip()
        else:
            run.next()


FRENCH_SPACE = re.compile(r"[^\u00a0][:;!?]|[^\u00a0]»|«[^\u00a0]")


@pytest.mark.parametrize("lesson_id", IDS)
def test_every_text_is_there_in_both_languages(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    assert set(lesson.title) == set(LANGS)
    assert len({step.id for step in lesson.steps}) == len(lesson.steps)
    for step in lesson.steps:
        assert step.focus in FOCUSES, step.id
        assert set(step.text) == set(LANGS), step.id
        assert set(step.wrong) == (set(LANGS) if step.kind == "you" else set()), step.id
        assert (step.move is not None) == (step.kind in ("you", "bot")), step.id
        for lang in LANGS:
            texts = [lesson.text(step, lang)]
            if step.kind == "you":
                texts.append(lesson.wrong(step, lang))
            for text in texts:
                assert text.strip(), (step.id, lang)
                assert '"' not in text, (step.id, lang)
                if lang == "fr":
                    assert not FRENCH_SPACE.search(text.replace("://", "")), (step.id, text)


def introduced(lesson: Lesson) -> set[str]:
    return {card for step in lesson.steps for card in step.introduces}


def test_the_first_game_introduces_every_card_of_the_2019_edition() -> None:
    assert introduced(FIRST_GAME) == set(get_edition("2019").cards(2))


def test_the_first_game_ends_with_the_learner_winning() -> None:
    run = play_through(FIRST_GAME)
    assert run.game.is_over
    assert list(run.game.winners) == [FIRST_GAME.learner]


def test_the_premium_lesson_introduces_every_card_premium_adds() -> None:
    premium = get_edition("premium")
    added = set(premium.cards(5)) - set(get_edition("2019").cards(2)) - {"guard"}
    assert introduced(LESSONS["premium"]) >= added
    assert len(LESSONS["premium"].steps) < len(FIRST_GAME.steps)


def test_the_princess_lesson_introduces_the_twin_princesses() -> None:
    assert {"chancellor", "princess"} <= introduced(LESSONS["princess"])
    assert EDITION_LESSONS == {"premium": "premium", "princess": "princess"}


@pytest.mark.parametrize("lesson_id", IDS)
def test_a_run_is_replayed_from_the_learners_moves(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    run = play_through(lesson)
    for index in range(len(lesson.steps) + 1):
        moves = run.moves[: sum(step.kind == "you" for step in lesson.steps[:index])]
        replayed = LessonRun.replay(lesson, moves, index)
        assert replayed.index == index
    last = LessonRun.replay(lesson, run.moves, len(lesson.steps))
    assert last.game.record() == run.game.record()
    assert all(parse_action(move) for move in run.moves)
