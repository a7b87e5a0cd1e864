"""The browser's message types (static/js/protocol.js) against what the server sends.

TypeScript's checker reads the typedefs (tests/js/typedefs.js prints each one's keys,
whether each is optional, and the kinds of value it holds). They must match the
server's outgoing models (their JSON schema: the tables, the HTTP answers the page
reads, the editions' catalogue) and every WebSocket message a real server sends in a
short game: a key the server adds, drops or changes fails here, not in a player's page.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from types import UnionType
from typing import (
    Any,
    Literal,
    NotRequired,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from loveletter.server.account_routes import AccountInfo, SessionInfo
from loveletter.server.catalogue import CardInfo, DeckInfo, EditionInfo, PlayingCard, editions
from loveletter.server.lessons import (
    LessonInfo,
    LessonState,
    LessonStepInfo,
    LessonSummary,
    LessonThen,
)
from loveletter.server.policies import LevelsInfo, PolicyLevelInfo
from loveletter.server.protocol import (
    AccountTable,
    AccountTables,
    Claimed,
    ErrorBody,
    Joined,
    LinksInfo,
    LobbyHost,
    LobbyInfo,
    LobbyTable,
    Matched,
    SeatInfo,
    TableCreated,
    TableInfo,
)
from loveletter.server.replay import Replay, ReplayStep
from loveletter.server.run import bind, make_server
from loveletter.server.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 30.0

#: Each typedef of protocol.js that mirrors a model or a TypedDict of the server.
MODELS: dict[str, Any] = {
    "TableInfo": TableInfo,
    "SeatInfo": SeatInfo,
    "TableCreated": TableCreated,
    "Joined": Joined,
    "Claimed": Claimed,
    "AccountInfo": AccountInfo,
    "SessionInfo": SessionInfo,
    "LinksInfo": LinksInfo,
    "ErrorBody": ErrorBody,
    "EditionInfo": EditionInfo,
    "DeckInfo": DeckInfo,
    "CardInfo": CardInfo,
    "PlayingCard": PlayingCard,
    "LevelsInfo": LevelsInfo,
    "PolicyLevelInfo": PolicyLevelInfo,
    "Replay": Replay,
    "ReplayStep": ReplayStep,
    "LobbyInfo": LobbyInfo,
    "LobbyTable": LobbyTable,
    "LobbyHost": LobbyHost,
    "Matched": Matched,
    "AccountTables": AccountTables,
    "AccountTable": AccountTable,
    "LessonSummary": LessonSummary,
    "LessonInfo": LessonInfo,
    "LessonStepInfo": LessonStepInfo,
    "LessonThen": LessonThen,
    "LessonState": LessonState,
}

#: The typedef of each WebSocket message the server sends, by its type.
MESSAGES = {
    "state": "StateMessage",
    "error": "ErrorMessage",
    "pong": "PongMessage",
    "chat": "ChatMessage",
    "chat_history": "ChatHistoryMessage",
    "hint": "HintMessage",
}

#: The typedefs of values nested in the messages, by the key that holds them (a list
#: holds items of the typedef).
NESTED: dict[str, dict[str, str]] = {
    "StateMessage": {"table": "TableInfo", "view": "View", "position": "Position"},
    "ChatHistoryMessage": {"lines": "ChatMessage"},
    "TableInfo": {"seats": "SeatInfo"},
    "View": {
        "seats": "ViewSeat",
        "results": "RoundResult",
        "pending": "PendingStep",
        "events": "GameEvent",
        "learned": "GameEvent",
    },
}

Keys = dict[str, dict[str, Any]]


def typedefs(*names: str) -> dict[str, Keys]:
    """The keys of protocol.js's typedefs, as TypeScript reads them."""
    node = shutil.which("node")
    assert node, "install Node first: apt-get install -y nodejs npm"
    assert (ROOT / "node_modules" / "typescript").exists(), "install TypeScript first: npm ci"
    done = subprocess.run(
        [node, "tests/js/typedefs.js", *names],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, Keys] = json.loads(done.stdout)
    return found


def kinds(annotation: Any) -> set[str]:
    """The kinds of value a Python type allows, named as tests/js/typedefs.js names them."""
    origin = get_origin(annotation)
    if origin in (Union, UnionType):
        return set().union(*(kinds(arg) for arg in get_args(annotation)))
    if origin is Literal:
        return {json.dumps(arg) for arg in get_args(annotation)}
    if annotation is type(None):
        return {"null"}
    if annotation is bool:
        return {"boolean"}
    if annotation in (int, float):
        return {"number"}
    if annotation is str:
        return {"string"}
    return {"array"} if origin is list else {"object"}


def model_keys(model: Any) -> Keys:
    """The keys of a pydantic model or a TypedDict in the form of typedefs(): whether each
    is optional, and the kinds of value it holds."""
    if is_typeddict(model):
        # NotRequired is read here: under postponed annotations the class cannot see it.
        hints = get_type_hints(model, include_extras=True)
        optional = {
            key
            for key, hint in hints.items()
            if key not in model.__required_keys__ or get_origin(hint) is NotRequired
        }
        hints = {
            key: get_args(hint)[0] if get_origin(hint) is NotRequired else hint
            for key, hint in hints.items()
        }
    else:
        hints = {key: field.annotation for key, field in model.model_fields.items()}
        optional = {key for key, field in model.model_fields.items() if not field.is_required()}
    return {
        key: {"optional": key in optional, "kinds": sorted(kinds(hint))}
        for key, hint in hints.items()
    }


def test_the_typedefs_of_the_servers_models_have_their_keys() -> None:
    found = typedefs(*MODELS)
    for name, model in MODELS.items():
        assert found[name] == model_keys(model), name


# ------------------------------------------------------------- the WebSocket messages


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server on a free port: bots at once, no pause between rounds."""
    db = tmp_path_factory.mktemp("protocol") / "loveletter.db"
    settings = Settings(db_url=f"sqlite:///{db}", bot_delay=0.0, round_pause=0.0)
    sock = bind("127.0.0.1", 0)
    server = make_server(settings)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()


class Client:
    """A WebSocket client that keeps every message it receives."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.received: list[dict[str, Any]] = []
        self.next_id = 1

    def send(self, message: dict[str, Any]) -> int:
        sent = self.next_id
        self.next_id += 1
        self.socket.send(json.dumps({**message, "id": sent}))
        return sent

    def receive(self, kind: str) -> dict[str, Any]:
        """The next message of this type (those before it are kept too)."""
        while True:
            message: dict[str, Any] = json.loads(self.socket.recv(timeout=TIMEOUT))
            self.received.append(message)
            if message["type"] == kind:
                return message


def conversation(url: str) -> list[dict[str, Any]]:
    """Every message two clients receive in a short game: a seat that chats, pings, asks
    for a hint, makes a refused move and plays to the end, and a late spectator."""
    created = httpx.post(
        f"{url}/api/tables",
        json={
            "edition": "2019",
            "seats": [{"kind": "open"}, {"kind": "bot", "level": "easy"}],
            "options": {"tokens_to_win": 1, "first_player": 0},  # the seat decides at once
            "hints": True,
        },
    ).json()
    table, host = created["table"], created["host_token"]
    joined = httpx.post(f"{url}/api/tables/{table}/join", json={"name": "Ana"}).json()
    ws_url = f"ws{url[4:]}/ws"
    with connect(ws_url) as seat_socket, connect(ws_url) as watcher_socket:
        seat, watcher = Client(seat_socket), Client(watcher_socket)
        seat.send({"type": "hello", "table": table, "token": joined["token"]})
        seat.receive("state")
        seat.send({"type": "chat", "text": "hello"})
        seat.receive("chat")
        seat.send({"type": "ping"})
        seat.receive("pong")
        seat.send({"type": "start", "host_token": host})
        asked = refused = False
        while True:
            state = seat.receive("state")
            if state["table"]["status"] == "finished":
                break
            legal = state["view"]["legal_actions"] if state["view"] else []
            if not legal:
                continue
            if not asked:
                asked = True
                seat.send({"type": "hint"})
                seat.receive("hint")
            if not refused:
                refused = True
                seat.send({"type": "action", "action": "nonsense", "position": state["position"]})
                seat.receive("error")
            seat.send({"type": "action", "action": legal[0], "position": state["position"]})
        watcher.send({"type": "hello", "table": table})
        watcher.receive("chat_history")
        watcher.receive("state")
        return seat.received + watcher.received


def kind_of(value: Any, allowed: list[str]) -> str:
    """The kind of a JSON value, as typedefs() names kinds (a string is its literal
    when the typedef allows only literals)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string" if "string" in allowed else json.dumps(value)
    return "array" if isinstance(value, list) else "object"


def mismatches(value: dict[str, Any], name: str, found: dict[str, Keys], where: str) -> list[str]:
    """How a value the server sent differs from its typedef, and its nested values."""
    keys = found[name]
    problems = [f"{where}: {key} is not in {name}" for key in value.keys() - keys.keys()]
    problems += [
        f"{where}: {name}.{key} is missing"
        for key, held in keys.items()
        if not held["optional"] and key not in value
    ]
    for key in value.keys() & keys.keys():
        kind = kind_of(value[key], keys[key]["kinds"])
        if kind not in keys[key]["kinds"]:
            problems.append(f"{where}: {name}.{key} holds a {kind}, not {keys[key]['kinds']}")
        inner = NESTED.get(name, {}).get(key)
        if inner is None:
            continue
        items = value[key] if isinstance(value[key], list) else [value[key]]
        for item in items:
            if isinstance(item, dict):
                problems += mismatches(item, inner, found, f"{where}.{key}")
    return problems


def test_every_websocket_message_the_server_sends_matches_its_typedef(server_url: str) -> None:
    received = conversation(server_url)
    assert {message["type"] for message in received} == set(MESSAGES)
    names = {*MESSAGES.values(), *(inner for keys in NESTED.values() for inner in keys.values())}
    found = typedefs(*sorted(names))
    problems: list[str] = []
    for message in received:
        problems += mismatches(message, MESSAGES[message["type"]], found, message["type"])
    assert not sorted(set(problems))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_short_texts_fixtures_are_the_servers_catalogue(lang: str) -> None:
    # tests/js/words.test.js builds its golden texts from them: a card's new name or
    # phrase must reach them (copy editions(lang) there, then rewrite the goldens).
    path = ROOT / "tests" / "js" / "fixtures" / f"editions.{lang}.json"
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(json.dumps(editions(lang)))
