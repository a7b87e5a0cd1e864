// The table's clocks: the turn timer's countdown (on the deciding seat and in the
// status bar), the time left before a bot stands in for an absent player, and the
// notice of a player marked away with its "I'm back" button. Times come from the
// server (its clock); the page keeps only the offset between the two clocks.

import { h } from "./dom.js";
import { levelChoice, t, tParts } from "./i18n.js";

let offset = 0; // the server's time minus this browser's, in seconds
let ticker = null;

/** Remember the server's clock from a state message. */
export function syncClock(message) {
  if (typeof message.server_time === "number") offset = message.server_time - Date.now() / 1000;
}

function secondsUntil(at) {
  return Math.max(0, Math.ceil(at - (Date.now() / 1000 + offset)));
}

/** 0:42, 1:05, 2:00. */
export function clockText(seconds) {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A duration as the form and the lobby say it: "30 s", "2 min". */
export function durationText(seconds) {
  return seconds % 60 === 0 ? t("timer_minutes", { n: seconds / 60 }) : t("timer_seconds", { n: seconds });
}

/** A countdown to `at` (server time), kept up to date while it is in the page. */
function countdown(at, attrs = {}) {
  if (ticker === null) ticker = setInterval(tick, 250);
  return h("span", { class: "countdown", "data-until": at, ...attrs }, clockText(secondsUntil(at)));
}

function tick() {
  for (const node of document.querySelectorAll("[data-until]")) {
    node.textContent = clockText(secondsUntil(Number(node.dataset.until)));
  }
}

/** What the status bar adds: the turn timer, absent players, your being away. */
export function clockNotes(table, view, me, onBack) {
  const notes = [];
  if (table.deadline !== null && view.to_move !== null) {
    const clock = countdown(table.deadline, { id: "turn-clock", "aria-label": t("clock_aria") });
    notes.push(h("span", { class: "clock" }, tParts("clock_left", { time: clock })));
  }
  for (const seat of table.seats) {
    if (seat.seat === me || seat.kind !== "human" || seat.online) continue;
    const name = view.players[seat.seat];
    const text =
      seat.standin_at !== null
        ? tParts("offline_left", { name, time: countdown(seat.standin_at) })
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

/** Marks on the seats: the deciding seat's countdown, and "away". */
export function markSeats(root, table, view) {
  for (const seat of table.seats) {
    const badges = root.querySelector(`.seat[data-seat="${seat.seat}"] .badges`);
    if (!badges) continue;
    if (seat.away) badges.append(h("span", { class: "badge badge-away" }, t("badge_away")));
    if (table.deadline !== null && view.to_move === seat.seat) {
      badges.append(h("span", { class: "badge badge-clock", "aria-label": t("clock_aria") }, countdown(table.deadline)));
    }
  }
}

/** The lobby's lines about time: the turn timer and the disconnect timeout. */
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
 * The creation form's choices about time: turn timer, absence, stand-in bots' level
 * (a built-in one, or one of the `policies` that fit the table).
 */
export function timeFields(form, field, policies = []) {
  form.turn_timer ??= 0;
  form.disconnect_timeout ??= 60;
  form.bot_level ??= "medium";
  const select = (id, key, values, label) =>
    h(
      "select",
      { id, onchange: (event) => (form[key] = key === "bot_level" ? event.target.value : Number(event.target.value)) },
      values.map((value) => h("option", { value, selected: form[key] === value }, label(value))),
    );
  return h(
    "fieldset",
    { class: "time-fields" },
    h("legend", {}, t("time_title")),
    h(
      "div",
      { class: "row time-row" },
      field(t("turn_timer"), select("turn-timer", "turn_timer", TIMERS, (n) => (n ? durationText(n) : t("timer_off")))),
      field(t("disconnect_timeout"), select("disconnect-timeout", "disconnect_timeout", ABSENCES, durationText)),
    ),
    field(t("standin_level"), select("bot-level", "bot_level", [...LEVELS, ...policies], (level) => levelChoice(level, policies))),
  );
}

/** What the time fields add to the new table's description. */
export function timeSpec(form) {
  return { turn_timer: form.turn_timer, disconnect_timeout: form.disconnect_timeout, bot_level: form.bot_level };
}
