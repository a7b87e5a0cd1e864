"""External bots: the example plays whole games; faulty programs never break a game."""

from __future__ import annotations

import json
import random
import shlex
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from loveletter.bots import ExternalBot, RandomBot
from loveletter.cli.main import app
from loveletter.engine import Game
from loveletter.simulation import play_game

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bots" / "cautious.py"
PYTHON = shlex.quote(sys.executable)

FAULTY = {
    "illegal": 'print(json.dumps({"action": "king 7"}), flush=True)',
    "gibberish": 'print(json.dumps({"action": "fly away"}), flush=True)',
    "malformed": 'print("this is not json", flush=True)',
    "no-action": 'print(json.dumps({"move": "guard"}), flush=True)',
    "crash": "sys.exit(3)",
    "silent": "pass",  # never answers: the time limit ends the wait
}
REASONS = {
    "illegal": "illegal action",
    "gibberish": "not an action",
    "malformed": "malformed JSON",
    "no-action": "expected",
    "crash": "closed its output",
    "silent": "no answer within",
}


def faulty_bot(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / f"{kind}.py"
    path.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    if json.loads(line)['type'] == 'decide':\n"
        f"        {FAULTY[kind]}\n",
        encoding="utf-8",
    )
    return path


def play(bot: ExternalBot, edition: str = "classic", players: int = 2, seed: int = 1) -> Game:
    game = Game(edition, players, seed=seed)
    seats = [bot, *[RandomBot() for _ in range(players - 1)]]
    rngs = [random.Random(seed + seat) for seat in range(players)]
    times: list[list[float]] = [[] for _ in range(players)]
    try:
        return play_game(game, seats, rngs, times)
    finally:
        bot.close()


@pytest.mark.parametrize(("edition", "players"), [("classic", 2), ("2019", 4), ("premium", 6)])
def test_the_example_bot_plays_whole_games(edition: str, players: int) -> None:
    bot = ExternalBot([sys.executable, str(EXAMPLE)], name="cautious")
    game = play(bot, edition, players)
    assert game.is_over
    assert bot.faults == 0
    assert bot.process is None  # closed


@pytest.mark.parametrize("kind", sorted(FAULTY))
def test_a_faulty_bot_does_not_break_the_game(tmp_path: Path, kind: str) -> None:
    bot = ExternalBot([sys.executable, str(faulty_bot(tmp_path, kind))], time_limit=0.5)
    game = play(bot)
    assert game.is_over
    assert bot.faults >= 1
    assert all(REASONS[kind] in message for message in bot.fault_log), bot.fault_log
    if kind in ("crash", "silent"):
        assert bot.faults == 1  # stopped, then played for until the game's end


def test_a_program_that_cannot_start_is_a_fault(tmp_path: Path) -> None:
    bot = ExternalBot([str(tmp_path / "missing-program")])
    game = play(bot)
    assert game.is_over
    assert bot.faults == 1
    assert "cannot start" in bot.fault_log[0]


def test_the_host_speaks_the_protocol(tmp_path: Path) -> None:
    transcript = tmp_path / "transcript.jsonl"
    script = tmp_path / "echo.py"
    script.write_text(
        "import json, sys\n"
        f"log = open({str(transcript)!r}, 'w')\n"
        "for line in sys.stdin:\n"
        "    message = json.loads(line)\n"
        "    log.write(json.dumps({k: v for k, v in message.items() if k != 'view'}) + '\\n')\n"
        "    log.flush()\n"
        "    if message['type'] == 'decide':\n"
        "        print(json.dumps({'action': message['view']['legal_actions'][-1].upper()}))\n"
        "        sys.stdout.flush()\n",
        encoding="utf-8",
    )
    bot = ExternalBot([sys.executable, str(script)])
    play(bot)
    assert bot.faults == 0  # any spelling of a legal action is accepted
    lines = [json.loads(line) for line in transcript.read_text(encoding="utf-8").splitlines()]
    assert lines[0] == {
        "type": "hello",
        "protocol": "loveletter-bot/1",
        "edition": "classic",
        "players": 2,
        "seat": 0,
    }
    assert {line["type"] for line in lines[1:-1]} == {"decide"}
    assert lines[-1] == {"type": "end"}


def test_external_bots_in_the_arena_and_simulate(tmp_path: Path) -> None:
    runner = CliRunner()
    spec = f"exec:{PYTHON} {shlex.quote(str(EXAMPLE))}"
    result = runner.invoke(
        app, ["arena", "--bots", f"{spec},random", "--games", "2", "--seed", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["bots"][0]["faults"] == 0
    assert data["bots"][0]["decisions"] > 0
    crash = f"exec:{PYTHON} {shlex.quote(str(faulty_bot(tmp_path, 'crash')))}"
    result = runner.invoke(app, ["simulate", "--bots", f"{crash},random", "-g", "2", "--json"])
    assert result.exit_code == 0, result.output
