// @ts-check
// Time in words (static/js/clocks.js): the time left on a countdown in the units its
// size needs, a table's pace, in English and in French; which timers are turn-based.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { clockText, durationText, timerText, turnBased } from "../../src/loveletter/server/static/js/clocks.js";
import { setLang } from "../../src/loveletter/server/static/js/i18n.js";

// setLang marks the page's language on its root element.
Object.assign(globalThis, { document: { documentElement: {} } });

/** French's no-break space, between a number and its unit. */
const NBSP = "\u00a0";
/** @param {string} text */
const spaced = (text) => text.replaceAll(NBSP, " ");

const HOUR = 3600;
const DAY = 86400;

describe("time in words", () => {
  test("a countdown says the time left in the units its size needs, never more than is left", () => {
    setLang("en");
    assert.equal(clockText(42), "0:42");
    assert.equal(clockText(4 * 60 + 5), "4:05");
    assert.equal(clockText(HOUR - 1), "59:59");
    assert.equal(spaced(clockText(HOUR)), "1 h");
    assert.equal(spaced(clockText(5 * HOUR + 12 * 60 + 59)), "5 h 12 min");
    assert.equal(spaced(clockText(DAY - 1)), "23 h 59 min");
    assert.equal(spaced(clockText(DAY)), "1 d");
    assert.equal(spaced(clockText(2 * DAY + 3 * HOUR + 3599)), "2 d 3 h");
    assert.equal(clockText(-3), "0:00");
    setLang("fr");
    assert.equal(spaced(clockText(2 * DAY + 3 * HOUR)), "2 j 3 h");
    assert.equal(spaced(clockText(3 * DAY)), "3 j");
    assert.equal(spaced(clockText(5 * HOUR + 12 * 60)), "5 h 12 min");
    assert.equal(clockText(65), "1:05");
    setLang("en");
  });

  test("a number never parts from its unit at the end of a line", () => {
    setLang("fr");
    assert.equal(clockText(2 * DAY + 3 * HOUR), `2${NBSP}j 3${NBSP}h`);
    assert.equal(durationText(30), `30${NBSP}s`);
    setLang("en");
  });

  test("a table's pace: a real-time timer, a turn-based one, none", () => {
    setLang("en");
    assert.equal(spaced(timerText(30)), "30 s a move");
    assert.equal(spaced(timerText(60)), "1 min a move");
    assert.equal(spaced(timerText(12 * HOUR)), "12 h a move");
    assert.equal(spaced(timerText(DAY)), "1 day a move");
    assert.equal(spaced(timerText(3 * DAY)), "3 days a move");
    assert.equal(timerText(0), "No timer");
    assert.equal(spaced(durationText(90)), "90 s");
    assert.equal(spaced(durationText(5400)), "90 min");
    setLang("fr");
    assert.equal(spaced(timerText(DAY)), "1 jour par coup");
    assert.equal(spaced(timerText(3 * DAY)), "3 jours par coup");
    assert.equal(spaced(timerText(120)), "2 min par coup");
    assert.equal(timerText(0), "Sans limite");
    setLang("en");
  });

  test("from an hour a move, a table is turn-based", () => {
    assert.deepEqual([0, 30, 120, HOUR - 1, HOUR, 7 * DAY].map(turnBased), [false, false, false, false, true, true]);
  });
});
