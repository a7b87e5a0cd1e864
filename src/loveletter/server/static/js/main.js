// The single page: picks the home, a table (to play or watch) or a replay by the URL.

import { initialLang, lang, setLang, t } from "./i18n.js";
import { homePage } from "./home.js";
import { replayPage } from "./replay.js";
import { rulesPage } from "./rules.js";
import { store } from "./store.js";
import { tablePage } from "./table.js";

const asked = new URLSearchParams(location.search).get("lang"); // a shared /rules?lang= link
setLang(initialLang(asked === "en" || asked === "fr" ? asked : store.lang()));

const main = document.getElementById("main");
const routes = [
  [/^\/$/, () => homePage(main)],
  [/^\/t\/([\w-]+)\/?$/, (id) => tablePage(main, id, { watch: false })],
  [/^\/w\/([\w-]+)\/?$/, (id) => tablePage(main, id, { watch: true })],
  [/^\/r\/([\w-]+)\/(\d+)\/?$/, (id, game) => replayPage(main, id, Number(game))],
  [/^\/rules\/?$/, () => rulesPage(main)],
];

let page = null;
for (const [pattern, open] of routes) {
  const found = location.pathname.match(pattern);
  if (found) {
    page = open(...found.slice(1));
    break;
  }
}
if (!page) page = homePage(main);

const langButton = document.getElementById("lang-switch");
function labelChrome() {
  langButton.textContent = t("switch_lang");
  langButton.setAttribute("aria-label", t("switch_lang_label"));
  langButton.lang = lang() === "en" ? "fr" : "en";
  document.querySelector(".skip-link").textContent = t("skip");
  document.getElementById("rules-link").textContent = t("rules_link");
}
labelChrome();
langButton.addEventListener("click", () => {
  const next = lang() === "en" ? "fr" : "en";
  setLang(next);
  store.setLang(next);
  labelChrome();
  page.onLang();
});

