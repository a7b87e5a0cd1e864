// @ts-check
// The table's clocks: the turn timer's countdown (on the deciding seat and in the
// status bar), the time left before a bot stands in for an absent player, and the
// notice of a player marked away with its "I'm back" button. Times come from the
// server (its clock); the page's state keeps the offset between the two clocks.

import { h } from "./dom.js";
import { levelChoice, t, tParts } from "./i18n.js";

/** @typedef {import("./protocol.js").TableInfo} TableInfo */
/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./dom.js").Attrs} Attrs */

/**
 * Seconds from now to `at` (server time), the server's clock being `offset` seconds
 * ahead of the page's.
 * @param {number} at
 * @param {number} offset
 */
function secondsUntil(at, offset) {
  return Math.max(0, Math.ceil(at - (Date.now() / 1000 + offset)));
}

/**
 * 0:42, 1:05, 2:00.
 * @param {number} seconds
 */
export function clockText(seconds) {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * A duration as the form and the lobby say it: "30 s", "2 min".
 * @param {number} seconds
 */
export function durationText(seconds) {
  return seconds % 60 === 0 ? t("timer_minutes", { n: seconds / 60 }) : t("timer_seconds", { n: seconds });
}

/**
 * A countdown to `at` (server time); tickClocks() keeps it up to date.
 * @param {number} at
 * @param {number} offset
 * @param {Attrs} [attrs]
 */
function countdown(at, offset, attrs = {}) {
  return h("span", { class: "countdown", "data-until": at, ...attrs }, clockText(secondsUntil(at, offset)));
}

/**
 * Bring every countdown of the page to the time left.
 * @param {number} offset
 */
export function tickClocks(offset) {
  for (const node of document.querySelectorAll("[data-until]")) {
    node.textContent = clockText(secondsUntil(Number(node.getAttribute("data-until")), offset));
  }
}

/**
 * What the status bar adds: the turn timer, absent players, your being away.
 * @param {TableInfo} table
 * @param {View} view
 * @param {number | null} me
 * @param {number} offset
 * @param {() => void} onBack
 * @returns {HTMLElement[]}
 */
export function clockNotes(table, view, me, offset, onBack) {
  const notes = [];
  if (table.deadline !== null && view.to_move !== null) {
    const clock = countdown(table.deadline, offset, { id: "turn-clock", "aria-label": t("clock_aria") });
    notes.push(h("span", { class: "clock" }, tParts("clock_left", { time: clock })));
  }
  for (const seat of table.seats) {
    if (seat.seat === me || seat.kind !== "human" || seat.online) continue;
    const name = view.players[seat.seat];
    const text =
      seat.standin_at !== null
        ? tParts("offline_left", { name, time: countdown(seat.standin_at, offset) })
        : t("offline_now", { name });
    notes.push(h("span", { class: "clock-offline", "data-seat": seat.seat }, text));
  }
  if (me !== null && table.seats[me].away) {
    notes.push(
      h(
        "span",
        { class: "away-note", id: "away" },
        t("away_you"),
        " ",
        h("button", { type: "button", class: "primary small", id: "back", "data-focus": "back", onclick: onBack }, t("away_back")),
      ),
    );
  }
  return notes;
}

/**
 * The marks of time on a seat: "away", and the deciding seat's countdown.
 * @param {TableInfo} table
 * @param {View} view
 * @param {number} seat
 * @param {number} offset
 * @returns {HTMLElement[]}
 */
export function seatClocks(table, view, seat, offset) {
  const marks = [];
  if (table.seats[seat].away) marks.push(h("span", { class: "badge badge-away" }, t("badge_away")));
  if (table.deadline !== null && view.to_move === seat) {
    marks.push(h("span", { class: "badge badge-clock", "aria-label": t("clock_aria") }, countdown(table.deadline, offset)));
  }
  return marks;
}

/**
 * The lobby's lines about time: the turn timer and the disconnect timeout.
 * @param {TableInfo} table
 */
export function lobbyClocks(table) {
  return h(
    "p",
    { class: "muted small", id: "lobby-clocks" },
    table.turn_timer ? t("lobby_timer", { time: durationText(table.turn_timer) }) : t("lobby_no_timer"),
    " ",
    t("lobby_disconnect", { time: durationText(table.disconnect_timeout) }),
  );
}

const TIMERS = [0, 30, 60, 120];
const ABSENCES = [30, 60, 120, 300];
const LEVELS = ["easy", "medium", "hard", "expert"];

/**
 * The time fields of the creation form.
 * @typedef {{turn_timer: number, disconnect_timeout: number, bot_level: string}} TimeForm
 */

/**
 * The creation form's choices about time: turn timer, absence, stand-in bots' level
 * (a built-in one, or one of the `policies` that fit the table).
 * @param {TimeForm} form
 * @param {typeof import("./dom.js").field} field
 * @param {string[]} [policies]
 */
export function timeFields(form, field, policies = []) {
  /**
   * @template {string | number} V
   * @param {string} id
   * @param {V[]} values
   * @param {(value: V) => string} label
   * @param {(value: string) => void} set
   * @param {V} current
   */
  const select = (id, values, label, set, current) =>
    h(
      "select",
      { id, onchange: (event) => set(/** @type {HTMLSelectElement} */ (event.target).value) },
      values.map((value) => h("option", { value, selected: current === value }, label(value))),
    );
  return h(
    "fieldset",
    { class: "time-fields" },
    h("legend", {}, t("time_title")),
    h(
      "div",
      { class: "row time-row" },
      field(t("turn_timer"), select("turn-timer", TIMERS, (n) => (n ? durationText(n) : t("timer_off")), (v) => (form.turn_timer = Number(v)), form.turn_timer)),
      field(t("disconnect_timeout"), select("disconnect-timeout", ABSENCES, durationText, (v) => (form.disconnect_timeout = Number(v)), form.disconnect_timeout)),
    ),
    field(t("standin_level"), select("bot-level", [...LEVELS, ...policies], (level) => levelChoice(level, policies), (v) => (form.bot_level = v), form.bot_level)),
  );
}

/**
 * What the time fields add to the new table's description.
 * @param {TimeForm} form
 * @returns {TimeForm}
 */
export function timeSpec(form) {
  return { turn_timer: form.turn_timer, disconnect_timeout: form.disconnect_timeout, bot_level: form.bot_level };
}
