// @ts-check
// The table chat: players' own words (shown as text, never markup) and quick
// reactions. The lines and the line being typed live in the page's state; patching
// the panel keeps its input, so a line being typed survives the states that arrive.

import { checkedOf, h, valueOf } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./protocol.js").ChatMessage} ChatMessage */
/** @typedef {import("./protocol.js").Reaction} Reaction */

/** @type {Record<Reaction, string>} */
// Symbols that the usual text fonts have (an emoji needs a colour-emoji font, which
// many systems lack: its box was drawn empty); U+FE0E asks for their text form.
const REACTIONS = { applause: "\u2605\uFE0E", laugh: "\u263A\uFE0E", wow: "\u203C\uFE0E", thanks: "\u2665\uFE0E", oops: "\u2639\uFE0E" };
const LENGTH = 200;

/**
 * A reaction as its symbol and its word.
 * @param {Reaction} id
 */
function reaction(id) {
  return [h("span", { "aria-hidden": "true" }, REACTIONS[id] ?? ""), ` ${t(`reaction_${id}`)}`];
}

/** @param {ChatMessage} entry */
function line(entry) {
  const who = entry.name ?? t("chat_spectator");
  const said = entry.reaction ? h("span", { class: "chat-reaction" }, reaction(entry.reaction)) : entry.text;
  return h("li", { class: entry.seat === null ? "from-spectator" : "" }, h("strong", { class: "chat-who" }, who), " ", said);
}

/**
 * What the chat panel shows, and what it does.
 * @typedef {object} ChatPanel
 * @property {ChatMessage[]} lines
 * @property {string} draft  the line being typed
 * @property {boolean} mayWrite
 * @property {boolean | null} spectators  whether spectators may write; null unless
 *   this page is the host's (it may change that)
 * @property {boolean} open
 * @property {(text: string) => void} onDraft
 * @property {(message: {type: "chat", text?: string, reaction?: Reaction}) => void} onSend
 * @property {(spectators: boolean) => void} onPolicy
 * @property {(open: boolean) => void} onToggle
 */

/**
 * The chat panel: its lines, the reactions, the line to send, the host's switch.
 * @param {ChatPanel} chat
 */
export function chatPanel(chat) {
  const { mayWrite } = chat;
  const input = h("input", {
    id: "chat-input",
    "data-focus": "chat-input",
    maxlength: LENGTH,
    autocomplete: "off",
    value: chat.draft,
    disabled: !mayWrite,
    placeholder: mayWrite ? t("chat_placeholder") : t("chat_read_only"),
    "aria-label": t("chat_placeholder"),
    oninput: (event) => chat.onDraft(valueOf(event)),
  });
  /** @param {Event} event */
  const send = (event) => {
    event.preventDefault();
    const text = chat.draft.trim();
    if (text) chat.onSend({ type: "chat", text });
  };
  return h(
    "details",
    { class: "chat panel", id: "chat", open: chat.open },
    h("summary", { onclick: (event) => (event.preventDefault(), chat.onToggle(!chat.open)) }, t("chat_title")),
    h("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite" }, chat.lines.map(line)),
    h(
      "div",
      { class: "chat-reactions" },
      Object.keys(REACTIONS).map((id) =>
        h(
          "button",
          { type: "button", class: "ghost small", "data-reaction": id, disabled: !mayWrite, onclick: () => chat.onSend({ type: "chat", reaction: /** @type {Reaction} */ (id) }) },
          reaction(/** @type {Reaction} */ (id)),
        ),
      ),
    ),
    h("form", { class: "chat-form", onsubmit: send }, input, h("button", { type: "submit", id: "chat-send", disabled: !mayWrite }, t("chat_send"))),
    h("p", { class: "muted small chat-note", id: "chat-note" }, mayWrite ? "" : t("chat_spectators_off")),
    h(
      "label",
      { class: "check chat-policy" },
      chat.spectators === null
        ? null
        : [h("input", { type: "checkbox", id: "chat-spectators", checked: chat.spectators, onchange: (event) => chat.onPolicy(checkedOf(event)) }), t("chat_let_spectators")],
    ),
  );
}
