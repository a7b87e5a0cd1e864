// @ts-check
// The page's store (static/js/store.js): every change goes through dispatch, the
// listeners hear of each change with the state before it, and nothing else.

import assert from "node:assert/strict";
import { test } from "node:test";

import { createStore } from "../../src/loveletter/server/static/js/store.js";

/**
 * A counter's reducer: "add" changes it, anything else does not.
 * @param {{count: number}} state
 * @param {{type: "add", n: number} | {type: "nothing"}} event
 */
const counter = (state, event) => (event.type === "add" ? { count: state.count + event.n } : state);

test("dispatch hands the state and the event to the reducer; subscribers hear of each change", () => {
  const store = createStore(counter, { count: 0 });
  /** @type {[number, number][]} */
  const heard = [];
  const stop = store.subscribe((state, before) => heard.push([before.count, state.count]));
  store.dispatch({ type: "add", n: 2 });
  store.dispatch({ type: "nothing" });
  store.dispatch({ type: "add", n: 3 });
  assert.equal(store.getState().count, 5);
  assert.deepEqual(heard, [
    [0, 2],
    [2, 5],
  ]);
  stop();
  store.dispatch({ type: "add", n: 1 });
  assert.equal(heard.length, 2);
  assert.equal(store.getState().count, 6);
});
