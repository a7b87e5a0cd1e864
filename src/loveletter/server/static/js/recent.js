// @ts-check
// What just happened, drawn on the table: the outcome of the last play on each seat
// it touched, the "last turns" strip, and the private results a seat is shown until
// it dismisses them. The facts come from moves.js; the words from i18n.js.

import { h } from "./dom.js";
import { listNames, t, tParts } from "./i18n.js";
import { chosenBy, movesOf } from "./moves.js";
import { cardList, cardWords } from "./words.js";

/** @typedef {import("./board.js").Ctx} Ctx */
/** @typedef {import("./cards.js").Deck} Deck */
/** @typedef {import("./moves.js").Move} Move */
/** @typedef {import("./moves.js").Outcome} Outcome */
/** @typedef {import("./protocol.js").GameEvent} GameEvent */
/** @typedef {import("./state.js").Overlay} Overlay */

/** How many plays the strip shows at least, as many as fit on its line. */
const STRIP = 4;

/**
 * The plays the strip must show to the seat `me`: every play since its own last one
 * (what happened between its turns, the play that put it out among them), a lap at
 * most (a player out of the round sees the latest lap). A spectator: the newest.
 * @param {Move[]} moves  the round's, in order
 * @param {number | null} me
 * @param {number} players
 * @returns {number}
 */
export function playsSince(moves, me, players) {
  if (me === null) return Math.min(moves.length, 1);
  const mine = moves.findLastIndex((move) => move.seat === me);
  return Math.min(moves.length - 1 - mine, players - 1) || Math.min(moves.length, 1);
}

/**
 * The classes of a seat touched by the last play: its player and its targets.
 * @param {Move | null} move
 * @param {number} seat
 * @returns {string[]}
 */
export function moveClasses(move, seat) {
  if (!move) return [];
  const classes = [];
  if (move.seat === seat) classes.push("last-actor");
  if (move.targets.includes(seat) && move.seat !== seat) classes.push("last-target");
  return classes;
}

/**
 * The last play's outcome on a seat, as a tag (shown while the play is fresh).
 * @param {Deck} deck
 * @param {Move | null} move
 * @param {number} seat
 */
export function outcomeTag(deck, move, seat) {
  const outcome = move ? move.outcomes.find((item) => item.seat === seat) : null;
  if (!outcome) return null;
  const short = SHORT_OUTCOMES[outcome.kind];
  return h(
    "p",
    { class: `outcome outcome-${outcome.kind}`, role: "status", "data-outcome": outcome.kind, "data-short": short ?? null },
    outcomeWords(deck, outcome),
  );
}

/** The space kept between a seat's name (or tokens) and its outcome, in pixels. */
const NAME_MARGIN = 8;

/**
 * Where the seat's name (and its tokens, with ``tokens``) end on the label's line, in
 * the seat's layout, as the label's own place is measured (the tokens go under the
 * name on a narrow seat: they are not in the label's way there).
 * @param {Element} seat
 * @param {HTMLElement} label
 * @param {boolean} tokens
 */
function headEnd(seat, label, tokens) {
  const line = label.offsetTop + label.offsetHeight;
  let end = 0;
  for (const part of /** @type {NodeListOf<HTMLElement>} */ (seat.querySelectorAll(tokens ? ".seat-head > .seat-name, .seat-head > .tokens" : ".seat-head > .seat-name"))) {
    if (part.offsetParent === seat && part.offsetWidth && part.offsetTop < line) end = Math.max(end, part.offsetLeft + part.offsetWidth);
  }
  return end;
}

/** The fewer words of an outcome too long for its seat's edge, by kind. */
const SHORT_OUTCOMES = /** @type {Record<string, string>} */ ({
  out: "outcome_out_short",
  discarded: "outcome_discarded_short",
  won: "outcome_won_short",
  traded: "outcome_traded_short",
  protected: "outcome_protected_short",
});

/**
 * Keeps each seat's outcome on one line on the seat's top edge, right of its name and
 * tokens: on two lines it would cover what is above the seat (the last turns, another
 * row of seats), and wider it would cover the name or the tokens. A label too long
 * for its room says less ("out: [8 Princess]" for "out — held the [8 Princess]"), then
 * shows only its card (the seat's badges say it is out), then its card's value in
 * smaller type; its title keeps every word. Only when even that does not fit right of
 * the tokens may it cover them, never the name.
 * @param {ParentNode} root
 */
export function fitOutcomes(root) {
  for (const label of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".outcome"))) {
    const seat = label.closest(".seat");
    if (!seat) continue;
    label.title = label.textContent || "";
    const whole = [...label.childNodes];
    // In the seat's layout: the label pops in scaled, its box would be too small.
    const labelEnd = label.offsetLeft + label.offsetWidth;
    for (const end of [headEnd(seat, label, true), headEnd(seat, label, false)]) {
      label.replaceChildren(...whole);
      label.style.maxWidth = `${Math.max(labelEnd - end - NAME_MARGIN, 0)}px`;
      if (sayLess(label)) break;
    }
  }
}

/**
 * Fewer words until the label fits its width: its short form, its card alone, its
 * card's value. Whether it fits in the end.
 * @param {HTMLElement} label
 */
function sayLess(label) {
  label.classList.remove("outcome-bare");
  const fits = () => label.scrollWidth <= label.clientWidth;
  if (fits()) return true;
  const chip = label.querySelector(".chip");
  if (label.dataset.short) label.replaceChildren(...tParts(label.dataset.short, chip ? { card: chip } : {}));
  if (chip && !fits()) label.replaceChildren(chip);
  if (!fits()) label.classList.add("outcome-bare");
  return fits();
}

/**
 * @param {Deck} deck
 * @param {Outcome} outcome
 */
function outcomeWords(deck, outcome) {
  const chip = outcome.card ? cardWords(deck, outcome.card) : null;
  if (outcome.kind === "out") return chip ? tParts("outcome_out", { card: chip }) : t("outcome_out_plain");
  if (outcome.kind === "discarded") return tParts("outcome_discarded", { card: chip ?? [] });
  return t(`outcome_${outcome.kind}`);
}

/**
 * An outcome as the last turns tell it, of the player it befell: "Bruno: safe", "Bruno
 * discarded the [Priest]"; of this seat's player, in the second person: "You
 * discarded…", « Vous : hors jeu — aviez… » (not « Vous : a défaussé »).
 * @param {Deck} deck
 * @param {Outcome} outcome
 * @param {number | null} me
 * @param {string[]} players
 * @returns {import("./i18n.js").Part[]}
 */
function stripOutcome(deck, outcome, me, players) {
  const mine = outcome.seat === me;
  const card = outcome.card ? cardWords(deck, outcome.card) : null;
  if (card && outcome.kind === "discarded") return tParts(mine ? "recent_discarded_me" : "recent_discarded", { name: players[outcome.seat], card });
  if (card && outcome.kind === "out" && mine) return tParts("recent_out_me", { card });
  return [t("recent_outcome", { name: mine ? t("you") : players[outcome.seat] }), " ", ...outcomeWords(deck, outcome)];
}

/**
 * The keys of a play's words in i18n.js, by whom it chose (moves.js, chosenBy) and its
 * card: as others read it, and as the player who made it does.
 * @type {Record<ReturnType<typeof chosenBy>["shape"], (card: string) => [string, string]>}
 */
const MOVE_WORDS = {
  plain: () => ["move_plain", "move_plain_me"],
  on: () => ["move_on", "move_on_me"],
  self: (card) => (card === "prince" ? ["move_self_hand", "move_self_hand_me"] : ["move_self", "move_self_me"]),
  with: () => ["move_with", "move_with_me"],
};

/**
 * How the strip tells a play to the seat `me` (null: a spectator): the key of its
 * words in i18n.js, and the players to name as its {targets}.
 * @param {Move} move
 * @param {number | null} me
 */
export function playWords(move, me) {
  const { shape, others } = chosenBy(move);
  const [theirs, mine] = MOVE_WORDS[shape](move.card);
  return { key: move.seat === me ? mine : theirs, targets: others };
}

/**
 * The strip of the round's last plays, newest last, each in words and card icons.
 * @param {Ctx} ctx
 */
export function recentStrip(ctx) {
  const { view, deck } = ctx;
  const all = movesOf(view, deck);
  const since = playsSince(all, ctx.me, view.players.length);
  const moves = all.slice(-Math.max(STRIP, since));
  // A play (and the steps after it) that a bot made because the player's time ran out.
  const timeouts = (ctx.table?.timed_out ?? []).filter((mark) => mark.round === view.round);
  /** @param {Move} move */
  const timedOut = (move) => {
    const next = all[all.indexOf(move) + 1];
    const end = next ? next.index : view.events.length;
    return timeouts.some((mark) => mark.seat === move.seat && mark.index >= move.index - 1 && mark.index < end);
  };
  /** @param {number} seat */
  const name = (seat) => (seat === ctx.me ? t("recent_you") : view.players[seat]);
  const items = moves.map((move, i) => {
    const { key, targets } = playWords(move, ctx.me);
    const words = tParts(key, { name: name(move.seat), card: cardWords(deck, move.card), targets: listNames(targets.map(name)) });
    const results = move.outcomes.filter((outcome) => outcome.kind !== "protected" && outcome.kind !== "no_effect" && outcome.kind !== "seen");
    return h(
      "li",
      { class: ["recent-move", i === moves.length - 1 ? "is-last" : "", i >= moves.length - since ? "since" : ""].filter(Boolean).join(" "), "data-seat": move.seat },
      h("span", { class: "recent-words" }, words),
      timedOut(move) ? h("span", { class: "recent-outcome recent-timeout" }, t("recent_timeout")) : null,
      results.map((outcome) => h("span", { class: `recent-outcome recent-${outcome.kind}` }, stripOutcome(deck, outcome, ctx.me, view.players))),
    );
  });
  return h(
    "section",
    { class: "recent", "aria-label": t("recent_title") },
    h("h2", { class: "recent-title" }, t("recent_title")),
    items.length ? h("ol", { class: "recent-list" }, items) : h("p", { class: "recent-none muted small" }, t("recent_none")),
  );
}

/**
 * Shows only the newest plays of a drawn strip that fit whole on its line, leaving
 * out the oldest first: a play cut at the strip's edge reads as another one (the log
 * has them all). The plays since the seat's last one (`.since`) always stay: when
 * they do not fit on one line, the strip takes as many lines as they need. The
 * newest stays on two lines if one is too short for it. Fitting again (the page was
 * laid out anew) starts from every play.
 * @param {Element} strip
 */
export function fitStrip(strip) {
  const moves = [...strip.children];
  strip.classList.remove("lines");
  for (const move of moves) move.classList.remove("cut", "wraps");
  // Measured to the fraction of a pixel: scrollWidth rounds a play half a pixel out.
  const overflows = () => {
    const line = strip.getBoundingClientRect();
    return moves.some((move) => {
      const box = move.getBoundingClientRect();
      return box.width > 0 && (box.left < line.left || box.right > line.right);
    });
  };
  let first = 0;
  while (first < moves.length - 1 && !moves[first].classList.contains("since") && overflows()) moves[first++].classList.add("cut");
  if (first < moves.length - 1 && overflows()) strip.classList.add("lines");
  const line = strip.getBoundingClientRect();
  for (const move of moves.slice(first)) {
    const box = move.getBoundingClientRect();
    if (box.left < line.left || box.right > line.right) move.classList.add("wraps");
  }
}

/**
 * The private results still open, each with its dismiss button.
 * @param {Ctx} ctx
 * @param {Overlay[]} overlays
 * @param {(key: string) => void} dismiss
 */
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

/**
 * @param {Ctx} ctx
 * @param {GameEvent} event
 */
function privateWords(ctx, event) {
  const { view, deck, me } = ctx;
  /** @param {string | null} id */
  const chip = (id) => cardWords(deck, id ?? "", { class: "face" });
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
    case "chancellor_draw":
      return tParts("private_chancellor", { cards: cardList(deck, event.cards ?? [], { class: "face" }) });
    default:
      return [];
  }
}
