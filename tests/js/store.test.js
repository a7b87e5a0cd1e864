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

test("an event dispatched while listeners are told: each is told of the latest state after it is done, never of an older one after", () => {
  const store = createStore(counter, { count: 0 });
  /** @type {string[]} */
  const heard = [];
  // The first listener sets off a second change when it hears of the first, as a
  // page's drawing could (a handler run by a change of focus).
  store.subscribe((state, before) => {
    heard.push(`first ${before.count}->${state.count} start`);
    if (state.count === 1) store.dispatch({ type: "add", n: 10 });
    heard.push(`first ${before.count}->${state.count} end`);
  });
  store.subscribe((state, before) => heard.push(`second ${before.count}->${state.count}`));
  store.dispatch({ type: "add", n: 1 });
  assert.equal(store.getState().count, 11);
  assert.deepEqual(heard, ["first 0->1 start", "first 0->1 end", "second 0->11", "first 1->11 start", "first 1->11 end"]);
});

test("a listener unsubscribed while listeners are told is not told any more", () => {
  const store = createStore(counter, { count: 0 });
  /** @type {number[]} */
  const heard = [];
  /** @type {() => void} */
  let stopSecond = () => {};
  store.subscribe(() => stopSecond());
  stopSecond = store.subscribe((state) => heard.push(state.count));
  store.dispatch({ type: "add", n: 1 });
  assert.deepEqual(heard, []);
});
