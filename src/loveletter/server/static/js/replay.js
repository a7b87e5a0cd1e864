// The replay of a finished game: every step, forwards and backwards, every hand shown
// (the game is over: nothing of it is secret any more).

import { api } from "./api.js";
import { seatPanel, tableCenter } from "./board.js";
import { loadDeck } from "./cards.js";
import { h, keepFocus, replace } from "./dom.js";
import { lang, t } from "./i18n.js";
import { roundSummary } from "./summary.js";

export function replayPage(main, tableId, gameNumber) {
  let data = null;
  let deck = null;
  let index = Math.max(0, Number(new URLSearchParams(location.search).get("step")) || 0);

  async function load() {
    replace(main, h("p", { class: "panel notice" }, t("replay_loading")));
    try {
      data = await api.replay(tableId, gameNumber, lang());
    } catch (error) {
      const text = error.code === "not_finished" ? t("replay_unavailable") : error.code === "unknown_game" || error.status === 404 ? t("unknown_table") : error.message;
      replace(main, h("section", { class: "panel notice" }, h("p", {}, text), h("a", { class: "button", href: `/t/${tableId}` }, t("lobby_title", { id: tableId }))));
      return;
    }
    deck = await loadDeck(lang(), data.edition, data.players.length);
    index = Math.min(index, data.steps.length - 1);
    render();
  }

  function go(to) {
    const next = Math.max(0, Math.min(data.steps.length - 1, to));
    if (next === index) return;
    index = next;
    history.replaceState(null, "", `?step=${index}`);
    render();
  }

  /** The first step of the round `delta` rounds away from the current one. */
  function roundStart(delta) {
    const steps = data.steps;
    const round = steps[index].round + delta;
    if (delta < 0 && steps[index].action !== null && delta === -1) {
      // "Previous round" from inside a round first goes back to its deal.
      return steps.findIndex((s) => s.round === steps[index].round);
    }
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
    const button = (label, symbol, to, id) =>
      h("button", { type: "button", class: "icon", id, "aria-label": label, title: label, "data-focus": id, disabled: to === index, onclick: () => go(to) }, symbol);
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
          button(t("replay_first"), "⏮", 0, "replay-first"),
          button(t("replay_prev_round"), "⏪", roundStart(-1), "replay-prev-round"),
          button(t("replay_prev"), "◀", index - 1, "replay-prev"),
          h("span", { class: "step-count", id: "step-count", "aria-live": "polite" }, t("replay_step", { n: index + 1, total: steps.length })),
          button(t("replay_next"), "▶", index + 1, "replay-next"),
          button(t("replay_next_round"), "⏩", roundStart(1), "replay-next-round"),
          button(t("replay_last"), "⏭", steps.length - 1, "replay-last"),
        ),
        slider,
        h("p", { class: "muted small" }, t("review"), " ", t("replay_keys")),
      ),
      h(
        "div",
        { class: "game replay-game" },
        h(
          "div",
          { class: "board" },
          h("ol", { class: "now", id: "replay-now", "aria-live": "polite" }, step.action === null ? h("li", {}, t("replay_deal", { n: step.round })) : step.log.map((line) => h("li", {}, line))),
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
    const log = document.getElementById("log");
    log.scrollTop = log.scrollHeight;
  }

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
