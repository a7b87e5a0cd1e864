// A refusal from the server in the interface's words: every code a page can meet has
// its own sentence in each language; an unknown one falls back on the server's message.

import { t } from "./i18n.js";

/** The words for an error {code, message} (from the API or the WebSocket). */
export function errorText(error) {
  for (const key of [error.code, `err_${error.code}`]) {
    const text = t(key);
    if (text !== key) return text;
  }
  return error.message;
}
