// @ts-check
// The replay of a finished game: every step, forwards and backwards, every hand shown
// (the game is over: nothing of it is secret any more).

import { api } from "./api.js";
import { seatPanel, tableCenter } from "./board.js";
import { installCardInfo } from "./cardinfo.js";
import { loadDeck } from "./cards.js";
import { h, patch, replace, svg } from "./dom.js";
import { errorText } from "./errors.js";
import { lang, t } from "./i18n.js";
import { roundSummary } from "./summary.js";

/** @typedef {import("./board.js").Ctx} Ctx */
/** @typedef {import("./cards.js").Deck} Deck */
/** @typedef {import("./protocol.js").Replay} Replay */
/** @typedef {import("./protocol.js").ReplayStep} ReplayStep */
/** @typedef {import("./protocol.js").View} View */

/**
 * A replay step's view as the board draws it: no events, no hand of its own.
 * @param {ReplayStep} step
 * @returns {View}
 */
function fullView(step) {
  return { ...step.view, events: [], learned: [], legal_actions: [], known_hands: {}, hand: null };
}

/** The shortest the replay's log gets on a low window, in pixels. */
const MIN_LOG_HEIGHT = 200;

/**
 * @param {HTMLElement} main
 * @param {string} tableId
 * @param {number} gameNumber
 */
export function replayPage(main, tableId, gameNumber) {
  /** @type {Replay | null} */
  let data = null;
  /** @type {Deck | null} */
  let deck = null;
  // ?step=n counts from 1, as the page does ("Step n of …").
  let index = Math.max(0, (Number(new URLSearchParams(location.search).get("step")) || 1) - 1);

  async function load() {
    replace(main, h("p", { class: "panel notice" }, t("replay_loading")));
    try {
      // Games count from 1: a game 0 is as unknown as a game 99, not a bad request.
      if (gameNumber < 1) throw { code: "unknown_game", status: 404, message: "" };
      data = await api.replay(tableId, gameNumber, lang());
    } catch (caught) {
      const error = /** @type {import("./api.js").ApiError} */ (caught);
      // A table that exists gets a link to it; an unknown one only a way home.
      const tableKnown = error.code === "not_finished" || error.code === "unknown_game";
      const text = error.code === "not_finished" ? t("replay_unavailable") : error.code === "unknown_game" ? t("replay_unknown_game") : tableKnown || error.status === 404 ? t("unknown_table") : errorText(error);
      const link = tableKnown ? h("a", { class: "button", href: `/t/${tableId}` }, t("lobby_title", { id: tableId })) : h("a", { class: "button", href: "/" }, t("new_table_link"));
      replace(main, h("section", { class: "panel notice" }, h("p", {}, text), link));
      return;
    }
    deck = await loadDeck(lang(), data.edition, data.players.length);
    index = Math.min(index, data.steps.length - 1);
    render();
  }

  /** @param {number} to */
  function clamp(to) {
    return data ? Math.max(0, Math.min(data.steps.length - 1, to)) : 0;
  }

  /** @param {number} to */
  function go(to) {
    const next = clamp(to);
    if (next === index) return;
    index = next;
    history.replaceState(null, "", `?step=${index + 1}`);
    render();
  }

  /**
   * The deal of the next round (delta 1), or of the previous one (delta -1); going
   * back from inside a round first goes to that round's deal.
   * @param {1 | -1} delta
   */
  function roundStart(delta) {
    if (!data) return 0;
    const steps = data.steps;
    const here = steps[index];
    const round = delta < 0 && here.action !== null ? here.round : here.round + delta;
    const found = steps.findIndex((s) => s.round === round);
    return found < 0 ? (delta < 0 ? 0 : steps.length - 1) : found;
  }

  function render() {
    if (!data || !deck) return;
    const steps = data.steps;
    const step = steps[index];
    const view = fullView(step);
    /** @type {Record<string, string[]>} */
    const review = Object.fromEntries(step.hands.map((hand, seat) => [String(seat), hand]));
    /** @type {Ctx} */
    const ctx = { deck, view, table: null, me: null, previous: index ? fullView(steps[index - 1]) : null, review, move: null, flash: false, clockOffset: 0 };
    document.title = `${t("replay_title", { id: tableId, n: gameNumber })} — Love Letter`;
    const info = document.getElementById("topbar-info");
    if (info) info.textContent = [deck.edition.name, t("round", { n: step.round })].join(" · ");
    const lines = [];
    for (let i = steps.findIndex((s) => s.round === step.round); i <= index; i++) {
      for (const line of steps[i].log) lines.push({ line, now: i === index });
    }
    const result = view.phase === "round_over" || view.phase === "game_over" ? view.results[view.results.length - 1] : null;
    /**
     * @param {string} label
     * @param {keyof typeof ICONS} shape
     * @param {number} to
     * @param {string} id
     */
    const button = (label, shape, to, id) =>
      h("button", { type: "button", class: "icon", id, "aria-label": label, title: label, "data-focus": id, disabled: clamp(to) === index, onclick: () => go(to) }, icon(shape));
    const slider = h("input", {
      type: "range",
      id: "replay-slider",
      min: 0,
      max: steps.length - 1,
      value: index,
      "aria-label": t("replay_step", { n: index + 1, total: steps.length }),
      "data-focus": "slider",
      oninput: (event) => go(Number(/** @type {HTMLInputElement} */ (event.target).value)),
    });
    const root = h(
      "div",
      { class: "replay", "data-step": index },
      h(
        "section",
        { class: "replay-bar panel", "aria-label": t("replay_title", { id: tableId, n: gameNumber }) },
        h("h1", {}, t("replay_title", { id: tableId, n: gameNumber })),
        h(
          "div",
          { class: "controls" },
          button(t("replay_first"), "first", 0, "replay-first"),
          button(t("replay_prev_round"), "rewind", roundStart(-1), "replay-prev-round"),
          button(t("replay_prev"), "prev", index - 1, "replay-prev"),
          h("span", { class: "step-count", id: "step-count", "aria-live": "polite" }, t("replay_step", { n: index + 1, total: steps.length })),
          button(t("replay_next"), "next", index + 1, "replay-next"),
          button(t("replay_next_round"), "forward", roundStart(1), "replay-next-round"),
          button(t("replay_last"), "last", steps.length - 1, "replay-last"),
        ),
        slider,
        h("p", { class: "muted small" }, t("review"), " ", t("replay_keys")),
        h(
          "p",
          { class: "replay-links" },
          h("a", { href: `/t/${tableId}`, id: "replay-table" }, t("replay_to_table")),
          " · ",
          h("a", { href: `/api/tables/${tableId}/games/${gameNumber}/record`, id: "replay-record", download: "" }, t("replay_record")),
        ),
      ),
      h(
        "div",
        { class: "game replay-game" },
        h(
          "div",
          { class: "board" },
          h("ol", { class: "replay-now", id: "replay-now", "aria-live": "polite" }, step.action === null ? h("li", {}, t("replay_deal", { n: step.round })) : step.log.map((line) => h("li", {}, line))),
          h("div", { class: "opponents" }, view.players.map((_, s) => seatPanel(ctx, s))),
          tableCenter(ctx, step.set_aside),
          result ? h("div", { class: "panel inline-summary" }, roundSummary(ctx, result)) : null,
        ),
        h(
          "aside",
          { class: "side panel" },
          h("h2", { class: "panel-title" }, t("round", { n: step.round })),
          h("ol", { class: "log replay-log", id: "log" }, lines.map(({ line, now }) => h("li", { class: now ? "now" : "" }, line))),
        ),
      ),
    );
    patch(main, root);
    fitLog();
  }

  /**
   * The log beside the board ends at the window's bottom edge, scrolled to the
   * current step: the line being shown is always in view without scrolling the page.
   */
  function fitLog() {
    const log = document.getElementById("log");
    const side = log && log.closest(".side");
    if (!log || !side) return;
    const beside = getComputedStyle(side).position === "sticky";
    const top = log.getBoundingClientRect().top + window.scrollY;
    log.style.maxHeight = beside ? `${Math.max(MIN_LOG_HEIGHT, window.innerHeight - top - 16)}px` : "";
    log.scrollTop = log.scrollHeight;
  }

  window.addEventListener("resize", () => data && fitLog());

  document.addEventListener("keydown", (event) => {
    const replay = data;
    // A card's text open over the replay has the keys, as on the table.
    if (!replay || event.ctrlKey || event.metaKey || event.altKey || document.querySelector("dialog[open]")) return;
    if (event.target instanceof Element && event.target.closest("input, select, textarea")) return;
    /** @type {Record<string, () => number>} */
    const moves = {
      ArrowRight: () => index + 1,
      ArrowLeft: () => index - 1,
      Home: () => 0,
      End: () => replay.steps.length - 1,
      PageDown: () => roundStart(1),
      PageUp: () => roundStart(-1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      go(move());
    }
  });

  installCardInfo(() => deck);
  load();
  return { onLang: () => load() };
}

/** The replay's buttons: bars and triangles drawn in a 20×20 box. */
const ICONS = {
  first: ["M5 4v12", "M16 4l-8 6 8 6z"],
  rewind: ["M10 4l-7 6 7 6z", "M18 4l-7 6 7 6z"],
  prev: ["M14 4l-8 6 8 6z"],
  next: ["M6 4l8 6-8 6z"],
  forward: ["M2 4l7 6-7 6z", "M10 4l7 6-7 6z"],
  last: ["M15 4v12", "M4 4l8 6-8 6z"],
};

/** @param {keyof typeof ICONS} shape */
function icon(shape) {
  const paths = ICONS[shape].map((d) =>
    svg("path", { d, fill: "currentColor", stroke: "currentColor", "stroke-width": 2, "stroke-linejoin": "round" }),
  );
  return svg("svg", { viewBox: "0 0 20 20", "aria-hidden": "true" }, ...paths);
}
