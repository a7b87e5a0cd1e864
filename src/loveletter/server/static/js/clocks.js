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

/** A turn timer of an hour or more makes a turn-based table: absence never hands a
 * seat to a bot before the move's time runs out, and the player may come back later. */
export const TURN_BASED = 3600;

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;

/**
 * Whether a table with this turn timer is played turn-based.
 * @param {number} turnTimer
 */
export function turnBased(turnTimer) {
  return turnTimer >= TURN_BASED;
}

/**
 * Time left as a countdown says it, in the units its size needs: "0:42", "4:05" under
 * an hour; "5 h 12 min", "2 d 3 h" ("2 j 3 h" in French) above (the time left at least:
 * a unit's part is dropped, never rounded up).
 * @param {number} seconds
 */
export function clockText(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s >= DAY) {
    const days = Math.floor(s / DAY);
    const hours = Math.floor((s % DAY) / HOUR);
    return hours ? t("left_days_hours", { d: days, h: hours }) : t("left_days", { d: days });
  }
  if (s >= HOUR) {
    const hours = Math.floor(s / HOUR);
    const minutes = Math.floor((s % HOUR) / MINUTE);
    return minutes ? t("left_hours_minutes", { h: hours, m: minutes }) : t("left_hours", { h: hours });
  }
  return `${Math.floor(s / MINUTE)}:${String(s % MINUTE).padStart(2, "0")}`;
}

/**
 * A duration as the form and the lobby say it, in its largest whole unit: "30 s",
 * "2 min", "12 h", "1 day", "3 days".
 * @param {number} seconds
 */
export function durationText(seconds) {
  if (seconds >= DAY && seconds % DAY === 0) return t("timer_days", { n: seconds / DAY });
  if (seconds >= HOUR && seconds % HOUR === 0) return t("timer_hours", { n: seconds / HOUR });
  return seconds % MINUTE === 0 ? t("timer_minutes", { n: seconds / MINUTE }) : t("timer_seconds", { n: seconds });
}

/**
 * A table's speed in words: "no timer", "1 min a move", "1 day a move".
 * @param {number} turnTimer
 */
export function timerText(turnTimer) {
  return turnTimer > 0 ? t("timer_per_move", { time: durationText(turnTimer) }) : t("timer_none");
}

/**
 * A countdown to `at` (server time); tickClocks() keeps it up to date.
 * @param {number} at
 * @param {number} offset
 * @param {Attrs} [attrs]
 */
export function countdown(at, offset, attrs = {}) {
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
    // At a turn-based table an absent player is no news (their seat says "offline"):
    // no bot stands in for them before a move's time runs out.
    if (turnBased(table.turn_timer) && !seat.standin) continue;
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
 * The lobby's lines about time: the turn timer and what an absence does (at a
 * turn-based table, nothing before the move's time runs out).
 * @param {TableInfo} table
 */
export function lobbyClocks(table) {
  if (turnBased(table.turn_timer)) {
    return h("p", { class: "muted small", id: "lobby-clocks" }, t("lobby_turn_based", { time: timerText(table.turn_timer) }));
  }
  return h(
    "p",
    { class: "muted small", id: "lobby-clocks" },
    table.turn_timer ? t("lobby_timer", { time: durationText(table.turn_timer) }) : t("lobby_no_timer"),
    " ",
    t("lobby_disconnect", { time: durationText(table.disconnect_timeout) }),
  );
}

/** The turn timers offered: off and real time, then turn-based. */
export const TIMERS = [0, 30, 60, 120, HOUR, 12 * HOUR, DAY, 3 * DAY];
const ABSENCES = [30, 60, 120, 300];
const LEVELS = ["easy", "medium", "hard", "expert"];

/**
 * A choice of turn timer, real-time ones and turn-based ones apart; `set` is told
 * the seconds chosen.
 * @param {string} id
 * @param {number} current
 * @param {(seconds: number) => void} set
 * @param {(seconds: number) => string} label
 * @param {string | null} [describedBy]
 */
export function timerSelect(id, current, set, label, describedBy = null) {
  /** @param {number} value */
  const option = (value) => h("option", { value, selected: current === value }, label(value));
  return h(
    "select",
    { id, "aria-describedby": describedBy, onchange: (event) => set(Number(/** @type {HTMLSelectElement} */ (event.target).value)) },
    h("optgroup", { label: t("timer_real_time") }, TIMERS.filter((n) => !turnBased(n)).map(option)),
    h("optgroup", { label: t("timer_turn_based") }, TIMERS.filter(turnBased).map(option)),
  );
}

/**
 * The line under a choice of timer: what turn-based means, when it is chosen.
 * @param {string} id
 * @param {number} timer
 */
export function turnBasedNote(id, timer) {
  return h("small", { id, class: "turn-based-note", hidden: !turnBased(timer) }, t("turn_based_note"));
}

/**
 * The time fields of the creation form.
 * @typedef {{turn_timer: number, disconnect_timeout: number, bot_level: string}} TimeForm
 */

/**
 * The creation form's choices about time: turn timer, absence, stand-in bots' level
 * (a built-in one, or one of the `policies` that fit the table). A turn-based timer
 * says what it means under it, and the absence no longer matters.
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
  const note = turnBasedNote("turn-timer-note", form.turn_timer);
  const absence = select("disconnect-timeout", ABSENCES, durationText, (v) => (form.disconnect_timeout = Number(v)), form.disconnect_timeout);
  absence.disabled = turnBased(form.turn_timer);
  /** @param {number} seconds */
  const setTimer = (seconds) => {
    form.turn_timer = seconds;
    note.hidden = !turnBased(seconds);
    absence.disabled = turnBased(seconds);
  };
  return h(
    "fieldset",
    { class: "time-fields" },
    h("legend", {}, t("time_title")),
    h(
      "div",
      { class: "row time-row" },
      field(t("turn_timer"), timerSelect("turn-timer", form.turn_timer, setTimer, (n) => (n ? durationText(n) : t("timer_off")), "turn-timer-note")),
      field(t("disconnect_timeout"), absence),
    ),
    note,
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
