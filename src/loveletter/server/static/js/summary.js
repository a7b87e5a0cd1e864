// @ts-check
// The end of a round (every hand, the set-aside card, who gained tokens and why)
// and the end of the game (winners, standings, rematch, replay).

import { tokens } from "./board.js";
import { cardChip } from "./cards.js";
import { h } from "./dom.js";
import { listNames, t } from "./i18n.js";
import { changeText, ratingText } from "./players.js";

/** @typedef {import("./protocol.js").RatingChange} RatingChange */

/** @typedef {import("./board.js").Ctx} Ctx */
/** @typedef {import("./protocol.js").RoundResult} RoundResult */

/**
 * The review of a finished round (view.results entry).
 * @param {Ctx} ctx
 * @param {RoundResult} result
 */
export function roundSummary(ctx, result) {
  const { view, deck } = ctx;
  const names = result.winners.map((seat) => view.players[seat]);
  let headline;
  if (result.ending === "game_won") headline = t("summary_cut");
  else if (!names.length) headline = t("summary_nobody");
  else headline = t(names.length === 1 ? "summary_won_one" : "summary_won_many", { names: listNames(names) });
  const rows = view.players.map((player, seat) => {
    const hand = result.hands[seat] || [];
    const reasons = result.bonuses.filter((bonus) => bonus.seat === seat).map((bonus) => (bonus.reason === "round" || bonus.reason === "twins" ? t(`reason_${bonus.reason}`) : deck.name(bonus.reason)));
    const gained = result.tokens[seat];
    return h(
      "tr",
      { class: result.winners.includes(seat) ? "winner" : "" },
      h("th", { scope: "row" }, player),
      h("td", {}, hand.length ? hand.map((card) => cardChip(deck, card)) : h("span", { class: "muted" }, t("summary_out"))),
      h("td", {}, gained ? h("span", { class: "gained" }, `+${gained}`, h("small", {}, ` ${reasons.join(", ")}`)) : "—"),
      h("td", {}, tokens(view.tokens[seat], view.tokens_to_win)),
    );
  });
  return h(
    "section",
    { class: "summary", "aria-labelledby": "summary-title" },
    h("h2", { id: "summary-title" }, t("summary_title", { n: result.round })),
    h("p", { class: "lead" }, headline, result.ending !== "game_won" && names.length ? h("span", { class: "muted" }, ` ${t(`ending_${result.ending}`)}`) : null),
    h(
      "div",
      { class: "table-scroll" },
      h(
        "table",
        { class: "results" },
        h(
          "thead",
          {},
          h("tr", {}, ["summary_player", "summary_hand", "summary_gained", "summary_total"].map((key) => h("th", { scope: "col" }, t(key)))),
        ),
        h("tbody", {}, rows),
      ),
    ),
    result.set_aside ? h("p", { class: "set-aside-line" }, t("summary_set_aside"), " ", cardChip(deck, result.set_aside)) : null,
  );
}

/**
 * The end of the game: winners, final tokens (and the signed-in players' ratings
 * changed), and what comes next. `links` has replay and record (paths), rematch (a
 * function) for the host, and the ratings the game changed.
 * @param {Ctx} ctx
 * @param {{rematch: (() => void) | null, replay: string, record: string | undefined, ratings: RatingChange[]}} links
 */
export function gameEnd(ctx, links) {
  const { view, me } = ctx;
  const winners = view.winners ?? [];
  const names = winners.map((seat) => view.players[seat]);
  const order = view.players.map((_, seat) => seat).sort((a, b) => view.tokens[b] - view.tokens[a]);
  return h(
    "section",
    { class: "game-end", "aria-labelledby": "end-title" },
    h("h2", { id: "end-title" }, t("game_end_title")),
    h("p", { class: "lead winners" }, t(names.length === 1 ? "game_winner_one" : "game_winner_many", { names: listNames(names) })),
    me !== null && winners.includes(me) ? h("p", { class: "you-won" }, t("you_won")) : null,
    h("h3", {}, t("standings")),
    h(
      "ol",
      { class: "standings" },
      order.map((seat) =>
        // Tied players share a rank: 1, 1, 3.
        h(
          "li",
          { class: winners.includes(seat) ? "winner" : "", value: 1 + view.tokens.filter((n) => n > view.tokens[seat]).length },
          h("span", {}, view.players[seat]),
          tokens(view.tokens[seat], view.tokens_to_win),
          ratingChange(links.ratings.find((change) => change.seat === seat)),
        ),
      ),
    ),
    h(
      "div",
      { class: "actions" },
      links.rematch
        ? h("button", { type: "button", class: "primary", id: "rematch", "data-focus": "rematch", onclick: links.rematch }, t("rematch"))
        : h("p", { class: "muted small" }, t("rematch_wait")),
      h("a", { class: "button", href: links.replay, id: "replay-link", "data-focus": "replay" }, t("replay_game")),
      links.record ? h("a", { class: "button ghost", href: links.record, download: "", "data-focus": "record" }, t("download")) : null,
      h("a", { class: "button ghost", href: "/", "data-focus": "home" }, t("new_table_link")),
    ),
  );
}

/**
 * A seat's rating after the game and its change, if the game rated it.
 * @param {RatingChange | undefined} change
 */
function ratingChange(change) {
  if (!change || change.rating_before === null || change.rating_after === null) return null;
  const text = t("game_end_rating", { rating: ratingText(change.rating_after), change: changeText(change.rating_after - change.rating_before) });
  return h("span", { class: "rating-change" }, text);
}
