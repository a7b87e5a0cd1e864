"""The table chat: players' own words or quick reactions to every client of the table,
200 characters at most, rate-limited; spectators write only if the host allows; a
newcomer gets the recent lines."""

from __future__ import annotations

import asyncio

from .harness import Client, Message, ServerThread, create_table, is_state, join


def is_chat(message: Message) -> bool:
    return bool(message["type"] == "chat")


def test_the_chat(server: ServerThread) -> None:
    asyncio.run(chatting(server))


async def chatting(server: ServerThread) -> None:
    created = create_table(server.url, seats=[{"kind": "open"}, {"kind": "open"}])
    table = created["table"]
    ana = join(server.url, table, "Ana", host_token=created["host_token"])
    bruno = join(server.url, table, "Bruno")
    host = await Client.open(server.ws_url, table, ana["token"], seat=0)
    guest = await Client.open(server.ws_url, table, bruno["token"], seat=1)
    watcher = await Client.open(server.ws_url, table)
    for client in (host, guest, watcher):
        await client.until(is_state)
    markup = "<b>hi</b> & <script>alert(1)</script>"
    await guest.send({"type": "chat", "text": f"  {markup}  "})
    for client in (host, guest, watcher):
        line = await client.until(is_chat)
        assert (line["seat"], line["name"], line["text"]) == (1, "Bruno", markup)
        assert line["reaction"] is None
    await host.send({"type": "chat", "reaction": "applause"})
    line = await watcher.until(is_chat)
    assert (line["name"], line["text"], line["reaction"]) == ("Ana", None, "applause")
    # Refused: too long, blank, both or neither, an unknown reaction.
    for wrong in (
        {"text": "x" * 201},
        {"text": "   "},
        {"text": "a", "reaction": "wow"},
        {},
        {"reaction": "boo"},
    ):
        await guest.send({"type": "chat", **wrong, "id": "bad"})
        assert (await guest.error())["code"] == "invalid_message", wrong
    await guest.send({"type": "chat", "text": "y" * 200})
    assert len((await guest.until(is_chat))["text"]) == 200
    # A spectator writes only once the host allows it.
    await watcher.send({"type": "chat", "text": "hello", "id": 1})
    assert (await watcher.error())["code"] == "chat_closed"
    await guest.send({"type": "chat_policy", "spectators": True, "id": 2})
    assert (await guest.error())["code"] == "not_host"
    await host.send({"type": "chat_policy", "spectators": True})
    await watcher.until(lambda m: is_state(m) and m["table"]["spectator_chat"])
    await watcher.send({"type": "chat", "text": "hello"})
    line = await host.until(lambda m: is_chat(m) and m["text"] == "hello")
    assert (line["seat"], line["name"]) == (None, None)
    # Rate: a burst of 5, then refusals.
    codes: list[str] = []
    for n in range(8):
        await watcher.send({"type": "chat", "text": f"spam {n}", "id": n})
    while len(codes) < 3:
        message = await watcher.until(lambda m: m["type"] in ("chat", "error"), errors=True)
        if message["type"] == "error":
            codes.append(message["code"])
    assert codes == ["chat_rate"] * 3
    # A newcomer gets the recent lines.
    late = await Client.open(server.ws_url, table)
    history = await late.until(lambda m: m["type"] == "chat_history")
    assert markup in [line["text"] for line in history["lines"]]
    for client in (host, guest, watcher, late):
        await client.close()
