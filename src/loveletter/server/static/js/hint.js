// @ts-check
// Hints, where the host allowed them: a button for the seat to move asks the server
// what the expert would play from that seat's view, and the answer is shown under it.
// A hint is for one state of the table: once the table moves on, it is dropped. The
// request and the answer are in the page's state (state.js, `hint`).

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./protocol.js").StateMessage} StateMessage */
/** @typedef {import("./state.js").Hint} Hint */

/**
 * The hint box for a state message, or null where hints are off or for a spectator.
 * @param {StateMessage} message
 * @param {Hint} hint
 * @param {boolean} deciding
 * @param {() => void} ask
 */
export function hintBox(message, hint, deciding, ask) {
  const table = message.table;
  if (!table.hints || message.you.seat === null || table.status !== "playing") return null;
  const text = hint.shown && hint.shown.version === message.version ? hint.shown.text : null;
  const waiting = hint.asked !== null && hint.asked.version === message.version;
  return h(
    "div",
    { class: "hint", id: "hint" },
    h(
      "button",
      { type: "button", class: "ghost small", id: "hint-button", "data-focus": "hint-button", disabled: !deciding || waiting, onclick: ask },
      waiting ? t("hint_waiting") : t("hint_button"),
    ),
    text ? h("p", { class: "hint-text", id: "hint-text", role: "status" }, text) : null,
  );
}
