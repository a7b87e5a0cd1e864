"""What the table offers around the game: the turn timer (form, lobby, countdowns,
the stand-in playing when it runs out), a blank name refused before any table is
created, invitation links others can reach, the host's controls and the chat."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from loveletter.server import service
from loveletter.server.addresses import lan_addresses

from .conftest import Server
from .ui import MY_TURN, create_table, version, wait_version


def test_the_form_chooses_the_turn_timer_and_the_lobby_shows_it(page: Page, server: Server) -> None:
    page.goto(server.url + "/")
    page.select_option("#edition", "classic")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "open")
    page.select_option("#turn-timer", "30")
    page.select_option("#disconnect-timeout", "120")
    page.select_option("#bot-level", "hard")
    page.fill("#name", "Ana")
    page.click("#create")
    expect(page.locator("#lobby-clocks")).to_contain_text("Turn timer: 30 s")
    expect(page.locator("#lobby-clocks")).to_contain_text("gone longer than 2 min")
    table = page.url.rsplit("/", 1)[1]
    info = httpx.get(f"{server.url}/api/tables/{table}").json()
    assert (info["turn_timer"], info["disconnect_timeout"], info["bot_level"]) == (30, 120, "hard")


def test_a_blank_name_creates_no_table(browser: Browser, server: Server) -> None:
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    posted: list[str] = []
    page.on(
        "request", lambda request: posted.append(request.url) if request.method == "POST" else None
    )
    page.goto(server.url + "/")
    page.fill("#name", "   ")
    page.click("#create")
    expect(page.locator(".toast-error")).to_contain_text("Entrez un nom")
    assert page.url == server.url + "/"
    assert posted == []  # no table was created, so none is left behind
    context.close()


def test_the_stand_in_plays_when_the_turn_timer_runs_out(
    page: Page, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A deal where no first move (Ana's stand-in's, then the bot's) ends the round: the
    # strip still shows round 1 when it is looked at.
    monkeypatch.setattr(service, "unpredictable_rng", lambda: random.Random(19))
    # Long enough that the clocks are surely seen before it runs out on a loaded machine.
    created = httpx.post(
        f"{server.url}/api/tables",
        json={
            "edition": "classic",
            "seats": [{"kind": "open"}, {"kind": "bot", "level": "easy"}],
            "options": {"tokens_to_win": 7, "first_player": 0},
            "turn_timer": 6,
        },
    ).json()
    page.goto(created["invite_url"])
    expect(page.locator("#lobby-clocks")).to_contain_text("Turn timer: 6 s")
    page.fill("#join-name", "Ana")
    page.click("button[type=submit]")
    expect(page.locator(".lobby-seats")).to_contain_text("Ana")
    httpx.post(
        f"{server.url}/api/tables/{created['table']}/start",
        json={"host_token": created["host_token"]},
    ).raise_for_status()
    page.wait_for_selector(MY_TURN)
    mine = version(page)
    expect(page.locator("#turn-clock")).to_be_visible()
    expect(page.locator(".seat.is-me .badge-clock")).to_be_visible()
    # Ana does nothing: when her time is up, a bot plays her decision, and her own
    # log says that her time ran out (she was there all along), the last turns too.
    wait_version(page, mine + 1)
    expect(page.locator("#log")).to_contain_text(
        "Your time ran out: a bot decided for you.", timeout=15_000
    )
    expect(page.locator("#log")).not_to_contain_text("While you were away")
    mark = page.locator('.recent-move[data-seat="0"] .recent-timeout')
    expect(mark.first).to_have_text("time ran out")


def test_the_lobby_invites_with_a_network_address_when_serving_on_every_interface(
    browser: Browser, tmp_path: Path
) -> None:
    with Server(tmp_path / "lan.db", host="0.0.0.0") as lan:
        page = browser.new_page(locale="en-US")
        # Through the loopback.
        create_table(page, lan, edition="classic", players=2, seats=["open"], tokens=None)
        page.wait_for_selector("#invite")
        invite = page.locator("#invite").input_value()
        watch = page.locator("#watch-link").input_value()
        addresses = lan_addresses()
        port = lan.url.rsplit(":", 1)[1]
        if addresses:
            assert invite.startswith(f"http://{addresses[0]}:{port}/t/")
        assert not invite.startswith("http://127.")
        assert watch == invite.replace("/t/", "/w/")
        expect(page.locator("#link-local")).to_have_count(0)
        page.close()


def test_a_loopback_server_says_the_link_works_here_only(page: Page, server: Server) -> None:
    create_table(page, server, edition="classic", players=2, seats=["open"], tokens=None)
    expect(page.locator("#link-local")).to_contain_text("only on this computer")
    expect(page.locator("#link-local")).to_contain_text("--host 0.0.0.0")


def test_an_invitation_opened_after_the_start_watches(browser: Browser, server: Server) -> None:
    created = httpx.post(
        f"{server.url}/api/tables",
        json={"edition": "classic", "seats": [{"kind": "open"}, {"kind": "bot", "level": "easy"}]},
    ).json()
    # Ana sits and never plays: the game waits for her (two bots would finish it before
    # the page opens, and a finished game is no longer one "already started").
    join = {"name": "Ana", "host_token": created["host_token"]}
    httpx.post(f"{server.url}/api/tables/{created['table']}/join", json=join).raise_for_status()
    httpx.post(
        f"{server.url}/api/tables/{created['table']}/start",
        json={"host_token": created["host_token"]},
    ).raise_for_status()
    page = browser.new_page(locale="fr-FR")
    page.goto(created["invite_url"])
    expect(page.locator("#started-note")).to_have_text(
        "Cette partie a déjà commencé\u00a0: vous la regardez."
    )
    expect(page.locator(".hand-card")).to_have_count(0)
    page.close()


def test_chat_text_with_markup_is_shown_as_text(browser: Browser, server: Server) -> None:
    host_context = browser.new_context(locale="en-US")
    guest_context = browser.new_context(locale="fr-FR")
    host = host_context.new_page()
    guest = guest_context.new_page()
    create_table(host, server, edition="classic", players=2, seats=["open"], tokens=None)
    guest.goto(host.locator("#invite").input_value())
    guest.fill("#join-name", "Bruno")
    guest.click("button[type=submit]")
    expect(host.locator(".lobby-seats")).to_contain_text("Bruno")
    markup = "<img src=x onerror=\"document.title='pwned'\"><b>bold</b>"
    guest.fill("#chat-input", markup)
    guest.click("#chat-send")
    line = host.locator("#chat-lines li").last
    expect(line).to_contain_text(markup)  # the very characters, as text
    assert host.locator("#chat-lines img, #chat-lines b").count() == 0
    assert host.title() != "pwned"
    guest.click('[data-reaction="applause"]')
    expect(host.locator("#chat-lines li").last).to_contain_text("\u2605\ufe0e Applause")
    # A spectator reads; writes only once the host allows it.
    watcher = host_context.new_page()
    watcher.goto(host.locator("#watch-link").input_value())
    expect(watcher.locator("#chat-lines")).to_contain_text(markup)
    expect(watcher.locator("#chat-input")).to_be_disabled()
    host.check("#chat-spectators")
    expect(watcher.locator("#chat-input")).to_be_enabled()
    watcher.fill("#chat-input", "hello")
    watcher.click("#chat-send")
    expect(guest.locator("#chat-lines li").last).to_contain_text("Un spectateur")
    host_context.close()
    guest_context.close()


def test_the_host_removes_a_player_and_hands_the_role_over(
    browser: Browser, server: Server
) -> None:
    host_context = browser.new_context(locale="en-US")
    guest_context = browser.new_context(locale="en-US")
    host = host_context.new_page()
    guest = guest_context.new_page()
    host.on("dialog", lambda dialog: dialog.accept())
    create_table(host, server, edition="classic", players=3, seats=["open"] * 2, tokens=None)
    expect(host.locator(".lobby-seats li").first.locator(".badge-host")).to_have_text("host")
    guest.goto(host.locator("#invite").input_value())
    guest.fill("#join-name", "Bruno")
    guest.click("button[type=submit]")
    expect(guest.locator(".lobby-seats .badge-host")).to_have_count(1)
    expect(guest.locator("#host-tools")).to_have_count(0)
    host.click("#host-tools summary")
    host.click('#host-tools li[data-seat="1"] .host-remove')
    expect(guest.locator(".toast-error")).to_contain_text("removed you")
    expect(host.locator(".lobby-seats")).not_to_contain_text("Bruno")
    guest.fill("#join-name", "Bruno")  # the seat is open again: he takes it back
    guest.click("button[type=submit]")
    expect(host.locator(".lobby-seats")).to_contain_text("Bruno")
    host.click('#host-tools li[data-seat="1"] .host-hand')
    expect(guest.locator("#start")).to_be_visible()  # Bruno is the host now
    expect(host.locator("#start")).to_have_count(0)
    guest.click("#start")
    guest.wait_for_selector(".game")
    host_context.close()
    guest_context.close()


#: Keeps the page's WebSocket and the last state it received, to hand it that state
#: again at a chosen moment.
KEEP_SOCKET = """
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    window.keptSocket = this;
    this.addEventListener("message", (event) => {
      if (JSON.parse(event.data).type === "state") window.keptState = event.data;
    });
  }
};
"""


def test_the_host_tools_stay_open_when_a_state_comes_as_they_open(
    browser: Browser, server: Server
) -> None:
    """A state that came between the click opening the host's tools and the browser's
    toggle event drew them again closed, the remove button out of reach."""
    host_context = browser.new_context(locale="en-US")
    guest_context = browser.new_context(locale="en-US")
    host_context.add_init_script(KEEP_SOCKET)
    host = host_context.new_page()
    guest = guest_context.new_page()
    create_table(host, server, edition="classic", players=3, seats=["open"] * 2, tokens=None)
    guest.goto(host.locator("#invite").input_value())
    guest.fill("#join-name", "Bruno")
    guest.click("button[type=submit]")
    expect(host.locator("#host-tools")).to_have_count(1)
    host.evaluate(
        """() => {
          document.querySelector("#host-tools summary").click();
          const state = new MessageEvent("message", { data: window.keptState });
          window.keptSocket.dispatchEvent(state);
        }"""
    )
    expect(host.locator('#host-tools li[data-seat="1"] .host-remove')).to_be_visible()
    host_context.close()
    guest_context.close()


DRAWN = """(button) => {
  // A glyph no font has is drawn as the missing-glyph box: compare with it.
  const style = getComputedStyle(button);
  const draw = (text) => {
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext("2d");
    context.font = `32px ${style.fontFamily}`;
    context.fillText(text, 8, 44);
    return context.getImageData(0, 0, 64, 64).data.join();
  };
  const missing = draw("\\u{10FFFD}");
  const symbol = button.querySelector("[aria-hidden]").textContent;
  return [symbol, draw(symbol) !== missing && draw(symbol) !== draw("")];
}"""


def test_the_chats_reactions_draw_their_symbols_without_an_emoji_font(
    page: Page, server: Server
) -> None:
    # This seat plays first: with one token to win, the bot could end the game before.
    create_table(page, server, edition="classic", players=2, seats=["bot:easy"], first_player=0)
    page.wait_for_selector(MY_TURN)
    buttons = page.locator(".chat-reactions button")
    expect(buttons).to_have_count(5)
    for index in range(5):
        symbol, drawn = buttons.nth(index).evaluate(DRAWN)
        assert drawn, symbol
