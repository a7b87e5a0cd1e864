"""Bots in any language: a program speaking JSON lines over stdin and stdout.

The host (:class:`ExternalBot`) starts the program and writes one JSON object per
line; the program answers one per line (the protocol is in ``docs/bots.md``):

- ``{"type": "hello", "protocol": "loveletter-bot/1", "edition", "players", "seat"}``
  when a game starts (no answer);
- ``{"type": "decide", "view": {...}}`` when the bot must choose among at least two
  legal actions (``view["legal_actions"]``); the answer is ``{"action": "<notation>"}``;
- ``{"type": "end", "view": {...}}`` when the game is over (no answer).

A program that answers an illegal action or malformed JSON, does not answer within
its time limit, or dies, does not break the game: the host logs why, counts a fault
and plays a random legal action instead. A program that timed out or died is stopped
and sits out the rest of the game (the host plays at random for it); it is started
again for the next game. POSIX only (the host waits on pipes with ``selectors``).
"""

from __future__ import annotations

import json
import logging
import os
import random
import selectors
import shlex
import subprocess
import time
from collections.abc import Mapping

from ..engine import NotationError, parse_action
from .base import BaseBot, View

PROTOCOL = "loveletter-bot/1"
#: Longest answer line accepted, in bytes.
MAX_LINE = 1 << 16

logger = logging.getLogger(__name__)


class BotError(Exception):
    """Why the program's answer could not be used; ``fatal`` if the program must stop."""

    def __init__(self, reason: str, *, fatal: bool = False) -> None:
        super().__init__(reason)
        self.fatal = fatal


class ExternalBot(BaseBot):
    """Host of an external bot program (reusable by every front end)."""

    def __init__(
        self,
        command: str | list[str],
        *,
        name: str | None = None,
        time_limit: float = 5.0,
        stderr: int | None = subprocess.DEVNULL,
    ) -> None:
        self.command = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.command:
            raise ValueError("an external bot needs a command")
        self.name = name or "exec:" + " ".join(self.command)
        self.time_limit = time_limit
        self.stderr = stderr
        self.faults = 0
        self.fault_log: list[str] = []
        self.process: subprocess.Popen[bytes] | None = None
        self.buffer = b""
        self.seat = 0

    # -- the process ---------------------------------------------------------------------

    def _spawn(self) -> subprocess.Popen[bytes]:
        process = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
        )
        assert process.stdin is not None
        assert process.stdout is not None
        os.set_blocking(process.stdin.fileno(), False)
        os.set_blocking(process.stdout.fileno(), False)
        self.buffer = b""
        return process

    def _stop(self) -> None:
        process, self.process = self.process, None
        if process is None:
            return
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                stream.close()
        try:
            process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def _send(self, message: Mapping[str, object], deadline: float) -> None:
        process = self.process
        if process is None or process.stdin is None:
            raise BotError("the program is not running", fatal=True)
        data = memoryview((json.dumps(message, separators=(",", ":")) + "\n").encode())
        fd = process.stdin.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_WRITE)
            while data:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not selector.select(remaining):
                    raise BotError(f"no room to write within {self.time_limit:g} s", fatal=True)
                try:
                    written = os.write(fd, data)
                except BrokenPipeError:
                    raise BotError(self._exit_reason(), fatal=True) from None
                except BlockingIOError:
                    continue
                data = data[written:]

    def _receive(self, deadline: float) -> bytes:
        process = self.process
        if process is None or process.stdout is None:
            raise BotError("the program is not running", fatal=True)
        fd = process.stdout.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while b"\n" not in self.buffer:
                if len(self.buffer) > MAX_LINE:
                    raise BotError(f"an answer longer than {MAX_LINE} bytes", fatal=True)
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not selector.select(remaining):
                    raise BotError(f"no answer within {self.time_limit:g} s", fatal=True)
                try:
                    chunk = os.read(fd, 4096)
                except BlockingIOError:
                    continue
                if not chunk:
                    raise BotError(self._exit_reason(), fatal=True)
                self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def _exit_reason(self) -> str:
        process = self.process
        code = None
        if process is not None:
            try:
                code = process.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                code = None
        return "the program closed its output" + (
            f" (exit code {code})" if code is not None else ""
        )

    def _fault(self, reason: str, *, stop: bool = False) -> None:
        self.faults += 1
        message = f"{self.name} (seat {self.seat}): {reason}"
        self.fault_log.append(message)
        logger.warning("%s; a random legal action is played instead", message)
        if stop:
            self._stop()

    # -- the bot -------------------------------------------------------------------------

    def start(self, edition: str, players: int, seat: int) -> None:
        """Start the program if needed and greet it with the new game."""
        self.seat = seat
        if self.process is None or self.process.poll() is not None:
            self._stop()
            try:
                self.process = self._spawn()
            except OSError as error:
                self._fault(f"cannot start {self.command[0]!r}: {error.strerror or error}")
                return
        hello = {
            "type": "hello",
            "protocol": PROTOCOL,
            "edition": edition,
            "players": players,
            "seat": seat,
        }
        try:
            self._send(hello, time.monotonic() + self.time_limit)
        except BotError as fault:
            self._fault(str(fault), stop=fault.fatal)

    def choose(self, view: View, rng: random.Random) -> str:
        """The program's answer, or a random legal action if it cannot give one."""
        legal: list[str] = view["legal_actions"]
        if self.process is None:  # stopped earlier in this game
            return rng.choice(legal)
        deadline = time.monotonic() + self.time_limit
        try:
            self._send({"type": "decide", "view": view}, deadline)
            action = self._parse(self._receive(deadline), legal)
        except BotError as fault:
            self._fault(str(fault), stop=fault.fatal)
            return rng.choice(legal)
        return action

    @staticmethod
    def _parse(line: bytes, legal: list[str]) -> str:
        try:
            answer = json.loads(line)
        except (ValueError, UnicodeDecodeError):
            raise BotError(f"malformed JSON: {line[:80]!r}") from None
        if not isinstance(answer, dict) or not isinstance(answer.get("action"), str):
            raise BotError(f'expected {{"action": "<notation>"}}, got {line[:80]!r}')
        try:
            action = parse_action(answer["action"]).text
        except NotationError as error:
            raise BotError(f"not an action: {error}") from None
        if action not in legal:
            raise BotError(f"illegal action {action!r}")
        return action

    def finish(self, view: View) -> None:
        """Tell the program the game is over."""
        if self.process is None:
            return
        try:
            self._send({"type": "end", "view": view}, time.monotonic() + self.time_limit)
        except BotError as fault:  # no decision is lost: not a fault
            logger.info("%s: %s", self.name, fault)
            self._stop()

    def close(self) -> None:
        """Close the program's input and wait for it to end (kill it after a second)."""
        self._stop()
