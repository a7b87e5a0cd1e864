// The replay of a finished game: every step, forwards and backwards, every hand shown
// (the game is over: nothing of it is secret any more).

import { api } from "./api.js";
import { seatPanel, tableCenter } from "./board.js";
import { setInfoDeck } from "./cardinfo.js";
import { loadDeck } from "./cards.js";
import { h, keepFocus, replace, svg } from "./dom.js";
import { errorText } from "./errors.js";
import { lang, t } from "./i18n.js";
import { roundSummary } from "./summary.js";

/** The shortest the replay's log gets on a low window, in pixels. */
const MIN_LOG_HEIGHT = 200;

export function replayPage(main, tableId, gameNumber) {
  let data = null;
  let deck = null;
  // ?step=n counts from 1, as the page does ("Step n of …").
  let index = Math.max(0, (Number(new URLSearchParams(location.search).get("step")) || 1) - 1);

  async function load() {
    replace(main, h("p", { class: "panel notice" }, t("replay_loading")));
    try {
      data = await api.replay(tableId, gameNumber, lang());
    } catch (error) {
      // A table that exists gets a link to it; an unknown one only a way home.
      const tableKnown = error.code === "not_finished" || error.code === "unknown_game";
      const text = error.code === "not_finished" ? t("replay_unavailable") : error.code === "unknown_game" ? t("replay_unknown_game") : tableKnown || error.status === 404 ? t("unknown_table") : errorText(error);
      const link = tableKnown ? h("a", { class: "button", href: `/t/${tableId}` }, t("lobby_title", { id: tableId })) : h("a", { class: "button", href: "/" }, t("new_table_link"));
      replace(main, h("section", { class: "panel notice" }, h("p", {}, text), link));
      return;
    }
    deck = await loadDeck(lang(), data.edition, data.players.length);
    setInfoDeck(deck);
    index = Math.min(index, data.steps.length - 1);
    render();
  }

  function clamp(to) {
    return Math.max(0, Math.min(data.steps.length - 1, to));
  }

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
   */
  function roundStart(delta) {
    const steps = data.steps;
    const here = steps[index];
    const round = delta < 0 && here.action !== null ? here.round : here.round + delta;
    const found = steps.findIndex((s) => s.round === round);
    return found < 0 ? (delta < 0 ? 0 : steps.length - 1) : found;
  }

  function render() {
    const steps = data.steps;
    const step = steps[index];
    const view = step.view;
    const ctx = { deck, view, table: null, me: null, previous: index ? steps[index - 1].view : null, review: step.hands };
    document.title = `${t("replay_title", { id: tableId, n: gameNumber })} — Love Letter`;
    document.getElementById("topbar-info").textContent = [deck.edition.name, t("round", { n: step.round })].join(" · ");
    const lines = [];
    for (let i = steps.findIndex((s) => s.round === step.round); i <= index; i++) {
      for (const line of steps[i].log) lines.push({ line, now: i === index });
    }
    const result = view.phase === "round_over" || view.phase === "game_over" ? view.results[view.results.length - 1] : null;
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
      oninput: (event) => go(Number(event.target.value)),
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
    keepFocus(() => replace(main, root));
    fitLog();
  }

  /**
   * The log beside the board ends at the window's bottom edge, scrolled to the
   * current step: the line being shown is always in view without scrolling the page.
   */
  function fitLog() {
    const log = document.getElementById("log");
    if (!log) return;
    const beside = getComputedStyle(log.closest(".side")).position === "sticky";
    const top = log.getBoundingClientRect().top + window.scrollY;
    log.style.maxHeight = beside ? `${Math.max(MIN_LOG_HEIGHT, window.innerHeight - top - 16)}px` : "";
    log.scrollTop = log.scrollHeight;
  }

  window.addEventListener("resize", () => data && fitLog());

  document.addEventListener("keydown", (event) => {
    if (!data || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    const moves = {
      ArrowRight: () => index + 1,
      ArrowLeft: () => index - 1,
      Home: () => 0,
      End: () => data.steps.length - 1,
      PageDown: () => roundStart(1),
      PageUp: () => roundStart(-1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      go(move());
    }
  });

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

function icon(shape) {
  const paths = ICONS[shape].map((d) =>
    svg("path", { d, fill: "currentColor", stroke: "currentColor", "stroke-width": 2, "stroke-linejoin": "round" }),
  );
  return svg("svg", { viewBox: "0 0 20 20", "aria-hidden": "true" }, ...paths);
}
