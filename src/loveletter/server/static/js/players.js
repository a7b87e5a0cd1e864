// @ts-check
// The players' pages: a profile (/p/{id}: games by edition, ratings and their chart,
// the cards held when winning or going out, the latest games with their replays and
// records) and the leaderboards (/leaderboard?family=…). Everything shown is read
// from /api/players and /api/leaderboard (docs/protocol.md); names are text.

import { api } from "./api.js";
import { h, namePage, replace, svg, toast, valueOf } from "./dom.js";
import { lang, t } from "./i18n.js";

/** @typedef {import("./protocol.js").Profile} Profile */
/** @typedef {import("./protocol.js").PlayerGame} PlayerGame */
/** @typedef {import("./protocol.js").EditionInfo} EditionInfo */

/** The families of editions rated together, as the server rates them. */
export const FAMILIES = ["classic", "2019", "premium"];

/** How many games a page of the history shows. */
const PAGE = 20;

/** @param {number} value */
export function ratingText(value) {
  return new Intl.NumberFormat(lang(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** @param {number} change */
export function changeText(change) {
  const text = ratingText(Math.abs(change));
  return change > 0 ? `+${text}` : change < 0 ? `−${text}` : `±${text}`;
}

/** @param {number} seconds */
function dateText(seconds) {
  return new Intl.DateTimeFormat(lang(), { dateStyle: "medium" }).format(new Date(seconds * 1000));
}

/** @param {string} family */
function familyName(family) {
  return t(`family_${family}`);
}

/**
 * The name of a card in the player's language, from any edition that holds it.
 * @param {EditionInfo[]} editions
 * @param {string} id
 */
function cardName(editions, id) {
  for (const edition of editions) {
    for (const deck of edition.decks) {
      const card = deck.cards.find((c) => c.id === id);
      if (card) return card.name;
    }
  }
  return id;
}

/**
 * A small chart of a rating's history: its points in order, the ordinal up.
 * @param {{rating: number}[]} points
 */
function chart(points) {
  const width = 320;
  const height = 90;
  const values = points.map((p) => p.rating);
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  const x = (/** @type {number} */ i) => (points.length < 2 ? width / 2 : (i * (width - 8)) / (points.length - 1) + 4);
  const y = (/** @type {number} */ v) => height - 6 - ((v - low) * (height - 12)) / (high - low);
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  return svg(
    "svg",
    { class: "rating-chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("rating_chart", { n: points.length }) },
    svg("line", { x1: 0, x2: width, y1: y(0), y2: y(0), class: "rating-zero" }),
    svg("polyline", { points: line, class: "rating-line" }),
    ...points.map((p, i) => svg("circle", { cx: x(i), cy: y(p.rating), r: 2.5, class: "rating-dot" })),
  );
}

/**
 * @param {HTMLElement} main
 * @param {string} id  the account's id
 */
export function profilePage(main, id) {
  /** @type {PlayerGame[]} */
  const games = [];
  /** @type {{more: boolean}} */
  const paging = { more: false };

  async function load() {
    const [profile, editions, page] = await Promise.all([api.player(id), api.editions(lang()), api.playerGames(id, PAGE, 0)]);
    games.splice(0, games.length, ...page);
    paging.more = page.length === PAGE;
    render(profile, editions);
  }

  /**
   * @param {Profile} profile
   * @param {EditionInfo[]} editions
   */
  async function more(profile, editions) {
    const page = await api.playerGames(id, PAGE, games.length);
    games.push(...page);
    paging.more = page.length === PAGE;
    render(profile, editions);
    document.getElementById("games-more")?.focus();
  }

  /**
   * @param {Profile} profile
   * @param {EditionInfo[]} editions
   */
  function render(profile, editions) {
    document.title = `${profile.name} — Love Letter`;
    namePage(t("profile_title"));
    const editionName = (/** @type {string} */ edition) => editions.find((e) => e.id === edition)?.name ?? edition;
    replace(
      main,
      h(
        "article",
        { class: "profile panel", id: "profile" },
        h("h1", { id: "profile-name" }, profile.name),
        h("p", { class: "muted" }, t("profile_since", { date: dateText(profile.since) })),
        h("h2", {}, t("profile_ratings")),
        profile.ratings.length
          ? h(
              "div",
              { class: "ratings" },
              profile.ratings.map((rating) => {
                const points = profile.history.filter((p) => p.family === rating.family);
                return h(
                  "section",
                  { class: "rating", "data-family": rating.family },
                  h("h3", {}, familyName(rating.family)),
                  h("p", { class: "rating-value" }, ratingText(rating.ordinal)),
                  h("p", { class: "muted small" }, t("rating_games", { n: rating.games })),
                  points.length ? chart(points) : null,
                );
              }),
            )
          : h("p", { class: "muted" }, t("profile_no_rating")),
        h("p", { class: "muted small" }, t("rating_how", { mu: ratingText(profile.fixed_rating.mu), sigma: ratingText(profile.fixed_rating.sigma) })),
        h("h2", {}, t("profile_editions")),
        profile.editions.length
          ? h(
              "table",
              { class: "profile-table", id: "profile-editions" },
              h("thead", {}, h("tr", {}, [t("edition"), t("profile_games"), t("profile_wins"), t("profile_rounds")].map((text) => h("th", { scope: "col" }, text)))),
              h(
                "tbody",
                {},
                profile.editions.map((e) => h("tr", {}, h("th", { scope: "row" }, editionName(e.edition)), h("td", {}, String(e.games)), h("td", {}, String(e.wins)), h("td", {}, String(e.rounds_won)))),
              ),
            )
          : h("p", { class: "muted" }, t("profile_no_games")),
        profile.cards.length
          ? [
              h("h2", {}, t("profile_cards")),
              h(
                "table",
                { class: "profile-table", id: "profile-cards" },
                h("thead", {}, h("tr", {}, [t("profile_card"), t("profile_card_won"), t("profile_card_out")].map((text) => h("th", { scope: "col" }, text)))),
                h(
                  "tbody",
                  {},
                  profile.cards.map((c) => h("tr", {}, h("th", { scope: "row" }, cardName(editions, c.card)), h("td", {}, String(c.won)), h("td", {}, String(c.out)))),
                ),
              ),
            ]
          : null,
        h("h2", {}, t("profile_recent")),
        games.length
          ? h(
              "ol",
              { class: "profile-games", id: "profile-games" },
              games.map((game) =>
                h(
                  "li",
                  { class: game.won ? "won" : "" },
                  h("span", { class: "game-when" }, dateText(game.finished_at)),
                  h("span", { class: "game-what" }, editionName(game.edition)),
                  h("span", { class: "game-place" }, game.won ? t("profile_won") : t("profile_place", { place: game.rank, n: game.players })),
                  game.rating_before !== null && game.rating_after !== null
                    ? h("span", { class: "game-rating" }, changeText(game.rating_after - game.rating_before))
                    : h("span", { class: "game-rating muted" }, t("profile_unrated")),
                  h("a", { href: game.replay }, t("replay_game")),
                  h("a", { href: game.record, download: "" }, t("download")),
                ),
              ),
            )
          : h("p", { class: "muted" }, t("profile_no_games")),
        paging.more ? h("button", { type: "button", id: "games-more", onclick: () => more(profile, editions) }, t("profile_more")) : null,
        games.length ? h("p", {}, h("a", { class: "button ghost", href: `/api/players/${encodeURIComponent(id)}/records`, download: "" }, t("profile_download_all"))) : null,
        h("p", {}, h("a", { href: "/leaderboard" }, t("leaderboard_link"))),
      ),
    );
  }

  load().catch((error) => {
    const notFound = /** @type {{status?: number}} */ (error).status === 404;
    replace(main, h("p", { class: "panel" }, notFound ? t("profile_unknown") : t("error", { message: error.message })));
  });
  return { onLang: () => load().catch((error) => toast(t("error", { message: error.message }), "error")) };
}

/** @param {HTMLElement} main */
export function leaderboardPage(main) {
  const asked = new URLSearchParams(location.search).get("family") ?? "2019";
  /** @type {{family: string}} */
  const shown = { family: FAMILIES.includes(asked) ? asked : "2019" };

  async function load() {
    const board = await api.leaderboard(shown.family);
    document.title = `${t("leaderboard_title")} — Love Letter`;
    namePage(t("leaderboard_title"));
    const select = h(
      "select",
      { id: "leaderboard-family", onchange: (event) => choose(valueOf(event)) },
      FAMILIES.map((family) => h("option", { value: family, selected: family === shown.family }, familyName(family))),
    );
    replace(
      main,
      h(
        "article",
        { class: "leaderboard panel", id: "leaderboard" },
        h("h1", {}, t("leaderboard_title")),
        h("div", { class: "rules-tools" }, h("label", { for: "leaderboard-family" }, t("leaderboard_family")), select),
        h("p", { class: "muted" }, t("leaderboard_note", { n: board.min_games })),
        board.players.length
          ? h(
              "table",
              { class: "profile-table", id: "leaderboard-table" },
              h("thead", {}, h("tr", {}, [t("leaderboard_place"), t("leaderboard_player"), t("leaderboard_rating"), t("profile_games")].map((text) => h("th", { scope: "col" }, text)))),
              h(
                "tbody",
                {},
                board.players.map((p) =>
                  h(
                    "tr",
                    {},
                    h("td", {}, String(p.place)),
                    h("th", { scope: "row" }, h("a", { href: `/p/${encodeURIComponent(p.id)}` }, p.name)),
                    h("td", {}, ratingText(p.ordinal)),
                    h("td", {}, String(p.games)),
                  ),
                ),
              ),
            )
          : h("p", { class: "muted" }, t("leaderboard_empty")),
      ),
    );
  }

  /** @param {string} family */
  function choose(family) {
    shown.family = family;
    const url = new URL(location.href);
    url.searchParams.set("family", family);
    history.replaceState(null, "", url);
    load().catch((error) => toast(t("error", { message: error.message }), "error"));
  }

  load().catch((error) => toast(t("error", { message: error.message }), "error"));
  return { onLang: () => load().catch((error) => toast(t("error", { message: error.message }), "error")) };
}
