"""Capture the JSON fixtures of the browser's state tests from a real server.

    PYTHONPATH=src python tests/js/capture.py [--out tests/js/fixtures]

Starts the server on a free port with a throwaway SQLite file and plays a 2019 table
(Ana in seat 0, two easy bots, two tokens to win) through the WebSocket, as the page
would: a refused action before Ana's first move, a switch to French and back in
the first round, the game to its end and the first state of the host's rematch. A
spectator watches the same table's first round. Each fixture lists a connection's conversation in
order: ``{"sent": message}`` from the client, ``{"received": message}`` from the
server. ``refusals.json`` holds the errors that end a connection (an unknown table, a
seat token the table does not know), ``editions.json`` the editions' catalogue in
English (``/api/editions``: how each card is played).

The server shuffles at random: the tests name states of these captures by version
(the Chancellor's choice, the Priest's look...), so a new capture means checking them
again.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import threading
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from loveletter.server.run import bind, make_server
from loveletter.server.settings import Settings

Message = dict[str, Any]
TIMEOUT = 60.0


class Conversation:
    """A WebSocket client that keeps what it sends and receives, in order."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.entries: list[Message] = []
        self.next_id = 1

    def send(self, message: Message) -> Message:
        """Send with the next id (as the page does); returns what was sent."""
        sent = {**message, "id": self.next_id}
        self.next_id += 1
        self.socket.send(json.dumps(sent))
        self.entries.append({"sent": sent})
        return sent

    def receive(self) -> Message:
        message: Message = json.loads(self.socket.recv(timeout=TIMEOUT))
        self.entries.append({"received": message})
        return message

    def receive_until_round_over(self) -> None:
        """Receive until the first round is over (the watcher's backlog)."""
        while (view := self.receive()["view"]) is None or view["phase"] != "round_over":
            pass


def is_state(message: Message) -> bool:
    return bool(message["type"] == "state")


def my_turn(message: Message) -> bool:
    return is_state(message) and bool(message["view"] and message["view"]["legal_actions"])


def play(url: str, out: Path) -> None:
    ws_url = f"ws{url[4:]}/ws"
    created = httpx.post(
        f"{url}/api/tables",
        json={
            "edition": "2019",
            "seats": [
                {"kind": "open"},
                {"kind": "bot", "level": "easy"},
                {"kind": "bot", "level": "easy"},
            ],
            "options": {"tokens_to_win": 2, "first_player": 0},
        },
    ).json()
    table, host = created["table"], created["host_token"]
    token = httpx.post(f"{url}/api/tables/{table}/join", json={"name": "Ana"}).json()["token"]
    with connect(ws_url) as ana_socket, connect(ws_url) as watcher_socket:
        ana, watcher = Conversation(ana_socket), Conversation(watcher_socket)
        play_game(ana, watcher, table, token, host)
    refusals = [
        refusal(ws_url, {"type": "hello", "table": "nosuchtable", "lang": "en"}),
        refusal(ws_url, {"type": "hello", "table": table, "token": "not-a-token", "lang": "en"}),
    ]
    editions = httpx.get(f"{url}/api/editions", params={"lang": "en"}).json()
    for name, data in (
        ("editions.json", editions),
        ("seat.json", ana.entries),
        ("spectator.json", watcher.entries),
        ("refusals.json", refusals),
    ):
        (out / name).write_text(json.dumps(data, ensure_ascii=False) + "\n")


def play_game(ana: Conversation, watcher: Conversation, table: str, token: str, host: str) -> None:
    """Ana's game to its end and the rematch's first state; the watcher's first round."""
    ana.send({"type": "hello", "table": table, "token": token, "lang": "en"})
    watcher.send({"type": "hello", "table": table, "lang": "en"})
    ana.receive()
    ana.send({"type": "start", "host_token": host})
    rng = random.Random(2019)
    switched = False
    first_turn = 0
    while True:
        message = ana.receive()
        if not is_state(message):
            continue
        if message["table"]["status"] == "finished":
            break
        if not my_turn(message):
            continue
        first_turn = first_turn or message["version"]
        if not switched and message["position"]["actions"] >= 2:
            switched = True
            ana.send({"type": "lang", "lang": "fr"})
            ana.receive()
            ana.send({"type": "lang", "lang": "en"})
            ana.receive()
        legal = message["view"]["legal_actions"]
        if message["version"] == first_turn:
            never = {"type": "action", "action": "guard 0 priest", "position": message["position"]}
            ana.send(never)
            assert ana.receive()["type"] == "error"
        chancellor = [action for action in legal if action.startswith("chancellor")]
        action = rng.choice(chancellor or legal)
        ana.send({"type": "action", "action": action, "position": message["position"]})
    ana.send({"type": "rematch", "host_token": host})
    while not is_state(message := ana.receive()) or message["table"]["game"] != 2:
        pass
    watcher.receive_until_round_over()


def refusal(ws_url: str, hello: Message) -> Message:
    """The server's answer to a hello it refuses."""
    with connect(ws_url) as socket:
        conversation = Conversation(socket)
        conversation.send(hello)
        return conversation.receive()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "fixtures")
    out = parser.parse_args().out
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(db_url=f"sqlite:///{folder}/capture.db", bot_delay=0.0, round_pause=0.2)
        sock = bind("127.0.0.1", 0)
        server = make_server(settings)
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        try:
            play(f"http://127.0.0.1:{sock.getsockname()[1]}", out)
        finally:
            server.should_exit = True
            thread.join(TIMEOUT)
            sock.close()


if __name__ == "__main__":
    main()
