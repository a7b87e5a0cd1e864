// @ts-check
// The signed-in player's unfinished games (/games, and "Your games" on the home page):
// those where it is their turn first, the soonest due first, each with the time left
// for its move and a link to its table. Signed out, the page says so and offers to
// sign in.

import { api } from "./api.js";
import { countdown, tickClocks, timerText } from "./clocks.js";
import { h, keep, namePage, patch } from "./dom.js";
import { errorText } from "./errors.js";
import { lang, listNames, t, tParts } from "./i18n.js";
import { whileVisible } from "./polling.js";
import { session } from "./session.js";

/** @typedef {import("./protocol.js").AccountTable} AccountTable */
/** @typedef {import("./protocol.js").AccountTables} AccountTables */
/** @typedef {import("./protocol.js").EditionInfo} EditionInfo */

/** How often the list is asked for again while it is looked at. */
const REFRESH_MS = 20000;
/** How often its countdowns are brought up to date. */
const TICK_MS = 1000;

/**
 * The games in the order the list shows them: those where it is your turn first, the
 * soonest due first (no deadline last); then the others, the latest moved first.
 * @param {AccountTable[]} games
 * @returns {AccountTable[]}
 */
export function sortGames(games) {
  const due = (/** @type {AccountTable} */ game) => game.deadline ?? Infinity;
  return [...games].sort((a, b) => {
    if (a.your_turn !== b.your_turn) return a.your_turn ? -1 : 1;
    if (a.your_turn) return due(a) - due(b) || b.updated_at - a.updated_at;
    return b.updated_at - a.updated_at;
  });
}

/**
 * What a game's line says of where it stands: your turn, the others', or players awaited.
 * @param {AccountTable} game
 */
export function gameStatus(game) {
  if (game.status === "lobby") return t("games_lobby");
  return game.your_turn ? t("your_turn") : t("games_waiting");
}

/**
 * Who sits at a game's table: the names, and how many seats are still open ("" in
 * the server's list).
 * @param {AccountTable} game
 */
export function gamePlayers(game) {
  const names = game.players.filter(Boolean);
  const open = game.players.length - names.length;
  return open ? `${listNames(names)} · ${t("games_open_seats", { n: open })}` : listNames(names);
}

/**
 * One game's line.
 * @param {AccountTable} game
 * @param {string} editionName
 * @param {number} offset  the server's clock ahead of the page's, in seconds
 */
function gameLine(game, editionName, offset) {
  return h(
    "li",
    { class: game.your_turn ? "game-line your-turn" : "game-line", id: `game-${game.table}`, "data-table": game.table },
    h("span", { class: "game-status" }, gameStatus(game)),
    h("span", { class: "game-what" }, editionName, " · ", timerText(game.turn_timer)),
    h("span", { class: "game-players" }, gamePlayers(game)),
    game.deadline !== null && game.status === "playing"
      ? h("span", { class: "game-left" }, tParts("clock_left", { time: countdown(game.deadline, offset) }))
      : h("span", { class: "game-left" }),
    h("a", { class: game.your_turn ? "button primary" : "button", href: `/t/${game.table}` }, t(game.your_turn ? "games_play" : "games_open")),
  );
}

/**
 * The list of games, or a line that there is none (with the lobby's link).
 * @param {AccountTables} answer
 * @param {EditionInfo[]} editions
 * @param {number} offset
 */
export function gamesList(answer, editions, offset) {
  const nameOf = (/** @type {string} */ id) => editions.find((e) => e.id === id)?.name ?? id;
  if (!answer.games.length) {
    return h("p", { class: "muted", id: "games-none" }, t("games_none"), " ", h("a", { href: "/lobby" }, t("qm_lobby_link")));
  }
  return h("ol", { class: "games-list", id: "games-list" }, sortGames(answer.games).map((game) => gameLine(game, nameOf(game.edition), offset)));
}

/**
 * Keeps a list of the signed-in player's games up to date in `box` while the page is
 * looked at (drawn by `draw`; nothing while signed out).
 * @param {(content: Element | null) => void} draw
 */
export function watchGames(draw) {
  /** @type {{answer: AccountTables | null, offset: number, editions: EditionInfo[], failed: string | null}} */
  const shown = { answer: null, offset: 0, editions: [], failed: null };

  async function load() {
    const account = session.getState().account;
    if (!account) return;
    try {
      const [answer, editions] = await Promise.all([api.myGames(), api.editions(lang())]);
      if (session.getState().account?.id !== account.id) return;
      Object.assign(shown, { answer, editions, offset: answer.server_time - Date.now() / 1000, failed: null });
    } catch (error) {
      shown.failed = errorText(/** @type {{code: string, message: string}} */ (error));
    }
    redraw();
  }

  function redraw() {
    if (!session.getState().account) {
      shown.answer = null;
      draw(null);
      return;
    }
    if (shown.answer) draw(gamesList(shown.answer, shown.editions, shown.offset));
    else draw(h("p", { class: "muted", id: "games-status" }, shown.failed ? t("error", { message: shown.failed }) : t("connecting")));
  }

  const polling = whileVisible(load, REFRESH_MS);
  session.subscribe((now, before) => {
    if (now.account?.id === before.account?.id) return;
    redraw();
    polling.now();
  });
  setInterval(() => tickClocks(shown.offset), TICK_MS);
  return { redraw, now: polling.now };
}

/** The box on the page the list is drawn in, if any. */
function gamesBox() {
  return document.getElementById("games-box");
}

/** @param {HTMLElement} main */
export function gamesPage(main) {
  function render() {
    document.title = `${t("nav_games")} — Love Letter`;
    namePage(t("nav_games"));
    const { account, known } = session.getState();
    patch(
      main,
      h(
        "section",
        { class: "panel games-page", id: "games-page", "aria-labelledby": "games-heading" },
        h("h1", { id: "games-heading" }, t("nav_games")),
        !known
          ? null
          : account
            ? h("p", { class: "muted" }, t("games_intro"))
            : h(
                "div",
                { class: "games-signed-out", id: "games-signed-out" },
                h("p", {}, t("games_signed_out")),
                h("button", { type: "button", class: "primary", id: "games-sign-in", onclick: () => document.getElementById("account-button")?.click() }, t("account_sign_in")),
              ),
        // The list draws itself in its box, which a new build of the page keeps as it is.
        gamesBox() ? keep(/** @type {Element} */ (gamesBox())) : h("div", { class: "games-box", id: "games-box" }),
      ),
    );
  }

  render();
  const list = watchGames((content) => {
    const box = gamesBox();
    if (box) patch(box, content);
  });
  session.subscribe((now, before) => (now.account?.id !== before.account?.id || now.known !== before.known) && render());
  return { onLang: () => (render(), list.redraw(), list.now()) };
}
