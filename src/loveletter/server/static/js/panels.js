// @ts-check
// The side panels: the game log (from the server, in your language), the card
// tracker (view.unseen) and your private notes (what you were shown, and when; kept
// by state.js).

import { cardChip } from "./cards.js";
import { h } from "./dom.js";
import { t, tParts } from "./i18n.js";
import { cardList, cardWords } from "./words.js";
import { unseenCounts } from "./moves.js";

/** @typedef {import("./board.js").Ctx} Ctx */
/** @typedef {import("./i18n.js").Part} Part */
/** @typedef {import("./protocol.js").GameEvent} GameEvent */
/** @typedef {import("./state.js").LogRound} LogRound */
/** @typedef {import("./state.js").Notes} Notes */
/** @typedef {import("./state.js").Note} Note */
/** @typedef {import("./state.js").Tab} Tab */

/**
 * The tab shown: the one chosen, if this page has it (a spectator has no notes).
 * @param {number | null} me
 * @param {Tab} chosen
 * @returns {Tab}
 */
export function shownTab(me, chosen) {
  return me === null && chosen === "notes" ? "log" : chosen;
}

/**
 * The tabs of the side column: the log, the tracker, the notes.
 * @param {number | null} me
 * @param {Tab} chosen
 * @param {(tab: Tab, focus?: boolean) => void} onTab
 */
export function tabBar(me, chosen, onTab) {
  /** @type {Tab[]} */
  const tabs = me === null ? ["log", "cards"] : ["log", "cards", "notes"];
  const tab = shownTab(me, chosen);
  return h(
    "div",
    { class: "tabs", role: "tablist" },
    tabs.map((name) =>
      h(
        "button",
        {
          type: "button",
          role: "tab",
          id: `tab-${name}`,
          "data-focus": `tab-${name}`,
          "aria-selected": String(name === tab),
          "aria-controls": `panel-${name}`,
          tabindex: name === tab ? "0" : "-1",
          onclick: () => onTab(name),
          onkeydown: (event) => {
            const key = /** @type {KeyboardEvent} */ (event).key;
            const step = key === "ArrowRight" ? 1 : key === "ArrowLeft" ? -1 : 0;
            if (!step) return;
            event.preventDefault();
            event.stopPropagation();
            onTab(tabs[(tabs.indexOf(name) + step + tabs.length) % tabs.length], true);
          },
        },
        t(`tab_${name}`),
      ),
    ),
  );
}

/**
 * The panel of the tab shown.
 * @param {Ctx} ctx
 * @param {{tab: Tab, log: LogRound[], notes: Notes}} ui  the table's (state.js)
 */
export function tabPanel(ctx, ui) {
  const tab = shownTab(ctx.me, ui.tab);
  const content = tab === "log" ? logPanel(ui.log) : tab === "cards" ? trackerPanel(ctx) : notesPanel(ctx, ui.notes);
  return h("div", { class: "tab-panel", role: "tabpanel", id: `panel-${tab}`, "aria-labelledby": `tab-${tab}`, tabindex: "0" }, content);
}

/** @param {LogRound[]} log */
function logPanel(log) {
  return [
    h("h2", { class: "sr-only" }, t("log_title")),
    h(
      "div",
      { class: "log", id: "log" },
      log.map((entry) =>
        h(
          "section",
          { class: "log-round" },
          h("h3", {}, t("round", { n: entry.round })),
          h("ol", {}, entry.lines.map((line) => h("li", {}, line))),
        ),
      ),
    ),
  ];
}

/** @param {Ctx} ctx */
function trackerPanel(ctx) {
  const { view, deck } = ctx;
  const unseen = unseenCounts(view, ctx.me);
  const rows = deck.cards.map((card) => {
    const left = unseen[card.id] ?? 0;
    const pips = [];
    for (let i = 0; i < card.count; i++) pips.push(h("span", { class: i < left ? "pip left" : "pip gone" }));
    return h(
      "tr",
      { class: left ? "" : "all-seen", "data-card": card.id },
      h("td", {}, cardChip(deck, card.id)),
      h("td", { class: "pips", "aria-hidden": "true" }, pips),
      h("td", { class: "num" }, `${left}/${card.count}`),
    );
  });
  return [
    h("h2", { class: "panel-title" }, ctx.me === null ? t("tracker_left") : t("tracker_title")),
    h(
      "table",
      { class: "tracker" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("tracker_card")), h("th", { scope: "col" }, h("span", { class: "sr-only" }, t("tracker_left"))), h("th", { scope: "col", class: "num" }, t("tracker_left")))),
      h("tbody", {}, rows),
    ),
    h("p", { class: "muted small" }, t("tracker_note")),
  ];
}

/**
 * @param {Ctx} ctx
 * @param {Notes} notes
 */
function notesPanel(ctx, notes) {
  const { view, deck, me } = ctx;
  /** @param {number} seat */
  const name = (seat) => view.players[seat];
  /** @param {string | null} id */
  const card = (id) => cardWords(deck, id ?? "");
  /** @type {[number, Note[]][]} */
  const rounds = Object.entries(notes)
    .map(([round, list]) => /** @type {[number, Note[]]} */ ([Number(round), list]))
    .filter(([, list]) => list.length)
    .sort((a, b) => b[0] - a[0]);
  const title = h("h2", { class: "panel-title" }, t("notes_title"));
  if (!rounds.length) return [title, h("p", { class: "muted" }, t("notes_empty"))];
  return [
    title,
    rounds.map(([round, list]) =>
      h(
        "section",
        { class: "notes-round" },
        h("h3", {}, t("round", { n: round })),
        h(
          "ul",
          { class: "notes" },
          list.map((note) =>
            h("li", {}, h("span", { class: "note-when" }, t("note_turn", { turn: note.turn })), h("span", { class: "note-text" }, me === null ? null : noteText(note.event, me, name, card, (ids) => cardList(deck, ids ?? [])))),
          ),
        ),
      ),
    ),
  ];
}

/**
 * @param {GameEvent} event
 * @param {number} me
 * @param {(seat: number) => string} name
 * @param {(id: string | null) => Part[]} card
 * @param {(ids: string[] | null) => Part[]} cards
 * @returns {Part[]}
 */
function noteText(event, me, name, card, cards) {
  switch (event.type) {
    case "look":
      return tParts("note_look", { name: name(event.target), card: card(event.card) });
    case "compare": {
      const mine = event.seat === me;
      return tParts("note_compare", {
        name: name(mine ? event.target : event.seat),
        mine: card(mine ? event.seat_card : event.target_card),
        theirs: card(mine ? event.target_card : event.seat_card),
      });
    }
    case "trade": {
      const first = event.first === me;
      return tParts("note_trade", {
        name: name(first ? event.second : event.first),
        gave: card(first ? event.first_card : event.second_card),
        got: card(first ? event.second_card : event.first_card),
      });
    }
    case "chancellor_draw":
      return tParts("note_chancellor_draw", { cards: cards(event.cards) });
    case "chancellor_return":
      return tParts("note_chancellor_return", { cards: cards(event.cards) });
    default:
      return [];
  }
}
