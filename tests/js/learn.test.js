// @ts-check
// The lesson's page (static/js/learn.js): its reducer, and the choosing it shares with
// a table's page (state.js's pickedIn and chosenIn), on views captured from a server.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { EDITION_LESSONS, initialLesson, reduceLesson } from "../../src/loveletter/server/static/js/learn.js";
import { chosenIn, noChoice, pickedIn } from "../../src/loveletter/server/static/js/state.js";

/** @typedef {import("../../src/loveletter/server/static/js/protocol.js").View} View */
/** @typedef {import("../../src/loveletter/server/static/js/protocol.js").LessonState} LessonState */

/** @type {{received?: {type: string, view?: View}}[]} */
const entries = JSON.parse(readFileSync(new URL("fixtures/seat.json", import.meta.url), "utf8"));
/** @type {View[]} */
const views = entries.flatMap((entry) => (entry.received && entry.received.type === "state" && entry.received.view ? [entry.received.view] : []));
const deciding = views.filter((view) => view.phase === "play" && view.legal_actions.some((action) => action.split(" ").length === 3));

/**
 * @param {number} step
 * @param {View} view
 * @param {Partial<LessonState>} [more]
 * @returns {LessonState}
 */
const at = (step, view, more = {}) => ({ step, moves: [], view, ok: true, why: "", ...more });

test("a wrong move keeps the step and says why; the next step clears the choice and keeps the view before", () => {
  const [first, second] = views;
  let state = reduceLesson(initialLesson(), { type: "at", at: at(5, first) });
  state = reduceLesson(state, { type: "choice", choice: { ...noChoice(), word: "guard" } });
  state = reduceLesson(state, { type: "busy" });
  assert.equal(state.busy, true);
  state = reduceLesson(state, { type: "at", at: at(5, first, { ok: false, why: "Look first." }) });
  assert.equal(state.why, "Look first.");
  assert.equal(state.busy, false);
  assert.deepEqual(state.choice, noChoice());
  assert.equal(state.previous, null); // the same step: nothing was played
  state = reduceLesson(state, { type: "at", at: at(6, second, { moves: ["priest 1"] }) });
  assert.equal(state.why, "");
  assert.equal(state.previous, first);
});

test("a Guard is chosen step by step as on a table: the player, then the card", () => {
  const view = deciding[0];
  assert.ok(view, "a captured turn where a Guard may be played");
  const guard = view.legal_actions.find((action) => action.startsWith("guard "));
  assert.ok(guard);
  const [word, seat, card] = guard.split(" ");
  let choice = { ...noChoice(), word };
  choice = { ...choice, picks: pickedIn(view, choice, seat) };
  assert.equal(chosenIn(view, choice), null);
  choice = { ...choice, picks: pickedIn(view, choice, card) };
  assert.equal(chosenIn(view, choice), guard);
});

test("Premium offers its lesson from five players, Princesse Princesse always", () => {
  assert.deepEqual(EDITION_LESSONS.premium, { lesson: "premium", from: 5 });
  assert.equal(EDITION_LESSONS.princess.from, 2);
  assert.equal(EDITION_LESSONS["2019"], undefined);
});
