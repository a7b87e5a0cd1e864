// Hints, where the host allowed them: a button for the seat to move asks the server
// what the expert would play from that seat's view, and the answer is shown under it.
// A hint is for one state of the table: once the table moves on, it is dropped.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export class Hints {
  /** ask(): sends the request and returns its id (null when not connected); changed(): redraw. */
  constructor(ask, changed) {
    this.ask = ask;
    this.changed = changed;
    this.asked = null; // {id, version} of the request under way
    this.shown = null; // {text, version} of the last answer
  }

  /** The hint box for a state message, or null where hints are off or for a spectator. */
  view(message, deciding) {
    const table = message.table;
    if (!table.hints || message.you.seat === null || table.status !== "playing") return null;
    const text = this.shown && this.shown.version === message.version ? this.shown.text : null;
    const waiting = this.asked !== null && this.asked.version === message.version;
    return h(
      "div",
      { class: "hint", id: "hint" },
      h(
        "button",
        { type: "button", class: "ghost small", id: "hint-button", "data-focus": "hint-button", disabled: !deciding || waiting, onclick: () => this.request(message.version) },
        waiting ? t("hint_waiting") : t("hint_button"),
      ),
      text ? h("p", { class: "hint-text", id: "hint-text", role: "status" }, text) : null,
    );
  }

  request(version) {
    const id = this.ask();
    if (id === null) return;
    this.asked = { id, version };
    this.changed();
  }

  /** A "hint" message from the server. */
  received(message) {
    if (this.asked && message.ref === this.asked.id) {
      this.shown = { text: message.reason, version: this.asked.version };
      this.asked = null;
      this.changed();
    }
  }

  /** An error: the request it refers to is over. */
  refused(error) {
    if (this.asked && error.ref === this.asked.id) this.asked = null;
  }
}
