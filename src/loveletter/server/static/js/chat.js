// The table chat: players' own words (shown as text, never markup) and quick
// reactions. One panel per page, kept across redrawing so a line being typed
// survives the states that arrive meanwhile.

import { h, replace } from "./dom.js";
import { t } from "./i18n.js";

const REACTIONS = { applause: "👏", laugh: "😂", wow: "😮", thanks: "🙏", oops: "😬" };
const LENGTH = 200;

/** A reaction as its emoji and its word (a screen without emoji fonts still reads it). */
function reaction(id) {
  return [h("span", { "aria-hidden": "true" }, REACTIONS[id] ?? ""), ` ${t(`reaction_${id}`)}`];
}

export function createChat(send) {
  const lines = [];
  const list = h("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite" });
  const input = h("input", {
    id: "chat-input",
    "data-focus": "chat-input",
    maxlength: LENGTH,
    autocomplete: "off",
    "aria-label": t("chat_placeholder"),
  });
  const form = h(
    "form",
    {
      class: "chat-form",
      onsubmit: (event) => {
        event.preventDefault();
        const text = input.value.trim();
        if (text && send({ type: "chat", text }) !== null) input.value = "";
      },
    },
    input,
    h("button", { type: "submit", id: "chat-send" }, t("chat_send")),
  );
  const reactions = h("div", { class: "chat-reactions" });
  const note = h("p", { class: "muted small chat-note", id: "chat-note" });
  const policy = h("label", { class: "check chat-policy" });
  const summary = h("summary", {}, t("chat_title"));
  const panel = h("details", { class: "chat panel", id: "chat", open: true }, summary, list, reactions, form, note, policy);

  function line(entry) {
    const who = entry.name ?? t("chat_spectator");
    const said = entry.reaction ? h("span", { class: "chat-reaction" }, reaction(entry.reaction)) : entry.text;
    return h("li", { class: entry.seat === null ? "from-spectator" : "" }, h("strong", { class: "chat-who" }, who), " ", said);
  }

  function add(entries) {
    for (const entry of entries) lines.push(entry);
    lines.splice(0, Math.max(0, lines.length - 100));
    replace(list, lines.map(line));
    list.scrollTop = list.scrollHeight;
  }

  return {
    receive(message) {
      if (message.type === "chat") add([message]);
      else if (message.type === "chat_history" && !lines.length) add(message.lines);
    },
    /** The panel, brought up to date: who may write, the host's switch. */
    panel({ seated, table, host }) {
      const mayWrite = seated || table.spectator_chat;
      input.disabled = !mayWrite;
      input.placeholder = mayWrite ? t("chat_placeholder") : t("chat_read_only");
      input.setAttribute("aria-label", t("chat_placeholder"));
      form.querySelector("button").disabled = !mayWrite;
      form.querySelector("button").textContent = t("chat_send");
      summary.textContent = t("chat_title");
      replace(
        reactions,
        Object.keys(REACTIONS).map((id) =>
          h("button", { type: "button", class: "ghost small", "data-reaction": id, disabled: !mayWrite, onclick: () => send({ type: "chat", reaction: id }) }, reaction(id)),
        ),
      );
      note.textContent = mayWrite ? "" : t("chat_spectators_off");
      replace(
        policy,
        host
          ? [
              h("input", { type: "checkbox", id: "chat-spectators", checked: table.spectator_chat, onchange: (event) => send({ type: "chat_policy", spectators: event.target.checked }) }),
              t("chat_let_spectators"),
            ]
          : [],
      );
      replace(list, lines.map(line));
      return panel;
    },
  };
}
