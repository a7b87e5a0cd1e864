// The side panels: the game log (from the server, in your language), the card
// tracker (view.unseen) and your private notes (what you were shown, and when; kept
// by state.js).

import { cardChip } from "./cards.js";
import { h } from "./dom.js";
import { listParts, t, tParts } from "./i18n.js";
import { unseenCounts } from "./moves.js";

/**
 * Tabs and the chosen panel, after `top` (the private results, if any). `ui` is the
 * table's state (state.js): its tab, log and notes.
 */
export function sidePanels(ctx, ui, onTab, top = null, bottom = null) {
  const tabs = ctx.me === null ? ["log", "cards"] : ["log", "cards", "notes"];
  const tab = tabs.includes(ui.tab) ? ui.tab : "log";
  const bar = h(
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
            const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
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
  const content = { log: logPanel, cards: trackerPanel, notes: notesPanel }[tab](ctx, ui);
  return h(
    "aside",
    { class: "side panel" },
    top,
    bar,
    h("div", { class: "tab-panel", role: "tabpanel", id: `panel-${tab}`, "aria-labelledby": `tab-${tab}`, tabindex: "0" }, content),
    bottom,
  );
}

function logPanel(ctx, ui) {
  return [
    h("h2", { class: "sr-only" }, t("log_title")),
    h(
      "div",
      { class: "log", id: "log" },
      ui.log.map((entry) =>
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

function notesPanel(ctx, ui) {
  const { view, deck, me } = ctx;
  const name = (seat) => view.players[seat];
  const card = (id) => cardChip(deck, id);
  const rounds = Object.entries(ui.notes)
    .map(([round, notes]) => [Number(round), notes])
    .filter(([, notes]) => notes.length)
    .sort((a, b) => b[0] - a[0]);
  const title = h("h2", { class: "panel-title" }, t("notes_title"));
  if (!rounds.length) return [title, h("p", { class: "muted" }, t("notes_empty"))];
  return [
    title,
    rounds.map(([round, notes]) =>
      h(
        "section",
        { class: "notes-round" },
        h("h3", {}, t("round", { n: round })),
        h(
          "ul",
          { class: "notes" },
          notes.map((note) =>
            h("li", {}, h("span", { class: "note-when" }, t("note_turn", { turn: note.turn })), h("span", { class: "note-text" }, noteText(note.event, me, name, card))),
          ),
        ),
      ),
    ),
  ];
}

function noteText(event, me, name, card) {
  const cards = (ids) => listParts(ids.map(card));
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
    default:
      return tParts("note_chancellor_return", { cards: cards(event.cards) });
  }
}
