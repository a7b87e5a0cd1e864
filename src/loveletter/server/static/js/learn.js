// @ts-check
// A lesson (/learn?lesson=…): the table drawn by the game's own views (board.js,
// chooser.js, recent.js) from the learner's view, with the step's callout beside it.
// The server plays the lesson: it replays the stacked deck and the learner's moves,
// checks a new move against the step's and answers the table as the learner sees it
// (docs/web.md). At the end, or on "Skip", a table with easy bots is created and opened.
// Also: the offer of an edition's own lesson, the first time a table of it opens.

import { api } from "./api.js";
import { seatPanel, tableCenter } from "./board.js";
import { cardFace, loadDeck } from "./cards.js";
import { handAndChoices } from "./chooser.js";
import { h, patch, toast } from "./dom.js";
import { errorText } from "./errors.js";
import { lang, t } from "./i18n.js";
import { lastMove, revealedHands } from "./moves.js";
import { fitOutcomes, fitStrip, recentStrip } from "./recent.js";
import { takeSeat } from "./seating.js";
import { signedIn } from "./session.js";
import { back, chosenIn, noChoice, pickedIn } from "./state.js";
import { storage } from "./storage.js";
import { createStore } from "./store.js";

/** @typedef {import("./board.js").Ctx} Ctx */
/** @typedef {import("./cards.js").Deck} Deck */
/** @typedef {import("./protocol.js").LessonInfo} LessonInfo */
/** @typedef {import("./protocol.js").LessonState} LessonState */
/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./state.js").Choice} Choice */

/** The lesson offered the first time a table of these editions opens, from this many players. */
export const EDITION_LESSONS = /** @type {Record<string, {lesson: string, from: number}>} */ ({
  premium: { lesson: "premium", from: 5 }, // with 2-4 players Premium is the Classic game
  princess: { lesson: "princess", from: 2 },
});

/**
 * Everything the lesson's page knows.
 * @typedef {object} LessonPageState
 * @property {LessonInfo | null} lesson  its texts, in the page's language
 * @property {Deck | null} deck
 * @property {LessonState | null} at  the step reached and the table from the learner's seat
 * @property {View | null} previous  the view before, for the outcomes of the last play
 * @property {Choice} choice  the move under way
 * @property {string} why  why the step's move matters, after another one
 * @property {boolean} busy  a request is on its way
 */

/**
 * @typedef {{type: "loaded", lesson: LessonInfo, deck: Deck}
 *   | {type: "at", at: LessonState}
 *   | {type: "choice", choice: Choice}
 *   | {type: "busy"}
 *   | {type: "idle"}} LessonEvent
 */

/**
 * The lesson page's reducer.
 * @param {LessonPageState} state
 * @param {LessonEvent} event
 * @returns {LessonPageState}
 */
export function reduceLesson(state, event) {
  switch (event.type) {
    case "loaded":
      return { ...state, lesson: event.lesson, deck: event.deck };
    case "at": {
      const moved = !state.at || state.at.step !== event.at.step;
      return {
        ...state,
        at: event.at,
        previous: moved && state.at ? state.at.view : state.previous,
        choice: noChoice(),
        why: event.at.ok ? "" : event.at.why,
        busy: false,
      };
    }
    case "choice":
      return { ...state, choice: event.choice };
    case "busy":
      return { ...state, busy: true };
    case "idle":
      return { ...state, busy: false };
  }
}

/** @returns {LessonPageState} */
export function initialLesson() {
  return { lesson: null, deck: null, at: null, previous: null, choice: noChoice(), why: "", busy: false };
}

/**
 * The lesson's page.
 * @param {HTMLElement} main
 */
export function learnPage(main) {
  const lessonId = new URLSearchParams(location.search).get("lesson") || "first-game";
  const { getState, dispatch, subscribe } = createStore(reduceLesson, initialLesson());
  subscribe(draw);

  async function load() {
    const lesson = await api.lesson(lessonId, lang());
    const deck = await loadDeck(lang(), lesson.edition, lesson.players);
    dispatch({ type: "loaded", lesson, deck });
    if (getState().at) draw(getState());
    // A reload (or a return) goes on where the learner was; a lesson since changed
    // refuses that place, and starts again.
    else if (!(await ask(storage.lessonAt(lessonId) ?? { step: 0, moves: [] }, true))) await ask({ step: 0, moves: [] });
  }

  /**
   * @param {{step: number, moves: string[], action?: string, show?: boolean}} body
   * @param {boolean} [quiet]  whether a refusal goes untold
   * @returns {Promise<boolean>} whether the lesson answered
   */
  async function ask(body, quiet = false) {
    dispatch({ type: "busy" });
    try {
      const at = await api.playLesson(lessonId, lang(), body);
      dispatch({ type: "at", at });
      storage.setLessonAt(lessonId, { step: at.step, moves: at.moves });
      return true;
    } catch (error) {
      dispatch({ type: "idle" });
      if (!quiet) toast(t("error", { message: errorText(/** @type {import("./api.js").ApiError} */ (error)) }), "error");
      return false;
    }
  }

  function next() {
    const { at, lesson, busy } = getState();
    if (!at || !lesson || busy) return;
    if (at.step + 1 >= lesson.steps.length) realGame();
    else ask({ step: at.step + 1, moves: at.moves });
  }

  /** The lesson from its first step again. */
  function restart() {
    if (!getState().busy) ask({ step: 0, moves: [] });
  }

  /** A learner stuck at a step: the step's own move, played for them. */
  function show() {
    const { at, busy } = getState();
    if (!at || busy) return;
    ask({ step: at.step, moves: at.moves, show: true });
  }

  /** @param {string} action */
  function send(action) {
    const { at, busy } = getState();
    if (!at || busy) return;
    ask({ step: at.step, moves: at.moves, action });
  }

  /** The first real game: a table with easy bots, created, started and opened. */
  async function realGame() {
    const { lesson } = getState();
    if (!lesson) return;
    dispatch({ type: "busy" });
    toast(t("lesson_creating"));
    try {
      const bots = Array.from({ length: lesson.then.players - 1 }, () => ({ kind: "bot", level: "easy" }));
      const created = await api.createTable({ edition: lesson.then.edition, seats: [{ kind: "open" }, ...bots], lang: lang() });
      const account = signedIn();
      await takeSeat(created.table, account ? account.name : storage.name() || "Ana", created.host_token);
      await api.start(created.table, created.host_token);
      storage.setLessonAt(lessonId, null);
      location.assign(`/t/${created.table}`);
    } catch (error) {
      toast(t("error", { message: errorText(/** @type {import("./api.js").ApiError} */ (error)) }), "error");
    }
  }

  const choosing = {
    /** @param {string} card */
    selectCard(card) {
      const { choice } = getState();
      dispatch({ type: "choice", choice: { ...noChoice(), word: choice.word === card ? null : card } });
    },
    /** @param {string} arg */
    pick(arg) {
      const { at, choice } = getState();
      if (!at) return;
      const picked = { ...choice, picks: pickedIn(at.view, choice, arg) };
      const action = chosenIn(at.view, picked);
      if (action) send(action);
      else dispatch({ type: "choice", choice: picked });
    },
    /** @param {number} seat */
    toggleSeat(seat) {
      const { choice } = getState();
      const seats = choice.seats.includes(seat) ? choice.seats.filter((s) => s !== seat) : [...choice.seats, seat];
      dispatch({ type: "choice", choice: { ...choice, seats } });
    },
    back() {
      dispatch({ type: "choice", choice: back(getState().choice) });
    },
    send,
  };

  /** @param {LessonPageState} state */
  function draw(state) {
    const { lesson, deck, at } = state;
    if (!lesson || !deck || !at) return;
    const view = at.view;
    const me = lesson.learner;
    const step = lesson.steps[Math.min(at.step, lesson.steps.length - 1)];
    document.title = `${lesson.title} — Love Letter`;
    const info = document.getElementById("topbar-info");
    if (info) info.textContent = `${lesson.title} · ${t("lesson_step", { n: at.step + 1, total: lesson.steps.length })}`;
    const over = view.phase === "round_over" || view.phase === "game_over";
    /** @type {Ctx} */
    const ctx = {
      deck,
      view,
      table: null,
      me,
      previous: state.previous,
      review: over ? revealedHands(view, me) : null,
      move: lastMove(view, deck),
      flash: true,
      clockOffset: 0,
    };
    const n = view.players.length;
    const others = [...Array(n - 1).keys()].map((i) => (me + 1 + i) % n);
    const yours = step.kind === "you";
    // The bot a step talks of: the one that made the round's last play.
    const bot = ctx.move && ctx.move.seat !== me ? ctx.move.seat : others[0];
    const drawn = handAndChoices(ctx, { choice: state.choice, pending: yours && !state.busy ? null : true }, choosing);
    patch(
      main,
      h(
        "div",
        {
          class: `game lesson players-${n}`,
          "data-step": step.id,
          "data-kind": step.kind,
          "data-focus": step.focus,
          "data-phase": view.phase,
          "data-busy": state.busy ? "true" : "false",
        },
        h(
          "div",
          { class: "board" },
          recentStrip(ctx),
          h("div", { class: "opponents" }, others.map((seat) => seatPanel(ctx, seat)), n >= 6 ? tableCenter(ctx) : null),
          n >= 6 ? null : tableCenter(ctx),
          seatPanel(ctx, me, h("div", { class: "hand-row" }, drawn.hand, drawn.panel)),
        ),
        // Beside the table on a wide screen, above it on a narrow one.
        h("aside", { class: "lesson-side" }, callout(lesson, step, at.step, { why: state.why, deck, yours, name: view.players[bot] }, { next, show, skip: realGame, restart })),
      ),
    );
    const board = main.querySelector(".board");
    const strip = board && board.querySelector(".recent-list");
    if (strip) fitStrip(strip);
    if (board) fitOutcomes(board);
    pointAt(main, step.focus, me, bot);
  }

  /**
   * The table's keys: a digit picks the choice showing it, Enter plays (or goes on
   * from a step that waits for no move), Escape goes back a step.
   * @param {KeyboardEvent} event
   */
  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || document.querySelector("dialog[open]")) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && target.closest("input, select, textarea")) return;
    if (event.key === "Enter" && target && target.closest("button, a, [data-info]")) return;
    const { at, lesson } = getState();
    if (!at || !lesson) return;
    if (event.key === "Escape") {
      event.preventDefault();
      choosing.back();
      return;
    }
    let button = null;
    if (event.key === "Enter") button = main.querySelector(".choices .confirm:not([disabled])") || main.querySelector("#lesson-next");
    for (const mark of main.querySelectorAll(".choices kbd.key, .hand kbd.key")) {
      if (!button && mark.textContent === event.key) button = mark.closest("button");
    }
    if (button instanceof HTMLElement) {
      event.preventDefault();
      button.click();
    }
  }
  document.addEventListener("keydown", onKey);

  load().catch((error) => toast(t("error", { message: error.message }), "error"));
  return { onLang: () => load() };
}

/**
 * The step's callout: where it points, its text (or why the step's move matters), the
 * cards it presents, Next, Skip and Start over.
 * @param {LessonInfo} lesson
 * @param {import("./protocol.js").LessonStepInfo} step
 * @param {number} index
 * @param {{why: string, deck: Deck, yours: boolean, name: string}} shown  why the step's
 *   move matters (after another one), the cards, whether a move is due, the bot's name
 * @param {{next: () => void, show: () => void, skip: () => void, restart: () => void}} on
 *   Next; the step's move played for the learner; the real game; the first step
 */
function callout(lesson, step, index, { why, deck, yours, name }, on) {
  const last = index + 1 >= lesson.steps.length;
  return h(
    "section",
    { class: "panel lesson-callout", "aria-labelledby": "lesson-title", "aria-live": "polite" },
    h(
      "header",
      { class: "lesson-head" },
      h("h2", { id: "lesson-title" }, lesson.title),
      h("span", { class: "muted small", id: "lesson-count" }, t("lesson_step", { n: index + 1, total: lesson.steps.length })),
    ),
    step.focus === "table" ? null : h("p", { class: "lesson-pointer" }, t(`lesson_focus_${step.focus}`, { name })),
    h("p", { class: "lesson-text", id: "lesson-text" }, step.text),
    why ? h("p", { class: "lesson-why", id: "lesson-why", role: "alert" }, h("strong", {}, t("lesson_try_again")), " ", why) : null,
    step.introduces.length ? h("ul", { class: "lesson-cards" }, step.introduces.map((card) => h("li", {}, cardFace(deck, card)))) : null,
    h(
      "div",
      { class: "lesson-actions" },
      yours
        ? h("button", { type: "button", class: "ghost", id: "lesson-show", onclick: on.show }, t("lesson_show"))
        : h("button", { type: "button", class: "primary", id: "lesson-next", onclick: on.next }, t(last ? "lesson_play_real" : "lesson_next")),
      last ? null : h("button", { type: "button", class: "ghost", id: "lesson-skip", onclick: on.skip }, t("lesson_skip")),
      index ? h("button", { type: "button", class: "ghost", id: "lesson-restart", onclick: on.restart }, t("lesson_restart")) : null,
    ),
  );
}

/**
 * Outline the part of the table the step talks of.
 * @param {HTMLElement} main
 * @param {string} focus
 * @param {number} me
 * @param {number} bot  the bot the step talks of
 */
function pointAt(main, focus, me, bot) {
  for (const element of main.querySelectorAll(".lesson-focus")) element.classList.remove("lesson-focus");
  /** @type {Record<string, string>} */
  const selectors = {
    hand: `.seat[data-seat="${me}"] .hand`,
    you: `.seat[data-seat="${me}"]`,
    opponent: `.seat[data-seat="${bot}"]`,
    deck: ".center .pile-spot:nth-child(1)",
    set_aside: ".center .pile-spot:nth-child(2)",
    face_up: ".center .face-up",
    tokens: ".seat .tokens",
    log: ".recent",
  };
  const selector = selectors[focus];
  if (!selector) return;
  for (const element of main.querySelectorAll(selector)) element.classList.add("lesson-focus");
}

/**
 * The first time a table of an edition with a lesson of its own opens on this device,
 * offer that lesson (once: the offer is remembered).
 * @param {string} edition
 * @param {number} players
 */
export function offerLesson(edition, players) {
  const offer = EDITION_LESSONS[edition];
  if (!offer || players < offer.from || storage.lessonOffered(edition) || document.getElementById("lesson-offer")) return;
  const lesson = offer.lesson;
  storage.setLessonOffered(edition);
  // In the place of the top bar's line about the table, until it is closed: it
  // covers nothing, and takes no room from the table nor from the bar's buttons.
  const topbar = document.querySelector(".topbar");
  const close = () => {
    box.remove();
    topbar?.classList.remove("offering");
  };
  const box = h(
    "p",
    { class: "lesson-offer", id: "lesson-offer", role: "status" },
    h("a", { href: `/learn?lesson=${lesson}`, id: "lesson-offer-open", title: t("lesson_offer"), target: "_blank", rel: "noopener" }, t("lesson_offer_open")),
    h("button", { type: "button", class: "ghost", id: "lesson-offer-close", "aria-label": t("lesson_offer_close"), title: t("lesson_offer_close"), onclick: close }, "×"),
  );
  document.getElementById("topbar-info")?.after(box);
  topbar?.classList.add("offering");
}
