// @ts-check
// Who is signed in on this page (docs/protocol.md, "Accounts"): the account and the
// token its changing requests carry, in a store of its own that every page shares.
// The session itself is the server's cookie, which no script reads.

import { createStore } from "./store.js";

/** @typedef {import("./protocol.js").AccountInfo} AccountInfo */

/**
 * `known`: whether the server has been asked yet (until then, nothing is shown of it).
 * @typedef {{account: AccountInfo | null, known: boolean}} SessionState
 */

/** @typedef {{type: "signed_in", account: AccountInfo} | {type: "signed_out"}} SessionEvent */

/**
 * @param {SessionState} state
 * @param {SessionEvent} event
 * @returns {SessionState}
 */
export function reduceSession(state, event) {
  if (event.type === "signed_in") return { account: event.account, known: true };
  if (event.type === "signed_out") return state.known && !state.account ? state : { account: null, known: true };
  return state;
}

export const session = createStore(reduceSession, /** @type {SessionState} */ ({ account: null, known: false }));

/** The account signed in on this page, if any. */
export function signedIn() {
  return session.getState().account;
}
