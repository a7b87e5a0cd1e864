// What just happened, drawn on the table: the outcome of the last play on each seat
// it touched, the "last turns" strip, and the private results a seat is shown until
// it dismisses them. The facts come from moves.js; the words from i18n.js.

import { cardChip } from "./cards.js";
import { h } from "./dom.js";
import { listNames, listParts, t, tParts } from "./i18n.js";
import { movesOf } from "./moves.js";

/** How many plays the strip shows. */
const STRIP = 4;

/** The classes of a seat touched by the last play: its player and its targets. */
export function moveClasses(move, seat) {
  if (!move) return [];
  const classes = [];
  if (move.seat === seat) classes.push("last-actor");
  if (move.targets.includes(seat) && move.seat !== seat) classes.push("last-target");
  return classes;
}

/** The last play's outcome on a seat, as a tag (shown while the play is fresh). */
export function outcomeTag(deck, move, seat) {
  const outcome = move ? move.outcomes.find((item) => item.seat === seat) : null;
  if (!outcome) return null;
  return h("p", { class: `outcome outcome-${outcome.kind}`, role: "status", "data-outcome": outcome.kind }, outcomeWords(deck, outcome));
}

function outcomeWords(deck, outcome) {
  const chip = outcome.card ? cardChip(deck, outcome.card) : null;
  if (outcome.kind === "out") return chip ? tParts("outcome_out", { card: chip }) : t("outcome_out_plain");
  if (outcome.kind === "discarded") return tParts("outcome_discarded", { card: chip });
  return t(`outcome_${outcome.kind}`);
}

/** The strip of the round's last plays, newest last, each in words and card icons. */
export function recentStrip(ctx) {
  const { view, deck } = ctx;
  const moves = movesOf(view).slice(-STRIP);
  const name = (seat) => (seat === ctx.me ? t("recent_you") : view.players[seat]);
  const items = moves.map((move, i) => {
    const fields = { name: name(move.seat), card: cardChip(deck, move.card), targets: listNames(move.targets.map(name)) };
    const key = (move.targets.length ? "move_on" : "move_plain") + (move.seat === ctx.me ? "_me" : "");
    const words = tParts(key, fields);
    const results = move.outcomes.filter((outcome) => outcome.kind !== "protected" && outcome.kind !== "no_effect" && outcome.kind !== "seen");
    return h(
      "li",
      { class: i === moves.length - 1 ? "recent-move is-last" : "recent-move", "data-seat": move.seat },
      h("span", { class: "recent-words" }, words),
      results.map((outcome) => h("span", { class: `recent-outcome recent-${outcome.kind}` }, t("recent_outcome", { name: outcome.seat === ctx.me ? t("you") : view.players[outcome.seat] }), " ", outcomeWords(deck, outcome))),
    );
  });
  return h(
    "section",
    { class: "recent", "aria-label": t("recent_title") },
    h("h2", { class: "recent-title" }, t("recent_title")),
    items.length ? h("ol", { class: "recent-list" }, items) : h("p", { class: "recent-none muted small" }, t("recent_none")),
  );
}

/** The private results still open, each with its dismiss button. */
export function privatePanel(ctx, overlays, dismiss) {
  if (!overlays.length || ctx.me === null) return null;
  return h(
    "div",
    { class: "private-results", role: "region", "aria-label": t("private_title") },
    overlays.map((overlay) =>
      h(
        "section",
        { class: "private-result", "data-private": overlay.event.type, "data-key": overlay.key },
        h("h2", { class: "private-title" }, t("private_title")),
        h("p", { class: "private-text" }, privateWords(ctx, overlay.event)),
        h("button", { type: "button", class: "primary small", "data-focus": `dismiss-${overlay.key}`, onclick: () => dismiss(overlay.key) }, t("private_ok")),
      ),
    ),
  );
}

function privateWords(ctx, event) {
  const { view, deck, me } = ctx;
  const chip = (id) => cardChip(deck, id, { class: "face" });
  switch (event.type) {
    case "look":
      return tParts("private_look", { name: view.players[event.target], card: chip(event.card) });
    case "compare": {
      const mine = event.seat === me;
      const other = mine ? event.target : event.seat;
      let key = "private_compare_tie";
      if (event.loser !== null) key = event.loser === me ? "private_compare_lose" : "private_compare_win";
      return tParts(key, {
        name: view.players[other],
        mine: chip(mine ? event.seat_card : event.target_card),
        theirs: chip(mine ? event.target_card : event.seat_card),
      });
    }
    case "trade": {
      const first = event.first === me;
      return tParts("private_trade", {
        name: view.players[first ? event.second : event.first],
        gave: chip(first ? event.first_card : event.second_card),
        got: chip(first ? event.second_card : event.first_card),
      });
    }
    default:
      return tParts("private_chancellor", { cards: listParts(event.cards.map(chip)) });
  }
}
