"""Take the browser UI's screenshots in docs/ against a real server and Debian's Chromium.

    python scripts/screenshots.py [--out docs]

Starts the server on a free port with a throwaway SQLite file, plays with the mouse
like a person (a seeded choice among the legal moves) and saves the home page, the
table in the middle of a round, a round summary, an eight-player Premium table on a
1366x768 screen, the rules page, the guided first game (a laptop in English, a phone in
French), the replay page, the table on a phone (in French),
and, after a dozen games between six accounts, the sign-in dialog, a profile and the
leaderboard (and a profile on a phone, in French); then, with public tables hosted by
those accounts, the lobby (a laptop in English, a phone in French), "My games" and a
turn-based table on its player's turn (both languages, laptop and phone).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import tempfile
import threading
from pathlib import Path

import httpx
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright
from websockets.sync.client import connect

from loveletter.server.run import bind, make_server
from loveletter.server.settings import Settings

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
MY_TURN = '.game[data-turn="me"]'
OPEN_DIALOG = "dialog[open]"


def create_table(
    page: Page, url: str, name: str, seats: list[str], edition: str = "2019", first: int = 0
) -> None:
    """Create a table from the home page, this person in seat 0, seat `first` moving first."""
    page.goto(url + "/")
    page.select_option("#edition", edition)
    page.select_option("#players", str(len(seats) + 1))
    for index, seat in enumerate(seats, start=1):
        page.select_option(f"#seat-{index}", seat)
    page.fill("#name", name)
    page.click("details.options summary")
    page.fill("#opt-tokens", "3")
    page.select_option("#opt-first", str(first))
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))


def wait_turn_or_dialog(page: Page) -> bool:
    """Wait until this seat must decide (True) or a summary is open (False)."""
    page.wait_for_selector(f"{MY_TURN}, {OPEN_DIALOG}")
    return not page.locator(OPEN_DIALOG).count()


def play_one_decision(page: Page, rng: random.Random) -> None:
    """A card, then a choice at each step, until the decision is sent."""
    start = page.locator(".game").get_attribute("data-version")
    for _ in range(12):
        game = page.locator(".game")
        if (
            page.locator(OPEN_DIALOG).count()
            or game.get_attribute("data-turn") != "me"
            or game.get_attribute("data-version") != start
        ):
            return
        confirm = page.locator(".choices .confirm:not([disabled])")
        options = page.locator('.choices .option:not([aria-pressed="true"])')
        if (
            game.get_attribute("data-phase") == "play"
            and not page.locator(".hand-card.selected").count()
        ):
            cards = page.locator(".hand-card:not([aria-disabled])")
            cards.nth(rng.randrange(cards.count())).click()
        elif confirm.count():
            confirm.click()
        elif options.count():
            options.nth(rng.randrange(options.count())).click()


def select_guard_or_any(page: Page) -> None:
    """Choose a card to show its choices (the Guard's, with the unseen counts, if held)."""
    guard = page.locator('.hand-card[data-card="guard"]:not([aria-disabled])')
    card = guard if guard.count() else page.locator(".hand-card:not([aria-disabled])")
    card.first.click()
    targets = page.locator(".choices .option")
    if guard.count() and targets.count():
        targets.first.click()


def table_and_summary(browser: Browser, url: str, out: Path) -> None:
    context = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 900})
    page = context.new_page()
    create_table(page, url, "Ana", ["bot:medium", "bot:hard", "bot:easy"])
    rng = random.Random(5)
    turns = 0
    table = summary = False
    while not (table and summary):
        if not wait_turn_or_dialog(page):
            if not summary:
                settle(page)
                page.screenshot(path=out / "web-round-summary.png")
                summary = True
            close_summary(page)
            continue
        turns += 1
        guard = page.locator('.hand-card[data-card="guard"]:not([aria-disabled])').count()
        if not table and turns >= 3 and (guard or turns >= 8):
            select_guard_or_any(page)
            settle(page)
            page.screenshot(path=out / "web-table.png")
            page.locator(".hand-card.selected").click()
            table = True
        play_one_decision(page, rng)
    context.close()


def close_summary(page: Page) -> None:
    """Close the round's summary if it is still open (it closes itself when this
    seat's turn comes: looking and clicking are one step)."""
    page.evaluate("() => document.querySelector('dialog[open] #continue')?.click()")


def settle(page: Page) -> None:
    """Wait for the page's animations to end, so that nothing is caught half drawn."""
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")


def phone(browser: Browser, url: str, out: Path) -> None:
    context = browser.new_context(
        locale="fr-FR", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    create_table(page, url, "Camille", ["bot:easy", "bot:medium"])
    rng = random.Random(8)
    for _ in range(2):
        if wait_turn_or_dialog(page):
            play_one_decision(page, rng)
    while not wait_turn_or_dialog(page):
        close_summary(page)
    page.evaluate("window.scrollTo(0, 0)")
    settle(page)
    page.screenshot(path=out / "web-phone.png")
    context.close()


def eight_players(browser: Browser, url: str, out: Path) -> None:
    """Premium with seven bots on a laptop screen, the bots having played first."""
    context = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 768})
    page = context.new_page()
    create_table(
        page, url, "Ana", ["bot:medium", "bot:easy", "bot:hard"] * 2 + ["bot:medium"], "premium", 4
    )
    while not wait_turn_or_dialog(page):
        close_summary(page)
    settle(page)
    page.screenshot(path=out / "web-table-8.png")
    context.close()


def rules(browser: Browser, url: str, out: Path) -> None:
    context = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.goto(url + "/rules")
    cards = page.locator(".rules-cards-title").first
    cards.wait_for()
    # The card reference under the top bar, where a reader scrolls to look a card up.
    cards.evaluate("e => window.scrollBy(0, e.getBoundingClientRect().top - 70)")
    page.screenshot(path=out / "web-rules.png")
    context.close()


def lesson(browser: Browser, url: str, out: Path) -> None:
    """The guided first game at its Priest step, after a wrong move (a laptop in
    English), and its first step on a phone in French."""
    context = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.goto(url + "/learn")
    while page.locator(".game.lesson").get_attribute("data-step") != "priest":
        page.click("#lesson-next")
        page.wait_for_selector('.game.lesson[data-busy="false"]')
    page.click('.hand-card[data-card="guard"]')  # not the step's move: it says why
    page.click('.choices .option[data-option="1"]')
    page.click('.choices .option[data-option="princess"]')
    page.wait_for_selector("#lesson-why")
    settle(page)
    page.screenshot(path=out / "web-learn.png")
    context.close()
    context = browser.new_context(
        locale="fr-FR", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(url + "/learn")
    page.wait_for_selector("#lesson-next")
    settle(page)
    page.screenshot(path=out / "web-learn-phone-fr.png")
    context.close()


def finished_game(url: str) -> str:
    """A table whose first game four bots played to its end, through the HTTP API."""
    created = httpx.post(
        f"{url}/api/tables",
        json={
            "edition": "2019",
            "seats": [{"kind": "bot", "level": level} for level in ("easy", "medium", "hard")],
            "options": {"tokens_to_win": 2},
        },
    ).json()
    table: str = created["table"]
    with connect(f"ws{url[4:]}/ws") as websocket:
        websocket.send(json.dumps({"type": "hello", "table": table}))
        start = f"{url}/api/tables/{table}/start"
        httpx.post(start, json={"host_token": created["host_token"]}).raise_for_status()
        while json.loads(websocket.recv(timeout=60))["table"]["status"] != "finished":
            pass
    return table


def home_and_replay(browser: Browser, url: str, out: Path) -> None:
    context = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.goto(url + "/")
    page.fill("#name", "Ana")
    page.click("details.options summary")
    page.evaluate("window.scrollTo(0, 0)")  # the top bar is sticky: shot from the top
    page.screenshot(path=out / "web-home.png", full_page=True)
    page.goto(f"{url}/r/{finished_game(url)}/1")
    page.wait_for_selector(".seat")
    for _ in range(9):
        page.keyboard.press("ArrowRight")
    settle(page)
    page.screenshot(path=out / "web-replay.png")
    context.close()


PLAYERS = ["Ana", "Bruno", "Chloé", "Dmitri", "Élodie", "Farid"]
PASSWORD = "correct horse battery"


def play_seat(url: str, table: str, token: str, seed: int, start: dict[str, str] | None) -> None:
    """Play a seat at random over the WebSocket until its game is over."""
    rng = random.Random(seed)
    with connect(f"ws{url[4:]}/ws") as websocket:
        websocket.send(json.dumps({"type": "hello", "table": table, "token": token}))
        if start:
            websocket.send(json.dumps(start))
        acted = set()
        while True:
            message = json.loads(websocket.recv(timeout=60))
            if message["type"] != "state":
                continue
            if message["table"]["status"] == "finished":
                return
            view, position = message["view"], message["position"]
            key = position and tuple(position.values())
            if view and view["legal_actions"] and key and key not in acted:
                acted.add(key)
                action = rng.choice(view["legal_actions"])
                websocket.send(
                    json.dumps({"type": "action", "action": action, "position": position})
                )


def rated_games(url: str, games: int) -> dict[str, str]:
    """Accounts for PLAYERS, and ``games`` 2019 games between three of them at a time,
    played to their end; returns each player's account id."""
    clients = {name: httpx.Client(base_url=url, timeout=30) for name in PLAYERS}
    infos = {}
    for name, client in clients.items():
        answer = client.post("/api/account", json={"name": name, "password": PASSWORD})
        answer.raise_for_status()
        infos[name] = answer.json()
    rng = random.Random(4)
    for game in range(games):
        names = rng.sample(PLAYERS, 3)
        body = {"edition": "2019", "seats": [{"kind": "open"}] * 3, "options": {"tokens_to_win": 3}}
        created = httpx.post(f"{url}/api/tables", json=body).json()
        tokens = []
        for name in names:
            joined = clients[name].post(
                f"/api/tables/{created['table']}/join",
                json={"name": name},
                headers={"X-CSRF-Token": infos[name]["csrf"]},
            )
            joined.raise_for_status()
            tokens.append(joined.json()["token"])
        start = {"type": "start", "host_token": created["host_token"]}
        threads = [
            threading.Thread(
                target=play_seat,
                args=(url, created["table"], token, game * 10 + seat, start if seat == 0 else None),
            )
            for seat, token in enumerate(tokens)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    for client in clients.values():
        client.close()
    return {name: info["id"] for name, info in infos.items()}


def accounts(browser: Browser, url: str, out: Path) -> None:
    """The sign-in dialog, a profile and a leaderboard, in English on a laptop's screen
    and in French on a phone."""
    ids = rated_games(url, 12)
    context = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.goto(url + "/")
    page.click("#account-button")
    page.fill("#account-name", "Ana")
    page.screenshot(path=out / "web-sign-in.png")
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    page.wait_for_selector("#account-button.signed-in")
    page.goto(f"{url}/p/{ids['Ana']}")
    page.wait_for_selector("#profile-name")
    page.screenshot(path=out / "web-profile.png", full_page=True)
    page.goto(f"{url}/leaderboard")
    page.wait_for_selector("#leaderboard-table")
    page.screenshot(path=out / "web-leaderboard.png")
    context.close()
    context = browser.new_context(
        locale="fr-FR",
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
    )
    page = context.new_page()
    page.goto(f"{url}/p/{ids['Chloé']}")
    page.wait_for_selector("#profile-name")
    page.screenshot(path=out / "web-profile-phone.png")
    context.close()


DAY = 86400


def signed_in(url: str, name: str) -> tuple[httpx.Client, str]:
    """A client signed in as one of PLAYERS, and the token its changing requests carry."""
    client = httpx.Client(base_url=url, timeout=30)
    answer = client.post("/api/session", json={"name": name, "password": PASSWORD})
    answer.raise_for_status()
    csrf: str = answer.json()["csrf"]
    return client, csrf


def table_of(
    url: str,
    clients: dict[str, tuple[httpx.Client, str]],
    hosts: list[str],
    edition: str,
    seats: int,
    turn_timer: float,
    **more: object,
) -> tuple[str, str]:
    """A public table whose first seats the accounts ``hosts`` take (signed in with
    ``clients``), the first hosting; returns its id and its host token."""
    body = {
        "edition": edition,
        "seats": [{"kind": "open"}] * seats,
        "turn_timer": turn_timer,
        "public": True,
        **more,
    }
    created = httpx.post(f"{url}/api/tables", json=body).json()
    for index, name in enumerate(hosts):
        client, csrf = clients[name]
        extra = {"host_token": created["host_token"]} if index == 0 else {}
        joined = client.post(
            f"/api/tables/{created['table']}/join",
            json={"name": name, **extra},
            headers={"X-CSRF-Token": csrf},
        )
        joined.raise_for_status()
    return created["table"], created["host_token"]


def lobby_and_games(browser: Browser, url: str, out: Path) -> None:
    """The lobby with public tables hosted by rated accounts; Ana's games (one on her
    turn, one on another's, one waiting for players) and her turn-based table."""
    clients = {name: signed_in(url, name) for name in PLAYERS}
    table_of(url, clients, ["Dmitri", "Élodie"], "premium", 6, 12 * 3600, lang="fr")
    table_of(url, clients, ["Bruno"], "2019", 4, DAY)
    table_of(url, clients, ["Farid", "Chloé"], "classic", 3, 3 * DAY, lang="fr")
    table_of(url, clients, ["Chloé"], "princess", 2, 3600, lang="fr")
    waiting, _ = table_of(url, clients, ["Ana"], "2019", 3, DAY)
    for first, timer, others in ((1, 3 * DAY, ["Dmitri"]), (0, DAY, ["Bruno", "Chloé"])):
        body = {"options": {"tokens_to_win": 3, "first_player": first}}
        seats = len(others) + 1
        table, host = table_of(url, clients, ["Ana", *others], "2019", seats, timer, **body)
        start = httpx.post(f"{url}/api/tables/{table}/start", json={"host_token": host})
        start.raise_for_status()
    for client, _ in clients.values():
        client.close()
    shots: tuple[tuple[str, ViewportSize, str, bool], ...] = (
        ("en-US", {"width": 1366, "height": 768}, "", False),
        ("fr-FR", {"width": 390, "height": 844}, "-phone-fr", True),
    )
    for locale, viewport, suffix, mobile in shots:
        context = browser.new_context(
            locale=locale, viewport=viewport, is_mobile=mobile, has_touch=mobile
        )
        page = context.new_page()
        page.goto(url + "/lobby")
        page.wait_for_selector("#lobby-table")
        page.screenshot(path=out / f"web-lobby{suffix}.png", full_page=mobile)
        page.goto(url + "/")
        page.click("#account-button")
        page.fill("#account-name", "Ana")
        page.fill("#account-password", PASSWORD)
        page.click("#account-submit")
        page.wait_for_selector("#account-button.signed-in")
        page.goto(url + "/games")  # a phone's top bar has no room for its link
        page.wait_for_selector(f"#game-{waiting}")
        page.screenshot(path=out / f"web-games{suffix}.png")
        page.locator(".game-line.your-turn a").first.click()
        page.wait_for_selector(MY_TURN)
        settle(page)
        page.screenshot(path=out / f"web-turn-based{suffix}.png")
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs"))
    out = parser.parse_args().out
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            db_url=f"sqlite:///{folder}/screenshots.db",
            bot_delay=0.0,
            round_pause=1.0,  # the round's summary is in view a moment before the next turn
            leaderboard_min_games=2,
            rate=200.0,  # the rated games' seats play at once, faster than a person
            burst=60,
            signin_burst=40,  # six accounts sign up, then sign in again for the lobby
        )
        sock = bind("127.0.0.1", 0)
        server = make_server(settings)
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        try:
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                home_and_replay(browser, url, out)
                table_and_summary(browser, url, out)
                eight_players(browser, url, out)
                rules(browser, url, out)
                lesson(browser, url, out)
                phone(browser, url, out)
                accounts(browser, url, out)
                lobby_and_games(browser, url, out)
                browser.close()
        finally:
            server.should_exit = True
            thread.join(30)
    for name in sorted(out.glob("web-*.png")):
        print(name)


if __name__ == "__main__":
    main()
