// @ts-check
// Who is signed in (static/js/session.js), and what api.js sends for it: the session's
// token with every request that changes something, never with a read.

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { api } from "../../src/loveletter/server/static/js/api.js";
import { reduceSession, session } from "../../src/loveletter/server/static/js/session.js";

const ANA = { id: "a1", name: "Ana", csrf: "token-of-the-session", email: null, email_verified: false, mail: false, turn_mail: true };

afterEach(() => session.dispatch({ type: "signed_out" }));

test("the session is unknown until the server says, then signed in or out", () => {
  const unknown = { account: null, known: false };
  const signedIn = reduceSession(unknown, { type: "signed_in", account: ANA });
  assert.deepEqual(signedIn, { account: ANA, known: true });
  const out = reduceSession(signedIn, { type: "signed_out" });
  assert.deepEqual(out, { account: null, known: true });
  assert.equal(reduceSession(out, { type: "signed_out" }), out); // nothing changed: no listener told
});

/**
 * The requests api.js makes while `run` runs, answered 200 with `{}`.
 * @param {() => Promise<unknown>} run
 */
async function requests(run) {
  /** @type {{method: string, url: string, headers: Record<string, string>}[]} */
  const made = [];
  const fetch = async (/** @type {string} */ url, /** @type {RequestInit} */ init) => {
    made.push({ method: String(init.method), url, headers: /** @type {Record<string, string>} */ (init.headers) });
    return new Response("{}", { status: 200, headers: { "Content-Type": "application/json" } });
  };
  Object.assign(globalThis, { fetch });
  await run();
  return made;
}

test("signed in, a changing request carries the session's token and a read does not", async () => {
  session.dispatch({ type: "signed_in", account: ANA });
  const [join, read, out] = await requests(async () => {
    await api.join("t1", "Ana");
    await api.account();
    await api.signOut();
  });
  assert.equal(join.headers["X-CSRF-Token"], ANA.csrf);
  assert.equal(read.headers["X-CSRF-Token"], undefined);
  assert.equal(out.method, "DELETE");
  assert.equal(out.headers["X-CSRF-Token"], ANA.csrf);
});

test("signed out, no request carries a token", async () => {
  const [join] = await requests(() => api.join("t1", "Ana"));
  assert.equal(join.headers["X-CSRF-Token"], undefined);
});
