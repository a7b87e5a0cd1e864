// @ts-check
// The single page: picks the home, a table (to play or watch), a replay, a lesson… by the URL.

import { installAccount } from "./account.js";
import { gamesPage } from "./games.js";
import { homePage } from "./home.js";
import { initialLang, lang, setLang, t } from "./i18n.js";
import { learnPage } from "./learn.js";
import { lobbyPage } from "./lobby.js";
import { resetPage, verifyPage } from "./maillinks.js";
import { leaderboardPage, profilePage } from "./players.js";
import { replayPage } from "./replay.js";
import { rulesPage } from "./rules.js";
import { session } from "./session.js";
import { storage } from "./storage.js";
import { tablePage } from "./table.js";

/** A page: what it does when the language changes. @typedef {{onLang: () => void}} Page */

const asked = new URLSearchParams(location.search).get("lang"); // a shared /rules?lang= link
setLang(initialLang(asked === "en" || asked === "fr" ? asked : storage.lang()));

const main = /** @type {HTMLElement} */ (document.getElementById("main"));
/** @type {[RegExp, (...found: string[]) => Page][]} */
const routes = [
  [/^\/$/, () => homePage(main)],
  [/^\/t\/([\w-]+)\/?$/, (id) => tablePage(main, id, { watch: false })],
  [/^\/w\/([\w-]+)\/?$/, (id) => tablePage(main, id, { watch: true })],
  [/^\/r\/([\w-]+)\/(\d+)\/?$/, (id, game) => replayPage(main, id, Number(game))],
  [/^\/rules\/?$/, () => rulesPage(main)],
  [/^\/learn\/?$/, () => learnPage(main)],
  [/^\/p\/([\w-]+)\/?$/, (id) => profilePage(main, id)],
  [/^\/leaderboard\/?$/, () => leaderboardPage(main)],
  [/^\/lobby\/?$/, () => lobbyPage(main)],
  [/^\/games\/?$/, () => gamesPage(main)],
  [/^\/verify\/?$/, () => verifyPage(main)],
  [/^\/reset\/?$/, () => resetPage(main)],
];

/** The page of this address, the home page if none. */
function open() {
  for (const [pattern, opener] of routes) {
    const found = location.pathname.match(pattern);
    if (found) return opener(...found.slice(1));
  }
  return homePage(main);
}

const page = open();
const account = installAccount(/** @type {Element} */ (document.getElementById("rules-link")));

const langButton = /** @type {HTMLButtonElement} */ (document.getElementById("lang-switch"));
function labelChrome() {
  langButton.textContent = t("switch_lang");
  langButton.setAttribute("aria-label", t("switch_lang_label"));
  langButton.lang = lang() === "en" ? "fr" : "en";
  const skip = document.querySelector(".skip-link");
  if (skip) skip.textContent = t("skip");
  const rules = document.getElementById("rules-link");
  if (rules) rules.textContent = t("rules_link");
  for (const [id, key] of [["lobby-link", "nav_lobby"], ["games-link", "nav_games"]]) {
    const link = document.getElementById(id);
    if (!link) continue;
    link.textContent = t(key);
    if (link.getAttribute("href") === location.pathname.replace(/\/$/, "")) link.setAttribute("aria-current", "page");
  }
}
labelChrome();
// "My games" is a signed-in player's.
session.subscribe(({ account }) => {
  const games = document.getElementById("games-link");
  if (games) games.hidden = !account;
});
langButton.addEventListener("click", () => {
  const next = lang() === "en" ? "fr" : "en";
  setLang(next);
  storage.setLang(next);
  labelChrome();
  account.onLang();
  page.onLang();
});
