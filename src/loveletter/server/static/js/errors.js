// @ts-check
// A refusal from the server in the interface's words: every code a page can meet has
// its own sentence in each language; an unknown one falls back on the server's message.

import { known, t } from "./i18n.js";

/**
 * The words for an error {code, message} (from the API or the WebSocket).
 * @param {{code: string, message: string}} error
 */
export function errorText(error) {
  const key = `err_${error.code}`;
  return known(key) ? t(key) : error.message;
}
