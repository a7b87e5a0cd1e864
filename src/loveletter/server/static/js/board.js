// @ts-check
// The table itself: each player's seat (name, tokens, marks, hidden hand, discard
// pile in order) and the middle (deck, set-aside card, face-up cards).

import { cardBack, cardChip } from "./cards.js";
import { seatClocks } from "./clocks.js";
import { h } from "./dom.js";
import { levelName, t } from "./i18n.js";
import { moveClasses, outcomeTag } from "./recent.js";
import { cardPhrase } from "./words.js";

/** @typedef {import("./cards.js").Deck} Deck */
/** @typedef {import("./moves.js").Move} Move */
/** @typedef {import("./protocol.js").TableInfo} TableInfo */
/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./dom.js").Child} Child */

/**
 * What the views of a game draw from.
 * @typedef {object} Ctx
 * @property {Deck} deck
 * @property {View} view
 * @property {TableInfo | null} table  the public table (null in a replay)
 * @property {number | null} me  the seat drawn for (null: a spectator, a replay)
 * @property {View | null} previous  the view before, for the animations
 * @property {Record<string, string[]> | null} review  hands face up, per seat (the
 *   replay, the end of a round)
 * @property {Move | null} move  the round's last play, highlighted
 * @property {boolean} flash  whether its outcome shows on the seats
 * @property {number} clockOffset  the server's clock minus the page's, in seconds
 */

/**
 * A player's seat; `inner` goes between the seat's header and its discard pile (your
 * hand).
 * @param {Ctx} ctx
 * @param {number} seat
 * @param {Child} [inner]
 */
export function seatPanel(ctx, seat, inner = null) {
  const { view, me } = ctx;
  const data = view.seats[seat];
  const deciding = view.to_move === seat || (view.to_move === null && view.active === seat);
  const classes = ["seat", "panel"];
  if (seat === me) classes.push("is-me");
  if (deciding) classes.push("is-active");
  if (data.out) classes.push("is-out");
  const before = ctx.previous && ctx.previous.round === view.round ? ctx.previous.seats[seat] : null;
  if (data.out && before && !before.out) classes.push("just-out");
  if (data.protected) classes.push("is-protected");
  classes.push(...moveClasses(ctx.move, seat));
  return h(
    "section",
    { class: classes.join(" "), "data-seat": seat, "aria-label": data.name },
    h(
      "header",
      { class: "seat-head" },
      h("h3", { class: "seat-name" }, data.name),
      tokens(data.tokens, view.tokens_to_win),
      seat === me || ctx.review ? null : hiddenHand(ctx, seat),
      h("div", { class: "badges" }, badges(ctx, seat, deciding), ctx.table ? seatClocks(ctx.table, view, seat, ctx.clockOffset) : null),
      ctx.flash ? outcomeTag(ctx.deck, ctx.move, seat) : null,
    ),
    ctx.review ? reviewedHand(ctx, seat) : null,
    inner,
    discardPile(ctx, seat),
  );
}

/**
 * @param {Ctx} ctx
 * @param {number} seat
 * @param {boolean} deciding
 */
function badges(ctx, seat, deciding) {
  const { view, table, me } = ctx;
  const data = view.seats[seat];
  const info = table ? table.seats[seat] : null;
  /** @type {[string, string][]} */
  const list = [];
  if (seat === me) list.push(["you", t("badge_you")]);
  if (info && info.kind === "bot") list.push(["bot", t("badge_bot", { level: levelName(info.level) })]);
  if (info && info.standin) list.push(["bot", t("badge_standin")]);
  else if (info && info.kind === "human" && !info.online) list.push(["offline", t("badge_offline")]);
  if (deciding && !data.out && view.phase !== "round_over" && view.phase !== "game_over") {
    list.push(["turn", t("badge_turn")]);
  }
  if (data.protected) list.push(["protected", t("badge_protected")]);
  if (data.out) list.push(["out", t("badge_out")]);
  if (view.jester && view.jester.holder === seat) list.push(["jester", t("badge_jester", { card: cardPhrase(ctx.deck, "jester") })]);
  if (view.sycophant === seat) list.push(["sycophant", t("badge_sycophant", { card: cardPhrase(ctx.deck, "sycophant") })]);
  return list.map(([kind, text]) => h("span", { class: `badge badge-${kind}` }, text));
}

/**
 * Tokens as hearts (filled: won; more than the goal when a bonus passed it), or as
 * "n / goal" for long games.
 * @param {number} count
 * @param {number} goal
 */
export function tokens(count, goal) {
  const label = t("tokens_of", { n: count, goal });
  if (Math.max(goal, count) > 8) return h("span", { class: "tokens", role: "img", "aria-label": label }, `♥ ${count}/${goal}`);
  const hearts = [];
  for (let i = 0; i < Math.max(goal, count); i++) hearts.push(h("span", { class: i < count ? "heart won" : "heart" }, i < count ? "♥" : "♡"));
  return h("span", { class: "tokens", role: "img", "aria-label": label, title: label }, hearts);
}

/**
 * @param {Ctx} ctx
 * @param {number} seat
 */
function hiddenHand(ctx, seat) {
  const { view, deck, previous } = ctx;
  const data = view.seats[seat];
  if (data.out || data.hand_count === 0) return null;
  const before = previous ? previous.seats[seat].hand_count : data.hand_count;
  const backs = [];
  for (let i = 0; i < data.hand_count; i++) backs.push(cardBack(null, i >= before ? "mini fresh" : "mini"));
  const known = view.known_hands ? view.known_hands[String(seat)] : undefined;
  const label = data.hand_count === 1 ? t("hidden_card") : t("hidden_cards", { n: data.hand_count });
  return h(
    "div",
    { class: "seat-hand" },
    h("span", { class: "backs", role: "img", "aria-label": label, title: label }, backs),
    known ? h("span", { class: "known" }, t("known"), cardChip(deck, known)) : null,
  );
}

/**
 * A hand shown face up (the replay of a finished game, the end of a round).
 * @param {Ctx} ctx
 * @param {number} seat
 */
function reviewedHand(ctx, seat) {
  const cards = (ctx.review && ctx.review[seat]) || [];
  if (!cards.length) return null;
  return h(
    "div",
    { class: "seat-review" },
    h("span", { class: "row-label" }, t("hand")),
    cards.map((card) => cardChip(ctx.deck, card, { class: "face" })),
  );
}

/**
 * @param {Ctx} ctx
 * @param {number} seat
 */
function discardPile(ctx, seat) {
  const { view, deck, previous } = ctx;
  const pile = view.seats[seat].discards;
  const before = previous && previous.round === view.round ? previous.seats[seat].discards.length : pile.length;
  return h(
    "div",
    { class: "seat-discards" },
    h("span", { class: "row-label" }, t("discards")),
    pile.length
      ? h("ol", { class: "pile" }, pile.map((card, i) => h("li", {}, cardChip(deck, card, { class: i >= before ? "fresh" : "" }))))
      : h("span", { class: "muted small" }, t("no_discards")),
  );
}

/**
 * The middle of the table: the deck, the set-aside card (face up in a replay), the
 * face-up cards.
 * @param {Ctx} ctx
 * @param {string | null} [setAside]
 */
export function tableCenter(ctx, setAside = null) {
  const { view, deck } = ctx;
  return h(
    "section",
    { class: "center", "aria-label": t("deck") },
    h(
      "div",
      { class: "pile-spot" },
      h("div", { class: "deck-stack", "data-count": view.deck_count }, cardBack(t("deck_count", { n: view.deck_count }), view.deck_count ? "" : "empty")),
      h("span", { class: "spot-label", id: "deck-count" }, t("deck_count", { n: view.deck_count })),
    ),
    h(
      "div",
      { class: "pile-spot" },
      setAside
        ? cardChip(deck, setAside, { class: "face" })
        : cardBack(t("set_aside"), view.set_aside_taken ? "small empty" : "small"),
      h("span", { class: "spot-label" }, view.set_aside_taken ? `${t("set_aside")} (${t("set_aside_taken")})` : t("set_aside")),
    ),
    view.face_up.length
      ? h(
          "div",
          { class: "pile-spot face-up" },
          h("div", { class: "chips" }, view.face_up.map((card) => cardChip(deck, card))),
          h("span", { class: "spot-label" }, t("face_up_cards")),
        )
      : null,
  );
}
