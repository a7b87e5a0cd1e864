// @ts-check
// The rules page (/rules?edition=…): the whole rules of an edition, its card
// reference (one printed A4 page per deck) and the playing cards that stand for each
// card. Card names, effects, decks and token goals come from the server
// (/api/editions, the engine's own texts); the rest is the interface's words.

import { api } from "./api.js";
import { h, namePage, replace, toast, valueOf } from "./dom.js";
import { lang, t } from "./i18n.js";

/** @typedef {import("./dom.js").Child} Child */
/** @typedef {import("./protocol.js").DeckInfo} DeckInfo */
/** @typedef {import("./protocol.js").EditionInfo} EditionInfo */

/** Editions whose showdown ties are broken by the discard piles' totals. */
const TIE_BY_DISCARDS = new Set(["classic", "premium"]);

/** @param {HTMLElement} main */
export function rulesPage(main) {
  const params = new URLSearchParams(location.search);
  let chosen = params.get("edition") || "2019";

  async function load() {
    const editions = await api.editions(lang());
    const edition = editions.find((e) => e.id === chosen) || editions[0];
    chosen = edition.id;
    render(editions, edition);
  }

  /** @param {string} id */
  function choose(id) {
    chosen = id;
    const url = new URL(location.href);
    url.searchParams.set("edition", id);
    history.replaceState(null, "", url);
    load();
  }

  /**
   * @param {EditionInfo[]} editions
   * @param {EditionInfo} edition
   */
  function render(editions, edition) {
    const cards = edition.decks.flatMap((deck) => deck.cards);
    // The edition's own names, with their articles: "la Servante", "Oliver le dragon".
    const phrase = (/** @type {string} */ id) => cards.find((card) => card.id === id)?.phrase ?? "";
    const completed = edition.decks.some((deck) => deck.playing_cards.some((p) => !p.given));
    const unsaid = edition.decks.flatMap((deck) => deck.playing_cards).find((p) => p.card === "chancellor" && !p.given);
    const chancellor = unsaid ? phrase("chancellor") : "";
    document.title = `${t("rules_title")} — ${edition.name}`;
    namePage(t("rules_title"));
    const select = h(
      "select",
      { id: "rules-edition", onchange: (event) => choose(valueOf(event)) },
      editions.map((e) => h("option", { value: e.id, selected: e.id === edition.id }, e.name)),
    );
    replace(
      main,
      h(
        "article",
        { class: "rules panel", id: "rules", "data-edition": edition.id },
        h(
          "header",
          { class: "rules-head" },
          h("h1", {}, `${t("rules_title")} — ${edition.name}`),
          h("p", { class: "muted" }, t("rules_intro")),
          h(
            "div",
            { class: "rules-tools" },
            h("label", { for: "rules-edition" }, t("edition")),
            select,
            h("button", { type: "button", id: "rules-print", onclick: () => window.print() }, t("rules_print")),
          ),
        ),
        section("rules_goal_h", h("p", {}, t("rules_goal"))),
        section("rules_setup_h", h("p", {}, t("rules_setup")), edition.players[0] === 2 ? h("p", {}, t("rules_setup_two")) : null, h("p", {}, t("rules_first"))),
        section("rules_turn_h", h("p", {}, t("rules_turn")), h("p", {}, t("rules_piles"))),
        section("rules_choose_h", h("ul", {}, ["rules_choose_1", "rules_choose_2", "rules_choose_3"].map((key) => h("li", {}, t(key, { handmaid: phrase("handmaid"), prince: phrase("prince") }))))),
        section("rules_out_h", h("p", {}, t("rules_out"))),
        section("rules_end_h", h("p", {}, t("rules_end")), h("p", {}, t(TIE_BY_DISCARDS.has(edition.id) ? "rules_tie_sum" : "rules_tie_all"))),
        section("rules_tokens_h", h("p", {}, t("rules_tokens")), tokensTable(edition)),
        h("h2", { class: "rules-cards-title" }, t("rules_cards_h")),
        edition.decks.map((deck) => deckTable(edition, deck)),
        // After the cards, as the page's introduction says: it reads their last column.
        section(
          "rules_playing_h",
          h("p", {}, t("rules_playing_intro")),
          completed ? h("p", { class: "small" }, t("rules_playing_completed"), chancellor ? ` ${capitalize(t("rules_playing_chancellor", { chancellor }))}` : null) : null,
          rankDiffers(edition) ? h("p", { class: "small" }, t("rules_playing_rank")) : null,
        ),
      ),
    );
  }

  load().catch((error) => toast(t("error", { message: error.message }), "error"));
  return { onLang: () => load() };
}

/** @param {string} text */
function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * @param {string} titleKey
 * @param {...Child} content
 */
function section(titleKey, ...content) {
  return h("section", { class: "rules-section" }, h("h2", {}, t(titleKey)), content);
}

/** @param {EditionInfo} edition */
function tokensTable(edition) {
  const counts = Object.keys(edition.tokens_to_win);
  return h(
    "table",
    { class: "rules-table rules-tokens" },
    h("tbody", {}, h("tr", {}, counts.map((n) => h("th", { scope: "col" }, t("rules_players_n", { n })))), h("tr", {}, counts.map((n) => h("td", {}, String(edition.tokens_to_win[n]))))),
  );
}

/**
 * Whether the edition numbers the King 6 (its cards' ranks are not their values).
 * @param {EditionInfo} edition
 */
function rankDiffers(edition) {
  return edition.decks.some((deck) => deck.cards.some((card) => card.id === "king" && card.value !== 7));
}

/**
 * One deck's card reference, with the playing cards: one printed page.
 * @param {EditionInfo} edition
 * @param {DeckInfo} deck
 */
function deckTable(edition, deck) {
  const [min, max] = deck.players;
  const total = deck.cards.reduce((sum, card) => sum + card.count, 0);
  const playing = new Map(deck.playing_cards.map((p) => [p.card, p]));
  const cards = [...deck.cards].sort((a, b) => b.value - a.value);
  const title = min === max ? t("rules_deck_for_one", { min, cards: total }) : t("rules_deck_for", { min, max, cards: total });
  return h(
    "section",
    { class: "rules-deck", "data-players": `${min}-${max}` },
    h("h3", {}, `${edition.name} — ${title}`),
    h(
      "table",
      { class: "rules-table rules-cards" },
      h("thead", {}, h("tr", {}, ["col_value", "col_card", "col_copies", "col_effect", "col_playing"].map((key) => h("th", { scope: "col" }, t(key))))),
      h(
        "tbody",
        {},
        cards.map((card) => {
          const stand = playing.get(card.id);
          return h(
            "tr",
            { "data-card": card.id },
            h("td", { class: "num" }, String(card.value)),
            h("th", { scope: "row" }, card.name),
            h("td", { class: "num" }, String(card.count)),
            h("td", {}, card.effect),
            h("td", { class: "playing" }, stand ? `${stand.cards}${stand.given ? "" : " *"}` : ""),
          );
        }),
      ),
    ),
  );
}
